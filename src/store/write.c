/* isolab store: writing runs. A run is one BEGIN IMMEDIATE transaction:
 * its run row and every result row commit together or not at all. */
#include <stdio.h>
#include <string.h>

#include "isolab/version.h"
#include "store_int.h"


/* Steps a bound insert; on failure records what was being written. */
static isl_status step_done(isl_run_ctx *c, sqlite3_stmt *q, const char *what)
{
    if (sqlite3_step(q) != SQLITE_DONE) return isl_db_fail(c->store, c->err, what);
    c->rows++;
    return ISL_OK;
}

isl_status isl_store_begin_run(isl_store *s, const char *kind, const char *argv,
                               const isl_model *m, int64_t *run_id, isl_error *err)
{
    char digest[17];
    isl_status st = isl_db_exec(s, "BEGIN IMMEDIATE", err);
    if (st) return st;
    s->in_run = 1;
    isl_model_digest(m, digest);
    sqlite3_stmt *q = isl_stmt(s, ST_RUN_INSERT, err);
    if (!q) return isl_store_end_run(s, err->status, err);
    if (sqlite3_bind_text(q, 1, kind, -1, SQLITE_STATIC) || sqlite3_bind_text(q, 2, digest, -1, SQLITE_TRANSIENT)
        || sqlite3_bind_text(q, 3, ISOLAB_VERSION, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 4, argv, -1, SQLITE_STATIC) || sqlite3_step(q) != SQLITE_DONE)
        return isl_store_end_run(s, isl_db_fail(s, err, "writing the run"), err);
    *run_id = s->run_id = sqlite3_last_insert_rowid(s->db);
    return ISL_OK;
}

isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err)
{
    if (!s->in_run) return st;
    if (!st) {
        sqlite3_stmt *q = isl_stmt(s, ST_RUN_FINISH, err);
        if (!q) st = err->status;
        else if (sqlite3_bind_int64(q, 1, s->run_id) || sqlite3_step(q) != SQLITE_DONE)
            st = isl_db_fail(s, err, "finishing the run");
    }
    if (!st) {
        if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
            s->in_run = 0;
            return ISL_OK;
        }
        st = isl_db_fail(s, err, "committing the run");
    }
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    s->in_run = 0;
    return st;
}

/* Binds run id, bundle and channel names: the first three columns of every
 * result row. */
static int bind_head(isl_run_ctx *c, sqlite3_stmt *q, size_t bundle, size_t channel)
{
    return sqlite3_bind_int64(q, 1, c->run_id)
        || sqlite3_bind_text(q, 2, c->model->bundle[bundle].name, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 3, c->model->channel[channel].name, -1, SQLITE_STATIC);
}

isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row)
{
    isl_run_ctx *c = ctx;
    const isl_model *m = c->model;
    sqlite3_stmt *q = isl_stmt(c->store, ST_SURFACE, c->err);
    if (!q) return c->err->status;
    if (bind_head(c, q, row->bundle, row->channel) || sqlite3_bind_int64(q, 4, (sqlite3_int64)row->s.visible)
        || sqlite3_bind_int64(q, 5, (sqlite3_int64)row->s.returned)
        || sqlite3_bind_int64(q, 6, (sqlite3_int64)row->s.open_surface)
        || sqlite3_bind_int64(q, 7, (sqlite3_int64)row->s.open_axes) || sqlite3_bind_double(q, 8, row->cost_pct)
        || sqlite3_bind_int64(q, 9, row->run_time)
        || (row->has_cost_per_fact ? sqlite3_bind_double(q, 10, row->cost_per_fact) : sqlite3_bind_null(q, 10)))
        return isl_db_fail(c->store, c->err, "writing a surface");
    isl_status st = step_done(c, q, "writing a surface");
    if (st) return st;
    q = isl_stmt(c->store, ST_FACT_STATUS, c->err);
    if (!q) return c->err->status;
    if (bind_head(c, q, row->bundle, row->channel)) return isl_db_fail(c->store, c->err, "writing a fact status");
    for (size_t f = 0; f < m->nfacts; f++) {
        if (row->states[f] == ISL_FACT_ABSENT) continue;
        if (sqlite3_bind_text(q, 4, m->fact_name[f], -1, SQLITE_STATIC)
            || sqlite3_bind_text(q, 5, isl_fact_state_name(row->states[f]), -1, SQLITE_STATIC)
            || sqlite3_bind_text(q, 6, m->axis_name[m->fact_axis[f]], -1, SQLITE_STATIC)
            || sqlite3_bind_int64(q, 7, (sqlite3_int64)f + 1))
            return isl_db_fail(c->store, c->err, "writing a fact status");
        if ((st = step_done(c, q, "writing a fact status"))) return st;
        sqlite3_reset(q);
    }
    return ISL_OK;
}

isl_status isl_store_put_sample(void *ctx, const isl_sample_row *row)
{
    isl_run_ctx *c = ctx;
    sqlite3_stmt *q = isl_stmt(c->store, ST_SAMPLE, c->err);
    if (!q) return c->err->status;
    if (bind_head(c, q, c->bundle, c->channel) || sqlite3_bind_int64(q, 4, row->samples)
        || sqlite3_bind_int64(q, 5, row->lines) || sqlite3_bind_int64(q, 6, (sqlite3_int64)row->returned)
        || (row->has_lines_per_fact ? sqlite3_bind_int64(q, 7, row->lines_per_fact) : sqlite3_bind_null(q, 7)))
        return isl_db_fail(c->store, c->err, "writing a sample sweep row");
    return step_done(c, q, "writing a sample sweep row");
}

/* Binds the four surface counts from column `first` on. */
static int bind_surface(sqlite3_stmt *q, int first, const isl_surface *s)
{
    return sqlite3_bind_int64(q, first, (sqlite3_int64)s->visible)
        || sqlite3_bind_int64(q, first + 1, (sqlite3_int64)s->returned)
        || sqlite3_bind_int64(q, first + 2, (sqlite3_int64)s->open_surface)
        || sqlite3_bind_int64(q, first + 3, (sqlite3_int64)s->open_axes);
}

isl_status isl_store_put_removal(void *ctx, const isl_removal_row *row)
{
    isl_run_ctx *c = ctx;
    sqlite3_stmt *q = isl_stmt(c->store, ST_REMOVAL, c->err);
    if (!q) return c->err->status;
    int rc = bind_head(c, q, c->bundle, c->channel) || bind_surface(q, 6, &row->s);
    if (!rc && row->fact != ISL_NONE)
        rc = sqlite3_bind_text(q, 4, c->model->fact_name[row->fact], -1, SQLITE_STATIC)
          || sqlite3_bind_int64(q, 5, (sqlite3_int64)row->fact + 1);
    if (rc) return isl_db_fail(c->store, c->err, "writing a removal sweep row");
    return step_done(c, q, "writing a removal sweep row");
}

isl_status isl_store_put_addition(void *ctx, const isl_addition_row *row)
{
    isl_run_ctx *c = ctx;
    sqlite3_stmt *q = isl_stmt(c->store, ST_ADDITION, c->err);
    if (!q) return c->err->status;
    int rc = bind_head(c, q, c->bundle, c->channel) || sqlite3_bind_int64(q, 5, (sqlite3_int64)row->facts)
          || bind_surface(q, 6, &row->s);
    if (!rc && row->axis != ISL_NONE) rc = sqlite3_bind_text(q, 4, c->model->axis_name[row->axis], -1, SQLITE_STATIC);
    if (rc) return isl_db_fail(c->store, c->err, "writing an addition sweep row");
    return step_done(c, q, "writing an addition sweep row");
}

