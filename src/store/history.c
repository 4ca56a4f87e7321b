/* isolab store: listing runs (their rows counted in every table with a run_id
 * column, found in the schema), the latest of a kind, missing results. */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "isolab/history.h"
#include "store_int.h"

/* The SQL being built, the run id's expression, the result tables counted so far. */
typedef struct per_run {
    sqlite3_str *out;
    const char *id;
    int n;
} per_run;

static isl_status count_table(void *ctx, sqlite3_stmt *q)
{
    per_run *c = ctx;
    sqlite3_str_appendf(c->out, "%s(SELECT count(*) FROM \"%w\" WHERE run_id = %s)", c->n++ ? " + " : "",
                        isl_base_text(q, 0), c->id);
    return ISL_OK;
}

/* Appends to out the sum of the rows of run `id` (an SQL expression) in
 * every result table ("0" when there is none). */
static isl_status append_run_rows(isl_store *s, sqlite3_str *out, const char *id, isl_error *err)
{
    per_run c = {out, id, 0};
    isl_status st = isl_db_rows(s, "listing result tables", RESULT_TABLES, count_table, &c, err, NULL);
    if (!c.n) sqlite3_str_appendall(out, "0");
    return st;
}

typedef struct damage {
    const char *path;
    isl_error *err;
} damage;

static isl_status damaged_row(void *ctx, sqlite3_stmt *q)
{
    damage *d = ctx;
    return isl_fail_why(d->err, ISL_EDB, ISL_R_DAMAGED, "%s: damaged: run %lld has %lld of its %lld rows", d->path,
                        (long long)sqlite3_column_int64(q, 0), (long long)sqlite3_column_int64(q, 2),
                        (long long)sqlite3_column_int64(q, 1));
}

isl_status isl_store_check_rows(isl_store *s, int64_t a, int64_t b, isl_error *err)
{
    sqlite3_str *out = sqlite3_str_new(s->db);
    sqlite3_str_appendall(out, "SELECT id, row_count, n FROM (SELECT r.id, w.row_count, ");
    isl_status st = append_run_rows(s, out, "r.id", err);
    sqlite3_str_appendall(out, " AS n FROM run r JOIN run_written w ON w.run = r.id WHERE ?1 = 0 OR r.id IN (?1, ?2)) "
                               "WHERE n <> row_count ORDER BY id LIMIT 1");
    char *sql = sqlite3_str_finish(out);
    if (!st && !sql) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    damage d = {s->path, err};
    if (!st) st = isl_db_rows(s, "counting the runs' rows", sql, damaged_row, &d, err, "ii", a, b);
    sqlite3_free(sql);
    return st;
}

static isl_status run_row(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    isl_run_info r = {sqlite3_column_int64(q, 0), isl_base_col(q, 1), isl_base_col(q, 2), isl_base_col(q, 3),
                      isl_base_col(q, 4),           isl_base_col(q, 5), isl_base_col(q, 6), isl_base_col(q, 8),
                      sqlite3_column_int64(q, 7), isl_base_col(q, 9)};
    return e->fn.run(e->ctx, &r);
}

/* The query of isl_store_runs: ?1 kind, ?2 with checks, ?3 since, ?4 limit,
 * each param's key and value from ?5 on; rows counted for the runs listed only. */
static char *runs_sql(isl_store *s, const isl_run_filter *f, isl_error *err)
{
    per_run c = {sqlite3_str_new(s->db), "r.id", 0};
    sqlite3_str_appendall(c.out, "SELECT r.id, r.kind, r.started_at, r.finished_at, r.status, r.model_digest, "
                                 "r.argv, ");
    isl_status st = append_run_rows(s, c.out, "r.id", err);
    sqlite3_str_appendf(c.out, ", r.note, (SELECT t.retired_at FROM run_retired t WHERE t.run = r.id) "
                               "FROM (SELECT * FROM run r "
                               "WHERE (?1 IS NULL OR r.kind = ?1) AND (?1 IS NOT NULL OR ?2 OR r.kind <> 'check') "
                               "AND (?3 IS NULL OR r.started_at >= "
                               "strftime('%%Y-%%m-%%dT%%H:%%M:%%fZ', ?3, 'unixepoch'))");
    for (size_t i = 0; i < f->nparams; i++)
        sqlite3_str_appendf(c.out, " AND EXISTS (SELECT 1 FROM run_param p WHERE p.run_id = r.id AND p.key = ?%d "
                                   "AND p.value = ?%d)", (int)(5 + 2 * i), (int)(6 + 2 * i));
    sqlite3_str_appendall(c.out, " ORDER BY r.id DESC LIMIT ?4) r ORDER BY r.id");
    char *sql = sqlite3_str_finish(c.out);
    if (!st && !sql) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) return sql;
    sqlite3_free(sql);
    return NULL;
}

isl_status isl_store_runs(isl_store *s, const isl_run_filter *f, isl_run_info_fn fn, void *ctx, isl_error *err)
{
    char *sql = runs_sql(s, f, err);
    if (!sql) return err->status;
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    sqlite3_free(sql);
    assert(f->kind <= ISL_KIND_COUNT);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, 1, isl_kind_names[f->kind], -1, SQLITE_STATIC);
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

/* Column 0's text into out[n], column 1's integer (if any) into id; found: a row. */
typedef struct text_out {
    char *out;
    size_t n;
    int found;
    int64_t id;
} text_out;

static isl_status text_row(void *ctx, sqlite3_stmt *q)
{
    text_out *t = ctx;
    snprintf(t->out, t->n, "%s", isl_base_text(q, 0));
    if (sqlite3_column_count(q) > 1) t->id = sqlite3_column_int64(q, 1);
    t->found = 1;
    return ISL_OK;
}

isl_status isl_store_latest_run(isl_store *s, isl_kind kind, int64_t *id, char digest[17], isl_error *err)
{
    assert(kind < ISL_KIND_COUNT);
    text_out l = {digest, 17, 0, 0};
    digest[0] = '\0';
    isl_status st = isl_db_rows(s, "reading the runs",
                                "SELECT model_digest, id FROM run WHERE kind = ?1 "
                                "ORDER BY id DESC LIMIT 1", text_row, &l, err, "t", isl_kind_names[kind]);
    *id = l.id;
    return st;
}

/* Prepares SELECT * FROM name (and finalizes it) with `fn` as the
 * authorizer: fn sees every table and column the relation reads. */
static isl_status prepare_reading(isl_store *s, const char *name,
                                  int (*fn)(void *, int, const char *, const char *, const char *, const char *),
                                  void *ctx, isl_error *err)
{
    char *sql = sqlite3_mprintf("SELECT * FROM \"%w\"", name);
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    sqlite3_stmt *q = NULL;
    isl_status st = isl_db_authorize(s, fn, ctx, ISL_OK, err);
    int rc = st ? SQLITE_OK : sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    st = isl_db_authorize(s, NULL, NULL, st, err);
    if (!st && rc != SQLITE_OK) st = isl_db_fail(s, err, "reading what a relation reads");
    sqlite3_finalize(q);
    sqlite3_free(sql);
    return st;
}

/* Adds the kind of each table a statement reads to *ctx's bits. */
static int kind_read(void *ctx, int action, const char *table, const char *col, const char *db, const char *via)
{
    (void)col, (void)db, (void)via;
    if (action == SQLITE_READ && table) {
        isl_kind k = isl_kind_of_table(table);
        if (k < ISL_KIND_COUNT) *(unsigned *)ctx |= 1u << k;
    }
    return SQLITE_OK;
}

/* Sets *ctx (a table_read) when a statement reads its table. */
typedef struct table_read {
    const char *table;
    int *reads;
} table_read;

static int one_table_read(void *ctx, int action, const char *table, const char *col, const char *db, const char *via)
{
    (void)col, (void)db, (void)via;
    table_read *t = ctx;
    if (action == SQLITE_READ && table && !strcmp(table, t->table)) *t->reads = 1;
    return SQLITE_OK;
}

isl_status isl_store_reads_table(isl_store *s, const char *name, const char *table, int *reads, isl_error *err)
{
    *reads = 0;
    table_read t = {table, reads};
    return prepare_reading(s, name, one_table_read, &t, err);
}

isl_status isl_store_kinds_read(isl_store *s, const char *name, unsigned *kinds, isl_error *err)
{
    *kinds = 0;
    return prepare_reading(s, name, kind_read, kinds, err);
}

isl_status isl_store_missing_command(isl_store *s, isl_kind kind, char *buf, size_t n, isl_error *err)
{
    assert(n > 0 && kind < ISL_KIND_COUNT);
    text_out m = {buf, n, 0, 0};
    buf[0] = '\0';
    return isl_db_rows(s, "reading the current results",
                       "SELECT coalesce(stale_command, command, '') FROM missing_result WHERE kind = ?1", text_row,
                       &m, err, "t", isl_kind_names[kind]);
}

isl_status isl_run_kind(isl_store *s, int64_t id, char *kind, size_t n, isl_error *err)
{
    text_out k = {kind, n, 0, 0};
    isl_status st = isl_db_rows(s, "reading the runs", "SELECT kind FROM run WHERE id = ?1", text_row, &k, err, "i",
                                id);
    if (!st && !k.found) st = isl_fail(err, ISL_EINPUT, "no run %lld", (long long)id);
    return st;
}
