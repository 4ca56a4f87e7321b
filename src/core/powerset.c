/* isolab: the power-set sweep of bundles.
 *
 * A mechanism d maps a closed set X to (X & ~reopens) | (closes & ~reopens).
 * Every bundle is therefore a map X -> (X & keep) | add, and prepending a
 * mechanism d (applying it first) to a bundle (keep, add) gives
 *     keep' = keep_d & keep,   add' = (add_d & keep) | add,
 * one pass over the fact words. The sweep is a depth-first walk over the
 * include/exclude decisions from the last mechanism to the first: each
 * "include" prepends one mechanism to the bundle of the decisions above it,
 * so every subset's closed set (= its `add`, applied to nothing closed)
 * costs one mechanism application, and the subsets come out in increasing
 * mask order, the order of the result table's key.
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

typedef struct ps {
    const isl_model *m;
    isl_bundle_fn fn;
    void *ctx;
    size_t w, aw, nc;
    uint64_t *keep, *add, *axes;  /* per chosen mechanism: w, w, aw words */
    uint64_t *lk, *la, *lx;       /* per level: the bundle so far (keep, add, axes) */
    uint64_t *nonempty;           /* axes with at least one fact */
    uint64_t *dark;               /* scratch: fully closed axes of the subset */
    size_t n_nonempty;
    size_t nspecial, *sp_fact, *sp_axis;
    uint64_t *shown_axes;         /* per channel: axes of its facts (aw words) */
    size_t *sh_start, *sh_word;   /* per channel: its nonzero fact words */
    uint64_t *sh_bits;
} ps;

/* The rows of one subset whose closed set is `closed` and members close `axes`. */
static isl_status emit(ps *p, const uint64_t *closed, const uint64_t *axes, uint64_t mask, size_t size)
{
    isl_bundle_row row;
    size_t aw = p->aw;
    for (size_t k = 0; k < aw; k++) p->dark[k] = axes[k] & p->nonempty[k];
    for (size_t j = 0; j < p->nspecial; j++)
        if (!isl_bit_test(closed, p->sp_fact[j])) isl_bit_clear(p->dark, p->sp_axis[j]);
    row.mask = mask;
    row.size = size;
    row.channel_id = 0;
    row.s.visible = p->m->nfacts - isl_bitset_count(closed, p->w);
    row.s.returned = 0;
    row.s.open_surface = row.s.visible;
    row.s.open_axes = p->n_nonempty - isl_bitset_count(p->dark, aw);
    isl_status st = p->fn(p->ctx, &row);
    for (size_t c = 0; c < p->nc && !st; c++) {
        size_t r = 0, d = 0;
        for (size_t j = p->sh_start[c]; j < p->sh_start[c + 1]; j++)
            r += (size_t)__builtin_popcountll(p->sh_bits[j] & closed[p->sh_word[j]]);
        const uint64_t *sa = p->shown_axes + c * aw;
        for (size_t k = 0; k < aw; k++) d += (size_t)__builtin_popcountll(p->dark[k] & ~sa[k]);
        row.channel_id = c + 1;
        row.s.returned = r;
        row.s.open_surface = row.s.visible + r;
        row.s.open_axes = p->n_nonempty - d;
        st = p->fn(p->ctx, &row);
    }
    return st;
}

/* Decides mechanisms i-1 .. 0 below the bundle (keep, add, axes) of the
 * decisions already taken (mask, size). */
static isl_status walk(ps *p, size_t i, const uint64_t *keep, const uint64_t *add, const uint64_t *axes,
                       uint64_t mask, size_t size)
{
    if (i == 0) return emit(p, add, axes, mask, size);
    size_t j = i - 1, w = p->w, aw = p->aw;
    isl_status st = walk(p, j, keep, add, axes, mask, size);
    if (st) return st;
    uint64_t *k2 = p->lk + j * w, *a2 = p->la + j * w, *x2 = p->lx + j * aw;
    const uint64_t *dk = p->keep + j * w, *da = p->add + j * w, *dx = p->axes + j * aw;
    for (size_t k = 0; k < w; k++) {
        k2[k] = dk[k] & keep[k];
        a2[k] = (da[k] & keep[k]) | add[k];
    }
    for (size_t k = 0; k < aw; k++) x2[k] = dx[k] | axes[k];
    return walk(p, j, k2, a2, x2, mask | (uint64_t)1 << j, size + 1);
}

static void ps_free(ps *p)
{
    free(p->keep);
    free(p->add);
    free(p->axes);
    free(p->lk);
    free(p->la);
    free(p->lx);
    free(p->nonempty);
    free(p->dark);
    free(p->sp_fact);
    free(p->sp_axis);
    free(p->shown_axes);
    free(p->sh_start);
    free(p->sh_word);
    free(p->sh_bits);
}

/* Derives the per-mechanism maps, special facts and per-channel sets. */
static isl_status ps_init(ps *p, const isl_model *m, const size_t *mechs, size_t nm, const size_t *channels)
{
    size_t w = p->w = m->words, aw = p->aw = isl_bitset_words(m->naxes), nc = p->nc;
    size_t n = nm ? nm : 1, nsh = 0;
    p->m = m;
    for (size_t c = 0; c < nc; c++)
        for (size_t k = 0; k < w; k++) nsh += m->channel[channels[c]].shows[k] != 0;
    p->keep = calloc(n * w, sizeof *p->keep);
    p->add = calloc(n * w, sizeof *p->add);
    p->axes = calloc(n * aw, sizeof *p->axes);
    p->lk = calloc(n * w, sizeof *p->lk);
    p->la = calloc(n * w, sizeof *p->la);
    p->lx = calloc(n * aw, sizeof *p->lx);
    p->nonempty = calloc(aw, sizeof *p->nonempty);
    p->dark = calloc(aw, sizeof *p->dark);
    p->sp_fact = calloc(m->nfacts, sizeof *p->sp_fact);
    p->sp_axis = calloc(m->nfacts, sizeof *p->sp_axis);
    p->shown_axes = calloc((nc ? nc : 1) * aw, sizeof *p->shown_axes);
    p->sh_start = calloc(nc + 1, sizeof *p->sh_start);
    p->sh_word = calloc(nsh ? nsh : 1, sizeof *p->sh_word);
    p->sh_bits = calloc(nsh ? nsh : 1, sizeof *p->sh_bits);
    uint64_t *special = isl_bitset_new(w);
    if (!p->keep || !p->add || !p->axes || !p->lk || !p->la || !p->lx || !p->nonempty || !p->dark || !p->sp_fact
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

isl_status isl_sweep_powerset(const isl_model *m, const size_t *mechs, size_t nm,
                              const size_t *channels, size_t nc, isl_bundle_fn fn, void *ctx)
{
    if (nm > ISL_POWERSET_MAX) return ISL_EINPUT;
    ps p;
    memset(&p, 0, sizeof p);
    p.fn = fn;
    p.ctx = ctx;
    p.nc = nc;
    isl_status st = ps_init(&p, m, mechs, nm, channels);
    uint64_t *keep = isl_bitset_new(p.w), *add = isl_bitset_new(p.w), *axes = isl_bitset_new(p.aw);
    if (!st && (!keep || !add || !axes)) st = ISL_ENOMEM;
    if (!st) {
        memset(keep, 0xff, p.w * sizeof *keep); /* the empty bundle keeps everything */
        st = walk(&p, nm, keep, add, axes, 0, 0);
    }
    free(keep);
    free(add);
    free(axes);
    ps_free(&p);
    return st;
}
