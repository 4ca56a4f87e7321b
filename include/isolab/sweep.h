/* isolab: runs and sweeps as streams of rows. Pure: each function hands its
 * rows one by one to a callback (the store writes them); a status other
 * than ISL_OK from it stops the sweep, which returns that status. */
#ifndef ISOLAB_SWEEP_H
#define ISOLAB_SWEEP_H

#include <stddef.h>

#include "isolab/model.h"
#include "isolab/surface.h"

/* One bundle x channel of a run. states has m->nfacts entries. */
typedef struct isl_surface_row {
    size_t bundle, channel;
    isl_surface s;
    double cost_pct;
    long long run_time;
    int has_cost_per_fact;
    double cost_per_fact;
    const isl_fact_state *states;
} isl_surface_row;
typedef isl_status (*isl_surface_fn)(void *ctx, const isl_surface_row *row);

/* For every bundle of bundles[0..nb) x every channel of channels[0..nc),
 * in that order, one row (bundles or channels NULL: indexes 0..nb or
 * 0..nc). ISL_ENOMEM, or what the callback returned. */
isl_status isl_run_surfaces(const isl_model *m, const size_t *bundles, size_t nb,
                            const size_t *channels, size_t nc,
                            isl_surface_fn fn, void *ctx);

/* Sample sweep: one row per sample count of the model, in its order. */
typedef struct isl_sample_row {
    long long samples, lines;
    size_t returned;
    int has_lines_per_fact;  /* 0 when nothing returns */
    long long lines_per_fact;
} isl_sample_row;
typedef isl_status (*isl_sample_fn)(void *ctx, const isl_sample_row *row);
isl_status isl_sweep_samples(const isl_model *m, size_t bundle, size_t channel,
                             isl_sample_fn fn, void *ctx);

/* Removal sweep: the baseline (fact = ISL_NONE), then per fact, in fact
 * order, that fact removed from the fact set. O(facts) in all. */
typedef struct isl_removal_row {
    size_t fact;
    isl_surface s;
} isl_removal_row;
typedef isl_status (*isl_removal_fn)(void *ctx, const isl_removal_row *row);
/* For the members mechs[0..n), in order, and a channel or ISL_NONE. */
isl_status isl_sweep_removal(const isl_model *m, const size_t *mechs, size_t n, size_t channel,
                             isl_removal_fn fn, void *ctx);

/* Addition sweep: the baseline (axis = ISL_NONE), then per axis, in name
 * order, one new fact ("new-fact", no left-open entry) added on it; facts =
 * the size of the fact set used. O(facts). */
typedef struct isl_addition_row {
    size_t axis;
    size_t facts;
    isl_surface s;
} isl_addition_row;
typedef isl_status (*isl_addition_fn)(void *ctx, const isl_addition_row *row);
isl_status isl_sweep_addition(const isl_model *m, const size_t *mechs, size_t n, size_t channel,
                              isl_addition_fn fn, void *ctx);

#endif
