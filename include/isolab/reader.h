/* isolab store: the model reader, a module over the store base
 * (isolab/base.h) alone, so that the SQL functions (isolab.so) read the
 * model of the database they run in without the rest of the store. */
#ifndef ISOLAB_READER_H
#define ISOLAB_READER_H

#include "isolab/error.h"
#include "isolab/model.h"

struct sqlite3;

/* One table of the model, a row of the list below (tests/unit/test_store.c holds
 * sqlite_schema to it). Flags: DIGEST, read into the model and so its digest,
 * has the triggers model_changed_NAME_i/u/d; REFERS, has foreign keys, which
 * the reader checks for dangling rows; BROUGHT, shared rows a lesson's file
 * adds, kept in lesson_brings (its kind is the table's name) for unload. */
enum { ISL_MT_DIGEST = 1, ISL_MT_REFERS = 2, ISL_MT_BROUGHT = 4 };
typedef struct isl_model_table {
    const char *name;
    unsigned flags;     /* ISL_MT_* */
    const char *named;  /* the column of its name guard isolab_name_NAME(_update), or NULL */
    const char *titled; /* another printed column: its guard isolab_title_NAME(_update), or NULL */
    const char *unload; /* removes lesson ?1's rows (author.c, in reverse list order), or NULL */
} isl_model_table;
/* The model's tables, in the order the model reads them: the only tables a
 * seed file may write (script.c); ended by a NULL name. */
extern const isl_model_table isl_model_tables[];
/* The SQL of the triggers tables' rows call for, each dropped first (run by
 * isl_install_views after the schema files): a change to a DIGEST table
 * empties model_state.digest; a name or title holding a NUL byte or a control
 * character (C0, DEL) is refused. sqlite3_malloc'd; NULL when out of memory. */
char *isl_model_table_sql(const isl_model_table *tables);

/* Reads and validates the model on db into *out (isl_model_free; NULL on failure);
 * ISL_EINPUT names what is wrong with the model. */
isl_status isl_read_model(struct sqlite3 *db, const char *path, isl_model **out, isl_error *err);

/* The model's dangling rows only, as isl_read_model names them: a row naming
 * a row that is not there (lesson_focus, ...), a param naming no bundle or
 * channel; ISL_OK when there is none. For the readers of results. */
isl_status isl_read_dangling(struct sqlite3 *db, const char *path, isl_error *err);

/* isolab's tables carry isolab's triggers only: ISL_EDB naming the
 * triggers (the first three, the rest counted), in any schema of db, on a
 * table or view the record of installed objects (isolab_object) lists that
 * are not ones it lists with their digest, with what removes them all as
 * printed (DROP TRIGGER statements, or a sqlite3 shell line naming the
 * names by their hex when one cannot be printed as it is); ISL_OK
 * when there is none, or no record. Checked at every open, before anything
 * is written (the store's open, the page's engine). */
isl_status isl_read_triggers(struct sqlite3 *db, const char *path, isl_error *err);

#endif
