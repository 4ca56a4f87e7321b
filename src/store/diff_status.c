/* isolab store: what differs between two runs. Surfaces are compared per
 * bundle x channel, with the facts that left or joined the open surface
 * (absent counts as closed) found in one pass over each run's fact statuses:
 * run b's in arrays, run a's rows looked up there by name; what is left of b
 * is only in b. Every other result table is compared row by row in SQL. */
#include <stdlib.h>
#include <string.h>

#include "isolab/diff.h"
#include "isolab/history.h"
#include "isolab/sort.h"
#include "isolab/textout.h"
#include "isolab/surface.h"
#include "store_int.h"

enum { BUNDLE, CHANNEL, FACT };

/* One run's names of one kind: ids ascending, names, facts' positions. */
typedef struct names {
    size_t n, cap;
    int64_t *id;
    char **name;
    int64_t *pos;
} names;

/* One run's names by kind, and (run b only) its statuses. */
typedef struct side {
    names x[3];        /* BUNDLE, CHANNEL, FACT */
    unsigned char *st; /* bundles x channels x facts: 0 absent, else status 1..4 (bit 7: seen from a) */
} side;

typedef struct moved {
    const char *bundle, *channel, *fact;
    int lost;     /* 1: left the open surface; 0: joined it */
    int64_t pos;
    int sa, sb;   /* 0: absent */
} moved;

/* A diff in progress. */
typedef struct differ {
    isl_store *s;
    int64_t a, b;
    isl_diff_fn fn;
    void *ctx;
    size_t n; /* the differences handed to fn */
    isl_error *err;
    isl_rows_fn tick;
    void *tick_ctx;
    uint64_t rows; /* fact-status rows read */
    side A, B;
    size_t *map[3];       /* per name of a, by kind: its index in b, or ISL_NONE */
    moved *m;
    size_t nm, cap, next; /* the moved facts, their room, the first not yet shown */
} differ;

static const char *const NAMES_SQL[] = {
    "SELECT bundle_id, bundle FROM fact_status_bundle WHERE run_id = ?1 ORDER BY 1",
    "SELECT channel_id, channel FROM fact_status_channel WHERE run_id = ?1 ORDER BY 1",
    "SELECT fact_id, fact, position FROM fact_status_fact WHERE run_id = ?1 ORDER BY 1"};

static const char ROWS[] = "SELECT bundle_id, channel_id, fact_id, status FROM fact_status_row WHERE run_id = ?1 "
                           "ORDER BY bundle_id, channel_id, fact_id";

static void side_free(side *s)
{
    for (int k = 0; k < 3; k++) {
        for (size_t i = 0; i < s->x[k].n; i++) free(s->x[k].name[i]);
        free(s->x[k].id);
        free(s->x[k].name);
        free(s->x[k].pos);
    }
    free(s->st);
}

static void differ_free(differ *d)
{
    side_free(&d->A);
    side_free(&d->B);
    for (int k = 0; k < 3; k++) free(d->map[k]);
    free(d->m);
}

static isl_status name_row(void *ctx, sqlite3_stmt *q)
{
    names *x = ctx;
    /* three arrays of one capacity: it grows once all three have */
    size_t cap = x->cap, pcap = x->cap;
    int64_t *id = isl_grow(&x->id, &cap, x->n, sizeof *id), *pos = id ? isl_grow(&x->pos, &pcap, x->n, sizeof *pos) : NULL;
    char **nm = pos ? isl_grow(&x->name, &x->cap, x->n, sizeof *nm) : NULL;
    if (!nm) return ISL_ENOMEM;
    *id = sqlite3_column_int64(q, 0);
    *pos = sqlite3_column_count(q) > 2 ? sqlite3_column_int64(q, 2) : 0;
    if (!(*nm = strdup(isl_base_text(q, 1)))) return ISL_ENOMEM;
    x->n++;
    return ISL_OK;
}

/* The rows of sql for run `run` to fn; a row function's ISL_ENOMEM set in err. */
static isl_status read_rows(differ *d, const char *sql, int64_t run, isl_base_row_fn fn, void *ctx)
{
    isl_status st = isl_db_rows(d->s, "comparing runs", sql, fn, ctx, d->err, "i", run);
    return st == ISL_ENOMEM ? isl_fail(d->err, st, "out of memory") : st;
}

/* The index of id among x's ids, or ISL_NONE. */
static size_t index_of(const names *x, int64_t id)
{
    size_t lo = 0, hi = x->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->id[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    return lo < x->n && x->id[lo] == id ? lo : ISL_NONE;
}

/* The status of the bundle, channel and fact at[] in s. */
static unsigned char *cell(const side *s, const size_t at[3])
{
    return &s->st[(at[BUNDLE] * s->x[CHANNEL].n + at[CHANNEL]) * s->x[FACT].n + at[FACT]];
}

/* The indexes in s of q's ids into at, and its status (0: unknown id or no status). */
static int locate(const side *s, sqlite3_stmt *q, size_t at[3])
{
    for (int k = 0; k < 3; k++)
        if ((at[k] = index_of(&s->x[k], sqlite3_column_int64(q, k))) == ISL_NONE) return 0;
    int v = sqlite3_column_int(q, 3);
    return v >= 1 && v <= 4 ? v : 0;
}

/* Counts one fact-status row read; every 4096th, calls the tick. */
static void row_read(differ *d)
{
    if ((++d->rows & 0xfff) == 0 && d->tick) d->tick(d->tick_ctx, d->rows);
}

static isl_status status_row(void *ctx, sqlite3_stmt *q)
{
    differ *d = ctx;
    size_t at[3];
    int v = locate(&d->B, q, at);
    if (v) *cell(&d->B, at) = (unsigned char)v;
    row_read(d);
    return ISL_OK;
}

/* Reads run's names into s, and (with_rows) its statuses into s->st. */
static isl_status read_side(differ *d, int64_t run, int with_rows, side *s)
{
    isl_status st = ISL_OK;
    for (int k = 0; k < 3 && !st; k++) st = read_rows(d, NAMES_SQL[k], run, name_row, &s->x[k]);
    if (st || !with_rows) return st;
    size_t cells = s->x[BUNDLE].n * s->x[CHANNEL].n * s->x[FACT].n;
    if (!(s->st = calloc(cells ? cells : 1, 1))) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    return isl_db_rows(d->s, "comparing runs", ROWS, status_row, d, d->err, "i", run);
}

/* map[i]: the index in y of x's name i, or ISL_NONE; NULL when out of memory. */
static size_t *map_names(const names *x, const names *y)
{
    size_t *map = malloc((x->n + y->n + 1) * sizeof *map);
    if (!map) return NULL;
    size_t *order = map + x->n;
    for (size_t j = 0; j < y->n; j++) order[j] = j;
    isl_sort_by_name(order, (const char *const *)y->name, y->n);
    for (size_t i = 0; i < x->n; i++) {
        size_t lo = 0, hi = y->n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (strcmp(y->name[order[mid]], x->name[i]) < 0) lo = mid + 1;
            else hi = mid;
        }
        map[i] = lo < y->n && !strcmp(y->name[order[lo]], x->name[i]) ? order[lo] : ISL_NONE;
    }
    return map;
}

/* How m's pair compares with bundle x channel. */
static int pair_cmp(const moved *m, const char *bundle, const char *channel)
{
    int c = strcmp(m->bundle, bundle);
    return c ? c : strcmp(m->channel, channel);
}

static int moved_cmp(const void *x, const void *y)
{
    const moved *p = x, *q = y;
    int c = pair_cmp(p, q->bundle, q->channel);
    if (!c && p->lost != q->lost) c = p->lost ? -1 : 1;
    if (!c && p->pos != q->pos) c = p->pos < q->pos ? -1 : 1;
    return c ? c : strcmp(p->fact, q->fact);
}

/* Appends the fact of s at at[] when its openness differs (sa in a, sb in b): -1 on OOM. */
static int add_moved(differ *d, const side *s, const size_t at[3], int sa, int sb, int64_t pos)
{
    int open_a = sa && sa != 4, open_b = sb && sb != 4;
    if (open_a == open_b) return 0;
    moved *x = isl_grow(&d->m, &d->cap, d->nm, sizeof *x);
    if (!x) return -1;
    d->nm++;
    *x = (moved){s->x[BUNDLE].name[at[BUNDLE]], s->x[CHANNEL].name[at[CHANNEL]],
                            s->x[FACT].name[at[FACT]], open_a, pos, sa, sb};
    return 0;
}

/* A row of run a, against b's status of the same names (marked seen in b). */
static isl_status pass_row(void *ctx, sqlite3_stmt *q)
{
    differ *d = ctx;
    const side *A = &d->A;
    size_t at[3], in_b[3];
    int v = locate(A, q, at), both = 1;
    row_read(d);
    if (!v) return ISL_OK;
    int64_t pos = A->x[FACT].pos[at[FACT]];
    int sb = 0;
    for (int k = 0; k < 3; k++) both &= (in_b[k] = d->map[k][at[k]]) != ISL_NONE;
    if (both) {
        unsigned char *c = cell(&d->B, in_b);
        sb = *c & 0x7f;
        *c |= 0x80;
        if (d->B.x[FACT].pos[in_b[FACT]] < pos) pos = d->B.x[FACT].pos[in_b[FACT]];
    }
    return add_moved(d, A, at, v, sb, pos) < 0 ? ISL_ENOMEM : ISL_OK;
}

/* What is left of b: its statuses that no row of a named. */
static isl_status pass_b(differ *d)
{
    const side *B = &d->B;
    size_t at[3];
    for (at[BUNDLE] = 0; at[BUNDLE] < B->x[BUNDLE].n; at[BUNDLE]++)
        for (at[CHANNEL] = 0; at[CHANNEL] < B->x[CHANNEL].n; at[CHANNEL]++)
            for (at[FACT] = 0; at[FACT] < B->x[FACT].n; at[FACT]++) {
                unsigned char v = *cell(B, at);
                if (v && !(v & 0x80) && add_moved(d, B, at, 0, v, B->x[FACT].pos[at[FACT]]) < 0)
                    return isl_fail(d->err, ISL_ENOMEM, "out of memory");
            }
    return ISL_OK;
}

/* The facts that moved, into d->m, sorted. */
static isl_status read_moves(differ *d)
{
    isl_status st = read_side(d, d->b, 1, &d->B);
    if (!st) st = read_side(d, d->a, 0, &d->A);
    for (int k = 0; k < 3 && !st; k++)
        if (!(d->map[k] = map_names(&d->A.x[k], &d->B.x[k]))) st = isl_fail(d->err, ISL_ENOMEM, "out of memory");
    if (!st) st = read_rows(d, ROWS, d->a, pass_row, d);
    if (!st) st = pass_b(d);
    if (!st && d->nm) qsort(d->m, d->nm, sizeof *d->m, moved_cmp);
    return st;
}

/* Hands one row to fn; one whose line does not start with a blank is a difference. */
static isl_status emit(differ *d, const isl_diff_row *r)
{
    if (r->line[0] != ' ') d->n++;
    return d->fn(d->ctx, r);
}

/* emit for a row whose line is from sqlite3_mprintf, which it frees. */
static isl_status emit_made(differ *d, char *line, isl_diff_row r)
{
    if (!line) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    r.line = line;
    isl_status st = emit(d, &r);
    sqlite3_free(line);
    return st;
}

/* A result table's row only one run has: its line, and the row as before or after. */
typedef struct table_rows {
    differ *d;
    const char *table;
} table_rows;

static isl_status line_row(void *ctx, sqlite3_stmt *q)
{
    table_rows *t = ctx;
    const char *line = isl_base_col(q, 0), *row = isl_base_col(q, 1);
    int only_a = sqlite3_column_int(q, 2) == 1;
    isl_diff_row r = {line, only_a ? "-" : "+", t->table, NULL, NULL, NULL, NULL, only_a ? row : NULL,
                      only_a ? NULL : row};
    return line ? emit(t->d, &r) : ISL_OK;
}

/* The counts a surface row is compared on: the test, the name, the value in a and in b. */
#define SURFACE_COUNTS_CHANGED(X)                                                                                   \
    X("a.visible <> b.visible", "visible", "a.visible", "b.visible")                                               \
    X("a.returned <> b.returned", "returned", "a.returned", "b.returned")                                          \
    X("a.open_surface <> b.open_surface", "open surface", "a.open_surface", "b.open_surface")                      \
    X("a.open_axes <> b.open_axes", "open axes", "a.open_axes", "b.open_axes")                                     \
    X("a.cost_pct <> b.cost_pct", "cost", "a.cost_pct", "b.cost_pct")                                              \
    X("a.run_time <> b.run_time", "run time", "a.run_time", "b.run_time")                                          \
    X("a.cost_per_fact IS NOT b.cost_per_fact", "cost per fact", "coalesce(a.cost_per_fact, 'NULL')",              \
      "coalesce(b.cost_per_fact, 'NULL')")
/* Each changed count's text, name, value in a, value in b: ", "-separated (after substr's 3). */
#define CHANGED_TEXT(test, name, a, b) " || CASE WHEN " test " THEN ', " name " ' || " a " || ' -> ' || " b " ELSE '' END"
#define CHANGED_NAME(test, name, a, b) " || CASE WHEN " test " THEN ', " name "' ELSE '' END"
#define CHANGED_A(test, name, a, b) " || CASE WHEN " test " THEN ', ' || " a " ELSE '' END"
#define CHANGED_B(test, name, a, b) " || CASE WHEN " test " THEN ', ' || " b " ELSE '' END"

/* Per bundle x channel of either run, in name order: which runs have it, the counts changed. */
static const char SURFACE_COUNTS[] =
    "WITH a AS (SELECT * FROM surface WHERE run_id = ?1), b AS (SELECT * FROM surface WHERE run_id = ?2),\n"
    "pairs AS (SELECT bundle, channel FROM a UNION SELECT bundle, channel FROM b)\n"
    "SELECT p.bundle, p.channel, a.bundle IS NOT NULL AS in_a, b.bundle IS NOT NULL AS in_b,\n"
    "  substr(''" SURFACE_COUNTS_CHANGED(CHANGED_TEXT) ", 3) AS changed,\n"
    "  substr(''" SURFACE_COUNTS_CHANGED(CHANGED_NAME) ", 3) AS attrs,\n"
    "  substr(''" SURFACE_COUNTS_CHANGED(CHANGED_A) ", 3) AS befores,\n"
    "  substr(''" SURFACE_COUNTS_CHANGED(CHANGED_B) ", 3) AS afters\n"
    "  FROM pairs p\n"
    "  LEFT JOIN a ON a.bundle = p.bundle AND a.channel = p.channel\n"
    "  LEFT JOIN b ON b.bundle = p.bundle AND b.channel = p.channel\n"
    " ORDER BY p.bundle, p.channel";

/* One bundle x channel: a line when only one run has it, its counts changed or
 * facts moved, then those facts (d->m is sorted in the pairs' order). */
static isl_status pair_row(void *ctx, sqlite3_stmt *q)
{
    differ *d = ctx;
    const char *bundle = isl_base_col(q, 0), *channel = isl_base_col(q, 1), *changed = isl_base_col(q, 4);
    int in_a = sqlite3_column_int(q, 2), in_b = sqlite3_column_int(q, 3);
    if (!bundle || !channel) return ISL_OK;
    while (d->next < d->nm && pair_cmp(&d->m[d->next], bundle, channel) < 0) d->next++;
    size_t first = d->next;
    while (d->next < d->nm && !pair_cmp(&d->m[d->next], bundle, channel)) d->next++;
    const char *attrs = isl_base_col(q, 5), *befores = isl_base_col(q, 6), *afters = isl_base_col(q, 7);
    isl_status st = ISL_OK;
    isl_diff_row r = {NULL, in_b ? "+" : "-", "surface", NULL, bundle, channel, NULL, NULL, NULL};
    if (!in_a || !in_b)
        st = emit_made(d, sqlite3_mprintf("%s %s x %s: only in run %lld", r.change, bundle, channel,
                                          (long long)(in_b ? d->b : d->a)), r);
    else if ((changed && *changed) || d->next > first) {
        r.change = "~";
        if (changed && *changed) r.attribute = attrs, r.before = befores, r.after = afters;
        st = emit_made(d, sqlite3_mprintf("~ %s x %s: %s", bundle, channel,
                                          changed && *changed ? changed : "same counts"), r);
    }
    for (const moved *m = d->m + first; !st && in_a && in_b && m < d->m + d->next; m++) {
        isl_diff_row f = {NULL, m->lost ? "lost" : "gained", "fact", m->fact, bundle, channel, "status",
                          isl_fact_state_name((isl_fact_state)m->sa), isl_fact_state_name((isl_fact_state)m->sb)};
        st = emit_made(d, sqlite3_mprintf("    %s%s (%s -> %s)", m->lost ? "lost:   " : "gained: ", m->fact,
                                          f.before, f.after), f);
    }
    return st;
}

/* The compared columns of a table, as a list, as 'col=' || quote(col) and
 * as the probe y.col IS x.col AND ... (x a row of one run, y of the other). */
typedef struct columns {
    sqlite3_str *list, *shown, *probe, *base;
    int n, np;
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

static isl_status probe_row(void *ctx, sqlite3_stmt *q)
{
    columns *c = ctx;
    const char *name = isl_base_text(q, 0);
    sqlite3_str_appendf(c->probe, "%sy.\"%w\" IS x.\"%w\"", c->np ? " AND " : "", name, name);
    sqlite3_str_appendf(c->base, "%s\"%w\"", c->np ? ", " : "", name);
    c->np++;
    return ISL_OK;
}

/* Whether runs ?1 and ?2 of bundle sweeps number mechanisms and channels alike
 * (the same bit per mechanism, the same id per channel): then rows of equal
 * mask and channel_id name the same bundle x channel. */
static const char SAME_NUMBERING[] =
    "SELECT NOT EXISTS (SELECT bit, mechanism FROM bundle_sweep_mechanism WHERE run_id = ?1"
    "                   EXCEPT SELECT bit, mechanism FROM bundle_sweep_mechanism WHERE run_id = ?2)"
    "   AND NOT EXISTS (SELECT bit, mechanism FROM bundle_sweep_mechanism WHERE run_id = ?2"
    "                   EXCEPT SELECT bit, mechanism FROM bundle_sweep_mechanism WHERE run_id = ?1)"
    "   AND NOT EXISTS (SELECT channel_id, channel FROM bundle_sweep_channel WHERE run_id = ?1"
    "                   EXCEPT SELECT channel_id, channel FROM bundle_sweep_channel WHERE run_id = ?2)"
    "   AND NOT EXISTS (SELECT channel_id, channel FROM bundle_sweep_channel WHERE run_id = ?2"
    "                   EXCEPT SELECT channel_id, channel FROM bundle_sweep_channel WHERE run_id = ?1)";

/* One bundle_sweep row only one run has: its run (1 a, 2 b), key, shown row. */
typedef struct sweep_diff {
    int k;
    int64_t mask, channel;
    char *row;
} sweep_diff;

static int sweep_diff_cmp(const void *x, const void *y)
{
    const sweep_diff *p = x, *q = y;
    if (p->k != q->k) return p->k < q->k ? -1 : 1;
    return strcmp(p->row, q->row);
}

/* Whether the columns from 2 on of two rows hold the same values (as EXCEPT compares). */
static int same_values(sqlite3_stmt *x, sqlite3_stmt *y)
{
    int n = sqlite3_column_count(x);
    for (int i = 2; i < n; i++) {
        int t = sqlite3_column_type(x, i);
        if (t != sqlite3_column_type(y, i)) return 0;
        if (t == SQLITE_INTEGER && sqlite3_column_int64(x, i) != sqlite3_column_int64(y, i)) return 0;
        if (t == SQLITE_FLOAT && sqlite3_column_double(x, i) != sqlite3_column_double(y, i)) return 0;
        if (t == SQLITE_TEXT || t == SQLITE_BLOB) {
            const void *u = sqlite3_column_blob(x, i), *v = sqlite3_column_blob(y, i);
            int lu = sqlite3_column_bytes(x, i), lv = sqlite3_column_bytes(y, i);
            if (lu != lv || (lu && memcmp(u, v, (size_t)lu))) return 0;
        }
    }
    return 1;
}

/* bundle_sweep of runs numbered alike: both runs' rows read once in key order
 * (mask, channel_id: the primary key's, no sort) and merged; the rows only one
 * has are then shown by name (shown: the 'col=' || quote(col) list over
 * bundle_sweep_named) and emitted in EXCEPT's order (run a's, then b's, by text). */
static isl_status merge_sweeps(differ *d, const char *base, const char *shown)
{
    sqlite3 *db = d->s->db;
    char *sql = sqlite3_mprintf("SELECT mask, channel_id, %s FROM bundle_sweep WHERE run_id = ?1 ORDER BY mask, channel_id", base);
    char *one = sqlite3_mprintf("SELECT %s FROM bundle_sweep_named WHERE run_id = ?1 AND mask = ?2 AND channel_id = ?3",
                                shown);
    sqlite3_stmt *x = NULL, *y = NULL, *z = NULL;
    sweep_diff *v = NULL;
    size_t n = 0, cap = 0;
    isl_status st = ISL_OK;
    if (!sql || !one) st = isl_fail(d->err, ISL_ENOMEM, "out of memory");
    else if (sqlite3_prepare_v2(db, sql, -1, &x, NULL) != SQLITE_OK || sqlite3_prepare_v2(db, sql, -1, &y, NULL) != SQLITE_OK
             || sqlite3_prepare_v2(db, one, -1, &z, NULL) != SQLITE_OK || sqlite3_bind_int64(x, 1, d->a) != SQLITE_OK
             || sqlite3_bind_int64(y, 1, d->b) != SQLITE_OK)
        st = isl_db_fail(d->s, d->err, "comparing runs");
    int rx = x ? sqlite3_step(x) : SQLITE_DONE, ry = y ? sqlite3_step(y) : SQLITE_DONE;
    while (!st && (rx == SQLITE_ROW || ry == SQLITE_ROW)) {
        int c = 0; /* -1: x's key first (only in a), 1: y's (only in b), 0: the same key */
        if (rx != SQLITE_ROW) c = 1;
        else if (ry != SQLITE_ROW) c = -1;
        else {
            int64_t mx = sqlite3_column_int64(x, 0), my = sqlite3_column_int64(y, 0);
            int64_t cx = sqlite3_column_int64(x, 1), cy = sqlite3_column_int64(y, 1);
            c = mx != my ? (mx < my ? -1 : 1) : cx != cy ? (cx < cy ? -1 : 1) : 0;
        }
        int differ_here = c || !same_values(x, y);
        int take[2] = {c <= 0 && differ_here, c >= 0 && differ_here};
        for (int k = 0; k < 2 && !st; k++) {
            if (!take[k]) continue;
            sweep_diff *w = isl_grow(&v, &cap, n, sizeof *w);
            if (!w) {
                st = isl_fail(d->err, ISL_ENOMEM, "out of memory");
                break;
            }
            n++;
            sqlite3_stmt *r = k ? y : x;
            *w = (sweep_diff){k + 1, sqlite3_column_int64(r, 0), sqlite3_column_int64(r, 1), NULL};
        }
        if (c <= 0) rx = sqlite3_step(x);
        if (c >= 0) ry = sqlite3_step(y);
    }
    if (!st && (rx != SQLITE_DONE || ry != SQLITE_DONE)) st = isl_db_fail(d->s, d->err, "comparing runs");
    for (size_t i = 0; !st && i < n; i++) {
        sqlite3_reset(z);
        if (sqlite3_bind_int64(z, 1, v[i].k == 1 ? d->a : d->b) != SQLITE_OK || sqlite3_bind_int64(z, 2, v[i].mask) != SQLITE_OK
            || sqlite3_bind_int64(z, 3, v[i].channel) != SQLITE_OK || sqlite3_step(z) != SQLITE_ROW) {
            st = isl_db_fail(d->s, d->err, "comparing runs");
            break;
        }
        const char *t = (const char *)sqlite3_column_text(z, 0);
        if (!t || !(v[i].row = sqlite3_mprintf("%s", t))) st = isl_fail(d->err, ISL_ENOMEM, "out of memory");
    }
    if (!st && n) qsort(v, n, sizeof *v, sweep_diff_cmp);
    for (size_t i = 0; !st && i < n; i++) {
        int only_a = v[i].k == 1;
        isl_diff_row r = {NULL, only_a ? "-" : "+", "bundle_sweep", NULL, NULL, NULL, NULL, only_a ? v[i].row : NULL,
                          only_a ? NULL : v[i].row};
        st = emit_made(d, sqlite3_mprintf("%s bundle_sweep: %s", only_a ? "-" : "+", v[i].row), r);
    }
    for (size_t i = 0; i < n; i++) sqlite3_free(v[i].row);
    free(v);
    sqlite3_finalize(x);
    sqlite3_finalize(y);
    sqlite3_finalize(z);
    sqlite3_free(sql);
    sqlite3_free(one);
    return st;
}

/* Rows of one result table only run a ("-") or only b ("+") has, on every column
 * but run_id; bundle_sweep's by name (bundle_sweep_named: mask depends on the run).
 * Each row of one run is looked up in the other by its key (y.col IS x.col, as
 * EXCEPT compares, DISTINCT as EXCEPT gives), so time goes with the rows and
 * only the differences are sorted; bundle_sweep is looked up by mask and
 * channel_id when both runs number them alike, else compared by name (EXCEPT). */
static isl_status table_row(void *ctx, sqlite3_stmt *q)
{
    differ *d = ctx;
    const char *label = isl_base_col(q, 0);
    if (!label || !strcmp(label, "surface") || !strcmp(label, "fact_status_row")) return ISL_OK;
    int named = !strcmp(label, "bundle_sweep");
    const char *table = named ? "bundle_sweep_named" : label;
    long long same = 1;
    columns k = {sqlite3_str_new(d->s->db), sqlite3_str_new(d->s->db), sqlite3_str_new(d->s->db),
                 sqlite3_str_new(d->s->db), 0, 0};
    isl_status st = isl_db_rows(d->s, "comparing runs",
                                "SELECT name FROM pragma_table_info(?1) WHERE name <> 'run_id' "
                                "AND NOT (?2 AND name IN ('channel_id', 'mask')) ORDER BY cid",
                                column_row, &k, d->err, "ti", table, (int64_t)named);
    if (!st)
        st = isl_db_rows(d->s, "comparing runs",
                         "SELECT name FROM pragma_table_info(?1) WHERE name <> 'run_id' ORDER BY cid", probe_row,
                         &k, d->err, "t", label);
    if (!st && named) st = isl_db_rows(d->s, "comparing runs", SAME_NUMBERING, isl_base_int_row, &same, d->err, "ii", d->a, d->b);
    char *c = sqlite3_str_finish(k.list), *sh = sqlite3_str_finish(k.shown), *pr = sqlite3_str_finish(k.probe);
    char *ba = sqlite3_str_finish(k.base);
    char *sql = NULL;
    int merged = !st && named && same && k.n && k.np;
    if (merged) st = sh && ba ? merge_sweeps(d, ba, sh) : isl_fail(d->err, ISL_ENOMEM, "out of memory");
    else if (!st && !named && c && sh && pr && k.n && k.np)
        sql = sqlite3_mprintf("SELECT CASE k WHEN 1 THEN '- ' ELSE '+ ' END || '%q: ' || row, row, k FROM (SELECT 1 AS k, %s AS row FROM "
                              "(SELECT DISTINCT %s FROM \"%w\" x WHERE x.run_id = ?1 AND NOT EXISTS "
                              "(SELECT 1 FROM \"%w\" y WHERE y.run_id = ?2 AND %s)) "
                              "UNION ALL SELECT 2, %s FROM "
                              "(SELECT DISTINCT %s FROM \"%w\" x WHERE x.run_id = ?2 AND NOT EXISTS "
                              "(SELECT 1 FROM \"%w\" y WHERE y.run_id = ?1 AND %s))) "
                              "ORDER BY k, row",
                              label, sh, c, table, label, pr, sh, c, table, label, pr);
    else if (!st && c && sh && k.n)
        sql = sqlite3_mprintf("SELECT CASE k WHEN 1 THEN '- ' ELSE '+ ' END || '%q: ' || row, row, k FROM (SELECT 1 AS k, %s AS row FROM "
                              "(SELECT %s FROM \"%w\" WHERE run_id = ?1 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?2) "
                              "UNION ALL SELECT 2, %s FROM "
                              "(SELECT %s FROM \"%w\" WHERE run_id = ?2 EXCEPT SELECT %s FROM \"%w\" WHERE run_id = ?1)) "
                              "ORDER BY k, row",
                              label, sh, c, table, c, table, sh, c, table, c, table);
    sqlite3_free(c);
    sqlite3_free(sh);
    sqlite3_free(pr);
    sqlite3_free(ba);
    if (st || !k.n || merged) return st;
    if (!sql) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
    table_rows t = {d, label};
    st = isl_db_rows(d->s, "comparing runs", sql, line_row, &t, d->err, "ii", d->a, d->b);
    sqlite3_free(sql);
    return st;
}

isl_status isl_store_status_rows(isl_store *s, int64_t a, int64_t b, uint64_t *n, isl_error *err)
{
    long long sum = 0;
    isl_status st = isl_db_rows(s, "counting the runs' fact statuses",
                                "SELECT (SELECT count(*) FROM fact_status_row WHERE run_id = ?1)"
                                " + (SELECT count(*) FROM fact_status_row WHERE run_id = ?2)",
                                isl_base_int_row, &sum, err, "ii", a, b);
    *n = (uint64_t)sum;
    return st;
}

/* What two probe runs are compared on: each table's rows named by their set's
 * bundle and build order (set numbers differ between runs), shown as
 * 'col=' || quote(col), ... . A step's message, which may name a pid or a
 * path of the run, and the readings (pids, clocks, memory: different on
 * every run) are left out; what they decide, each fact's outcome and its
 * deciding sources, is compared. */
#define PROBE_SET_OF "JOIN probe_set s ON s.run_id = x.run_id AND s.set_no = x.set_no "
static const char *const PROBE_COMPARED[][3] = {
    {"probe_provenance", "probe_provenance x ",
     "'machine=' || quote(x.machine) || ', kernel_release=' || quote(x.kernel_release) || ', uid=' || quote(x.uid) "
     "|| ', privileged=' || quote(x.privileged) || ', lsms=' || quote(x.lsms) || ', cgroup_version=' || "
     "quote(x.cgroup_version)"},
    {"probe_set", "probe_set x ",
     "'bundle=' || quote(x.bundle) || ', build_order=' || quote(x.build_order) || ', members=' || quote(x.members)"},
    {"probe_step", "probe_step x " PROBE_SET_OF,
     "'bundle=' || quote(s.bundle) || ', build_order=' || quote(s.build_order) || ', mechanism=' || "
     "quote(x.mechanism) || ', primitive=' || quote(x.primitive) || ', status=' || quote(x.status)"},
    {"probe_fact", "probe_fact x " PROBE_SET_OF,
     "'bundle=' || quote(s.bundle) || ', build_order=' || quote(s.build_order) || ', fact=' || quote(x.fact) || "
     "', observed=' || quote(x.observed) || ', via=' || quote(x.via) || ', model_status=' || quote(x.model_status)"},
};

static isl_status probe_diff(differ *d)
{
    isl_status st = ISL_OK;
    for (size_t i = 0; !st && i < sizeof PROBE_COMPARED / sizeof *PROBE_COMPARED; i++) {
        const char *label = PROBE_COMPARED[i][0], *from = PROBE_COMPARED[i][1], *shown = PROBE_COMPARED[i][2];
        char *sql = sqlite3_mprintf("WITH a AS (SELECT %s AS row FROM %s WHERE x.run_id = ?1), "
                                    "b AS (SELECT %s AS row FROM %s WHERE x.run_id = ?2) "
                                    "SELECT CASE k WHEN 1 THEN '- ' ELSE '+ ' END || '%q: ' || row, row, k FROM "
                                    "(SELECT 1 AS k, row FROM (SELECT row FROM a EXCEPT SELECT row FROM b) "
                                    "UNION ALL SELECT 2, row FROM (SELECT row FROM b EXCEPT SELECT row FROM a)) "
                                    "ORDER BY k, row",
                                    shown, from, shown, from, label);
        if (!sql) return isl_fail(d->err, ISL_ENOMEM, "out of memory");
        table_rows t = {d, label};
        st = isl_db_rows(d->s, "comparing runs", sql, line_row, &t, d->err, "ii", d->a, d->b);
        sqlite3_free(sql);
    }
    return st;
}

isl_status isl_store_diff_progress(isl_store *s, int64_t a, int64_t b, isl_diff_fn fn, void *ctx, isl_rows_fn tick,
                                   void *tick_ctx, size_t *ndiff, isl_error *err)
{
    char ka[128], kb[128];
    differ d = {.s = s, .a = a, .b = b, .fn = fn, .ctx = ctx, .err = err, .tick = tick, .tick_ctx = tick_ctx};
    *ndiff = 0;
    isl_status st = isl_run_kind(s, a, ka, sizeof ka, err);
    if (!st) st = isl_run_kind(s, b, kb, sizeof kb, err);
    if (st) return st;
    if (strcmp(ka, kb) != 0)
        return isl_fail(err, ISL_EINPUT, "run %lld is a '%s' run and run %lld a '%s' run; compare runs of one kind",
                        (long long)a, ka, (long long)b, kb);
    st = read_moves(&d);
    if (!st) st = isl_db_rows(s, "comparing runs", SURFACE_COUNTS, pair_row, &d, err, "ii", a, b);
    differ_free(&d);
    if (!st && !strcmp(ka, isl_kind_names[ISL_KIND_PROBE])) st = probe_diff(&d);
    else if (!st) st = isl_db_rows(s, "listing result tables", RESULT_TABLES, table_row, &d, err, NULL);
    *ndiff = d.n;
    return st;
}
