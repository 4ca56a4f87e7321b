/* isolab store: a lesson's own tables (lesson_table, schema/029): a title,
 * one SELECT over the data views and a layout. The query is seed data, so
 * untrusted: compiled at load and run here under the allow-list of SQL from
 * files (allow.c), read-only, under the work budget and at most ROWS_MAX
 * rows; its rows are laid out in the place lesson_report gives it. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/claims.h"
#include "isolab/kind.h"
#include "isolab/lesson_table.h"
#include "isolab/textout.h"
#include "allow.h"
#include "lesson_table.h"
#include "store_int.h"

/* The rows a lesson's own table shows at most. */
#define ROWS_MAX 1000
/* The bytes of one cell shown at most (the rest cut, "..." after it). */
#define CELL_MAX 200

/* What the authorizer refused while a query compiled: the first refusal. */
typedef struct guard {
    int at_load;     /* compiling at load: TEMP objects (the load's own, dropped after it) refused */
    char what[160];  /* the refusal, as the message says it */
    unsigned reads;  /* the kinds of run whose tables it reads, as bits 1u << kind (kind.h) */
} guard;

static int refuse(guard *g, const char *fmt, const char *a)
{
    if (!g->what[0]) snprintf(g->what, sizeof g->what, fmt, a ? a : "?");
    return SQLITE_DENY;
}

/* Reads, and the functions and tables SQL from files may use; nothing else. */
static int on_access(void *ctx, int action, const char *a, const char *b, const char *db, const char *via)
{
    (void)via;
    guard *g = ctx;
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE: return SQLITE_OK;
    case SQLITE_FUNCTION:
        return isl_sql_function_allowed(b) ? SQLITE_OK
                                           : refuse(g, "the function %s is not allowed (SQLite's ordinary "
                                                       "functions and isolab's own are)", b);
    case SQLITE_READ:
        if (a && isl_kind_of_table(a) < ISL_KIND_COUNT) g->reads |= 1u << isl_kind_of_table(a);
        if (!isl_sql_table_allowed(a))
            return refuse(g, "the table %s is not allowed (it computes a power set in one step, beyond the reach "
                             "of the work budget)", a);
        if (g->at_load && db && !sqlite3_stricmp(db, "temp"))
            return refuse(g, "the TEMP table or view %s goes with the load: the query reads the database's own", a);
        return SQLITE_OK;
    case SQLITE_UPDATE:
        /* SQLite's own check as it connects a table-valued function
         * (json_each): no write (sqlite3_stmt_readonly holds that) */
        if (a && (!sqlite3_stricmp(a, "sqlite_master") || !sqlite3_stricmp(a, "sqlite_schema"))) return SQLITE_OK;
        /* fall through */
    default: return refuse(g, "%s", "it would do more than read");
    }
}

/* Compiles query into *q under on_access: SQLITE_OK; SQLITE_ERROR with the
 * reason in why[n] (*q NULL) when it is not one read-only statement that
 * returns rows, of allowed functions and tables, whose only parameter is
 * :lesson (a table or column that is not there with its hint,
 * isl_sql_name_hint); another code when the failure is SQLite's own. */
static int compile(isl_store *s, guard *g, const char *query, sqlite3_stmt **q, char *why, size_t n)
{
    *q = NULL;
    g->what[0] = '\0';
    const char *tail = NULL;
    int rc = sqlite3_set_authorizer(s->db, on_access, g);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(s->db, query, -1, q, &tail);
    int unset = sqlite3_set_authorizer(s->db, NULL, NULL);
    if (rc == SQLITE_OK && unset != SQLITE_OK) rc = unset;
    if (rc != SQLITE_OK && g->what[0]) {
        snprintf(why, n, "%s", g->what);
        rc = SQLITE_ERROR;
    } else if (rc != SQLITE_OK) {
        snprintf(why, n, "%s", sqlite3_errmsg(s->db));
        if ((rc & 0xff) == SQLITE_ERROR && unset == SQLITE_OK) isl_sql_name_hint(s, query, why, n);
    } else if (!*q) {
        snprintf(why, n, "no statement");
        rc = SQLITE_ERROR;
    } else if (tail && tail[strspn(tail, " \t\r\n;")] != '\0') {
        snprintf(why, n, "more than one statement");
        rc = SQLITE_ERROR;
    } else if (!sqlite3_stmt_readonly(*q) || sqlite3_column_count(*q) == 0) {
        snprintf(why, n, "it is no SELECT (a query that returns rows and writes nothing)");
        rc = SQLITE_ERROR;
    }
    for (int i = 1; rc == SQLITE_OK && i <= sqlite3_bind_parameter_count(*q); i++) {
        const char *p = sqlite3_bind_parameter_name(*q, i);
        if (!p || strcmp(p, ":lesson")) {
            snprintf(why, n, "the parameter %s is not :lesson (the one a lesson's table is given)", p ? p : "?");
            rc = SQLITE_ERROR;
        }
    }
    if (rc != SQLITE_OK) sqlite3_finalize(*q), *q = NULL;
    return rc;
}

/* ---- at load ---- */

typedef struct loading {
    isl_store *s;
    isl_lesson_table_bad_fn fn;
    void *ctx;
    isl_error *err;
} loading;

static isl_status compile_row(void *ctx, sqlite3_stmt *r)
{
    loading *l = ctx;
    guard g = {1, "", 0};
    char why[600] = "does not compile: ";
    size_t lead = strlen(why);
    sqlite3_stmt *q;
    const char *query = isl_base_text(r, 2);
    int prim = compile(l->s, &g, query, &q, why + lead, sizeof why - lead) & 0xff;
    sqlite3_finalize(q);
    /* compiled: a name it compares a column with that the model lacks
     * ("s.status = 'retuns'") finds no row, which would print as none */
    isl_status st = ISL_OK;
    if (prim == SQLITE_OK) {
        why[0] = '\0';
        st = isl_sql_unmatched_names(l->s, query, "compares a column with what is not there", why, sizeof why, l->err);
    }
    if (!st && (why[0] || prim == SQLITE_ERROR || prim == SQLITE_TOOBIG || prim == SQLITE_RANGE))
        return l->fn(l->ctx, isl_base_text(r, 0), sqlite3_column_int64(r, 1), isl_base_text(r, 3), query, why,
                     l->err);
    if (st) return st;
    if (prim == SQLITE_NOMEM) return isl_fail(l->err, ISL_ENOMEM, "out of memory");
    return prim == SQLITE_OK ? ISL_OK : isl_db_fail(l->s, l->err, "compiling a lesson's table");
}

isl_status isl_store_compile_lesson_tables(isl_store *s, int64_t after, isl_lesson_table_bad_fn fn, void *ctx,
                                           isl_error *err)
{
    loading l = {s, fn, ctx, err};
    return isl_db_rows(s, "reading lesson_table", "SELECT lesson, position, query, title FROM lesson_table "
                       "WHERE rowid > ?1 ORDER BY rowid", compile_row, &l, err, "i", after);
}

/* ---- what it reads ---- */

typedef struct reading {
    isl_store *s;
    unsigned *kinds;
} reading;

static isl_status sweep_row(void *ctx, sqlite3_stmt *r)
{
    const char *kind = isl_base_col(r, 0);
    isl_kind k = kind ? isl_kind_find(kind) : ISL_KIND_COUNT;
    if (k < ISL_KIND_COUNT) *((reading *)ctx)->kinds |= 1u << k;
    return ISL_OK;
}

/* An own table's reads; one that no longer compiles reads nothing. */
static isl_status query_reads(void *ctx, sqlite3_stmt *r)
{
    reading *rd = ctx;
    guard g = {0, "", 0};
    char why[400];
    sqlite3_stmt *q;
    int prim = compile(rd->s, &g, isl_base_text(r, 0), &q, why, sizeof why) & 0xff;
    sqlite3_finalize(q);
    if (prim == SQLITE_NOMEM) return ISL_ENOMEM;
    if (prim == SQLITE_OK) *rd->kinds |= g.reads;
    return ISL_OK;
}

isl_status isl_store_lesson_sweeps(isl_store *s, const char *lesson, unsigned *printed, unsigned *computed,
                                   isl_error *err)
{
    unsigned tables = 0, claims = 0, sweeps = 0;
    for (isl_kind k = ISL_KIND_SAMPLES; k <= ISL_KIND_ADDITION; k++) sweeps |= 1u << k;
    *printed = 0;
    reading p = {s, printed}, o = {s, &tables};
    isl_status st = isl_db_rows(s, "reading lesson_blocks", "SELECT sweep FROM lesson_blocks WHERE lesson = ?1",
                                sweep_row, &p, err, "t", lesson);
    *printed &= sweeps;
    if (!computed) return st == ISL_ENOMEM && !err->msg[0] ? isl_fail(err, st, "out of memory") : st;
    *computed = 0;
    if (!st)
        st = isl_db_rows(s, "reading lesson_table", "SELECT query FROM lesson_table WHERE lesson = ?1", query_reads,
                         &o, err, "t", lesson);
    if (st == ISL_ENOMEM && !err->msg[0]) return isl_fail(err, st, "out of memory");
    if (!st) st = isl_store_claim_reads(s, lesson, &claims, err);
    if (!st) *computed = (*printed | tables | claims) & sweeps;
    return st;
}

/* ---- run, and laid out ---- */

/* Where the lines go: with the lesson (every lesson's) or without (one's). */
typedef struct out {
    isl_store *s;
    isl_lesson_line_fn all;
    isl_line_fn one;
    void *ctx;
    isl_error *err;
} out;

static isl_status emit(out *o, const char *lesson, const char *line)
{
    return o->all ? o->all(o->ctx, lesson, line) : o->one(o->ctx, line);
}

/* Characters (UTF-8 code points) in text. */
static size_t width_of(const char *text)
{
    size_t w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) w += (*p & 0xc0) != 0x80;
    return w;
}

/* A lesson's own table run: its layout, column names and rows as cells
 * (cell[r * ncol + c], each text its own copy), or why it could not run. */
typedef struct grid {
    char *layout;
    int ncol;
    char **name;
    size_t nrow, ncell, cap; /* ncell: cells held, a row being added included */
    isl_cell *cell;
    int *number; /* per column: every cell a number or NULL */
    int more;    /* the query gave more than ROWS_MAX rows */
    char why[400]; /* not "": why it did not run */
} grid;

static void grid_free(grid *g)
{
    for (size_t i = 0; i < g->ncell; i++) sqlite3_free((char *)g->cell[i].text);
    for (int i = 0; g->name && i < g->ncol; i++) sqlite3_free(g->name[i]);
    free(g->cell);
    free(g->name);
    free(g->number);
    sqlite3_free(g->layout);
}

/* The cell's text, cut at CELL_MAX bytes (at a character's start). */
static char *cell_text(sqlite3_stmt *q, int i)
{
    const char *t = (const char *)sqlite3_column_text(q, i);
    size_t len = t ? strlen(t) : 0;
    if (len <= CELL_MAX) return sqlite3_mprintf("%s", t ? t : "");
    size_t cut = CELL_MAX;
    while (cut > 0 && ((unsigned char)t[cut] & 0xc0) == 0x80) cut--;
    return sqlite3_mprintf("%.*s...", (int)cut, t);
}

static isl_status add_row(grid *g, sqlite3_stmt *q)
{
    if (g->nrow == ROWS_MAX) return g->more = 1, ISL_OK;
    for (int i = 0; i < g->ncol; i++) {
        isl_cell *c = isl_grow(&g->cell, &g->cap, g->ncell, sizeof *g->cell);
        if (!c) return ISL_ENOMEM;
        int t = sqlite3_column_type(q, i);
        char *text = t == SQLITE_NULL ? NULL : cell_text(q, i);
        if (t != SQLITE_NULL && !text) return ISL_ENOMEM;
        *c = (isl_cell){t == SQLITE_BLOB ? SQLITE_TEXT : t, text, text ? strlen(text) : 0,
                        t == SQLITE_FLOAT ? sqlite3_column_double(q, i) : 0.0};
        g->ncell++;
        g->number[i] &= t == SQLITE_NULL || t == SQLITE_INTEGER || t == SQLITE_FLOAT;
    }
    g->nrow++;
    return ISL_OK;
}

/* A lesson_table row (query, layout): both copied into the char *[2] ctx. */
static isl_status table_row(void *ctx, sqlite3_stmt *r)
{
    char **v = ctx;
    v[0] = sqlite3_mprintf("%s", isl_base_text(r, 0));
    v[1] = sqlite3_mprintf("%s", isl_base_text(r, 1));
    return v[0] && v[1] ? ISL_OK : ISL_ENOMEM;
}

/* Runs lesson's own table at position into g (zeroed): its rows, or in
 * g->why why it cannot run now (the model changed since it loaded, the
 * work budget ran out); g->layout NULL when the lesson has no such table.
 * An error is isolab's own (out of memory, I/O). */
static isl_status run_table(isl_store *s, const char *lesson, int64_t position, grid *g, isl_error *err)
{
    char *v[2] = {NULL, NULL};
    isl_status st = isl_db_rows(s, "reading lesson_table", "SELECT query, layout FROM lesson_table WHERE lesson = ?1 "
                                "AND position = ?2", table_row, v, err, "ti", lesson, position);
    char *query = v[0];
    g->layout = v[1];
    if (st || !query || !g->layout) {
        sqlite3_free(query);
        sqlite3_free(g->layout), g->layout = NULL;
        return st == ISL_ENOMEM && !err->msg[0] ? isl_fail(err, st, "out of memory") : st;
    }
    guard gd = {0, "", 0};
    sqlite3_stmt *q = NULL;
    int rc = compile(s, &gd, query, &q, g->why, sizeof g->why);
    if (rc == SQLITE_OK && sqlite3_bind_parameter_count(q)) rc = sqlite3_bind_text(q, 1, lesson, -1, SQLITE_STATIC);
    if (rc == SQLITE_OK) {
        g->ncol = sqlite3_column_count(q);
        g->number = malloc((size_t)g->ncol * sizeof *g->number);
        g->name = calloc((size_t)g->ncol, sizeof *g->name);
        for (int i = 0; i < g->ncol && g->number && g->name; i++) {
            g->number[i] = 1;
            g->name[i] = sqlite3_mprintf("%s", sqlite3_column_name(q, i) ? sqlite3_column_name(q, i) : "");
            if (!g->name[i]) rc = SQLITE_NOMEM;
        }
        if (!g->number || !g->name) rc = SQLITE_NOMEM;
    }
    if (rc == SQLITE_OK) {
        /* no value it makes longer than a statement may be, as a seed's */
        int length = sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, ISL_STATEMENT_MAX);
        isl_work_begin(s);
        while (!st && !g->more && (rc = sqlite3_step(q)) == SQLITE_ROW) st = add_row(g, q);
        int over = isl_work_end(s);
        sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, length);
        if (over && rc != SQLITE_DONE && rc != SQLITE_ROW)
            snprintf(g->why, sizeof g->why, "its query exceeded the work budget (%llu million steps)", s->work_limit),
                rc = SQLITE_ERROR;
        else if (rc == SQLITE_ROW || rc == SQLITE_DONE) rc = SQLITE_OK;
        else snprintf(g->why, sizeof g->why, "%s", sqlite3_errmsg(s->db));
    }
    int prim = rc & 0xff;
    if (st == ISL_ENOMEM || (!st && prim == SQLITE_NOMEM)) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    else if (!st && prim != SQLITE_OK && prim != SQLITE_ERROR && prim != SQLITE_TOOBIG && prim != SQLITE_RANGE
             && prim != SQLITE_MISMATCH && prim != SQLITE_INTERRUPT)
        st = isl_db_fail(s, err, "running a lesson's table");
    else if (prim == SQLITE_OK) g->why[0] = '\0';
    sqlite3_finalize(q);
    sqlite3_free(query);
    return st;
}

/* Appends text to b padded to w characters (right-aligned when right). */
static void put_cell(isl_buf *b, const char *text, size_t w, int right)
{
    size_t pad = w - width_of(text);
    assert(width_of(text) <= w);
    if (right) isl_buf_printf(b, "%*s", (int)pad, "");
    isl_buf_put(b, text, strlen(text));
    if (!right) isl_buf_printf(b, "%*s", (int)pad, "");
}

/* The rows of g as a table's lines: a heading of the column names, then
 * each row two spaces in, the first column to the left, numbers to the
 * right, two spaces between columns, no trailing blanks. */
static isl_status put_table(out *o, const char *lesson, const grid *g)
{
    size_t *w = calloc((size_t)g->ncol, sizeof *w);
    if (!w) return ISL_ENOMEM;
    for (int c = 0; c < g->ncol; c++) {
        w[c] = width_of(g->name[c]);
        for (size_t r = 0; r < g->nrow; r++) {
            const char *t = g->cell[r * (size_t)g->ncol + (size_t)c].text;
            size_t k = t ? width_of(t) : 0;
            if (k > w[c]) w[c] = k;
        }
    }
    isl_status st = ISL_OK;
    for (size_t r = 0; r <= g->nrow && !st; r++) {
        isl_buf b = {NULL, 0, 0, 0};
        for (int c = 0; c < g->ncol; c++) {
            const char *t = r == 0 ? g->name[c] : g->cell[(r - 1) * (size_t)g->ncol + (size_t)c].text;
            isl_buf_put(&b, "  ", c == 0 && r == 0 ? 0 : 2);
            put_cell(&b, t ? t : "", c == 0 && r == 0 ? w[0] + 2 : w[c], c > 0 && g->number[c]);
        }
        while (b.n && b.p[b.n - 1] == ' ') b.p[--b.n] = '\0';
        st = b.oom ? ISL_ENOMEM : emit(o, lesson, b.p ? b.p : "");
        free(b.p);
    }
    free(w);
    return st;
}

/* The rows of g as a list: a line per row, its first cell, a colon and the
 * others (those not NULL) joined by ", ". */
static isl_status put_list(out *o, const char *lesson, const grid *g)
{
    isl_status st = ISL_OK;
    for (size_t r = 0; r < g->nrow && !st; r++) {
        isl_buf b = {NULL, 0, 0, 0};
        const isl_cell *row = g->cell + r * (size_t)g->ncol;
        isl_buf_printf(&b, "  %s", row[0].text ? row[0].text : "");
        const char *sep = ": ";
        for (int c = 1; c < g->ncol; c++)
            if (row[c].text) isl_buf_printf(&b, "%s%s", sep, row[c].text), sep = ", ";
        st = b.oom ? ISL_ENOMEM : emit(o, lesson, b.p);
        free(b.p);
    }
    return st;
}

/* Lesson's own table at position as its lines (its title is
 * lesson_report's); one that cannot run now is a line saying why. */
static isl_status put_own(out *o, const char *lesson, int64_t position)
{
    grid g;
    memset(&g, 0, sizeof g);
    char line[600];
    isl_status st = run_table(o->s, lesson, position, &g, o->err);
    if (st || !g.layout) {
    } else if (g.why[0]) {
        snprintf(line, sizeof line, "  (not shown: %s)", g.why);
        st = emit(o, lesson, line);
    } else if (!g.nrow) {
        st = emit(o, lesson, "  (no rows)");
    } else {
        st = !strcmp(g.layout, "list") ? put_list(o, lesson, &g) : put_table(o, lesson, &g);
        if (!st && g.more) {
            snprintf(line, sizeof line, "  (the first %d rows: the query gives more)", ROWS_MAX);
            st = emit(o, lesson, line);
        }
    }
    if (st == ISL_ENOMEM && !o->err->msg[0]) isl_fail(o->err, st, "out of memory");
    grid_free(&g);
    return st;
}

isl_status isl_store_lesson_table_rows(isl_store *s, const char *lesson, int64_t position, isl_row_fn fn, void *ctx,
                                       char *why, size_t n, isl_error *err)
{
    grid g;
    memset(&g, 0, sizeof g);
    why[0] = '\0';
    isl_status st = run_table(s, lesson, position, &g, err);
    if (!st && g.layout && g.why[0]) snprintf(why, n, "%s", g.why);
    else if (!st && g.layout) {
        st = fn(ctx, (size_t)g.ncol, (const char *const *)g.name, NULL);
        for (size_t r = 0; r < g.nrow && !st; r++) st = fn(ctx, (size_t)g.ncol, (const char *const *)g.name,
                                                           g.cell + r * (size_t)g.ncol);
        if (!st && g.more) snprintf(why, n, "the first %d rows: the query gives more", ROWS_MAX);
    }
    grid_free(&g);
    return st;
}

/* A row of lesson_report (lesson, line, own_position): the line, or in
 * its place the rows of the lesson's own table. */
static isl_status report_row(void *ctx, sqlite3_stmt *r)
{
    out *o = ctx;
    const char *lesson = isl_base_text(r, 0);
    if (sqlite3_column_type(r, 2) == SQLITE_NULL) return emit(o, lesson, isl_base_col(r, 1));
    char *code = sqlite3_mprintf("%s", lesson);
    isl_status st = code ? put_own(o, code, sqlite3_column_int64(r, 2)) : ISL_ENOMEM;
    sqlite3_free(code);
    return st;
}

isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err)
{
    out o = {s, NULL, fn, ctx, err};
    return isl_db_rows(s, "reading lesson_report", "SELECT lesson, line, own_position FROM lesson_report "
                       "WHERE lesson = ?1", report_row, &o, err, "t", lesson);
}

isl_status isl_store_lessons_lines(isl_store *s, isl_lesson_line_fn fn, void *ctx, isl_error *err)
{
    out o = {s, fn, NULL, ctx, err};
    return isl_db_rows(s, "reading lesson_report", "SELECT lesson, line, own_position FROM lesson_report",
                       report_row, &o, err, NULL);
}
