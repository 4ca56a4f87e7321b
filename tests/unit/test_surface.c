/* cmocka suite: the surface engine and the sweeps, against the lesson's
 * printed figures and against a naive implementation of the model's rules
 * written here with plain flag arrays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "isolab/bitset.h"
#include "isolab/surface.h"
#include "isolab/sweep.h"

/* the members of bundle b, as the sweeps take them */
#define MEMBERS(m, b) (m)->bundle[b].members, (m)->bundle[b].n

/* A finished deep copy of src, through the model's own building calls, or
 * NULL when out of memory. */
static isl_model *t_model_copy(const isl_model *src)
{
    isl_model *m = isl_model_new();
    if (!m) return NULL;
    m->baseline_time = src->baseline_time;
    for (size_t i = 0; i < src->naxes; i++)
        if (isl_model_add_axis(m, src->axis_name[i]) == ISL_NONE) goto oom;
    for (size_t i = 0; i < src->nfacts; i++)
        if (isl_model_add_fact(m, src->fact_name[i], src->fact_axis[i]) == ISL_NONE) goto oom;
    for (size_t i = 0; i < src->nmech; i++) {
        const isl_mechanism *d = &src->mech[i];
        if (isl_model_add_mechanism(m, d->name) == ISL_NONE) goto oom;
        for (size_t k = 0; k < d->naxes; k++)
            if (isl_model_mechanism_axis(m, i, d->axes[k])) goto oom;
        for (size_t k = 0; k < d->nleft; k++)
            if (isl_model_left_open(m, i, d->left_open[k])) goto oom;
    }
    for (size_t i = 0; i < src->nbundles; i++) {
        const isl_bundle *b = &src->bundle[i];
        if (isl_model_add_bundle(m, b->name) == ISL_NONE) goto oom;
        m->bundle[i].adhoc = b->adhoc;
        for (size_t k = 0; k < b->n; k++)
            if (isl_model_bundle_append(m, i, b->members[k])) goto oom;
    }
    for (size_t i = 0; i < src->nchannels; i++) {
        const isl_channel *c = &src->channel[i];
        if (isl_model_add_channel(m, c->name, c->lesson, c->cost_pct) == ISL_NONE) goto oom;
        for (size_t k = 0; k < c->nfacts; k++)
            if (isl_model_channel_fact(m, i, c->facts[k])) goto oom;
    }
    for (size_t i = 0; i < src->nsamples; i++)
        if (isl_model_add_sample(m, src->samples[i])) goto oom;
    if (isl_model_finish(m)) goto oom;
    return m;
oom:
    isl_model_free(m);
    return NULL;
}

enum { PLAIN, COMMON, STRICT };
enum { PROFILE, TRACING };

static isl_surface surf(const isl_model *m, size_t b, size_t c)
{
    isl_work w;
    assert_int_equal(isl_work_init(&w, m), ISL_OK);
    isl_surface s = isl_surface_of(m, m->bundle[b].members, m->bundle[b].n,
                                   c == ISL_NONE ? NULL : m->channel[c].shows, NULL, &w);
    isl_work_free(&w);
    return s;
}

#define ASSERT_SURFACE(s, v, r, o, a) do { \
    assert_int_equal((s).visible, v); assert_int_equal((s).returned, r); \
    assert_int_equal((s).open_surface, o); assert_int_equal((s).open_axes, a); } while (0)

static void test_lesson_surfaces(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    ASSERT_SURFACE(surf(m, STRICT, ISL_NONE), 10, 0, 10, 7);  /* 14 of 24 closed */
    ASSERT_SURFACE(surf(m, STRICT, PROFILE), 10, 1, 11, 7);
    ASSERT_SURFACE(surf(m, COMMON, PROFILE), 12, 1, 13, 7);
    ASSERT_SURFACE(surf(m, PLAIN, PROFILE), 24, 0, 24, 9);
    ASSERT_SURFACE(surf(m, STRICT, TRACING), 10, 2, 12, 7);
    assert_int_equal(isl_run_time(1000, 3), 1030);
    assert_int_equal(isl_run_time(1000, 34), 1340);
    double cpf = 0;
    assert_true(isl_cost_per_fact(3, 1, &cpf));
    assert_float_equal(cpf, 3.00, 1e-12);
    assert_true(isl_cost_per_fact(34, 2, &cpf));
    assert_float_equal(cpf, 17.00, 1e-12);
    assert_false(isl_cost_per_fact(3, 0, &cpf));
    isl_model_free(m);
}

/* The status words a claim states: as stored, or as the lesson's tables
 * print them (RETURNS, left open); nothing else. */
static void test_state_words(void **state)
{
    (void)state;
    assert_int_equal(isl_fact_state_of("returns"), ISL_FACT_RETURNS);
    assert_int_equal(isl_fact_state_of("RETURNS"), ISL_FACT_RETURNS);
    assert_int_equal(isl_fact_state_of("left open"), ISL_FACT_LEFT_OPEN);
    assert_int_equal(isl_fact_state_of("Left-Open"), ISL_FACT_LEFT_OPEN);
    assert_int_equal(isl_fact_state_of("visible"), ISL_FACT_VISIBLE);
    assert_int_equal(isl_fact_state_of("closed"), ISL_FACT_CLOSED);
    assert_int_equal(isl_fact_state_of("return"), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of("returnss"), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of("absent"), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of("left_open"), ISL_FACT_ABSENT);
    /* as the channel's facts table prints a visible fact; only visible */
    assert_int_equal(isl_fact_state_of("already visible"), ISL_FACT_VISIBLE);
    assert_int_equal(isl_fact_state_of("Already Visible"), ISL_FACT_VISIBLE);
    assert_int_equal(isl_fact_state_of("already returns"), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of("already"), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of(""), ISL_FACT_ABSENT);
    assert_int_equal(isl_fact_state_of(NULL), ISL_FACT_ABSENT);
    /* the lesson tables' words (page_lesson_axis), each read back */
    const char *word[] = {"visible", "left open", "RETURNS", "closed"};
    for (int i = 0; i < 4; i++) {
        isl_fact_state st = (isl_fact_state)(ISL_FACT_VISIBLE + i);
        assert_string_equal(isl_fact_state_word(st), word[i]);
        assert_int_equal(isl_fact_state_of(word[i]), st);
    }
    assert_string_equal(isl_fact_state_word(ISL_FACT_ABSENT), "absent");
}

static void test_lesson_states(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    isl_work w;
    isl_fact_state st[24];
    assert_int_equal(isl_work_init(&w, m), ISL_OK);
    const isl_bundle *b = &m->bundle[STRICT];
    isl_fact_states(m, b->members, b->n, m->channel[PROFILE].shows, NULL, &w, st);
    /* the lesson's resource-axis table and the channel's facts */
    assert_int_equal(st[t_index(m->fact_name, m->nfacts, "cpu-share")], ISL_FACT_RETURNS);
    assert_int_equal(st[t_index(m->fact_name, m->nfacts, "memory-limit")], ISL_FACT_CLOSED);
    assert_int_equal(st[t_index(m->fact_name, m->nfacts, "memory-used")], ISL_FACT_CLOSED);
    assert_int_equal(st[t_index(m->fact_name, m->nfacts, "cpu-count")], ISL_FACT_LEFT_OPEN);
    assert_int_equal(st[t_index(m->fact_name, m->nfacts, "system-load")], ISL_FACT_VISIBLE);
    size_t closed = 0;
    for (size_t f = 0; f < 24; f++) closed += st[f] == ISL_FACT_CLOSED || st[f] == ISL_FACT_RETURNS;
    assert_int_equal(closed, 14);
    assert_string_equal(isl_fact_state_name(ISL_FACT_LEFT_OPEN), "left-open");
    isl_work_free(&w);
    isl_model_free(m);
}

/* Collectors for the sweeps. */
typedef struct rows { size_t n; isl_removal_row rem[64]; isl_addition_row add[64]; isl_sample_row smp[64]; } rows;
static isl_status on_removal(void *ctx, const isl_removal_row *r) { rows *x = ctx; x->rem[x->n++] = *r; return ISL_OK; }
static isl_status on_addition(void *ctx, const isl_addition_row *r) { rows *x = ctx; x->add[x->n++] = *r; return ISL_OK; }
static isl_status on_sample(void *ctx, const isl_sample_row *r) { rows *x = ctx; x->smp[x->n++] = *r; return ISL_OK; }
static isl_status stop_at_2(void *ctx, const isl_removal_row *r) { rows *x = ctx; (void)r; return ++x->n == 2 ? ISL_EFAIL : ISL_OK; }

static void test_lesson_sweeps(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    rows x = {0};
    assert_int_equal(isl_sweep_samples(m, STRICT, PROFILE, on_sample, &x), ISL_OK);
    assert_int_equal(x.n, 4);
    assert_int_equal(x.smp[0].samples, 100);
    assert_int_equal(x.smp[3].lines, 100000);
    assert_int_equal(x.smp[3].returned, 1);
    assert_int_equal(x.smp[3].lines_per_fact, 100000);

    memset(&x, 0, sizeof x);
    assert_int_equal(isl_sweep_removal(m, MEMBERS(m, STRICT), PROFILE, on_removal, &x), ISL_OK);
    assert_int_equal(x.n, 25);
    assert_int_equal(x.rem[0].fact, ISL_NONE);
    assert_int_equal(x.rem[0].s.open_surface, 11);
    size_t changes = 0, lowers = 0, lowered = ISL_NONE;
    for (size_t i = 1; i < x.n; i++) {
        assert_int_equal(x.rem[i].fact, i - 1);
        changes += x.rem[i].s.open_surface != 11;
        if (x.rem[i].s.returned < 1) lowers++, lowered = x.rem[i].fact;
    }
    assert_int_equal(changes, 11);
    assert_int_equal(lowers, 1);
    assert_string_equal(m->fact_name[lowered], "cpu-share");
    assert_int_equal(x.rem[lowered + 1].s.open_surface, 10);

    memset(&x, 0, sizeof x);
    assert_int_equal(isl_sweep_addition(m, MEMBERS(m, STRICT), PROFILE, on_addition, &x), ISL_OK);
    assert_int_equal(x.n, 10);
    const char *alpha[9] = {"host", "kernel", "label", "mount", "network", "privilege", "process", "resource", "user"};
    for (size_t i = 1; i < 10; i++) {
        assert_string_equal(m->axis_name[x.add[i].axis], alpha[i - 1]);
        assert_int_equal(x.add[i].facts, 25);
        assert_int_equal(x.add[i].s.open_surface, strcmp(alpha[i - 1], "kernel") == 0 ? 12 : 11);
    }
    /* a callback's status stops the sweep and comes back */
    memset(&x, 0, sizeof x);
    assert_int_equal(isl_sweep_removal(m, MEMBERS(m, STRICT), PROFILE, stop_at_2, &x), ISL_EFAIL);
    assert_int_equal(x.n, 2);
    isl_model_free(m);
}

/* ---- naive reference: the model's rules (docs/tutorial.md, 'The rules isolab computes') with flag arrays, from the raw lists ---- */
static isl_surface naive(const isl_model *m, const isl_bundle *b, const isl_channel *c,
                         const unsigned char *inF, isl_fact_state *st)
{
    unsigned char closed[512] = {0}, touched[512] = {0}, open[512] = {0}, axis_open[64] = {0};
    for (size_t i = 0; i < b->n; i++) {
        const isl_mechanism *d = &m->mech[b->members[i]];
        for (size_t f = 0; f < m->nfacts; f++)
            for (size_t k = 0; k < d->naxes; k++)
                if (m->fact_axis[f] == d->axes[k] && inF[f]) closed[f] = 1, touched[f] = 1;
        for (size_t k = 0; k < d->nleft; k++) closed[d->left_open[k]] = 0;
    }
    isl_surface s = {0, 0, 0, 0};
    for (size_t f = 0; f < m->nfacts; f++) {
        int shown = 0;
        for (size_t k = 0; c && k < c->nfacts; k++) shown |= c->facts[k] == f;
        if (!inF[f]) { st[f] = ISL_FACT_ABSENT; continue; }
        if (!closed[f]) { s.visible++; open[f] = 1; st[f] = touched[f] ? ISL_FACT_LEFT_OPEN : ISL_FACT_VISIBLE; }
        else if (shown) { s.returned++; open[f] = 1; st[f] = ISL_FACT_RETURNS; }
        else st[f] = ISL_FACT_CLOSED;
        if (open[f]) { s.open_surface++; axis_open[m->fact_axis[f]] = 1; }
    }
    for (size_t a = 0; a < m->naxes; a++) s.open_axes += axis_open[a];
    return s;
}

/* A random model: up to 300 facts (several words), mechanisms sharing axes,
 * left-open facts on foreign axes, bundles repeating mechanisms. */
static isl_model *random_model(unsigned seed)
{
    srand(seed);
    isl_model *m = isl_model_new();
    char name[32];
    size_t na = 1 + (size_t)rand() % 12, nf = 1 + (size_t)rand() % 300, nd = (size_t)rand() % 10;
    for (size_t a = 0; a < na; a++) { snprintf(name, sizeof name, "a%zu", a); isl_model_add_axis(m, name); }
    for (size_t f = 0; f < nf; f++) { snprintf(name, sizeof name, "f%zu", f); isl_model_add_fact(m, name, (size_t)rand() % na); }
    for (size_t d = 0; d < nd; d++) {
        snprintf(name, sizeof name, "m%zu", d);
        isl_model_add_mechanism(m, name);
        for (size_t k = 0, n = (size_t)rand() % 3; k < n; k++) isl_model_mechanism_axis(m, d, (size_t)rand() % na);
        for (size_t k = 0, n = (size_t)rand() % 4; k < n; k++) isl_model_left_open(m, d, (size_t)rand() % nf);
    }
    for (size_t b = 0; b < 4; b++) {
        snprintf(name, sizeof name, "b%zu", b);
        isl_model_add_bundle(m, name);
        for (size_t k = 0, n = nd ? (size_t)rand() % 12 : 0; k < n; k++) isl_model_bundle_append(m, b, (size_t)rand() % nd);
    }
    for (size_t c = 0; c < 3; c++) {
        snprintf(name, sizeof name, "c%zu", c);
        isl_model_add_channel(m, name, NULL, rand() % 50);
        for (size_t k = 0, n = 1 + (size_t)rand() % 20; k < n; k++) isl_model_channel_fact(m, c, (size_t)rand() % nf);
    }
    assert_int_equal(isl_model_finish(m), ISL_OK);
    return m;
}

static void test_random_against_naive(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 300; seed++) {
        isl_model *m = random_model(seed);
        isl_work w;
        assert_int_equal(isl_work_init(&w, m), ISL_OK);
        uint64_t *F = isl_bitset_new(m->words);
        unsigned char inF[512];
        isl_fact_state st[512], nst[512];
        for (size_t f = 0; f < m->nfacts; f++) {
            inF[f] = (unsigned char)(rand() % 4 != 0);
            if (inF[f]) isl_bit_set(F, f);
        }
        for (size_t b = 0; b < m->nbundles; b++)
            for (size_t c = 0; c < m->nchannels; c++) {
                const isl_bundle *bb = &m->bundle[b];
                isl_surface got = isl_surface_of(m, bb->members, bb->n, m->channel[c].shows, F, &w);
                isl_surface want = naive(m, bb, &m->channel[c], inF, nst);
                ASSERT_SURFACE(got, want.visible, want.returned, want.open_surface, want.open_axes);
                isl_fact_states(m, bb->members, bb->n, m->channel[c].shows, F, &w, st);
                assert_memory_equal(st, nst, m->nfacts * sizeof *st);
            }
        free(F);
        isl_work_free(&w);
        isl_model_free(m);
    }
}

/* Collects any number of sweep rows. */
typedef struct sweep_rows { size_t n; isl_removal_row *rem; isl_addition_row *add; } sweep_rows;
static isl_status grab_removal(void *ctx, const isl_removal_row *r)
{
    sweep_rows *x = ctx;
    x->rem[x->n++] = *r;
    return ISL_OK;
}
static isl_status grab_addition(void *ctx, const isl_addition_row *r)
{
    sweep_rows *x = ctx;
    x->add[x->n++] = *r;
    return ISL_OK;
}

/* The removal and addition sweeps against the naive rules applied to each
 * fact set in full: F minus one fact, and a copy of the model given the new
 * fact on each axis. */
static void test_random_sweeps_against_naive(void **state)
{
    (void)state;
    for (unsigned seed = 1; seed <= 200; seed++) {
        isl_model *m = random_model(seed);
        sweep_rows x = {0, calloc(m->nfacts + 1, sizeof *x.rem), calloc(m->naxes + 1, sizeof *x.add)};
        assert_non_null(x.rem);
        assert_non_null(x.add);
        unsigned char inF[512];
        isl_fact_state st[512];
        size_t order[64]; /* the axes in name order, by insertion */
        for (size_t a = 0; a < m->naxes; a++) {
            size_t k = a;
            for (; k > 0 && strcmp(m->axis_name[order[k - 1]], m->axis_name[a]) > 0; k--) order[k] = order[k - 1];
            order[k] = a;
        }
        for (size_t b = 0; b < m->nbundles; b++)
            for (size_t c = 0; c < m->nchannels; c++) {
                const isl_bundle *bb = &m->bundle[b];
                const isl_channel *cc = &m->channel[c];
                memset(inF, 1, sizeof inF);
                isl_surface base = naive(m, bb, cc, inF, st);
                x.n = 0;
                assert_int_equal(isl_sweep_removal(m, MEMBERS(m, b), c, grab_removal, &x), ISL_OK);
                assert_int_equal(x.n, m->nfacts + 1);
                assert_int_equal(x.rem[0].fact, ISL_NONE);
                ASSERT_SURFACE(x.rem[0].s, base.visible, base.returned, base.open_surface, base.open_axes);
                for (size_t f = 0; f < m->nfacts; f++) {
                    inF[f] = 0;
                    isl_surface want = naive(m, bb, cc, inF, st);
                    inF[f] = 1;
                    assert_int_equal(x.rem[f + 1].fact, f);
                    ASSERT_SURFACE(x.rem[f + 1].s, want.visible, want.returned, want.open_surface, want.open_axes);
                }
                x.n = 0;
                assert_int_equal(isl_sweep_addition(m, MEMBERS(m, b), c, grab_addition, &x), ISL_OK);
                assert_int_equal(x.n, m->naxes + 1);
                assert_int_equal(x.add[0].axis, ISL_NONE);
                assert_int_equal(x.add[0].facts, m->nfacts);
                ASSERT_SURFACE(x.add[0].s, base.visible, base.returned, base.open_surface, base.open_axes);
                for (size_t i = 0; i < m->naxes; i++) {
                    isl_model *y = t_model_copy(m);
                    assert_non_null(y);
                    assert_int_not_equal(isl_model_add_fact(y, "new-fact", order[i]), ISL_NONE);
                    assert_int_equal(isl_model_finish(y), ISL_OK);
                    isl_surface want = naive(y, &y->bundle[b], &y->channel[c], inF, st);
                    assert_int_equal(x.add[i + 1].axis, order[i]);
                    assert_int_equal(x.add[i + 1].facts, m->nfacts + 1);
                    ASSERT_SURFACE(x.add[i + 1].s, want.visible, want.returned, want.open_surface, want.open_axes);
                    isl_model_free(y);
                }
            }
        free(x.rem);
        free(x.add);
        isl_model_free(m);
    }
}

/* the model's order rules on a small hand model. */
static void test_order_rules(void **state)
{
    (void)state;
    isl_model *m = isl_model_new();
    size_t x = isl_model_add_axis(m, "x"), y = isl_model_add_axis(m, "y");
    size_t f0 = isl_model_add_fact(m, "f0", x), f1 = isl_model_add_fact(m, "f1", x);
    size_t g0 = isl_model_add_fact(m, "g0", y);
    size_t a = isl_model_add_mechanism(m, "a"), b = isl_model_add_mechanism(m, "b"), c = isl_model_add_mechanism(m, "c");
    isl_model_mechanism_axis(m, a, x);
    isl_model_left_open(m, a, f0);             /* a leaves f0 open */
    isl_model_mechanism_axis(m, b, x);         /* b shares x and closes f0 again */
    isl_model_mechanism_axis(m, c, y);
    isl_model_left_open(m, c, f1);             /* c reopens f1, a fact of another axis */
    size_t ab = isl_model_add_bundle(m, "ab"), ba = isl_model_add_bundle(m, "ba"), ac = isl_model_add_bundle(m, "ac");
    isl_model_bundle_append(m, ab, a); isl_model_bundle_append(m, ab, b);
    isl_model_bundle_append(m, ba, b); isl_model_bundle_append(m, ba, a);
    isl_model_bundle_append(m, ac, a); isl_model_bundle_append(m, ac, c);
    size_t ch = isl_model_add_channel(m, "ch", NULL, 0);
    isl_model_channel_fact(m, ch, f0);
    assert_int_equal(isl_model_finish(m), ISL_OK);
    isl_work w;
    isl_fact_state st[3];
    assert_int_equal(isl_work_init(&w, m), ISL_OK);
    /* a then b: b closes f0 after a left it open */
    isl_surface s = isl_surface_of(m, m->bundle[ab].members, 2, NULL, NULL, &w);
    ASSERT_SURFACE(s, 1, 0, 1, 1);
    s = isl_surface_of(m, m->bundle[ab].members, 2, m->channel[ch].shows, NULL, &w);
    ASSERT_SURFACE(s, 1, 1, 2, 2);
    /* why, by hand: after a then b, b's step stands on f0 and f1 (closed by
     * b, not by a, which left f0 open); no member touches g0 */
    assert_int_equal(isl_fact_decider(m, m->bundle[ab].members, 2, f0), 1);
    assert_int_equal(isl_fact_decider(m, m->bundle[ab].members, 2, f1), 1);
    assert_int_equal(isl_fact_decider(m, m->bundle[ab].members, 2, g0), ISL_NONE);
    /* b then a: a reopens f0 whichever mechanism closed it */
    isl_fact_states(m, m->bundle[ba].members, 2, NULL, NULL, &w, st);
    assert_int_equal(st[f0], ISL_FACT_LEFT_OPEN);
    assert_int_equal(st[f1], ISL_FACT_CLOSED);
    assert_int_equal(isl_fact_decider(m, m->bundle[ba].members, 2, f0), 1); /* left open by a */
    assert_int_equal(isl_fact_decider(m, m->bundle[ba].members, 2, f1), 1); /* closed by a */
    /* a then c: c reopens f1 on axis x although c closes y */
    isl_fact_states(m, m->bundle[ac].members, 2, NULL, NULL, &w, st);
    assert_int_equal(st[f0], ISL_FACT_LEFT_OPEN);
    assert_int_equal(st[f1], ISL_FACT_LEFT_OPEN);
    assert_int_equal(st[g0], ISL_FACT_CLOSED);
    assert_int_equal(isl_fact_decider(m, m->bundle[ac].members, 2, f0), 0); /* left open by a */
    assert_int_equal(isl_fact_decider(m, m->bundle[ac].members, 2, f1), 1); /* left open by c */
    assert_int_equal(isl_fact_decider(m, m->bundle[ac].members, 2, g0), 1); /* closed by c */
    isl_work_free(&w);
    isl_model_free(m);
}

static void test_copy_and_digest(void **state)
{
    (void)state;
    isl_model *m = t_lesson_model();
    isl_model *c = t_model_copy(m);
    assert_non_null(c);
    char d1[17], d2[17], d3[17];
    isl_model_digest(m, d1);
    isl_model_digest(c, d2);
    assert_string_equal(d1, d2);
    c->channel[0].cost_pct = 4;
    isl_model_digest(c, d3);
    assert_string_not_equal(d1, d3);
    isl_model_free(c);
    isl_model_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lesson_surfaces),
        cmocka_unit_test(test_state_words),
        cmocka_unit_test(test_lesson_states),
        cmocka_unit_test(test_lesson_sweeps),
        cmocka_unit_test(test_order_rules),
        cmocka_unit_test(test_random_against_naive),
        cmocka_unit_test(test_random_sweeps_against_naive),
        cmocka_unit_test(test_copy_and_digest),
    };
    return cmocka_run_group_tests_name("surface", tests, NULL, NULL);
}
