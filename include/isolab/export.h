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
isl_status isl_store_export(isl_store *s, const char *name, int has_run, int64_t run_id, isl_row_fn fn, void *ctx,
                            isl_error *err);

#endif
