/* isolab store: applying schema and seed files statement by statement, so an
 * error names the file, the line and the offending value. */
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/claims.h"
#include "isolab/escape.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/outfile.h"
#include "isolab/script.h"
#include "isolab/textout.h"
#include "allow.h"
#include "probe.h"
#include "script.h"
#include "isolab/surface.h"
#include "lesson_table.h"
#include "store_int.h"

/* 1 when the statement just run left a foreign key unresolved, msg then naming
 * the first offending value ("T.C = 'V' has no match in P(C)"), lit the value. */
static int describe_fk(isl_store *s, char *msg, size_t n, char *lit, size_t litn)
{
    int cur = 0, hi = 0;
    if (sqlite3_db_status(s->db, SQLITE_DBSTATUS_DEFERRED_FKS, &cur, &hi, 0) != SQLITE_OK || cur == 0) return 0;
    sqlite3_stmt *q = NULL;
    int found = 0;
    static const char *const sql =
        "SELECT m.name, f.\"from\", f.\"table\", coalesce(f.\"to\", 'name') "
        "FROM sqlite_schema m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'";
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK) return 0;
    while (!found && sqlite3_step(q) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(q, 0), *c = (const char *)sqlite3_column_text(q, 1);
        const char *p = (const char *)sqlite3_column_text(q, 2), *pc = (const char *)sqlite3_column_text(q, 3);
        if (!t || !c || !p || !pc) continue;
        char *probe = sqlite3_mprintf("SELECT \"%w\" FROM \"%w\" WHERE \"%w\" IS NOT NULL AND \"%w\" NOT IN "
                                      "(SELECT \"%w\" FROM \"%w\") LIMIT 1", c, t, c, c, pc, p);
        sqlite3_stmt *v = NULL;
        if (probe && sqlite3_prepare_v2(s->db, probe, -1, &v, NULL) == SQLITE_OK && sqlite3_step(v) == SQLITE_ROW) {
            char *lq = sqlite3_mprintf("%Q", (const char *)sqlite3_column_text(v, 0));
            char *names = sqlite3_mprintf("SELECT \"%w\" FROM \"%w\"", pc, p), hint[ISL_HINT_MAX] = "";
            const char *raw = (const char *)sqlite3_column_text(v, 0);
            char *whats = sqlite3_mprintf("%s%s", strcmp(p, "axis") ? p : "axe", "s");
            if (names && raw && whats) isl_store_name_hint(s, names, raw, whats, hint, sizeof hint);
            sqlite3_free(whats);
            sqlite3_free(names);
            snprintf(msg, n, "%s.%s = %s has no match in %s(%s)%s", t, c, lq ? lq : "?", p, pc, hint);
            snprintf(lit, litn, "%s", lq ? lq : "");
            sqlite3_free(lq);
            found = 1;
        }
        sqlite3_finalize(v);
        sqlite3_free(probe);
    }
    sqlite3_finalize(q);
    if (!found) snprintf(msg, n, "a foreign key has no match");
    if (!found) lit[0] = '\0';
    return 1;
}

static int is_model_table(const char *name)
{
    for (const isl_model_table *t = isl_model_tables; name && t->name; t++)
        if (sqlite3_stricmp(name, t->name) == 0) return 1;
    return 0;
}

/* What a seed file may not do: touch the load's transaction, attach files,
 * change settings, or write anything but the model's tables and TEMP objects
 * of its own. The authorizer records the first refusal for the error. */
typedef struct script_auth {
    int denied;        /* 1: transaction/settings; 2: outside the model; 3: a function; 4: an unbounded table */
    char what[160];    /* for 2 and 3: what was refused */
    char table[128];   /* the table the statement inserts into */
    char updated[128]; /* the table the statement updates */
    int claims;        /* the statement writes the claim table: 1 inserts, 2 updates */
    int tables;        /* the statement writes lesson_table: 1 inserts, 2 updates */
} script_auth;

static int deny(script_auth *au, int kind, const char *fmt, const char *a)
{
    if (!au->denied) {
        au->denied = kind;
        snprintf(au->what, sizeof au->what, fmt, a ? a : "?");
    }
    return SQLITE_DENY;
}

static int is_temp(const char *db) { return db && sqlite3_stricmp(db, "temp") == 0; }

/* isolab's own TEMP bookkeeping of a load (its tables and triggers: isl_*),
 * which a seed may neither write, drop nor shadow. */
static int is_isolab_temp(const char *name) { return name && sqlite3_strnicmp(name, "isl_", 4) == 0; }

/* A write of a seed statement (action INSERT, UPDATE or DELETE on table a
 * of database db, by `trigger` or the statement itself). */
static int authorize_write(script_auth *au, int action, const char *a, const char *db, const char *trigger)
{
    if (is_temp(db) && is_isolab_temp(a) && !is_isolab_temp(trigger))
        return deny(au, 2, "a write to isolab's own TEMP table %s", a);
    if (is_temp(db)) return SQLITE_OK;
    /* SQLite's own bookkeeping of a CREATE or DROP, which the DDL codes
     * decide (SQL text can never write the schema table itself) */
    if (a && (sqlite3_stricmp(a, "sqlite_master") == 0 || sqlite3_stricmp(a, "sqlite_schema") == 0))
        return SQLITE_OK;
    /* the schema's own triggers mark the model changed (model_state) */
    if (trigger && a && sqlite3_stricmp(a, "model_state") == 0) return SQLITE_OK;
    /* the claims written as rows (schema/028): the view, and its trigger's claim */
    int measure = trigger && sqlite3_stricmp(trigger, "claim_measure_insert") == 0;
    if (action == SQLITE_INSERT && !trigger && a && sqlite3_stricmp(a, "claim_measure") == 0) {
        if (!au->table[0]) snprintf(au->table, sizeof au->table, "%s", a);
        return SQLITE_OK;
    }
    if (!is_model_table(a)) return deny(au, 2, "a write to table %s", a);
    if (action != SQLITE_DELETE && (!trigger || measure) && a && sqlite3_stricmp(a, "claim") == 0)
        au->claims |= action == SQLITE_INSERT ? 1 : 2;
    if (action != SQLITE_DELETE && a && sqlite3_stricmp(a, "lesson_table") == 0)
        au->tables |= action == SQLITE_INSERT ? 1 : 2;
    if (action == SQLITE_INSERT && !trigger && a && !au->table[0])
        snprintf(au->table, sizeof au->table, "%s", a);
    if (action == SQLITE_UPDATE && !trigger && a && !au->updated[0])
        snprintf(au->updated, sizeof au->updated, "%s", a);
    return SQLITE_OK;
}

static int authorize(void *ctx, int action, const char *a, const char *b, const char *db, const char *trigger)
{
    script_auth *au = ctx;
    switch (action) {
    case SQLITE_PRAGMA:
        /* two settings read, never set: what a full-text table asks as it
         * connects (FTS3/4: page_size, FTS5: data_version), so a seed may
         * read one that the database holds */
        if (!b && a && (!sqlite3_stricmp(a, "page_size") || !sqlite3_stricmp(a, "data_version"))) return SQLITE_OK;
        /* fall through */
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
        if (!au->denied) au->denied = 1;
        return SQLITE_DENY;
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
        return authorize_write(au, action, a, db, trigger);
    case SQLITE_FUNCTION:
        if (isl_sql_function_allowed(b)) return SQLITE_OK;
        return deny(au, 3, "%s", b);
    case SQLITE_READ:
        if (isl_sql_table_allowed(a)) return SQLITE_OK;
        return deny(au, 4, "%s", a);
    case SQLITE_DROP_TEMP_TRIGGER:
    case SQLITE_DROP_TEMP_TABLE:
    case SQLITE_DROP_TEMP_VIEW:
    case SQLITE_DROP_TEMP_INDEX:
    case SQLITE_CREATE_TEMP_TABLE:
    case SQLITE_CREATE_TEMP_VIEW:
    case SQLITE_CREATE_TEMP_INDEX:
        if (is_isolab_temp(a)) return deny(au, 2, "isolab's own TEMP object %s", a);
        return SQLITE_OK;
    case SQLITE_CREATE_TEMP_TRIGGER:
        if (is_isolab_temp(a)) return deny(au, 2, "isolab's own TEMP object %s", a);
        /* on a model table its body is checked whenever a seed fires it;
         * on any other main table it would fire inside isolab's own writes */
        if (is_model_table(b)) return SQLITE_OK;
        return deny(au, 2, "a trigger on table %s", b);
    case SQLITE_CREATE_TABLE: return deny(au, 2, "CREATE TABLE %s", a);
    case SQLITE_CREATE_INDEX: return deny(au, 2, "CREATE INDEX %s", a);
    case SQLITE_CREATE_TRIGGER: return deny(au, 2, "CREATE TRIGGER %s", a);
    case SQLITE_CREATE_VIEW: return deny(au, 2, "CREATE VIEW %s", a);
    case SQLITE_CREATE_VTABLE: return deny(au, 2, "CREATE VIRTUAL TABLE %s", a);
    case SQLITE_DROP_TABLE: return deny(au, 2, "DROP TABLE %s", a);
    case SQLITE_DROP_INDEX: return deny(au, 2, "DROP INDEX %s", a);
    case SQLITE_DROP_TRIGGER: return deny(au, 2, "DROP TRIGGER %s", a);
    case SQLITE_DROP_VIEW: return deny(au, 2, "DROP VIEW %s", a);
    case SQLITE_DROP_VTABLE: return deny(au, 2, "DROP VIRTUAL TABLE %s", a);
    case SQLITE_ALTER_TABLE: return deny(au, 2, "ALTER TABLE %s", b);
    case SQLITE_REINDEX: return deny(au, 2, "REINDEX %s", a);
    case SQLITE_ANALYZE: return deny(au, 2, "ANALYZE %s", a);
    default: /* reads, and the seed's own TEMP tables, views and indexes */
        return SQLITE_OK;
    }
}

/* One row of name_owner's query into ctx (two strings of 300 bytes). */
static isl_status owner_row(void *ctx, sqlite3_stmt *q)
{
    char (*owner)[300] = ctx;
    snprintf(owner[0], 300, "%s", isl_base_text(q, 0));
    snprintf(owner[1], 300, "%s", isl_base_text(q, 1));
    return ISL_OK;
}

/* The values a seed column takes that a constraint names but no foreign
 * key holds are refused with the file, the row's line, the column, the
 * value and a hint: "did you mean" (within 2 edits), else the values when
 * the list is closed (a CHECK's, the measures) or short. */

static isl_status list_row(void *ctx, sqlite3_stmt *q)
{
    isl_buf *b = ctx;
    char sh[84];
    const char *v = isl_base_text(q, 0);
    isl_buf_printf(b, "%s%s", b->n ? ", " : "", isl_short_name(v, strlen(v), sh));
    return b->oom ? ISL_ENOMEM : ISL_OK;
}

/* The hint after value among names (an SQL list of them); when none is
 * near (or value is "": not known) and all is set, the whole list.
 * Returns out. */
static const char *values_hint(isl_store *s, const char *names, const char *value, const char *whats, int all,
                               char *out, size_t n)
{
    out[0] = '\0';
    if (value[0]) isl_store_name_hint(s, names, value, whats, out, n);
    if (out[0] || !all) return out;
    isl_buf b = {NULL, 0, 0, 0};
    isl_error ignored;
    if (!isl_db_rows(s, "reading the values", names, list_row, &b, &ignored, NULL) && b.n)
        snprintf(out, n, " (%s: %.*s)", whats, (int)b.n, b.p);
    free(b.p);
    return out;
}

/* The text of the SQL literal at lit ('it''s': quotes off, '' as ') into
 * out (n > 0 bytes, cut short if longer); returns the end of the literal. */
static const char *unquote(const char *lit, char *out, size_t n)
{
    size_t k = 0;
    const char *p = lit + (*lit == '\'');
    for (; *p && !(*p == '\'' && p[1] != '\''); p++) {
        if (k + 1 < n) out[k++] = *p;
        p += *p == '\'' && p[1] == '\'';
    }
    out[k] = '\0';
    return p + (*p == '\'');
}

/* For "CHECK constraint failed: C IN ('a', 'b', ...)" (the one place a
 * closed list of values is written: the schema's constraint), the values
 * as an SQL list ("VALUES ('a'), ('b')", sqlite3_malloc'd) and C into col
 * (n bytes); NULL for any other constraint. */
static char *check_values(const char *errmsg, char *col, size_t n)
{
    static const char head[] = "CHECK constraint failed: ";
    if (strncmp(errmsg, head, sizeof head - 1)) return NULL;
    const char *p = errmsg + sizeof head - 1;
    size_t k = strspn(p, "abcdefghijklmnopqrstuvwxyz_0123456789");
    if (!k || k >= n) return NULL;
    snprintf(col, n, "%.*s", (int)k, p);
    p += k + strspn(p + k, " \t\n");
    if (sqlite3_strnicmp(p, "IN", 2)) return NULL;
    p += 2 + strspn(p + 2, " \t\n");
    if (*p != '(') return NULL;
    sqlite3_str *list = sqlite3_str_new(NULL);
    for (int first = 1;; first = 0) {
        p += 1 + strspn(p + 1, " \t\n");
        char v[200];
        if (*p != '\'') break;
        p = unquote(p, v, sizeof v);
        sqlite3_str_appendf(list, "%s(%Q)", first ? "VALUES " : ", ", v);
        p += strspn(p, " \t\n");
        if (*p == ')') return sqlite3_str_finish(list);
        if (*p != ',') break;
    }
    sqlite3_free(sqlite3_str_finish(list));
    return NULL;
}

/* For "UNIQUE constraint failed: T.name" on a name a lesson's file brings
 * (a channel, axis, fact, mechanism or bundle), who has that name already,
 * into out: " (lesson L's, from FILE)", " (the course's model's)"; else "".
 * what is the probe's "T.name = 'value'". */
static void name_owner(isl_store *s, const char *errmsg, const char *what, char *out, size_t n)
{
    static const char *const named[] = {"channel", "axis", "fact", "mechanism", "bundle"};
    char table[16] = "";
    out[0] = '\0';
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        char full[64];
        snprintf(full, sizeof full, "UNIQUE constraint failed: %s.name", named[i]);
        if (!strcmp(errmsg, full)) snprintf(table, sizeof table, "%s", named[i]);
    }
    const char *lit = table[0] ? strstr(what, ".name = '") : NULL;
    if (!lit) return;
    char value[300];
    unquote(lit + 8, value, sizeof value);
    char owner[2][300] = {"", ""};
    isl_error ignored;
    isl_db_rows(s, "reading who has the name", 
                "SELECT o.lesson, coalesce(ls.file, '') FROM (SELECT CASE ?1 WHEN 'channel' THEN "
                "(SELECT lesson FROM channel WHERE name = ?2) ELSE (SELECT min(lesson) FROM lesson_brings "
                "WHERE kind = ?1 AND name = ?2) END AS lesson) o LEFT JOIN lesson_source ls ON ls.lesson = o.lesson",
                owner_row, owner, &ignored, "tt", table, value);
    char q[84], f[84];
    if (!owner[0][0]) snprintf(out, n, " (the course's model has a%s %s of that name)", table[0] == 'a' ? "n" : "", table);
    else
        snprintf(out, n, " (lesson %s has a%s %s of that name, from %s)", isl_short_name(owner[0], strlen(owner[0]), q), table[0] == 'a' ? "n" : "",
                 table, owner[1][0] ? isl_short_name(owner[1], strlen(owner[1]), f) : "the built-in seeds");
}

/* Reports a statement that failed while running: for a constraint error on
 * an INSERT, the offending row's line and values. */
static isl_status step_failure(isl_store *s, const char *name, const char *sql, const char *start,
                               sqlite3_stmt *q, const script_auth *au, isl_error *err)
{
    isl_status st = isl_base_status(s->db);
    char errmsg[1000], what[400];
    snprintf(errmsg, sizeof errmsg, "%s", sqlite3_errmsg(s->db));
    int row = 0;
    int prim = sqlite3_errcode(s->db) & 0xff;
    if ((prim == SQLITE_CONSTRAINT || prim == SQLITE_MISMATCH) && au->table[0] && q
        && isl_probe_row(s, au->table, sqlite3_sql(q), errmsg, what, sizeof what, &row)) {
        if (prim == SQLITE_MISMATCH) {
            /* the row after the last one that got through: quote its text */
            const char *at = isl_values_row(start, ++row);
            size_t k = 0;
            for (int depth = 0; at && at[k] && k < 60; k++) {
                depth += (at[k] == '(') - (at[k] == ')');
                if (depth == 0) { k++; break; }
            }
            return isl_fail(err, st, "%s:%d: %s row %.*s: %s", name, isl_line_of(sql, at ? at : start), au->table,
                            (int)k, at ? at : "", errmsg);
        }
        const char *at = isl_values_row(start, row);
        char col[64], *values = check_values(errmsg, col, sizeof col);
        char *prefix = values ? sqlite3_mprintf("%s.%s = '", au->table, col) : NULL;
        const char *lit = prefix ? strstr(what, prefix) : NULL;
        if (lit) {
            char value[200], hint[ISL_HINT_MAX];
            const char *end = unquote(lit + strlen(prefix) - 1, value, sizeof value);
            values_hint(s, values, value, "the values", 1, hint, sizeof hint);
            st = isl_fail(err, st, "%s:%d: %.*s is no value %s takes%s", name, isl_line_of(sql, at ? at : start),
                          (int)(end - lit), lit, col, hint);
        }
        sqlite3_free(prefix);
        sqlite3_free(values);
        if (lit) return st;
        char owner[700];
        name_owner(s, errmsg, what, owner, sizeof owner);
        return isl_fail(err, st, "%s:%d: %s: %s%s", name, isl_line_of(sql, at ? at : start), what, errmsg, owner);
    }
    /* an UPDATE: no row to show, but the values the column takes */
    char col[64], *values = prim == SQLITE_CONSTRAINT && au->updated[0] ? check_values(errmsg, col, sizeof col) : NULL;
    if (values) {
        char hint[ISL_HINT_MAX];
        values_hint(s, values, "", "the values", 1, hint, sizeof hint);
        sqlite3_free(values);
        return isl_fail(err, st, "%s:%d: %s.%s is set to no value %s takes%s", name, isl_line_of(sql, start),
                        au->updated, col, col, hint);
    }
    return isl_fail_why(err, st, strcmp(errmsg, ISL_LESSON_LOADED) ? ISL_R_NONE : ISL_R_LESSON_LOADED, "%s:%d: %s", name,
                        isl_line_of(sql, start), errmsg);
}

/* The claim's place in a seed file, for a claim whose SQL does not compile. */
typedef struct claim_place {
    const char *name, *sql, *start, *tail;
} claim_place;

/* Names the file, the line of the row holding the claim's name (else the
 * statement's first line), the claim and SQLite's message. */
static isl_status bad_claim(void *ctx, const char *lesson, const char *claim, const char *column, const char *why,
                            isl_error *err)
{
    const claim_place *cp = ctx;
    char *lit = sqlite3_mprintf("%Q", claim ? claim : "");
    const char *at = isl_values_row_holding(cp->start, cp->tail, lit);
    sqlite3_free(lit);
    return isl_fail(err, ISL_EINPUT, "%s:%d: claim '%s' of lesson %s: its %s does not compile: %s", cp->name,
                    isl_line_of(cp->sql, at), claim ? claim : "?", lesson ? lesson : "?", column, why);
}

/* Names the file, the line of the row holding the table's title (else the
 * statement's first line), the lesson, the position and the reason. */
static isl_status bad_table(void *ctx, const char *lesson, int64_t position, const char *title, const char *query,
                            const char *why, isl_error *err)
{
    const claim_place *cp = ctx;
    char *lit = sqlite3_mprintf("%Q", title);
    const char *at = lit ? isl_values_row_holding(cp->start, cp->tail, lit) : NULL;
    sqlite3_free(lit);
    /* the query named by its start, on one line */
    char head[64];
    size_t k = 0;
    for (const char *p = query; *p && k + 4 < sizeof head; p++) head[k++] = strchr("\r\n\t", *p) ? ' ' : *p;
    snprintf(head + k, sizeof head - k, "%s", strlen(query) > k ? "..." : "");
    return isl_fail(err, ISL_EINPUT, "%s:%d: lesson_table row of lesson %s at position %lld: its query '%s' %s",
                    cp->name, isl_line_of(cp->sql, at ? at : cp->start), lesson,
                    (long long)position, head, why);
}

/* Reports a statement of a script that did not compile: refused by the
 * authorizer (au), over the length limit, or SQLite's error at its place. */
static isl_status prepare_failure(isl_store *s, const char *name, const char *sql, const char *start, int rc,
                                  const script_auth *au, isl_error *err)
{
    if (au->denied == 3)
        return isl_fail(err, ISL_EINPUT, "%s:%d: the function %s is not allowed in a seed file (seeds may call "
                        "SQLite's ordinary functions and isolab's own)", name, isl_line_of(sql, start), au->what);
    if (au->denied == 4)
        return isl_fail(err, ISL_EINPUT, "%s:%d: the table %s is not allowed in a seed file (it computes a power set "
                        "in one step, beyond the reach of the work budget)", name, isl_line_of(sql, start), au->what);
    if (au->denied == 2)
        return isl_fail(err, ISL_EINPUT, "%s:%d: a seed file may write only the model's tables and TEMP objects of "
                        "its own; %s is refused", name, isl_line_of(sql, start), au->what);
    if (au->denied) { /* named by its first line (up to 47 bytes), without trailing blanks */
        int k = (int)strcspn(start, "\n;");
        for (k = k < 47 ? k : 47; k > 0 && strchr(" \r\t", start[k - 1]); k--) {}
        return isl_fail(err, ISL_EINPUT, "%s:%d: '%.*s' is not allowed in a seed file: isolab applies each load in one "
                        "transaction, with its own settings", name, isl_line_of(sql, start), k, start);
    }
    if ((rc & 0xff) == SQLITE_TOOBIG)
        return isl_fail(err, ISL_EINPUT, "%s:%d: the statement is longer than isolab's limit of %d bytes (10 MB) for "
                        "one statement; split it into several", name, isl_line_of(sql, start), ISL_STATEMENT_MAX);
    int off = sqlite3_error_offset(s->db);
    const char *at = off >= 0 ? start + off : start;
    int k = off >= 0 ? (int)strcspn(at, "\n") : 0;
    isl_status st = (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EINPUT;
    if (k) return isl_fail(err, st, "%s:%d: %s (near \"%.*s\")", name, isl_line_of(sql, at), sqlite3_errmsg(s->db),
                           k < 47 ? k : 47, at);
    return isl_fail(err, st, "%s:%d: %s", name, isl_line_of(sql, at), sqlite3_errmsg(s->db));
}

/* The names a claim_measure row gives, each checked as the row is inserted
 * (the view has no constraint: a misspelt name would be found only by
 * check, as a claim with no value). A name the model does not have when
 * the row is loaded is refused, a lesson's own among them: its file
 * defines them above its claims. */
static const struct measure_name {
    const char *column, *table, *key, *order, *whats;
} MEASURE_NAMES[] = {
    {"measure", "claim_measure_sql", "measure", "position", "measures"},
    {"bundle", "bundle", "name", "name", "bundles"},
    {"channel", "channel", "name", "name", "channels"},
    {"fact", "fact", "name", "name", "facts"},
};

/* One statement's rows of claim_measure so far, and the first refused. */
typedef struct measure_rows {
    isl_store *s;
    int rows, bad; /* bad: the refused row (1 the first), 0 none */
    char why[ISL_HINT_MAX + 400];
} measure_rows;

/* Nonzero when value names a row of m's table, or for a bundle a member
 * list of the model (why then says what is wrong with the list). */
static int measure_name_ok(measure_rows *r, const struct measure_name *m, const char *value)
{
    int found = 0;
    isl_error ignored;
    char *sql = sqlite3_mprintf("SELECT 1 FROM \"%w\" WHERE \"%w\" = ?1", m->table, m->key);
    if (!sql || isl_db_rows(r->s, "reading the model", sql, isl_base_count, &found, &ignored, "t", value)) found = -1;
    sqlite3_free(sql);
    if (found || strcmp(m->column, "bundle") || !strchr(value, ',')) return found != 0;
    /* a member list ("strict,-user-namespace"), resolved by the core */
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(r->s->db, "SELECT count(*) FROM isolab_members(?1)", -1, &q, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_bind_text(q, 1, value, -1, SQLITE_TRANSIENT);
    if (rc == SQLITE_OK) rc = sqlite3_step(q);
    char sh[84];
    if (rc != SQLITE_ROW)
        snprintf(r->why, sizeof r->why, "claim_measure.bundle = '%s': %s", isl_short_name(value, strlen(value), sh),
                 sqlite3_errmsg(r->s->db));
    sqlite3_finalize(q);
    return rc == SQLITE_ROW;
}

/* isl_measure_row(expected, measure, bundle, channel, fact), called by a
 * TEMP trigger for each row a seed inserts into claim_measure: an error
 * (why) for the first name the model lacks, or a status stated that is no
 * status. NULLs are the schema trigger's to refuse. */
static void measure_row(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    measure_rows *r = sqlite3_user_data(ctx);
    assert(argc == 5);
    r->rows++;
    for (size_t i = 0; i < sizeof MEASURE_NAMES / sizeof *MEASURE_NAMES && !r->bad; i++) {
        const struct measure_name *m = &MEASURE_NAMES[i];
        const char *value = (const char *)sqlite3_value_text(argv[i + 1]);
        if (!value || measure_name_ok(r, m, value)) continue;
        r->bad = r->rows;
        if (r->why[0]) break;
        char hint[ISL_HINT_MAX], q[84];
        char *names = sqlite3_mprintf("SELECT \"%w\" FROM \"%w\" ORDER BY \"%w\"", m->key, m->table, m->order);
        snprintf(r->why, sizeof r->why, "claim_measure.%s = '%s' has no match in %s(%s)%s", m->column,
                 isl_short_name(value, strlen(value), q), m->table, m->key,
                 names ? values_hint(r->s, names, value, m->whats, i == 0, hint, sizeof hint) : "");
        sqlite3_free(names);
    }
    const char *measure = (const char *)sqlite3_value_text(argv[1]);
    const char *stated = (const char *)sqlite3_value_text(argv[0]);
    const char *fact = (const char *)sqlite3_value_text(argv[4]);
    /* the columns its measure needs: a bundle and a channel; a fact for a
     * measure of one fact, none for the others */
    int per_fact = -1;
    sqlite3_stmt *pf = NULL;
    if (!r->bad && measure
        && sqlite3_prepare_v2(r->s->db, "SELECT per_fact FROM claim_measure_sql WHERE measure = ?1", -1, &pf, NULL)
               == SQLITE_OK
        && sqlite3_bind_text(pf, 1, measure, -1, SQLITE_TRANSIENT) == SQLITE_OK && sqlite3_step(pf) == SQLITE_ROW)
        per_fact = sqlite3_column_int(pf, 0);
    sqlite3_finalize(pf);
    const char *none = sqlite3_value_type(argv[2]) == SQLITE_NULL ? "bundle"
                       : sqlite3_value_type(argv[3]) == SQLITE_NULL ? "channel" : NULL;
    if (per_fact >= 0 && (none || per_fact != (fact != NULL))) {
        char sh[84];
        r->bad = r->rows;
        if (none)
            snprintf(r->why, sizeof r->why, "claim_measure.%s = NULL: a claim row names the bundle and the channel "
                     "its measure is taken under", none);
        else if (per_fact)
            snprintf(r->why, sizeof r->why, "claim_measure.fact = NULL: the measure %s is a fact's; name the fact",
                     measure);
        else
            snprintf(r->why, sizeof r->why, "claim_measure.fact = '%s': the measure %s is of no one fact; leave "
                     "fact NULL", isl_short_name(fact, strlen(fact), sh), measure);
    }
    if (!r->bad && measure && !strcmp(measure, "status") && isl_fact_state_of(stated) == ISL_FACT_ABSENT) {
        char hint[ISL_HINT_MAX], q[84];
        r->bad = r->rows;
        sqlite3_str *words = sqlite3_str_new(NULL);
        for (isl_fact_state st = ISL_FACT_VISIBLE; st <= ISL_FACT_CLOSED; st++)
            sqlite3_str_appendf(words, "%s(%Q)", st == ISL_FACT_VISIBLE ? "VALUES " : ", ", isl_fact_state_name(st));
        char *names = sqlite3_str_finish(words);
        snprintf(r->why, sizeof r->why, "claim_measure.expected = '%s' is no status%s",
                 stated ? isl_short_name(stated, strlen(stated), q) : "NULL",
                 names ? values_hint(r->s, names, stated ? stated : "", "statuses", 1, hint, sizeof hint) : "");
        sqlite3_free(names);
    }
    if (r->bad) sqlite3_result_error(ctx, r->why, -1);
}

/* The placeholders a lesson's title may hold (lesson_block.title,
 * lesson_table.title), which lesson_blocks replaces with the bundle and
 * the channel its tables are computed under (queries/lesson_blocks.sql). */
static const char *const TITLE_WORDS[] = {"{bundle}", "{channel}"};
enum { NTITLE_WORDS = sizeof TITLE_WORDS / sizeof TITLE_WORDS[0] };

static const char *title_word_at(const void *ctx, size_t i)
{
    (void)ctx;
    return i < NTITLE_WORDS ? TITLE_WORDS[i] : NULL;
}

/* isl_title_row(table, title), called by a TEMP trigger for each row a seed
 * writes into lesson_block or lesson_table: an error (why) for the first
 * word in braces ("{bundel}": letters, digits, '-' and '_') that is none of
 * TITLE_WORDS. Other braces are the title's own text. */
static void title_row(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    measure_rows *r = sqlite3_user_data(ctx);
    assert(argc == 2);
    r->rows++;
    const char *table = (const char *)sqlite3_value_text(argv[0]), *title = (const char *)sqlite3_value_text(argv[1]);
    for (const char *p = title ? strchr(title, '{') : NULL; p && !r->bad; p = strchr(p + 1, '{')) {
        size_t k = 1 + strspn(p + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
        if (k == 1 || p[k] != '}') continue;
        size_t i = 0;
        while (i < NTITLE_WORDS && !(strlen(TITLE_WORDS[i]) == k + 1 && !strncmp(TITLE_WORDS[i], p, k + 1))) i++;
        if (i < NTITLE_WORDS) continue;
        char word[84], q[84], hint[ISL_HINT_MAX];
        snprintf(word, sizeof word, "%.*s", (int)(k + 1 < 80 ? k + 1 : 80), p);
        r->bad = r->rows;
        snprintf(r->why, sizeof r->why, "%s.title = '%s': %s is no placeholder a title takes%s", table,
                 isl_short_name(title, strlen(title), q), word,
                 isl_name_hint(word, title_word_at, NULL, NTITLE_WORDS, "placeholders", hint, sizeof hint));
    }
    if (r->bad) sqlite3_result_error(ctx, r->why, -1);
}

/* Starts (on) or ends checking the rows a seed inserts into claim_measure
 * with measure_row, and the titles it writes with title_row, r their state
 * (on: where the view exists; titles: in the tables of them there are). */
static isl_status watch_measures(isl_store *s, measure_rows *r, int on, isl_error *err)
{
    int rc = sqlite3_create_function_v2(s->db, "isl_measure_row", 5, SQLITE_UTF8, on ? r : NULL,
                                        on ? measure_row : NULL, NULL, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function_v2(s->db, "isl_title_row", 2, SQLITE_UTF8, on ? r : NULL, on ? title_row : NULL,
                                        NULL, NULL, NULL);
    if (rc == SQLITE_OK && on)
        rc = sqlite3_exec(s->db, "CREATE TEMP TRIGGER isl_measure_rows INSTEAD OF INSERT ON main.claim_measure "
                          "BEGIN SELECT isl_measure_row(NEW.expected, NEW.measure, NEW.bundle, NEW.channel, NEW.fact); "
                          "END", NULL, NULL, NULL);
    static const char *const TITLED[] = {"lesson_block", "lesson_table"};
    for (size_t i = 0; rc == SQLITE_OK && i < sizeof TITLED / sizeof TITLED[0]; i++) {
        int there = 0;
        isl_status st = isl_db_rows(s, "checking the titles", "SELECT 1 FROM main.sqlite_schema WHERE type = 'table' "
                                    "AND name = ?1", isl_base_count, &there, err, "t", TITLED[i]);
        if (st) return st;
        char *sql = !there ? NULL
                    : on ? sqlite3_mprintf("CREATE TEMP TRIGGER \"isl_title_%w_i\" AFTER INSERT ON main.\"%w\" "
                                           "BEGIN SELECT isl_title_row(%Q, NEW.title); END; "
                                           "CREATE TEMP TRIGGER \"isl_title_%w_u\" AFTER UPDATE OF title ON "
                                           "main.\"%w\" BEGIN SELECT isl_title_row(%Q, NEW.title); END",
                                           TITLED[i], TITLED[i], TITLED[i], TITLED[i], TITLED[i], TITLED[i])
                         : sqlite3_mprintf("DROP TRIGGER IF EXISTS temp.\"isl_title_%w_i\"; "
                                           "DROP TRIGGER IF EXISTS temp.\"isl_title_%w_u\"", TITLED[i], TITLED[i]);
        if (there && !sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
        if (sql) rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        sqlite3_free(sql);
    }
    if (rc == SQLITE_OK && !on) rc = sqlite3_exec(s->db, "DROP TRIGGER IF EXISTS temp.isl_measure_rows", NULL, NULL, NULL);
    return rc == SQLITE_OK ? ISL_OK : isl_db_fail(s, err, "checking the rows of claim_measure and the titles");
}

static isl_status exec_sql(isl_store *s, const char *name, const char *sql, enum isl_script how, isl_error *err)
{
    int confined = how != ISL_SCRIPT_SCHEMA;
    const char *p = sql;
    isl_status st = ISL_OK;
    script_auth au;
    measure_rows mr = {s, 0, 0, ""};
    long long measures = 0;
    /* (not in load --replace's dry pass, author.c, which skips every row:
     * a name its file defines above a claim is not there) */
    if (confined && (st = isl_base_int(s->db, s->path, "SELECT count(*) FROM main.sqlite_schema WHERE type = 'view' "
                                       "AND name = 'claim_measure' AND NOT EXISTS (SELECT 1 FROM temp.sqlite_schema "
                                       "WHERE name = 'isl_dry_lesson')", &measures, err)))
        return st;
    if (measures && (st = watch_measures(s, &mr, 1, err))) return st;
    for (;;) {
        sqlite3_stmt *q = NULL;
        const char *start = isl_sql_skip(p, ISL_SQL_BLANKS), *tail = NULL;
        if (!*start) break;
        memset(&au, 0, sizeof au);
        /* checked while preparing only: isolab's own queries below run free */
        if (confined && (st = isl_db_authorize(s, authorize, &au, ISL_OK, err))) break;
        int rc = sqlite3_prepare_v2(s->db, start, -1, &q, &tail);
        if (confined && (st = isl_db_authorize(s, NULL, NULL, ISL_OK, err))) {
            sqlite3_finalize(q);
            break;
        }
        if (rc != SQLITE_OK) {
            st = prepare_failure(s, name, sql, start, rc, &au, err);
            break;
        }
        if (!q) break; /* only comments were left */
        /* the claims a statement writes are compiled as soon as it has run
         * (one that updates claims: every claim); the claims it adds are
         * those above the largest id now */
        long long mark = 0, table_mark = 0; /* (lesson_table's: rowid) */
        if ((au.claims == 1 && how == ISL_SCRIPT_SEED
             && (st = isl_base_int(s->db, s->path, "SELECT coalesce(max(id), 0) FROM claim", &mark, err)))
            || (au.tables == 1 && how == ISL_SCRIPT_SEED
                && (st = isl_base_int(s->db, s->path, "SELECT coalesce(max(rowid), 0) FROM lesson_table", &table_mark,
                                      err)))) {
            sqlite3_finalize(q);
            break;
        }
        /* and no value it makes is longer than a statement may be: a
         * one-line seed cannot fill the disk (printf('%.*c', 1e9, 'x')) */
        int length = confined ? sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, ISL_STATEMENT_MAX) : -1;
        if (confined) isl_work_begin(s);
        mr.rows = mr.bad = 0;
        mr.why[0] = '\0';
        while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
        int over = confined && isl_work_end(s);
        if (over && rc != SQLITE_DONE)
            st = isl_fail_why(err, ISL_EINPUT, ISL_R_WORK_BUDGET, "%s:%d: the statement exceeded the work budget "
                              "(%llu million steps): stopped; nothing of this load was written",
                              name, isl_line_of(sql, start), s->work_limit);
        else if (rc != SQLITE_DONE && mr.bad) { /* a claim_measure row: at its line */
            const char *at = isl_values_row(start, mr.bad);
            st = isl_fail(err, ISL_EINPUT, "%s:%d: %s", name, isl_line_of(sql, at ? at : start), mr.why);
        } else if (rc != SQLITE_DONE) /* (its rows probed under the same length limit) */
            st = step_failure(s, name, sql, start, q, &au, err);
        if (confined) sqlite3_limit(s->db, SQLITE_LIMIT_LENGTH, length);
        sqlite3_finalize(q);
        if (st) break;
        claim_place cp = {name, sql, start, tail};
        if (au.claims && how == ISL_SCRIPT_SEED && (st = isl_store_compile_claims(s, mark, bad_claim, &cp, err))) break;
        if (au.tables && how == ISL_SCRIPT_SEED
            && (st = isl_store_compile_lesson_tables(s, table_mark, bad_table, &cp, err)))
            break;
        char fk[400], lit[200];
        if (describe_fk(s, fk, sizeof fk, lit, sizeof lit)) {
            const char *at = isl_values_row_holding(start, tail, lit);
            st = isl_fail(err, ISL_EINPUT, "%s:%d: %s", name, isl_line_of(sql, at), fk);
            break;
        }
        p = tail;
    }
    isl_error ignored;
    isl_status off = measures ? watch_measures(s, &mr, 0, st ? &ignored : err) : ISL_OK;
    return st ? st : off;
}

isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err)
{
    return exec_sql(s, name, sql, ISL_SCRIPT_SEED, err);
}

isl_status isl_store_exec_files(isl_store *s, const isl_embedded_file *files, const char *dir, const char *only,
                                enum isl_script how, isl_error *err)
{
    char path[512];
    for (const isl_embedded_file *f = files; f->name; f++) {
        if (only && strcmp(f->name, only)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, f->name);
        isl_status st = exec_sql(s, path, f->text, how, err);
        if (st || only) return st;
    }
    return only ? isl_fail(err, ISL_EINTERNAL, "%s file %s is not built in", dir, only) : ISL_OK;
}

static isl_status add_drop(void *ctx, sqlite3_stmt *q)
{
    sqlite3_str_appendf(ctx, "DROP %s IF EXISTS temp.\"%w\";", isl_base_text(q, 0), isl_base_text(q, 1));
    return ISL_OK;
}

isl_status isl_drop_temp_objects(isl_store *s, isl_error *err)
{
    sqlite3_str *drop = sqlite3_str_new(s->db);
    /* triggers and indexes go with their tables; views one by one */
    isl_status st = isl_db_rows(s, "dropping the seeds' TEMP objects",
                                "SELECT type, name FROM temp.sqlite_schema WHERE type IN ('table', 'view', "
                                "'trigger') ORDER BY type = 'table'", add_drop, drop, err, NULL);
    int oom = sqlite3_str_errcode(drop) != SQLITE_OK;
    char *sql = sqlite3_str_finish(drop); /* NULL when nothing was appended */
    if (!st && oom) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && sql && sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK)
        st = isl_db_fail(s, err, "dropping the seeds' TEMP objects");
    sqlite3_free(sql);
    return st;
}

isl_status isl_store_exec_file(isl_store *s, const char *path, isl_error *err)
{
    char *text = NULL;
    isl_status st = isl_read_seed_file(path, &text, err);
    if (!st) st = isl_store_exec_script(s, path, text, err);
    free(text);
    return st;
}

static int is_sql(const struct dirent *e)
{
    size_t len = strlen(e->d_name);
    return len >= 5 && !strcmp(e->d_name + len - 4, ".sql");
}

isl_status isl_store_load_dir(isl_store *s, const char *dir, isl_error *err)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, is_sql, alphasort); /* in name order: isolab sets no locale */
    if (n < 0 && errno == ENOMEM) return isl_fail(err, ISL_ENOMEM, "out of memory");
    if (n < 0) return isl_fail(err, ISL_EINPUT, "%s: cannot read directory: %s", dir, strerror(errno));
    isl_status st = n ? ISL_OK : isl_fail(err, ISL_EINPUT, "%s: no *.sql seed files", dir);
    for (int i = 0; i < n; i++) {
        char *path = st ? NULL : sqlite3_mprintf("%s/%s", dir, names[i]->d_name);
        if (!st && !path) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        if (!st) st = isl_store_exec_file(s, path, err);
        sqlite3_free(path);
        free(names[i]);
    }
    free(names);
    return st;
}
