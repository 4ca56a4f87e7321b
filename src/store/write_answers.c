/* isolab store: the rows of the power set's answers and their runs' parameters. */
#include <assert.h>
#include <stdlib.h>

#include "isolab/answers.h"
#include "isolab/run.h"
#include "isolab/textout.h"
#include "store_int.h"

static const char ST_ANSWER_FRONTIER[] = "INSERT INTO answer_frontier(run_id, channel, size, open_surface, bundles, "
                                         "mask, members) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_ANSWER_SMALLEST[] = "INSERT INTO answer_smallest(run_id, channel, size, open_surface, mask, "
                                         "members, rank) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_ANSWER_MARGINAL[] = "INSERT INTO answer_marginal(run_id, channel, position, mechanism, "
                                         "in_bundle, open_surface, delta) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_RUN_PARAM[] = "INSERT OR IGNORE INTO run_param(run_id, key, value) VALUES (?1,?2,?3)";
static const char ST_RUN_PAIR[] = "INSERT OR IGNORE INTO run_pair(run_id, bundle, channel, digest) VALUES (?1,?2,?3,?4)";
static const char ST_MODEL_PAIR[] = "INSERT OR REPLACE INTO model_pair(bundle, channel, digest) VALUES (?1,?2,?3)";
static const char ST_RUN_MEMBER[] = "INSERT OR IGNORE INTO run_member(run_id, bundle, position, mechanism) "
                                    "VALUES (?1,?2,?3,?4)";

/* The names of the mechanisms mechs[i] whose bit i is set in mask, comma-
 * separated in bit order ("" for none): malloc'd, NULL when out of memory. */
static char *members_text(const isl_model *m, const size_t *mechs, size_t nm, uint64_t mask)
{
    isl_buf b = {NULL, 0, 0, 0};
    isl_buf_put(&b, "", 0);
    for (size_t i = 0; i < nm; i++)
        if (mask >> i & 1) isl_buf_printf(&b, "%s%s", b.n ? "," : "", m->mech[mechs[i]].name);
    return b.p; /* NULL once out of memory (isl_buf) */
}

/* The channel's name ('' for none), the second column of every answer row. */
static const char *channel_of(const isl_run_ctx *c)
{
    return c->channel == ISL_NONE ? "" : c->model->channel[c->channel].name;
}

isl_status isl_store_put_param(isl_run_ctx *c, const char *key, const char *value)
{
    return isl_db_put(c->store, ST_RUN_PARAM, c->err, "writing the run's parameters", "itt", c->run_id, key, value);
}

isl_status isl_store_put_members(isl_run_ctx *c, size_t bundle)
{
    assert(bundle < c->model->nbundles);
    const isl_bundle *b = &c->model->bundle[bundle];
    isl_status st = ISL_OK;
    for (size_t k = 0; !st && k < b->n; k++)
        st = isl_db_put(c->store, ST_RUN_MEMBER, c->err, "writing a list's members", "itit", c->run_id, b->name,
                        (int64_t)k + 1, c->model->mech[b->members[k]].name);
    return st;
}

isl_status isl_store_put_pair(isl_run_ctx *c, size_t bundle, size_t channel)
{
    char digest[17];
    const isl_model *m = c->model;
    isl_model_pair_digest(m, bundle, channel, digest);
    /* computed from the model now in the database: its digest is model_pair's */
    isl_status st = isl_db_put(c->store, ST_RUN_PAIR, c->err, "writing what the run read", "ittt", c->run_id,
                               m->bundle[bundle].name, m->channel[channel].name, digest);
    if (!st) st = isl_db_put(c->store, ST_MODEL_PAIR, c->err, "writing what the run read", "ttt",
                             m->bundle[bundle].name, m->channel[channel].name, digest);
    return st;
}

isl_status isl_store_put_mechanisms(isl_run_ctx *c, const size_t *mechs, size_t nm)
{
    char *list = members_text(c->model, mechs, nm, nm >= 64 ? UINT64_MAX : ((uint64_t)1 << nm) - 1);
    if (!list) return isl_fail(c->err, ISL_ENOMEM, "out of memory");
    isl_status st = isl_store_put_param(c, "mechanisms", list);
    free(list);
    return st;
}

isl_status isl_store_put_frontier(isl_run_ctx *c, const size_t *mechs, size_t nm, const isl_frontier_row *row)
{
    char *members = members_text(c->model, mechs, nm, row->first);
    isl_status st = !members ? isl_fail(c->err, ISL_ENOMEM, "out of memory")
                             : isl_db_put(c->store, ST_ANSWER_FRONTIER, c->err, "writing a frontier row", "itiiiit",
                                          c->run_id, channel_of(c), (int64_t)row->size, (int64_t)row->open_surface,
                                          (int64_t)row->bundles, (int64_t)row->first, members);
    free(members);
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_smallest(isl_run_ctx *c, const size_t *mechs, size_t nm, uint64_t mask, size_t open)
{
    size_t size = (size_t)__builtin_popcountll(mask);
    char *members = members_text(c->model, mechs, nm, mask);
    isl_status st = !members ? isl_fail(c->err, ISL_ENOMEM, "out of memory")
                             : isl_db_put(c->store, ST_ANSWER_SMALLEST, c->err, "writing a smallest row", "itiiiti",
                                          c->run_id, channel_of(c), (int64_t)size, (int64_t)open, (int64_t)mask,
                                          members, (int64_t)c->rows + 1);
    free(members);
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_marginal(isl_run_ctx *c, const isl_marginal_row *row)
{
    isl_status st = isl_db_put(c->store, ST_ANSWER_MARGINAL, c->err, "writing a marginal row", "ititiii", c->run_id,
                               channel_of(c), (int64_t)row->mech + 1, c->model->mech[row->mech].name,
                               (int64_t)(row->in_bundle != 0), (int64_t)row->open_surface, (int64_t)row->delta);
    if (!st) isl_run_count(c, 1);
    return st;
}
