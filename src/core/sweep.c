/* isolab: runs and sweeps, computed row by row and handed to a callback. */
#include <stdlib.h>

#include "isolab/bitset.h"
#include "isolab/sort.h"
#include "isolab/sweep.h"

isl_status isl_run_surfaces(const isl_model *m, const size_t *bundles, size_t nb,
                            const size_t *channels, size_t nc,
                            isl_surface_fn fn, void *ctx)
{
    isl_work w;
    if (isl_work_init(&w, m)) return ISL_ENOMEM;
    isl_fact_state *states = malloc((m->nfacts ? m->nfacts : 1) * sizeof *states);
    if (!states) {
        isl_work_free(&w);
        return ISL_ENOMEM;
    }
    isl_status st = ISL_OK;
    for (size_t i = 0; i < nb && !st; i++) {
        size_t bi = bundles ? bundles[i] : i;
        const isl_bundle *b = &m->bundle[bi];
        for (size_t j = 0; j < nc && !st; j++) {
            size_t ci = channels ? channels[j] : j;
            const isl_channel *c = &m->channel[ci];
            isl_surface s = isl_surface_of(m, b->members, b->n, c->shows, NULL, &w);
            isl_surface_row row = {bi, ci, s, c->cost_pct, 0, 0, 0, states};
            row.run_time = isl_run_time(m->baseline_time, c->cost_pct);
            row.has_cost_per_fact = isl_cost_per_fact(c->cost_pct, row.s.returned, &row.cost_per_fact);
            isl_fact_states(m, b->members, b->n, c->shows, NULL, &w, states);
            st = fn(ctx, &row);
        }
    }
    free(states);
    isl_work_free(&w);
    return st;
}

isl_status isl_sweep_samples(const isl_model *m, size_t bundle, size_t channel,
                             isl_sample_fn fn, void *ctx)
{
    isl_work w;
    if (isl_work_init(&w, m)) return ISL_ENOMEM;
    const isl_bundle *b = &m->bundle[bundle];
    isl_surface s = isl_surface_of(m, b->members, b->n, m->channel[channel].shows, NULL, &w);
    isl_work_free(&w);
    isl_status st = ISL_OK;
    for (size_t i = 0; i < m->nsamples && !st; i++) {
        long long lines = m->samples[i]; /* one line per sample */
        isl_sample_row row = {m->samples[i], lines, s.returned, s.returned > 0,
                              s.returned ? lines / (long long)s.returned : 0};
        st = fn(ctx, &row);
    }
    return st;
}

/* A fact-set sweep's baseline: the surface of the members under the
 * channel over every fact, its closed and open sets (w), and per axis its
 * open facts and whether a member closes it, then room to order the axes. */
typedef struct baseline {
    isl_surface s;
    const uint64_t *shows;
    isl_work w;
    size_t *axis_open, *closes_axis, *order; /* naxes each, in one block */
} baseline;

static isl_status baseline_of(baseline *b, const isl_model *m, const size_t *mechs, size_t n,
                              size_t channel)
{
    size_t na = m->naxes ? m->naxes : 1;
    if (!(b->axis_open = calloc(3 * na, sizeof *b->axis_open))) return ISL_ENOMEM;
    if (isl_work_init(&b->w, m)) {
        free(b->axis_open);
        return ISL_ENOMEM;
    }
    b->closes_axis = b->axis_open + na;
    b->order = b->closes_axis + na;
    b->shows = channel == ISL_NONE ? NULL : m->channel[channel].shows;
    b->s = isl_surface_of(m, mechs, n, b->shows, NULL, &b->w);
    for (size_t f = 0; f < m->nfacts; f++)
        b->axis_open[m->fact_axis[f]] += (size_t)isl_bit_test(b->w.open, f);
    for (size_t i = 0; i < n; i++) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        for (size_t k = 0; k < d->naxes; k++) b->closes_axis[d->axes[k]] = 1;
    }
    return ISL_OK;
}

static isl_status baseline_free(baseline *b, isl_status st)
{
    free(b->axis_open);
    isl_work_free(&b->w);
    return st;
}

/* A fact's state does not depend on which other facts are in F (a
 * mechanism closes or reopens each fact on its own), so removing fact f
 * from F takes away only f's own share of the baseline: one visible or one
 * returned fact, one open fact, and its axis when f was the axis's last
 * open fact. O(facts) in all, instead of a whole surface per fact. */
isl_status isl_sweep_removal(const isl_model *m, const size_t *mechs, size_t nmech, size_t channel,
                             isl_removal_fn fn, void *ctx)
{
    baseline b;
    if (baseline_of(&b, m, mechs, nmech, channel)) return ISL_ENOMEM;
    isl_removal_row row = {ISL_NONE, b.s};
    isl_status st = fn(ctx, &row);
    for (size_t f = 0; f < m->nfacts && !st; f++) {
        row = (isl_removal_row){f, b.s};
        if (!isl_bit_test(b.w.closed, f)) row.s.visible--;
        else if (b.shows && isl_bit_test(b.shows, f)) row.s.returned--;
        if (isl_bit_test(b.w.open, f)) {
            row.s.open_surface--;
            if (b.axis_open[m->fact_axis[f]] == 1) row.s.open_axes--;
        }
        st = fn(ctx, &row);
    }
    return baseline_free(&b, st);
}

/* The new fact has no left-open entry and no channel shows it, so it is
 * closed exactly when a mechanism closes its axis, and it changes nothing
 * else: adding it changes only its axis's counts. */
isl_status isl_sweep_addition(const isl_model *m, const size_t *mechs, size_t nmech, size_t channel,
                              isl_addition_fn fn, void *ctx)
{
    baseline b;
    if (baseline_of(&b, m, mechs, nmech, channel)) return ISL_ENOMEM;
    isl_addition_row row = {ISL_NONE, m->nfacts, b.s};
    isl_status st = fn(ctx, &row);
    for (size_t i = 0; i < m->naxes; i++) b.order[i] = i;
    isl_sort_by_name(b.order, (const char *const *)m->axis_name, m->naxes);
    for (size_t i = 0; i < m->naxes && !st; i++) {
        size_t a = b.order[i];
        row = (isl_addition_row){a, m->nfacts + 1, b.s};
        if (!b.closes_axis[a]) {
            row.s.visible++;
            row.s.open_surface++;
            if (!b.axis_open[a]) row.s.open_axes++;
        }
        st = fn(ctx, &row);
    }
    return baseline_free(&b, st);
}
