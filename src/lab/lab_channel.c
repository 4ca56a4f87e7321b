/* isolab lab: a channel measured for real (include/isolab/channel.h), its
 * rounds and what its files carried kept in memory while it runs, then
 * recorded by the store as one run of kind "channel-probe": nothing is
 * written (and no write lock held) while the workload is timed. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/channel.h"
#include "isolab/channel_rows.h"
#include "isolab/lab.h"
#include "isolab/run.h"

static const long DEFAULT_RATES[] = {99, 999, 9999};

/* One fact read from a file, its texts owned. */
typedef struct output {
    long rate, events;
    char *fact, *carried, *how, *value;
} output;

/* What the probe reported, kept until it is written. */
typedef struct kept {
    isl_channel_round *rounds;
    size_t nrounds, cap_rounds;
    output *outputs;
    size_t noutputs, cap_outputs;
    char *checks[32][3]; /* a preflight's or a step's (mechanism) name, status, message */
    size_t nchecks;
    const isl_lab_tick *tick;
    isl_error *err;
} kept;

static void kept_free(kept *k)
{
    for (size_t i = 0; i < k->noutputs; i++)
        free(k->outputs[i].fact), free(k->outputs[i].carried), free(k->outputs[i].how), free(k->outputs[i].value);
    for (size_t i = 0; i < k->nchecks; i++) free(k->checks[i][0]), free(k->checks[i][1]), free(k->checks[i][2]);
    free(k->rounds), free(k->outputs);
}

/* Room for one more of an array of size each: 0, or -1 out of memory. */
static int grow(void **v, size_t n, size_t *cap, size_t size)
{
    if (n < *cap) return 0;
    size_t c = *cap ? 2 * *cap : 16;
    void *p = realloc(*v, c * size);
    if (!p) return -1;
    *v = p, *cap = c;
    return 0;
}

static isl_status on_check(void *ctx, const char *check, isl_check_status status, const char *message)
{
    kept *k = ctx;
    if (status == ISL_CHECK_SKIPPED || k->nchecks == sizeof k->checks / sizeof k->checks[0]) return ISL_OK;
    char **c = k->checks[k->nchecks];
    c[0] = strdup(check), c[1] = strdup(isl_check_status_name(status)), c[2] = strdup(message);
    k->nchecks++;
    return c[0] && c[1] && c[2] ? ISL_OK : isl_fail(k->err, ISL_ENOMEM, "out of memory");
}

/* A step of the set as built, kept once per mechanism (every condition
 * builds the set again, alike), beside the preflights. */
static isl_status on_step(void *ctx, const char *mechanism, const char *primitive, isl_step_status status,
                          const char *message)
{
    kept *k = ctx;
    for (size_t i = 0; i < k->nchecks; i++)
        if (!strcmp(k->checks[i][0], mechanism)) return ISL_OK;
    if (k->nchecks == sizeof k->checks / sizeof k->checks[0]) return ISL_OK;
    char **c = k->checks[k->nchecks];
    size_t n = strlen(primitive ? primitive : "") + strlen(message ? message : "") + 3;
    c[0] = strdup(mechanism), c[1] = strdup(isl_step_status_name(status)), c[2] = malloc(n);
    k->nchecks++;
    if (!c[0] || !c[1] || !c[2]) return isl_fail(k->err, ISL_ENOMEM, "out of memory");
    snprintf(c[2], n, "%s%s%s", primitive ? primitive : "", message && *message ? ": " : "", message ? message : "");
    return ISL_OK;
}

static isl_status on_round(void *ctx, const isl_channel_round *r)
{
    kept *k = ctx;
    if (grow((void **)&k->rounds, k->nrounds, &k->cap_rounds, sizeof *k->rounds))
        return isl_fail(k->err, ISL_ENOMEM, "out of memory");
    k->rounds[k->nrounds++] = *r;
    if (k->tick) k->tick->fn(k->tick->ctx, k->nrounds);
    return ISL_OK;
}

static isl_status on_carried(void *ctx, long rate, long events, const char *fact, const char *carried, const char *how,
                             const char *value)
{
    kept *k = ctx;
    if (grow((void **)&k->outputs, k->noutputs, &k->cap_outputs, sizeof *k->outputs))
        return isl_fail(k->err, ISL_ENOMEM, "out of memory");
    output *o = &k->outputs[k->noutputs++];
    *o = (output){rate, events, strdup(fact), strdup(carried), strdup(how), strdup(value)};
    return o->fact && o->carried && o->how && o->value ? ISL_OK : isl_fail(k->err, ISL_ENOMEM, "out of memory");
}

size_t isl_lab_channel_conditions(const isl_lab_channel *p)
{
    const isl_channel_runner *r = isl_channel_runner_find(p->channel);
    if (!r) return 0;
    size_t observers = isl_channel_runner_rated(r) ? (p->nrates ? p->nrates : 3) : 1;
    return (size_t)p->rounds * (1 + observers);
}

/* "not measurable here", naming the channels that are. */
static isl_status not_measurable(const char *channel, isl_error *err)
{
    char list[400] = "";
    size_t n = 0;
    const isl_channel_runner *r;
    for (size_t i = 0; (r = isl_channel_runner_at(i)); i++)
        n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s (%s)", i ? ", " : "",
                              isl_channel_runner_channel(r), isl_channel_runner_tool(r));
    return isl_fail(err, ISL_EINPUT, "channel '%s' is not measurable here: no program attaches it from the host "
                    "(measurable: %s)", channel, list);
}

/* Writes what k holds as run ctx's rows. */
static isl_status write_rows(isl_run_ctx *ctx, const kept *k, const isl_channel_probe_row *probe)
{
    isl_status st = isl_store_put_param(ctx, "channel", probe->channel);
    if (!st) st = isl_store_put_param(ctx, "bundle", probe->bundle);
    if (!st) st = isl_store_put_param(ctx, "workload", probe->workload);
    if (!st) st = isl_store_put_param(ctx, "order", probe->build_order);
    if (!st) st = isl_store_put_channel_probe(ctx, probe);
    for (size_t i = 0; !st && i < k->nchecks; i++)
        st = isl_store_put_channel_check(ctx, k->checks[i][0], k->checks[i][1], k->checks[i][2]);
    for (size_t i = 0; !st && i < k->nrounds; i++) {
        const isl_channel_round *r = &k->rounds[i];
        isl_channel_round_row row = {r->round, r->position, r->observed, r->rate, r->cpu_s, r->wall_s,
                                     r->observer_cpu_s, r->load1, r->iterations, r->syscalls, r->events};
        st = isl_store_put_channel_round(ctx, &row);
    }
    for (size_t i = 0; !st && i < k->noutputs; i++) {
        const output *o = &k->outputs[i];
        st = isl_store_put_channel_output(ctx, o->rate, o->events, o->fact, o->carried, o->how, o->value);
    }
    return st;
}

isl_status isl_lab_channel_probe(isl_store *s, const isl_model *m, const char *argv, const isl_lab_channel *p,
                                 isl_lab_channeled *out, isl_error *err)
{
    assert(p->rounds >= 1 && (p->order == ISL_LAB_MODEL_ORDER || p->order == ISL_LAB_KERNEL_ORDER));
    memset(out, 0, sizeof *out);
    const isl_channel_runner *runner = isl_channel_runner_find(p->channel);
    if (!runner) return not_measurable(p->channel, err);
    int w = 0;
    while (isl_workload_names[w] && strcmp(isl_workload_names[w], p->workload)) w++;
    if (!isl_workload_names[w]) return isl_fail(err, ISL_EINPUT, "no workload named '%s' (cpu or sys)", p->workload);
    int rated = isl_channel_runner_rated(runner);
    if (!rated && p->nrates)
        return isl_fail(err, ISL_EUSAGE, "%s takes no --rate: %s observes every system call", p->channel,
                        isl_channel_runner_tool(runner));
    isl_probe_env env;
    isl_status st = isl_probe_env_read(&env, err);
    if (st) return st;
    snprintf(out->machine, sizeof out->machine, "%s", p->machine ? p->machine : env.hostname);
    snprintf(out->command, sizeof out->command, "%s", isl_channel_runner_shape(runner));
    /* the set's mechanisms by name, in its own order */
    const char **names = malloc((p->set.n + 1) * sizeof *names);
    if (!names) return isl_fail(err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < p->set.n; i++) names[i] = m->mech[p->set.mechs[i]].name;
    isl_probe_order order = p->order == ISL_LAB_MODEL_ORDER ? ISL_ORDER_MODEL : ISL_ORDER_KERNEL;
    isl_probe_set set = {names, p->set.n, order, NULL, 0, p->timeout_ms};
    long iterations = p->iterations ? p->iterations : isl_workload_default_iterations((isl_workload)w);
    isl_channel_plan plan = {runner, (isl_workload)w, p->nrates ? p->rates : DEFAULT_RATES,
                             p->nrates ? p->nrates : sizeof DEFAULT_RATES / sizeof DEFAULT_RATES[0],
                             p->rounds, iterations, &set, p->keep_dir, p->timeout_ms};
    kept k = {.tick = p->tick, .err = err};
    isl_probe_sink steps = {&k, on_step, NULL, NULL};
    isl_channel_sink sink = {&k, on_check, on_round, on_carried, &steps};
    st = isl_channel_probe(&plan, &sink, err);
    free(names);
    if (st) return kept_free(&k), st;
    size_t n = 0;
    for (size_t i = 0; i < k.nchecks; i++)
        if (strcmp(k.checks[i][1], "ok"))
            n += (size_t)snprintf(out->substitutes + n, n < sizeof out->substitutes ? sizeof out->substitutes - n : 0,
                                  "%s%s %s: %s", n ? "; " : "", k.checks[i][0], k.checks[i][1], k.checks[i][2]);
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, err, NULL, NULL};
    isl_channel_probe_row probe = {p->channel, p->workload, p->set.name, isl_probe_order_name(order),
                                   isl_channel_runner_shape(runner), out->machine, env.release, iterations, p->rounds};
    if (!(st = isl_store_begin_run(s, ISL_KIND_CHANNEL_PROBE, argv, m, &ctx.run_id, err))) {
        st = write_rows(&ctx, &k, &probe);
        if (st && !err->msg[0]) isl_fail(err, st, "%s", st == ISL_ENOMEM ? "out of memory" : "failed");
        st = isl_store_end_run(s, st, err);
    }
    if (!st) out->run_id = ctx.run_id, out->rows = ctx.rows, out->conditions = k.nrounds;
    kept_free(&k);
    return st;
}
