/* isolab store: a lesson's own tables checked at load (lesson_table.c). */
#ifndef ISOLAB_STORE_LESSON_TABLE_H
#define ISOLAB_STORE_LESSON_TABLE_H

#include "store_int.h"

/* Called for a lesson's own table (lesson_table) whose query does not
 * compile or compares a column with a name the model does not have, with
 * its title, its query and what is wrong ("does not compile: ...",
 * "compares a column with what is not there: no status named ..."); returns
 * the status to stop with. */
typedef isl_status (*isl_lesson_table_bad_fn)(void *ctx, const char *lesson, int64_t position, const char *title,
                                              const char *query, const char *why, isl_error *err);
/* Compiles (never runs) the query of every lesson_table row whose rowid is
 * above `after`, against the database as it is now (a TEMP object refused:
 * the load's own go with it), and checks the names it compares columns
 * with (isl_sql_unmatched_names); the first that is wrong goes to fn. */
isl_status isl_store_compile_lesson_tables(isl_store *s, int64_t after, isl_lesson_table_bad_fn fn, void *ctx,
                                           isl_error *err);

#endif
