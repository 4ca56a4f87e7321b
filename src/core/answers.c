/* isolab: the power set's answers (frontier, smallest, marginal) without
 * its rows.
 *
 * A fact's state after a subset is decided by the last member that touches
 * it (closes it, or leaves it open); the open surface is every fact minus
 * the "hidden" ones: closed by that last member and not shown by the
 * channel. So facts shown by the channel, and facts no mechanism touches,
 * never count; the others fall into classes of facts that every mechanism
 * treats alike (the same members touch them, the same close them), and a
 * class set stands for a fact set, each class weighing its facts.
 *
 * The walk decides the members from the last mechanism down: at level i,
 * mechanisms i..nm-1 are decided and F holds the classes none of them
 * touched ("free"). Taking mechanism i-1 hides its closed classes of F and
 * removes its touched ones from F; leaving it out changes nothing (apply and
 * undo). What mechanisms 0..i-1 can still add depends on F only through
 * F's classes that they touch, so the best per size of that remainder
 * (most hidden, how many subsets reach it, the first in mask order) is kept
 * in a direct-mapped table keyed by (i, those classes): a remainder met
 * again is not walked again. The table has a fixed size (a key that does
 * not fit replaces the one in its slot): memory does not grow with 2^nm. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/answers.h"
#include "isolab/bitset.h"
#include "isolab/surface.h"

/* Slots of the remainders' table. */
#define SLOTS 4096

/* The best of a remainder at one size. */
typedef struct best {
    uint64_t count, first; /* subsets reaching it; the first (mask over mechanisms 0..i-1) */
    size_t hidden;         /* most facts hidden */
} best;

/* A node of the smallest subsets' walk at level nm - depth. */
typedef struct frame {
    uint64_t mask;  /* the members decided so far */
    size_t hidden;  /* facts they hide */
    size_t need;    /* members still to take */
    int phase;      /* 0: leave the next mechanism out next; 1: take it; 2: done */
} frame;

typedef struct solver {
    uint64_t *block;         /* every array below, in one allocation */
    size_t nm, cw, nfacts;   /* mechanisms; words of a class set; facts of the model */
    size_t *weight;          /* per class: its facts */
    uint64_t *add, *touch;   /* per mechanism (cw words each): classes it closes, it decides */
    uint64_t *below;         /* per level i in 0..nm: classes mechanisms 0..i-1 touch */
    uint64_t *key, *inc;     /* per level: the remainder's key; the free set after taking i-1 */
    best *ta, *tb;           /* per level (nm + 1 entries): the two children's bests */
    uint32_t *slot_level;    /* per slot: level + 1 of the key held, 0: empty */
    uint64_t *slot_key;      /* per slot: cw words */
    best *slot_best;         /* per slot: nm + 1 entries */
    best *probe;             /* nm + 1 entries: one walk's answer */
    frame *fr;               /* the smallest's walk, per depth: its node */
    uint64_t *fs;            /* ... and its free classes (cw words) */
} solver;

/* Lays the solver's arrays out in block (NULL: counts the words they take)
 * for ncls classes; returns the words. */
static size_t solver_layout(solver *s, uint64_t *block, size_t ncls)
{
    size_t cw = s->cw, lv = s->nm + 1, used = 0;
    s->weight = isl_words_take(block, &used, ncls, sizeof *s->weight);
    s->add = isl_words_take(block, &used, s->nm * cw, sizeof *s->add);
    s->touch = isl_words_take(block, &used, s->nm * cw, sizeof *s->touch);
    s->below = isl_words_take(block, &used, lv * cw, sizeof *s->below);
    s->key = isl_words_take(block, &used, lv * cw, sizeof *s->key);
    s->inc = isl_words_take(block, &used, lv * cw, sizeof *s->inc);
    s->ta = isl_words_take(block, &used, lv * lv, sizeof *s->ta);
    s->tb = isl_words_take(block, &used, lv * lv, sizeof *s->tb);
    s->slot_level = isl_words_take(block, &used, SLOTS, sizeof *s->slot_level);
    s->slot_key = isl_words_take(block, &used, SLOTS * cw, sizeof *s->slot_key);
    s->slot_best = isl_words_take(block, &used, SLOTS * lv, sizeof *s->slot_best);
    s->probe = isl_words_take(block, &used, lv, sizeof *s->probe);
    s->fr = isl_words_take(block, &used, lv, sizeof *s->fr);
    s->fs = isl_words_take(block, &used, lv * cw, sizeof *s->fs);
    return used;
}

/* A class of facts: the members (bits of mechs' indexes) that touch its
 * facts and those that close them (its signature), and its facts' count. */
typedef struct sig {
    uint64_t touch, add;
    size_t weight;
} sig;

static int sig_cmp(const void *a, const void *b)
{
    const sig *x = a, *y = b;
    if (x->touch != y->touch) return x->touch < y->touch ? -1 : 1;
    return x->add < y->add ? -1 : x->add > y->add;
}

/* The classes of the facts that can be hidden, in signature order (*n). */
static sig *signatures(const isl_model *m, const size_t *mechs, size_t nm, size_t channel, size_t *n)
{
    sig *g = malloc((m->nfacts ? m->nfacts : 1) * sizeof *g);
    if (!g) return NULL;
    const uint64_t *shows = channel == ISL_NONE ? NULL : m->channel[channel].shows;
    *n = 0;
    for (size_t f = 0; f < m->nfacts; f++) {
        if (shows && isl_bit_test(shows, f)) continue;
        sig x = {0, 0, 1};
        for (size_t i = 0; i < nm; i++) {
            const isl_mechanism *d = &m->mech[mechs[i]];
            int closes = isl_bit_test(d->closes, f), reopens = isl_bit_test(d->reopens, f);
            if (closes || reopens) x.touch |= (uint64_t)1 << i;
            if (closes && !reopens) x.add |= (uint64_t)1 << i;
        }
        if (x.touch) g[(*n)++] = x;
    }
    qsort(g, *n, sizeof *g, sig_cmp);
    size_t k = 0;
    for (size_t j = 0; j < *n; j++)
        if (k && !sig_cmp(&g[k - 1], &g[j])) g[k - 1].weight++;
        else g[k++] = g[j];
    *n = k;
    return g;
}

/* Fills the classes' weights and the mechanisms' class sets from the
 * classes g[0..n). */
static void classes(solver *s, const sig *g, size_t n)
{
    size_t cw = s->cw;
    for (size_t c = 0; c < n; c++) {
        s->weight[c] = g[c].weight;
        for (size_t i = 0; i < s->nm; i++) {
            if (g[c].touch >> i & 1) isl_bit_set(s->touch + i * cw, c);
            if (g[c].add >> i & 1) isl_bit_set(s->add + i * cw, c);
        }
    }
    for (size_t i = 0; i < s->nm; i++) {
        isl_bitset_copy(s->below + (i + 1) * cw, s->below + i * cw, cw);
        isl_bitset_or(s->below + (i + 1) * cw, s->touch + i * cw, cw);
    }
}

static isl_status solver_init(solver *s, const isl_model *m, const size_t *mechs, size_t nm, size_t channel)
{
    if (nm > ISL_ANSWERS_MAX) return ISL_EINPUT;
    size_t ncls = 0;
    sig *g = signatures(m, mechs, nm, channel, &ncls);
    if (!g) return ISL_ENOMEM;
    s->nm = nm;
    s->nfacts = m->nfacts;
    s->cw = isl_bitset_words(ncls);
    if ((s->block = calloc(solver_layout(s, NULL, ncls), sizeof *s->block))) {
        solver_layout(s, s->block, ncls);
        classes(s, g, ncls);
    }
    free(g);
    return s->block ? ISL_OK : ISL_ENOMEM;
}

/* The facts of the classes in a & b. */
static size_t weigh(const solver *s, const uint64_t *a, const uint64_t *b)
{
    size_t sum = 0;
    for (size_t k = 0; k < s->cw; k++)
        for (uint64_t bits = a[k] & b[k]; bits; bits &= bits - 1) sum += s->weight[k * 64 + (size_t)__builtin_ctzll(bits)];
    return sum;
}

static size_t slot_of(const solver *s, size_t level, const uint64_t *key)
{
    uint64_t h = 0x9e3779b97f4a7c15u * (level + 1);
    for (size_t k = 0; k < s->cw; k++) h = (h ^ key[k]) * 0xff51afd7ed558ccdu;
    return (size_t)(h >> 40) & (SLOTS - 1);
}

/* out[k] for k in 0..i: the better of leaving mechanism i-1 out (a[k]) and
 * taking it (b[k-1], hiding gain more); on a tie the counts add up and the
 * first is a's (its masks lack bit i-1, so they come first). */
static void merge(size_t i, const best *a, const best *b, size_t gain, best *out)
{
    uint64_t bit = (uint64_t)1 << (i - 1);
    for (size_t k = 0; k <= i; k++) {
        best y = {0, 0, 0};
        if (k >= 1) y = (best){b[k - 1].count, b[k - 1].first | bit, b[k - 1].hidden + gain};
        if (k == i || (k >= 1 && y.hidden > a[k].hidden)) out[k] = y;
        else if (k == 0 || y.hidden < a[k].hidden) out[k] = a[k];
        else out[k] = (best){a[k].count + y.count, a[k].first, a[k].hidden};
    }
}

/* out[0..i]: per size, the best of the subsets of mechanisms 0..i-1 when F
 * holds the free classes. */
static void solve(solver *s, size_t i, const uint64_t *F, best *out)
{
    if (i == 0) {
        out[0] = (best){1, 0, 0};
        return;
    }
    size_t cw = s->cw, lv = s->nm + 1;
    uint64_t *K = s->key + i * cw;
    for (size_t k = 0; k < cw; k++) K[k] = F[k] & s->below[i * cw + k];
    size_t slot = slot_of(s, i, K);
    if (s->slot_level[slot] == i + 1 && !memcmp(s->slot_key + slot * cw, K, cw * sizeof *K)) {
        memcpy(out, s->slot_best + slot * lv, (i + 1) * sizeof *out);
        return;
    }
    const uint64_t *touch = s->touch + (i - 1) * cw;
    best *a = s->ta + i * lv, *b = a;
    size_t gain = 0;
    solve(s, i - 1, K, a);
    if (isl_bitset_intersects(touch, K, cw)) {
        uint64_t *G = s->inc + i * cw;
        for (size_t k = 0; k < cw; k++) G[k] = K[k] & ~touch[k];
        gain = weigh(s, s->add + (i - 1) * cw, K);
        b = s->tb + i * lv;
        solve(s, i - 1, G, b);
    }
    merge(i, a, b, gain, out);
    s->slot_level[slot] = (uint32_t)(i + 1);
    memcpy(s->slot_key + slot * cw, K, cw * sizeof *K);
    memcpy(s->slot_best + slot * lv, out, (i + 1) * sizeof *out);
}

/* Every class: the free set before any mechanism is decided. */
static const uint64_t *all_classes(const solver *s) { return s->below + s->nm * s->cw; }

isl_status isl_frontier(const isl_model *m, const size_t *mechs, size_t nm, size_t channel,
                        isl_frontier_row *out)
{
    solver s;
    isl_status st = solver_init(&s, m, mechs, nm, channel);
    if (st) return st;
    const best *t = s.probe;
    solve(&s, nm, all_classes(&s), s.probe);
    for (size_t k = 0; k <= nm; k++)
        out[k] = (isl_frontier_row){k, m->nfacts - t[k].hidden, t[k].count, t[k].first};
    free(s.block);
    return ISL_OK;
}

struct isl_smallest {
    solver s;
    size_t target;   /* facts to hide at least */
    size_t depth;    /* frames in use: s.fr[0..depth) */
};

/* Pushes the node (free classes F, ...) when it can still reach the target
 * with exactly `need` more members. */
static void push_if(isl_smallest *z, const uint64_t *F, uint64_t mask, size_t hidden, size_t need)
{
    size_t i = z->s.nm - z->depth;
    if (need > i) return;
    solve(&z->s, i, F, z->s.probe);
    if (hidden + z->s.probe[need].hidden < z->target) return;
    isl_bitset_copy(z->s.fs + z->depth * z->s.cw, F, z->s.cw);
    z->s.fr[z->depth++] = (frame){mask, hidden, need, 0};
}

isl_status isl_smallest_new(const isl_model *m, const size_t *mechs, size_t nm, size_t channel,
                            size_t max_open, isl_smallest **out)
{
    *out = NULL;
    isl_smallest *z = calloc(1, sizeof *z);
    if (!z) return ISL_ENOMEM;
    isl_status st = solver_init(&z->s, m, mechs, nm, channel);
    if (st) {
        free(z);
        return st;
    }
    z->target = max_open >= m->nfacts ? 0 : m->nfacts - max_open;
    solve(&z->s, nm, all_classes(&z->s), z->s.probe);
    size_t k = 0;
    while (k <= nm && z->s.probe[k].hidden < z->target) k++;
    if (k <= nm) push_if(z, all_classes(&z->s), 0, 0, k);
    *out = z;
    return ISL_OK;
}

int isl_smallest_next(isl_smallest *z, uint64_t *mask, size_t *open)
{
    size_t cw = z->s.cw;
    while (z->depth) {
        frame *f = &z->s.fr[z->depth - 1];
        size_t i = z->s.nm - (z->depth - 1);
        uint64_t *F = z->s.fs + (z->depth - 1) * cw;
        if (i == 0 || f->phase == 2) {
            z->depth--;
            if (i > 0) continue;
            assert(f->need == 0 && f->hidden >= z->target);
            *mask = f->mask;
            *open = z->s.nfacts - f->hidden;
            return 1;
        }
        if (f->phase++ == 0) {
            push_if(z, F, f->mask, f->hidden, f->need);
        } else if (f->need) {
            const uint64_t *touch = z->s.touch + (i - 1) * cw;
            uint64_t *G = z->s.inc; /* level 0's, which solve never uses */
            for (size_t k = 0; k < cw; k++) G[k] = F[k] & ~touch[k];
            size_t gain = weigh(&z->s, z->s.add + (i - 1) * cw, F);
            push_if(z, G, f->mask | (uint64_t)1 << (i - 1), f->hidden + gain, f->need - 1);
        }
    }
    return 0;
}

void isl_smallest_free(isl_smallest *z)
{
    if (z) free(z->s.block);
    free(z);
}

isl_status isl_marginal(const isl_model *m, const size_t *members, size_t n, size_t channel,
                        isl_marginal_row *out)
{
    const uint64_t *shows = channel == ISL_NONE ? NULL : m->channel[channel].shows;
    size_t *b = malloc((n + 1) * sizeof *b);
    isl_work w;
    if (!b || isl_work_init(&w, m)) {
        free(b);
        return ISL_ENOMEM;
    }
    size_t base = isl_surface_of(m, members, n, shows, NULL, &w).open_surface;
    for (size_t d = 0; d < m->nmech; d++) {
        size_t k = 0, in = 0;
        for (size_t j = 0; j < n; j++)
            if (members[j] == d) in = 1;
            else b[k++] = members[j];
        if (!in) b[k++] = d;
        size_t open = isl_surface_of(m, b, k, shows, NULL, &w).open_surface;
        out[d] = (isl_marginal_row){d, (int)in, open, (long long)open - (long long)base};
    }
    isl_work_free(&w);
    free(b);
    return ISL_OK;
}
