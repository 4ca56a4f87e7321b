/* isolab store: reading a whole table or view for export. The relation's
 * name is looked up in sqlite_schema with a bound parameter; only the
 * schema's own spelling of it, quoted as an identifier, reaches SQL text. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/embedded.h"
#include "isolab/export.h"
#include "allow.h"
#include "probe.h"
#include "store_int.h"
#include "isolab/history.h"
#include "isolab/manage.h"
#include "isolab/names.h"

/* The tables and views a name may give (the hint's list). */
#define RELATIONS "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite%' ORDER BY name"

/* isl_cell.type is SQLite's type code */
_Static_assert(ISL_CELL_INTEGER == SQLITE_INTEGER && ISL_CELL_FLOAT == SQLITE_FLOAT && ISL_CELL_TEXT == SQLITE_TEXT
                   && ISL_CELL_BLOB == SQLITE_BLOB && ISL_CELL_NULL == SQLITE_NULL,
               "isl_cell types are SQLite's");

typedef struct relation {
    char name[512];
    int found, is_table, without_rowid, has_run_id;
} relation;

static isl_status relation_row(void *ctx, sqlite3_stmt *q)
{
    relation *r = ctx;
    snprintf(r->name, sizeof r->name, "%s", isl_base_text(q, 0));
    r->is_table = sqlite3_column_int(q, 1);
    r->without_rowid = sqlite3_column_int(q, 2);
    r->has_run_id = sqlite3_column_int(q, 3);
    r->found = 1;
    return ISL_OK;
}

/* Looks name up: the schema's name into r->name, whether it is a table,
 * without rowid, and (when run_id_too; else 0) with a run_id column.
 * ISL_EINPUT when there is none. A view's columns are not asked for unless
 * needed: pragma_table_info of a view compiles it. */
static isl_status find_relation(isl_store *s, const char *name, int run_id_too, relation *r, isl_error *err)
{
    isl_status st = isl_db_rows(
        s, "looking up the name",
        "SELECT m.name, m.type = 'table', "
        /* without rowid: its primary key's index holds no rowid (not pragma_table_list: that
           compiles every view whose columns are not known) */
        "  CASE WHEN m.type = 'table' THEN EXISTS (SELECT 1 FROM pragma_index_list(m.name, 'main') i "
        "       WHERE i.origin = 'pk' AND NOT EXISTS (SELECT 1 FROM pragma_index_xinfo(i.name, 'main') x "
        "                                             WHERE x.cid = -1)) ELSE 0 END, "
        "  CASE WHEN ?2 THEN EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'run_id') "
        "       ELSE 0 END "
        "FROM sqlite_schema m WHERE m.type IN ('table', 'view') AND m.name = ?1 AND m.name NOT LIKE 'sqlite%'",
        relation_row, r, err, "ti", name, (int64_t)(run_id_too != 0));
    char hint[ISL_HINT_MAX];
    if (!st && !r->found)
        st = isl_fail(err, ISL_EINPUT, "no table or view named '%s'%s", name,
                      isl_store_name_hint(s, RELATIONS, name, "tables and views", hint, sizeof hint));
    return st;
}

static isl_status key_row(void *ctx, sqlite3_stmt *q)
{
    sqlite3_str *o = ctx;
    sqlite3_str_appendf(o, "%s\"%w\"", sqlite3_str_length(o) ? ", " : " ORDER BY ", isl_base_text(q, 0));
    return ISL_OK;
}

/* "ORDER BY" clause of a table: its primary key columns in key order, or
 * rowid; empty for a view (it keeps its own order). */
static char *order_by(isl_store *s, const relation *r)
{
    if (!r->is_table) return sqlite3_mprintf("%s", "");
    if (!r->without_rowid) return sqlite3_mprintf("%s", " ORDER BY rowid");
    sqlite3_str *o = sqlite3_str_new(s->db);
    isl_error err;
    isl_db_rows(s, "reading the key", "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk",
                key_row, o, &err, "t", r->name);
    return sqlite3_str_finish(o);
}

/* A relation's rows, as cells for the caller's function. */
typedef struct streamer {
    isl_row_fn fn;
    void *ctx;
    size_t n;
    const char **names;
    isl_cell *cells;
    isl_error *err;
} streamer;

static isl_status cell_row(void *ctx, sqlite3_stmt *q)
{
    streamer *w = ctx;
    if (isl_base_cells(q, w->cells, w->n)) return isl_fail(w->err, ISL_ENOMEM, "out of memory");
    return w->fn(w->ctx, w->n, w->names, w->cells);
}

/* Steps q, handing the header and then every row to fn. The names are read
 * after the first step: a statement compiled before the schema changed (a
 * page's, read for every lesson, and the page's focus makes TEMP views) is
 * compiled again by that step, and names read before it would be freed. */
static isl_status stream_rows(isl_store *s, sqlite3_stmt *q, isl_row_fn fn, void *ctx, isl_error *err)
{
    sqlite3_reset(q);
    int rc = sqlite3_step(q);
    size_t n = (size_t)sqlite3_column_count(q);
    streamer w = {fn, ctx, n, calloc(n + 1, sizeof *w.names), calloc(n + 1, sizeof *w.cells), err};
    isl_status st = w.names && w.cells ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < n && !st; i++)
        if (!(w.names[i] = sqlite3_column_name(q, (int)i))) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = fn(ctx, n, w.names, NULL);
    /* a column read out of memory returns NULL, and the next step fails */
    while (!st && rc == SQLITE_ROW)
        if (!(st = cell_row(&w, q))) rc = sqlite3_step(q);
    if (!st && rc != SQLITE_DONE) st = isl_base_fail(s->db, s->path, err, "reading the rows");
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    free(w.names);
    free(w.cells);
    return st;
}

isl_status isl_store_table_rows(isl_store *s, const char *name, int has_run, int64_t run_id, uint64_t *n,
                                isl_error *err)
{
    relation r = {.found = 0};
    *n = 0;
    isl_status st = find_relation(s, name, has_run, &r, err);
    if (st || !r.is_table || (has_run && !r.has_run_id)) return st;
    char *sql = sqlite3_mprintf("SELECT count(*) FROM \"%w\"%s", r.name, has_run ? " WHERE run_id = ?1" : "");
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    long long count = 0;
    st = isl_db_rows(s, "counting the rows", sql, isl_base_int_row, &count, err, has_run ? "i" : NULL, run_id);
    sqlite3_free(sql);
    *n = (uint64_t)count;
    return st;
}

/* A relation's statement, compiled once (isl_store_export_open). mine: the
 * relation is isolab's own (one of the user's views runs under the work
 * budget); ?1 is run_id with has_run, each read's lesson with by_lesson. */
struct isl_export {
    isl_store *s;
    sqlite3_stmt *q;
    char name[512];
    int mine, has_run, by_lesson;
    int64_t run_id;
};

isl_status isl_store_export_open(isl_store *s, const char *name, int has_run, int64_t run_id, int by_lesson,
                                 isl_export **out, isl_error *err)
{
    assert(!(has_run && by_lesson));
    *out = NULL;
    relation r = {.found = 0};
    isl_status st = find_relation(s, name, has_run, &r, err);
    if (st) return st;
    if (has_run && !r.has_run_id)
        return isl_fail_why(err, ISL_EINPUT, ISL_R_NO_RUN_COLUMN, "'%s' has no run_id column", r.name);
    char kind[64];
    if (has_run && (st = isl_run_kind(s, run_id, kind, sizeof kind, err))) return st;
    isl_export *x = calloc(1, sizeof *x);
    char *order = x ? order_by(s, &r) : NULL;
    char *sql = order ? sqlite3_mprintf("SELECT * FROM \"%w\"%s%s", r.name, has_run ? " WHERE run_id = ?1"
                                        : by_lesson ? " WHERE lesson = ?1" : "", order) : NULL;
    sqlite3_free(order);
    if (!sql) return free(x), isl_fail(err, ISL_ENOMEM, "out of memory");
    x->s = s, x->has_run = has_run, x->run_id = run_id, x->by_lesson = by_lesson;
    snprintf(x->name, sizeof x->name, "%s", r.name);
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &x->q, NULL);
    sqlite3_free(sql);
    /* a view that does not compile fails here, where its name is resolved */
    if (rc != SQLITE_OK) {
        st = isl_db_fail(s, err, "looking up the name");
        isl_store_export_close(x);
        return st;
    }
    /* a view isolab did not install (one of the user's, which may never
     * end) runs under the work budget, as a query given as text does */
    x->mine = 1;
    if (!r.is_table)
        st = isl_db_rows(s, "reading the rows", "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM isolab_object "
                         "WHERE type = 'view' AND name = ?1)", isl_base_count, &x->mine, err, "t", r.name);
    x->mine = !x->mine;
    if (st) isl_store_export_close(x);
    else *out = x;
    return st;
}

isl_status isl_store_export_read(isl_export *x, const char *lesson, isl_row_fn fn, void *ctx, isl_error *err)
{
    assert(!lesson || x->by_lesson);
    isl_store *s = x->s; /* x->q is reset: stream_rows ends so */
    /* by_lesson with no lesson binds NULL: no row */
    if ((x->by_lesson && sqlite3_bind_text(x->q, 1, lesson, -1, SQLITE_TRANSIENT) != SQLITE_OK)
        || (x->has_run && sqlite3_bind_int64(x->q, 1, x->run_id) != SQLITE_OK))
        return isl_db_fail(s, err, "reading the rows");
    if (!x->mine) isl_work_begin(s);
    isl_status st = stream_rows(s, x->q, fn, ctx, err);
    if (!x->mine && isl_work_end(s) && st && st != ISL_ENOMEM)
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_WORK_BUDGET, "%s: the view '%s' exceeded the work budget (%llu million "
                          "steps): stopped", s->path, x->name, s->work_limit);
    return st;
}

void isl_store_export_close(isl_export *x)
{
    if (!x) return;
    sqlite3_finalize(x->q);
    free(x);
}

/* isl_store_export, and with by_lesson (not has_run) only the rows of
 * lesson (NULL: none): one read of its own statement. */
static isl_status export_rows(isl_store *s, const char *name, int has_run, int64_t run_id, int by_lesson,
                              const char *lesson, isl_row_fn fn, void *ctx, isl_error *err)
{
    isl_export *x;
    isl_status st = isl_store_export_open(s, name, has_run, run_id, by_lesson, &x, err);
    if (!st) st = isl_store_export_read(x, lesson, fn, ctx, err);
    isl_store_export_close(x);
    return st;
}

isl_status isl_store_export(isl_store *s, const char *name, int has_run, int64_t run_id, isl_row_fn fn, void *ctx,
                            isl_error *err)
{
    return export_rows(s, name, has_run, run_id, 0, NULL, fn, ctx, err);
}

isl_status isl_store_export_lesson(isl_store *s, const char *name, const char *lesson, isl_row_fn fn, void *ctx,
                                   isl_error *err)
{
    return export_rows(s, name, 0, 0, 1, lesson, fn, ctx, err);
}

/* A saved query found by name: the statement for its lines, and the
 * lesson of current_focus for a lesson-keyed one (filtered on a bound
 * value, the view compiles once; NULL when no lesson has a focus). */
typedef struct view {
    char *sql, *lesson;
    int found, keyed;
} view;

static isl_status view_row(void *ctx, sqlite3_stmt *q)
{
    view *v = ctx;
    /* a lesson-keyed view: the lines of current_focus's lesson */
    v->found = 1;
    v->keyed = sqlite3_column_int(q, 1);
    v->sql = sqlite3_mprintf("SELECT \"line\" FROM \"%w\"%s", isl_base_text(q, 0), v->keyed ? " WHERE lesson = ?1" : "");
    return ISL_OK;
}

static isl_status lesson_row(void *ctx, sqlite3_stmt *q)
{
    view *v = ctx;
    v->lesson = isl_base_col(q, 0) ? sqlite3_mprintf("%s", isl_base_col(q, 0)) : NULL;
    return isl_base_col(q, 0) && !v->lesson ? ISL_ENOMEM : ISL_OK;
}

/* Looks the saved query `name` up into v (v->found 0: no view of that
 * name has a line column), with current_focus's lesson when it is keyed:
 * the one rule of which rows a saved query gives, its lines or its rows. */
static isl_status find_view(isl_store *s, const char *name, view *v, isl_error *err)
{
    isl_status st = isl_db_rows(s, "looking up the saved query",
                                "SELECT m.name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) c "
                                "WHERE c.name = 'lesson') FROM sqlite_schema m WHERE m.type = 'view' AND m.name = ?1 "
                                "AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'line')",
                                view_row, v, err, "t", name);
    if (!st && v->found && !v->sql) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && v->keyed) {
        st = isl_db_rows(s, name, "SELECT lesson FROM current_focus", lesson_row, v, err, NULL);
        if (st == ISL_ENOMEM) isl_fail(err, st, "out of memory");
    }
    return st;
}

isl_status isl_store_view_lines(isl_store *s, const char *name, isl_line_fn fn, void *ctx, isl_error *err)
{
    view v = {NULL, NULL, 0, 0};
    isl_status st = find_view(s, name, &v, err);
    isl_each l = {.fn.line = fn, .ctx = ctx};
    char hint[ISL_HINT_MAX];
    if (!st && !v.found)
        st = isl_fail(err, ISL_EINPUT, "no saved query named '%s'%s", name,
                      isl_store_name_hint(s, "SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY name", name,
                                          "saved queries", hint, sizeof hint));
    if (!st) st = isl_db_rows(s, name, v.sql, isl_each_line, &l, err, v.keyed ? "t" : NULL, v.lesson);
    sqlite3_free(v.sql);
    sqlite3_free(v.lesson);
    return st;
}

isl_status isl_store_export_focus(isl_store *s, const char *name, isl_row_fn fn, void *ctx, isl_error *err)
{
    view v = {NULL, NULL, 0, 0};
    isl_status st = find_view(s, name, &v, err);
    if (!st) st = export_rows(s, name, 0, 0, v.keyed, v.lesson, fn, ctx, err);
    sqlite3_free(v.sql);
    sqlite3_free(v.lesson);
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

isl_status isl_store_export_sql(isl_store *s, const char *sql, isl_row_fn fn, void *ctx, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    const char *tail = NULL;
    sql_refusal refused = {0, ""};
    isl_status st = isl_db_authorize(s, only_reads, &refused, ISL_OK, err);
    int rc = st ? SQLITE_OK : sqlite3_prepare_v2(s->db, sql, -1, &q, &tail);
    st = isl_db_authorize(s, NULL, NULL, st, err);
    if (st) {
    } else if (refused.action == SQLITE_FUNCTION)
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY, "the function %s is not allowed (a query may call SQLite's "
                          "ordinary functions and isolab's own)", refused.function);
    else if (refused.action)
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY, "only a read-only query is allowed (this one would %s)",
                      refused.action == SQLITE_PRAGMA ? "run a PRAGMA statement; a read-only pragma is read as a "
                                                        "table: SELECT * FROM pragma_table_info('run')"
                      : refused.action == SQLITE_ATTACH || refused.action == SQLITE_DETACH ? "attach a database"
                      : refused.action == SQLITE_TRANSACTION || refused.action == SQLITE_SAVEPOINT ? "open a transaction"
                      : "write");
    else if (rc != SQLITE_OK)
        st = isl_fail_why(err, isl_base_status(s->db) == ISL_ENOMEM ? ISL_ENOMEM : ISL_EINPUT, ISL_R_QUERY, "%s",
                          sqlite3_errmsg(s->db));
    else if (!q)
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY, "no statement");
    else if (tail && *isl_sql_skip(tail, ISL_SQL_BLANKS ";")) /* more than blanks, comments and semicolons */
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY, "one statement only (more follows: '%.40s')",
                          tail + strspn(tail, " \t\r\n;"));
    else if (!sqlite3_stmt_readonly(q) || sqlite3_column_count(q) == 0)
        st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY, "only a read-only query is allowed (this one returns no rows)");
    /* bounded as a seed statement is: a runaway query is stopped */
    if (!st) {
        isl_work_begin(s);
        st = stream_rows(s, q, fn, ctx, err);
        if (isl_work_end(s) && st)
            st = isl_fail_why(err, ISL_EINPUT, ISL_R_QUERY_BUDGET, "the query exceeded the work budget (%llu million "
                              "steps): stopped", s->work_limit);
    }
    sqlite3_finalize(q);
    return st;
}

/* The first sentence of the comment that opens text (a view's SQL, from
 * "AS" on), or of the comment block right before "CREATE TABLE name" in a
 * schema file; into out[n]. A period before min characters does not end it. */
static void first_sentence(const char *c, char *out, size_t n, size_t min)
{
    size_t k = 0;
    out[0] = '\0';
    while (*c && k + 1 < n) {
        while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r') c++;
        if (c[0] != '-' || c[1] != '-') break;
        c += 2;
        while (*c == '-' || *c == ' ') c++;
        for (; *c && *c != '\n' && k + 1 < n; c++) {
            if (*c == '.' && k >= min && (c[1] == ' ' || c[1] == '\n' || c[1] == '\0')) {
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

/* The length of what opens a table's comment before what it says: the
 * schema file's heading ("isolab schema, part 13: ") or the table's name
 * ("course_scope: "); 0 when neither does. */
static size_t comment_prefix(const char *text, const char *name)
{
    size_t len = strlen(name);
    const char *colon = strstr(text, ": ");
    if (!strncmp(text, "isolab schema, part ", 20) && colon) return (size_t)(colon - text) + 2;
    return !strncmp(text, name, len) && !strncmp(text + len, ": ", 2) ? len + 2 : 0;
}

/* The description of table `name`: the paragraph of comment lines right
 * before its CREATE TABLE in the built-in schema files (back to a line
 * "--" alone; IF NOT EXISTS or not), its first sentence without comment_prefix, begun with a
 * capital; a sentence of a few words ("one row.") runs on into the next. */
static void table_comment(const char *name, char *out, size_t n)
{
    char pat[300], again[320];
    out[0] = '\0';
    snprintf(pat, sizeof pat, "CREATE TABLE %s (", name);
    snprintf(again, sizeof again, "CREATE TABLE IF NOT EXISTS %s (", name); /* a file that may run twice */
    for (size_t i = 0; i < isl_schema_count; i++) {
        const char *t = isl_schema_files[i].text, *at = strstr(t, pat);
        if (!at) at = strstr(t, again);
        if (!at) continue;
        /* back over the comment lines right before it, to a blank one */
        const char *start = at;
        while (start > t) {
            const char *ls = start - 1; /* the newline ending the line before */
            while (ls > t && ls[-1] != '\n') ls--;
            if (ls[0] != '-' || ls[1] != '-' || ls[2 + strspn(ls + 2, "- \t\r")] == '\n') break;
            start = ls;
        }
        if (start == at) return;
        first_sentence(start, out, n, 0);
        size_t skip = comment_prefix(out, name);
        if (strlen(out) < skip + 12) first_sentence(start, out, n, strlen(out) + 1);
        memmove(out, out + skip, strlen(out + skip) + 1);
        if (out[0] >= 'a' && out[0] <= 'z') out[0] = (char)(out[0] - 'a' + 'A');
        return;
    }
}

typedef struct lister {
    isl_store *s;
    int count;
    isl_relation_fn fn;
    void *ctx;
    isl_error *err;
} lister;

static isl_status relation_listed(void *ctx, sqlite3_stmt *q)
{
    lister *l = ctx;
    const char *name = isl_base_col(q, 0), *type = isl_base_col(q, 1), *sql = isl_base_col(q, 2);
    char about[300];
    if (!name || !type) return ISL_OK;
    if (!strcmp(type, "view")) {
        const char *as = sql ? strstr(sql, " AS\n") : NULL;
        if (as) first_sentence(as + 4, about, sizeof about, 0);
        else about[0] = '\0';
    } else {
        table_comment(name, about, sizeof about);
    }
    /* a relation that cannot be counted (a view that no longer compiles, or
     * one whose rows take more than the work budget: a never-ending one): -1 */
    if (!l->count) return l->fn(l->ctx, name, type, about, -1);
    char *count = sqlite3_mprintf("SELECT count(*) FROM \"%w\"", name);
    long long rows = -1;
    isl_error e;
    if (!count) return isl_fail(l->err, ISL_ENOMEM, "out of memory");
    isl_work_begin(l->s);
    isl_status st = isl_base_int(l->s->db, l->s->path, count, &rows, &e);
    if (isl_work_end(l->s) && !st) st = ISL_EINPUT;
    sqlite3_free(count);
    if (st == ISL_ENOMEM) return isl_fail(l->err, ISL_ENOMEM, "out of memory");
    return l->fn(l->ctx, name, type, about, st ? -1 : rows);
}

isl_status isl_store_relations(isl_store *s, int count, isl_relation_fn fn, void *ctx, isl_error *err)
{
    lister l = {s, count, fn, ctx, err};
    return isl_db_rows(s, "listing tables and views",
                       "SELECT name, type, sql FROM sqlite_schema WHERE type IN ('table', 'view') "
                       "AND name NOT LIKE 'sqlite%' ORDER BY type, name",
                       relation_listed, &l, err, NULL);
}

static isl_status column_listed(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    return e->fn.column(e->ctx, isl_base_col(q, 0), isl_base_text(q, 1));
}

isl_status isl_store_columns(isl_store *s, const char *name, isl_column_fn fn, void *ctx, isl_error *err)
{
    char hint[ISL_HINT_MAX];
    if (isl_store_has_column(s, name, "") < 0)
        return isl_fail(err, ISL_EINPUT, "no table or view named '%s'%s", name,
                        isl_store_name_hint(s, RELATIONS, name, "tables and views", hint, sizeof hint));
    isl_each e = {.fn.column = fn, .ctx = ctx};
    return isl_db_rows(s, "reading the columns",
                       "SELECT c.name, c.type FROM sqlite_schema m, pragma_table_info(m.name) c "
                       "WHERE m.type IN ('table', 'view') AND m.name = ?1 ORDER BY c.cid",
                       column_listed, &e, err, "t", name);
}

int isl_store_has_column(isl_store *s, const char *name, const char *column)
{
    long long has = -1;
    isl_error err;
    isl_status st = isl_db_rows(s, "reading the columns",
                                "SELECT EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = ?2) "
                                "FROM sqlite_schema m WHERE m.type IN ('table', 'view') AND m.name = ?1",
                                isl_base_int_row, &has, &err, "tt", name, column);
    return st ? -1 : (int)has;
}

typedef struct unrun {
    long long *count;
    char *bundle, *channel;
    size_t n;
} unrun;

static isl_status unrun_row(void *ctx, sqlite3_stmt *q)
{
    unrun *u = ctx;
    *u->count = sqlite3_column_int64(q, 0);
    snprintf(u->bundle, u->n, "%s", isl_base_text(q, 1));
    snprintf(u->channel, u->n, "%s", isl_base_text(q, 2));
    return ISL_OK;
}

isl_status isl_store_unrun_rows(isl_store *s, const char *name, long long *count, char *bundle, char *channel,
                                size_t n, isl_error *err)
{
    unrun u = {count, bundle, channel, n};
    *count = 0;
    if (isl_store_has_column(s, name, "run_id") != 1 || isl_store_has_column(s, name, "bundle") != 1
        || isl_store_has_column(s, name, "channel") != 1)
        return ISL_OK;
    char *sql = sqlite3_mprintf("SELECT count(*) OVER (), bundle, channel FROM \"%w\" WHERE run_id IS NULL "
                                "AND bundle IS NOT NULL AND channel IS NOT NULL LIMIT 1", name);
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_status st = isl_db_rows(s, "reading the rows without results", sql, unrun_row, &u, err, NULL);
    sqlite3_free(sql);
    return st;
}

isl_status isl_store_image(isl_store *s, unsigned char **bytes, size_t *n, isl_error *err)
{
    sqlite3_int64 size = 0;
    unsigned char *p = sqlite3_serialize(s->db, "main", &size, 0);
    *bytes = p && size > 0 ? malloc((size_t)size) : NULL;
    *n = *bytes ? (size_t)size : 0;
    if (*bytes) memcpy(*bytes, p, (size_t)size);
    sqlite3_free(p);
    return *bytes ? ISL_OK : isl_fail(err, ISL_ENOMEM, "%s: out of memory reading the database into the page", s->path);
}
