/* isolab lab: a probe, the kernel layer's readings recorded by the store as
 * one run of kind "probe" (all or nothing), each fact beside the model's
 * status for the set, as the core's rule computes it; and probes imported
 * from another database. The only caller of the kernel layer's runner. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/kernel.h"
#include "isolab/lab.h"
#include "isolab/observed.h"
#include "isolab/surface.h"

/* What the sink writes to: the run, the set being read, its counters and
 * the model's states of its facts. */
typedef struct prober {
    isl_run_ctx *ctx;
    const isl_model *m;
    int64_t set_no, steps, readings;
    const isl_fact_state *states; /* by fact index */
} prober;

static isl_status on_step(void *ctx, const char *mechanism, const char *primitive, isl_step_status status,
                          const char *message)
{
    prober *p = ctx;
    return isl_store_put_probe_step(p->ctx, p->set_no, ++p->steps, mechanism, primitive ? primitive : "",
                                    isl_step_status_name(status), message ? message : "");
}

static isl_status on_reading(void *ctx, isl_side side, const char *fact, const char *source, const char *value)
{
    prober *p = ctx;
    return isl_store_put_probe_reading(p->ctx, p->set_no, ++p->readings, isl_side_name(side), fact, source,
                                       value ? value : "");
}

/* The fact's model index, or ISL_NONE (a name the kernel layer reports that
 * the model lacks: never, as it reports the facts it was given). */
static size_t fact_index(const isl_model *m, const char *name)
{
    for (size_t i = 0; i < m->nfacts; i++)
        if (!strcmp(m->fact_name[i], name)) return i;
    return ISL_NONE;
}

static isl_status on_observed(void *ctx, const char *fact, isl_seen seen, const char *via)
{
    prober *p = ctx;
    size_t f = fact_index(p->m, fact);
    return isl_store_put_probe_fact(p->ctx, p->set_no, fact, f == ISL_NONE ? 0 : p->m->fact_pos[f],
                                    isl_seen_name(seen), via ? via : "",
                                    f == ISL_NONE ? NULL : isl_fact_state_name(p->states[f]));
}

/* The set's mechanisms' names, comma-separated, into a new string. */
static char *members_text(const isl_model *m, const isl_lab_set *set)
{
    size_t len = 1;
    for (size_t i = 0; i < set->n; i++) len += strlen(m->mech[set->mechs[i]].name) + 1;
    char *t = malloc(len), *at = t;
    if (!t) return NULL;
    *t = '\0';
    for (size_t i = 0; i < set->n; i++) at += sprintf(at, "%s%s", i ? "," : "", m->mech[set->mechs[i]].name);
    return t;
}

/* The buffers one probe needs: names of the facts (by position) and of a
 * set's mechanisms, the model's states. */
typedef struct scratch {
    const char **facts, **mechs;
    size_t *order;
    isl_fact_state *states;
    isl_work w;
} scratch;

static void scratch_free(scratch *x)
{
    free(x->facts), free(x->mechs), free(x->order), free(x->states);
    isl_work_free(&x->w);
}

static isl_status scratch_init(scratch *x, const isl_model *m, isl_error *err)
{
    memset(x, 0, sizeof *x);
    x->facts = malloc((m->nfacts + 1) * sizeof *x->facts);
    x->mechs = malloc((isl_model_list_room(m) + 1) * sizeof *x->mechs);
    x->order = malloc((m->nfacts + 1) * sizeof *x->order);
    x->states = malloc((m->nfacts + 1) * sizeof *x->states);
    if (!x->facts || !x->mechs || !x->order || !x->states || isl_work_init(&x->w, m))
        return isl_fail(err, ISL_ENOMEM, "out of memory");
    /* the facts by position, the model's order (an insertion sort: a few dozen) */
    for (size_t i = 0; i < m->nfacts; i++) {
        size_t j = i;
        for (; j > 0 && m->fact_pos[x->order[j - 1]] > m->fact_pos[i]; j--) x->order[j] = x->order[j - 1];
        x->order[j] = i;
    }
    for (size_t i = 0; i < m->nfacts; i++) x->facts[i] = m->fact_name[x->order[i]];
    return ISL_OK;
}

/* Builds and reads one set in one order as set number p->set_no. */
static isl_status probe_set(prober *p, scratch *x, const isl_lab_set *set, isl_probe_order order, int timeout_ms)
{
    const isl_model *m = p->m;
    char *members = members_text(m, set);
    if (!members) return isl_fail(p->ctx->err, ISL_ENOMEM, "out of memory");
    isl_status st = isl_store_put_probe_set(p->ctx, p->set_no, set->name, isl_probe_order_name(order), members);
    free(members);
    if (st) return st;
    for (size_t i = 0; i < set->n; i++) x->mechs[i] = m->mech[set->mechs[i]].name;
    /* the model's rule, once per set: the bundle in its own order, no channel */
    isl_fact_states(m, set->mechs, set->n, NULL, NULL, &x->w, x->states);
    p->states = x->states;
    p->steps = p->readings = 0;
    isl_probe_set ks = {x->mechs, set->n, order, x->facts, m->nfacts, timeout_ms};
    isl_probe_sink sink = {p, on_step, on_reading, on_observed};
    st = isl_probe_set_run(&ks, &sink, p->ctx->err);
    if (st && !p->ctx->err->msg[0]) isl_fail(p->ctx->err, st, "%s", st == ISL_ENOMEM ? "out of memory" : "failed");
    if (st == ISL_ETOOL) {
        /* say which set: the kernel layer speaks of the set it was given (a
         * refusal, ISL_EUSAGE, is the caller's, whatever the set) */
        char msg[sizeof p->ctx->err->msg];
        snprintf(msg, sizeof msg, "%s", p->ctx->err->msg);
        isl_fail(p->ctx->err, st, "%s, %s order: %s", *set->name ? set->name : "(no mechanism)",
                 isl_probe_order_name(order), msg);
    }
    return st;
}

isl_status isl_lab_probe_run(isl_store *s, const isl_model *m, const char *argv, const isl_lab_probe *p,
                             const isl_lab_tick *tick, isl_lab_probed *out, isl_error *err)
{
    assert(m->finished && (p->nsets == 0 || p->sets));
    memset(out, 0, sizeof *out);
    isl_probe_env env;
    isl_status st = isl_probe_env_read(&env, err);
    if (st) return st;
    out->privileged = env.privileged;
    out->orders = p->orders ? p->orders : env.privileged ? ISL_LAB_MODEL_ORDER | ISL_LAB_KERNEL_ORDER
                                                         : ISL_LAB_KERNEL_ORDER;
    snprintf(out->machine, sizeof out->machine, "%s", p->machine ? p->machine : env.hostname);
    snprintf(out->release, sizeof out->release, "%s", env.release);
    /* an earlier probe killed midway leaves at most empty cgroups of its own */
    if ((st = isl_kernel_sweep_leftovers(&out->swept, err))) return st;
    scratch x;
    if ((st = scratch_init(&x, m, err))) return scratch_free(&x), st;
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, err, NULL, NULL};
    if ((st = isl_store_begin_run(s, ISL_KIND_PROBE, argv, m, &ctx.run_id, err))) return scratch_free(&x), st;
    const char *orders = out->orders == ISL_LAB_MODEL_ORDER ? "model" : out->orders == ISL_LAB_KERNEL_ORDER ? "kernel"
                                                                                                         : "both";
    isl_probe_origin origin = {out->machine, env.release, env.lsms, env.uid, env.privileged, env.cgroup_version};
    st = isl_store_put_param(&ctx, "order", orders);
    if (!st) st = isl_store_put_param(&ctx, "machine", out->machine);
    if (!st) st = isl_store_put_provenance(&ctx, &origin);
    /* the names this build can measure, as of this run */
    if (!st) st = isl_store_put_measurable(s, err);
    prober pr = {&ctx, m, 0, 0, 0, NULL};
    for (size_t i = 0; !st && i < p->nsets; i++)
        for (int o = 0; !st && o < 2; o++) {
            if (!(out->orders & (o ? ISL_LAB_KERNEL_ORDER : ISL_LAB_MODEL_ORDER))) continue;
            pr.set_no++;
            st = probe_set(&pr, &x, &p->sets[i], o ? ISL_ORDER_KERNEL : ISL_ORDER_MODEL, p->timeout_ms);
            if (!st) out->sets++;
            if (!st && tick) tick->fn(tick->ctx, out->sets);
        }
    scratch_free(&x);
    if (st && !err->msg[0]) isl_fail(err, st, "%s", st == ISL_ENOMEM ? "out of memory" : "failed");
    st = isl_store_end_run(s, st, err);
    if (!st) out->run_id = ctx.run_id, out->rows = ctx.rows;
    return st;
}

isl_status isl_lab_import(isl_store *s, const isl_model *m, const char *path, isl_import_counts *n, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    return isl_store_import(s, path, digest, n, err);
}
