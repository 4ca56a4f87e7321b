/* isolab store base: what every part of the store and the SQL functions do
 * on a bare SQLite connection, and nothing else: open a file with isolab's
 * settings, one transaction pair, one row loop, and SQLite's failures as a
 * status with a reason (isl_error). It knows files, tables and rows; it
 * never names a command or an option (the command line words that, from
 * the reason: src/cli/words.c). `path` below is the file as the user named
 * it, for messages only (NULL: SQLite's name of the main database). */
#ifndef ISOLAB_BASE_H
#define ISOLAB_BASE_H

#include <stdarg.h>

#include "isolab/error.h"

struct sqlite3;
struct sqlite3_stmt;

/* The longest SQL statement isolab compiles (bytes): a seed statement
 * longer than this is refused, naming the limit. */
#define ISL_STATEMENT_MAX (10 * 1000 * 1000)

/* Opens path with SQLITE_OPEN_* flags (and NOMUTEX: one thread per
 * connection) and isolab's settings: defensive mode, untrusted schema,
 * foreign keys on, no attached databases, SQL text at most
 * ISL_STATEMENT_MAX bytes, a writer
 * waits up to wait_s seconds for another's lock, extended result codes.
 * NULL in *out on failure, with err set. */
isl_status isl_base_open(const char *path, int flags, unsigned wait_s, struct sqlite3 **out, isl_error *err);

/* The status for the connection's last SQLite error: ISL_ENOMEM, ISL_EINPUT
 * for an error of the SQL or the data, else ISL_EDB. */
isl_status isl_base_status(struct sqlite3 *db);

/* Sets err from the connection's last SQLite error and returns its status.
 * What the file, the disk or another process did gets a sentence with a
 * reason (ISL_R_LOCKED, ISL_R_DISK_FULL, ISL_R_DAMAGED, ...) naming path
 * and `what` was being done; an error of the SQL or the data keeps
 * SQLite's words: "<what>: <message>". */
isl_status isl_base_fail(struct sqlite3 *db, const char *path, isl_error *err, const char *what);

/* The connection's last error message as a user reads it: SQLite's
 * words, but for a query over a function of isolab.so (a view of the
 * user's), which isolab does not load: "needs the extension isolab.so
 * (isolab_surface): ..." in buf[n]. */
const char *isl_base_message(struct sqlite3 *db, char *buf, size_t n);

/* Executes trusted SQL text (no values from outside); on failure, err as
 * isl_base_fail with the text as `what`. */
isl_status isl_base_exec(struct sqlite3 *db, const char *path, const char *sql, isl_error *err);

/* The transaction pair. begin: BEGIN IMMEDIATE (the write lock, waited for
 * as configured; a lock still held after wait_s seconds is ISL_R_LOCKED).
 * end: with st == ISL_OK commits, otherwise (or when the commit fails)
 * rolls back; returns the final status, err set when it is not ISL_OK. */
isl_status isl_base_begin(struct sqlite3 *db, const char *path, unsigned wait_s, isl_error *err);
isl_status isl_base_end(struct sqlite3 *db, const char *path, isl_status st, isl_error *err);

/* Called with each row of a statement (q on the row); ISL_OK goes on, any
 * other status stops the loop and is returned (err is then fn's to set). */
typedef isl_status (*isl_base_row_fn)(void *ctx, struct sqlite3_stmt *q);

/* The row loop: prepares sql, binds one value per character of types from
 * the arguments that follow ('i' int64_t, 'd' double, 't' const char *
 * text, 'v' sqlite3_value *; a NULL pointer binds SQL NULL; parameter k
 * gets the k-th), steps it to the
 * end handing each row to fn (NULL: the rows are stepped over), finalizes.
 * A statement that fails sets err as isl_base_fail with `what`. */
isl_status isl_base_rows(struct sqlite3 *db, const char *path, const char *what, const char *sql,
                         isl_base_row_fn fn, void *ctx, isl_error *err, const char *types, ...);

/* Binds the values of ap to q as isl_base_rows binds them (parameter k
 * the k-th of types); SQLite's result code. */
int isl_base_bind(struct sqlite3_stmt *q, const char *types, va_list ap);

/* isl_base_rows with the values in ap. */
isl_status isl_base_vrows(struct sqlite3 *db, const char *path, const char *what, const char *sql,
                          isl_base_row_fn fn, void *ctx, isl_error *err, const char *types, va_list ap);

/* The same on a statement the caller prepared and keeps (it is reset
 * first and after, its bindings cleared after; nothing is finalized). */
isl_status isl_base_step(struct sqlite3 *db, const char *path, const char *what, struct sqlite3_stmt *q,
                         isl_base_row_fn fn, void *ctx, isl_error *err);

/* The integer in the first column of sql's first row into *v (0 when it
 * has no row): a pragma, a count. */
isl_status isl_base_int(struct sqlite3 *db, const char *path, const char *sql, long long *v, isl_error *err);

/* A row function that counts the rows into the int at ctx. */
isl_status isl_base_count(void *ctx, struct sqlite3_stmt *q);
/* A row function that reads column 0 into the long long at ctx. */
isl_status isl_base_int_row(void *ctx, struct sqlite3_stmt *q);

/* The text of column i of q's row, "" for SQL NULL (isl_base_col: NULL). */
const char *isl_base_text(struct sqlite3_stmt *q, int i);
const char *isl_base_col(struct sqlite3_stmt *q, int i);

#endif
