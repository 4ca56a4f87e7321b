/* isolab store: writing runs. A run is one BEGIN IMMEDIATE transaction:
 * its run row and every result row commit together or not at all. */
#include <stdlib.h>

#include "isolab/reader.h"
#include "isolab/version.h"
#include "isolab/outfile.h"
#include "isolab/provenance.h"
#include "store_int.h"

void isl_run_count(isl_run_ctx *c, size_t n)
{
    size_t before = c->rows;
    c->rows += n;
    if (c->tick && before >> 12 != c->rows >> 12) c->tick(c->tick_ctx, c->rows);
}

/* Steps a bound insert; on failure records what was being written. */
static isl_status step_done(isl_run_ctx *c, sqlite3_stmt *q, const char *what)
{
    if (sqlite3_step(q) != SQLITE_DONE) return isl_db_fail(c->store, c->err, what);
    isl_run_count(c, 1);
    return ISL_OK;
}

void isl_store_trust_run_rows(isl_store *s)
{
    /* a connection flag (no statement, no allocation); it takes effect for
     * statements prepared from now on, outside any transaction */
    if (!s->in_run && sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 0, (int *)NULL) == SQLITE_OK)
        s->fk_off = 1;
}

/* Turns the foreign-key check back on after a trusted run. */
static void checks_on(isl_store *s)
{
    if (s->fk_off && sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, (int *)NULL) == SQLITE_OK) s->fk_off = 0;
}

isl_status isl_store_begin_run(isl_store *s, const char *kind, const char *argv,
                               const isl_model *m, int64_t *run_id, isl_error *err)
{
    char digest[17];
    isl_status st = isl_db_begin_write(s, err);
    if (st) return isl_store_end_run(s, st, err); /* not in a run: the checks back on */
    s->in_run = 1;
    isl_model_digest(m, digest);
    sqlite3_stmt *q = isl_stmt(s, ST_RUN_INSERT, err);
    if (!q) return isl_store_end_run(s, err->status, err);
    if (sqlite3_bind_text(q, 1, kind, -1, SQLITE_STATIC) || sqlite3_bind_text(q, 2, digest, -1, SQLITE_TRANSIENT)
        || sqlite3_bind_text(q, 3, ISOLAB_VERSION, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 4, argv, -1, SQLITE_STATIC) || sqlite3_bind_text(q, 5, s->note, -1, SQLITE_STATIC)
        || sqlite3_step(q) != SQLITE_DONE)
        return isl_store_end_run(s, isl_db_fail(s, err, "writing the run"), err);
    *run_id = s->run_id = sqlite3_last_insert_rowid(s->db);
    /* the model it uses, kept once per digest (isl_store_model_diff) */
    st = isl_store_keep_model(s, digest, err);
    if (st) return isl_store_end_run(s, st, err);
    isl_db_pause("writing");
    return ISL_OK;
}

/* Steps the run's statement id, bound to the run id alone. */
static isl_status run_step(isl_store *s, enum isl_stmt_id id, const char *what, isl_error *err)
{
    sqlite3_stmt *q = isl_stmt(s, id, err);
    if (!q) return err->status;
    if (sqlite3_bind_int64(q, 1, s->run_id) || sqlite3_step(q) != SQLITE_DONE) return isl_db_fail(s, err, what);
    return ISL_OK;
}

/* Finishes the run begun and commits it, or (st set, or any failure) rolls
 * it back. */
static isl_status commit_run(isl_store *s, isl_status st, isl_error *err)
{
    if (!st) st = run_step(s, ST_RUN_PARAMS_FROM_ROWS, "writing the run's parameters", err);
    if (!st) st = run_step(s, ST_RUN_FINISH, "finishing the run", err);
    if (!st) {
        isl_db_pause("commit");
        if ((st = isl_db_still_here(s, err))) return st; /* rolled back */
        s->commit_counts = 1; /* kept from the moment it is in the file (db.c: committed) */
        int rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
        s->commit_counts = 0;
        if (rc == SQLITE_OK) {
            isl_temp_written();
            return ISL_OK;
        }
        st = isl_db_fail(s, err, "committing the run");
    }
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}

isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err)
{
    free(s->status_ids);
    s->status_ids = NULL;
    if (s->in_run) st = commit_run(s, st, err);
    s->in_run = 0;
    checks_on(s);
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

/* Binds the four surface counts from column `first` on. */
static int bind_surface(sqlite3_stmt *q, int first, const isl_surface *s)
{
    return sqlite3_bind_int64(q, first, (sqlite3_int64)s->visible)
        || sqlite3_bind_int64(q, first + 1, (sqlite3_int64)s->returned)
        || sqlite3_bind_int64(q, first + 2, (sqlite3_int64)s->open_surface)
        || sqlite3_bind_int64(q, first + 3, (sqlite3_int64)s->open_axes);
}

isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row)
{
    isl_run_ctx *c = ctx;
    sqlite3_stmt *q = isl_stmt(c->store, ST_SURFACE, c->err);
    if (!q) return c->err->status;
    if (bind_head(c, q, row->bundle, row->channel) || bind_surface(q, 4, &row->s)
        || sqlite3_bind_double(q, 8, row->cost_pct) || sqlite3_bind_int64(q, 9, row->run_time)
        || (row->has_cost_per_fact ? sqlite3_bind_double(q, 10, row->cost_per_fact) : sqlite3_bind_null(q, 10)))
        return isl_db_fail(c->store, c->err, "writing a surface");
    isl_status st = step_done(c, q, "writing a surface");
    if (st) return st;
    return isl_store_put_statuses(c, row);
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

isl_status isl_store_write_digest(isl_store *s, const isl_model *m, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    return isl_db_rows(s, "writing the model's digest",
                       "UPDATE model_state SET digest = ?1 WHERE digest IS NOT ?1", NULL, NULL, err, "t", digest);
}

isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err)
{
    isl_db_pause("model");
    return isl_read_model(s->db, s->path, out, err);
}

isl_status isl_store_settle_model(isl_store *s, isl_error *err)
{
    isl_model *m = NULL;
    isl_status st = isl_store_read_model(s, &m, err);
    if (!st) st = isl_store_write_digest(s, m, err);
    isl_model_free(m);
    return st;
}

isl_status isl_store_sync_model(isl_store *s, const isl_model *m, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    int same = 0;
    isl_status st = isl_db_rows(s, "reading the model's digest",
                                "SELECT 1 FROM model_state WHERE digest = ?1", isl_base_count, &same, err, "t", digest);
    if (st || same || s->in_run) return st;
    if ((st = isl_base_begin(s->db, s->path, s->wait_s, err))) return st;
    return isl_base_end(s->db, s->path, isl_store_write_digest(s, m, err), err);
}

void isl_store_note_runs(isl_store *s, const char *note) { s->note = note; }

isl_status isl_store_set_note(isl_store *s, int64_t run_id, const char *note, isl_error *err)
{
    isl_status st = isl_db_rows(s, "writing the run's note", "UPDATE run SET note = ?2 WHERE id = ?1",
                                NULL, NULL, err, "it", run_id, note);
    if (!st && sqlite3_changes(s->db) == 0) st = isl_fail(err, ISL_EINPUT, "no run %lld", (long long)run_id);
    return st;
}

isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err)
{
    isl_each e = {.fn.line = fn, .ctx = ctx};
    return isl_db_rows(s, "reading lesson_report", "SELECT line FROM lesson_report WHERE lesson = ?1", isl_each_line, &e,
                       err, "t", lesson);
}
