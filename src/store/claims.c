/* isolab store: evaluating the claims of the claim table. A claim's SQL is
 * seed data, as trusted as the seed that holds it; it is still confined to
 * one read-only expression, so a claim can read anything but change nothing. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/claims.h"
#include "isolab/embedded.h"
#include "isolab/kind.h"
#include "allow.h"
#include "probe.h"
#include "store_int.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/outfile.h"
#include "isolab/surface.h"
#include "isolab/textout.h"

/* The positions lesson ?1 announces that no lesson of the course holds. */
static const char ST_ANNOUNCED_ABSENT[] = "SELECT 1 FROM lesson_announces a WHERE a.lesson = ?1 AND NOT EXISTS "
                                          "(SELECT 1 FROM lesson l WHERE l.position = a.position)";

static const char ST_CLAIM_RESULT[] = "INSERT INTO claim_result(run_id, lesson, claim, outcome, expected, actual, "
                                      "reason) VALUES (?1,?2,?3,?4,?5,?6,?7)";

const char *isl_claim_outcome_name(isl_claim_outcome o)
{
    return o == ISL_CLAIM_FAIL ? "FAIL" : isl_claim_outcome_value(o);
}

const char *isl_claim_outcome_value(isl_claim_outcome o)
{
    static const char *const WORD[] = {"pass", "fail", "pending", "stale"};
    assert((unsigned)o < sizeof WORD / sizeof *WORD);
    return WORD[o];
}

/* The line of text where a claim row of lesson and name starts
 * ("('LESSON', 'NAME'", as seeds write claim rows), or 0. */
static int claim_line(const char *text, const char *qlesson, const char *qname)
{
    size_t nl = strlen(qlesson), nn = strlen(qname);
    for (const char *p = strstr(text, qlesson); p; p = strstr(p + 1, qlesson)) {
        const char *q = isl_sql_skip(p + nl, ISL_SQL_BLANKS);
        if (*q != ',') continue;
        q = isl_sql_skip(q + 1, ISL_SQL_BLANKS);
        if (strncmp(q, qname, nn) == 0) return isl_line_of(text, p);
    }
    return 0;
}

static isl_status source_row(void *ctx, sqlite3_stmt *q)
{
    char **file = ctx;
    const char *f = isl_base_col(q, 0);
    return f && !(*file = sqlite3_mprintf("%s", f)) ? ISL_ENOMEM : ISL_OK;
}

/* Where the claim of lesson and name was written, into out[n]: "FILE:LINE"
 * (the file lesson_source names, as it is now, else the built-in seed that
 * holds it), the file alone when its line is not found, "" when unknown. */
static isl_status claim_place(isl_store *s, const char *lesson, const char *name, char *out, size_t n,
                              isl_error *err)
{
    out[0] = '\0';
    char *file = NULL, *qlesson = sqlite3_mprintf("%Q", lesson), *qname = sqlite3_mprintf("%Q", name);
    isl_status st = qlesson && qname ? ISL_OK : ISL_ENOMEM;
    if (!st) st = isl_db_rows(s, "reading lesson_source", "SELECT file FROM lesson_source WHERE lesson = ?1",
                              source_row, &file, err, "t", lesson);
    if (st == ISL_ENOMEM && !err->msg[0]) st = isl_fail(err, st, "out of memory");
    if (!st && file) {
        /* the file as it is now; one that cannot be read is named alone */
        char *text = NULL;
        isl_error unread;
        int line = isl_read_seed_file(file, &text, &unread) ? 0 : claim_line(text, qlesson, qname);
        free(text);
        if (line) snprintf(out, n, "%s:%d", file, line);
        else snprintf(out, n, "%s", file);
    } else if (!st) {
        for (size_t i = 0; i < isl_seed_count && !out[0]; i++) {
            int line = claim_line(isl_seed_files[i].text, qlesson, qname);
            if (line) snprintf(out, n, "seeds/%s:%d", isl_seed_files[i].name, line);
        }
    }
    sqlite3_free(file);
    sqlite3_free(qlesson);
    sqlite3_free(qname);
    return st;
}

/* The kinds a claim reads (kind.h), as bits 1u << kind: what a claim reads,
 * and what is stale. */
#define K_ALL ((1u << ISL_KIND_CLAIMED) - 1)

/* The kinds of results with no current rows for one bundle x channel, as
 * the saved query missing_result says them (read by find_missing). */
typedef struct missing_set {
    unsigned missing;       /* kinds with no current result for the pair */
    unsigned missing_stale; /* of those, the kinds an older model computed */
    char *cmd[ISL_KIND_CLAIMED]; /* for each missing kind, the command that computes it (sqlite3_malloc'd) */
} missing_set;

/* A check in progress: which kinds of results are stale, the command that
 * brings each up to date, the result tables, and what the claim being
 * prepared reads. */
typedef struct checker {
    unsigned stale;
    missing_set focus;   /* for the lesson's focus */
    missing_set pair;    /* for pair_bundle x pair_channel, under the same lesson's focus */
    char *pair_bundle, *pair_channel; /* the pair that pair holds, or NULL (sqlite3_malloc'd) */
    char **measure;      /* claim_measure_sql's expressions (likewise) */
    int nmeasure;
    char *command[ISL_KIND_CLAIMED];     /* for each stale kind, the command that brings it up to date (likewise) */
    unsigned unrun;       /* kinds with a pair of the model no current run computed (a lesson just loaded) */
    char *unrun_cmd;      /* the command that computes them (likewise) */
    char *reason;         /* the reason of the claim being judged, when it names a command */
    unsigned reads;
    int over_budget; /* the claim being evaluated ran out of its work budget */
    char refused[64]; /* a function the claim may not call (allow.c) */
    int refused_table; /* refused names a table the claim may not read (allow.c) */
} checker;

/* The kinds a read belongs to: a claimed kind's tables, that kind (kind.h;
 * a view's read is also a read of the tables under it); an answer's, every
 * claimed kind; claim_result and any other table, none. */
static int on_access(void *ctx, int action, const char *table, const char *col, const char *db, const char *via)
{
    (void)col, (void)db, (void)via;
    checker *c = ctx;
    if (action == SQLITE_FUNCTION && !isl_sql_function_allowed(col)) {
        if (!c->refused[0]) snprintf(c->refused, sizeof c->refused, "%s", col);
        return SQLITE_DENY;
    }
    if (action != SQLITE_READ || !table) return SQLITE_OK;
    if (!isl_sql_table_allowed(table)) {
        if (!c->refused[0]) snprintf(c->refused, sizeof c->refused, "%s", table);
        c->refused_table = 1;
        return SQLITE_DENY;
    }
    isl_kind k = isl_kind_of_table(table);
    c->reads |= k < ISL_KIND_CLAIMED ? 1u << k : k < ISL_KIND_CHECK ? K_ALL : 0;
    return SQLITE_OK;
}

/* A row of stale_result: its kind stale, with the newest run's command. */
static isl_status stale_row(void *ctx, sqlite3_stmt *q)
{
    checker *c = ctx;
    const char *kind = isl_base_col(q, 0), *cmd = isl_base_col(q, 1);
    isl_kind i = kind ? isl_kind_find(kind) : ISL_KIND_COUNT;
    unsigned bit = 1u << i;
    if (i >= ISL_KIND_CLAIMED || !cmd) return ISL_OK;
    if (!(c->stale & bit) && !(c->command[i] = sqlite3_mprintf("%s", cmd))) return ISL_ENOMEM;
    c->stale |= bit;
    return ISL_OK;
}

static isl_status int_row(void *ctx, sqlite3_stmt *q)
{
    *(int *)ctx = sqlite3_column_int(q, 0);
    return ISL_OK;
}

/* A row of claim_measure_sql: its expression kept. */
static isl_status measure_expr_row(void *ctx, sqlite3_stmt *q)
{
    checker *c = ctx;
    const char *expr = isl_base_col(q, 0);
    if (!expr) return ISL_OK;
    char **grown = sqlite3_realloc64(c->measure, (sqlite3_uint64)(c->nmeasure + 1) * sizeof *grown);
    if (!grown) return ISL_ENOMEM;
    c->measure = grown;
    if (!(c->measure[c->nmeasure] = sqlite3_mprintf("%s", expr))) return ISL_ENOMEM;
    c->nmeasure++;
    return ISL_OK;
}

/* Reads the stale kinds of the model's bundles and their commands, and the
 * measures' expressions. */
static isl_status checker_init(isl_store *s, checker *c, isl_error *err)
{
    memset(c, 0, sizeof *c);
    /* a what-if list's results (a bundle of no name of the model) are no claim's inputs */
    isl_status st = isl_db_rows(s, "reading stale_result", "SELECT kind, command FROM stale_result "
                                "WHERE bundle IS NULL OR bundle IN (SELECT name FROM bundle) ORDER BY run_id DESC",
                                stale_row, c, err, NULL);
    if (!st)
        st = isl_db_rows(s, "reading claim_measure_sql", "SELECT expr FROM claim_measure_sql ORDER BY position",
                         measure_expr_row, c, err, NULL);
    /* a bundle x channel of the model no current run computed: a claim whose
     * value differs may read it (a lesson loaded since, its channel not run) */
    int unrun = 0;
    if (!st)
        st = isl_db_rows(s, "reading current_surface_run", "SELECT EXISTS (SELECT 1 FROM bundle b, channel h WHERE NOT "
                         "EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = b.name AND x.channel = h.name))",
                         int_row, &unrun, err, NULL);
    if (unrun) c->unrun = 1u << ISL_KIND_RUN;
    if (!st && unrun && !(c->unrun_cmd = sqlite3_mprintf("isolab %s", isl_kinds[ISL_KIND_RUN].command)))
        st = ISL_ENOMEM;
    return st == ISL_ENOMEM ? isl_fail(err, st, "out of memory") : st;
}

/* The hint (isl_sql_name_hint) after SQLite's message in why[n] for the
 * claim expression expr: its queries run without the authorizer, which is
 * then c's again. */
static void compile_hint(isl_store *s, checker *c, const char *expr, char *why, size_t n)
{
    isl_error ignored;
    if (!isl_db_authorize(s, NULL, NULL, ISL_OK, &ignored)) isl_sql_name_hint(s, expr, why, n);
    isl_db_authorize(s, on_access, c, ISL_OK, &ignored);
}

/* Compiles one claim expression as a statement "SELECT (expr)" into *q,
 * under on_access (c->reads: what it reads; a function not on the
 * allow-list refused). SQLITE_OK; SQLITE_ERROR with the reason in why[n]
 * when the expression is not one read-only expression of allowed functions
 * (*q NULL); another code when the failure is SQLite's own (out of memory,
 * ...). */
static int compile_expr(isl_store *s, checker *c, const char *expr, sqlite3_stmt **q, char *why, size_t n)
{
    *q = NULL;
    c->reads = 0;
    c->refused[0] = '\0';
    c->refused_table = 0;
    char *sql = sqlite3_mprintf("SELECT (%s\n)", expr);
    if (!sql) return SQLITE_NOMEM;
    const char *tail = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, q, &tail);
    if (rc != SQLITE_OK && c->refused[0] && c->refused_table) {
        snprintf(why, n, "the table %s is not allowed (it computes a power set in one step, beyond the reach of "
                 "the work budget)", c->refused);
        rc = SQLITE_ERROR;
    } else if (rc != SQLITE_OK && c->refused[0]) {
        snprintf(why, n, "the function %s is not allowed (a claim may call SQLite's ordinary functions and "
                 "isolab's own)", c->refused);
        rc = SQLITE_ERROR;
    } else if (rc != SQLITE_OK) {
        snprintf(why, n, "%s", sqlite3_errmsg(s->db));
        if ((rc & 0xff) == SQLITE_ERROR) compile_hint(s, c, expr, why, n);
    } else if (tail && tail[strspn(tail, " \t\r\n;")] != '\0') {
        snprintf(why, n, "more than one expression");
        rc = SQLITE_ERROR;
    } else if (!sqlite3_stmt_readonly(*q)) {
        snprintf(why, n, "the expression would write");
        rc = SQLITE_ERROR;
    }
    if (rc != SQLITE_OK) sqlite3_finalize(*q), *q = NULL;
    sqlite3_free(sql);
    return rc;
}

/* Compiling claims: the caller's function for each that does not compile
 * (fn NULL: skipped), and the kinds those that do read. */
typedef struct loading {
    isl_store *s;
    checker c;
    isl_claim_bad_fn fn;
    void *ctx;
    isl_error *err;
    unsigned reads;
} loading;

static isl_status compile_row(void *ctx, sqlite3_stmt *q)
{
    loading *l = ctx;
    isl_status st = ISL_OK;
    for (int col = 2; col <= 3 && !st; col++) {
        const char *expr = isl_base_col(q, col);
        if (!expr) continue;
        char why[1000];
        sqlite3_stmt *compiled;
        int prim = compile_expr(l->s, &l->c, expr, &compiled, why, sizeof why) & 0xff;
        sqlite3_finalize(compiled);
        int bad = prim == SQLITE_ERROR || prim == SQLITE_TOOBIG || prim == SQLITE_RANGE;
        if (prim == SQLITE_OK) l->reads |= l->c.reads;
        else if (bad && l->fn)
            st = l->fn(l->ctx, isl_base_col(q, 0), isl_base_col(q, 1), col == 2 ? "actual_sql" : "pending_sql", why,
                       l->err);
        else if (prim == SQLITE_NOMEM) st = isl_fail(l->err, ISL_ENOMEM, "out of memory");
        else if (!bad) st = isl_db_fail(l->s, l->err, "compiling a claim");
    }
    return st;
}

isl_status isl_store_compile_claims(isl_store *s, int64_t after, isl_claim_bad_fn fn, void *ctx, isl_error *err)
{
    loading l = {.s = s, .fn = fn, .ctx = ctx, .err = err};
    isl_status st = isl_db_authorize(s, on_access, &l.c, ISL_OK, err);
    if (!st)
        st = isl_db_rows(s, "reading the claims", "SELECT lesson, name, actual_sql, pending_sql FROM claim "
                         "WHERE id > ?1 ORDER BY id", compile_row, &l, err, "i", after);
    return isl_db_authorize(s, NULL, NULL, st, err);
}

isl_status isl_store_claim_reads(isl_store *s, const char *lesson, unsigned *kinds, isl_error *err)
{
    loading l = {.s = s, .err = err};
    isl_status st = isl_db_authorize(s, on_access, &l.c, ISL_OK, err);
    if (!st)
        st = isl_db_rows(s, "reading the claims", "SELECT lesson, name, actual_sql, pending_sql FROM claim "
                         "WHERE lesson = ?1", compile_row, &l, err, "t", lesson);
    st = isl_db_authorize(s, NULL, NULL, st, err);
    *kinds = st ? 0 : l.reads;
    return st;
}

/* The value of one claim expression into *out (a copy, free with
 * sqlite3_value_free; NULL for SQL NULL or no row). Returns 0; 1 when the
 * claim cannot be evaluated (its SQL is wrong), with the reason in why[n];
 * -1 when the failure is isolab's, not the claim's (out of memory, an I/O
 * error, ...), with *rc_out set to SQLite's result code. */
static int eval_expr(isl_store *s, checker *c, const char *expr, sqlite3_value **out, char *why, size_t n,
                     int *rc_out)
{
    *out = NULL;
    sqlite3_stmt *q = NULL;
    char reason[1000] = "out of memory";
    /* what it reads (on_access), to tell a stale claim from a failed one */
    int rc = compile_expr(s, c, expr, &q, reason, sizeof reason);
    int bad = 1;
    if (rc != SQLITE_OK) {
        snprintf(why, n, "cannot evaluate: %s", reason);
    } else if (isl_work_begin(s), (rc = sqlite3_step(q)), isl_work_end(s)) {
        snprintf(why, n, "cannot evaluate: the expression exceeded the work budget (%llu million steps)",
                 s->work_limit);
        c->over_budget = 1;
        rc = SQLITE_ERROR;
    } else if (rc == SQLITE_ROW) {
        if (sqlite3_column_type(q, 0) != SQLITE_NULL && !(*out = sqlite3_value_dup(sqlite3_column_value(q, 0))))
            rc = SQLITE_NOMEM;
        bad = 0;
    } else if (rc == SQLITE_DONE) {
        bad = 0;
    } else {
        snprintf(why, n, "cannot evaluate: %s", sqlite3_errmsg(s->db));
    }
    /* only an error in the expression itself is the claim's failure */
    int prim = rc & 0xff;
    if (prim != SQLITE_OK && prim != SQLITE_ROW && prim != SQLITE_DONE && prim != SQLITE_ERROR
        && prim != SQLITE_MISMATCH && prim != SQLITE_RANGE && prim != SQLITE_TOOBIG) {
        snprintf(why, n, "%s", sqlite3_errstr(rc));
        *rc_out = rc;
        bad = -1;
    }
    sqlite3_finalize(q);
    return bad;
}

static int is_number(sqlite3_value *v)
{
    int t = sqlite3_value_type(v);
    return t == SQLITE_INTEGER || t == SQLITE_FLOAT;
}

/* Half a unit in the last decimal place of a number as SQLite writes it
 * (quote(): 1.33 -> 0.005, 3.0 -> 0.05, 11 -> 0.5, 1.0e-05 -> 0.00005). */
static double half_last_place(sqlite3_value *v)
{
    if (sqlite3_value_type(v) == SQLITE_INTEGER) return 0.5;
    char *t = sqlite3_mprintf("%!.15g", sqlite3_value_double(v));
    if (!t) return 0.0;
    const char *dot = strchr(t, '.'), *exp = strpbrk(t, "eE");
    long places = dot ? (long)((exp ? exp : t + strlen(t)) - dot - 1) : 0;
    if (exp) places -= strtol(exp + 1, NULL, 10);
    sqlite3_free(t);
    return 0.5 * pow(10.0, (double)-places);
}

/* Nonzero when actual equals expected: numbers as numbers, at the places
 * expected is written to (1.33 stands for 1.325 up to 1.335, as the tables
 * print 1.3333 at two places; 11 for 10.5 up to 11.5 but an integer only
 * for itself; at least to 1e-9 relative); a status by the one status
 * vocabulary, as stored or as printed ('RETURNS', 'left open'); anything
 * else by its text. */
static int same_value(sqlite3_value *expected, sqlite3_value *actual)
{
    if (!actual) return 0;
    if (is_number(expected) && is_number(actual)) {
        if (sqlite3_value_type(expected) == SQLITE_INTEGER && sqlite3_value_type(actual) == SQLITE_INTEGER)
            return sqlite3_value_int64(expected) == sqlite3_value_int64(actual);
        double e = sqlite3_value_double(expected), a = sqlite3_value_double(actual);
        return fabs(a - e) <= fmax(half_last_place(expected), 1e-9 * fmax(1.0, fabs(e)));
    }
    const char *e = (const char *)sqlite3_value_text(expected), *a = (const char *)sqlite3_value_text(actual);
    if (e && a && strcmp(e, a) == 0) return 1;
    isl_fact_state st = isl_fact_state_of(a);
    return e && st != ISL_FACT_ABSENT && strcmp(a, isl_fact_state_name(st)) == 0 && isl_fact_state_of(e) == st;
}

/* Writes one outcome row. */
static isl_status put_result(isl_store *s, int64_t run_id, const isl_claim_row *row, sqlite3_value *expected,
                             sqlite3_value *actual, isl_error *err)
{
    /* a NULL reason is bound as SQL NULL */
    isl_status st = isl_db_put(s, ST_CLAIM_RESULT, err, "writing a claim result", "itttvvt", run_id, row->lesson,
                               row->name, isl_claim_outcome_value(row->outcome), expected, actual, row->reason);
    s->written += !st;
    return st;
}

/* For each kind of results (run, the three sweeps, bundles) with no current
 * rows for the focus param holds now (its bundle x channel; any bundles
 * sweep): its bit in m->missing, and the command that computes it, from
 * stale_result when an older model computed it (its bit in
 * m->missing_stale), else the lesson's own (the saved query missing_result). */
static isl_status missing_row(void *ctx, sqlite3_stmt *q)
{
    missing_set *m = ctx;
    int i = sqlite3_column_int(q, 0);
    const char *stale = isl_base_col(q, 1), *first = isl_base_col(q, 2);
    if (i < 0 || i >= ISL_KIND_CLAIMED) return ISL_OK;
    m->missing |= 1u << i;
    if (stale) m->missing_stale |= 1u << i;
    sqlite3_free(m->cmd[i]);
    m->cmd[i] = sqlite3_mprintf("%s", stale ? stale : first ? first : "");
    return m->cmd[i] ? ISL_OK : ISL_ENOMEM;
}

static isl_status find_missing(isl_store *s, missing_set *m, isl_error *err)
{
    m->missing = m->missing_stale = 0;
    isl_status st = isl_db_rows(s, "reading the current results",
                                "SELECT kind_no, stale_command, command FROM missing_result", missing_row, m, err, NULL);
    return st == ISL_ENOMEM && !err->msg[0] ? isl_fail(err, st, "out of memory") : st;
}

/* The length of the SQL text literal at p ('...', a quote in it doubled),
 * quotes included; 0 when p holds none. */
static size_t literal_len(const char *p)
{
    if (*p != '\'') return 0;
    for (size_t i = 1; p[i]; i++)
        if (p[i] == '\'' && p[++i] != '\'') return i;
    return 0;
}

/* Nonzero when sql is the measure expression expr (claim_measure_sql) with
 * a text literal put in for each of char(1), char(2), char(3), the same one
 * wherever one stands, as claim_measure's trigger writes a row's claim
 * (schema/028); then lit[0] and lit[1], n[0] and n[1] are where the
 * bundle's and the channel's literals are in sql and their lengths. */
static int measure_match(const char *expr, const char *sql, const char *lit[3], size_t n[3])
{
    lit[0] = lit[1] = lit[2] = NULL;
    n[0] = n[1] = n[2] = 0;
    const char *e = expr, *q = sql;
    for (; *e; e++) {
        int slot = *e >= 1 && *e <= 3 ? *e - 1 : -1;
        if (slot < 0) {
            if (*q++ != *e) return 0;
            continue;
        }
        size_t len = literal_len(q);
        if (!len || (lit[slot] && (n[slot] != len || memcmp(lit[slot], q, len) != 0))) return 0;
        lit[slot] = q, n[slot] = len;
        q += len;
    }
    return !*q && lit[0] && lit[1];
}

/* The text of the literal lit of n bytes ('' a quote), sqlite3_malloc'd. */
static char *unquote(const char *lit, size_t n)
{
    assert(n >= 2 && lit[0] == '\'' && lit[n - 1] == '\'');
    char *t = sqlite3_malloc64(n), *o = t;
    if (!t) return NULL;
    for (size_t i = 1; i + 1 < n; i++) {
        *o++ = lit[i];
        if (lit[i] == '\'') i++;
    }
    *o = '\0';
    return t;
}

/* The bundle x channel a claim reads when its expression sql is a measure's
 * (a claim_measure row's claim, or SQL that is the same): *paired 1 and
 * c->pair the kinds missing for that pair, read from missing_result under
 * the lesson's focus with param's bundle and channel set to the pair (then
 * NULL again, as the claims read them), kept while the pair stays the same.
 * *paired 0 for any other claim, whose reads no one pair holds, and for a
 * pair param cannot name (a member list no run computed, a channel no
 * longer in the model): those are judged under the lesson's focus. */
static isl_status claim_pair(isl_store *s, checker *c, const char *sql, int *paired, isl_error *err)
{
    *paired = 0;
    const char *lit[3];
    size_t n[3];
    int i = 0;
    while (i < c->nmeasure && !measure_match(c->measure[i], sql, lit, n)) i++;
    if (i == c->nmeasure) return ISL_OK;
    char *bundle = unquote(lit[0], n[0]), *channel = unquote(lit[1], n[1]);
    isl_status st = bundle && channel ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && c->pair_bundle && !strcmp(bundle, c->pair_bundle) && !strcmp(channel, c->pair_channel)) {
        *paired = 1;
    } else if (!st) {
        sqlite3_free(c->pair_bundle), sqlite3_free(c->pair_channel);
        c->pair_bundle = c->pair_channel = NULL;
        /* missing_result's reads are not the claim's */
        unsigned reads = c->reads;
        isl_error refused;
        st = isl_db_rows(s, "setting param to a claim's pair", "UPDATE param SET value = CASE key WHEN 'bundle' "
                         "THEN ?1 ELSE ?2 END WHERE key IN ('bundle', 'channel')", NULL, NULL, &refused, "tt", bundle,
                         channel);
        if (st && sqlite3_extended_errcode(s->db) == SQLITE_CONSTRAINT_TRIGGER) {
            st = ISL_OK; /* param_names: a name no run computed and the model does not have */
        } else if (st) {
            *err = refused;
        } else {
            st = find_missing(s, &c->pair, err);
            if (!st) c->pair_bundle = bundle, c->pair_channel = channel, bundle = channel = NULL, *paired = 1;
            isl_status back = isl_db_rows(s, "setting param back to the lesson's focus", "UPDATE param SET value = "
                                          "NULL WHERE key IN ('bundle', 'channel')", NULL, NULL, st ? &refused : err,
                                          NULL);
            if (!st) st = back;
        }
        c->reads = reads;
    }
    sqlite3_free(bundle), sqlite3_free(channel);
    return st;
}

/* The outcome of a claim that evaluated to actual, into row (reason and
 * command in c->reason when it is not a pass). A claim of one bundle x
 * channel (claim_pair: a measure's) is judged on that pair's results
 * alone: a kind it reads that has no current result for the pair makes it
 * stale (an older model computed it) or pending; else pass or fail,
 * whatever other pairs are stale. Any other claim's reads cannot be tied
 * to a pair, so it is judged conservatively, never a pass on rows not
 * there: inputs missing for the lesson's focus make it stale or pending;
 * a differing value over results stale anywhere is stale, and over a pair
 * of the model no current run computed, pending; else pass or fail.
 * paired: c->pair holds the claim's pair. 1 when actual is not to be kept
 * (stale, pending); -1 when out of memory. */
static int judge(checker *c, isl_claim_row *row, sqlite3_value *expected, sqlite3_value *actual, int paired)
{
    const missing_set *m = paired ? &c->pair : &c->focus;
    unsigned missing = c->reads & m->missing;
    unsigned stale = missing ? missing & m->missing_stale : paired ? 0 : c->reads & c->stale;
    int differs = !same_value(expected, actual);
    if (missing || (differs && stale) || (differs && !paired && c->reads & c->unrun)) {
        unsigned i = 0;
        while ((missing || stale) && !((stale ? stale : missing) & (1u << i))) i++;
        const char *cmd = missing ? m->cmd[i] : stale ? c->command[i] : c->unrun_cmd;
        int q = cmd && strchr(cmd, '\'') ? '"' : '\''; /* its words are quoted with ' */
        sqlite3_free(c->reason);
        c->reason = sqlite3_mprintf(stale ? "it reads results an older model computed; %c%s%c brings them up to date"
                                          : "it reads results not computed yet; %c%s%c computes them",
                                    q, cmd ? cmd : "", q);
        if (!c->reason) return -1;
        row->outcome = stale ? ISL_CLAIM_STALE : ISL_CLAIM_PENDING;
        row->reason = c->reason;
        row->command = cmd;
        return 1;
    }
    if (differs) {
        row->outcome = ISL_CLAIM_FAIL;
        row->reason = actual ? "the value differs" : "no value (has a run computed it?)";
    }
    return 0;
}

/* Evaluates the claim on the current row of q and reports it. */
static isl_status check_one(isl_store *s, checker *c, int64_t run_id, sqlite3_stmt *q, isl_claim_fn fn,
                            void *ctx, isl_claim_counts *counts, isl_error *err)
{
    char why[1200] = "";
    sqlite3_value *expected = sqlite3_value_dup(sqlite3_column_value(q, 3));
    sqlite3_value *pending = NULL, *actual = NULL;
    if (!expected) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_claim_row row = {(const char *)sqlite3_column_text(q, 0), (const char *)sqlite3_column_text(q, 1),
                         (const char *)sqlite3_column_text(q, 2), ISL_CLAIM_PASS,
                         (const char *)sqlite3_value_text(expected), NULL, NULL, ISL_R_NONE, NULL};
    const char *pending_sql = (const char *)sqlite3_column_text(q, 5);
    const char *actual_sql = (const char *)sqlite3_column_text(q, 4);
    int rc = SQLITE_NOMEM;
    int bad = 0, absent = 0; /* absent: rows of ST_ANNOUNCED_ABSENT, for a pending claim */
    isl_status st = ISL_OK;
    /* a column read out of memory is NULL with SQLITE_NOMEM as the error
     * code (SQLite's idiom): no missing pending_sql judged on that */
    if (!row.lesson || !row.name || !row.statement || !row.expected || sqlite3_errcode(s->db) == SQLITE_NOMEM)
        goto fail;
    c->reads = 0;
    c->over_budget = 0;
    if (pending_sql) bad = eval_expr(s, c, pending_sql, &pending, why, sizeof why, &rc);
    if (!bad && !pending)
        bad = eval_expr(s, c, actual_sql, &actual, why, sizeof why, &rc);
    if (bad < 0) goto fail;
    if (bad) {
        row.outcome = ISL_CLAIM_FAIL;
        row.reason = why;
        row.why = c->over_budget ? ISL_R_WORK_BUDGET : ISL_R_NONE;
    } else if (pending) {
        row.outcome = ISL_CLAIM_PENDING;
        if (!(row.reason = (const char *)sqlite3_value_text(pending))) goto fail;
        /* what the course does not have yet: a lesson its lesson announces */
        if ((st = isl_db_rows(s, "reading lesson_announces", ST_ANNOUNCED_ABSENT, isl_base_count, &absent, err, "t",
                              row.lesson)))
            goto out;
    } else {
        /* text forms are made (and kept) here, so same_value needs no memory */
        if (actual && !(row.actual = (const char *)sqlite3_value_text(actual))) goto fail;
        int paired = 0;
        if ((st = claim_pair(s, c, actual_sql, &paired, err))) goto out;
        int kept = judge(c, &row, expected, actual, paired);
        if (kept < 0) {
            rc = SQLITE_NOMEM;
            goto fail;
        }
        /* a failure: the names in its SQL the model does not have, and,
         * with any or for a value of none, where the claim was written */
        if (row.outcome == ISL_CLAIM_FAIL) {
            char place[300] = "";
            why[0] = '\0';
            st = isl_sql_unmatched_names(s, actual_sql, actual ? "the value differs" : "no value", why, sizeof why, err);
            if (!st && (!actual || why[0])) st = claim_place(s, row.lesson, row.name, place, sizeof place, err);
            if (st) goto out;
            if (!why[0]) snprintf(why, sizeof why, "%s", row.reason);
            size_t len = strlen(why);
            if (place[0]) snprintf(why + len, sizeof why - len, "; the claim is at %s", place);
            row.reason = why;
        }
        if (kept && actual) sqlite3_value_free(actual), actual = NULL, row.actual = NULL;
    }
    st = put_result(s, run_id, &row, expected, actual, err);
    if (!st) {
        counts->n[row.outcome]++;
        counts->awaiting += absent > 0;
        st = fn(ctx, &row);
    }
out:
    sqlite3_value_free(expected);
    sqlite3_value_free(pending);
    sqlite3_value_free(actual);
    return st;
fail: /* isolab's failure (out of memory, I/O), not the claim's */
    st = isl_fail(err, (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EDB, "claim %s: %s",
                  row.name ? row.name : "?", (rc & 0xff) == SQLITE_NOMEM ? "out of memory" : why);
    goto out;
}

/* param's keys; a fourth value saved is course_scope's lesson */
static const char *const PARAM_KEYS[3] = {"lesson", "bundle", "channel"};
#define NSAVED 4

static isl_status value_row(void *ctx, sqlite3_stmt *q)
{
    sqlite3_value **saved = ctx;
    for (int i = 0; i < NSAVED; i++)
        if (!(saved[i] = sqlite3_value_dup(sqlite3_column_value(q, i)))) return ISL_ENOMEM;
    return ISL_OK;
}

/* Copies the param table's values (a key missing: NULL) and course_scope's. */
static isl_status save_params(isl_store *s, sqlite3_value *saved[NSAVED], isl_error *err)
{
    isl_status st = isl_db_rows(s, "reading param", "SELECT (SELECT value FROM param WHERE key = 'lesson'), "
                                "(SELECT value FROM param WHERE key = 'bundle'), "
                                "(SELECT value FROM param WHERE key = 'channel'), "
                                "(SELECT lesson FROM course_scope WHERE id = 1)", value_row, saved, err, NULL);
    return st == ISL_ENOMEM ? isl_fail(err, st, "out of memory") : st;
}

/* Puts the values back. */
static isl_status restore_params(isl_store *s, sqlite3_value *saved[NSAVED], isl_error *err)
{
    isl_status st = ISL_OK;
    for (int i = 0; i < NSAVED - 1 && !st; i++)
        st = isl_db_rows(s, "restoring param", "UPDATE param SET value = ?2 WHERE key = ?1 AND value IS NOT ?2", NULL,
                         NULL, err, "tv", PARAM_KEYS[i], saved[i]);
    if (!st)
        st = isl_db_rows(s, "restoring param", "UPDATE course_scope SET lesson = ?1 WHERE id = 1 AND lesson IS NOT ?1",
                         NULL, NULL, err, "v", saved[NSAVED - 1]);
    return st;
}

/* A lesson's claims read the saved queries under its own focus: param's
 * lesson set to it (when it has a focus), bundle and channel to NULL; and
 * the course as it knew it (course_scope). */
static isl_status set_focus(isl_store *s, const char *lesson, isl_error *err)
{
    static const char *const SQL[2] = {
        "UPDATE param SET value = CASE WHEN key <> 'lesson' THEN NULL "
        "WHEN EXISTS (SELECT 1 FROM lesson_focus WHERE lesson = ?1) THEN ?1 ELSE value END "
        "WHERE key IN ('lesson', 'bundle', 'channel')",
        "UPDATE course_scope SET lesson = (SELECT code FROM lesson WHERE code = ?1) WHERE id = 1",
    };
    isl_status st = ISL_OK;
    for (int i = 0; i < 2 && !st; i++)
        st = isl_db_rows(s, "setting param to the lesson's focus", SQL[i], NULL, NULL, err, "t", lesson);
    return st;
}

/* A check over the claim rows: where it is, and what it adds up. */
typedef struct checking {
    isl_store *s;
    checker *c;
    int64_t run_id;
    isl_claim_fn fn;
    void *ctx;
    isl_claim_counts *counts;
    isl_error *err;
    char *focus; /* the lesson whose focus param holds now */
} checking;

/* One claim row: its lesson's focus set (when it changes), then checked. */
static isl_status claim_row(void *ctx, sqlite3_stmt *q)
{
    checking *k = ctx;
    const char *cl = isl_base_col(q, 0);
    if (cl && (!k->focus || strcmp(k->focus, cl) != 0)) {
        sqlite3_free(k->focus);
        if (!(k->focus = sqlite3_mprintf("%s", cl))) return isl_fail(k->err, ISL_ENOMEM, "out of memory");
        /* the pair missing_result said under the last focus, no more */
        sqlite3_free(k->c->pair_bundle), sqlite3_free(k->c->pair_channel);
        k->c->pair_bundle = k->c->pair_channel = NULL;
        isl_status st = set_focus(k->s, k->focus, k->err);
        if (!st) st = find_missing(k->s, &k->c->focus, k->err);
        if (st) return st;
    }
    return check_one(k->s, k->c, k->run_id, q, k->fn, k->ctx, k->counts, k->err);
}

isl_status isl_store_lesson_exists(isl_store *s, const char *code, isl_error *err)
{
    int found = 0;
    isl_status st = isl_db_rows(s, "reading the lessons", "SELECT 1 FROM lesson WHERE code = ?1", isl_base_count, &found,
                                err, "t", code);
    char hint[ISL_HINT_MAX];
    if (!st && !found)
        st = isl_fail(err, ISL_EINPUT, "no lesson '%s' in the lesson table%s", code,
                      isl_store_name_hint(s, "SELECT code FROM lesson ORDER BY position", code, "lessons", hint,
                                          sizeof hint));
    return st;
}

static isl_status check_all(checking *k, const char *lesson)
{
    isl_store *s = k->s;
    isl_status st = lesson ? isl_store_lesson_exists(s, lesson, k->err) : ISL_OK;
    if (st) return st;
    sqlite3_value *saved[NSAVED] = {NULL, NULL, NULL, NULL};
    if (!st) st = checker_init(s, k->c, k->err);
    if (!st) st = save_params(s, saved, k->err);
    if (!st)
        st = isl_db_rows(s, "reading the claims", "SELECT c.lesson, c.name, c.statement, c.expected, c.actual_sql, "
                         "c.pending_sql FROM claim c LEFT JOIN lesson l ON l.code = c.lesson WHERE ?1 IS NULL OR "
                         "c.lesson = ?1 ORDER BY l.position IS NULL, l.position, c.lesson, c.id",
                         claim_row, k, k->err, "t", lesson);
    isl_status rst = restore_params(s, saved, k->err);
    if (!st) st = rst;
    for (int i = 0; i < NSAVED; i++) sqlite3_value_free(saved[i]);
    sqlite3_free(k->focus);
    checker *c = k->c;
    for (int i = 0; i < ISL_KIND_CLAIMED; i++)
        sqlite3_free(c->focus.cmd[i]), sqlite3_free(c->pair.cmd[i]), sqlite3_free(c->command[i]);
    for (int i = 0; i < c->nmeasure; i++) sqlite3_free(c->measure[i]);
    sqlite3_free(c->measure), sqlite3_free(c->pair_bundle), sqlite3_free(c->pair_channel);
    sqlite3_free(c->reason), sqlite3_free(c->unrun_cmd);
    return st;
}

isl_status isl_store_check(isl_store *s, int64_t run_id, const char *lesson, isl_claim_fn fn, void *ctx,
                           isl_claim_counts *counts, isl_error *err)
{
    memset(counts, 0, sizeof *counts);
    /* One authorizer for the whole check: SQLite expires every prepared
     * statement whenever one is set or removed, and each claim set its own
     * had the claim list and the result insert compiled anew per claim. */
    checker c;
    memset(&c, 0, sizeof c);
    checking k = {s, &c, run_id, fn, ctx, counts, err, NULL};
    isl_status st = isl_db_authorize(s, on_access, &c, ISL_OK, err);
    if (!st) st = check_all(&k, lesson);
    return isl_db_authorize(s, NULL, NULL, st, err);
}

/* isl_store_claim_suggest in progress: the rows so far. */
typedef struct suggest {
    isl_store *s;
    isl_buf rows;
    isl_error *err;
    const char *lesson;
    const isl_labels *labels;
    const char *measure;
    int nulls;
    isl_buf left;    /* the measures left out, "m (table)", comma-separated */
    char left_at[64]; /* the last of them (a fact's measure comes once per fact, in a row) */
} suggest;

/* The value of one measure as an SQL literal, into g->value (malloc'd): a
 * real as the tables print the measure's column of current_surface (its
 * column_label digits: 1.33 per fact), so that the claim passes as written. */
typedef struct literal {
    const suggest *g;
    char *value;
} literal;

static isl_status literal_row(void *ctx, sqlite3_stmt *q)
{
    literal *l = ctx;
    free(l->value);
    l->value = NULL;
    const isl_label *lab = sqlite3_column_type(q, 0) == SQLITE_FLOAT && l->g->labels
                               ? isl_labels_find(l->g->labels, "current_surface", l->g->measure) : NULL;
    if (lab && lab->digits >= 0) {
        isl_buf b = {NULL, 0, 0, 0};
        isl_buf_number(&b, sqlite3_column_double(q, 0), lab->digits);
        isl_buf_put(&b, "", 1);
        if (b.oom) free(b.p);
        l->value = b.oom ? NULL : b.p;
    } else {
        l->value = strdup(isl_base_text(q, 1));
    }
    return l->value ? ISL_OK : ISL_ENOMEM;
}

/* One measure (x one fact): its current value, as a row of the INSERT;
 * or, for a measure of a table the lesson does not print (column 6, its
 * tables), its name in g->left, once. */
static isl_status suggest_row(void *ctx, sqlite3_stmt *q)
{
    suggest *g = ctx;
    const char *measure = isl_base_text(q, 0), *about = isl_base_text(q, 1), *bundle = isl_base_text(q, 2);
    const char *channel = isl_base_text(q, 3), *fact = isl_base_col(q, 4), *expr = isl_base_text(q, 5);
    const char *unprinted = isl_base_col(q, 6);
    if (unprinted) {
        if (strcmp(g->left_at, measure))
            isl_buf_printf(&g->left, "%s%s (%s)", g->left.n ? ", " : "", measure, unprinted);
        snprintf(g->left_at, sizeof g->left_at, "%s", measure);
        return g->left.oom ? ISL_ENOMEM : ISL_OK;
    }
    literal l = {g, NULL};
    char *sql = sqlite3_mprintf("SELECT v, quote(v) FROM (SELECT %s AS v)", expr);
    if (!sql) return ISL_ENOMEM;
    g->measure = measure;
    isl_status st = isl_db_rows(g->s, "evaluating a measure", sql, literal_row, &l, g->err, NULL);
    sqlite3_free(sql);
    char *value = l.value;
    if (st) return st;
    g->nulls += !value || !strcmp(value, "NULL");
    char *name = sqlite3_mprintf("%s%s%s", measure, fact ? "-" : "", fact ? fact : "");
    for (char *c = name; c && *c; c++) *c = *c == '_' ? '-' : *c;
    char *statement = fact ? sqlite3_mprintf("%s's status under %s x %s", fact, bundle, channel)
                           : sqlite3_mprintf("%s under %s x %s", about, bundle, channel);
    char *row = name && statement ? sqlite3_mprintf("%s  (%Q, %Q, %Q, %s, %Q, %Q, %Q, %Q)", g->rows.n ? ",\n" : "",
                                                    g->lesson, name, statement, value ? value : "NULL", measure,
                                                    bundle, channel, fact) : NULL;
    if (row) isl_buf_put(&g->rows, row, strlen(row));
    sqlite3_free(row), sqlite3_free(statement), sqlite3_free(name);
    free(value);
    return row && !g->rows.oom ? ISL_OK : ISL_ENOMEM;
}

isl_status isl_store_claim_suggest(isl_store *s, const char *lesson, const isl_labels *labels, isl_line_fn fn,
                                   void *ctx, int *nulls, isl_error *err)
{
    *nulls = 0;
    char hint[ISL_HINT_MAX];
    int found = 0;
    isl_status st = isl_db_rows(s, "reading the lesson's focus", "SELECT 1 FROM lesson_focus WHERE lesson = ?1",
                                isl_base_count, &found, err, "t", lesson);
    if (!st && !found)
        return isl_fail(err, ISL_EINPUT, "no lesson '%s' with a focus (see lesson_focus)%s", lesson,
                        isl_store_name_hint(s, "SELECT f.lesson FROM lesson_focus f JOIN lesson l ON l.code = f.lesson "
                                            "ORDER BY l.position", lesson, "lessons with a focus", hint, sizeof hint));
    suggest g = {s, {NULL, 0, 0, 0}, err, lesson, labels, NULL, 0, {NULL, 0, 0, 0}, ""};
    /* shown: the standard tables that print each measure under the
     * lesson's focus; a measure is suggested when the lesson prints one of
     * them (its lesson_blocks rows), or when no table is named for it */
    if (!st)
        st = isl_db_rows(s, "reading the measures",
                         "WITH shown(measure, block) AS (VALUES ('visible', 'lesson_header'), "
                         "('visible', 'bundle_table'), ('returned', 'bundle_table'), ('returned', 'channel_table'), "
                         "('open_surface', 'bundle_table'), ('open_surface', 'channel_table'), "
                         "('open_axes', 'bundle_table'), ('cost_pct', 'channel_table'), ('run_time', 'channel_table'), "
                         "('cost_per_fact', 'channel_table'), ('status', 'channel_facts'), "
                         "('removal_changes', 'removal_summary'), ('removal_unchanged', 'removal_summary'), "
                         "('addition_grows', 'addition_table'), ('samples_returned', 'sample_table')) "
                         "SELECT m.measure, m.about, f.bundle, f.channel, v.fact, "
                         "replace(replace(replace(m.expr, char(1), quote(f.bundle)), char(2), quote(f.channel)), "
                         "char(3), quote(v.fact)), "
                         "CASE WHEN NOT EXISTS (SELECT 1 FROM shown w WHERE w.measure = m.measure) "
                         "OR EXISTS (SELECT 1 FROM shown w JOIN lesson_blocks b ON b.block = w.block "
                         "WHERE w.measure = m.measure AND b.lesson = ?1) THEN NULL "
                         "ELSE (SELECT group_concat(block, ' or ') FROM shown w WHERE w.measure = m.measure) END "
                         "FROM lesson_focus f JOIN claim_measure_sql m "
                         "LEFT JOIN (SELECT fact, min(position) AS position FROM channel_shows WHERE channel = "
                         "(SELECT channel FROM lesson_focus WHERE lesson = ?1) GROUP BY fact) v ON m.per_fact "
                         "WHERE f.lesson = ?1 AND (m.per_fact = 0 OR v.fact IS NOT NULL) "
                         "ORDER BY m.per_fact, m.position, v.position, v.fact",
                         suggest_row, &g, err, "t", lesson);
    if (st == ISL_ENOMEM) isl_fail(err, st, "out of memory");
    char head[600];
    snprintf(head, sizeof head, "-- lesson %s's measures under its focus, with their current values: keep the "
             "claims its prose states, edit names and statements, and load the file", lesson);
    if (!st) st = fn(ctx, head);
    isl_buf_put(&g.left, "", 1);
    if (!st && g.left.oom) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && g.left.n > 1) /* items ("m (table)") on lines of at most 80 columns */
        st = fn(ctx, "-- left out, as the lesson prints no table of them (lesson_blocks):");
    for (const char *p = g.left.n > 1 ? g.left.p : ""; !st && *p;) {
        const char *end = strstr(p, ", ");
        end = end ? end : p + strlen(p);
        while (*end) { /* one more item, while the line stays within 80 columns */
            const char *next = strstr(end + 2, ", ");
            next = next ? next : end + strlen(end);
            if (next - p > 74) break;
            end = next;
        }
        char line[160];
        snprintf(line, sizeof line, "--   %.*s%s", (int)(end - p), p, *end ? "," : "");
        st = fn(ctx, line);
        p = *end ? end + 2 : end;
    }
    free(g.left.p);
    if (!st && g.nulls)
        st = fn(ctx, "-- NULL: no current result for it; a claim needs a value, so such a row does not load");
    *nulls = g.nulls;
    if (!st && !g.rows.n) /* (nothing to insert: no statement) */
        st = fn(ctx, "-- none: the lesson prints no table of a measure; state its claims in SQL (claim)");
    else if (!st)
        st = fn(ctx, "INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact) VALUES");
    if (g.rows.n) isl_buf_put(&g.rows, ";", 1);
    for (char *p = g.rows.p, *nl; !st && p && *p; p = nl ? nl + 1 : p + strlen(p)) {
        nl = strchr(p, '\n');
        if (nl) *nl = '\0';
        st = fn(ctx, p);
    }
    free(g.rows.p);
    return st;
}
