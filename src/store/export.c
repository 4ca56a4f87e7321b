/* isolab store: reading a whole table or view for export. The relation's
 * name is looked up in sqlite_schema with a bound parameter; only the
 * schema's own spelling of it, quoted as an identifier, reaches SQL text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/embedded.h"
#include "isolab/export.h"
#include "store_int.h"

/* Looks name up: *type "table" or "view", the schema's name into out[n],
 * *without_rowid and *has_run_id. ISL_EINPUT when there is none. */
static isl_status find_relation(isl_store *s, const char *name, char *out, size_t n, int *is_table,
                                int *without_rowid, int *has_run_id, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT m.name, m.type = 'table', "
                           "  coalesce((SELECT t.wr FROM pragma_table_list t WHERE t.schema = 'main' AND t.name = m.name), 0), "
                           "  EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'run_id') "
                           "FROM sqlite_schema m WHERE m.type IN ('table', 'view') AND m.name = ?1 "
                           "AND m.name NOT LIKE 'sqlite%'",
                           -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "looking up the name");
    }
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        snprintf(out, n, "%s", (const char *)sqlite3_column_text(q, 0));
        *is_table = sqlite3_column_int(q, 1);
        *without_rowid = sqlite3_column_int(q, 2);
        *has_run_id = sqlite3_column_int(q, 3);
    }
    sqlite3_finalize(q);
    if (rc == SQLITE_DONE)
        return isl_fail(err, ISL_EINPUT, "no table or view named '%s'", name);
    if (rc != SQLITE_ROW) return isl_db_fail(s, err, "looking up the name");
    return ISL_OK;
}

/* "ORDER BY" clause of a table: its primary key columns in key order, or
 * rowid; empty for a view (it keeps its own order). */
static char *order_by(isl_store *s, const char *rel, int is_table, int without_rowid)
{
    if (!is_table) return sqlite3_mprintf("%s", "");
    if (!without_rowid) return sqlite3_mprintf("%s", " ORDER BY rowid");
    sqlite3_stmt *q = NULL;
    sqlite3_str *o = sqlite3_str_new(s->db);
    if (sqlite3_prepare_v2(s->db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk", -1, &q, NULL)
            == SQLITE_OK
        && sqlite3_bind_text(q, 1, rel, -1, SQLITE_STATIC) == SQLITE_OK) {
        for (int k = 0; sqlite3_step(q) == SQLITE_ROW; k++)
            sqlite3_str_appendf(o, "%s\"%w\"", k ? ", " : " ORDER BY ", (const char *)sqlite3_column_text(q, 0));
    }
    sqlite3_finalize(q);
    return sqlite3_str_finish(o);
}

static isl_status run_exists(isl_store *s, int64_t run_id, isl_error *err)
{
    char kind[64];
    return isl_run_kind(s, run_id, kind, sizeof kind, err);
}

/* Steps q, handing the header and then every row to fn. */
static isl_status stream_rows(isl_store *s, sqlite3_stmt *q, isl_row_fn fn, void *ctx, isl_error *err)
{
    size_t n = (size_t)sqlite3_column_count(q);
    const char **names = calloc(n + 1, sizeof *names);
    isl_cell *cells = calloc(n + 1, sizeof *cells);
    isl_status st = names && cells ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && !st; i++)
        if (!(names[i] = sqlite3_column_name(q, (int)i))) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = fn(ctx, n, names, NULL);
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        for (size_t i = 0; i < n; i++) {
            int c = (int)i, t = sqlite3_column_type(q, c);
            cells[i].type = t;
            cells[i].real = t == SQLITE_FLOAT ? sqlite3_column_double(q, c) : 0.0;
            cells[i].text = t == SQLITE_NULL ? NULL : (const char *)sqlite3_column_text(q, c);
            cells[i].len = t == SQLITE_NULL ? 0 : (size_t)sqlite3_column_bytes(q, c);
            if (t != SQLITE_NULL && !cells[i].text) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        }
        if (!st) st = fn(ctx, n, names, cells);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading the rows");
    free(names);
    free(cells);
    return st;
}

isl_status isl_store_export(isl_store *s, const char *name, int has_run, int64_t run_id, isl_row_fn fn, void *ctx,
                            isl_error *err)
{
    char rel[512];
    int is_table = 0, without_rowid = 0, has_run_id = 0;
    isl_status st = find_relation(s, name, rel, sizeof rel, &is_table, &without_rowid, &has_run_id, err);
    if (st) return st;
    if (has_run && !has_run_id)
        return isl_fail(err, ISL_EINPUT, "'%s' has no run_id column, so --run does not apply", rel);
    if (has_run && (st = run_exists(s, run_id, err))) return st;
    char *order = order_by(s, rel, is_table, without_rowid);
    char *sql = order ? sqlite3_mprintf("SELECT * FROM \"%w\"%s%s", rel, has_run ? " WHERE run_id = ?1" : "", order)
                      : NULL;
    sqlite3_free(order);
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL);
    sqlite3_free(sql);
    if (rc != SQLITE_OK || (has_run && sqlite3_bind_int64(q, 1, run_id))) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "reading the rows");
    }
    st = stream_rows(s, q, fn, ctx, err);
    sqlite3_finalize(q);
    return st;
}

int isl_bind_focus_lesson(isl_store *s, sqlite3_stmt *q, int i)
{
    sqlite3_stmt *f = NULL;
    int rc = sqlite3_prepare_v2(s->db, "SELECT lesson FROM current_focus", -1, &f, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(f);
    if (rc == SQLITE_ROW) rc = sqlite3_bind_value(q, i, sqlite3_column_value(f, 0));
    else if (rc == SQLITE_DONE) rc = sqlite3_bind_null(q, i);
    sqlite3_finalize(f);
    return rc;
}

isl_status isl_store_view_lines(isl_store *s, const char *name, isl_line_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT m.name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'lesson') "
                           "FROM sqlite_schema m WHERE m.type = 'view' AND m.name = ?1 "
                           "AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'line')",
                           -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC) != SQLITE_OK) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "looking up the saved query");
    }
    int rc = sqlite3_step(q);
    /* a lesson-keyed view: the lines of current_focus's lesson */
    char *sql = rc == SQLITE_ROW ? sqlite3_mprintf("SELECT \"line\" FROM \"%w\"%s", sqlite3_column_text(q, 0),
                                                   sqlite3_column_int(q, 1)
                                                       ? " WHERE lesson = ?1"
                                                       : "")
                                 : NULL;
    int keyed = rc == SQLITE_ROW && sqlite3_column_int(q, 1);
    sqlite3_finalize(q);
    if (rc == SQLITE_DONE) return isl_fail(err, ISL_EINPUT, "no saved query named '%s'", name);
    if (rc != SQLITE_ROW) return isl_db_fail(s, err, "looking up the saved query");
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_status st = sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) == SQLITE_OK
                        && (!keyed || isl_bind_focus_lesson(s, q, 1) == SQLITE_OK)
                    ? ISL_OK : isl_db_fail(s, err, name);
    sqlite3_free(sql);
    rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) st = fn(ctx, (const char *)sqlite3_column_text(q, 0));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, name);
    sqlite3_finalize(q);
    return st;
}

/* What export --sql was refused: the action, and a function's name. */
typedef struct sql_refusal {
    int action;
    char function[64];
} sql_refusal;

/* Allows what a read-only SELECT does, nothing else: no write, no PRAGMA
 * statement (a table-valued pragma such as pragma_table_info reads only),
 * no ATTACH, no transaction, no function off the allow-list (allow.c). */
static int only_reads(void *ctx, int action, const char *a, const char *b, const char *db, const char *via)
{
    (void)db, (void)via;
    sql_refusal *r = ctx;
    if (action == SQLITE_FUNCTION && !isl_sql_function_allowed(b)) {
        if (!r->action) snprintf(r->function, sizeof r->function, "%s", b);
    } else if (action == SQLITE_SELECT || action == SQLITE_READ || action == SQLITE_FUNCTION
               || action == SQLITE_RECURSIVE) {
        return SQLITE_OK;
    } else if (action == SQLITE_UPDATE && a
               && (!sqlite3_stricmp(a, "sqlite_master") || !sqlite3_stricmp(a, "sqlite_schema"))) {
        return SQLITE_OK; /* SQLite's own check when a table-valued function is first used */
    }
    if (!r->action) r->action = action;
    return SQLITE_DENY;
}

/* Nonzero when text holds nothing but blanks, comments and semicolons. */
static int only_blank(const char *p)
{
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == ';') p++;
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            if (!e) return 1;
            p = e + 2;
        } else {
            return *p == '\0';
        }
    }
}

isl_status isl_store_export_sql(isl_store *s, const char *sql, isl_row_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    const char *tail = NULL;
    sql_refusal refused = {0, ""};
    sqlite3_set_authorizer(s->db, only_reads, &refused);
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, &tail);
    sqlite3_set_authorizer(s->db, NULL, NULL);
    isl_status st = ISL_OK;
    if (refused.action == SQLITE_FUNCTION)
        st = isl_fail(err, ISL_EINPUT, "export --sql: the function %s is not allowed (a query may call SQLite's "
                      "ordinary functions and isolab's own)", refused.function);
    else if (refused.action)
        st = isl_fail(err, ISL_EINPUT, "export --sql: only a read-only query is allowed (this one would %s)",
                      refused.action == SQLITE_PRAGMA ? "run a PRAGMA statement; a read-only pragma is read as a "
                                                        "table: SELECT * FROM pragma_table_info('run')"
                      : refused.action == SQLITE_ATTACH || refused.action == SQLITE_DETACH ? "attach a database"
                      : refused.action == SQLITE_TRANSACTION || refused.action == SQLITE_SAVEPOINT ? "open a transaction"
                      : "write");
    else if (rc != SQLITE_OK)
        st = isl_fail(err, isl_db_status(s) == ISL_ENOMEM ? ISL_ENOMEM : ISL_EINPUT, "export --sql: %s",
                      sqlite3_errmsg(s->db));
    else if (!q)
        st = isl_fail(err, ISL_EINPUT, "export --sql: no statement");
    else if (tail && !only_blank(tail))
        st = isl_fail(err, ISL_EINPUT, "export --sql: one statement only (more follows: '%.40s')",
                      tail + strspn(tail, " \t\r\n;"));
    else if (!sqlite3_stmt_readonly(q) || sqlite3_column_count(q) == 0)
        st = isl_fail(err, ISL_EINPUT, "export --sql: only a read-only query is allowed (this one returns no rows)");
    /* bounded as a seed statement is: a runaway query is stopped */
    if (!st) {
        isl_work_begin(s);
        st = stream_rows(s, q, fn, ctx, err);
        if (isl_work_end(s) && st)
            st = isl_fail(err, ISL_EINPUT, "export --sql: the query exceeded the work budget (%llu million steps): "
                          "stopped; raise it with --work-limit", isl_store_work_limit(s));
    }
    sqlite3_finalize(q);
    return st;
}

/* The first sentence of the comment that opens text (a view's SQL, from
 * "AS" on), or of the comment block right before "CREATE TABLE name" in a
 * schema file; into out[n]. */
static void first_sentence(const char *c, char *out, size_t n)
{
    size_t k = 0;
    out[0] = '\0';
    while (*c && k + 1 < n) {
        while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') c++;
        if (c[0] != '-' || c[1] != '-') break;
        c += 2;
        while (*c == '-' || *c == ' ') c++;
        for (; *c && *c != '\n' && k + 1 < n; c++) {
            if (*c == '.' && (c[1] == ' ' || c[1] == '\n' || c[1] == '\0')) {
                out[k] = '\0';
                return;
            }
            out[k++] = *c;
        }
        if (k && k + 1 < n) out[k++] = ' ';
        out[k] = '\0';
    }
    while (k && out[k - 1] == ' ') out[--k] = '\0';
}

/* The description of table `name`: the comment before its CREATE TABLE in
 * the built-in schema files. */
static void table_comment(const char *name, char *out, size_t n)
{
    char pat[300];
    out[0] = '\0';
    snprintf(pat, sizeof pat, "CREATE TABLE %s (", name);
    for (size_t i = 0; i < isl_schema_count; i++) {
        const char *t = isl_schema_files[i].text, *at = strstr(t, pat);
        if (!at) continue;
        /* back over the comment lines right before it */
        const char *start = at;
        while (start > t) {
            const char *prev = start - 1; /* the newline ending the line before */
            const char *ls = prev;
            while (ls > t && ls[-1] != '\n') ls--;
            if (ls[0] != '-' || ls[1] != '-') break;
            start = ls;
        }
        if (start < at) first_sentence(start, out, n);
        return;
    }
}

isl_status isl_store_relations(isl_store *s, isl_relation_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') "
                           "AND name NOT LIKE 'sqlite%' ORDER BY type, name",
                           -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "listing tables and views");
    isl_status st = ISL_OK;
    int rc;
    char about[300];
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(q, 0), *type = (const char *)sqlite3_column_text(q, 1);
        const char *sql = (const char *)sqlite3_column_text(q, 2);
        if (!name || !type) continue;
        if (!strcmp(type, "view")) {
            const char *as = sql ? strstr(sql, " AS\n") : NULL;
            if (as) first_sentence(as + 4, about, sizeof about);
            else about[0] = '\0';
        } else {
            table_comment(name, about, sizeof about);
        }
        char *count = sqlite3_mprintf("SELECT count(*) FROM \"%w\"", name);
        sqlite3_stmt *c = NULL;
        long long rows = -1;
        if (!count) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        else if (sqlite3_prepare_v2(s->db, count, -1, &c, NULL) == SQLITE_OK && sqlite3_step(c) == SQLITE_ROW)
            rows = sqlite3_column_int64(c, 0);
        else if (isl_db_status(s) == ISL_ENOMEM)
            st = isl_fail(err, ISL_ENOMEM, "out of memory");
        sqlite3_finalize(c);
        sqlite3_free(count);
        if (!st) st = fn(ctx, name, type, about, rows);
    }
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "listing tables and views");
    sqlite3_finalize(q);
    return st;
}

int isl_store_has_column(isl_store *s, const char *name, const char *column)
{
    sqlite3_stmt *q = NULL;
    int has = -1;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = ?2) "
                           "FROM sqlite_schema m WHERE m.type IN ('table', 'view') AND m.name = ?1",
                           -1, &q, NULL) == SQLITE_OK
        && sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC) == SQLITE_OK
        && sqlite3_bind_text(q, 2, column, -1, SQLITE_STATIC) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
        has = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    return has;
}
