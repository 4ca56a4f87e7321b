/* isolab store: listing runs and comparing two of them. Result tables are
 * found in the schema (every table with a run_id column), so tables added
 * later are listed and compared without a change here; their names reach
 * SQL text only from sqlite_schema, quoted as identifiers. */
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

/* Builds "SELECT run_id, count(*) AS n FROM t GROUP BY run_id UNION ALL ..."
 * over every result table (a query with no rows when there is none). */
static char *rows_per_run_sql(isl_store *s, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    sqlite3_str *out = sqlite3_str_new(s->db);
    if (sqlite3_prepare_v2(s->db, RESULT_TABLES, -1, &q, NULL) != SQLITE_OK) {
        sqlite3_free(sqlite3_str_finish(out));
        isl_db_fail(s, err, "listing result tables");
        return NULL;
    }
    int n = 0;
    while (sqlite3_step(q) == SQLITE_ROW)
        sqlite3_str_appendf(out, "%sSELECT run_id, count(*) AS n FROM \"%w\" GROUP BY run_id", n++ ? " UNION ALL " : "",
                            (const char *)sqlite3_column_text(q, 0));
    if (!n) sqlite3_str_appendall(out, "SELECT NULL AS run_id, 0 AS n WHERE 0");
    sqlite3_finalize(q);
    char *sql = sqlite3_str_finish(out);
    if (!sql) isl_fail(err, ISL_ENOMEM, "out of memory");
    return sql;
}

static const char *col_text(sqlite3_stmt *q, int i) { return (const char *)sqlite3_column_text(q, i); }

isl_status isl_store_runs(isl_store *s, const char *kind, isl_run_info_fn fn, void *ctx, isl_error *err)
{
    char *counts = rows_per_run_sql(s, err);
    if (!counts) return err->status;
    char *sql = sqlite3_mprintf("SELECT r.id, r.kind, r.started_at, r.finished_at, r.status, r.model_digest, r.argv, "
                                "coalesce(c.n, 0), r.note FROM run r LEFT JOIN (SELECT run_id, sum(n) AS n FROM (%s) "
                                "GROUP BY run_id) c ON c.run_id = r.id WHERE ?1 IS NULL OR r.kind = ?1 ORDER BY r.id",
                                counts);
    sqlite3_free(counts);
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK || sqlite3_bind_text(q, 1, kind, -1, SQLITE_STATIC)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "listing runs");
    }
    isl_status st = ISL_OK;
    rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        isl_run_info r = {sqlite3_column_int64(q, 0), col_text(q, 1), col_text(q, 2), col_text(q, 3),
                          col_text(q, 4), col_text(q, 5), col_text(q, 6), col_text(q, 8), sqlite3_column_int64(q, 7)};
        st = fn(ctx, &r);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "listing runs");
    sqlite3_finalize(q);
    return st;
}

isl_status isl_store_latest_run(isl_store *s, const char *kind, int64_t *id, char digest[17], isl_error *err)
{
    sqlite3_stmt *q = NULL;
    *id = 0;
    digest[0] = '\0';
    if (sqlite3_prepare_v2(s->db, "SELECT id, model_digest FROM run WHERE kind = ?1 AND status = 'done' "
                                  "ORDER BY id DESC LIMIT 1", -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_text(q, 1, kind, -1, SQLITE_STATIC)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "reading the runs");
    }
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        *id = sqlite3_column_int64(q, 0);
        if (col_text(q, 1)) snprintf(digest, 17, "%s", col_text(q, 1));
    }
    sqlite3_finalize(q);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return isl_db_fail(s, err, "reading the runs");
    return ISL_OK;
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

/* Prepares sql with runs a and b bound to ?1 and ?2. */
static sqlite3_stmt *prep_ab(differ *d, const char *sql)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(d->s->db, sql, -1, &q, NULL) != SQLITE_OK || sqlite3_bind_int64(q, 1, d->a)
        || sqlite3_bind_int64(q, 2, d->b)) {
        sqlite3_finalize(q);
        isl_db_fail(d->s, d->err, "comparing runs");
        return NULL;
    }
    return q;
}

/* Hands every row's first column to the line callback; counts the lines
 * whose first character is not a blank as differences. */
static isl_status emit_rows(differ *d, sqlite3_stmt *q)
{
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *line = col_text(q, 0);
        if (!line) continue;
        if (line[0] != ' ') d->n++;
        st = d->fn(d->ctx, line);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(d->s, d->err, "comparing runs");
    sqlite3_finalize(q);
    return st;
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

/* Surfaces, per bundle x channel: changed counts, then the facts that left
 * or joined the open surface (status visible, left-open or returns), each
 * run's fact statuses read once, in key order (isl_moves_read). */
static isl_status surface_diff(differ *d)
{
    isl_moves *mv = NULL;
    isl_status st = isl_moves_read(d->s, d->a, d->b, d->tick, d->tick_ctx, &mv, d->err);
    sqlite3_stmt *q = st ? NULL : prep_ab(d, SURFACE_COUNTS);
    if (!st && !q) st = d->err->status;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) st = surface_pair(d, q, mv);
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(d->s, d->err, "comparing runs");
    sqlite3_finalize(q);
    isl_moves_free(mv);
    return st;
}

/* Rows of one result table only run a has ("-") or only run b has ("+"),
 * compared on every column but run_id, each shown as col=value pairs. The
 * power-set sweep's rows are compared by name (bundle_sweep_named: the
 * channel and the members, not channel_id and mask, which depend on what
 * each run swept). */
static isl_status table_diff(differ *d, const char *label)
{
    int named = !strcmp(label, "bundle_sweep");
    const char *table = named ? "bundle_sweep_named" : label;
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(d->s->db,
                           "SELECT name FROM pragma_table_info(?1) WHERE name <> 'run_id' "
                           "AND NOT (?2 AND name IN ('channel_id', 'mask')) ORDER BY cid",
                           -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC) || sqlite3_bind_int(q, 2, named)) {
        sqlite3_finalize(q);
        return isl_db_fail(d->s, d->err, "comparing runs");
    }
    sqlite3_str *cols = sqlite3_str_new(d->s->db), *shown = sqlite3_str_new(d->s->db);
    int n = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        const char *c = col_text(q, 0);
        sqlite3_str_appendf(cols, "%s\"%w\"", n ? ", " : "", c);
        sqlite3_str_appendf(shown, "%s'%q=' || quote(\"%w\")", n ? " || ', ' || " : "", c, c);
        n++;
    }
    sqlite3_finalize(q);
    char *c = sqlite3_str_finish(cols), *sh = sqlite3_str_finish(shown);
    char *sql = c && sh && n ? sqlite3_mprintf(
                                   "SELECT line FROM (SELECT 1 AS k, '- %q: ' || %s AS line FROM "
                                   "(SELECT %s FROM \"%w\" WHERE run_id = ?1 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?2) "
                                   "UNION ALL SELECT 2, '+ %q: ' || %s FROM "
                                   "(SELECT %s FROM \"%w\" WHERE run_id = ?2 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?1)) "
                                   "ORDER BY k, line",
                                   label, sh, c, table, c, table, label, sh, c, table, c, table)
                             : NULL;
    sqlite3_free(c);
    sqlite3_free(sh);
    if (!n) return ISL_OK;
    if (!sql) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    q = prep_ab(d, sql);
    sqlite3_free(sql);
    return q ? emit_rows(d, q) : d->err->status;
}

isl_status isl_run_kind(isl_store *s, int64_t id, char *kind, size_t n, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT kind FROM run WHERE id = ?1", -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_int64(q, 1, id)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "reading the runs");
    }
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) snprintf(kind, n, "%s", col_text(q, 0) ? col_text(q, 0) : "");
    sqlite3_finalize(q);
    if (rc == SQLITE_DONE) return isl_fail(err, ISL_EINPUT, "no run %lld", (long long)id);
    if (rc != SQLITE_ROW) return isl_db_fail(s, err, "reading the runs");
    return ISL_OK;
}

isl_status isl_store_diff(isl_store *s, int64_t a, int64_t b, isl_line_fn fn, void *ctx, size_t *ndiff,
                          isl_error *err)
{
    return isl_store_diff_progress(s, a, b, fn, ctx, NULL, NULL, ndiff, err);
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
    if ((st = surface_diff(&d))) return st;
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, RESULT_TABLES, -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "listing result tables");
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *t = col_text(q, 0);
        /* surfaces and fact statuses: compared above, by name */
        if (t && strcmp(t, "surface") != 0 && strcmp(t, "fact_status_row") != 0) st = table_diff(&d, t);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "listing result tables");
    sqlite3_finalize(q);
    *ndiff = d.n;
    return st;
}
