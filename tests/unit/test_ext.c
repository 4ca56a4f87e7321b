/* cmocka suite: isolab's SQL functions (src/ext) against the rows the
 * command line stores. On the lesson's model and on random models (written
 * as seed files), `isolab run` and the sweeps write their runs; then every
 * function's rows must equal the stored ones, compared with EXCEPT both
 * ways (and non-empty, so that the comparison can fail). The stored power
 * set is itself checked against a naive computation in test_powerset.c.
 * Also: the errors a user gets for bad arguments. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/cli.h"
#include "isolab/db.h"
#include "isolab/ext.h"
#include "isolab/main.h"
#include "isolab/store.h"

typedef struct fix {
    char dir[64], path[96], seeds[96];
    sqlite3 *db;
} fix;

static int isolab(fix *f, const char *a1, const char *a2, const char *a3, const char *a4, const char *a5,
                  const char *a6)
{
    char *argv[10] = {"isolab", "--db", f->path};
    int argc = 3;
    const char *extra[6] = {a1, a2, a3, a4, a5, a6};
    for (size_t i = 0; i < 6 && extra[i]; i++) argv[argc++] = (char *)extra[i];
    argv[argc] = NULL;
    return isl_main(argc, argv);
}

/* The integer in the first column of the first row of sql. */
static long long one(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK) fail_msg("%s (in: %s)", sqlite3_errmsg(db), sql);
    int rc = sqlite3_step(q);
    if (rc != SQLITE_ROW) fail_msg("%s (in: %s)", sqlite3_errmsg(db), sql);
    long long v = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* The error message of sql, which must fail. */
static char *error_of(sqlite3 *db, const char *sql)
{
    static char msg[512];
    char *e = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &e);
    if (rc == SQLITE_OK) fail_msg("%s: succeeded", sql);
    snprintf(msg, sizeof msg, "%s", e ? e : "");
    sqlite3_free(e);
    return msg;
}

/* stored and computed (two SELECTs of the same columns) hold the same rows,
 * at least one. */
static void same_rows(sqlite3 *db, const char *what, const char *stored, const char *computed)
{
    static char sql[10240];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM (SELECT * FROM (%s) EXCEPT SELECT * FROM (%s))", stored, computed);
    long long missing = one(db, sql);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM (SELECT * FROM (%s) EXCEPT SELECT * FROM (%s))", computed, stored);
    long long extra = one(db, sql);
    snprintf(sql, sizeof sql, "SELECT count(*) FROM (%s)", stored);
    long long n = one(db, sql);
    if (missing || extra || n == 0)
        fail_msg("%s: %lld stored rows, %lld not computed, %lld computed rows not stored", what, n, missing, extra);
}

/* Compares every function with the latest runs of each kind. bundle and
 * channel: those of the removal and addition sweeps. */
static void compare_all(fix *f, const char *bundle, const char *channel)
{
    sqlite3 *db = f->db;
    char stored[1024], computed[1024];
    same_rows(db, "isolab_surface",
              "SELECT bundle, channel, visible, returned, open_surface, open_axes, cost_pct, run_time, cost_per_fact "
              "FROM surface WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'run')",
              "SELECT b.name, c.name, s.visible, s.returned, s.open_surface, s.open_axes, s.cost_pct, s.run_time, "
              "s.cost_per_fact FROM bundle b, channel c, isolab_surface(b.name, c.name) s");
    same_rows(db, "isolab_fact_status",
              "SELECT bundle, channel, fact, axis, position, status FROM fact_status "
              "WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'run')",
              "SELECT b.name, c.name, s.fact, s.axis, s.position, s.status "
              "FROM bundle b, channel c, isolab_fact_status(b.name, c.name) s");
    same_rows(db, "isolab_powerset",
              "SELECT channel, mask, members, size, visible, returned, open_surface, open_axes FROM bundle_sweep_named "
              "WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')",
              "SELECT coalesce(c.name, ''), p.mask, p.members, p.size, p.visible, p.returned, p.open_surface, "
              "p.open_axes FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p");
    /* a query that leaves out open_axes, or every count but open_surface,
     * has the open axes left uncomputed */
    same_rows(db, "isolab_powerset without open_axes",
              "SELECT channel, mask, members, size, visible, returned, open_surface FROM bundle_sweep_named "
              "WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')",
              "SELECT coalesce(c.name, ''), p.mask, p.members, p.size, p.visible, p.returned, p.open_surface "
              "FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p");
    same_rows(db, "isolab_powerset, open_surface alone",
              "SELECT channel, mask, size, open_surface FROM bundle_sweep_named "
              "WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')",
              "SELECT coalesce(c.name, ''), p.mask, p.size, p.open_surface "
              "FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p");
    snprintf(stored, sizeof stored,
             "SELECT bundle, channel, removed_fact, position, visible, returned, open_surface, open_axes "
             "FROM removal_sweep WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'removal')");
    snprintf(computed, sizeof computed,
             "SELECT '%s', '%s', removed_fact, position, visible, returned, open_surface, open_axes "
             "FROM isolab_removal('%s', '%s')", bundle, channel, bundle, channel);
    same_rows(db, "isolab_removal", stored, computed);
    snprintf(stored, sizeof stored,
             "SELECT bundle, channel, axis, facts, visible, returned, open_surface, open_axes "
             "FROM addition_sweep WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'addition')");
    snprintf(computed, sizeof computed,
             "SELECT '%s', '%s', axis, facts, visible, returned, open_surface, open_axes "
             "FROM isolab_addition('%s', '%s')", bundle, channel, bundle, channel);
    same_rows(db, "isolab_addition", stored, computed);
}

static void open_db(fix *f)
{
    assert_int_equal(sqlite3_open_v2(f->path, &f->db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    assert_int_equal(isl_ext_register(f->db), SQLITE_OK);
}

static void drop(fix *f)
{
    sqlite3_close(f->db);
    t_rmtree(f->dir);
}

/* Writes the runs the functions are compared with. */
/* A new database of the shipped lesson's model in a fresh directory. */
static void fix_lesson(fix *f)
{
    memset(f, 0, sizeof *f);
    assert_int_equal(t_mkdtemp(f->dir, "ext"), 0);
    snprintf(f->path, sizeof f->path, "%s/t.db", f->dir);
    isl_error err;
    assert_int_equal(isl_store_create(f->path, NULL, 0, &err), ISL_OK);
}

static void write_runs(fix *f, const char *bundle, const char *channel)
{
    assert_int_equal(isolab(f, "run", NULL, NULL, NULL, NULL, NULL), ISL_OK);
    assert_int_equal(isolab(f, "sweep", "removal", "--bundle", bundle, "--channel", channel), ISL_OK);
    assert_int_equal(isolab(f, "sweep", "addition", "--bundle", bundle, "--channel", channel), ISL_OK);
    assert_int_equal(isolab(f, "sweep", "bundles", NULL, NULL, NULL, NULL), ISL_OK);
}

static void test_lesson(void **state)
{
    (void)state;
    fix f;
    fix_lesson(&f);
    write_runs(&f, "strict", "sampling-profile");
    open_db(&f);
    compare_all(&f, "strict", "sampling-profile");
    /* the lesson's words, from the functions alone */
    assert_int_equal(one(f.db, "SELECT open_surface FROM isolab_surface('strict', 'sampling-profile')"), 11);
    assert_int_equal(one(f.db, "SELECT open_axes FROM isolab_surface('strict', 'sampling-profile')"), 7);
    assert_int_equal(one(f.db, "SELECT visible FROM isolab_surface('strict', NULL)"), 10);
    assert_int_equal(one(f.db, "SELECT run_time FROM isolab_surface('strict', 'sampling-profile')"), 1030);
    assert_int_equal(one(f.db, "SELECT cost_per_fact IS NULL FROM isolab_surface('strict')"), 1);
    assert_int_equal(one(f.db, "SELECT returned FROM isolab_surface('strict', 'system-call-tracing')"), 2);
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_fact_status('strict', 'sampling-profile') "
                               "WHERE status = 'returns' AND fact = 'cpu-share'"), 1);
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_powerset('sampling-profile')"), 256);
    assert_int_equal(one(f.db, "SELECT min(open_surface) FROM isolab_powerset('sampling-profile') WHERE size = 8"), 11);
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_removal('strict', 'sampling-profile') "
                               "WHERE open_surface <> 11"), 11);
    assert_int_equal(one(f.db, "SELECT open_surface FROM isolab_addition('strict', 'sampling-profile') "
                               "WHERE axis = 'kernel'"), 12);
    /* a mechanism list applies in the order given: the same as the bundle */
    assert_int_equal(one(f.db, "SELECT open_surface FROM isolab_surface('pid-namespace,mount-namespace,"
                               "network-namespace,uts-namespace,control-group,capability-dropping,user-namespace,"
                               "mandatory-label', 'sampling-profile')"), 11);
    /* the model is read when the statement starts: an edit is seen at once */
    assert_int_equal(sqlite3_exec(f.db, "UPDATE channel SET cost_pct = 6 WHERE name = 'sampling-profile'",
                                  NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(one(f.db, "SELECT run_time FROM isolab_surface('strict', 'sampling-profile')"), 1060);
    drop(&f);
}

/* A random model as a seed file: shared axes, left-open facts on any axis,
 * bundles whose members come in any order, channels on any facts. */
static void random_seed(const char *path, unsigned seed, size_t *nmech)
{
    srand(seed);
    FILE *o = fopen(path, "w");
    assert_non_null(o);
    size_t na = 1 + (size_t)rand() % 6, nf = 1 + (size_t)rand() % 70, nd = (size_t)rand() % 8;
    *nmech = nd;
    for (size_t a = 0; a < na; a++) fprintf(o, "INSERT INTO axis(name) VALUES ('ax%zu');\n", a);
    for (size_t i = 0; i < nf; i++)
        fprintf(o, "INSERT INTO fact(position, name, axis) VALUES (%zu, 'f%zu', 'ax%zu');\n", i + 1, i,
                (size_t)rand() % na);
    for (size_t d = 0; d < nd; d++) {
        fprintf(o, "INSERT INTO mechanism(name) VALUES ('m%zu');\n", d);
        for (size_t k = 0, n = 1 + (size_t)rand() % 2; k < n; k++)
            fprintf(o, "INSERT OR IGNORE INTO mechanism_axis VALUES ('m%zu', 'ax%zu');\n", d, (size_t)rand() % na);
        for (size_t k = 0, n = (size_t)rand() % 3; k < n; k++)
            fprintf(o, "INSERT OR IGNORE INTO left_open VALUES ('m%zu', 'f%zu');\n", d, (size_t)rand() % nf);
    }
    fprintf(o, "INSERT INTO bundle(name) VALUES ('plain');\n");
    for (size_t b = 1; b < 4 && nd; b++) {
        size_t order[8];
        for (size_t d = 0; d < nd; d++) order[d] = d;
        for (size_t d = nd; d > 1; d--) {
            size_t j = (size_t)rand() % d, t = order[d - 1];
            order[d - 1] = order[j];
            order[j] = t;
        }
        fprintf(o, "INSERT INTO bundle(name) VALUES ('b%zu');\n", b);
        for (size_t k = 0, n = 1 + (size_t)rand() % nd; k < n; k++)
            fprintf(o, "INSERT INTO bundle_member VALUES ('b%zu', %zu, 'm%zu');\n", b, k + 1, order[k]);
    }
    for (size_t c = 0; c < 3; c++) {
        fprintf(o, "INSERT INTO channel(name, cost_pct) VALUES ('c%zu', %d);\n", c, rand() % 40);
        for (size_t k = 0, n = 1 + (size_t)rand() % 6; k < n; k++)
            fprintf(o, "INSERT OR IGNORE INTO channel_fact(channel, fact) VALUES ('c%zu', 'f%zu');\n", c,
                    (size_t)rand() % nf);
    }
    fprintf(o, "INSERT INTO setting(key, value) VALUES ('baseline_time', %d);\n", 100 + rand() % 2000);
    fprintf(o, "INSERT INTO sample_count(n) VALUES (10), (1000);\n");
    assert_int_equal(fclose(o), 0);
}

/* A new database of random_seed's model for seed in a fresh directory; its
 * mechanism count. */
static size_t fix_random(fix *f, unsigned seed)
{
    memset(f, 0, sizeof *f);
    assert_int_equal(t_mkdtemp(f->dir, "ext"), 0);
    snprintf(f->path, sizeof f->path, "%s/t.db", f->dir);
    snprintf(f->seeds, sizeof f->seeds, "%s/seeds", f->dir);
    assert_int_equal(mkdir(f->seeds, 0700), 0);
    char file[160];
    snprintf(file, sizeof file, "%s/010_random.sql", f->seeds);
    size_t nd;
    random_seed(file, seed, &nd);
    isl_error err;
    if (isl_store_create(f->path, f->seeds, 0, &err)) fail_msg("seed %u: %s", seed, err.msg);
    return nd;
}

static void test_random_models(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 25; seed++) {
        fix f;
        size_t nd = fix_random(&f, seed);
        const char *bundle = nd ? "b1" : "plain";
        write_runs(&f, bundle, "c1");
        open_db(&f);
        compare_all(&f, bundle, "c1");
        drop(&f);
    }
}

/* The channels and no channel, as rows of one column `name`. */
#define CHANNELS "(SELECT NULL AS name UNION ALL SELECT name FROM channel)"
/* The subsets of isolab_powerset under each channel, over the mechanisms
 * LIST (an SQL expression) as a CTE p(ch, mask, members, size, returned,
 * open_surface). */
#define POWERSET(LIST)                                                                                        \
    "WITH p AS MATERIALIZED (SELECT c.name AS ch, q.mask, q.members, q.size, q.returned, q.open_surface FROM " CHANNELS \
    " c, isolab_powerset(c.name, " LIST ") q) "

/* isolab_frontier's rows, and the same question asked in SQL of
 * isolab_powerset: per size the least open surface, how many reach it,
 * the first in mask order. ADD: added to the SQL's open_surface (0; 1 to
 * show that the comparison fails). */
static void frontier_sql(char *out, size_t n, const char *list, int add)
{
    snprintf(out, n,
             POWERSET("%s") ", b AS MATERIALIZED (SELECT ch, size, min(open_surface) AS o FROM p GROUP BY ch, size) "
             "SELECT b.ch, b.size, b.o + %d, (SELECT count(*) FROM p WHERE p.ch IS b.ch AND p.size = b.size "
             "AND p.open_surface = b.o), (SELECT members FROM p WHERE p.ch IS b.ch AND p.size = b.size "
             "AND p.open_surface = b.o ORDER BY mask LIMIT 1) FROM b",
             list, add);
}

/* isolab_smallest's rows for every channel and every target from one below
 * the least open surface to the most, in SQL: the subsets of the least size
 * reaching the target, with their order (position among them by mask). */
static void smallest_sql(char *out, size_t n, const char *list)
{
    snprintf(out, n,
             POWERSET("%s") ", t AS MATERIALIZED (SELECT DISTINCT ch, open_surface AS t FROM p UNION "
             "SELECT ch, max(min(open_surface) - 1, 0) FROM p GROUP BY ch), "
             "k AS MATERIALIZED (SELECT t.ch, t.t, min(p.size) AS k FROM t JOIN p ON p.ch IS t.ch "
             "AND p.open_surface <= t.t GROUP BY t.ch, t.t) "
             "SELECT k.ch, k.t, p.size, p.open_surface, p.returned, p.members, "
             "row_number() OVER (PARTITION BY k.ch, k.t ORDER BY p.mask) FROM k, p "
             "WHERE p.ch IS k.ch AND p.size = k.k AND p.open_surface <= k.t",
             list);
}

static void smallest_fn(char *out, size_t n, const char *list)
{
    snprintf(out, n,
             POWERSET("%s") ", t AS (SELECT DISTINCT ch, open_surface AS t FROM p UNION "
             "SELECT ch, max(min(open_surface) - 1, 0) FROM p GROUP BY ch) "
             "SELECT t.ch, t.t, s.size, s.open_surface, s.returned, s.members, "
             "row_number() OVER (PARTITION BY t.ch, t.t ORDER BY s.rowid) FROM t, isolab_smallest(t.ch, t.t, %s) s",
             list, list);
}

/* isolab_marginal's rows for every bundle and channel, and in SQL over
 * isolab_surface: each mechanism appended to the bundle's list, or taken
 * out of it ('plain' when nothing is left). */
#define MARGINAL_SQL                                                                                          \
    "WITH l AS (SELECT b.name AS b, m.name AS m, "                                                            \
    "EXISTS (SELECT 1 FROM bundle_member x WHERE x.bundle = b.name AND x.mechanism = m.name) AS inb, "        \
    "(SELECT group_concat(mechanism) FROM (SELECT mechanism FROM bundle_member x WHERE x.bundle = b.name "    \
    "AND x.mechanism <> m.name ORDER BY position)) AS rest FROM bundle b, mechanism m) "                     \
    "SELECT l.b, c.name, l.m, l.inb, s.open_surface, s.open_surface - base.open_surface FROM l, " CHANNELS   \
    " c, isolab_surface(CASE WHEN l.inb THEN coalesce(l.rest, 'plain') "                                      \
    "ELSE coalesce(l.rest || ',', '') || l.m END, c.name) s, isolab_surface(l.b, c.name) base"
#define MARGINAL_FN                                                                                           \
    "SELECT b.name, c.name, r.mechanism, r.in_bundle, r.open_surface, r.delta FROM bundle b, " CHANNELS     \
    " c, isolab_marginal(b.name, c.name) r"

/* The three answers against SQL over isolab_powerset and isolab_surface,
 * over every mechanism and over the last three named last first. */
static void compare_answers(sqlite3 *db)
{
    static char a[4096], b[4096];
    const char *lists[] = {"NULL", "(SELECT group_concat(name) FROM (SELECT name FROM mechanism ORDER BY rowid "
                                   "DESC LIMIT 3))"};
    for (size_t i = 0; i < 2; i++) {
        char fn[512];
        snprintf(fn, sizeof fn,
                 "SELECT c.name, f.size, f.open_surface, f.bundles, f.members FROM " CHANNELS
                 " c, isolab_frontier(c.name, %s) f",
                 lists[i]);
        frontier_sql(a, sizeof a, lists[i], 0);
        same_rows(db, "isolab_frontier", a, fn);
        smallest_sql(a, sizeof a, lists[i]);
        smallest_fn(b, sizeof b, lists[i]);
        same_rows(db, "isolab_smallest", a, b);
    }
    if (one(db, "SELECT count(*) FROM mechanism")) same_rows(db, "isolab_marginal", MARGINAL_SQL, MARGINAL_FN);
}

/* compare_answers can fail: the frontier's SQL with one more open surface
 * differs in every row. */
static void answers_can_differ(sqlite3 *db)
{
    static char a[4096], sql[8192];
    frontier_sql(a, sizeof a, "NULL", 1);
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM (SELECT * FROM (%s) EXCEPT SELECT c.name, f.size, f.open_surface, f.bundles, f.members FROM "
             CHANNELS " c, isolab_frontier(c.name) f)",
             a);
    assert_true(one(db, sql) > 0);
}

/* Adds `extra` random mechanisms to the database's model (random axes,
 * left-open facts), for power sets larger than random_seed's. */
static void more_mechanisms(sqlite3 *db, unsigned seed, size_t extra)
{
    srand(seed * 7919u);
    for (size_t d = 0; d < extra; d++) {
        char sql[512];
        snprintf(sql, sizeof sql,
                 "INSERT INTO mechanism(name) VALUES ('x%zu'); "
                 "INSERT OR IGNORE INTO mechanism_axis SELECT 'x%zu', name FROM axis ORDER BY random() LIMIT %d; "
                 "INSERT OR IGNORE INTO left_open SELECT 'x%zu', name FROM fact ORDER BY random() LIMIT %d;",
                 d, d, 1 + rand() % 2, d, rand() % 4);
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    }
}

static void test_answers(void **state)
{
    (void)state;
    fix f;
    fix_lesson(&f);
    open_db(&f);
    compare_answers(f.db);
    answers_can_differ(f.db);
    drop(&f);
    for (unsigned seed = 1; seed <= 30; seed++) {
        fix_random(&f, seed);
        open_db(&f);
        more_mechanisms(f.db, seed, seed % 5);
        compare_answers(f.db);
        drop(&f);
    }
}

/* OR and IN in a WHERE clause give every function its arguments (SQLite
 * plans each branch of an OR, and each value of an IN, as a call): the
 * rows equal those of the calls one by one. */
static const char *const OR_IN[][3] = {
    {"isolab_surface WHERE members IN ('strict', 'common')", "isolab_surface('strict')",
     "isolab_surface('common')"},
    {"isolab_surface WHERE (members = 'strict' AND channel = 'sampling-profile') OR members = 'common'",
     "isolab_surface('strict', 'sampling-profile')", "isolab_surface('common')"},
    {"isolab_fact_status WHERE members IN ('strict', 'common')", "isolab_fact_status('strict')",
     "isolab_fact_status('common')"},
    {"isolab_fact_status WHERE (members = 'strict' AND channel = 'sampling-profile') OR members = 'common'",
     "isolab_fact_status('strict', 'sampling-profile')", "isolab_fact_status('common')"},
    {"isolab_powerset WHERE channel IN ('sampling-profile', 'system-call-tracing')",
     "isolab_powerset('sampling-profile')", "isolab_powerset('system-call-tracing')"},
    {"isolab_powerset WHERE (channel = 'sampling-profile' AND mechanisms = 'pid-namespace') "
     "OR (channel = 'system-call-tracing' AND mechanisms = 'user-namespace,pid-namespace')",
     "isolab_powerset('sampling-profile', 'pid-namespace')",
     "isolab_powerset('system-call-tracing', 'user-namespace,pid-namespace')"},
    {"isolab_removal WHERE members IN ('strict', 'common')", "isolab_removal('strict')",
     "isolab_removal('common')"},
    {"isolab_removal WHERE (members = 'strict' AND channel = 'sampling-profile') OR members = 'common'",
     "isolab_removal('strict', 'sampling-profile')", "isolab_removal('common')"},
    {"isolab_addition WHERE members IN ('strict', 'common')", "isolab_addition('strict')",
     "isolab_addition('common')"},
    {"isolab_addition WHERE (members = 'strict' AND channel = 'sampling-profile') OR members = 'common'",
     "isolab_addition('strict', 'sampling-profile')", "isolab_addition('common')"},
    {"isolab_frontier WHERE channel IN ('sampling-profile', 'system-call-tracing')",
     "isolab_frontier('sampling-profile')", "isolab_frontier('system-call-tracing')"},
    {"isolab_frontier WHERE channel = 'sampling-profile' "
     "OR (channel = 'system-call-tracing' AND mechanisms = 'user-namespace,pid-namespace')",
     "isolab_frontier('sampling-profile')", "isolab_frontier('system-call-tracing', 'user-namespace,pid-namespace')"},
    {"isolab_smallest WHERE channel IN ('sampling-profile', 'system-call-tracing') AND max_open_surface = 14",
     "isolab_smallest('sampling-profile', 14)", "isolab_smallest('system-call-tracing', 14)"},
    {"isolab_smallest WHERE (channel = 'sampling-profile' AND max_open_surface = 13) "
     "OR (channel = 'system-call-tracing' AND max_open_surface = 15)",
     "isolab_smallest('sampling-profile', 13)", "isolab_smallest('system-call-tracing', 15)"},
    {"isolab_marginal WHERE members IN ('strict', 'common')", "isolab_marginal('strict')",
     "isolab_marginal('common')"},
    {"isolab_marginal WHERE (members = 'strict' AND channel = 'sampling-profile') OR members = 'common'",
     "isolab_marginal('strict', 'sampling-profile')", "isolab_marginal('common')"},
};

static void test_or_in(void **state)
{
    (void)state;
    const char *const(*q)[3] = OR_IN;
    fix f;
    fix_lesson(&f);
    open_db(&f);
    for (size_t i = 0; i < sizeof OR_IN / sizeof *OR_IN; i++) {
        char a[1024], b[1024];
        snprintf(a, sizeof a, "SELECT * FROM %s", q[i][0]);
        snprintf(b, sizeof b, "SELECT * FROM %s UNION ALL SELECT * FROM %s", q[i][1], q[i][2]);
        same_rows(f.db, q[i][0], a, b);
        snprintf(a, sizeof a, "SELECT count(*) FROM %s", q[i][0]);
        snprintf(b, sizeof b, "SELECT (SELECT count(*) FROM %s) + (SELECT count(*) FROM %s)", q[i][1], q[i][2]);
        assert_int_equal(one(f.db, a), one(f.db, b));
    }
    /* a name is never cut at a NUL byte */
    assert_string_equal(error_of(f.db, "SELECT * FROM isolab_surface(CAST('strict' || char(0) || 'x' AS BLOB))"),
                        "isolab_surface: argument 1 holds a NUL byte after 'strict': a name cannot");
    assert_string_equal(error_of(f.db, "SELECT * FROM isolab_frontier(NULL, CAST('pid-namespace' || char(0) || "
                                       "',x' AS BLOB))"),
                        "isolab_frontier: argument 2 holds a NUL byte after 'pid-namespace': a name cannot");
    assert_string_equal(error_of(f.db, "SELECT * FROM isolab_marginal('strict', CAST('sampling-profile' || "
                                       "char(0) AS BLOB))"),
                        "isolab_marginal: argument 2 holds a NUL byte after 'sampling-profile': a name cannot");
    /* the answers' arguments, as isolab_powerset's and isolab_surface's */
    static const char *const bad[][2] = {
        {"SELECT * FROM isolab_frontier", "isolab_frontier: argument 1 (channel, or NULL for none) is missing"},
        {"SELECT * FROM isolab_frontier('nope')", "isolab_frontier: no channel named 'nope' (channels: system-call-tracing, sampling-profile)"},
        {"SELECT * FROM isolab_frontier(NULL, 'strict,-nosuch')", "isolab_frontier: no mechanism named 'nosuch' (mechanisms: pid-namespace, mount-namespace, network-namespace, user-namespace, uts-namespace, control-group, capability-dropping, mandatory-label)"},
        {"SELECT * FROM isolab_smallest(NULL)", "isolab_smallest: argument 2 (max_open_surface) is missing"},
        {"SELECT * FROM isolab_smallest(NULL, -1)",
         "isolab_smallest: max_open_surface must be a whole number >= 0, not '-1'"},
        {"SELECT * FROM isolab_smallest(NULL, 'ten')",
         "isolab_smallest: max_open_surface must be a whole number >= 0, not 'ten'"},
        {"SELECT * FROM isolab_smallest(NULL, 2.5)",
         "isolab_smallest: max_open_surface must be a whole number >= 0, not '2.5'"},
        {"SELECT * FROM isolab_smallest(NULL, 3, 'pid-namespace,pid-namespace')",
         "isolab_smallest: mechanism 'pid-namespace' is named twice"},
        {"SELECT * FROM isolab_marginal", "isolab_marginal: argument 1 (members) is missing"},
        {"SELECT * FROM isolab_marginal('nope')", "isolab_marginal: no bundle or mechanism named 'nope'"},
        {"SELECT * FROM isolab_marginal('strict', 'nope')", "isolab_marginal: no channel named 'nope' (channels: system-call-tracing, sampling-profile)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) assert_string_equal(error_of(f.db, bad[i][0]), bad[i][1]);
    /* mechanisms is a member list, read as a set: a bundle stands for its members */
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_frontier('sampling-profile', 'common,-pid-namespace') a "
                               "JOIN isolab_frontier('sampling-profile', 'mount-namespace,network-namespace,"
                               "uts-namespace,control-group,capability-dropping') b USING (size, open_surface, "
                               "bundles, members)"),
                     6);
    /* 2.0 is a whole number; a target no subset reaches gives no row */
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_smallest('sampling-profile', 11.0)"), 1);
    assert_int_equal(one(f.db, "SELECT count(*) FROM isolab_smallest('sampling-profile', 10)"), 0);
    drop(&f);
}

static void test_errors(void **state)
{
    (void)state;
    fix f;
    fix_lesson(&f);
    open_db(&f);
    sqlite3 *db = f.db;
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface('nope')"),
                        "isolab_surface: no bundle or mechanism named 'nope'");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_fact_status('pid-namespace,x', NULL)"),
                        "isolab_fact_status: no bundle or mechanism named 'x'");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface('pid-namespace,pid-namespace')"),
                        "isolab_surface: mechanism 'pid-namespace' is named twice");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_removal('', 'sampling-profile')"),
                        "isolab_removal: an empty list of members");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_addition('pid-namespace,,user-namespace')"),
                        "isolab_addition: an empty item in 'pid-namespace,,user-namespace'");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface(NULL, 'sampling-profile')"),
                        "isolab_surface: members is NULL (name a bundle, or mechanisms separated by commas)");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface('strict', 'radio')"),
                        "isolab_surface: no channel named 'radio' (channels: system-call-tracing, sampling-profile)");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface"),
                        "isolab_surface: argument 1 (members) is missing");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_powerset"),
                        "isolab_powerset: argument 1 (channel, or NULL for none) is missing");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_powerset(NULL, 'pid-namespace', 'x')"),
                        "isolab_powerset: takes one or two arguments: channel, mechanisms");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_powerset(NULL, 'no-such')"),
                        "isolab_powerset: no bundle or mechanism named 'no-such'");
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface('a\x01z')"),
                        "isolab_surface: no bundle or mechanism named 'a\\001z'");
    assert_string_equal(error_of(db, "CREATE VIRTUAL TABLE t USING isolab_surface"),
                        "no such module: isolab_surface");
    /* 31 mechanisms: in a list, and as the model's default */
    char sql[2048] = "SELECT * FROM isolab_powerset(NULL, '";
    for (int i = 0; i < 31; i++) {
        char one_name[40];
        snprintf(one_name, sizeof one_name, "%sx%02d", i ? "," : "", i);
        strcat(sql, one_name);
    }
    strcat(sql, "')");
    assert_string_equal(error_of(db, sql), "isolab_powerset: more than 30 mechanisms (31 named)");
    assert_int_equal(sqlite3_exec(db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 23) "
                                      "INSERT INTO mechanism(name) SELECT 'extra-' || i FROM n", NULL, NULL, NULL), SQLITE_OK);
    assert_string_equal(error_of(db, "SELECT count(*) FROM isolab_powerset(NULL)"),
                        "isolab_powerset: more than 30 mechanisms (the model has 31): name some as the second "
                        "argument");
    /* an invalid model is named as isolab names it */
    assert_int_equal(sqlite3_exec(db, "DELETE FROM setting", NULL, NULL, NULL), SQLITE_OK);
    assert_string_equal(error_of(db, "SELECT * FROM isolab_surface('strict')"),
                        "isolab_surface: setting 'baseline_time' is missing");
    /* the costly functions may not run from the schema (a view planted in
     * a file); the cheap ones may */
    assert_int_equal(sqlite3_exec(db, "INSERT INTO setting VALUES ('baseline_time', 1000); "
                                      "CREATE VIEW p AS SELECT * FROM isolab_powerset(NULL, 'pid-namespace'); "
                                      "CREATE VIEW s AS SELECT * FROM isolab_surface('strict')", NULL, NULL, NULL),
                     SQLITE_OK);
    assert_string_equal(error_of(db, "SELECT * FROM p"), "unsafe use of virtual table \"isolab_powerset\"");
    assert_int_equal(one(db, "SELECT visible FROM s"), 10);
    assert_int_equal(one(db, "SELECT isolab_version() = (SELECT tool_version FROM run LIMIT 1) "
                             "OR NOT EXISTS (SELECT 1 FROM run)"), 1);
    drop(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lesson),
        cmocka_unit_test(test_random_models),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_answers),
        cmocka_unit_test(test_or_in),
    };
    return cmocka_run_group_tests_name("ext", tests, NULL, NULL);
}
