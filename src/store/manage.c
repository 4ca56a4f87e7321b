/* isolab store: removing and pruning runs (the run row: its rows go by
 * ON DELETE CASCADE), vacuum, a run's parameters, the lessons with a focus
 * and the stale groups, and the param table per connection (the focus). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/history.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/textout.h"
#include "store_int.h"

/* A removal: the runs removed so far. */
typedef struct remover {
    isl_store *s;
    size_t k;
    isl_error *err;
} remover;

/* Deletes run id (ON DELETE CASCADE takes its rows, foreign keys being on);
 * no such run when no row went. */
static isl_status remove_one(remover *r, int64_t id)
{
    isl_status st = isl_db_rows(r->s, "removing a run", "DELETE FROM run WHERE id = ?1", NULL, NULL, r->err, "i", id);
    if (!st && sqlite3_changes(r->s->db) == 0)
        st = isl_fail_why(r->err, ISL_EINPUT, ISL_R_NO_RUN, "no run %lld", (long long)id);
    r->k += !st;
    return st;
}

static isl_status remove_row(void *ctx, sqlite3_stmt *q) { return remove_one(ctx, sqlite3_column_int64(q, 0)); }

/* Removes runs ids[0..n) (with ids NULL: those the query pick, with keep
 * and text bound, selects) in one transaction: all of them or none. */
static isl_status delete_runs(isl_store *s, const int64_t *ids, size_t n, const char *pick, int64_t keep,
                              const char *text, size_t *deleted, isl_error *err)
{
    assert(ids || pick);
    remover r = {s, 0, err};
    isl_status st = isl_db_begin_write(s, err);
    for (size_t i = 0; !st && ids && i < n; i++) st = remove_one(&r, ids[i]);
    if (!st && !ids)
        st = isl_db_rows(s, "choosing the runs to remove", pick, remove_row, &r, err, "it", keep, text);
    if ((st = isl_base_end(s->db, s->path, st, err))) r.k = 0;
    if (deleted) *deleted = r.k;
    return st;
}

isl_status isl_store_rm(isl_store *s, const int64_t *ids, size_t n, isl_error *err)
{
    return delete_runs(s, ids, n, NULL, 0, NULL, NULL, err);
}

isl_status isl_store_prune(isl_store *s, int64_t keep, isl_kind kind, int noted, size_t *deleted,
                           isl_error *err)
{
    assert(keep >= 0 && kind <= ISL_KIND_COUNT);
    /* older than the keep latest of their kind, no current result nor a machine's latest probe of a set, and
     * no note (a note says it matters) */
#define PRUNED(notes)                                                                                              \
    "SELECT id FROM (SELECT id, kind, row_number() OVER (PARTITION BY kind ORDER BY id DESC) AS k FROM run) "     \
    "WHERE k > ?1 AND (?2 IS NULL OR kind = ?2) " notes                                                           \
    "AND id NOT IN (SELECT run_id FROM current_run UNION SELECT run_id FROM current_surface_run "                  \
    "UNION SELECT run_id FROM current_sweep UNION SELECT run_id FROM current_bundle_sweep "                         \
    "UNION SELECT run_id FROM latest_probe) ORDER BY id"
    return delete_runs(s, NULL, 0, noted ? PRUNED("") : PRUNED("AND id NOT IN (SELECT id FROM run WHERE note IS NOT NULL) "),
                       keep, isl_kind_names[kind], deleted, err);
}

/* The runs of what-if list ?2 (run_param 'members'; a name the model now
 * has as a bundle is no list), by id (?1, bound, unused). */
#define LIST_RUNS                                                                                                  \
    "SELECT run_id FROM run_param WHERE key = 'members' AND value = ?2 AND ?2 NOT IN (SELECT name FROM bundle) "  \
    "ORDER BY run_id"

/* ISL_EINPUT, no run of list. */
static isl_status no_list(const char *list, isl_error *err)
{
    return isl_fail_why(err, ISL_EINPUT, ISL_R_NO_RUN, "no run of what-if list '%s' (run_param members)", list);
}

isl_status isl_store_rm_list(isl_store *s, const char *list, size_t *deleted, isl_error *err)
{
    isl_status st = delete_runs(s, NULL, 0, LIST_RUNS, 0, list, deleted, err);
    return !st && !*deleted ? no_list(list, err) : st;
}

isl_status isl_store_retire_list(isl_store *s, const char *list, size_t *runs, isl_error *err)
{
    int n = 0;
    isl_status st = isl_db_begin_write(s, err);
    if (!st) st = isl_db_rows(s, "counting the list's runs", LIST_RUNS, isl_base_count, &n, err, "it", (int64_t)0,
                              list);
    if (!st)
        st = isl_db_rows(s, "retiring the list's runs",
                         "INSERT OR IGNORE INTO run_retired(run, retired_at) SELECT run_id, "
                         "strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM (" LIST_RUNS ")",
                         NULL, NULL, err, "it", (int64_t)0, list);
    st = isl_base_end(s->db, s->path, st, err);
    *runs = st ? 0 : (size_t)n;
    return !st && !n ? no_list(list, err) : st;
}

isl_status isl_store_vacuum(isl_store *s, isl_error *err)
{
    /* VACUUM builds the new file as an attached database: allow one, briefly */
    sqlite3_limit(s->db, SQLITE_LIMIT_ATTACHED, 1);
    isl_status st = isl_db_exec(s, "VACUUM", err);
    sqlite3_limit(s->db, SQLITE_LIMIT_ATTACHED, 0);
    return st;
}

static isl_status param_row(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    return e->fn.param(e->ctx, isl_base_col(q, 0), isl_base_col(q, 1));
}

isl_status isl_store_run_params(isl_store *s, int64_t run_id, isl_param_fn fn, void *ctx, isl_error *err)
{
    isl_each e = {.fn.param = fn, .ctx = ctx};
    return isl_db_rows(s, "reading run parameters",
                       "SELECT key, value FROM run_param WHERE run_id = ?1 ORDER BY key, value", param_row, &e, err,
                       "i", run_id);
}

static isl_status lesson_row(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    return e->fn.lesson(e->ctx, isl_base_col(q, 0), isl_base_col(q, 1), isl_base_col(q, 2),
                                  isl_base_col(q, 3));
}

isl_status isl_store_lessons(isl_store *s, isl_lesson_fn fn, void *ctx, isl_error *err)
{
    isl_each e = {.fn.lesson = fn, .ctx = ctx};
    return isl_db_rows(s, "reading lesson_focus",
                       "SELECT f.lesson, l.title, f.bundle, f.channel FROM lesson_focus f "
                       "JOIN lesson l ON l.code = f.lesson ORDER BY l.position IS NULL, l.position, f.lesson",
                       lesson_row, &e, err, NULL);
}

static isl_status group_row(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    return e->fn.group(e->ctx, isl_base_col(q, 1), isl_base_col(q, 3), isl_base_col(q, 4), isl_base_col(q, 5),
                       sqlite3_column_int(q, 6));
}

isl_status isl_store_stale_groups(isl_store *s, isl_stale_group_fn fn, void *ctx, isl_error *err)
{
    /* by the kind's scope (run_kinds): what one run of it computes */
    static const char SQL[] =
        "WITH g AS ("
        " SELECT x.kind, x.run_id, k.scope, k.command,"
        "        CASE WHEN k.scope IN ('model', 'mechanisms', 'channels') THEN 'kind'"
        "             WHEN k.scope = 'pairs' AND x.bundle IS NOT NULL THEN 'members'"
        "             WHEN NOT EXISTS (SELECT 1 FROM lesson_focus) THEN 'kind'"
        "             WHEN k.scope = 'pairs' OR EXISTS (SELECT 1 FROM lesson_focus f"
        "                  WHERE f.bundle = x.bundle AND f.channel = x.channel) THEN 'lessons'"
        "             ELSE 'kind' END AS grp, x.bundle, x.channel,"
        "        coalesce(x.bundle NOT IN (SELECT name FROM bundle), 0) AS whatif"
        "   FROM stale_result x JOIN run_kinds k ON k.kind = x.kind"
        /* an older model's latest sweep of a pair with a current one (the model back at the digest it was
           computed from, after an unload): nothing to bring up to date */
        "  WHERE NOT EXISTS (SELECT 1 FROM current_sweep c WHERE c.kind = x.kind AND c.bundle = x.bundle"
        "                       AND c.channel = x.channel))"
        " SELECT DISTINCT CASE grp WHEN 'lessons' THEN 0 WHEN 'members' THEN 2"
        "                 ELSE CASE scope WHEN 'pairs' THEN 1 WHEN 'pair' THEN 3 ELSE 4 END END AS rank,"
        "        grp, CASE WHEN grp <> 'lessons' THEN kind END AS kind,"
        "        CASE WHEN grp <> 'lessons' THEN command END AS command,"
        "        CASE WHEN grp = 'members' OR (grp = 'kind' AND scope = 'pair') THEN bundle END AS b,"
        "        CASE WHEN grp = 'members' OR (grp = 'kind' AND scope = 'pair') THEN channel END AS c,"
        "        grp <> 'lessons' AND whatif AS list"
        "   FROM g"
        /* a what-if list's run the user retired (never a model bundle's result) */
        "  WHERE NOT (whatif AND EXISTS (SELECT 1 FROM run_retired t WHERE t.run = g.run_id))"
        "  ORDER BY rank, kind, b, c";
    isl_each e = {.fn.group = fn, .ctx = ctx};
    return isl_db_rows(s, "reading stale_result", SQL, group_row, &e, err, NULL);
}

/* The names read for a hint, kept (isl_store_name_hint). */
typedef struct name_list {
    char **v;
    size_t n, cap;
    int oom;
} name_list;

static isl_status name_row(void *ctx, sqlite3_stmt *q)
{
    name_list *l = ctx;
    char **slot = isl_grow(&l->v, &l->cap, l->n, sizeof *l->v);
    const char *t = isl_base_col(q, 0);
    if (!slot || !t) return slot ? ISL_OK : ISL_ENOMEM;
    if (!(*slot = sqlite3_mprintf("%s", t))) return ISL_ENOMEM;
    l->n++;
    return ISL_OK;
}

static const char *name_at(const void *ctx, size_t i) { return ((const name_list *)ctx)->v[i]; }

const char *isl_store_name_hint(isl_store *s, const char *sql, const char *name, const char *whats, char *out,
                                size_t n)
{
    name_list l = {NULL, 0, 0, 0};
    isl_error ignored;
    out[0] = '\0';
    if (!isl_db_rows(s, "reading the names", sql, name_row, &l, &ignored, NULL))
        isl_name_hint(name, name_at, &l, l.n, whats, out, n);
    for (size_t i = 0; i < l.n; i++) sqlite3_free(l.v[i]);
    free(l.v);
    return out;
}

/* ISL_EINPUT ("no WHAT 'NAME'TAIL" and the hint among the names `names`
 * gives) unless `sql` (one bound name) finds a row. */
static isl_status must_exist(isl_store *s, const char *sql, const char *name, const char *what, const char *tail,
                             const char *names, const char *whats, isl_error *err)
{
    int found = 0;
    char hint[ISL_HINT_MAX];
    isl_status st = isl_db_rows(s, "reading the model", sql, isl_base_count, &found, err, "t", name);
    if (!st && !found)
        st = isl_fail(err, ISL_EINPUT, "no %s '%s'%s%s", what, name, tail,
                      isl_store_name_hint(s, names, name, whats, hint, sizeof hint));
    return st;
}

/* The views that read param or course_scope, directly or through another (by
 * name in their text: run_param's readers are copied for nothing, cheaper
 * than GLOB). */
static const char SHADOWED_VIEWS[] =
    "WITH RECURSIVE dep(name) AS (SELECT 'param' UNION SELECT 'course_scope' UNION "
    "  SELECT v.name FROM main.sqlite_schema v JOIN dep ON instr(v.sql, dep.name) > 0 WHERE v.type = 'view') "
    "SELECT v.name, v.sql FROM main.sqlite_schema v WHERE v.type = 'view' AND v.name IN (SELECT name FROM dep) "
    "AND v.sql LIKE 'CREATE VIEW %'";

typedef struct shadow {
    isl_store *s;
    isl_error *err;
} shadow;

static isl_status shadow_view(void *ctx, sqlite3_stmt *q)
{
    shadow *w = ctx;
    const char *sql = isl_base_col(q, 1);
    char *copy = sql ? sqlite3_mprintf("CREATE TEMP VIEW %s", sql + strlen("CREATE VIEW ")) : NULL;
    if (!copy) return isl_fail(w->err, ISL_ENOMEM, "out of memory");
    int rc = sqlite3_exec(w->s->db, copy, NULL, NULL, NULL);
    sqlite3_free(copy);
    return rc == SQLITE_OK ? ISL_OK : isl_db_fail(w->s, w->err, "shadowing a saved query");
}

/* Shadows main.param and main.course_scope for this connection: a TEMP copy
 * of each and of every view reading them (a TEMP view finds TEMP objects
 * first); takes no lock. */
static isl_status make_shadow(isl_store *s, isl_error *err)
{
    shadow w = {s, err};
    isl_status st = isl_db_exec(s, "CREATE TEMP TABLE param AS SELECT key, value, about FROM main.param;"
                                "CREATE TEMP TABLE course_scope AS SELECT id, lesson FROM main.course_scope", err);
    if (!st) st = isl_db_rows(s, "reading the saved queries", SHADOWED_VIEWS, shadow_view, &w, err, NULL);
    return st;
}

isl_status isl_store_focus(isl_store *s, const char *lesson, const char *bundle, const char *channel, isl_error *err)
{
    assert(!s->in_run);
    isl_status st = ISL_OK;
    if (lesson)
        st = must_exist(s, "SELECT 1 FROM lesson_focus WHERE lesson = ?1", lesson, "lesson",
                        " with a focus (see lesson_focus)",
                        "SELECT f.lesson FROM lesson_focus f JOIN lesson l ON l.code = f.lesson ORDER BY l.position",
                        "lessons with a focus", err);
    if (!st && bundle) {
        st = must_exist(s, "SELECT 1 FROM bundle WHERE name = ?1 UNION ALL SELECT 1 FROM run_param "
                        "WHERE key = 'members' AND value = ?1", bundle, "bundle", "",
                        "SELECT name FROM bundle ORDER BY position, name", "bundles", err);
        /* a member list (items, -mechanism, a mechanism) that no run computed */
        int mech = 0;
        if (st == ISL_EINPUT && !isl_db_rows(s, "reading the model", "SELECT 1 FROM mechanism WHERE name = ?1",
                                             isl_base_count, &mech, err, "t", bundle)
            && (mech || strchr(bundle, ',') || bundle[0] == '-')) {
            char q[84];
            st = isl_fail_why(err, ISL_EINPUT, ISL_R_UNRUN_LIST, "no run has computed the member list '%s'",
                              isl_short_name(bundle, strlen(bundle), q));
        }
    }
    if (!st && channel)
        st = must_exist(s, "SELECT 1 FROM channel WHERE name = ?1", channel, "channel", "",
                        "SELECT name FROM channel ORDER BY rowid", "channels", err);
    if (st || (!lesson && !bundle && !channel)) return st;
    if (!s->in_focus && (st = make_shadow(s, err))) return st;
    s->in_focus = 1;
    static const char *const key[3] = {"lesson", "bundle", "channel"};
    const char *const value[3] = {lesson, bundle, channel};
    for (int i = 0; i < 3 && !st; i++)
        if (value[i])
            st = isl_db_rows(s, "setting param for this command",
                             "UPDATE temp.param SET value = ?2 WHERE key = ?1", NULL, NULL, err, "tt", key[i],
                             value[i]);
    /* a lesson's plots and comparisons list the course as it knew it */
    if (!st && lesson)
        st = isl_db_rows(s, "setting the course for this command", "UPDATE temp.course_scope SET lesson = ?1", NULL,
                         NULL, err, "t", lesson);
    return st;
}

isl_status isl_store_set_lesson(isl_store *s, const char *lesson, isl_error *err)
{
    assert(!s->in_run && !s->in_focus);
    isl_status st = must_exist(s, "SELECT 1 FROM lesson_focus WHERE lesson = ?1", lesson, "lesson",
                               " with a focus (see lesson_focus)",
                               "SELECT f.lesson FROM lesson_focus f JOIN lesson l ON l.code = f.lesson "
                               "ORDER BY l.position", "lessons with a focus", err);
    if (!st) st = isl_db_rows(s, "setting param's lesson", "UPDATE main.param SET value = ?1 WHERE key = 'lesson'",
                              NULL, NULL, err, "t", lesson);
    return st;
}

/* The buffers of isl_store_current_focus. */
typedef struct focus {
    char *out[3];
    size_t n;
    int found;
} focus;

static isl_status focus_row(void *ctx, sqlite3_stmt *q)
{
    focus *f = ctx;
    for (int i = 0; i < 3; i++) snprintf(f->out[i], f->n, "%s", isl_base_text(q, i));
    f->found = 1;
    return ISL_OK;
}

isl_status isl_store_current_focus(isl_store *s, char *lesson, char *bundle, char *channel, size_t n,
                                   isl_error *err)
{
    focus f = {{lesson, bundle, channel}, n, 0};
    lesson[0] = bundle[0] = channel[0] = '\0';
    isl_status st = isl_db_rows(s, "reading current_focus",
                                "SELECT lesson, bundle, channel FROM current_focus", focus_row, &f, err, NULL);
    if (!st && !f.found) st = isl_fail(err, ISL_EINPUT, "no lesson has a focus (see lesson_focus)");
    return st;
}

int isl_store_model_known(isl_store *s)
{
    long long known = 0;
    isl_error err;
    /* a database without the row (or that cannot be read) counts as known */
    if (isl_base_int(s->db, s->path, "SELECT count(*) = 0 OR max(digest IS NOT NULL) FROM model_state", &known, &err))
        return 1;
    return known != 0;
}
