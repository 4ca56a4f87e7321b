/* isolab store: what SQL from files may call and read, and the hint when
 * it names a table or column that is not there (allow.c). */
#ifndef ISOLAB_STORE_ALLOW_H
#define ISOLAB_STORE_ALLOW_H

#include "store_int.h"

/* 1 when SQL from files and users may call the function name: SQLite's
 * ordinary functions and isolab's own; 0 for others (readfile, ...). */
int isl_sql_function_allowed(const char *name);
/* 0 for a table SQL from files may not read: the extension's power-set
 * answers (isolab_frontier, isolab_smallest, isolab_marginal), which compute
 * inside one step where the work budget cannot stop them; 1 otherwise. */
int isl_sql_table_allowed(const char *name);
/* After SQLite's "no such table: T" or "no such column: [X.]C" in why (n
 * bytes) for SQL from files sql: appends the hint (isolab/names.h) among
 * the tables and views, or among the columns of those whose names sql
 * holds; why as it was after any other message. Its queries are the
 * store's own: call it with no authorizer set. */
void isl_sql_name_hint(isl_store *s, const char *sql, char *why, size_t n);
/* Into out[n], "LEAD: no channel named 'x'" and its hint (isolab/names.h)
 * for each quoted name sql compares a channel, bundle, fact, lesson,
 * mechanism or axis column with ("s.channel = 'x'") that the model does not
 * have, or a status column with that is near a status but none as stored;
 * out left as it is when every such name is there. */
isl_status isl_sql_unmatched_names(isl_store *s, const char *sql, const char *lead, char *out, size_t n,
                                   isl_error *err);

#endif
