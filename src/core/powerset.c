/* isolab: the power-set sweep of bundles.
 *
 * A mechanism d maps a closed set X to (X & ~reopens) | (closes & ~reopens).
 * Every bundle is therefore a map X -> (X & keep) | add, and prepending a
 * mechanism d (applying it first) to a bundle (keep, add) gives
 *     keep' = keep_d & keep,   add' = (add_d & keep) | add,
 * one pass over the fact words. The subsets are visited in increasing mask
 * order (the order of the result table's key) and each keeps, per level j,
 * the bundle of its members of bit j and above ("slot" j: member j
 * prepended to the bundle of its members above j). Going from mask to
 * mask + 1 sets one bit t and clears the bits below it, so only slot t
 * changes: every subset's closed set (= its `add`, applied to nothing
 * closed) costs one mechanism application, pulled one row at a time.
 *
 * Open axes without a pass over the axes: an axis with facts has an open
 * fact unless all its facts are closed and the channel shows none of them.
 * All its facts are closed exactly when some member closes the axis and
 * every fact of it that a member leaves open ("special" facts) is closed
 * again, so the fully closed axes are (axes closed by members) minus (axes
 * of special facts that are open): a few bit tests per subset. */
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
#include "isolab/powerset.h"

struct isl_powerset {
    const isl_model *m;
    size_t w, aw, nm, nc;
    int with_none;
    const size_t *channels;
    uint64_t *keep, *add, *axes;  /* per chosen mechanism: w, w, aw words */
    uint64_t *lk, *la, *lx;       /* per slot 0..nm: a bundle (keep, add, axes); slot nm is empty */
    size_t *lc;                   /* per slot: facts its bundle closes (|add|) */
    uint64_t *nonempty;           /* axes with at least one fact */
    uint64_t *dark;               /* fully closed axes of the current subset */
    size_t n_nonempty;
    size_t nspecial, *sp_fact, *sp_axis;
    uint64_t *shown_axes;         /* per channel: axes of its facts (aw words) */
    size_t *sh_start, *sh_word;   /* per channel: its nonzero fact words */
    uint64_t *sh_bits;
    /* position */
    uint64_t mask, end;           /* current subset; end = 2^nm */
    size_t slot;                  /* the slot holding the current subset's bundle */
    size_t next_c;                /* next channel_id of the current subset */
    int no_axes;                  /* open_axes not wanted: left 0 */
    isl_bundle_row row;           /* the current subset's no-channel row */
};

/* The hot functions are built twice on x86-64 with GCC, with and without
 * the popcnt instruction, and the loader picks one for the CPU (an ifunc):
 * without it each count is a library call. Elsewhere, bit arithmetic. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define HOT __attribute__((target_clones("popcnt", "default")))
#define INLINE __attribute__((always_inline)) inline
static INLINE size_t pop(uint64_t x) { return (size_t)__builtin_popcountll(x); }
#else
#define HOT
#define INLINE inline
static inline size_t pop(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (size_t)((x * 0x0101010101010101u) >> 56);
}
#endif

static INLINE size_t count(const uint64_t *a, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += pop(a[i]);
    return c;
}

/* The current subset's counts without a channel, and its dark axes. */
static INLINE void subset(isl_powerset *p)
{
    size_t aw = p->aw;
    const uint64_t *closed = p->la + p->slot * p->w, *axes = p->lx + p->slot * aw;
    if (!p->no_axes) {
        for (size_t k = 0; k < aw; k++) p->dark[k] = axes[k] & p->nonempty[k];
        for (size_t j = 0; j < p->nspecial; j++)
            if (!isl_bit_test(closed, p->sp_fact[j])) isl_bit_clear(p->dark, p->sp_axis[j]);
    }
    p->row.mask = p->mask;
    p->row.size = pop(p->mask);
    p->row.channel_id = 0;
    p->row.s.visible = p->m->nfacts - p->lc[p->slot];
    p->row.s.returned = 0;
    p->row.s.open_surface = p->row.s.visible;
    p->row.s.open_axes = p->no_axes ? 0 : p->n_nonempty - count(p->dark, aw);
    p->next_c = p->with_none ? 0 : 1;
}

/* Moves to subset mask + 1: slot t = member t prepended to the bundle of
 * the members above t (the slot of the lowest set bit above t, or nm). */
static INLINE void advance(isl_powerset *p)
{
    uint64_t mask = ++p->mask;
    size_t t = (size_t)__builtin_ctzll(mask), w = p->w, aw = p->aw;
    uint64_t above = t + 1 < 64 ? mask >> (t + 1) : 0;
    size_t up = above ? t + 1 + (size_t)__builtin_ctzll(above) : p->nm;
    const uint64_t *keep = p->lk + up * w, *add = p->la + up * w, *axes = p->lx + up * aw;
    uint64_t *k2 = p->lk + t * w, *a2 = p->la + t * w, *x2 = p->lx + t * aw;
    const uint64_t *dk = p->keep + t * w, *da = p->add + t * w, *dx = p->axes + t * aw;
    size_t closed = 0;
    if (t == 0) /* slot 0 is never a bundle above another: its keep is never read */
        for (size_t k = 0; k < w; k++) {
            a2[k] = (da[k] & keep[k]) | add[k];
            closed += pop(a2[k]);
        }
    else
        for (size_t k = 0; k < w; k++) {
            k2[k] = dk[k] & keep[k];
            a2[k] = (da[k] & keep[k]) | add[k];
            closed += pop(a2[k]);
        }
    if (!p->no_axes)
        for (size_t k = 0; k < aw; k++) x2[k] = dx[k] | axes[k];
    p->lc[t] = closed;
    p->slot = t;
    subset(p);
}

HOT int isl_powerset_next(isl_powerset *p, isl_bundle_row *row)
{
    if (p->nc == 0 && !p->with_none) return 0;
    if (p->next_c > p->nc) {
        if (p->mask + 1 >= p->end) return 0;
        advance(p);
    }
    *row = p->row;
    size_t c = p->next_c++;
    if (c == 0) return 1;
    size_t r = 0, d = 0, aw = p->aw;
    const uint64_t *closed = p->la + p->slot * p->w;
    for (size_t j = p->sh_start[c - 1]; j < p->sh_start[c]; j++)
        r += pop(p->sh_bits[j] & closed[p->sh_word[j]]);
    row->channel_id = c;
    row->s.returned = r;
    row->s.open_surface = row->s.visible + r;
    if (p->no_axes) return 1;
    const uint64_t *sa = p->shown_axes + (c - 1) * aw;
    for (size_t k = 0; k < aw; k++) d += pop(p->dark[k] & ~sa[k]);
    row->s.open_axes = p->n_nonempty - d;
    return 1;
}

void isl_powerset_no_axes(isl_powerset *p)
{
    p->no_axes = 1;
    p->row.s.open_axes = 0;
}

void isl_powerset_free(isl_powerset *p)
{
    if (!p) return;
    free(p->keep);
    free(p->add);
    free(p->axes);
    free(p->lk);
    free(p->la);
    free(p->lx);
    free(p->lc);
    free(p->nonempty);
    free(p->dark);
    free(p->sp_fact);
    free(p->sp_axis);
    free(p->shown_axes);
    free(p->sh_start);
    free(p->sh_word);
    free(p->sh_bits);
    free(p);
}

/* Derives the per-mechanism maps, special facts and per-channel sets. */
static isl_status ps_init(isl_powerset *p, const isl_model *m, const size_t *mechs, size_t nm,
                          const size_t *channels)
{
    size_t w = p->w = m->words, aw = p->aw = isl_bitset_words(m->naxes), nc = p->nc;
    size_t n = nm ? nm : 1, nsh = 0;
    p->m = m;
    for (size_t c = 0; c < nc; c++)
        for (size_t k = 0; k < w; k++) nsh += m->channel[channels[c]].shows[k] != 0;
    p->keep = calloc(n * w, sizeof *p->keep);
    p->add = calloc(n * w, sizeof *p->add);
    p->axes = calloc(n * aw, sizeof *p->axes);
    p->lk = calloc((nm + 1) * w, sizeof *p->lk);
    p->la = calloc((nm + 1) * w, sizeof *p->la);
    p->lx = calloc((nm + 1) * aw, sizeof *p->lx);
    p->lc = calloc(nm + 1, sizeof *p->lc);
    p->nonempty = calloc(aw, sizeof *p->nonempty);
    p->dark = calloc(aw, sizeof *p->dark);
    p->sp_fact = calloc(m->nfacts, sizeof *p->sp_fact);
    p->sp_axis = calloc(m->nfacts, sizeof *p->sp_axis);
    p->shown_axes = calloc((nc ? nc : 1) * aw, sizeof *p->shown_axes);
    p->sh_start = calloc(nc + 1, sizeof *p->sh_start);
    p->sh_word = calloc(nsh ? nsh : 1, sizeof *p->sh_word);
    p->sh_bits = calloc(nsh ? nsh : 1, sizeof *p->sh_bits);
    uint64_t *special = isl_bitset_new(w);
    if (!p->keep || !p->add || !p->axes || !p->lk || !p->la || !p->lx || !p->lc || !p->nonempty || !p->dark || !p->sp_fact
        || !p->sp_axis || !p->shown_axes || !p->sh_start || !p->sh_word || !p->sh_bits || !special) {
        free(special);
        return ISL_ENOMEM;
    }
    for (size_t i = 0; i < nm; i++) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        for (size_t k = 0; k < w; k++) {
            p->keep[i * w + k] = ~d->reopens[k];
            p->add[i * w + k] = d->closes[k] & ~d->reopens[k];
        }
        for (size_t k = 0; k < d->naxes; k++) isl_bit_set(p->axes + i * aw, d->axes[k]);
        isl_bitset_or(special, d->reopens, w);
    }
    memset(p->lk + nm * w, 0xff, w * sizeof *p->lk); /* the empty bundle keeps everything */
    for (size_t f = 0; f < m->nfacts; f++) {
        if (!isl_bit_test(p->nonempty, m->fact_axis[f])) p->n_nonempty++;
        isl_bit_set(p->nonempty, m->fact_axis[f]);
        if (isl_bit_test(special, f)) {
            p->sp_fact[p->nspecial] = f;
            p->sp_axis[p->nspecial++] = m->fact_axis[f];
        }
    }
    free(special);
    for (size_t c = 0, j = 0; c < nc; c++) {
        const isl_channel *ch = &m->channel[channels[c]];
        p->sh_start[c] = j;
        for (size_t k = 0; k < w; k++)
            if (ch->shows[k]) p->sh_word[j] = k, p->sh_bits[j++] = ch->shows[k];
        p->sh_start[c + 1] = j;
        for (size_t f = isl_bitset_next(ch->shows, m->nfacts, 0); f < m->nfacts;
             f = isl_bitset_next(ch->shows, m->nfacts, f + 1))
            isl_bit_set(p->shown_axes + c * aw, m->fact_axis[f]);
    }
    return ISL_OK;
}

isl_status isl_powerset_new(const isl_model *m, const size_t *mechs, size_t nm, int with_none,
                            const size_t *channels, size_t nc, isl_powerset **out)
{
    *out = NULL;
    if (nm > ISL_POWERSET_MAX) return ISL_EINPUT;
    isl_powerset *p = calloc(1, sizeof *p);
    if (!p) return ISL_ENOMEM;
    p->nm = nm;
    p->nc = nc;
    p->with_none = with_none != 0;
    p->channels = channels;
    p->end = (uint64_t)1 << nm;
    if (ps_init(p, m, mechs, nm, channels)) {
        isl_powerset_free(p);
        return ISL_ENOMEM;
    }
    p->mask = 0;
    p->slot = nm;
    subset(p);
    *out = p;
    return ISL_OK;
}

isl_status isl_sweep_powerset(const isl_model *m, const size_t *mechs, size_t nm,
                              const size_t *channels, size_t nc, isl_bundle_fn fn, void *ctx)
{
    isl_powerset *p;
    isl_status st = isl_powerset_new(m, mechs, nm, 1, channels, nc, &p);
    isl_bundle_row row;
    while (!st && isl_powerset_next(p, &row)) st = fn(ctx, &row);
    isl_powerset_free(p);
    return st;
}
