/* SQLite's ceiling for the bundle sweep's writes the way isolab now writes
 * them: one INSERT INTO bundle_sweep SELECT ... FROM a table-valued function
 * that produces the rows, with isolab's connection settings (no mutexes, no
 * per-row foreign-key check, synchronous NORMAL in WAL mode).
 *
 *   ceiling_vtab DB BITS K FACTS AXES
 *
 * Same arguments, rows and stand-in values as ceiling.c (the bind-and-step
 * ceiling); the function computes nothing but those stand-ins, so the gap
 * to isolab is isolab's own work per row. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long long bits, k, facts, axes;

typedef struct cur {
    sqlite3_vtab_cursor base;
    long long row, n;
} cur;

static int v_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err)
{
    (void)aux, (void)argc, (void)argv, (void)err;
    int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(mask, channel_id, size, visible, returned, open_surface, "
                                      "open_axes)");
    if (rc != SQLITE_OK) return rc;
    *out = sqlite3_malloc(sizeof **out);
    if (!*out) return SQLITE_NOMEM;
    memset(*out, 0, sizeof **out);
    return SQLITE_OK;
}
static int v_disconnect(sqlite3_vtab *v)
{
    sqlite3_free(v);
    return SQLITE_OK;
}
static int v_best(sqlite3_vtab *v, sqlite3_index_info *info)
{
    (void)v;
    info->estimatedCost = 1e6;
    return SQLITE_OK;
}
static int v_open(sqlite3_vtab *v, sqlite3_vtab_cursor **out)
{
    (void)v;
    cur *c = sqlite3_malloc(sizeof *c);
    if (!c) return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    *out = &c->base;
    return SQLITE_OK;
}
static int v_close(sqlite3_vtab_cursor *c)
{
    sqlite3_free(c);
    return SQLITE_OK;
}
static int v_filter(sqlite3_vtab_cursor *cc, int idx, const char *s, int argc, sqlite3_value **argv)
{
    (void)idx, (void)s, (void)argc, (void)argv;
    cur *c = (cur *)cc;
    c->row = 0;
    c->n = (1LL << bits) * k;
    return SQLITE_OK;
}
static int v_next(sqlite3_vtab_cursor *cc)
{
    ((cur *)cc)->row++;
    return SQLITE_OK;
}
static int v_eof(sqlite3_vtab_cursor *cc) { return ((cur *)cc)->row >= ((cur *)cc)->n; }
static int v_column(sqlite3_vtab_cursor *cc, sqlite3_context *ctx, int col)
{
    cur *c = (cur *)cc;
    long long mask = c->row / k, ch = c->row % k;
    long long size = __builtin_popcountll((unsigned long long)mask);
    long long visible = facts - (facts / 2) * size / (bits ? bits : 1);
    long long returned = ch ? (mask + ch) % 4 : 0;
    long long v = col == 0 ? mask : col == 1 ? ch : col == 2 ? size : col == 3 ? visible : col == 4 ? returned
                : col == 5 ? visible + returned : axes - (axes / 4) * size / (bits ? bits : 1);
    sqlite3_result_int64(ctx, v);
    return SQLITE_OK;
}
static int v_rowid(sqlite3_vtab_cursor *cc, sqlite3_int64 *r)
{
    *r = ((cur *)cc)->row;
    return SQLITE_OK;
}
static const sqlite3_module MOD = {
    .xConnect = v_connect, .xBestIndex = v_best, .xDisconnect = v_disconnect, .xOpen = v_open,
    .xClose = v_close, .xFilter = v_filter, .xNext = v_next, .xEof = v_eof, .xColumn = v_column, .xRowid = v_rowid,
};

static int die(sqlite3 *db, const char *what)
{
    fprintf(stderr, "ceiling_vtab: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: ceiling_vtab DB BITS K FACTS AXES\n");
        return 2;
    }
    bits = atoi(argv[2]), k = atoll(argv[3]), facts = atoll(argv[4]), axes = atoll(argv[5]);
    if (bits < 0 || bits > 30 || k < 1 || facts < 1 || axes < 1) {
        fprintf(stderr, "ceiling_vtab: bad arguments\n");
        return 2;
    }
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        return die(db, argv[1]);
    if (sqlite3_create_module(db, "rows", &MOD, NULL) != SQLITE_OK) return die(db, "registering");
    if (sqlite3_exec(db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE; "
                         "INSERT INTO run(kind, started_at) VALUES ('ceiling', 'now')", NULL, NULL, NULL) != SQLITE_OK)
        return die(db, "starting");
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(db, "INSERT INTO bundle_sweep(run_id, mask, channel_id, size, visible, returned, "
                               "open_surface, open_axes) SELECT ?1, mask, channel_id, size, visible, returned, "
                               "open_surface, open_axes FROM rows", -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_int64(q, 1, sqlite3_last_insert_rowid(db)) != SQLITE_OK || sqlite3_step(q) != SQLITE_DONE)
        return die(db, "inserting");
    if (sqlite3_finalize(q) != SQLITE_OK || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return die(db, "committing");
    if (sqlite3_close(db) != SQLITE_OK) return die(db, "closing");
    printf("%lld rows\n", (1LL << bits) * k);
    return 0;
}
