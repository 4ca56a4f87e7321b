/* isolab store: writing fact statuses, the bulk of a run. Each status is one
 * row of integer ids and a status code in fact_status_row; the run's bundle,
 * channel and fact names go once into fact_status_bundle, _channel and _fact
 * (see schema/011_fact_status_ids.sql). Ids are ranks in name order, so the
 * view fact_status lists rows in the order of their names; within a bundle x
 * channel the rows are written in key order.
 *
 * The rows of one bundle x channel go into the B-tree with one
 * INSERT INTO fact_status_row SELECT ... FROM isl_status_codes(?), a
 * table-valued function over the core's states (modelled on SQLite's
 * ext/misc/series.c), instead of a bind/step/reset round trip per row. It is
 * registered on isolab's own connection only; nothing in the schema uses it. */
#include <stdlib.h>
#include <string.h>

#include "isolab/sort.h"
#include "store_int.h"

/* ---- isl_status_codes(P): the fact statuses of one surface row ---------
 * P is a pointer bound with sqlite3_bind_pointer(..., "isl_status_codes"):
 * an isl_codes. One row per fact in rank order: fact_id (rank + 1) and
 * status (1..4); absent facts are skipped. */
typedef struct isl_codes {
    const isl_fact_state *states; /* per fact index */
    const size_t *fact_of_rank;
    size_t n;
} isl_codes;

typedef struct codes_cursor {
    sqlite3_vtab_cursor base;
    const isl_codes *codes;
    size_t rank;
} codes_cursor;

enum { CODES_FACT_ID, CODES_STATUS, CODES_ARG };

/* The code stored for a state (schema/011: 1 visible .. 4 closed) is the
 * state itself; 0 is absent. */
_Static_assert(ISL_FACT_ABSENT == 0 && ISL_FACT_VISIBLE == 1 && ISL_FACT_LEFT_OPEN == 2 && ISL_FACT_RETURNS == 3
                   && ISL_FACT_CLOSED == 4,
               "a fact state is its status code");

static int codes_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err)
{
    (void)aux, (void)argc, (void)argv, (void)err;
    int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(fact_id, status, arg HIDDEN)");
    if (rc != SQLITE_OK) return rc;
    sqlite3_vtab *v = sqlite3_malloc(sizeof *v);
    if (!v) return SQLITE_NOMEM;
    memset(v, 0, sizeof *v);
    sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
    *out = v;
    return SQLITE_OK;
}

static int codes_disconnect(sqlite3_vtab *v)
{
    sqlite3_free(v);
    return SQLITE_OK;
}

static int codes_open(sqlite3_vtab *v, sqlite3_vtab_cursor **out)
{
    (void)v;
    codes_cursor *c = sqlite3_malloc(sizeof *c);
    if (!c) return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    *out = &c->base;
    return SQLITE_OK;
}

static int codes_close(sqlite3_vtab_cursor *cur)
{
    sqlite3_free(cur);
    return SQLITE_OK;
}

/* Moves to the first fact at or after c->rank that is in the fact set. */
static void codes_skip(codes_cursor *c)
{
    while (c->codes && c->rank < c->codes->n && c->codes->states[c->codes->fact_of_rank[c->rank]] == ISL_FACT_ABSENT)
        c->rank++;
}

static int codes_filter(sqlite3_vtab_cursor *cur, int idx, const char *idxstr, int argc, sqlite3_value **argv)
{
    (void)idxstr;
    codes_cursor *c = (codes_cursor *)cur;
    c->codes = idx && argc == 1 ? sqlite3_value_pointer(argv[0], "isl_status_codes") : NULL;
    c->rank = 0;
    codes_skip(c);
    return SQLITE_OK;
}

static int codes_next(sqlite3_vtab_cursor *cur)
{
    codes_cursor *c = (codes_cursor *)cur;
    c->rank++;
    codes_skip(c);
    return SQLITE_OK;
}

static int codes_eof(sqlite3_vtab_cursor *cur)
{
    codes_cursor *c = (codes_cursor *)cur;
    return !c->codes || c->rank >= c->codes->n;
}

static int codes_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    codes_cursor *c = (codes_cursor *)cur;
    if (col == CODES_FACT_ID) sqlite3_result_int64(ctx, (sqlite3_int64)c->rank + 1);
    else if (col == CODES_STATUS) sqlite3_result_int(ctx, (int)c->codes->states[c->codes->fact_of_rank[c->rank]]);
    else sqlite3_result_null(ctx);
    return SQLITE_OK;
}

static int codes_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    *rowid = (sqlite3_int64)((codes_cursor *)cur)->rank + 1;
    return SQLITE_OK;
}

/* Only a call with its argument: isl_status_codes(P). */
static int codes_best_index(sqlite3_vtab *v, sqlite3_index_info *info)
{
    (void)v;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *k = &info->aConstraint[i];
        if (k->iColumn != CODES_ARG) continue;
        if (!k->usable || k->op != SQLITE_INDEX_CONSTRAINT_EQ) return SQLITE_CONSTRAINT;
        info->aConstraintUsage[i].argvIndex = 1;
        info->aConstraintUsage[i].omit = 1;
        info->idxNum = 1;
        info->estimatedCost = 1000;
        info->orderByConsumed = info->nOrderBy == 1 && info->aOrderBy[0].iColumn == CODES_FACT_ID
                             && !info->aOrderBy[0].desc;
        return SQLITE_OK;
    }
    return SQLITE_CONSTRAINT;
}

static const sqlite3_module CODES_MODULE = {
    .iVersion = 0,
    .xConnect = codes_connect,
    .xBestIndex = codes_best_index,
    .xDisconnect = codes_disconnect,
    .xOpen = codes_open,
    .xClose = codes_close,
    .xFilter = codes_filter,
    .xNext = codes_next,
    .xEof = codes_eof,
    .xColumn = codes_column,
    .xRowid = codes_rowid,
};

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
    if (!c->store->codes_module) {
        if (sqlite3_create_module_v2(c->store->db, "isl_status_codes", &CODES_MODULE, NULL, NULL) != SQLITE_OK)
            return isl_db_fail(c->store, c->err, "registering isl_status_codes");
        c->store->codes_module = 1;
    }
    size_t nb = m->nbundles, nc = m->nchannels, n = m->nfacts + nb + nc + 1;
    isl_status_ids *ids = calloc(1, sizeof *ids + n * sizeof(size_t) + nb + nc);
    const char **names = malloc(n * sizeof *names);
    size_t *order = malloc(n * sizeof *order);
    int ok = ids && names && order;
    if (ok) {
        ids->model = m;
        ids->fact_of_rank = (size_t *)(ids + 1);
        ids->bundle_id = ids->fact_of_rank + m->nfacts;
        ids->channel_id = ids->bundle_id + nb;
        ids->bundle_done = (unsigned char *)(ids->channel_id + nc);
        ids->channel_done = ids->bundle_done + nb;
        rank((const char *const *)m->fact_name, m->nfacts, ids->fact_of_rank, NULL);
        /* bundle and channel names live in their structs */
        for (size_t i = 0; i < nb; i++) names[i] = m->bundle[i].name;
        rank(names, nb, order, ids->bundle_id);
        for (size_t i = 0; i < nc; i++) names[i] = m->channel[i].name;
        rank(names, nc, order, ids->channel_id);
        *out = ids;
    } else {
        free(ids);
    }
    free(names);
    free(order);
    return ok ? ISL_OK : isl_fail(c->err, ISL_ENOMEM, "out of memory");
}

/* The run's facts, once: id = rank + 1, with axis and position (index + 1). */
static isl_status put_facts(isl_run_ctx *c, const isl_status_ids *ids)
{
    const isl_model *m = c->model;
    isl_status st = ISL_OK;
    for (size_t r = 0; r < m->nfacts && !st; r++) {
        size_t f = ids->fact_of_rank[r];
        st = isl_db_put(c->store, ST_FS_FACT, c->err, "writing the run's facts", "iitti", c->run_id, (int64_t)r + 1,
                        m->fact_name[f], m->axis_name[m->fact_axis[f]], (int64_t)f + 1);
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
    sqlite3_stmt *q = isl_stmt(s, ST_FACT_STATUS, c->err);
    if (!q) return c->err->status;
    isl_codes codes = {row->states, ids->fact_of_rank, m->nfacts};
    if (sqlite3_bind_int64(q, 1, c->run_id) || sqlite3_bind_int64(q, 2, (sqlite3_int64)ids->bundle_id[row->bundle])
        || sqlite3_bind_int64(q, 3, (sqlite3_int64)ids->channel_id[row->channel])
        || sqlite3_bind_pointer(q, 4, &codes, "isl_status_codes", NULL) || sqlite3_step(q) != SQLITE_DONE) {
        st = isl_db_fail(s, c->err, "writing the fact statuses");
        sqlite3_reset(q);
        return st;
    }
    isl_run_count(c, (size_t)sqlite3_changes64(s->db));
    sqlite3_reset(q);
    return ISL_OK;
}
