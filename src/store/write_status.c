/* isolab store: writing fact statuses, the bulk of a run: rows of integer ids
 * (ranks in name order) and a status code, the names once per run
 * (schema/011_fact_status_ids.sql). A bundle x channel's rows go in with one
 * INSERT ... SELECT from json_each over the codes (a bind and step per row
 * took 1.5x to 1.8x as long: docs/PERFORMANCE.md). */
#include <stdlib.h>

#include "isolab/sort.h"
#include "store_int.h"
#include "write_status.h"

static const char ST_FACT_STATUS[] = "INSERT INTO fact_status_row(run_id, bundle_id, channel_id, fact_id, status) "
                                     "SELECT ?1, ?2, ?3, key + 1, value FROM json_each(?4) WHERE value > 0";
static const char ST_FS_BUNDLE[] = "INSERT INTO fact_status_bundle(run_id, bundle_id, bundle) VALUES (?1,?2,?3)";
static const char ST_FS_CHANNEL[] = "INSERT INTO fact_status_channel(run_id, channel_id, channel) VALUES (?1,?2,?3)";
static const char ST_FS_FACT[] = "INSERT INTO fact_status_fact(run_id, fact_id, fact, axis, position) VALUES "
                                 "(?1,?2,?3,?4,?5)";

_Static_assert(ISL_FACT_ABSENT == 0 && ISL_FACT_VISIBLE == 1 && ISL_FACT_LEFT_OPEN == 2 && ISL_FACT_RETURNS == 3
                   && ISL_FACT_CLOSED == 4,
               "a fact state is its status code");

/* Name ranks of one model, for the run being written: one allocation. */
struct isl_status_ids {
    const isl_model *model;
    size_t *fact_of_rank;           /* fact index of rank 0, 1, ... */
    size_t *bundle_id, *channel_id; /* per model index: rank + 1 */
    unsigned char *bundle_done, *channel_done;
};

/* Sorts the indexes of names[0..n) by name into order; with id, id[i] =
 * the rank of names[i] + 1. */
static void rank(const char *const *names, size_t n, size_t *order, size_t *id)
{
    for (size_t i = 0; i < n; i++) order[i] = i;
    isl_sort_by_name(order, names, n);
    for (size_t r = 0; id && r < n; r++) id[order[r]] = r + 1;
}

static isl_status ids_new(isl_run_ctx *c, isl_status_ids **out)
{
    const isl_model *m = c->model;
    size_t nf = m->nfacts, nb = m->nbundles, nc = m->nchannels;
    /* the struct, fact_of_rank, bundle_id, channel_id, order, names, done flags */
    isl_status_ids *ids = calloc(1, sizeof *ids + (nf + 2 * (nb + nc)) * sizeof(size_t)
                                        + (nb + nc) * sizeof(char *) + nb + nc);
    if (!ids) return isl_fail(c->err, ISL_ENOMEM, "out of memory");
    ids->model = m;
    ids->fact_of_rank = (size_t *)(ids + 1);
    ids->bundle_id = ids->fact_of_rank + nf;
    ids->channel_id = ids->bundle_id + nb;
    size_t *order = ids->channel_id + nc;
    const char **names = (const char **)(order + nb + nc);
    ids->bundle_done = (unsigned char *)(names + nb + nc);
    ids->channel_done = ids->bundle_done + nb;
    rank((const char *const *)m->fact_name, nf, ids->fact_of_rank, NULL);
    /* bundle and channel names live in their structs */
    for (size_t i = 0; i < nb; i++) names[i] = m->bundle[i].name;
    for (size_t i = 0; i < nc; i++) names[nb + i] = m->channel[i].name;
    rank(names, nb, order, ids->bundle_id);
    rank(names + nb, nc, order, ids->channel_id);
    *out = ids;
    return ISL_OK;
}

/* The run's facts, once: id = rank + 1, with axis and position (the fact's). */
static isl_status put_facts(isl_run_ctx *c, const isl_status_ids *ids)
{
    const isl_model *m = c->model;
    isl_status st = ISL_OK;
    for (size_t r = 0; r < m->nfacts && !st; r++) {
        size_t f = ids->fact_of_rank[r];
        st = isl_db_put(c->store, ST_FS_FACT, c->err, "writing the run's facts", "iitti", c->run_id, (int64_t)r + 1,
                        m->fact_name[f], m->axis_name[m->fact_axis[f]], (int64_t)m->fact_pos[f]);
    }
    return st;
}

isl_status isl_store_put_statuses(isl_run_ctx *c, const isl_surface_row *row)
{
    isl_store *s = c->store;
    const isl_model *m = c->model;
    isl_status st;
    if (!s->status_ids || s->status_ids->model != m) {
        free(s->status_ids);
        s->status_ids = NULL;
        if ((st = ids_new(c, &s->status_ids))) return st;
        if ((st = put_facts(c, s->status_ids))) return st;
    }
    isl_status_ids *ids = s->status_ids;
    if (!ids->bundle_done[row->bundle]) {
        if ((st = isl_db_put(s, ST_FS_BUNDLE, c->err, "writing the run's bundles", "iit", c->run_id,
                             (int64_t)ids->bundle_id[row->bundle], m->bundle[row->bundle].name)))
            return st;
        ids->bundle_done[row->bundle] = 1;
    }
    if (!ids->channel_done[row->channel]) {
        if ((st = isl_db_put(s, ST_FS_CHANNEL, c->err, "writing the run's channels", "iit", c->run_id,
                             (int64_t)ids->channel_id[row->channel], m->channel[row->channel].name)))
            return st;
        ids->channel_done[row->channel] = 1;
    }
    /* "[c,c,...]": each fact's code, in rank order */
    char *codes = malloc(2 * m->nfacts + 3), *p = codes;
    if (!codes) return isl_fail(c->err, ISL_ENOMEM, "out of memory");
    *p++ = '[';
    for (size_t r = 0; r < m->nfacts; r++) {
        if (r) *p++ = ',';
        *p++ = (char)('0' + row->states[ids->fact_of_rank[r]]);
    }
    *p++ = ']';
    *p = '\0';
    st = isl_db_put(s, ST_FACT_STATUS, c->err, "writing the fact statuses", "iiit", c->run_id,
                    (int64_t)ids->bundle_id[row->bundle], (int64_t)ids->channel_id[row->channel], codes);
    free(codes);
    if (!st) isl_run_count(c, (size_t)sqlite3_changes64(s->db));
    return st;
}
