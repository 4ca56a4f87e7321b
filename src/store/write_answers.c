/* isolab store: the rows of the power set's answers (answer_frontier,
 * answer_smallest, answer_marginal) and their runs' parameters, written
 * inside a run begun with isl_store_begin_run. */
#include <stdlib.h>

#include "isolab/answers.h"
#include "isolab/textout.h"
#include "store_int.h"

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

/* Binds run id and the channel's name ('' for none) to columns 1 and 2. */
static int bind_run_channel(isl_run_ctx *c, sqlite3_stmt *q)
{
    const char *ch = c->channel == ISL_NONE ? "" : c->model->channel[c->channel].name;
    return sqlite3_bind_int64(q, 1, c->run_id) || sqlite3_bind_text(q, 2, ch, -1, SQLITE_STATIC);
}

/* Steps q with the members of mask bound as column 7 (or col), counting the row. */
static isl_status step_with_members(isl_run_ctx *c, sqlite3_stmt *q, int col, const size_t *mechs, size_t nm,
                                    uint64_t mask, const char *what)
{
    char *members = members_text(c->model, mechs, nm, mask);
    if (!members) return isl_fail(c->err, ISL_ENOMEM, "out of memory");
    isl_status st = ISL_OK;
    if (sqlite3_bind_text(q, col, members, -1, SQLITE_TRANSIENT) || sqlite3_step(q) != SQLITE_DONE)
        st = isl_db_fail(c->store, c->err, what);
    else
        c->rows++;
    free(members);
    return st;
}

isl_status isl_store_put_param(isl_run_ctx *c, const char *key, const char *value)
{
    sqlite3_stmt *q = isl_stmt(c->store, ST_RUN_PARAM, c->err);
    if (!q) return c->err->status;
    if (sqlite3_bind_int64(q, 1, c->run_id) || sqlite3_bind_text(q, 2, key, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 3, value, -1, SQLITE_TRANSIENT) || sqlite3_step(q) != SQLITE_DONE)
        return isl_db_fail(c->store, c->err, "writing the run's parameters");
    return ISL_OK;
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
    sqlite3_stmt *q = isl_stmt(c->store, ST_ANSWER_FRONTIER, c->err);
    if (!q) return c->err->status;
    if (bind_run_channel(c, q) || sqlite3_bind_int64(q, 3, (sqlite3_int64)row->size)
        || sqlite3_bind_int64(q, 4, (sqlite3_int64)row->open_surface)
        || sqlite3_bind_int64(q, 5, (sqlite3_int64)row->bundles) || sqlite3_bind_int64(q, 6, (sqlite3_int64)row->first))
        return isl_db_fail(c->store, c->err, "writing a frontier row");
    return step_with_members(c, q, 7, mechs, nm, row->first, "writing a frontier row");
}

isl_status isl_store_put_smallest(isl_run_ctx *c, const size_t *mechs, size_t nm, uint64_t mask, size_t open)
{
    sqlite3_stmt *q = isl_stmt(c->store, ST_ANSWER_SMALLEST, c->err);
    if (!q) return c->err->status;
    size_t size = 0;
    for (uint64_t k = mask; k; k &= k - 1) size++;
    if (bind_run_channel(c, q) || sqlite3_bind_int64(q, 3, (sqlite3_int64)size)
        || sqlite3_bind_int64(q, 4, (sqlite3_int64)open) || sqlite3_bind_int64(q, 5, (sqlite3_int64)mask)
        || sqlite3_bind_int64(q, 7, (sqlite3_int64)c->rows + 1))
        return isl_db_fail(c->store, c->err, "writing a smallest row");
    return step_with_members(c, q, 6, mechs, nm, mask, "writing a smallest row");
}

isl_status isl_store_put_marginal(isl_run_ctx *c, const isl_marginal_row *row)
{
    sqlite3_stmt *q = isl_stmt(c->store, ST_ANSWER_MARGINAL, c->err);
    if (!q) return c->err->status;
    if (bind_run_channel(c, q) || sqlite3_bind_int64(q, 3, (sqlite3_int64)row->mech + 1)
        || sqlite3_bind_text(q, 4, c->model->mech[row->mech].name, -1, SQLITE_STATIC)
        || sqlite3_bind_int(q, 5, row->in_bundle != 0) || sqlite3_bind_int64(q, 6, (sqlite3_int64)row->open_surface)
        || sqlite3_bind_int64(q, 7, row->delta) || sqlite3_step(q) != SQLITE_DONE)
        return isl_db_fail(c->store, c->err, "writing a marginal row");
    c->rows++;
    return ISL_OK;
}
