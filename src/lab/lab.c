/* isolab lab: runs, sweeps and checks computed by the core and recorded by
 * the store, each as one run: begun, filled, and ended (committed on
 * success, rolled back otherwise). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "isolab/lab.h"
#include "isolab/run.h"
#include "isolab/sweep.h"

/* Shows the run's rows when show is not NULL (a failure to show them
 * leaves no run), then ends the run begun with ctx, keeping st's message or
 * giving one. */
static isl_status finish(isl_run_ctx *ctx, isl_status st, const isl_lab_show *show, int64_t *run_id, size_t *rows)
{
    if (!st && show) st = show->fn(show->ctx, ctx->run_id);
    if (st && !ctx->err->msg[0])
        isl_fail(ctx->err, st, "%s", st == ISL_ENOMEM ? "out of memory" : st == ISL_EOUTPUT ? "cannot write the output" : "failed");
    st = isl_store_end_run(ctx->store, st, ctx->err);
    if (!st && run_id) *run_id = ctx->run_id;
    if (!st && rows) *rows = ctx->rows;
    return st;
}

/* The run's parameters (run_param), written here for every kind: the sweep's
 * kind, each bundle it computes (a member list's also as 'members', and its
 * members in run_member), each
 * channel (bundles or channels NULL: the first nb or nc of the model), and
 * for a run or sweep what each pair's result reads (run_pair). */
static isl_status put_params(isl_run_ctx *ctx, isl_kind kind, const size_t *bundles, size_t nb,
                             const size_t *channels, size_t nc)
{
    isl_status st = kind != ISL_KIND_RUN ? isl_store_put_param(ctx, "sweep", isl_kind_names[kind]) : ISL_OK;
    for (size_t i = 0; !st && i < nb; i++) {
        const isl_bundle *b = &ctx->model->bundle[bundles ? bundles[i] : i];
        st = isl_store_put_param(ctx, "bundle", b->name);
        if (!st && b->adhoc) st = isl_store_put_param(ctx, "members", b->name);
        if (!st && b->adhoc) st = isl_store_put_members(ctx, bundles ? bundles[i] : i);
    }
    for (size_t i = 0; !st && i < nc; i++)
        st = isl_store_put_param(ctx, "channel", ctx->model->channel[channels ? channels[i] : i].name);
    /* what each bundle x channel result reads (a bundles sweep reads the model) */
    for (size_t i = 0; !st && kind <= ISL_KIND_ADDITION && i < nb; i++)
        for (size_t j = 0; !st && j < nc; j++)
            st = isl_store_put_pair(ctx, bundles ? bundles[i] : i, channels ? channels[j] : j);
    return st;
}

isl_status isl_lab_run(isl_store *s, const isl_model *m, const char *argv, const size_t *bundles, size_t nb,
                       const size_t *channels, size_t nc, const isl_lab_tick *tick, int64_t *run_id, size_t *rows,
                       isl_error *err)
{
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, err, tick ? tick->fn : NULL, tick ? tick->ctx : NULL};
    isl_status st = isl_store_begin_run(s, ISL_KIND_RUN, argv, m, &ctx.run_id, err);
    if (st) return st;
    st = put_params(&ctx, ISL_KIND_RUN, bundles, nb, channels, nc);
    if (!st) st = isl_run_surfaces(m, bundles, nb, channels, nc, isl_store_put_surface, &ctx);
    return finish(&ctx, st, NULL, run_id, rows);
}

isl_status isl_lab_sweep(isl_store *s, const isl_model *m, const char *argv, isl_kind kind, size_t bundle,
                         size_t channel, const isl_lab_tick *tick, int64_t *run_id, size_t *rows, isl_error *err)
{
    assert(bundle < m->nbundles && channel < m->nchannels && kind >= ISL_KIND_SAMPLES && kind <= ISL_KIND_ADDITION);
    isl_run_ctx ctx = {s, m, 0, bundle, channel, 0, err, tick ? tick->fn : NULL, tick ? tick->ctx : NULL};
    isl_status st = isl_store_begin_run(s, kind, argv, m, &ctx.run_id, err);
    if (st) return st;
    const isl_bundle *b = &m->bundle[bundle];
    st = put_params(&ctx, kind, &bundle, 1, &channel, 1);
    if (!st && kind == ISL_KIND_SAMPLES) st = isl_sweep_samples(m, bundle, channel, isl_store_put_sample, &ctx);
    else if (!st && kind == ISL_KIND_REMOVAL)
        st = isl_sweep_removal(m, b->members, b->n, channel, isl_store_put_removal, &ctx);
    else if (!st) st = isl_sweep_addition(m, b->members, b->n, channel, isl_store_put_addition, &ctx);
    return finish(&ctx, st, NULL, run_id, rows);
}

uint64_t isl_lab_rows(const isl_model *m, isl_kind kind, size_t nb, size_t nc)
{
    assert(kind <= ISL_KIND_ADDITION);
    return kind == ISL_KIND_RUN       ? (uint64_t)nb * nc * (m->nfacts + 1)
           : kind == ISL_KIND_SAMPLES ? m->nsamples
           : kind == ISL_KIND_REMOVAL ? (uint64_t)m->nfacts + 1
                                      : (uint64_t)m->naxes + 1;
}

isl_status isl_lab_adhoc(isl_model *m, const char *list, size_t *bundle, isl_error *err)
{
    size_t *members = malloc(isl_model_list_room(m) * sizeof *members), n = 0;
    isl_status st = members ? isl_model_members(m, list, members, &n, err) : isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && (*bundle = isl_model_add_adhoc(m, list, members, n)) == ISL_NONE)
        st = isl_fail(err, ISL_ENOMEM, "out of memory");
    free(members);
    return st;
}

isl_status isl_lab_check(isl_store *s, const isl_model *m, const char *argv, const char *lesson, isl_claim_fn fn,
                         void *ctx, isl_claim_counts *counts, int64_t *run_id, isl_error *err)
{
    isl_run_ctx rc = {s, m, 0, 0, 0, 0, err, NULL, NULL};
    isl_status st = isl_store_begin_run(s, ISL_KIND_CHECK, argv, m, &rc.run_id, err);
    if (st) return st;
    st = isl_store_check(s, rc.run_id, lesson, fn, ctx, counts, err);
    size_t total = 0;
    for (int i = 0; i <= ISL_CLAIM_STALE; i++) total += counts->n[i];
    if (!st && !total) {
        /* no claim, nothing checked: no run says otherwise */
        isl_store_end_run(s, ISL_EINPUT, err);
        if (run_id) *run_id = 0;
        return ISL_OK;
    }
    return finish(&rc, st, NULL, run_id, NULL);
}

isl_status isl_lab_bundles(isl_store *s, const isl_model *m, const char *argv, const isl_lab_choice *k,
                           void (*tick)(void *ctx, uint64_t rows), void *tick_ctx, int64_t *run_id, size_t *rows,
                           isl_error *err)
{
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, err, tick, tick_ctx};
    isl_status st;
    /* its rows refer to nothing but the run row it inserts itself */
    isl_store_trust_run_rows(s);
    if ((st = isl_store_begin_run(s, ISL_KIND_BUNDLES, argv, m, &ctx.run_id, err))) return st;
    st = put_params(&ctx, ISL_KIND_BUNDLES, NULL, 0, k->channels, k->nc);
    if (!st && k->nm) st = isl_store_put_mechanisms(&ctx, k->mechs, k->nm);
    if (!st) st = isl_store_put_bundles(&ctx, k->mechs, k->nm, k->channels, k->nc);
    return finish(&ctx, st, NULL, run_id, rows);
}

/* Begins a run of kind with its channel and mechanisms as parameters. */
static isl_status begin_answer(isl_run_ctx *ctx, isl_kind kind, const char *argv, const size_t *mechs, size_t nm)
{
    assert(ctx->channel == ISL_NONE || ctx->channel < ctx->model->nchannels);
    isl_status st = isl_store_begin_run(ctx->store, kind, argv, ctx->model, &ctx->run_id, ctx->err);
    if (st) return st;
    if (ctx->channel != ISL_NONE) st = isl_store_put_param(ctx, "channel", ctx->model->channel[ctx->channel].name);
    if (!st && mechs) st = isl_store_put_mechanisms(ctx, mechs, nm);
    return st;
}

isl_status isl_lab_frontier(isl_store *s, const isl_model *m, const char *argv, const size_t *mechs, size_t nm,
                            size_t channel, const isl_lab_show *show, isl_error *err)
{
    isl_run_ctx ctx = {s, m, 0, 0, channel, 0, err, NULL, NULL};
    isl_frontier_row *out = malloc((nm + 1) * sizeof *out);
    if (!out) return isl_fail(err, ISL_ENOMEM, "out of memory");
    /* a run that failed to begin is already ended: finish only passes st on */
    isl_status st = begin_answer(&ctx, ISL_KIND_FRONTIER, argv, mechs, nm);
    if (!st && (st = isl_frontier(m, mechs, nm, channel, out)))
        isl_fail(err, st, st == ISL_EINPUT ? "too many mechanisms" : "out of memory");
    for (size_t i = 0; !st && i <= nm; i++) st = isl_store_put_frontier(&ctx, mechs, nm, &out[i]);
    free(out);
    return finish(&ctx, st, show, NULL, NULL);
}

isl_status isl_lab_smallest(isl_store *s, const isl_model *m, const char *argv, const size_t *mechs, size_t nm,
                            size_t channel, size_t max_open, const isl_lab_show *show,
                            isl_error *err)
{
    isl_run_ctx ctx = {s, m, 0, 0, channel, 0, err, NULL, NULL};
    isl_smallest *it = NULL;
    char max[32];
    snprintf(max, sizeof max, "%zu", max_open);
    isl_status st = begin_answer(&ctx, ISL_KIND_SMALLEST, argv, mechs, nm);
    if (!st) st = isl_store_put_param(&ctx, "max", max);
    if (!st && (st = isl_smallest_new(m, mechs, nm, channel, max_open, &it)))
        isl_fail(err, st, st == ISL_EINPUT ? "too many mechanisms" : "out of memory");
    uint64_t mask;
    size_t open;
    while (!st && isl_smallest_next(it, &mask, &open)) st = isl_store_put_smallest(&ctx, mechs, nm, mask, open);
    isl_smallest_free(it);
    return finish(&ctx, st, show, NULL, NULL);
}

isl_status isl_lab_marginal(isl_store *s, const isl_model *m, const char *argv, const char *bundle,
                            const size_t *members, size_t n, size_t channel, const isl_lab_show *show,
                            isl_error *err)
{
    isl_run_ctx ctx = {s, m, 0, 0, channel, 0, err, NULL, NULL};
    isl_marginal_row *out = malloc((m->nmech + 1) * sizeof *out);
    if (!out) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_status st = begin_answer(&ctx, ISL_KIND_MARGINAL, argv, NULL, 0);
    if (!st) st = isl_store_put_param(&ctx, "bundle", bundle);
    if (!st && (st = isl_marginal(m, members, n, channel, out))) isl_fail(err, st, "out of memory");
    for (size_t i = 0; !st && i < m->nmech; i++) st = isl_store_put_marginal(&ctx, &out[i]);
    free(out);
    return finish(&ctx, st, show, NULL, NULL);
}
