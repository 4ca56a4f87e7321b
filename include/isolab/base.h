/* isolab's base, on a bare SQLite connection (src/base/base.c): open with
 * isolab's settings, one transaction pair, one row loop, SQLite's failures as
 * a status with a reason. `path` is the file as the user named it, for
 * messages (NULL: SQLite's). printf()'s guard: guard.h. */
#ifndef ISOLAB_BASE_H
#define ISOLAB_BASE_H

#include <stdarg.h>
#include <stddef.h>

#include "isolab/error.h"

struct sqlite3;
struct sqlite3_stmt;

/* The longest SQL statement isolab compiles (bytes). */
#define ISL_STATEMENT_MAX (10 * 1000 * 1000)

/* Opens path with SQLITE_OPEN_* flags and isolab's settings (defensive, foreign
 * keys, no ATTACH, a writer waits wait_s s for a lock); *out NULL on failure. */
isl_status isl_base_open(const char *path, int flags, unsigned wait_s, struct sqlite3 **out, isl_error *err);

/* The status for the connection's last SQLite error: ISL_ENOMEM, ISL_EINPUT
 * for an error of the SQL or the data, else ISL_EDB. */
isl_status isl_base_status(struct sqlite3 *db);

/* Sets err from the connection's last error: what the file, disk or another
 * process did with a reason naming path; else "<what>: <SQLite's message>". */
isl_status isl_base_fail(struct sqlite3 *db, const char *path, isl_error *err, const char *what);

/* Executes trusted SQL text (no values from outside); `what` is the text. */
isl_status isl_base_exec(struct sqlite3 *db, const char *path, const char *sql, isl_error *err);

/* The transaction pair: BEGIN IMMEDIATE (ISL_R_LOCKED after wait_s s); end
 * commits with st == ISL_OK, else (or if that fails) rolls back: final status. */
isl_status isl_base_begin(struct sqlite3 *db, const char *path, unsigned wait_s, isl_error *err);
isl_status isl_base_end(struct sqlite3 *db, const char *path, isl_status st, isl_error *err);

/* Called with each row (q on it); another status than ISL_OK stops the loop. */
typedef isl_status (*isl_base_row_fn)(void *ctx, struct sqlite3_stmt *q);

/* The row loop: prepares sql, binds the values that follow by types ('i' int64_t,
 * 'd' double, 't' text, 'v' sqlite3_value *; NULL pointer: NULL), steps each row
 * to fn (or none), finalizes; a failure is isl_base_fail with `what`. */
isl_status isl_base_rows(struct sqlite3 *db, const char *path, const char *what, const char *sql,
                         isl_base_row_fn fn, void *ctx, isl_error *err, const char *types, ...);

/* Binds the values of ap to q as isl_base_rows does; SQLite's result code. */
int isl_base_bind(struct sqlite3_stmt *q, const char *types, va_list ap);

/* isl_base_rows with the values in ap. */
isl_status isl_base_vrows(struct sqlite3 *db, const char *path, const char *what, const char *sql,
                          isl_base_row_fn fn, void *ctx, isl_error *err, const char *types, va_list ap);

/* The n columns of q's current row as cells (text and type as SQLite gives
 * them, valid until the next step): ISL_OK, or ISL_ENOMEM. */
struct isl_cell;
isl_status isl_base_cells(struct sqlite3_stmt *q, struct isl_cell *cells, size_t n);

/* The same on a statement the caller keeps (reset before and after, not finalized). */
isl_status isl_base_step(struct sqlite3 *db, const char *path, const char *what, struct sqlite3_stmt *q,
                         isl_base_row_fn fn, void *ctx, isl_error *err);

/* The integer of sql's first row and column into *v (0 without a row). */
isl_status isl_base_int(struct sqlite3 *db, const char *path, const char *sql, long long *v, isl_error *err);

/* A row function that counts the rows into the int at ctx. */
isl_status isl_base_count(void *ctx, struct sqlite3_stmt *q);
/* A row function that reads column 0 into the long long at ctx. */
isl_status isl_base_int_row(void *ctx, struct sqlite3_stmt *q);

/* The text of column i of q's row, "" for SQL NULL (isl_base_col: NULL). */
const char *isl_base_text(struct sqlite3_stmt *q, int i);
const char *isl_base_col(struct sqlite3_stmt *q, int i);

#endif
