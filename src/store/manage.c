/* isolab store: managing runs (removing, pruning, their parameters) and the
 * parameters the saved queries read (the param table, per connection). Run
 * rows are removed from every table that has a run_id column, found in the
 * schema, so tables added later are covered without a change here. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "isolab/history.h"
#include "store_int.h"

/* "DELETE FROM t WHERE run_id = ?1;" for every table t with a run_id
 * column, into out; delete_run runs them one after the other. */
static isl_status run_tables(isl_store *s, sqlite3_str *out, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, ISL_RUN_TABLES " ORDER BY m.name", -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "listing result tables");
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        sqlite3_str_appendf(out, "DELETE FROM \"%w\" WHERE run_id = ?1;\n", (const char *)sqlite3_column_text(q, 0));
    sqlite3_str_appendall(out, "DELETE FROM run WHERE id = ?1;\n");
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE) return isl_db_fail(s, err, "listing result tables");
    return sqlite3_str_errcode(out) ? isl_fail(err, ISL_ENOMEM, "out of memory") : ISL_OK;
}

/* Runs the statements of `deletes` with run id bound; *found is 0 when
 * there is no such run (the last statement removed no run row). */
static isl_status delete_run(isl_store *s, const char *deletes, int64_t id, int *found, isl_error *err)
{
    const char *p = deletes;
    *found = 0;
    while (*p) {
        sqlite3_stmt *q = NULL;
        int rc = sqlite3_prepare_v2(s->db, p, -1, &q, &p);
        if (rc == SQLITE_OK && !q) break;
        if (rc == SQLITE_OK) rc = sqlite3_bind_int64(q, 1, id);
        if (rc == SQLITE_OK) rc = sqlite3_step(q);
        sqlite3_finalize(q);
        if (rc != SQLITE_DONE) return isl_db_fail(s, err, "removing a run's rows");
        *found = sqlite3_changes(s->db) > 0; /* the last one removes the run row */
    }
    return ISL_OK;
}

/* Runs the deletions of ids[0..n) (or, with ids NULL, of the runs `pick`
 * selects) in one transaction: all of them or none. */
static isl_status delete_runs(isl_store *s, const int64_t *ids, size_t n, sqlite3_stmt *pick, size_t *deleted,
                              isl_error *err)
{
    sqlite3_str *tables = sqlite3_str_new(s->db);
    isl_status st = isl_db_exec(s, "BEGIN IMMEDIATE", err);
    if (!st) st = run_tables(s, tables, err);
    char *list = sqlite3_str_finish(tables);
    if (!st && !list) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; !st && (ids ? i < n : 1); i++) {
        int64_t id;
        if (ids) {
            id = ids[i];
        } else {
            int rc = sqlite3_step(pick);
            if (rc == SQLITE_DONE) break;
            if (rc != SQLITE_ROW) {
                st = isl_db_fail(s, err, "choosing the runs to remove");
                break;
            }
            id = sqlite3_column_int64(pick, 0);
        }
        int found = 0;
        st = delete_run(s, list ? list : "", id, &found, err);
        if (!st && !found) st = isl_fail(err, ISL_EINPUT, "no run %lld (see 'isolab runs --all')", (long long)id);
        k += !st;
    }
    sqlite3_free(list);
    if (!st) st = isl_db_exec(s, "COMMIT", err);
    if (st) {
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
        k = 0;
    }
    if (deleted) *deleted = k;
    return st;
}

isl_status isl_store_rm(isl_store *s, const int64_t *ids, size_t n, isl_error *err)
{
    return delete_runs(s, ids, n, NULL, NULL, err);
}

isl_status isl_store_prune(isl_store *s, int64_t keep, const char *kind, size_t *deleted, isl_error *err)
{
    assert(keep >= 0);
    /* older than the keep latest of their kind, and no current result */
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id FROM (SELECT id, kind, row_number() OVER (PARTITION BY kind ORDER BY id DESC) AS k "
                           "FROM run) WHERE k > ?1 AND (?2 IS NULL OR kind = ?2) "
                           "AND id NOT IN (SELECT run_id FROM current_run UNION SELECT run_id FROM current_surface_run "
                           "UNION SELECT run_id FROM current_sweep) ORDER BY id",
                           -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_int64(q, 1, keep) || sqlite3_bind_text(q, 2, kind, -1, SQLITE_STATIC)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "choosing the runs to remove");
    }
    isl_status st = delete_runs(s, NULL, 0, q, deleted, err);
    sqlite3_finalize(q);
    return st;
}

isl_status isl_store_vacuum(isl_store *s, isl_error *err)
{
    /* VACUUM builds the new file as an attached database: allow one, briefly */
    sqlite3_limit(s->db, SQLITE_LIMIT_ATTACHED, 1);
    isl_status st = isl_db_exec(s, "VACUUM", err);
    sqlite3_limit(s->db, SQLITE_LIMIT_ATTACHED, 0);
    return st;
}

isl_status isl_store_run_params(isl_store *s, int64_t run_id, isl_param_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT key, value FROM run_param WHERE run_id = ?1 ORDER BY key, value", -1, &q,
                           NULL) != SQLITE_OK
        || sqlite3_bind_int64(q, 1, run_id)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "reading run parameters");
    }
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW)
        st = fn(ctx, (const char *)sqlite3_column_text(q, 0), (const char *)sqlite3_column_text(q, 1));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading run parameters");
    sqlite3_finalize(q);
    return st;
}

isl_status isl_store_lessons(isl_store *s, isl_lesson_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT f.lesson, l.title, f.bundle, f.channel FROM lesson_focus f "
                           "JOIN lesson l ON l.code = f.lesson ORDER BY l.position IS NULL, l.position, f.lesson",
                           -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "reading lesson_focus");
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW)
        st = fn(ctx, (const char *)sqlite3_column_text(q, 0), (const char *)sqlite3_column_text(q, 1),
                (const char *)sqlite3_column_text(q, 2), (const char *)sqlite3_column_text(q, 3));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading lesson_focus");
    sqlite3_finalize(q);
    return st;
}

isl_status isl_store_stale(isl_store *s, isl_stale_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT kind, run_id, command FROM stale_result ORDER BY run_id", -1, &q, NULL)
        != SQLITE_OK)
        return isl_db_fail(s, err, "reading stale_result");
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW)
        st = fn(ctx, (const char *)sqlite3_column_text(q, 0), sqlite3_column_int64(q, 1),
                (const char *)sqlite3_column_text(q, 2));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading stale_result");
    sqlite3_finalize(q);
    return st;
}

/* ISL_EINPUT unless `sql` (one bound name) finds a row. */
static isl_status must_exist(isl_store *s, const char *sql, const char *name, const char *what, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_step(q);
    sqlite3_finalize(q);
    if (rc == SQLITE_ROW) return ISL_OK;
    if (rc == SQLITE_DONE) return isl_fail(err, ISL_EINPUT, "no %s '%s'", what, name);
    return isl_db_fail(s, err, "reading the model");
}

/* The views that read param, directly or through another such view (by
 * name in their text: a view whose text holds the name inside another,
 * run_param, is copied for nothing, which costs less than telling them
 * apart with GLOB). */
static const char SHADOWED_VIEWS[] =
    "WITH RECURSIVE dep(name) AS (SELECT 'param' UNION "
    "  SELECT v.name FROM main.sqlite_schema v JOIN dep ON instr(v.sql, dep.name) > 0 WHERE v.type = 'view') "
    "SELECT v.name, v.sql FROM main.sqlite_schema v WHERE v.type = 'view' AND v.name IN (SELECT name FROM dep) "
    "AND v.sql LIKE 'CREATE VIEW %'";

/* Shadows main.param for this connection only: a TEMP param, a copy of
 * the file's, and a TEMP copy of every view that reads it (a TEMP view's
 * names find TEMP objects first; a main view's would not). Writes only the
 * TEMP schema: no lock on the database is taken. */
static isl_status make_shadow(isl_store *s, isl_error *err)
{
    isl_status st = isl_db_exec(s, "CREATE TEMP TABLE param AS SELECT key, value, about FROM main.param", err);
    sqlite3_stmt *q = NULL;
    if (!st && sqlite3_prepare_v2(s->db, SHADOWED_VIEWS, -1, &q, NULL) != SQLITE_OK)
        st = isl_db_fail(s, err, "reading the saved queries");
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *sql = (const char *)sqlite3_column_text(q, 1);
        char *copy = sql ? sqlite3_mprintf("CREATE TEMP VIEW %s", sql + strlen("CREATE VIEW ")) : NULL;
        if (!copy) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        else if (sqlite3_exec(s->db, copy, NULL, NULL, NULL) != SQLITE_OK) st = isl_db_fail(s, err, "shadowing a saved query");
        sqlite3_free(copy);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading the saved queries");
    sqlite3_finalize(q);
    return st;
}

isl_status isl_store_focus(isl_store *s, const char *lesson, const char *bundle, const char *channel, isl_error *err)
{
    assert(!s->in_run);
    isl_status st = ISL_OK;
    if (lesson) st = must_exist(s, "SELECT 1 FROM lesson_focus WHERE lesson = ?1", lesson,
                                "lesson with a focus (see lesson_focus)", err);
    if (!st && bundle) st = must_exist(s, "SELECT 1 FROM bundle WHERE name = ?1", bundle, "bundle", err);
    if (!st && channel) st = must_exist(s, "SELECT 1 FROM channel WHERE name = ?1", channel, "channel", err);
    if (st || (!lesson && !bundle && !channel)) return st;
    if (!s->in_focus && (st = make_shadow(s, err))) return st;
    s->in_focus = 1;
    static const char *const key[3] = {"lesson", "bundle", "channel"};
    const char *const value[3] = {lesson, bundle, channel};
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, "UPDATE temp.param SET value = ?2 WHERE key = ?1", -1, &q, NULL);
    for (int i = 0; i < 3 && rc == SQLITE_OK; i++) {
        if (!value[i]) continue;
        sqlite3_reset(q);
        rc = sqlite3_bind_text(q, 1, key[i], -1, SQLITE_STATIC);
        if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, 2, value[i], -1, SQLITE_STATIC);
        if (rc == SQLITE_OK && (rc = sqlite3_step(q)) == SQLITE_DONE) rc = SQLITE_OK;
    }
    sqlite3_finalize(q);
    return rc == SQLITE_OK ? ISL_OK : isl_db_fail(s, err, "setting param for this command");
}

isl_status isl_store_current_focus(isl_store *s, char *lesson, char *bundle, char *channel, size_t n,
                                   isl_error *err)
{
    sqlite3_stmt *q = NULL;
    lesson[0] = bundle[0] = channel[0] = '\0';
    if (sqlite3_prepare_v2(s->db, "SELECT lesson, bundle, channel FROM current_focus", -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "reading current_focus");
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        char *out[3] = {lesson, bundle, channel};
        for (int i = 0; i < 3; i++) {
            const char *t = (const char *)sqlite3_column_text(q, i);
            snprintf(out[i], n, "%s", t ? t : "");
        }
    }
    sqlite3_finalize(q);
    if (rc == SQLITE_DONE) return isl_fail(err, ISL_EINPUT, "no lesson has a focus (see lesson_focus)");
    return rc == SQLITE_ROW ? ISL_OK : isl_db_fail(s, err, "reading current_focus");
}

int isl_store_model_known(isl_store *s)
{
    sqlite3_stmt *q = NULL;
    int known = 1;
    if (sqlite3_prepare_v2(s->db, "SELECT digest IS NOT NULL FROM model_state", -1, &q, NULL) == SQLITE_OK
        && sqlite3_step(q) == SQLITE_ROW)
        known = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return known;
}
