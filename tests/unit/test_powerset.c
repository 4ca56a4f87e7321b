/* cmocka suite: the power-set sweep of bundles. The core is checked against
 * the model's rules (docs/tutorial.md, 'The rules isolab computes') applied literally with flag arrays, subset by subset; the
 * command and the saved queries against the same naive computation on the
 * lesson's model as typed in testutil.h (independently of seeds/). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/cli.h"
#include "isolab/db.h"
#include "isolab/main.h"
#include "isolab/powerset.h"
#include "isolab/store.h"

/* The model's rules, literally: for each member in order, close every fact on its
 * axes, then reopen its left-open facts; then count. shows: channel or NULL. */
static isl_surface naive_subset(const isl_model *m, const size_t *members, size_t n, const isl_channel *shows)
{
    unsigned char closed[512] = {0}, in_open[512] = {0}, axis_hit[128] = {0};
    for (size_t i = 0; i < n; i++) {
        const isl_mechanism *d = &m->mech[members[i]];
        for (size_t k = 0; k < d->naxes; k++)
            for (size_t f = 0; f < m->nfacts; f++)
                if (m->fact_axis[f] == d->axes[k]) closed[f] = 1;
        for (size_t k = 0; k < d->nleft; k++) closed[d->left_open[k]] = 0;
    }
    isl_surface s = {0, 0, 0, 0};
    for (size_t f = 0; f < m->nfacts; f++) {
        if (!closed[f]) s.visible++, in_open[f] = 1;
    }
    for (size_t k = 0; shows && k < shows->nfacts; k++) {
        size_t f = shows->facts[k];
        if (closed[f] && !in_open[f]) s.returned++, in_open[f] = 1;
    }
    for (size_t f = 0; f < m->nfacts; f++)
        if (in_open[f]) s.open_surface++, axis_hit[m->fact_axis[f]] = 1;
    for (size_t a = 0; a < m->naxes; a++) s.open_axes += axis_hit[a];
    return s;
}

/* The members of subset `mask` of mechs, in list order. */
static size_t members_of(const size_t *mechs, size_t nm, uint64_t mask, size_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < nm; i++)
        if (mask >> i & 1) out[n++] = mechs[i];
    return n;
}

/* Every row of the power set to fn, until fn returns other than ISL_OK
 * (what the store's sweep does with the rows, as a callback). */
typedef isl_status (*isl_bundle_fn)(void *ctx, const isl_bundle_row *row);
static isl_status isl_sweep_powerset(const isl_model *m, const size_t *mechs, size_t nm, const size_t *channels,
                                     size_t nc, isl_bundle_fn fn, void *ctx)
{
    isl_powerset *p;
    isl_status st = isl_powerset_new(m, mechs, nm, ISL_POWERSET_NONE, channels, nc, &p);
    isl_bundle_row row;
    while (!st && isl_powerset_fill(p, &row, 1)) st = fn(ctx, &row);
    isl_powerset_free(p);
    return st;
}

/* Collects every row. */
typedef struct rows {
    size_t n, cap;
    isl_bundle_row *r;
    size_t stop_at; /* return ISL_EFAIL at this row count (0: never) */
} rows;

static isl_status collect(void *ctx, const isl_bundle_row *row)
{
    rows *x = ctx;
    if (x->n == x->cap) {
        x->cap = x->cap ? x->cap * 2 : 256;
        x->r = realloc(x->r, x->cap * sizeof *x->r);
        assert_non_null(x->r);
    }
    x->r[x->n++] = *row;
    return x->stop_at && x->n == x->stop_at ? ISL_EFAIL : ISL_OK;
}

/* A random model with shared axes, empty axes, left-open facts on foreign
 * axes and several fact words. */
static isl_model *random_model(unsigned seed, size_t max_mech)
{
    srand(seed);
    isl_model *m = isl_model_new();
    char name[32];
    size_t na = 1 + (size_t)rand() % 70, nf = 1 + (size_t)rand() % 400, nd = (size_t)rand() % (max_mech + 1);
    for (size_t a = 0; a < na; a++) snprintf(name, sizeof name, "axis%zu", a), isl_model_add_axis(m, name);
    for (size_t f = 0; f < nf; f++) snprintf(name, sizeof name, "fact%zu", f), isl_model_add_fact(m, name, (size_t)rand() % na);
    for (size_t d = 0; d < nd; d++) {
        snprintf(name, sizeof name, "mech%zu", d);
        isl_model_add_mechanism(m, name);
        for (size_t k = 0, n = 1 + (size_t)rand() % 3; k < n; k++) isl_model_mechanism_axis(m, d, (size_t)rand() % na);
        for (size_t k = 0, n = (size_t)rand() % 5; k < n; k++) isl_model_left_open(m, d, (size_t)rand() % nf);
    }
    for (size_t c = 0; c < 4; c++) {
        snprintf(name, sizeof name, "chan%zu", c);
        isl_model_add_channel(m, name, NULL, 1);
        for (size_t k = 0, n = 1 + (size_t)rand() % 30; k < n; k++) isl_model_channel_fact(m, c, (size_t)rand() % nf);
    }
    assert_int_equal(isl_model_finish(m), ISL_OK);
    return m;
}

static void check_rows(const isl_model *m, const size_t *mechs, size_t nm, const size_t *chans, size_t nc,
                       const rows *x)
{
    size_t members[64];
    assert_int_equal(x->n, ((size_t)1 << nm) * (nc + 1));
    for (size_t i = 0; i < x->n; i++) {
        const isl_bundle_row *r = &x->r[i];
        uint64_t mask = i / (nc + 1);
        size_t cid = i % (nc + 1);
        assert_int_equal(r->mask, mask);
        assert_int_equal(r->channel_id, cid);
        size_t n = members_of(mechs, nm, mask, members);
        assert_int_equal(r->size, n);
        isl_surface want = naive_subset(m, members, n, cid ? &m->channel[chans[cid - 1]] : NULL);
        assert_int_equal(r->s.visible, want.visible);
        assert_int_equal(r->s.returned, want.returned);
        assert_int_equal(r->s.open_surface, want.open_surface);
        assert_int_equal(r->s.open_axes, want.open_axes);
    }
}

/* A small power-set sweep against the naive computation, subset by subset,
 * on random models, with a random choice of mechanisms and channels. */
static void test_random_against_naive(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 120; seed++) {
        isl_model *m = random_model(seed, 7);
        size_t mechs[16], nm = 0, chans[8], nc = 0;
        for (size_t d = 0; d < m->nmech; d++)
            if (rand() % 4) mechs[nm++] = d;
        for (size_t c = m->nchannels; c-- > 0;)
            if (rand() % 2) chans[nc++] = c;
        rows x = {0, 0, NULL, 0};
        assert_int_equal(isl_sweep_powerset(m, mechs, nm, chans, nc, collect, &x), ISL_OK);
        check_rows(m, mechs, nm, chans, nc, &x);
        free(x.r);
        isl_model_free(m);
    }
}

/* The pull iterator as a query that never reads open_axes uses it: with and
 * without the no-channel rows, open_axes left 0, every other count equal to
 * the naive computation; on random models with more mechanisms than above
 * (deeper undo chains) and with a fact word count of several words. Rows
 * are pulled one at a time, or in blocks of random sizes. */
static void test_random_no_axes(void **state)
{
    (void)state;
    for (unsigned seed = 200; seed < 320; seed++) {
        isl_model *m = random_model(seed, 11);
        size_t mechs[16], nm = 0, chans[8], nc = 0, members[16];
        for (size_t d = 0; d < m->nmech; d++)
            if (rand() % 5) mechs[nm++] = d;
        for (size_t c = 0; c < m->nchannels; c++)
            if (rand() % 2) chans[nc++] = c;
        int with_none = nc == 0 || rand() % 2;
        isl_powerset *p = NULL;
        int flags = (with_none ? ISL_POWERSET_NONE : 0) | ISL_POWERSET_NO_AXES;
        assert_int_equal(isl_powerset_new(m, mechs, nm, flags, chans, nc, &p), ISL_OK);
        isl_bundle_row blk[70];
        size_t per = nc + (size_t)with_none, i = 0, got, one = seed % 2;
        while ((got = one ? isl_powerset_fill(p, blk, 1) : isl_powerset_fill(p, blk, 1 + (size_t)rand() % 70)))
            for (size_t j = 0; j < got; j++, i++) {
                const isl_bundle_row r = blk[j];
                uint64_t mask = i / per;
                size_t cid = i % per + (size_t)!with_none, n = members_of(mechs, nm, mask, members);
                assert_int_equal(r.mask, mask);
                assert_int_equal(r.channel_id, cid);
                assert_int_equal(r.size, n);
                isl_surface want = naive_subset(m, members, n, cid ? &m->channel[chans[cid - 1]] : NULL);
                assert_int_equal(r.s.visible, want.visible);
                assert_int_equal(r.s.returned, want.returned);
                assert_int_equal(r.s.open_surface, want.open_surface);
                assert_int_equal(r.s.open_axes, 0);
            }
        assert_int_equal(i, ((size_t)1 << nm) * per);
        isl_powerset_free(p);
        isl_model_free(m);
    }
}

/* The mask of the lesson's named bundle b when every mechanism is swept in
 * table order (the mechanism indexes are that order). */
static uint64_t bundle_mask(const isl_model *m, size_t b)
{
    uint64_t mask = 0;
    for (size_t i = 0; i < m->bundle[b].n; i++) mask |= (uint64_t)1 << m->bundle[b].members[i];
    return mask;
}

/* The named bundles apply their members in bundle order, the power set in
 * mechanism-table order. common lists its six in table order already;
 * strict puts user-namespace (4th in the table) seventh. In the lesson's
 * model every mechanism touches (closes or leaves open) facts of its own
 * axis only, and no two share an axis, so their maps commute and both
 * orders give the same surface: checked here first, then compared. */
static void test_lesson_named_bundles(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    for (size_t i = 0; i < m->nmech; i++)
        for (size_t j = i + 1; j < m->nmech; j++) {
            const isl_mechanism *a = &m->mech[i], *b = &m->mech[j];
            for (size_t k = 0; k < m->words; k++)
                assert_int_equal((a->closes[k] | a->reopens[k]) & (b->closes[k] | b->reopens[k]), 0);
        }
    size_t mechs[8] = {0, 1, 2, 3, 4, 5, 6, 7}, chans[2] = {0, 1};
    rows x = {0, 0, NULL, 0};
    assert_int_equal(isl_sweep_powerset(m, mechs, 8, chans, 2, collect, &x), ISL_OK);
    check_rows(m, mechs, 8, chans, 2, &x);
    isl_work w;
    assert_int_equal(isl_work_init(&w, m), ISL_OK);
    for (size_t b = 0; b < 3; b++)
        for (size_t c = 0; c < 2; c++) {
            const isl_bundle_row *r = &x.r[bundle_mask(m, b) * 3 + c + 1];
            isl_surface s = isl_surface_of(m, m->bundle[b].members, m->bundle[b].n, m->channel[c].shows, NULL, &w);
            assert_int_equal(r->size, m->bundle[b].n);
            assert_memory_equal(&r->s, &s, sizeof s);
        }
    /* the lesson's words: strict closes 14 of 24; the profile returns 1,
     * open surface 11, open axes 7; tracing returns 2, open surface 12 */
    const isl_bundle_row *strict = &x.r[bundle_mask(m, 2) * 3];
    assert_int_equal(strict[0].s.visible, 10);
    assert_int_equal(strict[1].s.returned, 1);
    assert_int_equal(strict[1].s.open_surface, 11);
    assert_int_equal(strict[1].s.open_axes, 7);
    assert_int_equal(strict[2].s.returned, 2);
    assert_int_equal(strict[2].s.open_surface, 12);
    isl_work_free(&w);
    free(x.r);
    isl_model_free(m);
}

static void test_limits_and_stop(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    size_t mechs[31];
    for (size_t i = 0; i < 31; i++) mechs[i] = i % 8;
    rows x = {0, 0, NULL, 0};
    assert_int_equal(isl_sweep_powerset(m, mechs, 31, NULL, 0, collect, &x), ISL_EINPUT);
    assert_int_equal(x.n, 0);
    /* no mechanism: the one empty bundle */
    assert_int_equal(isl_sweep_powerset(m, mechs, 0, NULL, 0, collect, &x), ISL_OK);
    assert_int_equal(x.n, 1);
    assert_int_equal(x.r[0].s.open_surface, 24);
    assert_int_equal(x.r[0].s.open_axes, 9);
    /* a callback's status stops the sweep and comes back */
    x.n = 0;
    x.stop_at = 5;
    assert_int_equal(isl_sweep_powerset(m, mechs, 8, NULL, 0, collect, &x), ISL_EFAIL);
    assert_int_equal(x.n, 5);
    free(x.r);
    isl_model_free(m);
}

/* ---- the command and the saved queries on a database of the lesson ---- */

typedef struct dbfix {
    char dir[64], path[96];
} dbfix;

static void db_make(dbfix *f)
{
    strcpy(f->dir, "/tmp/isolab-powerset-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->path, sizeof f->path, "%s/t.db", f->dir);
    isl_error err;
    isl_error_clear(&err);
    assert_int_equal(isl_store_create(f->path, NULL, 0, &err), ISL_OK);
}

static void db_drop(dbfix *f)
{
    char p[128];
    unlink(f->path);
    snprintf(p, sizeof p, "%s-wal", f->path);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", f->path);
    unlink(p);
    rmdir(f->dir);
}

static int cli(dbfix *f, const char *a1, const char *a2, const char *a3, const char *a4)
{
    char *argv[9] = {"isolab", "--db", f->path, "sweep", "bundles", NULL, NULL, NULL, NULL};
    int argc = 5;
    const char *extra[4] = {a1, a2, a3, a4};
    for (size_t i = 0; i < 4 && extra[i]; i++) argv[argc++] = (char *)extra[i];
    return isl_main(argc, argv);
}

/* One text/number cell per row of `sql`, concatenated as "a|b|c\n". */
static char *query(dbfix *f, const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_open_v2(f->path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
    size_t cap = 1 << 16, n = 0;
    char *out = calloc(cap, 1);
    assert_non_null(out);
    while (sqlite3_step(q) == SQLITE_ROW)
        for (int c = 0; c < sqlite3_column_count(q); c++) {
            const char *t = (const char *)sqlite3_column_text(q, c);
            int w = snprintf(out + n, cap - n, "%s%c", t ? t : "", c + 1 < sqlite3_column_count(q) ? '|' : '\n');
            assert_true(w > 0 && (size_t)w < cap - n);
            n += (size_t)w;
        }
    sqlite3_finalize(q);
    sqlite3_close(db);
    return out;
}

/* Appends "a,b,c" (the members of mask, names in table order). */
static void put_members(const isl_model *m, uint64_t mask, char *out, size_t *n, size_t cap)
{
    int first = 1;
    for (size_t d = 0; d < m->nmech; d++)
        if (mask >> d & 1) {
            *n += (size_t)snprintf(out + *n, cap - *n, "%s%s", first ? "" : ",", m->mech[d].name);
            first = 0;
        }
}

/* Appends "channel|a|b|members" for every subset of `size` members whose
 * open surface is `open_surface`; (a, b) = (size, open) or (open, size). */
static void put_bundles(const isl_model *m, const size_t *open, const char *chan, size_t size,
                        size_t open_surface, int size_first, char *out, size_t *n, size_t cap)
{
    for (unsigned k = 0; k < 256; k++)
        if ((size_t)__builtin_popcount(k) == size && open[k] == open_surface) {
            *n += (size_t)snprintf(out + *n, cap - *n, "%s|%zu|%zu|", chan, size_first ? size : open_surface,
                                   size_first ? open_surface : size);
            put_members(m, k, out, n, cap);
            out[(*n)++] = '\n';
        }
}

/* The naive open surfaces of all 256 subsets, per channel (0 none, 1 profile, 2 tracing). */
static void naive_table(const isl_model *m, size_t open[3][256])
{
    size_t members[8];
    size_t all[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    for (uint64_t mask = 0; mask < 256; mask++) {
        size_t n = members_of(all, 8, mask, members);
        for (size_t c = 0; c < 3; c++) open[c][mask] = naive_subset(m, members, n, c ? &m->channel[c - 1] : NULL).open_surface;
    }
}

static const char *chan_name(const isl_model *m, size_t c) { return c ? m->channel[c - 1].name : ""; }

static void test_saved_queries(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    size_t open[3][256];
    naive_table(m, open);
    dbfix f;
    db_make(&f);
    assert_int_equal(cli(&f, NULL, NULL, NULL, NULL), ISL_OK);
    /* the database lists channels as the seeds do (tracing first); compare
     * per channel, in the same order on both sides */
    static const char *const order = " ORDER BY channel <> '', channel, ";
    char want[1 << 16], sql[512];
    size_t n = 0;
    size_t by_name[3] = {0, 1, 2}; /* as sorted: "", sampling-profile, system-call-tracing */

    /* smallest bundles reaching the least open surface */
    snprintf(sql, sizeof sql, "SELECT channel, open_surface, size, members FROM bundle_smallest%smask", order);
    char *got = query(&f, sql);
    for (size_t i = 0; i < 3; i++) {
        size_t c = by_name[i], best = SIZE_MAX, fewest = SIZE_MAX;
        for (unsigned k = 0; k < 256; k++) best = open[c][k] < best ? open[c][k] : best;
        for (unsigned k = 0; k < 256; k++)
            if (open[c][k] == best && (size_t)__builtin_popcount(k) < fewest) fewest = (size_t)__builtin_popcount(k);
        put_bundles(m, open[c], chan_name(m, c), fewest, best, 0, want, &n, sizeof want);
    }
    want[n] = '\0';
    assert_string_equal(got, want);
    free(got);

    /* marginal value: the mean, over subsets without the mechanism, of the
     * open surface it takes away when added */
    snprintf(sql, sizeof sql, "SELECT channel, mechanism, printf('%%.6f', narrows) FROM bundle_marginal%s"
                              "(SELECT position FROM mechanism WHERE name = mechanism)", order);
    got = query(&f, sql);
    n = 0;
    for (size_t i = 0; i < 3; i++)
        for (size_t d = 0; d < 8; d++) {
            size_t c = by_name[i];
            long sum = 0;
            for (unsigned k = 0; k < 256; k++)
                if (!(k >> d & 1)) sum += (long)open[c][k] - (long)open[c][k | 1u << d];
            n += (size_t)snprintf(want + n, sizeof want - n, "%s|%s|%.6f\n", chan_name(m, c), m->mech[d].name,
                                  (double)sum / 128.0);
        }
    want[n] = '\0';
    assert_string_equal(got, want);
    free(got);

    /* frontier: sizes whose least open surface beats every smaller size */
    snprintf(sql, sizeof sql, "SELECT channel, size, open_surface, members FROM bundle_frontier%ssize, mask", order);
    got = query(&f, sql);
    n = 0;
    for (size_t i = 0; i < 3; i++) {
        size_t c = by_name[i], before = SIZE_MAX;
        for (size_t s = 0; s <= 8; s++) {
            size_t best = SIZE_MAX;
            for (unsigned k = 0; k < 256; k++)
                if ((size_t)__builtin_popcount(k) == s && open[c][k] < best) best = open[c][k];
            if (best >= before) continue;
            before = best;
            put_bundles(m, open[c], chan_name(m, c), s, best, 1, want, &n, sizeof want);
        }
    }
    want[n] = '\0';
    assert_string_equal(got, want);
    free(got);

    /* what the lesson's questions come to: tracing's smallest best bundle
     * leaves capability-dropping out, which narrows it by nothing */
    got = query(&f, "SELECT size, open_surface FROM bundle_smallest WHERE channel = 'system-call-tracing'");
    assert_string_equal(got, "7|12\n");
    free(got);
    got = query(&f, "SELECT narrows FROM bundle_marginal WHERE channel = 'system-call-tracing' "
                    "AND mechanism = 'capability-dropping'");
    assert_string_equal(got, "0.0\n");
    free(got);
    db_drop(&f);
    isl_model_free(m);
}

/* Choosing mechanisms and channels; refusing bad names without writing. */
static void test_command_choices(void **state)
{
    (void)state;
    dbfix f;
    db_make(&f);
    assert_int_equal(cli(&f, "--mechanisms", "control-group,pid-namespace", "--channel", "sampling-profile"), ISL_OK);
    char *got = query(&f, "SELECT bit, mechanism, position FROM bundle_sweep_mechanism ORDER BY bit");
    assert_string_equal(got, "0|pid-namespace|1\n1|control-group|6\n");
    free(got);
    got = query(&f, "SELECT channel_id, channel FROM bundle_sweep_channel ORDER BY channel_id");
    assert_string_equal(got, "0|\n1|sampling-profile\n");
    free(got);
    got = query(&f, "SELECT count(*), sum(mask = 3 AND channel_id = 1 AND returned = 1) FROM bundle_sweep");
    assert_string_equal(got, "8|1\n");
    free(got);
    assert_int_equal(cli(&f, "--mechanisms", "pid-namespace,no-such", NULL, NULL), ISL_EINPUT);
    /* a list's items are read by the member-list grammar, whose reader
     * refuses a mechanism named twice as bad input, as run --members does */
    assert_int_equal(cli(&f, "--mechanisms", "pid-namespace,pid-namespace", NULL, NULL), ISL_EINPUT);
    assert_int_equal(cli(&f, "--channel", "sampling-profile", "--channel", "sampling-profile"), ISL_EUSAGE);
    assert_int_equal(cli(&f, "--channel", "no-such", NULL, NULL), ISL_EINPUT);
    assert_int_equal(cli(&f, "--bundle", "strict", NULL, NULL), ISL_EUSAGE);
    got = query(&f, "SELECT count(*) FROM run WHERE kind = 'bundles'");
    assert_string_equal(got, "1\n");
    free(got);
    db_drop(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_against_naive),
        cmocka_unit_test(test_random_no_axes),
        cmocka_unit_test(test_lesson_named_bundles),
        cmocka_unit_test(test_limits_and_stop),
        cmocka_unit_test(test_saved_queries),
        cmocka_unit_test(test_command_choices),
    };
    return cmocka_run_group_tests_name("powerset", tests, NULL, NULL);
}
