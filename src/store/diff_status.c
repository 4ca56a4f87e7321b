/* isolab store: the fact statuses of two runs compared in one ordered pass
 * over each run's integer-keyed rows (fact_status_row), for `diff`.
 *
 * Run b's names (bundles, channels, facts) and statuses are read into
 * arrays, indexed by the position of each id among the run's ids; run a's
 * rows are then read in key order and each looked up in b through its
 * names (bundles and channels by a scan, facts by a binary search over b's
 * facts sorted by name). What is left of b afterwards is only in b. The
 * facts that left or joined the open surface (status visible, left-open or
 * returns; absent counts as closed) are collected, sorted by bundle,
 * channel, lost before gained, and position, and handed back. */
#include <stdlib.h>
#include <string.h>

#include "store_int.h"

/* One run's names: ids ascending, and their names (and facts' positions). */
typedef struct names {
    size_t n;
    int64_t *id;
    char **name;
    int64_t *pos;
} names;

typedef struct side {
    names b, c, f;
    unsigned char *st; /* b.n * c.n * f.n: 0 absent, else status 1..4 (bit 7: seen from a) */
} side;

static void names_free(names *x)
{
    for (size_t i = 0; i < x->n; i++) free(x->name[i]);
    free(x->id);
    free(x->name);
    free(x->pos);
    memset(x, 0, sizeof *x);
}

static void side_free(side *s)
{
    names_free(&s->b);
    names_free(&s->c);
    names_free(&s->f);
    free(s->st);
}

/* read_names' list and its room. */
typedef struct names_in {
    names *x;
    size_t cap;
} names_in;

static isl_status name_row(void *ctx, sqlite3_stmt *q)
{
    names_in *in = ctx;
    names *x = in->x;
    if (x->n == in->cap) {
        size_t cap = in->cap ? 2 * in->cap : 64;
        int64_t *id = realloc(x->id, cap * sizeof *id), *pos = id ? realloc(x->pos, cap * sizeof *pos) : NULL;
        if (id) x->id = id;
        if (pos) x->pos = pos;
        char **nm = pos ? realloc(x->name, cap * sizeof *nm) : NULL;
        if (!nm) return ISL_ENOMEM;
        x->name = nm;
        in->cap = cap;
    }
    x->id[x->n] = sqlite3_column_int64(q, 0);
    x->pos[x->n] = sqlite3_column_count(q) > 2 ? sqlite3_column_int64(q, 2) : 0;
    if (!(x->name[x->n] = strdup(isl_base_text(q, 1)))) return ISL_ENOMEM;
    x->n++;
    return ISL_OK;
}

/* Reads "SELECT id, name[, position] ... ORDER BY id" for run into x. */
static isl_status read_names(isl_store *s, const char *sql, int64_t run, names *x, isl_error *err)
{
    names_in in = {x, 0};
    isl_status st = isl_db_rows(s, "comparing runs", sql, name_row, &in, err, "i", run);
    return st == ISL_ENOMEM ? isl_fail(err, st, "out of memory") : st;
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

struct isl_moves;
static void row_read(struct isl_moves *mv);

static const char ROWS[] = "SELECT bundle_id, channel_id, fact_id, status FROM fact_status_row WHERE run_id = ?1 "
                           "ORDER BY bundle_id, channel_id, fact_id";

/* A side whose statuses are being read. */
typedef struct reading {
    side *s;
    struct isl_moves *mv;
} reading;

static isl_status status_row(void *ctx, sqlite3_stmt *q)
{
    reading *r = ctx;
    side *s = r->s;
    size_t b = index_of(&s->b, sqlite3_column_int64(q, 0)), c = index_of(&s->c, sqlite3_column_int64(q, 1)),
           f = index_of(&s->f, sqlite3_column_int64(q, 2));
    int v = sqlite3_column_int(q, 3);
    if (b != ISL_NONE && c != ISL_NONE && f != ISL_NONE && v >= 1 && v <= 4)
        s->st[(b * s->c.n + c) * s->f.n + f] = (unsigned char)v;
    row_read(r->mv);
    return ISL_OK;
}

/* Reads run's names, and (with_rows) its statuses into s->st. */
static isl_status read_side(isl_store *st, int64_t run, int with_rows, side *s, struct isl_moves *mv,
                            isl_error *err)
{
    isl_status r = read_names(st, "SELECT bundle_id, bundle FROM fact_status_bundle WHERE run_id = ?1 ORDER BY 1",
                              run, &s->b, err);
    if (!r) r = read_names(st, "SELECT channel_id, channel FROM fact_status_channel WHERE run_id = ?1 ORDER BY 1",
                           run, &s->c, err);
    if (!r) r = read_names(st, "SELECT fact_id, fact, position FROM fact_status_fact WHERE run_id = ?1 ORDER BY 1",
                           run, &s->f, err);
    if (r || !with_rows) return r;
    size_t cells = s->b.n * s->c.n * s->f.n;
    if (!(s->st = calloc(cells ? cells : 1, 1))) return isl_fail(err, ISL_ENOMEM, "out of memory");
    reading rd = {s, mv};
    return isl_db_rows(st, "comparing runs", ROWS, status_row, &rd, err, "i", run);
}

/* The index in y of the name x->name[i] (scan: bundles, channels), or ISL_NONE. */
static size_t find_name(const names *y, const char *name)
{
    for (size_t j = 0; j < y->n; j++)
        if (!strcmp(y->name[j], name)) return j;
    return ISL_NONE;
}

static const names *sort_names; /* qsort's context */
static int by_name(const void *x, const void *y)
{
    return strcmp(sort_names->name[*(const size_t *)x], sort_names->name[*(const size_t *)y]);
}

/* map[i]: the index in b of a's fact i by name, or ISL_NONE. */
static size_t *map_facts(const names *a, const names *b)
{
    size_t *order = malloc((b->n ? b->n : 1) * sizeof *order), *map = malloc((a->n ? a->n : 1) * sizeof *map);
    if (!order || !map) {
        free(order);
        free(map);
        return NULL;
    }
    for (size_t j = 0; j < b->n; j++) order[j] = j;
    sort_names = b;
    if (b->n) qsort(order, b->n, sizeof *order, by_name);
    for (size_t i = 0; i < a->n; i++) {
        size_t lo = 0, hi = b->n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (strcmp(b->name[order[mid]], a->name[i]) < 0) lo = mid + 1;
            else hi = mid;
        }
        map[i] = lo < b->n && !strcmp(b->name[order[lo]], a->name[i]) ? order[lo] : ISL_NONE;
    }
    free(order);
    return map;
}

static const char *const STATUS[] = {"absent", "visible", "left-open", "returns", "closed"};

typedef struct moved {
    const char *bundle, *channel, *fact;
    int lost;     /* 1: left the open surface; 0: joined it */
    int64_t pos;
    int sa, sb;   /* 0: absent */
} moved;

static int moved_cmp(const void *x, const void *y)
{
    const moved *p = x, *q = y;
    int c = strcmp(p->bundle, q->bundle);
    if (!c) c = strcmp(p->channel, q->channel);
    if (!c && p->lost != q->lost) c = p->lost ? -1 : 1;
    if (!c && p->pos != q->pos) c = p->pos < q->pos ? -1 : 1;
    return c ? c : strcmp(p->fact, q->fact);
}

struct isl_moves {
    side a, b;
    moved *m;
    size_t n, cap;
    size_t next; /* isl_moves_pair's cursor */
    void (*tick)(void *, uint64_t);
    void *tick_ctx;
    uint64_t rows; /* fact-status rows read */
};

/* Counts one row read; every 4096th, calls the tick. */
static void row_read(isl_moves *mv)
{
    if ((++mv->rows & 0xfff) == 0 && mv->tick) mv->tick(mv->tick_ctx, mv->rows);
}

/* Appends one moved fact when its openness differs: 0, or -1 when out of
 * memory. */
static int add_moved(isl_moves *mv, const moved *m)
{
    int open_a = m->sa && m->sa != 4, open_b = m->sb && m->sb != 4;
    if (open_a == open_b) return 0;
    if (mv->n == mv->cap) {
        size_t cap = mv->cap ? 2 * mv->cap : 64;
        moved *x = realloc(mv->m, cap * sizeof *x);
        if (!x) return -1;
        mv->m = x;
        mv->cap = cap;
    }
    mv->m[mv->n] = *m;
    mv->m[mv->n++].lost = open_a;
    return 0;
}

/* pass_a's moves and the maps from a's names to b's. */
typedef struct passing {
    isl_moves *mv;
    const size_t *mb, *mc, *mf;
} passing;

static isl_status pass_row(void *ctx, sqlite3_stmt *q)
{
    passing *p = ctx;
    isl_moves *mv = p->mv;
    const side *A = &mv->a;
    side *B = &mv->b;
    size_t b = index_of(&A->b, sqlite3_column_int64(q, 0)), c = index_of(&A->c, sqlite3_column_int64(q, 1)),
           f = index_of(&A->f, sqlite3_column_int64(q, 2));
    int v = sqlite3_column_int(q, 3);
    row_read(mv);
    if (b == ISL_NONE || c == ISL_NONE || f == ISL_NONE || v < 1 || v > 4) return ISL_OK;
    moved m = {A->b.name[b], A->c.name[c], A->f.name[f], 0, A->f.pos[f], v, 0};
    if (p->mb[b] != ISL_NONE && p->mc[c] != ISL_NONE && p->mf[f] != ISL_NONE) {
        unsigned char *cell = &B->st[(p->mb[b] * B->c.n + p->mc[c]) * B->f.n + p->mf[f]];
        m.sb = *cell & 0x7f;
        *cell |= 0x80;
        if (B->f.pos[p->mf[f]] < m.pos) m.pos = B->f.pos[p->mf[f]];
    }
    return add_moved(mv, &m) < 0 ? ISL_ENOMEM : ISL_OK;
}

/* Run a's rows in key order, each against b's status of the same names
 * (marked seen in b). */
static isl_status pass_a(isl_store *s, int64_t run, isl_moves *mv, const size_t *mb, const size_t *mc,
                         const size_t *mf, isl_error *err)
{
    passing p = {mv, mb, mc, mf};
    isl_status st = isl_db_rows(s, "comparing runs", ROWS, pass_row, &p, err, "i", run);
    return st == ISL_ENOMEM ? isl_fail(err, st, "out of memory") : st;
}

/* What is left of b: its statuses that no row of a named. */
static isl_status pass_b(isl_moves *mv, isl_error *err)
{
    const side *B = &mv->b;
    for (size_t b = 0; b < B->b.n; b++)
        for (size_t c = 0; c < B->c.n; c++)
            for (size_t f = 0; f < B->f.n; f++) {
                unsigned char v = B->st[(b * B->c.n + c) * B->f.n + f];
                moved m = {B->b.name[b], B->c.name[c], B->f.name[f], 0, B->f.pos[f], 0, v};
                if (v && !(v & 0x80) && add_moved(mv, &m) < 0) return isl_fail(err, ISL_ENOMEM, "out of memory");
            }
    return ISL_OK;
}

isl_status isl_moves_read(isl_store *s, int64_t a, int64_t b, void (*tick)(void *, uint64_t), void *tick_ctx,
                          isl_moves **out, isl_error *err)
{
    isl_moves *mv = calloc(1, sizeof *mv);
    if (!mv) return isl_fail(err, ISL_ENOMEM, "out of memory");
    *out = mv;
    mv->tick = tick;
    mv->tick_ctx = tick_ctx;
    isl_status st = read_side(s, b, 1, &mv->b, mv, err);
    if (!st) st = read_side(s, a, 0, &mv->a, mv, err);
    if (st) return st;
    size_t *mb = malloc((mv->a.b.n + 1) * sizeof *mb), *mc = malloc((mv->a.c.n + 1) * sizeof *mc);
    size_t *mf = map_facts(&mv->a.f, &mv->b.f);
    if (mb && mc && mf) {
        for (size_t i = 0; i < mv->a.b.n; i++) mb[i] = find_name(&mv->b.b, mv->a.b.name[i]);
        for (size_t i = 0; i < mv->a.c.n; i++) mc[i] = find_name(&mv->b.c, mv->a.c.name[i]);
        st = pass_a(s, a, mv, mb, mc, mf, err);
        if (!st) st = pass_b(mv, err);
    } else st = isl_fail(err, ISL_ENOMEM, "out of memory");
    free(mb);
    free(mc);
    free(mf);
    if (!st && mv->n) qsort(mv->m, mv->n, sizeof *mv->m, moved_cmp);
    return st;
}

size_t isl_moves_pair(isl_moves *mv, const char *bundle, const char *channel, size_t *first)
{
    while (mv->next < mv->n) {
        const moved *m = &mv->m[mv->next];
        int c = strcmp(m->bundle, bundle);
        if (!c) c = strcmp(m->channel, channel);
        if (c >= 0) break;
        mv->next++;
    }
    *first = mv->next;
    while (mv->next < mv->n && !strcmp(mv->m[mv->next].bundle, bundle) && !strcmp(mv->m[mv->next].channel, channel))
        mv->next++;
    return mv->next - *first;
}

char *isl_moves_line(const isl_moves *mv, size_t i)
{
    const moved *m = &mv->m[i];
    return sqlite3_mprintf("    %s%s (%s -> %s)", m->lost ? "lost:   " : "gained: ", m->fact, STATUS[m->sa],
                           STATUS[m->sb]);
}

void isl_moves_free(isl_moves *mv)
{
    if (!mv) return;
    side_free(&mv->a);
    side_free(&mv->b);
    free(mv->m);
    free(mv);
}
