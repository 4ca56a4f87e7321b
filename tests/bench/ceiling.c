/* SQLite's ceiling for the bundle sweep's writes: the least a program can do
 * to put the same number of rows of the same shape into the same table.
 *
 *   ceiling DB BITS K FACTS AXES
 *
 * DB is a database made by 'isolab init' (the same table definition and
 * journal mode). In one transaction: one run row (bundle_sweep.run_id refers
 * to it), then for mask = 0 .. 2^BITS - 1 and channel_id = 0 .. K - 1 one
 * row through one prepared statement, bound, stepped and reset; the run id
 * is bound once. The values are cheap stand-ins in the ranges isolab writes
 * for a model of FACTS facts on AXES axes (so the records have the same
 * sizes). Foreign keys are on, as isolab's connection has them. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

static int die(sqlite3 *db, const char *what)
{
    fprintf(stderr, "ceiling: %s: %s\n", what, db ? sqlite3_errmsg(db) : "out of memory");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: ceiling DB BITS K FACTS AXES\n");
        return 2;
    }
    int bits = atoi(argv[2]);
    long long k = atoll(argv[3]), facts = atoll(argv[4]), axes = atoll(argv[5]);
    if (bits < 0 || bits > 30 || k < 1 || facts < 1 || axes < 1) {
        fprintf(stderr, "ceiling: bad arguments\n");
        return 2;
    }
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) return die(db, argv[1]);
    if (sqlite3_exec(db, "PRAGMA foreign_keys = ON; BEGIN IMMEDIATE; "
                         "INSERT INTO run(kind, started_at) VALUES ('ceiling', 'now')", NULL, NULL, NULL) != SQLITE_OK)
        return die(db, "starting");
    sqlite3_int64 run = sqlite3_last_insert_rowid(db);
    if (sqlite3_prepare_v3(db, "INSERT INTO bundle_sweep(run_id, mask, channel_id, size, visible, returned, "
                               "open_surface, open_axes) VALUES (?1,?2,?3,?4,?5,?6,?7,?8)",
                           -1, SQLITE_PREPARE_PERSISTENT, &q, NULL) != SQLITE_OK
        || sqlite3_bind_int64(q, 1, run) != SQLITE_OK)
        return die(db, "preparing");
    long long n = 1LL << bits;
    for (long long mask = 0; mask < n; mask++) {
        long long size = __builtin_popcountll((unsigned long long)mask);
        long long visible = facts - (facts / 2) * size / (bits ? bits : 1);
        for (long long c = 0; c < k; c++) {
            long long returned = c ? (mask + c) % 4 : 0;
            if (sqlite3_bind_int64(q, 2, mask) || sqlite3_bind_int64(q, 3, c) || sqlite3_bind_int64(q, 4, size)
                || sqlite3_bind_int64(q, 5, visible) || sqlite3_bind_int64(q, 6, returned)
                || sqlite3_bind_int64(q, 7, visible + returned)
                || sqlite3_bind_int64(q, 8, axes - (axes / 4) * size / (bits ? bits : 1))
                || sqlite3_step(q) != SQLITE_DONE)
                return die(db, "inserting");
            sqlite3_reset(q);
        }
    }
    if (sqlite3_finalize(q) != SQLITE_OK || sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return die(db, "committing");
    if (sqlite3_close(db) != SQLITE_OK) return die(db, "closing");
    printf("%lld rows\n", n * k);
    return 0;
}
