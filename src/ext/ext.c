/* isolab: the SQL functions (see include/isolab/ext.h), modelled on SQLite's
 * ext/misc/series.c: each table-valued function is an eponymous-only
 * virtual table (no xCreate) whose HIDDEN columns are its arguments; an
 * argument reaches xFilter as an equality constraint that xBestIndex hands
 * over. The model is read in the first xFilter of a statement's cursor and
 * kept until the statement is reset. Every computation is the core's.
 *
 * Built twice: into libisolab (isolab's own connection, linked with SQLite)
 * and, with ISL_SQLITE_EXTENSION, into isolab.so, where SQLite is called
 * through the routines of the process that loads it. It depends on the
 * core, the store base and the model reader only (isolab/reader.h). */
#ifdef ISL_SQLITE_EXTENSION
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1
#else
#include <sqlite3.h>
#endif
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/answers.h"
#include "isolab/escape.h"
#include "isolab/digest.h"
#include "isolab/ext.h"
#include "isolab/names.h"
#include "isolab/powerset.h"
#include "isolab/reader.h"
#include "isolab/surface.h"
#include "isolab/sweep.h"
#include "isolab/textout.h"
#include "isolab/version.h"

enum kind { K_SURFACE, K_FACT_STATUS, K_POWERSET, K_REMOVAL, K_ADDITION, K_FRONTIER, K_SMALLEST, K_MARGINAL, K_MEMBERS,
            K_COUNT };

/* What an argument is (A_SPEC: a pointer bound from C only), and what a
 * required one is called when it is missing. */
enum arg { A_MEMBERS, A_CHANNEL, A_MAX_OPEN, A_MECHANISMS, A_SPEC };
static const char *const ARG_NAME[] = {"members", "channel, or NULL for none", "max_open_surface"};

/* One function: its name, its columns (arguments last, HIDDEN), where the
 * arguments start, how many are required, whether SQL stored in the
 * database (views, triggers) may call it, and its arguments. */
typedef struct fn_def {
    const char *name;
    const char *decl;
    int first_arg, required;
    int direct_only;
    int nargs;
    enum arg arg[3];
} fn_def;

#define MEMBERS_ARGS 2, {A_MEMBERS, A_CHANNEL}

static const fn_def FN[K_COUNT] = {
    [K_SURFACE] = {"isolab_surface",
                   "CREATE TABLE x(visible, returned, open_surface, open_axes, cost_pct, run_time, cost_per_fact, "
                   "members HIDDEN, channel HIDDEN)", 7, 1, 0, MEMBERS_ARGS},
    [K_FACT_STATUS] = {"isolab_fact_status",
                       "CREATE TABLE x(fact, axis, position, status, closed_by, left_open_by, members HIDDEN, "
                       "channel HIDDEN)", 6, 1, 0,
                       MEMBERS_ARGS},
    /* channel_id: not an argument */
    [K_POWERSET] = {"isolab_powerset",
                    "CREATE TABLE x(mask, members, size, visible, returned, open_surface, open_axes, "
                    "channel HIDDEN, mechanisms HIDDEN, spec HIDDEN, channel_id HIDDEN)", 7, 1, 1,
                    3, {A_CHANNEL, A_MECHANISMS, A_SPEC}},
    [K_REMOVAL] = {"isolab_removal",
                   "CREATE TABLE x(removed_fact, position, visible, returned, open_surface, open_axes, "
                   "members HIDDEN, channel HIDDEN)", 6, 1, 1, MEMBERS_ARGS},
    [K_ADDITION] = {"isolab_addition",
                    "CREATE TABLE x(axis, facts, visible, returned, open_surface, open_axes, "
                    "members HIDDEN, channel HIDDEN)", 6, 1, 1, MEMBERS_ARGS},
    [K_FRONTIER] = {"isolab_frontier",
                    "CREATE TABLE x(size, open_surface, bundles, members, channel HIDDEN, mechanisms HIDDEN)", 4, 1,
                    1, 2, {A_CHANNEL, A_MECHANISMS}},
    [K_SMALLEST] = {"isolab_smallest",
                    "CREATE TABLE x(size, open_surface, returned, members, channel HIDDEN, max_open_surface HIDDEN, "
                    "mechanisms HIDDEN)", 4, 2, 1, 3, {A_CHANNEL, A_MAX_OPEN, A_MECHANISMS}},
    [K_MARGINAL] = {"isolab_marginal",
                    "CREATE TABLE x(mechanism, in_bundle, open_surface, delta, members HIDDEN, channel HIDDEN)", 4, 1,
                    1, MEMBERS_ARGS},
    /* the member list itself, as every function and command reads it */
    [K_MEMBERS] = {"isolab_members", "CREATE TABLE x(position, mechanism, members HIDDEN)", 2, 1, 0, 1, {A_MEMBERS}},
};
#define PS_CHANNEL_ID 10 /* isolab_powerset's channel_id column */
#define MAX_ARGS 3
/* isolab_powerset's rows are computed this many at a time: a call into the
 * core per block, not per row (fixed: the cursor's memory does not grow
 * with the rows) */
#define PS_BLOCK 64
_Static_assert(65536 % PS_BLOCK == 0, "a block ends at every 65536th row (the tick)");

typedef struct vtab {
    sqlite3_vtab base;
    sqlite3 *db;
    enum kind kind;
} vtab;

/* A computed row's cell: SQL NULL (type 0), an integer ('i'), a real
 * ('r'), a name the model keeps ('t'), or the members of subset i ('m'). */
typedef struct cell {
    char type;
    sqlite3_int64 i;
    double r;
    const char *t;
} cell;

typedef struct cursor {
    sqlite3_vtab_cursor base;
    isl_model *own;               /* the model read from the database */
    /* from here on: one xFilter's, zeroed by cursor_reset */
    const isl_model *m;           /* the model in use (own, or a spec's) */
    sqlite3_value *arg[MAX_ARGS]; /* the arguments, for the HIDDEN columns */
    sqlite3_int64 row, nrows;     /* current row number; rows (not powerset) */
    sqlite3_int64 rowbase;        /* the arguments' part of every rowid */
    int eof;
    int no_axes;                  /* isolab_powerset: open_axes not read */
    size_t *mechs, nm;            /* members or swept mechanisms */
    size_t channel;               /* ISL_NONE: no channel */
    size_t max_open;              /* isolab_smallest's target */
    cell *cells;                  /* every row but the power set's, ncols cells each */
    size_t ncols;
    isl_work w;
    isl_smallest *sm;             /* isolab_smallest: its current row is cells' first */
    char *members;                /* room for every swept name, comma-separated */
    /* isolab_powerset */
    const isl_powerset_spec *spec;
    isl_powerset *ps;
    isl_bundle_row blk[PS_BLOCK]; /* the current block: row bi of bn */
    size_t bi, bn;
} cursor;

static int vt_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err)
{
    (void)argc;
    (void)argv;
    (void)err;
    enum kind k = (enum kind)(size_t)aux;
    int rc = sqlite3_declare_vtab(db, FN[k].decl);
    if (rc != SQLITE_OK) return rc;
    vtab *v = sqlite3_malloc(sizeof *v);
    if (!v) return SQLITE_NOMEM;
    *v = (vtab){.db = db, .kind = k};
    /* direct-only: costly ones (2^n rows) may not run from a view or
     * trigger planted in a database file; the others are innocuous */
    rc = sqlite3_vtab_config(db, FN[k].direct_only ? SQLITE_VTAB_DIRECTONLY : SQLITE_VTAB_INNOCUOUS);
    if (rc != SQLITE_OK) sqlite3_free(v);
    else *out = &v->base;
    return rc;
}

static int vt_disconnect(sqlite3_vtab *v)
{
    sqlite3_free(v);
    return SQLITE_OK;
}

/* idxNum: bit i set when argument i is given (its value comes i-th among
 * those given); for isolab_powerset, bit MAX_ARGS when open_axes is not
 * read; MISSING(a) when required argument a is not given.
 * A plan without an argument that the WHERE clause offers but not yet
 * (unusable) is refused (SQLITE_CONSTRAINT, as series.c), so SQLite looks
 * for another: a join's order, the branches of an OR.
 * Refusing too the plan whose argument is nowhere in the clause would leave
 * SQLite to say "no query solution"; that plan is instead allowed at a cost
 * no other plan reaches, and xFilter names the missing argument. */
#define MISSING_BIT (4 << MAX_ARGS)
#define MISSING(a) (MISSING_BIT | (a) << (MAX_ARGS + 3))
static int vt_best_index(sqlite3_vtab *tab, sqlite3_index_info *info)
{
    vtab *v = (vtab *)tab;
    const fn_def *f = &FN[v->kind];
    int at[MAX_ARGS] = {-1, -1, -1}, seen = 0, idx = 0, missing = -1;
    for (int i = 0; i < info->nConstraint; i++) {
        const struct sqlite3_index_constraint *c = &info->aConstraint[i];
        int a = c->iColumn - f->first_arg;
        if (a < 0 || a >= f->nargs || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
        seen |= 1 << a;
        if (c->usable && at[a] < 0) at[a] = i, idx |= 1 << a;
    }
    if (seen & ~idx) return SQLITE_CONSTRAINT;
    /* isolab_powerset: a spec replaces the channel */
    int given = idx | (v->kind == K_POWERSET && (idx & 4));
    for (int a = f->required - 1; a >= 0; a--)
        if (!(given & 1 << a)) missing = a;
    if (missing >= 0) idx |= MISSING(missing);
    for (int a = 0, n = 0; a < f->nargs; a++)
        if (at[a] >= 0) {
            info->aConstraintUsage[at[a]].argvIndex = ++n;
            info->aConstraintUsage[at[a]].omit = 1;
        }
    /* isolab_powerset's open_axes costs a pass over the axes: only when asked */
    if (v->kind == K_POWERSET && !(info->colUsed & (sqlite3_uint64)1 << 6)) idx |= 1 << MAX_ARGS;
    info->idxNum = idx;
    info->estimatedCost = idx & MISSING_BIT ? 1e300 : v->kind == K_POWERSET ? 1e6 : 10;
    info->estimatedRows = v->kind == K_POWERSET ? 1000000 : v->kind == K_SURFACE ? 1 : 100;
    return SQLITE_OK;
}

static int vt_open(sqlite3_vtab *tab, sqlite3_vtab_cursor **out)
{
    (void)tab;
    cursor *c = sqlite3_malloc(sizeof *c);
    if (!c) return SQLITE_NOMEM;
    memset(c, 0, sizeof *c);
    *out = &c->base;
    return SQLITE_OK;
}

/* Frees what one xFilter computed and zeroes it (all but the model). */
static void cursor_reset(cursor *c)
{
    for (int i = 0; i < MAX_ARGS; i++) sqlite3_value_free(c->arg[i]);
    free(c->mechs);
    free(c->cells);
    isl_work_free(&c->w);
    isl_smallest_free(c->sm);
    free(c->members);
    isl_powerset_free(c->ps);
    memset(&c->m, 0, sizeof *c - offsetof(cursor, m));
    c->eof = 1;
}

static int vt_close(sqlite3_vtab_cursor *cur)
{
    cursor *c = (cursor *)cur;
    cursor_reset(c);
    isl_model_free(c->own);
    sqlite3_free(c);
    return SQLITE_OK;
}

/* Sets the table's error message "NAME: MESSAGE"; returns SQLITE_ERROR.
 * SQLite's printf: no %zu. */
__attribute__((format(printf, 2, 3))) static int fail(cursor *c, const char *fmt, ...)
{
    vtab *v = (vtab *)c->base.pVtab;
    va_list ap;
    va_start(ap, fmt);
    char *msg = sqlite3_vmprintf(fmt, ap);
    va_end(ap);
    sqlite3_free(v->base.zErrMsg);
    v->base.zErrMsg = msg ? sqlite3_mprintf("%s: %s", FN[v->kind].name, msg) : NULL;
    sqlite3_free(msg);
    return v->base.zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The text of argument value v (NULL for SQL NULL). */
static const char *arg_text(sqlite3_value *v)
{
    return v && sqlite3_value_type(v) != SQLITE_NULL ? (const char *)sqlite3_value_text(v) : NULL;
}

/* members: a member list (isl_model_members: bundles, mechanisms and
 * -mechanism, comma-separated). */
static int parse_members(cursor *c, sqlite3_value *v)
{
    const char *t = arg_text(v);
    if (!t) return fail(c, "members is NULL (name a bundle, or mechanisms separated by commas)");
    isl_error err = {0};
    isl_status st = isl_model_members(c->m, t, c->mechs, &c->nm, &err);
    if (st == ISL_ENOMEM) return SQLITE_NOMEM;
    return st ? fail(c, "%s", err.msg) : SQLITE_OK;
}

/* channel: a channel name, or NULL for none. */
static int parse_channel(cursor *c, sqlite3_value *v)
{
    const char *t = arg_text(v);
    c->channel = ISL_NONE;
    if (!t) return SQLITE_OK;
    c->channel = isl_model_find_channel(c->m, t);
    if (c->channel != ISL_NONE) return SQLITE_OK;
    char q[84], hint[ISL_HINT_MAX];
    return fail(c, "no channel named '%s'%s", isl_short_name(t, strlen(t), q),
                isl_model_name_hint(c->m, 'c', t, hint, sizeof hint));
}

static const uint64_t *shows_of(const cursor *c)
{
    return c->channel == ISL_NONE ? NULL : c->m->channel[c->channel].shows;
}

/* The mechanisms list names, a member list (isl_model_mechanism_set, as
 * --mechanisms reads it), into c->mechs in mechanism order; more than
 * ISL_POWERSET_MAX items or mechanisms are refused. */
static int named_mechanisms(cursor *c, const char *list)
{
    size_t n = 1;
    for (const char *p = list; *p; p++) n += *p == ',';
    if (n > ISL_POWERSET_MAX)
        return fail(c, "more than %llu mechanisms (%llu named)", (unsigned long long)ISL_POWERSET_MAX,
                    (unsigned long long)n);
    isl_error err = {0};
    isl_status st = isl_model_mechanism_set(c->m, list, c->mechs, &c->nm, &err);
    if (st == ISL_ENOMEM) return SQLITE_NOMEM;
    if (st) return fail(c, "%s", err.msg);
    if (c->nm > ISL_POWERSET_MAX)
        return fail(c, "more than %llu mechanisms (%llu in the list)", (unsigned long long)ISL_POWERSET_MAX,
                    (unsigned long long)c->nm);
    return SQLITE_OK;
}

/* The swept mechanisms (argument number `argno`) into c->mechs, in
 * mechanism order: the names in v, or (NULL) every mechanism; at most
 * ISL_POWERSET_MAX. */
static int swept_mechanisms(cursor *c, sqlite3_value *v, int argno)
{
    const isl_model *m = c->m;
    const char *list = arg_text(v);
    if (!list && m->nmech > ISL_POWERSET_MAX)
        return fail(c, "more than %d mechanisms (the model has %llu): name some as the %s argument", ISL_POWERSET_MAX,
                    (unsigned long long)m->nmech, argno == 2 ? "second" : "third");
    if (list) return named_mechanisms(c, list);
    for (c->nm = 0; c->nm < m->nmech; c->nm++) c->mechs[c->nm] = c->nm;
    return SQLITE_OK;
}

/* The largest open surface isolab_smallest's rows may have: argument 2, a
 * whole number >= 0. */
static int max_open_of(cursor *c, sqlite3_value *v)
{
    sqlite3_int64 n = sqlite3_value_int64(v);
    int t = sqlite3_value_numeric_type(v);
    if ((t != SQLITE_INTEGER && !(t == SQLITE_FLOAT && sqlite3_value_double(v) == (double)n)) || n < 0) {
        char q[84];
        const char *txt = arg_text(v);
        return fail(c, "max_open_surface must be a whole number >= 0, not '%s'",
                    txt ? isl_short_name(txt, strlen(txt), q) : "NULL");
    }
    c->max_open = (size_t)n;
    return SQLITE_OK;
}

/* Parses the arguments in their order, so that the first bad one is
 * named; a spec stands for all of them. First, room for the members (or
 * swept mechanisms) and for the names of any subset of them. */
static int parse_args(cursor *c, const fn_def *f)
{
    const isl_model *m = c->m;
    size_t names = 1;
    for (size_t d = 0; d < m->nmech; d++) names += strlen(m->mech[d].name) + 1;
    c->mechs = malloc(isl_model_list_room(m) * sizeof *c->mechs);
    if (!c->mechs || !(c->members = malloc(names))) return SQLITE_NOMEM;
    int rc = SQLITE_OK;
    for (int a = 0; a < f->nargs && !rc && !c->spec; a++) {
        sqlite3_value *v = c->arg[a];
        if (f->arg[a] == A_MEMBERS) rc = parse_members(c, v);
        else if (f->arg[a] == A_CHANNEL) rc = parse_channel(c, v);
        else if (f->arg[a] == A_MAX_OPEN) rc = max_open_of(c, v);
        else if (f->arg[a] == A_MECHANISMS) rc = swept_mechanisms(c, v, a + 1);
    }
    return rc;
}

/* The power set's rows: from a spec bound in C, or the arguments' own. */
static int start_powerset(cursor *c)
{
    int none = c->channel == ISL_NONE;
    isl_powerset_spec args = {c->m, c->mechs, c->nm, &c->channel, !none, none, NULL, NULL};
    const isl_powerset_spec *p = c->spec ? c->spec : &args;
    int flags = (p->with_none ? ISL_POWERSET_NONE : 0) | (c->no_axes ? ISL_POWERSET_NO_AXES : 0);
    c->nm = p->nm;
    isl_status st = isl_powerset_new(p->model, p->mechs, p->nm, flags, p->channels, p->nc, &c->ps);
    if (st == ISL_EINPUT) return fail(c, "more than %d mechanisms", ISL_POWERSET_MAX);
    if (st) return SQLITE_NOMEM;
    c->bi = 0;
    c->bn = isl_powerset_fill(c->ps, c->blk, PS_BLOCK);
    c->eof = c->bn == 0;
    return SQLITE_OK;
}

static const cell NONE;
static cell I(sqlite3_int64 i) { return (cell){'i', i, 0, NULL}; }
static cell R(double r) { return (cell){'r', 0, r, NULL}; }
static cell T(const char *t) { return (cell){'t', 0, 0, t}; }
static cell M(uint64_t mask) { return (cell){'m', (sqlite3_int64)mask, 0, NULL}; }
/* The counts every sweep's row ends with. */
#define SURFACE_CELLS(s) I((s).visible), I((s).returned), I((s).open_surface), I((s).open_axes)

/* Appends the row r (c->ncols cells). */
static void put_row(cursor *c, const cell *r)
{
    memcpy(c->cells + (size_t)c->nrows++ * c->ncols, r, c->ncols * sizeof *r);
}

static isl_status removal_row(void *ctx, const isl_removal_row *r)
{
    cursor *c = ctx;
    int base = r->fact == ISL_NONE;
    put_row(c, (cell[]){base ? NONE : T(c->m->fact_name[r->fact]), base ? NONE : I(c->m->fact_pos[r->fact]),
                        SURFACE_CELLS(r->s)});
    return ISL_OK;
}

static isl_status addition_row(void *ctx, const isl_addition_row *r)
{
    cursor *c = ctx;
    const char *axis = r->axis == ISL_NONE ? NULL : c->m->axis_name[r->axis];
    put_row(c, (cell[]){axis ? T(axis) : NONE, I(r->facts), SURFACE_CELLS(r->s)});
    return ISL_OK;
}

static void surface_row(cursor *c)
{
    const isl_model *m = c->m;
    isl_surface s = isl_surface_of(m, c->mechs, c->nm, shows_of(c), NULL, &c->w);
    double cost = c->channel == ISL_NONE ? 0 : m->channel[c->channel].cost_pct, per;
    cell cpf = isl_cost_per_fact(cost, s.returned, &per) ? R(per) : NONE;
    put_row(c, (cell[]){SURFACE_CELLS(s), R(cost), I(isl_run_time(m->baseline_time, cost)), cpf});
}

static isl_status fact_rows(cursor *c)
{
    const isl_model *m = c->m;
    isl_fact_state *st = malloc((m->nfacts ? m->nfacts : 1) * sizeof *st);
    if (!st) return ISL_ENOMEM;
    isl_fact_states(m, c->mechs, c->nm, shows_of(c), NULL, &c->w, st);
    for (size_t f = 0; f < m->nfacts; f++) {
        /* why: the member whose step stands, closing or leaving open */
        size_t i = isl_fact_decider(m, c->mechs, c->nm, f);
        cell none = {0, 0, 0, NULL}, by = i == ISL_NONE ? none : T(m->mech[c->mechs[i]].name);
        int closed = st[f] == ISL_FACT_CLOSED || st[f] == ISL_FACT_RETURNS;
        put_row(c, (cell[]){T(m->fact_name[f]), T(m->axis_name[m->fact_axis[f]]), I(m->fact_pos[f]),
                            T(isl_fact_state_name(st[f])), closed ? by : none,
                            st[f] == ISL_FACT_LEFT_OPEN ? by : none});
    }
    free(st);
    return ISL_OK;
}

/* isolab_members: the members in the order they apply, repeats kept. */
static void member_rows(cursor *c)
{
    for (size_t k = 0; k < c->nm; k++) put_row(c, (cell[]){I((sqlite3_int64)k + 1), T(c->m->mech[c->mechs[k]].name)});
}

static isl_status frontier_rows(cursor *c)
{
    isl_frontier_row *f = malloc((c->nm + 1) * sizeof *f);
    isl_status st = f ? isl_frontier(c->m, c->mechs, c->nm, c->channel, f) : ISL_ENOMEM;
    for (size_t k = 0; !st && k <= c->nm; k++)
        put_row(c, (cell[]){I(f[k].size), I(f[k].open_surface), I(f[k].bundles), M(f[k].first)});
    free(f);
    return st;
}

static isl_status marginal_rows(cursor *c)
{
    const isl_model *m = c->m;
    isl_marginal_row *r = malloc((m->nmech ? m->nmech : 1) * sizeof *r);
    isl_status st = r ? isl_marginal(m, c->mechs, c->nm, c->channel, r) : ISL_ENOMEM;
    for (size_t d = 0; !st && d < m->nmech; d++)
        put_row(c, (cell[]){T(m->mech[r[d].mech].name), I(r[d].in_bundle), I(r[d].open_surface),
                            I(r[d].delta)});
    free(r);
    return st;
}

/* isolab_smallest: the next subset's row, or eof. */
static void smallest_row(cursor *c)
{
    uint64_t mask;
    size_t open, members[ISL_POWERSET_MAX], n = 0;
    c->eof = !isl_smallest_next(c->sm, &mask, &open);
    if (c->eof) return;
    for (size_t i = 0; i < c->nm; i++)
        if (mask >> i & 1) members[n++] = c->mechs[i];
    isl_surface s = isl_surface_of(c->m, members, n, shows_of(c), NULL, &c->w);
    assert(s.open_surface == open);
    c->nrows = 0;
    put_row(c, (cell[]){I(n), I(s.open_surface), I(s.returned), M(mask)});
}

/* The rows of every function but the power set (isolab_smallest: its
 * first). */
static int compute(cursor *c, enum kind k)
{
    const isl_model *m = c->m;
    size_t rows[K_COUNT] = {[K_SURFACE] = 1, [K_FACT_STATUS] = m->nfacts,
                            [K_REMOVAL] = m->nfacts + 1, [K_ADDITION] = m->naxes + 1,
                            [K_FRONTIER] = c->nm + 1, [K_SMALLEST] = 1, [K_MARGINAL] = m->nmech,
                            [K_MEMBERS] = c->nm};
    c->ncols = (size_t)FN[k].first_arg;
    c->cells = malloc((rows[k] ? rows[k] : 1) * c->ncols * sizeof *c->cells);
    if (!c->cells || isl_work_init(&c->w, m)) return SQLITE_NOMEM;
    isl_status st = ISL_OK;
    if (k == K_SURFACE) surface_row(c);
    else if (k == K_FACT_STATUS) st = fact_rows(c);
    else if (k == K_REMOVAL) st = isl_sweep_removal(m, c->mechs, c->nm, c->channel, removal_row, c);
    else if (k == K_ADDITION)
        st = isl_sweep_addition(m, c->mechs, c->nm, c->channel, addition_row, c);
    else if (k == K_FRONTIER) st = frontier_rows(c);
    else if (k == K_MARGINAL) st = marginal_rows(c);
    else if (k == K_MEMBERS) member_rows(c);
    else if (!(st = isl_smallest_new(m, c->mechs, c->nm, c->channel, c->max_open, &c->sm))) {
        smallest_row(c);
        return SQLITE_OK;
    }
    c->eof = c->nrows == 0;
    return st ? SQLITE_NOMEM : SQLITE_OK;
}

/* A name given as an argument may not hold a NUL byte (it would end the
 * name where SQL shows more). */
static int check_nul(cursor *c, sqlite3_value *v, int a)
{
    int t = sqlite3_value_type(v);
    if (t != SQLITE_TEXT && t != SQLITE_BLOB) return SQLITE_OK;
    const unsigned char *txt = sqlite3_value_text(v);
    if (!txt) return SQLITE_NOMEM;
    if (!memchr(txt, 0, (size_t)sqlite3_value_bytes(v))) return SQLITE_OK;
    char q[84];
    return fail(c, "argument %d holds a NUL byte after '%s': a name cannot", a + 1,
                isl_short_name((const char *)txt, strlen((const char *)txt), q));
}

/* A row's id names it among the rows of every argument list: SQLite's plan
 * for an OR of argument lists (MULTI-INDEX OR) keeps one row per rowid, so
 * rows of different arguments need different ids and the same row found by
 * two branches the same. The arguments' part is a 31-bit hash of their
 * values (two argument lists of one statement share it with odds 2^-31);
 * the row's, its number (below 2^32). */
static sqlite3_int64 args_hash(cursor *c)
{
    isl_digest d;
    isl_digest_init(&d);
    for (int a = 0; a < MAX_ARGS; a++) {
        sqlite3_value *v = c->arg[a];
        int t = v ? sqlite3_value_type(v) : 0;
        const unsigned char *p = t == SQLITE_NULL || !v ? NULL : sqlite3_value_text(v);
        size_t n = p ? (size_t)sqlite3_value_bytes(v) : 0;
        isl_digest_u64(&d, (uint64_t)(t + 16 * a));
        if (n) isl_digest_bytes(&d, p, n);
    }
    uint64_t h = d.h;
    return (sqlite3_int64)((h ^ h >> 31) & 0x7fffffff) << 32;
}

/* The arguments that idx says are given (argv[0..argc)) into c->arg, and
 * isolab_powerset's spec into c->spec; an error when a required one is
 * missing, or a name holds a NUL byte. */
static int take_args(cursor *c, int idx, int argc, sqlite3_value **argv)
{
    vtab *v = (vtab *)c->base.pVtab;
    const fn_def *f = &FN[v->kind];
    if (idx & MISSING_BIT) {
        int a = idx >> (MAX_ARGS + 3) & 3;
        return fail(c, "argument %d (%s) is missing", a + 1, ARG_NAME[f->arg[a]]);
    }
    for (int a = 0, i = 0; a < f->nargs; a++)
        if (idx & 1 << a) {
            assert(i < argc);
            /* a copy keeps no pointer value: the spec is read here */
            if (f->arg[a] == A_SPEC
                && !(c->spec = sqlite3_value_pointer(argv[i], ISL_POWERSET_SPEC)))
                return fail(c, "takes one or two arguments: channel, mechanisms");
            int rc = f->arg[a] == A_SPEC ? SQLITE_OK : check_nul(c, argv[i], a);
            if (rc) return rc;
            if (!(c->arg[a] = sqlite3_value_dup(argv[i++]))) return SQLITE_NOMEM;
        }
    (void)argc;
    c->rowbase = args_hash(c);
    return SQLITE_OK;
}

static int vt_filter(sqlite3_vtab_cursor *cur, int idx, const char *idx_str, int argc, sqlite3_value **argv)
{
    (void)idx_str;
    cursor *c = (cursor *)cur;
    vtab *v = (vtab *)cur->pVtab;
    cursor_reset(c);
    int rc = take_args(c, idx, argc, argv);
    if (rc) return rc;
    if (!c->spec && !c->own) {
        isl_error err = {0};
        isl_status st = isl_read_model(v->db, NULL, &c->own, &err);
        if (st == ISL_ENOMEM) return SQLITE_NOMEM;
        if (st) return fail(c, "%s", err.msg);
    }
    c->m = c->spec ? c->spec->model : c->own;
    c->no_axes = (idx >> MAX_ARGS) & 1;
    if ((rc = parse_args(c, &FN[v->kind]))) return rc;
    return v->kind == K_POWERSET ? start_powerset(c) : compute(c, v->kind);
}

static int vt_next(sqlite3_vtab_cursor *cur)
{
    cursor *c = (cursor *)cur;
    c->row++;
    if (c->sm) smallest_row(c);
    else c->eof = c->row >= c->nrows;
    return SQLITE_OK;
}

/* isolab_powerset: the next row of the block, or the next block. */
static int ps_next(sqlite3_vtab_cursor *cur)
{
    cursor *c = (cursor *)cur;
    c->row++;
    if (++c->bi < c->bn) return SQLITE_OK;
    c->bi = 0;
    c->bn = isl_powerset_fill(c->ps, c->blk, PS_BLOCK);
    c->eof = c->bn == 0;
    if (c->spec && c->spec->tick && (c->row & 0xffff) == 0)
        c->spec->tick(c->spec->tick_ctx, (uint64_t)c->row);
    return SQLITE_OK;
}

static int vt_eof(sqlite3_vtab_cursor *cur) { return ((cursor *)cur)->eof; }

static int vt_rowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *rowid)
{
    cursor *c = (cursor *)cur;
    *rowid = c->rowbase | ((c->row + 1) & 0xffffffff);
    return SQLITE_OK;
}

/* The members of the current subset, comma-separated in mechanism order.
 * Not inlined: ps_column, called for every row, stays a leaf that saves no
 * registers. */
__attribute__((noinline)) static void members_column(sqlite3_context *ctx, cursor *c, uint64_t mask)
{
    const size_t *mechs = c->spec ? c->spec->mechs : c->mechs;
    size_t n = 0;
    for (size_t i = 0; i < c->nm; i++)
        if (mask >> i & 1) {
            const char *name = c->m->mech[mechs[i]].name;
            size_t len = strlen(name);
            if (n) c->members[n++] = ',';
            memcpy(c->members + n, name, len);
            n += len;
        }
    sqlite3_result_text(ctx, c->members, (int)n, SQLITE_TRANSIENT);
}

static int vt_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    cursor *c = (cursor *)cur;
    const fn_def *f = &FN[((vtab *)cur->pVtab)->kind];
    if (col >= f->first_arg) {
        sqlite3_value *a = c->arg[col - f->first_arg];
        if (a && f->arg[col - f->first_arg] != A_SPEC) sqlite3_result_value(ctx, a);
        return SQLITE_OK; /* NULL when not given, and for the spec */
    }
    const cell *x = &c->cells[(c->sm ? 0 : (size_t)c->row) * c->ncols + (size_t)col];
    if (x->type == 'i') sqlite3_result_int64(ctx, x->i);
    else if (x->type == 'r') sqlite3_result_double(ctx, x->r);
    else if (x->type == 't') sqlite3_result_text(ctx, x->t, -1, SQLITE_STATIC);
    else if (x->type == 'm') members_column(ctx, c, (uint64_t)x->i);
    return SQLITE_OK;
}

/* isolab_powerset's columns: the row of the block, then the arguments. */
static int ps_column(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int col)
{
    cursor *c = (cursor *)cur;
    const isl_bundle_row *r = &c->blk[c->bi];
    size_t v;
    switch (col) {
    case 0: v = (size_t)r->mask; break;
    case 1: members_column(ctx, c, r->mask); return SQLITE_OK;
    case 2: v = r->size; break;
    case 3: v = r->s.visible; break;
    case 4: v = r->s.returned; break;
    case 5: v = r->s.open_surface; break;
    case 6: v = r->s.open_axes; break;
    case PS_CHANNEL_ID: v = r->channel_id; break;
    default: return vt_column(cur, ctx, col);
    }
    sqlite3_result_int64(ctx, (sqlite3_int64)v);
    return SQLITE_OK;
}

/* Eponymous only: no xCreate, so no CREATE VIRTUAL TABLE ... USING.
 * isolab_powerset steps through its blocks of rows with its own xNext and
 * xColumn. */
#define MODULE_WITH(next, column)                                                                              \
    {                                                                                                          \
        .iVersion = 0, .xConnect = vt_connect, .xBestIndex = vt_best_index, .xDisconnect = vt_disconnect,      \
        .xOpen = vt_open, .xClose = vt_close, .xFilter = vt_filter, .xNext = next, .xEof = vt_eof,             \
        .xColumn = column, .xRowid = vt_rowid,                                                                 \
    }
static const sqlite3_module MODULE = MODULE_WITH(vt_next, vt_column), PS_MODULE = MODULE_WITH(ps_next, ps_column);

static void version_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    (void)argc;
    (void)argv;
    sqlite3_result_text(ctx, ISOLAB_VERSION, -1, SQLITE_STATIC);
}

/* isolab_shell(word, ...): the words as one line for a POSIX shell, each
 * quoted as isolab quotes every command it prints (isl_buf_shell_word); a
 * NULL word is left out. */
static void shell_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    isl_buf b = {NULL, 0, 0, 0};
    for (int i = 0, n = 0; i < argc; i++) {
        const char *w = arg_text(argv[i]);
        if (!w) continue;
        if (n++) isl_buf_put(&b, " ", 1);
        isl_buf_shell_word(&b, w);
    }
    if (b.oom) sqlite3_result_error_nomem(ctx);
    else sqlite3_result_text(ctx, b.p ? b.p : "", (int)b.n, SQLITE_TRANSIENT);
    free(b.p);
}

int isl_ext_register(sqlite3 *db)
{
    int rc = sqlite3_create_function(db, "isolab_version", 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                     NULL, version_fn, NULL, NULL);
    if (rc == SQLITE_OK)
        rc = sqlite3_create_function(db, "isolab_shell", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                     NULL, shell_fn, NULL, NULL);
    for (int k = 0; k < K_COUNT && rc == SQLITE_OK; k++)
        rc = sqlite3_create_module(db, FN[k].name, k == K_POWERSET ? &PS_MODULE : &MODULE, (void *)(size_t)k);
    return rc;
}

#ifdef ISL_SQLITE_EXTENSION
/* The entry point SQLite looks for in isolab.so (.load ./isolab). */
__attribute__((visibility("default"))) int sqlite3_isolab_init(sqlite3 *db, char **err,
                                                                const sqlite3_api_routines *api)
{
    SQLITE_EXTENSION_INIT2(api);
    if (sqlite3_libversion_number() < 3038000) {
        if (err) *err = sqlite3_mprintf("isolab needs SQLite 3.38 or later (this is %s)", sqlite3_libversion());
        return SQLITE_ERROR;
    }
    return isl_ext_register(db);
}
#endif
