/* isolab store: listing runs and comparing two of them. Result tables are
 * found in the schema (every table with a run_id column), so tables added
 * later are listed and compared without a change here; their names reach
 * SQL text only from sqlite_schema, quoted as identifiers. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "isolab/history.h"
#include "store_int.h"

/* Tables of the schema that have a run_id column, by name: the results
 * (run_param describes a run rather than holding its results; the per-run
 * name tables behind the view fact_status are part of its rows, of which
 * fact_status_row holds one per fact status). */
#define RESULT_TABLES                                                                           \
    ISL_RUN_TABLES " AND m.name NOT IN ('run_param', 'fact_status_bundle', 'fact_status_channel', " \
                   "'fact_status_fact') ORDER BY m.name"

/* Builds "(SELECT count(*) FROM t WHERE run_id = r.id) + ..." over every
 * result table ("0" when there is none): the rows of run r, counted through
 * each table's run_id index, for the runs listed only. */
typedef struct per_run {
    sqlite3_str *out;
    int n;
} per_run;

static isl_status count_table(void *ctx, sqlite3_stmt *q)
{
    per_run *c = ctx;
    sqlite3_str_appendf(c->out, "%s(SELECT count(*) FROM \"%w\" WHERE run_id = r.id)", c->n++ ? " + " : "",
                        isl_base_text(q, 0));
    return ISL_OK;
}

static char *rows_of_run_sql(isl_store *s, isl_error *err)
{
    per_run c = {sqlite3_str_new(s->db), 0};
    isl_status st = isl_db_rows(s, "listing result tables", RESULT_TABLES, count_table, &c, err, NULL);
    if (!c.n) sqlite3_str_appendall(c.out, "0");
    char *sql = sqlite3_str_finish(c.out);
    if (!st && !sql) isl_fail(err, ISL_ENOMEM, "out of memory");
    if (st) {
        sqlite3_free(sql);
        return NULL;
    }
    return sql;
}

static const char *col_text(sqlite3_stmt *q, int i) { return isl_base_col(q, i); }

static isl_status run_row(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    isl_run_info r = {sqlite3_column_int64(q, 0), col_text(q, 1), col_text(q, 2), col_text(q, 3),
                      col_text(q, 4), col_text(q, 5), col_text(q, 6), col_text(q, 8), sqlite3_column_int64(q, 7)};
    return e->fn.run(e->ctx, &r);
}

/* The query of isl_store_runs: ?1 kind, ?2 with checks, ?3 since, ?4
 * limit, then each param's key and value from ?5 on. */
static char *runs_sql(isl_store *s, const isl_run_filter *f, isl_error *err)
{
    char *counts = rows_of_run_sql(s, err);
    if (!counts) return NULL;
    sqlite3_str *w = sqlite3_str_new(s->db);
    for (size_t i = 0; i < f->nparams; i++)
        sqlite3_str_appendf(w, " AND EXISTS (SELECT 1 FROM run_param p WHERE p.run_id = r.id AND p.key = ?%d "
                               "AND p.value = ?%d)", (int)(5 + 2 * i), (int)(6 + 2 * i));
    int oom = sqlite3_str_errcode(w) != SQLITE_OK;
    char *params = sqlite3_str_finish(w); /* NULL when empty */
    char *sql = !oom ? sqlite3_mprintf(
                           "SELECT r.id, r.kind, r.started_at, r.finished_at, r.status, r.model_digest, r.argv, "
                           "%s, r.note FROM (SELECT * FROM run r "
                           "WHERE (?1 IS NULL OR r.kind = ?1) AND (?1 IS NOT NULL OR ?2 OR r.kind <> 'check') "
                           "AND (?3 IS NULL OR r.started_at >= strftime('%%Y-%%m-%%dT%%H:%%M:%%fZ', ?3, 'unixepoch'))%s "
                           "ORDER BY r.id DESC LIMIT ?4) r ORDER BY r.id",
                           counts, params ? params : "")
                     : NULL;
    sqlite3_free(counts);
    sqlite3_free(params);
    if (!sql) isl_fail(err, ISL_ENOMEM, "out of memory");
    return sql;
}

isl_status isl_store_runs(isl_store *s, const isl_run_filter *f, isl_run_info_fn fn, void *ctx, isl_error *err)
{
    char *sql = runs_sql(s, f, err);
    if (!sql) return err->status;
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    sqlite3_free(sql);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, 1, f->kind, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int(q, 2, f->with_checks);
    if (rc == SQLITE_OK) rc = f->since ? sqlite3_bind_int64(q, 3, f->since) : sqlite3_bind_null(q, 3);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(q, 4, f->limit > 0 ? f->limit : -1);
    for (size_t i = 0; rc == SQLITE_OK && i < f->nparams; i++) {
        rc = sqlite3_bind_text(q, (int)(5 + 2 * i), f->keys[i], -1, SQLITE_STATIC);
        if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, (int)(6 + 2 * i), f->values[i], -1, SQLITE_STATIC);
    }
    if (rc != SQLITE_OK) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "listing runs");
    }
    isl_each e = {.fn.run = fn, .ctx = ctx};
    isl_status st = isl_base_step(s->db, s->path, "listing runs", q, run_row, &e, err);
    sqlite3_finalize(q);
    return st;
}

/* The latest run's id and digest (isl_store_latest_run). */
typedef struct latest {
    int64_t *id;
    char *digest;
} latest;

static isl_status latest_row(void *ctx, sqlite3_stmt *q)
{
    latest *l = ctx;
    *l->id = sqlite3_column_int64(q, 0);
    snprintf(l->digest, 17, "%s", isl_base_text(q, 1));
    return ISL_OK;
}

isl_status isl_store_latest_run(isl_store *s, const char *kind, int64_t *id, char digest[17], isl_error *err)
{
    latest l = {id, digest};
    *id = 0;
    digest[0] = '\0';
    return isl_db_rows(s, "reading the runs",
                       "SELECT id, model_digest FROM run WHERE kind = ?1 AND status = 'done' "
                       "ORDER BY id DESC LIMIT 1", latest_row, &l, err, "t", kind);
}

/* The missing command's buffer (isl_store_missing_command). */
typedef struct missing {
    char *buf;
    size_t n;
} missing;

static isl_status missing_row(void *ctx, sqlite3_stmt *q)
{
    missing *m = ctx;
    const char *stale = isl_base_col(q, 0), *first = isl_base_col(q, 1);
    snprintf(m->buf, m->n, "%s", stale ? stale : first ? first : "");
    return ISL_OK;
}

isl_status isl_store_missing_command(isl_store *s, const char *kind, char *buf, size_t n, isl_error *err)
{
    assert(n > 0);
    missing m = {buf, n};
    buf[0] = '\0';
    return isl_db_rows(s, "reading the current results",
                       "SELECT stale_command, command FROM missing_result WHERE kind = ?1", missing_row, &m, err, "t",
                       kind);
}

/* A diff in progress. */
typedef struct differ {
    isl_store *s;
    int64_t a, b;
    isl_line_fn fn;
    void *ctx;
    size_t n;
    isl_error *err;
    isl_rows_fn tick;
    void *tick_ctx;
} differ;

/* Hands a row's first column to the line callback; counts the lines whose
 * first character is not a blank as differences. */
static isl_status diff_row(void *ctx, sqlite3_stmt *q)
{
    differ *d = ctx;
    const char *line = col_text(q, 0);
    if (!line) return ISL_OK;
    if (line[0] != ' ') d->n++;
    return d->fn(d->ctx, line);
}

/* The lines of sql, with runs a and b bound to ?1 and ?2. */
static isl_status emit_rows(differ *d, const char *sql)
{
    return isl_db_rows(d->s, "comparing runs", sql, diff_row, d, d->err, "ii", d->a, d->b);
}

/* Surfaces, per bundle x channel (both runs' pairs, in name order): whether
 * each run has it, and the counts that changed ('' when none). */
static const char SURFACE_COUNTS[] =
    "WITH a AS (SELECT * FROM surface WHERE run_id = ?1), b AS (SELECT * FROM surface WHERE run_id = ?2),\n"
    "pairs AS (SELECT bundle, channel FROM a UNION SELECT bundle, channel FROM b)\n"
    "SELECT p.bundle, p.channel, a.bundle IS NOT NULL AS in_a, b.bundle IS NOT NULL AS in_b,\n"
    "       trim(CASE WHEN a.visible <> b.visible THEN ', visible ' || a.visible || ' -> ' || b.visible ELSE '' END\n"
    "         || CASE WHEN a.returned <> b.returned THEN ', returned ' || a.returned || ' -> ' || b.returned ELSE '' END\n"
    "         || CASE WHEN a.open_surface <> b.open_surface\n"
    "                 THEN ', open surface ' || a.open_surface || ' -> ' || b.open_surface ELSE '' END\n"
    "         || CASE WHEN a.open_axes <> b.open_axes\n"
    "                 THEN ', open axes ' || a.open_axes || ' -> ' || b.open_axes ELSE '' END\n"
    "         || CASE WHEN a.cost_pct <> b.cost_pct THEN ', cost ' || a.cost_pct || ' -> ' || b.cost_pct ELSE '' END\n"
    "         || CASE WHEN a.run_time <> b.run_time THEN ', run time ' || a.run_time || ' -> ' || b.run_time ELSE '' END\n"
    "         || CASE WHEN a.cost_per_fact IS NOT b.cost_per_fact THEN ', cost per fact '\n"
    "                 || coalesce(a.cost_per_fact, 'NULL') || ' -> ' || coalesce(b.cost_per_fact, 'NULL') ELSE '' END,\n"
    "         ', ') AS changed\n"
    "  FROM pairs p\n"
    "  LEFT JOIN a ON a.bundle = p.bundle AND a.channel = p.channel\n"
    "  LEFT JOIN b ON b.bundle = p.bundle AND b.channel = p.channel\n"
    " ORDER BY p.bundle, p.channel";

/* Hands one line to the callback (a difference unless it starts with a
 * blank); frees it. */
static isl_status emit_line(differ *d, char *line)
{
    if (!line) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    if (line[0] != ' ') d->n++;
    isl_status st = d->fn(d->ctx, line);
    sqlite3_free(line);
    return st;
}

/* One bundle x channel of the surfaces: a line when only one run has it,
 * its counts changed or facts moved, then the facts that moved. */
static isl_status surface_pair(differ *d, sqlite3_stmt *q, isl_moves *mv)
{
    const char *bundle = col_text(q, 0), *channel = col_text(q, 1), *changed = col_text(q, 4);
    int in_a = sqlite3_column_int(q, 2), in_b = sqlite3_column_int(q, 3);
    if (!bundle || !channel) return ISL_OK;
    size_t first, n = isl_moves_pair(mv, bundle, channel, &first);
    isl_status st = ISL_OK;
    if (!in_b) st = emit_line(d, sqlite3_mprintf("- %s x %s: only in run %lld", bundle, channel, (long long)d->a));
    else if (!in_a) st = emit_line(d, sqlite3_mprintf("+ %s x %s: only in run %lld", bundle, channel, (long long)d->b));
    else if ((changed && *changed) || n)
        st = emit_line(d, sqlite3_mprintf("~ %s x %s: %s", bundle, channel, changed && *changed ? changed : "same counts"));
    for (size_t i = first; !st && in_a && in_b && i < first + n; i++) st = emit_line(d, isl_moves_line(mv, i));
    return st;
}

/* The diff and the facts that moved, for pair_row. */
typedef struct moved {
    differ *d;
    isl_moves *mv;
} moved;

static isl_status pair_row(void *ctx, sqlite3_stmt *q)
{
    moved *m = ctx;
    return surface_pair(m->d, q, m->mv);
}

/* Surfaces, per bundle x channel: changed counts, then the facts that left
 * or joined the open surface (status visible, left-open or returns), each
 * run's fact statuses read once, in key order (isl_moves_read). */
static isl_status surface_diff(differ *d)
{
    isl_moves *mv = NULL;
    isl_status st = isl_moves_read(d->s, d->a, d->b, d->tick, d->tick_ctx, &mv, d->err);
    moved m = {d, mv};
    if (!st)
        st = isl_db_rows(d->s, "comparing runs", SURFACE_COUNTS, pair_row, &m, d->err, "ii", d->a,
                         d->b);
    isl_moves_free(mv);
    return st;
}

/* Rows of one result table only run a has ("-") or only run b has ("+"),
 * compared on every column but run_id, each shown as col=value pairs. The
 * power-set sweep's rows are compared by name (bundle_sweep_named: the
 * channel and the members, not channel_id and mask, which depend on what
 * each run swept). */
/* The compared columns of a table, as a list and as 'col=' || quote(col). */
typedef struct columns {
    sqlite3_str *list, *shown;
    int n;
} columns;

static isl_status column_row(void *ctx, sqlite3_stmt *q)
{
    columns *c = ctx;
    const char *name = isl_base_text(q, 0);
    sqlite3_str_appendf(c->list, "%s\"%w\"", c->n ? ", " : "", name);
    sqlite3_str_appendf(c->shown, "%s'%q=' || quote(\"%w\")", c->n ? " || ', ' || " : "", name, name);
    c->n++;
    return ISL_OK;
}

static isl_status table_diff(differ *d, const char *label)
{
    int named = !strcmp(label, "bundle_sweep");
    const char *table = named ? "bundle_sweep_named" : label;
    columns k = {sqlite3_str_new(d->s->db), sqlite3_str_new(d->s->db), 0};
    isl_status st = isl_db_rows(d->s, "comparing runs",
                                "SELECT name FROM pragma_table_info(?1) WHERE name <> 'run_id' "
                                "AND NOT (?2 AND name IN ('channel_id', 'mask')) ORDER BY cid",
                                column_row, &k, d->err, "ti", table, (int64_t)named);
    char *c = sqlite3_str_finish(k.list), *sh = sqlite3_str_finish(k.shown);
    char *sql = !st && c && sh && k.n ? sqlite3_mprintf(
                                   "SELECT line FROM (SELECT 1 AS k, '- %q: ' || %s AS line FROM "
                                   "(SELECT %s FROM \"%w\" WHERE run_id = ?1 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?2) "
                                   "UNION ALL SELECT 2, '+ %q: ' || %s FROM "
                                   "(SELECT %s FROM \"%w\" WHERE run_id = ?2 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?1)) "
                                   "ORDER BY k, line",
                                   label, sh, c, table, c, table, label, sh, c, table, c, table)
                             : NULL;
    sqlite3_free(c);
    sqlite3_free(sh);
    if (st || !k.n) return st;
    if (!sql) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    st = emit_rows(d, sql);
    sqlite3_free(sql);
    return st;
}

/* The kind of a run, into a buffer (isl_run_kind). */
typedef struct kind_buf {
    char *out;
    size_t n;
    int found;
} kind_buf;

static isl_status kind_row(void *ctx, sqlite3_stmt *q)
{
    kind_buf *k = ctx;
    snprintf(k->out, k->n, "%s", isl_base_text(q, 0));
    k->found = 1;
    return ISL_OK;
}

isl_status isl_run_kind(isl_store *s, int64_t id, char *kind, size_t n, isl_error *err)
{
    kind_buf k = {kind, n, 0};
    isl_status st = isl_db_rows(s, "reading the runs", "SELECT kind FROM run WHERE id = ?1", kind_row,
                                &k, err, "i", id);
    if (!st && !k.found) st = isl_fail(err, ISL_EINPUT, "no run %lld", (long long)id);
    return st;
}

/* Compares the rows of each result table but those compared by name. */
static isl_status table_row(void *ctx, sqlite3_stmt *q)
{
    const char *t = col_text(q, 0);
    /* surfaces and fact statuses: compared above, by name */
    if (t && strcmp(t, "surface") != 0 && strcmp(t, "fact_status_row") != 0) return table_diff(ctx, t);
    return ISL_OK;
}

isl_status isl_store_diff(isl_store *s, int64_t a, int64_t b, isl_line_fn fn, void *ctx, size_t *ndiff,
                          isl_error *err)
{
    return isl_store_diff_progress(s, a, b, fn, ctx, NULL, NULL, ndiff, err);
}

static isl_status sum_row(void *ctx, sqlite3_stmt *q)
{
    *(uint64_t *)ctx = (uint64_t)sqlite3_column_int64(q, 0);
    return ISL_OK;
}

isl_status isl_store_status_rows(isl_store *s, int64_t a, int64_t b, uint64_t *n, isl_error *err)
{
    *n = 0;
    return isl_db_rows(s, "counting the runs' fact statuses",
                       "SELECT (SELECT count(*) FROM fact_status_row WHERE run_id = ?1)"
                       " + (SELECT count(*) FROM fact_status_row WHERE run_id = ?2)",
                       sum_row, n, err, "ii", a, b);
}

isl_status isl_store_diff_progress(isl_store *s, int64_t a, int64_t b, isl_line_fn fn, void *ctx, isl_rows_fn tick,
                                   void *tick_ctx, size_t *ndiff, isl_error *err)
{
    char ka[128], kb[128];
    differ d = {s, a, b, fn, ctx, 0, err, tick, tick_ctx};
    *ndiff = 0;
    isl_status st = isl_run_kind(s, a, ka, sizeof ka, err);
    if (!st) st = isl_run_kind(s, b, kb, sizeof kb, err);
    if (st) return st;
    if (strcmp(ka, kb) != 0)
        return isl_fail(err, ISL_EINPUT, "run %lld is a '%s' run and run %lld a '%s' run; compare runs of one kind",
                        (long long)a, ka, (long long)b, kb);
    st = surface_diff(&d);
    if (!st) st = isl_db_rows(s, "listing result tables", RESULT_TABLES, table_row, &d, err, NULL);
    *ndiff = d.n;
    return st;
}
