/* isolab: a table's or view's rows, handed as cells (formats: isolab/textout.h). */
#ifndef ISOLAB_EXPORT_H
#define ISOLAB_EXPORT_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"
#include "isolab/textout.h"

/* Called once with the column names (row == NULL), then once per row. */
typedef isl_status (*isl_row_fn)(void *ctx, size_t ncols, const char *const *names, const isl_cell *row);

/* The rows of `name` (a view or table with a lesson column) whose lesson is
 * `lesson`, as isl_store_export gives them (SQLite reads only that lesson's
 * where it can: a view partitioned by lesson). */
isl_status isl_store_export_lesson(isl_store *s, const char *name, const char *lesson, isl_row_fn fn, void *ctx,
                                   isl_error *err);

/* The rows isl_store_export reads into *n when name is a table; 0 for a view. */
isl_status isl_store_table_rows(isl_store *s, const char *name, int has_run, int64_t run_id, uint64_t *n,
                                isl_error *err);

/* Every row of the table or view `name` (else ISL_EINPUT), a table's in key
 * order; with has_run, those of run run_id (ISL_EINPUT: no run_id or no run). */
isl_status isl_store_export(isl_store *s, const char *name, int has_run, int64_t run_id, isl_row_fn fn, void *ctx,
                            isl_error *err);

/* One table's or view's rows read again and again through one statement,
 * compiled once (a page reads each lesson's rows through one). _open looks
 * name up as isl_store_export does: with has_run, the rows of run run_id;
 * with by_lesson, those of the lesson each read names (a lesson column;
 * NULL: none). _read hands the rows as isl_store_export does, all of them
 * from the first, as they are at that read (lesson NULL unless by_lesson). _close
 * frees it (NULL: nothing). isl_store_export is _open, one _read, _close. */
typedef struct isl_export isl_export;
isl_status isl_store_export_open(isl_store *s, const char *name, int has_run, int64_t run_id, int by_lesson,
                                 isl_export **out, isl_error *err);
isl_status isl_store_export_read(isl_export *x, const char *lesson, isl_row_fn fn, void *ctx, isl_error *err);
void isl_store_export_close(isl_export *x);

/* The database's main file as it reads now (sqlite3_serialize: what a copy
 * of the file made under a read transaction would hold) in *bytes
 * (malloc'd) and *n. */
isl_status isl_store_image(isl_store *s, unsigned char **bytes, size_t *n, isl_error *err);

/* The rows of one read-only query (SQL text); ISL_EINPUT saying why for an
 * SQL error, a second statement, or one that would write (nothing runs). */
isl_status isl_store_export_sql(isl_store *s, const char *sql, isl_row_fn fn, void *ctx, isl_error *err);

/* Every table and view, tables first, by name: its type, a one-line
 * description from its comment ("" when none) and, when count is 1, its
 * rows (-1: uncountable, or count 0). */
typedef isl_status (*isl_relation_fn)(void *ctx, const char *name, const char *type, const char *about,
                                      long long rows);
isl_status isl_store_relations(isl_store *s, int count, isl_relation_fn fn, void *ctx, isl_error *err);

/* Every column of the table or view `name` (else ISL_EINPUT) in order: its
 * name and declared type ("" when none). */
isl_status isl_store_columns(isl_store *s, const char *name, isl_column_fn fn, void *ctx, isl_error *err);

/* Of the rows of view `name` that have no result (run_id NULL, bundle and
 * channel given): how many into *count, the first one's bundle and channel
 * into bundle[n] and channel[n]. *count 0 when none, or when the view has
 * no bundle, channel or run_id column. */
isl_status isl_store_unrun_rows(isl_store *s, const char *name, long long *count, char *bundle, char *channel,
                                size_t n, isl_error *err);

/* 1 when the table or view `name` has the column `column`, 0 when it has
 * not, -1 when there is no such table or view (or it cannot be read). */
int isl_store_has_column(isl_store *s, const char *name, const char *column);

/* Each `line` of the saved query `name` to fn (of a lesson-keyed one, the
 * focus lesson's); ISL_EINPUT when no view of that name has a line column. */
isl_status isl_store_view_lines(isl_store *s, const char *name, isl_line_fn fn, void *ctx, isl_error *err);

/* isl_store_export's rows of the table or view `name`, but of a saved query
 * keyed by lesson (a view with a line and a lesson column) only the focus
 * lesson's, those isl_store_view_lines reads the lines of (none when no
 * lesson has a focus). */
isl_status isl_store_export_focus(isl_store *s, const char *name, isl_row_fn fn, void *ctx, isl_error *err);

#endif
