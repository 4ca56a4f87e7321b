/* isolab: runs and sweeps, computed row by row and handed to a callback. */
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
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
        const isl_bundle *b = &m->bundle[bundles[i]];
        for (size_t j = 0; j < nc && !st; j++) {
            const isl_channel *c = &m->channel[channels[j]];
            isl_surface_row row;
            row.bundle = bundles[i];
            row.channel = channels[j];
            row.s = isl_surface_of(m, b->members, b->n, c->shows, NULL, &w);
            row.cost_pct = c->cost_pct;
            row.run_time = isl_run_time(m->baseline_time, c->cost_pct);
            row.cost_per_fact = 0;
            row.has_cost_per_fact = isl_cost_per_fact(c->cost_pct, row.s.returned, &row.cost_per_fact);
            isl_fact_states(m, b->members, b->n, c->shows, NULL, &w, states);
            row.states = states;
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
        isl_sample_row row;
        row.samples = m->samples[i];
        row.lines = m->samples[i]; /* one line per sample */
        row.returned = s.returned;
        row.has_lines_per_fact = s.returned > 0;
        row.lines_per_fact = s.returned ? row.lines / (long long)s.returned : 0;
        st = fn(ctx, &row);
    }
    return st;
}

isl_status isl_sweep_removal(const isl_model *m, size_t bundle, size_t channel,
                             isl_removal_fn fn, void *ctx)
{
    return isl_sweep_removal_of(m, m->bundle[bundle].members, m->bundle[bundle].n, channel, fn, ctx);
}

isl_status isl_sweep_removal_of(const isl_model *m, const size_t *mechs, size_t nmech, size_t channel,
                                isl_removal_fn fn, void *ctx)
{
    isl_work w;
    if (isl_work_init(&w, m)) return ISL_ENOMEM;
    uint64_t *F = isl_bitset_new(m->words);
    if (!F) {
        isl_work_free(&w);
        return ISL_ENOMEM;
    }
    const uint64_t *shows = channel == ISL_NONE ? NULL : m->channel[channel].shows;
    isl_removal_row row;
    row.fact = ISL_NONE;
    row.s = isl_surface_of(m, mechs, nmech, shows, NULL, &w);
    isl_status st = fn(ctx, &row);
    isl_bitset_copy(F, m->all_facts, m->words);
    for (size_t f = 0; f < m->nfacts && !st; f++) {
        isl_bit_clear(F, f);
        row.fact = f;
        row.s = isl_surface_of(m, mechs, nmech, shows, F, &w);
        isl_bit_set(F, f);
        st = fn(ctx, &row);
    }
    free(F);
    isl_work_free(&w);
    return st;
}

/* Axis indexes sorted by name: insertion sort, axes are few. */
void isl_axes_by_name(const isl_model *m, size_t *out)
{
    for (size_t i = 0; i < m->naxes; i++) {
        size_t j = i;
        while (j > 0 && strcmp(m->axis_name[out[j - 1]], m->axis_name[i]) > 0) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = i;
    }
}

isl_status isl_sweep_addition(const isl_model *m, size_t bundle, size_t channel,
                              isl_addition_fn fn, void *ctx)
{
    return isl_sweep_addition_of(m, m->bundle[bundle].members, m->bundle[bundle].n, channel, fn, ctx);
}

isl_status isl_sweep_addition_of(const isl_model *m, const size_t *mechs, size_t nmech, size_t channel,
                                 isl_addition_fn fn, void *ctx)
{
    isl_work w;
    size_t *order = malloc((m->naxes ? m->naxes : 1) * sizeof *order);
    if (!order) return ISL_ENOMEM;
    if (isl_work_init(&w, m)) {
        free(order);
        return ISL_ENOMEM;
    }
    isl_addition_row row;
    row.axis = ISL_NONE;
    row.facts = m->nfacts;
    row.s = isl_surface_of(m, mechs, nmech, channel == ISL_NONE ? NULL : m->channel[channel].shows, NULL, &w);
    isl_work_free(&w);
    isl_status st = fn(ctx, &row);
    isl_axes_by_name(m, order);
    for (size_t i = 0; i < m->naxes && !st; i++) {
        isl_model *x = isl_model_copy(m);
        if (!x || isl_model_add_fact(x, "new-fact", order[i]) == ISL_NONE || isl_model_finish(x)
            || isl_work_init(&w, x)) {
            isl_model_free(x);
            st = ISL_ENOMEM;
            break;
        }
        row.axis = order[i];
        row.facts = x->nfacts;
        row.s = isl_surface_of(x, mechs, nmech, channel == ISL_NONE ? NULL : x->channel[channel].shows, NULL, &w);
        isl_work_free(&w);
        isl_model_free(x);
        st = fn(ctx, &row);
    }
    free(order);
    return st;
}
