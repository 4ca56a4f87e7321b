/* isolab store: the offending row of a seed statement that failed (SQLite does
 * not say which row of a multi-row INSERT, nor the value): the statement is
 * run again in a savepoint, rolled back after, with a BEFORE INSERT trigger
 * handing each row to C; the last row seen is the one the constraint stopped. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe.h"
#include "store_int.h"

#define PROBE_MAX_COLS 32

typedef struct probe {
    int ncols;
    char *col[PROBE_MAX_COLS];  /* column names of the table */
    char *val[PROBE_MAX_COLS];  /* the last row's values, as SQL literals */
    int rows;                   /* rows seen */
    int oom;
} probe;

static void probe_clear_values(probe *p)
{
    for (int i = 0; i < p->ncols; i++) {
        sqlite3_free(p->val[i]);
        p->val[i] = NULL;
    }
}

/* A value as an SQL literal: 'text' (quotes doubled), a number, or NULL. */
static char *literal(sqlite3_value *v)
{
    switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return sqlite3_mprintf("NULL");
    case SQLITE_INTEGER: return sqlite3_mprintf("%lld", sqlite3_value_int64(v));
    case SQLITE_FLOAT: return sqlite3_mprintf("%!.15g", sqlite3_value_double(v));
    case SQLITE_BLOB: return sqlite3_mprintf("a blob of %d bytes", sqlite3_value_bytes(v));
    default: {
        /* a NUL byte inside the text would cut it short: shown as \000 */
        const char *t = (const char *)sqlite3_value_text(v);
        int n = sqlite3_value_bytes(v);
        if (!t || (size_t)n == strlen(t)) return sqlite3_mprintf("%Q", t);
        sqlite3_str *q = sqlite3_str_new(NULL);
        sqlite3_str_appendchar(q, 1, '\'');
        for (int i = 0; i < n; i++) {
            if (t[i] == '\0') sqlite3_str_appendall(q, "\\000");
            else if (t[i] == '\'') sqlite3_str_appendall(q, "''");
            else sqlite3_str_appendchar(q, 1, t[i]);
        }
        sqlite3_str_appendchar(q, 1, '\'');
        return sqlite3_str_finish(q);
    }
    }
}

static void probe_row(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    probe *p = sqlite3_user_data(ctx);
    probe_clear_values(p);
    p->rows++;
    for (int i = 0; i < argc && i < p->ncols; i++)
        if (!(p->val[i] = literal(argv[i]))) p->oom = 1;
}

static isl_status column_row(void *ctx, sqlite3_stmt *q)
{
    probe *p = ctx;
    if (p->ncols == PROBE_MAX_COLS) return ISL_OK;
    if (!(p->col[p->ncols] = sqlite3_mprintf("%s", isl_base_text(q, 0)))) return ISL_ENOMEM;
    p->ncols++;
    return ISL_OK;
}

/* Runs stmt again with the probe trigger on table; rolls everything back. */
static int probe_rerun(isl_store *s, const char *table, const char *stmt, probe *p)
{
    sqlite3_str *t = sqlite3_str_new(s->db);
    sqlite3_str_appendf(t, "CREATE TEMP TRIGGER isl_probe BEFORE INSERT ON main.\"%w\" BEGIN SELECT isl_probe_row(", table);
    for (int i = 0; i < p->ncols; i++) sqlite3_str_appendf(t, "%sNEW.\"%w\"", i ? ", " : "", p->col[i]);
    sqlite3_str_appendall(t, "); END");
    char *trigger = sqlite3_str_finish(t);
    if (!trigger) return -1;
    int ok = -1;
    if (sqlite3_create_function_v2(s->db, "isl_probe_row", p->ncols, SQLITE_UTF8 | SQLITE_INNOCUOUS, p, probe_row,
                                   NULL, NULL, NULL) == SQLITE_OK
        && sqlite3_exec(s->db, "SAVEPOINT isl_probe", NULL, NULL, NULL) == SQLITE_OK) {
        if (sqlite3_exec(s->db, trigger, NULL, NULL, NULL) == SQLITE_OK) {
            sqlite3_stmt *q = NULL;
            if (sqlite3_prepare_v2(s->db, stmt, -1, &q, NULL) == SQLITE_OK) {
                int rc;
                while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
                /* a type mismatch of an INTEGER PRIMARY KEY stops the row
                 * before the trigger sees it: there rows counts the good ones */
                if (((rc & 0xff) == SQLITE_CONSTRAINT && p->rows > 0) || (rc & 0xff) == SQLITE_MISMATCH)
                    ok = p->oom ? -1 : 0;
            }
            sqlite3_finalize(q);
        }
        if (sqlite3_exec(s->db, "ROLLBACK TO isl_probe; RELEASE isl_probe", NULL, NULL, NULL) != SQLITE_OK) ok = -1;
    }
    if (sqlite3_create_function_v2(s->db, "isl_probe_row", p->ncols, SQLITE_UTF8, NULL, NULL, NULL, NULL, NULL))
        ok = -1;
    sqlite3_free(trigger);
    return ok;
}

/* Nonzero when word occurs in text as a whole identifier. */
static int has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
        int before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        int after = isalnum((unsigned char)p[n]) || p[n] == '_';
        if (!before && !after) return 1;
    }
    return 0;
}

/* The columns the error names ("table.col" of UNIQUE and NOT NULL, a CHECK's
 * identifiers); every column when none matches (a named constraint). */
static void pick_columns(const probe *p, const char *table, const char *errmsg, int *pick)
{
    const char *detail = strstr(errmsg, "failed: ");
    int any = 0;
    for (int i = 0; i < p->ncols; i++) {
        pick[i] = 0;
        if (!detail) continue;
        char qualified[300];
        snprintf(qualified, sizeof qualified, "%s.%s", table, p->col[i]);
        pick[i] = strncmp(errmsg, "CHECK", 5) == 0 ? has_word(detail + 8, p->col[i]) : has_word(detail + 8, qualified);
        any |= pick[i];
    }
    if (!any)
        for (int i = 0; i < p->ncols; i++) pick[i] = 1;
}

int isl_probe_row(isl_store *s, const char *table, const char *stmt, const char *errmsg, char *msg, size_t n,
                  int *row)
{
    probe p = {0};
    int found = 0;
    isl_error ignored;
    if (!sqlite3_get_autocommit(s->db))
        isl_db_rows(s, "reading the columns", "SELECT name FROM pragma_table_info(?1)", column_row, &p, &ignored,
                    "t", table);
    if (p.ncols > 0 && probe_rerun(s, table, stmt, &p) == 0) {
        int pick[PROBE_MAX_COLS];
        pick_columns(&p, table, errmsg, pick);
        size_t used = 0;
        msg[0] = '\0';
        for (int i = 0; i < p.ncols && used < n; i++) {
            if (!pick[i] || !p.val[i]) continue;
            int w = snprintf(msg + used, n - used, "%s%s.%s = %s", used ? ", " : "", table, p.col[i], p.val[i]);
            if (w < 0) break;
            used += (size_t)w;
        }
        *row = p.rows;
        found = 1;
    }
    probe_clear_values(&p);
    for (int i = 0; i < p.ncols; i++) sqlite3_free(p.col[i]);
    return found;
}

/* Skips a quoted token starting at p (', ", ` or [); returns the end. */
static const char *skip_quoted(const char *p)
{
    char close = *p == '[' ? ']' : *p;
    for (p++; *p; p++) {
        if (*p == close) {
            if (close != ']' && p[1] == close) { p++; continue; }
            return p + 1;
        }
    }
    return p;
}

const char *isl_values_row(const char *stmt, int k)
{
    int depth = 0, in_values = 0, seen = 0;
    for (const char *p = stmt; *p;) {
        if (*p == '\'' || *p == '"' || *p == '`' || *p == '[') { p = skip_quoted(p); continue; }
        const char *after = isl_sql_skip(p, "");
        if (after != p) { p = after; continue; }
        if (*p == '(') {
            if (depth == 0 && in_values && ++seen == k) return p;
            depth++;
        } else if (*p == ')') {
            depth -= depth > 0;
        } else if (depth == 0 && !in_values && (p == stmt || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
                   && sqlite3_strnicmp(p, "VALUES", 6) == 0 && !(isalnum((unsigned char)p[6]) || p[6] == '_')) {
            in_values = 1;
            p += 6;
            continue;
        }
        p++;
    }
    return NULL;
}

const char *isl_values_row_holding(const char *start, const char *tail, const char *lit)
{
    char *stmt = lit && lit[0] ? sqlite3_mprintf("%.*s", (int)(tail - start), start) : NULL;
    const char *at = NULL;
    for (int k = 1; stmt && !at; k++) {
        const char *r = isl_values_row(stmt, k), *end = r ? isl_values_row(stmt, k + 1) : NULL;
        const char *hit = r ? strstr(r, lit) : NULL;
        if (!r) break;
        if (hit && (!end || hit + strlen(lit) <= end)) at = start + (r - stmt);
    }
    sqlite3_free(stmt);
    return at ? at : start;
}

const char *isl_sql_skip(const char *p, const char *blanks)
{
    for (;;) {
        p += strspn(p, blanks);
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
        } else {
            return p;
        }
    }
}
