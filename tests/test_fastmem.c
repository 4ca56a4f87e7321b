/* cmocka suite: the allocator isolab gives SQLite (isl_store_fast_memory).
 * Expected values are the contract of SQLite's sqlite3_mem_methods: each
 * block holds at least what was asked (sqlite3_msize), keeps its bytes
 * through a realloc up to the smaller size, is 8-byte aligned, and no two
 * live blocks share a byte. Checked with a shadow copy of every block's
 * contents under random traffic, and with SQLite itself running on it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "testutil.h"
#include "isolab/store.h"

typedef struct block {
    unsigned char *p;
    int n;
    unsigned char fill;
} block;

static unsigned rnd_state = 12345;
static unsigned rnd(void)
{
    rnd_state = rnd_state * 1103515245u + 12345u;
    return rnd_state >> 8;
}

/* A size from every range the allocator treats differently: small steps,
 * the quarter-power classes, their edges, and blocks past the classes. */
static int any_size(void)
{
    static const int EDGE[] = {1, 15, 16, 17, 255, 256, 257, 320, 321, 512, 513, 4096, 4360, 32767, 32768, 32769};
    switch (rnd() % 4) {
    case 0: return EDGE[rnd() % (sizeof EDGE / sizeof *EDGE)];
    case 1: return 1 + (int)(rnd() % 256);
    case 2: return 1 + (int)(rnd() % 40000);
    default: return 1 + (int)(rnd() % 200000);
    }
}

static void check_block(const block *b)
{
    for (int i = 0; i < b->n; i++)
        if (b->p[i] != (unsigned char)(b->fill + i)) fail_msg("block %p changed at byte %d of %d", (void *)b->p, i, b->n);
}

static void fill_block(block *b)
{
    for (int i = 0; i < b->n; i++) b->p[i] = (unsigned char)(b->fill + i);
}

static void test_random_traffic(void **state)
{
    (void)state;
    enum { LIVE = 400, STEPS = 60000 };
    static block live[LIVE];
    for (int step = 0; step < STEPS; step++) {
        block *b = &live[rnd() % LIVE];
        unsigned op = rnd() % 3;
        if (!b->p || op == 0) {
            if (b->p) {
                check_block(b);
                sqlite3_free(b->p);
            }
            b->n = any_size();
            b->p = sqlite3_malloc(b->n);
            assert_non_null(b->p);
            assert_int_equal((uintptr_t)b->p % 8, 0);
            assert_true(sqlite3_msize(b->p) >= (sqlite3_uint64)b->n);
            b->fill = (unsigned char)rnd();
            fill_block(b);
        } else if (op == 1) {
            int n = any_size(), keep = n < b->n ? n : b->n;
            unsigned char *q = sqlite3_realloc(b->p, n);
            assert_non_null(q);
            assert_int_equal((uintptr_t)q % 8, 0);
            assert_true(sqlite3_msize(q) >= (sqlite3_uint64)n);
            b->p = q;
            b->n = keep;
            check_block(b); /* the kept bytes came along */
            b->n = n;
            fill_block(b);
        } else {
            check_block(b);
            sqlite3_free(b->p);
            b->p = NULL;
        }
    }
    for (int i = 0; i < LIVE; i++)
        if (live[i].p) {
            check_block(&live[i]); /* no block wrote over another */
            sqlite3_free(live[i].p);
        }
    sqlite3_free(NULL);
    assert_int_equal(sqlite3_msize(NULL), 0);
}

/* SQLite on the allocator: a table of rows of random sizes, rewritten and
 * read back, the sum computed on both sides. */
static void test_sqlite_runs_on_it(void **state)
{
    (void)state;
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE t (k INTEGER PRIMARY KEY, v BLOB);"
                                      "CREATE INDEX t_v ON t(length(v))", NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_stmt *ins = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO t(k, v) VALUES (?1, zeroblob(?2))", -1, &ins, NULL),
                     SQLITE_OK);
    long long total = 0;
    for (int k = 1; k <= 3000; k++) {
        int n = (int)(rnd() % 9000);
        total += n;
        sqlite3_bind_int(ins, 1, k);
        sqlite3_bind_int(ins, 2, n);
        assert_int_equal(sqlite3_step(ins), SQLITE_DONE);
        sqlite3_reset(ins);
    }
    sqlite3_finalize(ins);
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT sum(length(v)), (SELECT count(*) FROM (SELECT v FROM t ORDER BY "
                                            "length(v) DESC, k)) FROM t",
                                        -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int64(q, 0), total);
    assert_int_equal(sqlite3_column_int(q, 1), 3000);
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(q, 0), "ok");
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

/* Once SQLite is in use its allocator cannot change: refused, as said. */
static void test_too_late(void **state)
{
    (void)state;
    assert_int_equal(isl_store_fast_memory(), -1);
}

int main(void)
{
    /* before anything else uses SQLite */
    if (isl_store_fast_memory() != 0) {
        fprintf(stderr, "isl_store_fast_memory refused before SQLite's first use\n");
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_traffic),
        cmocka_unit_test(test_sqlite_runs_on_it),
        cmocka_unit_test(test_too_late),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
