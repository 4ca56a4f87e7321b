/* isolab's engine for the page (isolab-sql.wasm, `make wasm`): SQLite and the
 * extension's own sources (src/ext, the core, store/base.c, store/read.c)
 * compiled into one WebAssembly module with Debian's emscripten; the page's
 * script (src/wasm/lab.js) calls these four functions. Not part of isolab
 * or isolab.so: the Makefile builds it with emcc only.
 *
 * One connection, to an in-memory copy of the database the page carries. A
 * result is text the script parses with JSON.parse: on success
 *   {"columns": [NAMES], "keys": [KEYS], "types": [TYPES], "rows": ROWS}
 * where KEYS are the rows' keys (isl_json_keys: NAMES made unique), TYPES holds a string per row, a letter per column (i integer, r
 * real, t text, b blob, n null), and ROWS is, byte for byte, what `isolab export --format json` writes
 * for the same rows (isl_json_keys, isl_buf_json_object); on failure {"error": MESSAGE}
 * with SQLite's message. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "isolab/base.h"
#include "isolab/ext.h"
#include "isolab/textout.h"

/* The page has no files: SQLite is built with SQLITE_OS_OTHER and this VFS
 * of its own as the default, under the in-memory one the database is
 * deserialized into (temp_store is memory, so SQLite opens no temporary
 * file either). It gives SQLite the clock ('now'), randomness (random())
 * and refuses to open a file, so no file system is linked in. */
int getentropy(void *buffer, size_t n);
static int vfs_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)v, (void)name, (void)f, (void)flags, (void)out;
    return SQLITE_CANTOPEN;
}
static int vfs_delete(sqlite3_vfs *v, const char *name, int sync)
{
    (void)v, (void)name, (void)sync;
    return SQLITE_IOERR_DELETE;
}
static int vfs_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    (void)v, (void)name, (void)flags;
    *out = 0;
    return SQLITE_OK;
}
static int vfs_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out)
{
    (void)v;
    sqlite3_snprintf(n, out, "%s", name);
    return SQLITE_OK;
}
/* n random bytes from the browser's crypto.getRandomValues (getentropy), or
 * the clock if that fails, as SQLite's unix VFS falls back to. */
static int vfs_randomness(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    memset(out, 0, (size_t)n);
    for (int i = 0; i < n; i += 256)
        if (getentropy(out + i, (size_t)(n - i < 256 ? n - i : 256))) {
            struct timeval t;
            gettimeofday(&t, NULL);
            memcpy(out, &t, (size_t)n < sizeof t ? (size_t)n : sizeof t);
            break;
        }
    return n;
}
static int vfs_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return us;
}
/* The time as SQLite's unix VFS gives it: milliseconds since the Julian epoch. */
static int vfs_time64(sqlite3_vfs *v, sqlite3_int64 *now)
{
    (void)v;
    struct timeval t;
    gettimeofday(&t, NULL);
    *now = 24405875 * (sqlite3_int64)8640000 + 1000 * (sqlite3_int64)t.tv_sec + t.tv_usec / 1000;
    return SQLITE_OK;
}
static int vfs_time(sqlite3_vfs *v, double *now)
{
    sqlite3_int64 ms;
    vfs_time64(v, &ms);
    *now = (double)ms / 86400000.0;
    return SQLITE_OK;
}
static int vfs_last_error(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    if (n > 0) out[0] = 0;
    return 0;
}
static sqlite3_vfs page_vfs = {
    2, 0, 512, NULL, "page", NULL, vfs_open, vfs_delete, vfs_access, vfs_full_pathname, NULL, NULL, NULL, NULL,
    vfs_randomness, vfs_sleep, vfs_time, vfs_last_error, vfs_time64, NULL, NULL, NULL,
};
int sqlite3_os_init(void) { return sqlite3_vfs_register(&page_vfs, 1); }
int sqlite3_os_end(void) { return SQLITE_OK; }

static sqlite3 *db;
static isl_buf out;           /* the last result; the script reads it before the next call */
static long long budget, used; /* progress callbacks left for this statement */

/* SQLite's progress callback: nonzero stops the statement (SQLITE_INTERRUPT). */
static int progress(void *ctx)
{
    (void)ctx;
    return ++used > budget;
}

static const char *error(const char *msg)
{
    out.n = 0, out.oom = 0;
    isl_buf_put(&out, "{\"error\": ", 10);
    isl_buf_json_string(&out, msg, strlen(msg));
    isl_buf_put(&out, "}", 1);
    return out.oom ? "{\"error\": \"out of memory\"}" : out.p;
}

/* Opens the n bytes at p (malloc'd; the connection owns them from here)
 * as the database: 0, or SQLite's result code. A database in WAL mode is
 * read as one in rollback mode (header bytes 18-19: 1), or SQLite could
 * not open it from memory. */
int isl_wasm_open(unsigned char *p, int n)
{
    if (db) sqlite3_close(db), db = NULL;
    if (n >= 20 && p[18] == 2 && p[19] == 2) p[18] = p[19] = 1;
    int rc = sqlite3_open(":memory:", &db);
    if (rc == SQLITE_OK)
        rc = sqlite3_deserialize(db, "main", p, n, n, SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    else free(p);
    if (rc == SQLITE_OK) rc = isl_ext_register(db);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (rc == SQLITE_OK) sqlite3_progress_handler(db, 1000, progress, NULL);
    return rc;
}

/* Runs every statement of sql, the rows of the last one that has columns
 * as the result (a BEGIN, INSERT or ROLLBACK after it leaves them); a
 * statement stops after about steps * 1000 virtual machine steps (its
 * work budget) with an error saying so. */
const char *isl_wasm_query(const char *sql, double steps)
{
    if (!db) return error("no database is open");
    budget = (long long)steps, used = 0;
    out.n = 0, out.oom = 0;
    const char *tail = sql;
    int any = 0;
    while (tail && *tail) {
        sqlite3_stmt *q = NULL;
        int rc = sqlite3_prepare_v2(db, tail, -1, &q, &tail);
        if (rc != SQLITE_OK) return error(sqlite3_errmsg(db));
        if (!q) continue; /* a comment or white space */
        size_t nc = (size_t)sqlite3_column_count(q), rows = 0;
        if (!nc && any) { /* BEGIN, INSERT, ROLLBACK ...: the rows shown stay the last query's */
            while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
            sqlite3_finalize(q);
            if (rc != SQLITE_DONE)
                return error(rc == SQLITE_INTERRUPT ? "the statement went past its work budget and was stopped"
                                                    : sqlite3_errmsg(db));
            used = 0;
            continue;
        }
        isl_cell *cells = calloc(nc + 1, sizeof *cells);
        const char **names = calloc(nc + 1, sizeof *names);
        if (!cells || !names) return free(cells), free(names), sqlite3_finalize(q), error("out of memory");
        out.n = 0, any = 1;
        isl_buf_put(&out, "{\"columns\": [", 13);
        for (size_t i = 0; i < nc; i++) {
            names[i] = sqlite3_column_name(q, (int)i);
            if (!names[i]) names[i] = "";
            if (i) isl_buf_put(&out, ", ", 2);
            isl_buf_json_string(&out, names[i], strlen(names[i]));
        }
        char **keys = isl_json_keys(nc, names);
        if (!keys) return free(cells), free(names), sqlite3_finalize(q), error("out of memory");
        isl_buf_put(&out, "], \"keys\": [", 12);
        for (size_t i = 0; i < nc; i++) { /* each key without its ": " */
            if (i) isl_buf_put(&out, ", ", 2);
            isl_buf_put(&out, keys[i], strlen(keys[i]) - 2);
        }
        isl_buf_put(&out, "], \"types\": [", 13);
        isl_buf body = {NULL, 0, 0, 0};
        while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
            if (isl_base_cells(q, cells, nc)) break;
            isl_buf_put(&out, rows ? ", \"" : "\"", rows ? 3 : 1);
            for (size_t i = 0; i < nc; i++) isl_buf_put(&out, &"?irtbn"[cells[i].type], 1);
            isl_buf_put(&out, "\"", 1);
            isl_buf_put(&body, rows++ ? ",\n  " : "[\n  ", 4);
            isl_buf_json_object(&body, nc, (const char *const *)keys, cells);
        }
        isl_buf_put(&out, "], \"rows\": ", 11);
        if (body.p) isl_buf_put(&out, body.p, body.n);
        out.oom |= body.oom;
        free(body.p), free(cells), free(names), isl_json_keys_free(keys, nc);
        if (rc != SQLITE_DONE) {
            char msg[200];
            if (rc == SQLITE_INTERRUPT)
                snprintf(msg, sizeof msg, "the query went past its work budget (%lld thousand steps) and was stopped",
                         budget);
            else snprintf(msg, sizeof msg, "%s", rc == SQLITE_ROW ? "out of memory" : sqlite3_errmsg(db));
            sqlite3_finalize(q);
            return error(msg);
        }
        sqlite3_finalize(q);
        isl_buf_put(&out, rows ? "\n]\n}" : "[]\n}", 4);
        used = 0;
    }
    if (!any) return error("no statement to run");
    return out.oom ? error("out of memory") : out.p;
}

static sqlite3_int64 size;

/* The database as it is now, in the file format (sqlite3_malloc'd: free it
 * with isl_wasm_free); its size by isl_wasm_size. NULL when out of memory. */
unsigned char *isl_wasm_serialize(void)
{
    size = 0;
    return db ? sqlite3_serialize(db, "main", &size, 0) : NULL;
}

int isl_wasm_size(void) { return (int)size; }

void isl_wasm_free(void *p) { sqlite3_free(p); }
