/* isolab: exporting a table or view: the store reads the rows
 * (isl_store_export) and hands them as cells; the text formats are pure
 * (isolab/textout.h). */
#ifndef ISOLAB_EXPORT_H
#define ISOLAB_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"
#include "isolab/textout.h"

/* Called once with the column names (row == NULL), then once per row. */
typedef isl_status (*isl_row_fn)(void *ctx, size_t ncols, const char *const *names, const isl_cell *row);

/* Reads every row of the table or view `name`. The name must be a table or
 * view of the database (looked up in sqlite_schema; ISL_EINPUT otherwise)
 * and only the schema's own spelling of it reaches SQL text. Tables come in
 * primary key order (rowid for rowid tables); a view in its own order. With
 * has_run, only rows whose run_id = run_id (ISL_EINPUT when the relation has
 * no run_id column or there is no such run). */
/* The rows isl_store_export(s, name, has_run, run_id) reads, into *n, when
 * name is a table (a b-tree count, no row read); 0 when it is a view (its
 * rows are known only by reading them). */
isl_status isl_store_table_rows(isl_store *s, const char *name, int has_run, int64_t run_id, uint64_t *n,
                                isl_error *err);

isl_status isl_store_export(isl_store *s, const char *name, int has_run, int64_t run_id, isl_row_fn fn, void *ctx,
                            isl_error *err);

/* Reads the rows of one read-only query given as SQL text (a SELECT, WITH
 * or VALUES statement): ISL_EINPUT, with a message saying why, for an SQL
 * error, more than one statement, or a statement that would write, run a
 * PRAGMA, attach a database or open a transaction (refused by an
 * authorizer while it is prepared, so nothing runs). */
isl_status isl_store_export_sql(isl_store *s, const char *sql, isl_row_fn fn, void *ctx, isl_error *err);

/* Every table and view of the database, tables first, by name: its type
 * ("table" or "view"), a one-line description (the first sentence of the
 * comment before its CREATE TABLE in the built-in schema, or of the comment
 * that opens a view's SQL; "" when there is none) and its row count (-1
 * when it cannot be counted, e.g. a view that no longer compiles). */
typedef isl_status (*isl_relation_fn)(void *ctx, const char *name, const char *type, const char *about,
                                      long long rows);
isl_status isl_store_relations(isl_store *s, isl_relation_fn fn, void *ctx, isl_error *err);

/* Every column of the table or view `name`, in its order: its name and its
 * declared type ("" when none). ISL_EINPUT when there is no such table or
 * view. */
typedef isl_status (*isl_column_fn)(void *ctx, const char *column, const char *type);
isl_status isl_store_columns(isl_store *s, const char *name, isl_column_fn fn, void *ctx, isl_error *err);

/* 1 when the table or view `name` has the column `column`, 0 when it has
 * not, -1 when there is no such table or view (or it cannot be read). */
int isl_store_has_column(isl_store *s, const char *name, const char *column);

#endif
