/* isolab store: printf() and format() that end at once when their answer
 * cannot be made. SQLite's own (3.40) writes the repeats of a %c one at a
 * time however long the result: printf('%.*c', 999999999, 'x') runs for
 * half a minute before the length limit turns its answer into NULL, and no
 * progress handler runs inside it, so no work budget stops it. The guard
 * returns that NULL at once when a %c repeats more characters than SQLite's
 * buffer can grow to under the connection's length limit, and otherwise
 * SQLite's own answer, made by the built-in function on a private
 * in-memory connection. A connection may ask for an error (SQLITE_TOOBIG)
 * instead of that NULL: the page's engine does, to say which limit ended a
 * query. */
#include "isolab/guard.h"
#include "isolab/sqlite_api.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/base.h"

/* Bytes beyond the length limit that SQLite's buffer for an answer may hold. */
#define REPEAT_SLACK 4096

/* Statements kept for calls of fewer arguments than this (more: made anew). */
#define KEPT 16

typedef struct guard {
    sqlite3 *own;            /* the private connection, opened at the first call */
    sqlite3_stmt *kept[KEPT]; /* SELECT printf(?1, ...) with [n] arguments, once made */
    int refuse;               /* a repeat too long: an error, not NULL */
} guard;

/* The argument after *a (the format is argument 0) as SQLite's printf reads
 * a '*': as an integer, 0 when there is none. */
static int int_arg(int argc, sqlite3_value **argv, int *a)
{
    return *a < argc ? (int)sqlite3_value_int64(argv[(*a)++]) : 0;
}

/* The most characters a %c of format f repeats, read as SQLite's printf
 * reads it (flags, width, precision, length, then the conversion; '*' takes
 * an argument); the scan ends where SQLite's does, at an unknown conversion. */
static long long longest_repeat(const unsigned char *f, int argc, sqlite3_value **argv)
{
    long long most = 0;
    int a = 1;
    for (; *f; f++) {
        if (*f != '%') continue;
        int c = *++f, done = 0;
        long long precision = -1;
        if (!c) break;
        do {
            switch (c) {
            case '-': case '+': case ' ': case '#': case '!': case '0': case ',':
                break;
            case 'l':
                if ((c = *++f) == 'l') c = *++f;
                done = 1;
                break;
            case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
                while ((c = *++f) >= '0' && c <= '9') {}
                if (c != '.' && c != 'l') done = 1;
                else f--;
                break;
            case '*':
                (void)int_arg(argc, argv, &a);
                if ((c = f[1]) != '.' && c != 'l') {
                    c = *++f;
                    done = 1;
                }
                break;
            case '.':
                if ((c = *++f) == '*') {
                    int p = int_arg(argc, argv, &a);
                    precision = p >= 0 ? p : p >= -2147483647 ? -(long long)p : -1;
                    c = *++f;
                } else {
                    unsigned px = 0;
                    for (; c >= '0' && c <= '9'; c = *++f) px = px * 10 + (unsigned)(c - '0');
                    precision = px & 0x7fffffff;
                }
                if (c == 'l') f--;
                else done = 1;
                break;
            default:
                done = 1;
                break;
            }
        } while (!done && (c = *++f) != 0);
        if (c == 'c' && precision > most) most = precision;
        if (c == '%' || c == 'n') continue;
        if (!c || !strchr("dsgzqQwcouxXfeEGipr", c)) break;
        a++;
    }
    return most;
}

static void guarded_printf(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    guard *g = sqlite3_user_data(ctx);
    sqlite3 *db = sqlite3_context_db_handle(ctx);
    const unsigned char *f = argc ? sqlite3_value_text(argv[0]) : NULL;
    int limit = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
    if (argc && !f && sqlite3_value_type(argv[0]) != SQLITE_NULL) {
        sqlite3_result_error_nomem(ctx);
        return;
    }
    /* SQLite's buffer for the answer holds at most the limit plus its
     * allocator's rounding (8 bytes, or a lookaside slot of 1200): a longer
     * repeat fails to grow it, and the answer is NULL */
    if (f && longest_repeat(f, argc, argv) > (long long)limit + REPEAT_SLACK) {
        if (g->refuse) sqlite3_result_error_toobig(ctx);
        return;
    }
    if (!g->own && sqlite3_open_v2(":memory:", &g->own, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL)) {
        sqlite3_close(g->own);
        g->own = NULL;
        sqlite3_result_error_nomem(ctx);
        return;
    }
    sqlite3_limit(g->own, SQLITE_LIMIT_LENGTH, limit);
    sqlite3_stmt *q = argc < KEPT ? g->kept[argc] : NULL;
    int rc = SQLITE_OK;
    if (!q) {
        sqlite3_str *s = sqlite3_str_new(NULL);
        sqlite3_str_appendall(s, "SELECT printf(");
        for (int i = 0; i < argc; i++) sqlite3_str_appendf(s, "%s?%d", i ? ", " : "", i + 1);
        sqlite3_str_appendall(s, ")");
        char *sql = sqlite3_str_finish(s);
        rc = sql ? sqlite3_prepare_v3(g->own, sql, -1, SQLITE_PREPARE_PERSISTENT, &q, NULL) : SQLITE_NOMEM;
        sqlite3_free(sql);
        if (rc == SQLITE_OK && argc < KEPT) g->kept[argc] = q;
    }
    for (int i = 0; rc == SQLITE_OK && i < argc; i++) rc = sqlite3_bind_value(q, i + 1, argv[i]);
    if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        sqlite3_result_value(ctx, sqlite3_column_value(q, 0));
        rc = SQLITE_OK;
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error(ctx, sqlite3_errmsg(g->own), -1);
        sqlite3_result_error_code(ctx, rc);
    }
    if (q && argc < KEPT && q == g->kept[argc]) sqlite3_reset(q), sqlite3_clear_bindings(q);
    else sqlite3_finalize(q);
}

static void guard_free(void *p)
{
    guard *g = p;
    for (int i = 0; i < KEPT; i++) sqlite3_finalize(g->kept[i]);
    sqlite3_close(g->own);
    sqlite3_free(g);
}

int isl_guard_printf(sqlite3 *db, int refuse)
{
    guard *g = sqlite3_malloc(sizeof *g);
    if (!g) return SQLITE_NOMEM;
    memset(g, 0, sizeof *g);
    g->refuse = refuse;
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    /* printf owns g (freed when the connection closes); format shares it */
    int rc = sqlite3_create_function_v2(db, "printf", -1, flags, g, guarded_printf, NULL, NULL, guard_free);
    if (rc == SQLITE_OK) rc = sqlite3_create_function_v2(db, "format", -1, flags, g, guarded_printf, NULL, NULL, NULL);
    assert(rc == SQLITE_OK || rc == SQLITE_NOMEM);
    return rc;
}
