/* isolab store: writing runs. A run is one BEGIN IMMEDIATE transaction:
 * its run row and every result row commit together or not at all. */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "isolab/embedded.h"
#include "isolab/reader.h"
#include "isolab/version.h"
#include "isolab/outfile.h"
#include "isolab/provenance.h"
#include "store_int.h"


/* Steps a bound insert; on failure records what was being written. */
static isl_status step_done(isl_run_ctx *c, sqlite3_stmt *q, const char *what)
{
    if (sqlite3_step(q) != SQLITE_DONE) return isl_db_fail(c->store, c->err, what);
    c->rows++;
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
    if (st) {
        checks_on(s);
        return st;
    }
    s->in_run = 1;
    isl_status_ids_free(s->status_ids);
    s->status_ids = NULL;
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
    return st ? isl_store_end_run(s, st, err) : ISL_OK;
}

isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err)
{
    isl_status_ids_free(s->status_ids);
    s->status_ids = NULL;
    if (!s->in_run) {
        checks_on(s);
        return st;
    }
    if (!st) {
        sqlite3_stmt *q = isl_stmt(s, ST_RUN_PARAMS_FROM_ROWS, err);
        if (!q) st = err->status;
        else if (sqlite3_bind_int64(q, 1, s->run_id) || sqlite3_step(q) != SQLITE_DONE)
            st = isl_db_fail(s, err, "writing the run's parameters");
    }
    if (!st) {
        sqlite3_stmt *q = isl_stmt(s, ST_RUN_FINISH, err);
        if (!q) st = err->status;
        else if (sqlite3_bind_int64(q, 1, s->run_id) || sqlite3_step(q) != SQLITE_DONE)
            st = isl_db_fail(s, err, "finishing the run");
    }
    if (!st && (st = isl_db_still_here(s, err))) {
        s->in_run = 0;
        checks_on(s);
        return st;
    }
    if (!st) {
        if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK) {
            isl_temp_written();
            s->in_run = 0;
            checks_on(s);
            return ISL_OK;
        }
        st = isl_db_fail(s, err, "committing the run");
    }
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
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

isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row)
{
    isl_run_ctx *c = ctx;
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

isl_status isl_store_write_digest(isl_store *s, const isl_model *m, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    return isl_base_rows(s->db, s->path, "writing the model's digest",
                         "UPDATE model_state SET digest = ?1 WHERE digest IS NOT ?1", NULL, NULL, err, "t", digest);
}

isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err)
{
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
    isl_status st = isl_base_rows(s->db, s->path, "reading the model's digest",
                                  "SELECT 1 FROM model_state WHERE digest = ?1", isl_base_count, &same, err, "t", digest);
    if (st || same || s->in_run) return st;
    if ((st = isl_base_begin(s->db, s->path, s->wait_s, err))) return st;
    return isl_base_end(s->db, s->path, isl_store_write_digest(s, m, err), err);
}

void isl_store_note_runs(isl_store *s, const char *note) { s->note = note; }

isl_status isl_store_set_note(isl_store *s, int64_t run_id, const char *note, isl_error *err)
{
    isl_status st = isl_base_rows(s->db, s->path, "writing the run's note", "UPDATE run SET note = ?2 WHERE id = ?1",
                                  NULL, NULL, err, "it", run_id, note);
    if (!st && sqlite3_changes(s->db) == 0) st = isl_fail(err, ISL_EINPUT, "no run %lld", (long long)run_id);
    return st;
}

/* Hands the first column of every row of the prepared q to fn; finalizes q. */
static isl_status step_lines(isl_store *s, sqlite3_stmt *q, isl_line_fn fn, void *ctx, const char *what,
                             isl_error *err)
{
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) st = fn(ctx, (const char *)sqlite3_column_text(q, 0));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, what);
    sqlite3_finalize(q);
    return st;
}

/* Whether text (len bytes) names lesson_scope: a whole word. */
static int names_scope(const char *text, size_t len)
{
    static const char W[] = "lesson_scope";
    const size_t n = sizeof W - 1;
    for (size_t i = 0; i + n <= len; i++)
        if (!memcmp(text + i, W, n) && (i == 0 || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_'))
            && (i + n == len || !(isalnum((unsigned char)text[i + n]) || text[i + n] == '_')))
            return 1;
    return 0;
}

/* The statement that prints one lesson: lesson_report's own text, with
 * lesson_scope and every saved query that names it given as common table
 * expressions of the same text in front, lesson_scope's being the row read
 * beforehand (parameters ?2.. of the columns cols, ?N + 2 whether there is
 * a row). The rows are those of the views: the views in the file are this
 * text (opening checks them against this build and restores them).
 * SQLite compiles a view anew at each mention; lesson_scope, with its
 * correlated lookups of the current run, is named about thirty times
 * across the eight blocks, which made it half of printing the lesson. */
static char *lesson_sql(sqlite3_stmt *scope)
{
    int n = sqlite3_column_count(scope);
    char *sql = sqlite3_mprintf("WITH \"lesson_scope\"(");
    for (int i = 0; sql && i < n; i++) {
        char *more = sqlite3_mprintf("%s%s\"%w\"", sql, i ? ", " : "", sqlite3_column_name(scope, i));
        sqlite3_free(sql);
        sql = more;
    }
    for (int i = 0; sql && i <= n; i++) {
        char *more = sqlite3_mprintf(i == 0 ? "%s) AS (SELECT ?%d" : i < n ? "%s, ?%d" : "%s WHERE ?%d)", sql, i + 2);
        sqlite3_free(sql);
        sql = more;
    }
    for (size_t i = 0; sql && i < isl_query_count; i++) {
        const isl_embedded_file *f = &isl_query_files[i];
        size_t nlen = strlen(f->name) - 4, len = 0; /* without ".sql" */
        if (!strcmp(f->name, "lesson_scope.sql") || !strcmp(f->name, "lesson_report.sql")) continue;
        const char *body = isl_saved_query_body_of(f, &len);
        if (!names_scope(body, len)) continue;
        char *more = sqlite3_mprintf("%s,\n\"%.*w\" AS (\n%.*s\n)", sql, (int)nlen, f->name, (int)len, body);
        sqlite3_free(sql);
        sql = more;
    }
    size_t len = 0;
    const char *body = isl_saved_query_body("lesson_report", &len);
    assert(body);
    char *full = sql ? sqlite3_mprintf("%s\nSELECT line FROM (\n%.*s\n) WHERE lesson = ?1", sql, (int)len, body) : NULL;
    sqlite3_free(sql);
    return full;
}

/* The lines, in one read transaction (the scope row and the tables it
 * leads to are of the same moment). */
static isl_status lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *scope = NULL, *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, "SELECT * FROM lesson_scope WHERE lesson = ?1", -1, &scope, NULL);
    if (rc == SQLITE_OK)
        rc = lesson ? sqlite3_bind_text(scope, 1, lesson, -1, SQLITE_STATIC) : isl_bind_focus_lesson(s, scope, 1);
    int row = 0;
    if (rc == SQLITE_OK) rc = sqlite3_step(scope);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) {
        row = rc == SQLITE_ROW;
        char *sql = lesson_sql(scope);
        rc = sql ? sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) : SQLITE_NOMEM;
        sqlite3_free(sql);
    }
    int n = sqlite3_column_count(scope);
    if (rc == SQLITE_OK) rc = row ? sqlite3_bind_value(q, 1, sqlite3_column_value(scope, 0)) : sqlite3_bind_null(q, 1);
    for (int i = 0; rc == SQLITE_OK && i < n; i++)
        rc = row ? sqlite3_bind_value(q, i + 2, sqlite3_column_value(scope, i)) : sqlite3_bind_null(q, i + 2);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int(q, n + 2, row);
    isl_status st = rc == SQLITE_OK ? ISL_OK : isl_db_fail(s, err, "reading lesson_report");
    sqlite3_finalize(scope);
    if (st) {
        sqlite3_finalize(q);
        return st;
    }
    return step_lines(s, q, fn, ctx, "reading lesson_report", err);
}

isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err)
{
    int own = sqlite3_get_autocommit(s->db);
    isl_status st = own ? isl_db_exec(s, "BEGIN", err) : ISL_OK;
    if (!st) st = lesson_lines(s, lesson, fn, ctx, err);
    if (own && !st) st = isl_db_exec(s, "COMMIT", err);
    if (own && st) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}
