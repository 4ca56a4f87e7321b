/* isolab store base (include/isolab/base.h): a bare connection opened with
 * isolab's settings, the transaction pair, the row loop, and SQLite's
 * failures as a status and a reason. */
#include "isolab/guard.h"
#include "isolab/sqlite_api.h"
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "isolab/base.h"
#include "isolab/textout.h"

static const char *shown_path(sqlite3 *db, const char *path)
{
    const char *p = path ? path : db ? sqlite3_db_filename(db, "main") : NULL;
    return p ? p : "";
}

isl_status isl_base_status(sqlite3 *db)
{
    int prim = sqlite3_errcode(db) & 0xff;
    if (prim == SQLITE_NOMEM) return ISL_ENOMEM;
    if (prim == SQLITE_CONSTRAINT || prim == SQLITE_ERROR || prim == SQLITE_MISMATCH || prim == SQLITE_TOOBIG
        || prim == SQLITE_RANGE)
        return ISL_EINPUT;
    return ISL_EDB;
}

/* The directory SQLite puts temporary files in, as its unix VFS picks it:
 * $SQLITE_TMPDIR, $TMPDIR, /var/tmp, /usr/tmp, /tmp, the first that is a
 * writable directory ("." else). */
static const char *temp_dir(void)
{
    const char *dirs[] = {getenv("SQLITE_TMPDIR"), getenv("TMPDIR"), "/var/tmp", "/usr/tmp", "/tmp"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        struct stat st;
        if (dirs[i] && !stat(dirs[i], &st) && S_ISDIR(st.st_mode) && !access(dirs[i], W_OK | X_OK)) return dirs[i];
    }
    return ".";
}

/* Whether a full disk is the temporary directory's, not the database's: the
 * temporary directory is on another file system and the database's has room
 * (1 MiB or more) left. Sets *dir to the temporary directory. */
static int temp_is_full(sqlite3 *db, const char **dir)
{
    const char *file = db ? sqlite3_db_filename(db, "main") : NULL;
    *dir = temp_dir();
    if (!file || !*file) return 0;
    char parent[4096];
    const char *slash = strrchr(file, '/');
    if (!slash) snprintf(parent, sizeof parent, ".");
    else if (slash == file) snprintf(parent, sizeof parent, "/");
    else snprintf(parent, sizeof parent, "%.*s", (int)(slash - file), file);
    struct stat a, b;
    struct statvfs v;
    if (stat(parent, &a) || stat(*dir, &b) || a.st_dev == b.st_dev || statvfs(parent, &v)) return 0;
    return (unsigned long long)v.f_bavail * v.f_frsize >= 1024ULL * 1024;
}

/* The process's file size limit (ulimit -f) in bytes; 0 when there is none.
 * A write past it fails with EFBIG (or is cut short), and SQLite, rolling
 * back, truncates the file and loses that errno: a failed write with no
 * errno, or a "full disk", under a limit is the limit's. */
static unsigned long long file_size_limit(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_FSIZE, &r) != 0 || r.rlim_cur == RLIM_INFINITY) return 0;
    return (unsigned long long)r.rlim_cur;
}

isl_status isl_base_fail(sqlite3 *db, const char *path, isl_error *err, const char *what)
{
    assert(db && err && what);
    const char *p = shown_path(db, path);
    int code = sqlite3_extended_errcode(db), prim = code & 0xff, e = sqlite3_system_errno(db);
    unsigned long long limit = code == SQLITE_IOERR_WRITE || code == SQLITE_IOERR_TRUNCATE || prim == SQLITE_FULL
                                   ? file_size_limit() : 0;
    if (limit && (!e || e == EFBIG))
        return isl_fail(err, ISL_EDB, "%s: %s (%s): this process may write files of at most %llu bytes "
                        "(ulimit -f); nothing of it was written", p, strerror(EFBIG), what, limit);
    switch (prim) {
    case SQLITE_BUSY:
        return isl_fail_why(err, ISL_EDB, ISL_R_LOCKED, "%s: another process holds the write lock (%s)", p, what);
    case SQLITE_IOERR: {
        if (e != ENOSPC)
            return isl_fail(err, ISL_EDB, "%s: I/O error (%s)%s%s", p, what, e ? ": " : "", e ? strerror(e) : "");
    }
    /* fall through -- an I/O error for want of space is a full disk */
    case SQLITE_FULL: {
        const char *tmp;
        if (temp_is_full(db, &tmp))
            return isl_fail_why(err, ISL_EDB, ISL_R_DISK_FULL,
                                "%s: the temporary directory %s is full (%s; the database's disk has room); "
                                "nothing of it was written; point SQLITE_TMPDIR (or TMPDIR) at a directory with room",
                                p, tmp, what);
        return isl_fail_why(err, ISL_EDB, ISL_R_DISK_FULL, "%s: disk full (%s); nothing of it was written", p, what);
    }
    case SQLITE_NOTADB:
        return isl_fail(err, ISL_EDB, "%s: file is not a database", p);
    case SQLITE_CORRUPT:
        return isl_fail_why(err, ISL_EDB, ISL_R_DAMAGED,
                            "%s: damaged: SQLite finds the file malformed (%s); restore it from a copy", p, what);
    case SQLITE_READONLY:
        return isl_fail(err, ISL_EDB, "%s: database is read-only (%s)", p, what);
    case SQLITE_CANTOPEN:
        return isl_fail(err, ISL_EDB, "%s: cannot open (%s): %s", p, what, sqlite3_errmsg(db));
    default:
        return isl_fail(err, isl_base_status(db), "%s: %s", what, sqlite3_errmsg(db));
    }
}

static isl_status configure(sqlite3 *db, const char *path, unsigned wait_s, isl_error *err)
{
    int on = 0;
    /* Defensive mode: no writes to the schema table or other corruption
     * paths from SQL text, which seeds and saved queries are. */
    if (sqlite3_extended_result_codes(db, 1) != SQLITE_OK
        || sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on) != SQLITE_OK || sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &on) != SQLITE_OK
        || sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &on) != SQLITE_OK || !on
        || isl_guard_printf(db, 0) != SQLITE_OK)
        return isl_base_fail(db, path, err, "configuring the connection");
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, ISL_STATEMENT_MAX);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    /* A writer waits for another writer instead of failing with "database is
     * locked"; in WAL mode readers never block it. */
    if (sqlite3_busy_timeout(db, wait_s > INT_MAX / 1000 ? INT_MAX : (int)wait_s * 1000) != SQLITE_OK)
        return isl_base_fail(db, path, err, "setting the busy timeout");
    return ISL_OK;
}

isl_status isl_base_open(const char *path, int flags, unsigned wait_s, sqlite3 **out, isl_error *err)
{
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, NULL);
    isl_status st = ISL_OK;
    if (rc != SQLITE_OK)
        st = db ? isl_fail(err, rc == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EDB, "%s: cannot open: %s", path,
                           sqlite3_errmsg(db))
                : isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = configure(db, path, wait_s, err);
    if (st) {
        sqlite3_close_v2(db);
        db = NULL;
    }
    *out = db;
    return st;
}

isl_status isl_base_exec(sqlite3 *db, const char *path, const char *sql, isl_error *err)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) return isl_base_fail(db, path, err, sql);
    return ISL_OK;
}

isl_status isl_base_begin(sqlite3 *db, const char *path, unsigned wait_s, isl_error *err)
{
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK) return ISL_OK;
    if ((sqlite3_extended_errcode(db) & 0xff) != SQLITE_BUSY) return isl_base_fail(db, path, err, "taking the write lock");
    const char *p = shown_path(db, path);
    return isl_fail_why(err, ISL_EDB, ISL_R_LOCKED, "%s: another process holds the write lock; waited %u s "
                        "(taking the write lock)", p, wait_s);
}

isl_status isl_base_end(sqlite3 *db, const char *path, isl_status st, isl_error *err)
{
    if (!st && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) st = isl_base_fail(db, path, err, "COMMIT");
    if (st && !sqlite3_get_autocommit(db)) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}

isl_status isl_base_step(sqlite3 *db, const char *path, const char *what, sqlite3_stmt *q, isl_base_row_fn fn,
                         void *ctx, isl_error *err)
{
    assert(db && q && what);
    isl_status st = ISL_OK;
    int rc;
    sqlite3_reset(q);
    /* a column read out of memory returns NULL, and the next step fails */
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        if (fn && (st = fn(ctx, q))) break;
    if (!st && rc != SQLITE_DONE) st = isl_base_fail(db, path, err, what);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return st;
}

int isl_base_bind(sqlite3_stmt *q, const char *types, va_list ap)
{
    int rc = SQLITE_OK;
    for (int k = 1; rc == SQLITE_OK && types && types[k - 1]; k++) {
        switch (types[k - 1]) {
        case 'i': rc = sqlite3_bind_int64(q, k, (sqlite3_int64)va_arg(ap, int64_t)); break;
        case 'd': rc = sqlite3_bind_double(q, k, va_arg(ap, double)); break;
        case 'v': {
            sqlite3_value *v = va_arg(ap, sqlite3_value *);
            rc = v ? sqlite3_bind_value(q, k, v) : sqlite3_bind_null(q, k);
            break;
        }
        case 't': rc = sqlite3_bind_text(q, k, va_arg(ap, const char *), -1, SQLITE_STATIC); break;
        default: assert(!"isl_base_bind: a type letter not i, d, t or v"); return SQLITE_MISUSE;
        }
    }
    return rc;
}

isl_status isl_base_vrows(sqlite3 *db, const char *path, const char *what, const char *sql, isl_base_row_fn fn,
                          void *ctx, isl_error *err, const char *types, va_list ap)
{
    assert(db && sql && what);
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(db, sql, -1, &q, NULL);
    if (rc == SQLITE_OK) rc = isl_base_bind(q, types, ap);
    isl_status st = rc == SQLITE_OK ? isl_base_step(db, path, what, q, fn, ctx, err) : isl_base_fail(db, path, err, what);
    sqlite3_finalize(q);
    return st;
}

isl_status isl_base_rows(sqlite3 *db, const char *path, const char *what, const char *sql, isl_base_row_fn fn,
                         void *ctx, isl_error *err, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    isl_status st = isl_base_vrows(db, path, what, sql, fn, ctx, err, types, ap);
    va_end(ap);
    return st;
}

isl_status isl_base_int_row(void *ctx, sqlite3_stmt *q)
{
    *(long long *)ctx = sqlite3_column_int64(q, 0);
    return ISL_OK;
}

isl_status isl_base_int(sqlite3 *db, const char *path, const char *sql, long long *v, isl_error *err)
{
    *v = 0;
    return isl_base_rows(db, path, "reading a value", sql, isl_base_int_row, v, err, NULL);
}

isl_status isl_base_count(void *ctx, sqlite3_stmt *q)
{
    (void)q;
    ++*(int *)ctx;
    return ISL_OK;
}

const char *isl_base_col(sqlite3_stmt *q, int i) { return (const char *)sqlite3_column_text(q, i); }

const char *isl_base_text(sqlite3_stmt *q, int i)
{
    const char *t = isl_base_col(q, i);
    return t ? t : "";
}

isl_status isl_base_cells(sqlite3_stmt *q, isl_cell *cells, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int c = (int)i, t = sqlite3_column_type(q, c);
        isl_cell *cell = &cells[i];
        cell->type = t;
        cell->real = t == SQLITE_FLOAT ? sqlite3_column_double(q, c) : 0.0;
        cell->text = t == SQLITE_NULL ? NULL : (const char *)sqlite3_column_text(q, c);
        cell->len = t == SQLITE_NULL ? 0 : (size_t)sqlite3_column_bytes(q, c);
        if (t != SQLITE_NULL && !cell->text) return ISL_ENOMEM;
    }
    return ISL_OK;
}
