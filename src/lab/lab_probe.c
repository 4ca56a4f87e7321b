/* isolab lab: a probe, the kernel layer's readings recorded by the store as
 * one run of kind "probe" (all or nothing), each fact beside the model's
 * status for the set, as the core's rule computes it; and probes imported
 * from another database. The only caller of the kernel layer's runner.
 * Every set is built and read before the run begins: the database is
 * locked for the writing only. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
#include "isolab/kernel.h"
#include "isolab/lab.h"
#include "isolab/measurable.h"
#include "isolab/observed.h"
#include "isolab/run.h"
#include "isolab/surface.h"
#include "isolab/textout.h"

/* What the kernel layer reports, kept in memory until every set is read:
 * the run is then written in one short transaction, so a long probe
 * (--subsets) holds no lock while it builds. kind 'S' a set begins (code:
 * its order; set: its index), 's' a step (code: its status), 'r' a reading
 * (code: its side), 'f' a fact (code: seen; state: the model's, fact: its
 * index or ISL_NONE). */
typedef struct event {
    char kind;
    int code;
    isl_fact_state state;
    size_t set, fact;
    char *text[4];
} event;

typedef struct events {
    event *v;
    size_t n, cap;
    const isl_model *m;
    const isl_fact_state *states; /* the set being read's, by fact index */
    isl_error *err;
    /* the set being read's steps not built (skipped, refused, failed): the
     * mechanisms' indexes and statuses, room for every mechanism */
    size_t *unbuilt, nunbuilt;
    isl_step_status *unbuilt_status;
} events;

static void events_free(events *e)
{
    for (size_t i = 0; i < e->n; i++)
        for (int k = 0; k < 4; k++) free(e->v[i].text[k]);
    free(e->v);
}

/* Appends an event with copies of up to four texts (NULL: ""). */
static isl_status add_event(events *e, event x, const char *a, const char *b, const char *c, const char *d)
{
    event *slot = isl_grow(&e->v, &e->cap, e->n, sizeof *slot);
    if (!slot) return isl_fail(e->err, ISL_ENOMEM, "out of memory");
    const char *t[4] = {a, b, c, d};
    *slot = x;
    e->n++; /* freed whole by events_free, texts NULL until copied */
    for (int k = 0; k < 4; k++)
        if (!(slot->text[k] = strdup(t[k] ? t[k] : ""))) return isl_fail(e->err, ISL_ENOMEM, "out of memory");
    return ISL_OK;
}

static isl_status on_step(void *ctx, const char *mechanism, const char *primitive, isl_step_status status,
                          const char *message)
{
    events *e = ctx;
    if (status == ISL_STEP_SKIPPED || status == ISL_STEP_REFUSED || status == ISL_STEP_FAILED) {
        size_t k = isl_model_find_mechanism(e->m, mechanism);
        if (k != ISL_NONE && e->nunbuilt < e->m->nmech)
            e->unbuilt[e->nunbuilt] = k, e->unbuilt_status[e->nunbuilt++] = status;
    }
    return add_event(ctx, (event){.kind = 's', .code = (int)status}, mechanism, primitive, message, NULL);
}

static isl_status on_reading(void *ctx, isl_side side, const char *fact, const char *source, const char *value)
{
    return add_event(ctx, (event){.kind = 'r', .code = (int)side}, fact, source, value, NULL);
}

/* The fact's model index, or ISL_NONE (a name the kernel layer reports that
 * the model lacks: never, as it reports the facts it was given). */
static size_t fact_index(const isl_model *m, const char *name)
{
    for (size_t i = 0; i < m->nfacts; i++)
        if (!strcmp(m->fact_name[i], name)) return i;
    return ISL_NONE;
}

/* A fact on the axes of a mechanism of the set that was not built is
 * unmeasured for that set: what the kernel showed says nothing of a
 * mechanism it never had (via names the step). */
static isl_status on_observed(void *ctx, const char *fact, isl_seen seen, const char *via)
{
    events *e = ctx;
    size_t f = fact_index(e->m, fact);
    char why[300];
    for (size_t k = 0; f != ISL_NONE && k < e->nunbuilt; k++)
        if (isl_bit_test(e->m->mech[e->unbuilt[k]].closes, f)) {
            snprintf(why, sizeof why, "not built: %s %s", e->m->mech[e->unbuilt[k]].name,
                     isl_step_status_name(e->unbuilt_status[k]));
            seen = ISL_SEEN_UNMEASURED, via = why;
            break;
        }
    event x = {.kind = 'f', .code = (int)seen, .fact = f, .state = f == ISL_NONE ? ISL_FACT_ABSENT : e->states[f]};
    return add_event(e, x, fact, via, NULL, NULL);
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

/* The buffers one probe needs: names of the facts (in the model's order,
 * its index order) and of a set's mechanisms, the model's states. */
typedef struct scratch {
    const char **facts, **mechs;
    isl_fact_state *states;
    size_t *unbuilt;
    isl_step_status *unbuilt_status;
    isl_work w;
} scratch;

static void scratch_free(scratch *x)
{
    free(x->facts), free(x->mechs), free(x->states), free(x->unbuilt), free(x->unbuilt_status);
    isl_work_free(&x->w);
}

static isl_status scratch_init(scratch *x, const isl_model *m, isl_error *err)
{
    memset(x, 0, sizeof *x);
    x->facts = malloc((m->nfacts + 1) * sizeof *x->facts);
    x->mechs = malloc((isl_model_list_room(m) + 1) * sizeof *x->mechs);
    x->states = malloc((m->nfacts + 1) * sizeof *x->states);
    x->unbuilt = malloc((m->nmech + 1) * sizeof *x->unbuilt);
    x->unbuilt_status = malloc((m->nmech + 1) * sizeof *x->unbuilt_status);
    if (!x->facts || !x->mechs || !x->states || !x->unbuilt || !x->unbuilt_status || isl_work_init(&x->w, m))
        return isl_fail(err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < m->nfacts; i++) x->facts[i] = m->fact_name[i];
    return ISL_OK;
}

/* Builds and reads sets[i] in one order, its reports kept in e. */
static isl_status probe_set(events *e, scratch *x, const isl_lab_set *sets, size_t i, isl_probe_order order,
                            int timeout_ms)
{
    const isl_model *m = e->m;
    const isl_lab_set *set = &sets[i];
    isl_status st = add_event(e, (event){.kind = 'S', .code = (int)order, .set = i}, NULL, NULL, NULL, NULL);
    if (st) return st;
    for (size_t k = 0; k < set->n; k++) x->mechs[k] = m->mech[set->mechs[k]].name;
    /* the model's rule, once per set: the bundle in its own order, no channel */
    isl_fact_states(m, set->mechs, set->n, NULL, NULL, &x->w, x->states);
    e->states = x->states;
    e->unbuilt = x->unbuilt, e->unbuilt_status = x->unbuilt_status, e->nunbuilt = 0;
    isl_probe_set ks = {x->mechs, set->n, order, x->facts, m->nfacts, timeout_ms};
    isl_probe_sink sink = {e, on_step, on_reading, on_observed};
    st = isl_probe_set_run(&ks, &sink, e->err);
    if (st && !e->err->msg[0]) isl_fail(e->err, st, "%s", st == ISL_ENOMEM ? "out of memory" : "failed");
    if (st == ISL_ETOOL) {
        /* say which set: the kernel layer speaks of the set it was given (a
         * refusal, ISL_EUSAGE, is the caller's, whatever the set) */
        char msg[sizeof e->err->msg];
        snprintf(msg, sizeof msg, "%s", e->err->msg);
        isl_fail(e->err, st, "%s, %s order: %s", *set->name ? set->name : "(no mechanism)",
                 isl_probe_order_name(order), msg);
    }
    return st;
}

/* Writes the events of e as the rows of run c->run_id, sets numbered from 1. */
static isl_status write_events(isl_run_ctx *c, const events *e, const isl_lab_set *sets)
{
    int64_t set_no = 0, steps = 0, readings = 0;
    isl_status st = ISL_OK;
    for (size_t i = 0; !st && i < e->n; i++) {
        const event *x = &e->v[i];
        char *const *t = x->text;
        if (x->kind == 'S') {
            char *members = members_text(c->model, &sets[x->set]);
            steps = readings = 0;
            st = members ? isl_store_put_probe_set(c, ++set_no, sets[x->set].name,
                                                   isl_probe_order_name((isl_probe_order)x->code), members)
                         : isl_fail(c->err, ISL_ENOMEM, "out of memory");
            free(members);
        } else if (x->kind == 's') {
            st = isl_store_put_probe_step(c, set_no, ++steps, t[0], t[1], isl_step_status_name((isl_step_status)x->code),
                                          t[2]);
        } else if (x->kind == 'r') {
            st = isl_store_put_probe_reading(c, set_no, ++readings, isl_side_name((isl_side)x->code), t[0], t[1], t[2]);
        } else {
            assert(x->kind == 'f');
            st = isl_store_put_probe_fact(c, set_no, t[0], x->fact == ISL_NONE ? 0 : c->model->fact_pos[x->fact],
                                          isl_seen_name((isl_seen)x->code), t[1],
                                          x->fact == ISL_NONE ? NULL : isl_fact_state_name(x->state));
        }
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
    if ((st = isl_kernel_sweep_leftovers(&out->swept_cgroups, &out->swept_scratch, err))) return st;
    /* every set built and read first, each report kept */
    scratch x;
    events e = {NULL, 0, 0, m, NULL, err, NULL, 0, NULL};
    if (!(st = scratch_init(&x, m, err)))
        for (size_t i = 0; !st && i < p->nsets; i++)
            for (int o = 0; !st && o < 2; o++) {
                if (!(out->orders & (o ? ISL_LAB_KERNEL_ORDER : ISL_LAB_MODEL_ORDER))) continue;
                st = probe_set(&e, &x, p->sets, i, o ? ISL_ORDER_KERNEL : ISL_ORDER_MODEL, p->timeout_ms);
                if (!st) out->sets++;
                if (!st && tick) tick->fn(tick->ctx, out->sets);
            }
    scratch_free(&x);
    if (st) return events_free(&e), st;
    /* then the run, in one transaction */
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, err, NULL, NULL};
    if ((st = isl_store_begin_run(s, ISL_KIND_PROBE, argv, m, &ctx.run_id, err))) return events_free(&e), st;
    const char *orders = out->orders == ISL_LAB_MODEL_ORDER ? "model" : out->orders == ISL_LAB_KERNEL_ORDER ? "kernel"
                                                                                                         : "both";
    isl_probe_origin origin = {out->machine, env.release, env.lsms, env.uid, env.privileged, env.cgroup_version};
    st = isl_store_put_param(&ctx, "order", orders);
    if (!st) st = isl_store_put_param(&ctx, "machine", out->machine);
    if (!st) st = isl_store_put_provenance(&ctx, &origin);
    /* the names this build can measure, as of this run */
    if (!st) st = isl_store_put_measurable(s, err);
    if (!st) st = write_events(&ctx, &e, p->sets);
    events_free(&e);
    if (st && !err->msg[0]) isl_fail(err, st, "%s", st == ISL_ENOMEM ? "out of memory" : "failed");
    st = isl_store_end_run(s, st, err);
    if (!st) out->run_id = ctx.run_id, out->rows = ctx.rows;
    return st;
}

isl_status isl_lab_import(isl_store *s, const isl_model *m, const char *path, isl_import_counts *n, isl_error *err)
{
    char digest[17];
    isl_model_mechanisms_digest(m, digest);
    return isl_store_import(s, path, digest, n, err);
}
