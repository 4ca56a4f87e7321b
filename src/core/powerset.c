/* isolab: the power-set sweep of bundles.
 *
 * A fact's state after a bundle is decided by the last member that touches
 * it (closes it, or leaves it open): closed when that member closes it,
 * open when it leaves it open or when no member touches it. The subsets are
 * visited in increasing mask order (the order of the result table's key);
 * from mask to mask + 1 one bit t is set and the bits below it cleared, so
 * the subset is the bundle of its members above t with member t applied
 * first: t decides exactly the facts that no member above it touches
 * ("free" facts). The iterator keeps the current subset's closed set C and
 * free set F; moving on undoes the members below t (restoring the words
 * each one changed) and applies t:
 *     newly = adds_t & F,  C |= newly,  F &= ~touches_t,
 * with the closed count and each channel's returned count kept per member
 * ("slot" t: the counts of the subset's members from t up) as the count of
 * the members above plus what t adds. Each subset costs one application and
 * one undo, over the words member t touches only.
 *
 * Facts are numbered internally axis by axis (a mechanism closes whole
 * axes, so its facts are a few adjacent words rather than one bit in every
 * word); the counts do not depend on the numbering.
 *
 * Open axes without a pass over the axes: an axis with facts has an open
 * fact unless all its facts are closed and the channel shows none of them.
 * All its facts are closed exactly when some member closes the axis and
 * every fact of it that a member leaves open ("special" facts) is closed
 * again, so the fully closed axes are (axes closed by members) minus (axes
 * of special facts that are open): a few bit tests per subset.
 */
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
#include "isolab/powerset.h"

struct isl_powerset {
    const isl_model *m;
    uint64_t *block;              /* every array below, in one allocation */
    size_t w, aw, nm, nc;
    int with_none;
    /* per chosen mechanism i: the words it touches, entries ts[i]..ts[i+1) */
    size_t *ts, *tword;
    uint64_t *tadd, *ttouch;      /* per entry: facts it closes, facts it decides */
    uint64_t *savc, *savf;        /* per entry: C and F words before it was applied */
    uint64_t *C, *F;              /* the current subset: closed facts, free facts */
    uint64_t *shows;              /* per channel: its facts (w words, internal numbering) */
    uint64_t *axes, *lx;          /* per mechanism, per slot 0..nm: axes closed (aw words) */
    size_t *lc;                   /* per slot: facts closed by the slot's members */
    size_t *lr;                   /* per slot and channel: of those, facts the channel shows */
    uint64_t *nonempty;           /* axes with at least one fact */
    uint64_t *dark;               /* fully closed axes of the current subset */
    size_t n_nonempty;
    size_t nspecial, *sp_fact, *sp_axis;
    uint64_t *shown_axes;         /* per channel: axes of its facts (aw words) */
    /* position */
    uint64_t mask, end;           /* current subset; end = 2^nm */
    size_t slot;                  /* the slot holding the current subset's counts */
    size_t next_c;                /* next channel_id of the current subset */
    int no_axes;                  /* open_axes not wanted: left 0 */
    int applied0;                 /* member 0's change to C and F is in place */
    size_t open_axes;             /* the current subset's open axes without a channel */
};

/* Set bits of x, by bit arithmetic (no CPU-specific instruction). */
static inline size_t pop(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (size_t)((x * 0x0101010101010101u) >> 56);
}

/* The current subset's dark axes and its open axes without a channel. */
static void subset_axes(isl_powerset *p)
{
    size_t aw = p->aw, d = 0;
    const uint64_t *axes = p->lx + p->slot * aw;
    for (size_t k = 0; k < aw; k++) p->dark[k] = axes[k] & p->nonempty[k];
    for (size_t j = 0; j < p->nspecial; j++)
        if (!isl_bit_test(p->C, p->sp_fact[j])) isl_bit_clear(p->dark, p->sp_axis[j]);
    for (size_t k = 0; k < aw; k++) d += pop(p->dark[k]);
    p->open_axes = p->n_nonempty - d;
}

/* Takes member i's change out of C and F. */
static void undo(isl_powerset *p, size_t i)
{
    uint64_t *C = p->C, *F = p->F;
    for (size_t e = p->ts[i], end = p->ts[i + 1]; e < end; e++) {
        C[p->tword[e]] = p->savc[e];
        F[p->tword[e]] = p->savf[e];
    }
}

/* Moves to subset mask + 1: undoes members 0..t-1, applies member t on top
 * of the members above it (slot up: the lowest set bit above t, or nm). */
static void advance(isl_powerset *p)
{
    uint64_t mask = ++p->mask;
    size_t t = (size_t)__builtin_ctzll(mask), w = p->w, nc = p->nc;
    uint64_t above = mask >> t >> 1;
    size_t up = above ? t + 1 + (size_t)__builtin_ctzll(above) : p->nm;
    if (t > 0 && p->applied0) undo(p, 0);
    for (size_t i = 1; i < t; i++) undo(p, i);
    /* member 0 is never below another: when nothing reads C (open_axes),
     * only its counts are needed */
    int write = t > 0 || !p->no_axes;
    uint64_t *C = p->C, *F = p->F;
    const uint64_t *shows = p->shows, *add = p->tadd, *touch = p->ttouch;
    const size_t *word = p->tword;
    size_t closed = p->lc[up], *r = p->lr + t * nc;
    const size_t *rup = p->lr + up * nc;
    for (size_t c = 0; c < nc; c++) r[c] = rup[c];
    for (size_t e = p->ts[t], end = p->ts[t + 1]; e < end; e++) {
        size_t k = word[e];
        uint64_t f = F[k], newly = add[e] & f;
        if (write) {
            p->savc[e] = C[k];
            p->savf[e] = f;
            C[k] |= newly;
            F[k] = f & ~touch[e];
        }
        closed += pop(newly);
        for (size_t c = 0; c < nc; c++) r[c] += pop(newly & shows[c * w + k]);
    }
    p->applied0 = t == 0 && write;
    p->lc[t] = closed;
    p->slot = t;
    p->next_c = p->with_none ? 0 : 1;
    if (!p->no_axes) {
        size_t aw = p->aw;
        const uint64_t *dx = p->axes + t * aw, *x = p->lx + up * aw;
        uint64_t *x2 = p->lx + t * aw;
        for (size_t k = 0; k < aw; k++) x2[k] = dx[k] | x[k];
        subset_axes(p);
    }
}

/* The current subset's next row into *row. It is written field by field
 * (not copied from a row kept here): a wide load of fields just stored
 * stalls the CPU. */
static void emit(isl_powerset *p, isl_bundle_row *restrict row)
{
    size_t c = p->next_c++, nc = p->nc, visible = p->m->nfacts - p->lc[p->slot];
    size_t r = c ? p->lr[p->slot * nc + c - 1] : 0;
    row->mask = p->mask;
    row->size = (size_t)pop(p->mask);
    row->channel_id = c;
    row->s.visible = visible;
    row->s.returned = r;
    row->s.open_surface = visible + r;
    row->s.open_axes = 0;
    if (p->no_axes) return;
    if (c == 0) {
        row->s.open_axes = p->open_axes;
        return;
    }
    size_t d = 0, aw = p->aw;
    const uint64_t *sa = p->shown_axes + (c - 1) * aw;
    for (size_t j = 0; j < aw; j++) d += pop(p->dark[j] & ~sa[j]);
    row->s.open_axes = p->n_nonempty - d;
}

size_t isl_powerset_fill(isl_powerset *p, isl_bundle_row *rows, size_t n)
{
    size_t k = 0;
    for (; k < n; k++) {
        if (p->next_c > p->nc) {
            if (p->mask + 1 >= p->end) break;
            advance(p);
        }
        emit(p, &rows[k]);
    }
    return k;
}

void isl_powerset_free(isl_powerset *p)
{
    if (p) free(p->block);
    free(p);
}

/* perm[f]: fact f's internal number, axis by axis (in fact order within an
 * axis). */
static void number_by_axis(const isl_model *m, size_t *perm, size_t *start)
{
    memset(start, 0, (m->naxes + 1) * sizeof *start);
    for (size_t f = 0; f < m->nfacts; f++) start[m->fact_axis[f] + 1]++;
    for (size_t a = 0; a < m->naxes; a++) start[a + 1] += start[a];
    for (size_t f = 0; f < m->nfacts; f++) perm[f] = start[m->fact_axis[f]]++;
}

/* out = the facts of set s, internally numbered. */
static void renumber(const isl_model *m, const size_t *perm, const uint64_t *s, uint64_t *out)
{
    memset(out, 0, m->words * sizeof *out);
    for (size_t f = isl_bitset_next(s, m->nfacts, 0); f < m->nfacts; f = isl_bitset_next(s, m->nfacts, f + 1))
        isl_bit_set(out, perm[f]);
}

/* Lays the iterator's arrays out in block (NULL: counts the words they
 * take) for nm mechanisms making nt word changes; returns the words. */
static size_t ps_layout(isl_powerset *p, uint64_t *block, size_t nm, size_t nt)
{
    size_t w = p->w, aw = p->aw, nc = p->nc, nf = p->m->nfacts, used = 0;
    p->ts = isl_words_take(block, &used, nm + 1, sizeof *p->ts);
    p->tword = isl_words_take(block, &used, nt, sizeof *p->tword);
    p->tadd = isl_words_take(block, &used, nt, sizeof *p->tadd);
    p->ttouch = isl_words_take(block, &used, nt, sizeof *p->ttouch);
    p->savc = isl_words_take(block, &used, nt, sizeof *p->savc);
    p->savf = isl_words_take(block, &used, nt, sizeof *p->savf);
    p->C = isl_words_take(block, &used, w, sizeof *p->C);
    p->F = isl_words_take(block, &used, w, sizeof *p->F);
    p->shows = isl_words_take(block, &used, nc * w, sizeof *p->shows);
    p->axes = isl_words_take(block, &used, nm * aw, sizeof *p->axes);
    p->lx = isl_words_take(block, &used, (nm + 1) * aw, sizeof *p->lx);
    p->lc = isl_words_take(block, &used, nm + 1, sizeof *p->lc);
    p->lr = isl_words_take(block, &used, (nm + 1) * nc, sizeof *p->lr);
    p->nonempty = isl_words_take(block, &used, aw, sizeof *p->nonempty);
    p->dark = isl_words_take(block, &used, aw, sizeof *p->dark);
    p->sp_fact = isl_words_take(block, &used, nf, sizeof *p->sp_fact);
    p->sp_axis = isl_words_take(block, &used, nf, sizeof *p->sp_axis);
    p->shown_axes = isl_words_take(block, &used, nc * aw, sizeof *p->shown_axes);
    return used;
}

/* Each mechanism's word changes (from its closed and left-open facts, cl
 * and ro, renumbered) and the axes it closes. */
static void ps_changes(isl_powerset *p, const isl_model *m, const size_t *mechs, size_t nm, const uint64_t *cl,
                       const uint64_t *ro)
{
    size_t w = p->w, aw = p->aw;
    for (size_t i = 0, e = 0; i < nm; i++) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        const uint64_t *c = cl + i * w, *r = ro + i * w;
        p->ts[i] = e;
        for (size_t k = 0; k < w; k++)
            if (c[k] | r[k]) {
                p->tword[e] = k;
                p->tadd[e] = c[k] & ~r[k];
                p->ttouch[e++] = c[k] | r[k];
            }
        p->ts[i + 1] = e;
        for (size_t k = 0; k < d->naxes; k++) isl_bit_set(p->axes + i * aw, d->axes[k]);
    }
}

/* The axes that have facts, the special (left-open somewhere) facts, and
 * each channel's shown facts and axes. */
static void ps_facts(isl_powerset *p, const isl_model *m, const size_t *perm, const uint64_t *special,
                     const size_t *channels)
{
    for (size_t f = 0; f < m->nfacts; f++) {
        if (!isl_bit_test(p->nonempty, m->fact_axis[f])) p->n_nonempty++;
        isl_bit_set(p->nonempty, m->fact_axis[f]);
        if (isl_bit_test(special, f)) {
            p->sp_fact[p->nspecial] = perm[f];
            p->sp_axis[p->nspecial++] = m->fact_axis[f];
        }
    }
    for (size_t c = 0; c < p->nc; c++) {
        const isl_channel *ch = &m->channel[channels[c]];
        renumber(m, perm, ch->shows, p->shows + c * p->w);
        for (size_t f = isl_bitset_next(ch->shows, m->nfacts, 0); f < m->nfacts;
             f = isl_bitset_next(ch->shows, m->nfacts, f + 1))
            isl_bit_set(p->shown_axes + c * p->aw, m->fact_axis[f]);
    }
}

/* Derives the per-mechanism changes, special facts and per-channel sets. */
static isl_status ps_init(isl_powerset *p, const isl_model *m, const size_t *mechs, size_t nm,
                          const size_t *channels)
{
    size_t w = p->w = m->words, wn = w ? w : 1, n = nm ? nm : 1, nt = 0;
    p->aw = isl_bitset_words(m->naxes);
    p->m = m;
    size_t *perm = malloc((m->nfacts ? m->nfacts : 1) * sizeof *perm);
    size_t *start = malloc((m->naxes + 1) * sizeof *start);
    /* each chosen mechanism's closed and left-open facts, renumbered */
    uint64_t *cl = malloc(n * wn * sizeof *cl), *ro = malloc(n * wn * sizeof *ro);
    uint64_t *special = calloc(wn, sizeof *special);
    isl_status st = ISL_ENOMEM;
    if (!perm || !start || !cl || !ro || !special) goto out;
    number_by_axis(m, perm, start);
    for (size_t i = 0; i < nm; i++) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        renumber(m, perm, d->closes, cl + i * w);
        renumber(m, perm, d->reopens, ro + i * w);
        for (size_t k = 0; k < w; k++) nt += (cl[i * w + k] | ro[i * w + k]) != 0;
        isl_bitset_or(special, d->reopens, w);
    }
    if (!(p->block = calloc(ps_layout(p, NULL, nm, nt), sizeof *p->block))) goto out;
    ps_layout(p, p->block, nm, nt);
    memset(p->F, 0xff, w * sizeof *p->F);
    st = ISL_OK;
    ps_changes(p, m, mechs, nm, cl, ro);
    ps_facts(p, m, perm, special, channels);
out:
    free(perm);
    free(start);
    free(cl);
    free(ro);
    free(special);
    return st;
}

isl_status isl_powerset_new(const isl_model *m, const size_t *mechs, size_t nm, int flags,
                            const size_t *channels, size_t nc, isl_powerset **out)
{
    *out = NULL;
    if (nm > ISL_POWERSET_MAX) return ISL_EINPUT;
    isl_powerset *p = calloc(1, sizeof *p);
    if (!p) return ISL_ENOMEM;
    p->nm = nm;
    p->nc = nc;
    p->with_none = (flags & ISL_POWERSET_NONE) != 0;
    p->no_axes = (flags & ISL_POWERSET_NO_AXES) != 0;
    p->end = (uint64_t)1 << nm;
    if (ps_init(p, m, mechs, nm, channels)) {
        isl_powerset_free(p);
        return ISL_ENOMEM;
    }
    p->slot = nm;
    p->next_c = p->with_none ? 0 : 1;
    subset_axes(p);
    if (nc == 0 && !p->with_none) p->end = 0; /* no rows: next_c is 1, past nc */
    *out = p;
    return ISL_OK;
}
