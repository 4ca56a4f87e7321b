/* isolab: the surface engine: closed, visible, returned, open surface. */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
#include "isolab/surface.h"

const char *isl_fact_state_name(isl_fact_state s)
{
    static const char *const NAME[] = {"absent", "visible", "left-open", "returns", "closed"};
    return (unsigned)s <= ISL_FACT_CLOSED ? NAME[s] : NAME[ISL_FACT_ABSENT];
}

const char *isl_fact_state_word(isl_fact_state s)
{
    static const char *const WORD[] = {"absent", "visible", "left open", "RETURNS", "closed"};
    return (unsigned)s <= ISL_FACT_CLOSED ? WORD[s] : WORD[ISL_FACT_ABSENT];
}

isl_fact_state isl_fact_state_of(const char *word)
{
    /* the channel's facts table prints a visible fact "already visible" */
    static const char already[] = "already ";
    size_t k = 0;
    while (word && k < sizeof already - 1 && word[k] && (word[k] | 0x20) == already[k]) k++;
    if (k == sizeof already - 1) return isl_fact_state_of(word + k) == ISL_FACT_VISIBLE ? ISL_FACT_VISIBLE : ISL_FACT_ABSENT;
    for (isl_fact_state s = ISL_FACT_VISIBLE; word && s <= ISL_FACT_CLOSED; s++) {
        const char *name = isl_fact_state_name(s), *w = word;
        for (; *name && *w; name++, w++) {
            int c = *w >= 'A' && *w <= 'Z' ? *w - 'A' + 'a' : *w == ' ' ? '-' : *w;
            if (c != *name) break;
        }
        if (!*name && !*w) return s;
    }
    return ISL_FACT_ABSENT;
}

isl_status isl_work_init(isl_work *w, const isl_model *m)
{
    w->closed = isl_bitset_new(3 * m->words);
    w->touched = w->closed ? w->closed + m->words : NULL;
    w->open = w->closed ? w->touched + m->words : NULL;
    return w->closed ? ISL_OK : ISL_ENOMEM;
}

void isl_work_free(isl_work *w)
{
    free(w->closed);
    memset(w, 0, sizeof *w);
}

/* closed = the facts of F that mechanisms mechs[0..n) close, applied in order. */
static void closed_by(const isl_model *m, const size_t *mechs, size_t n,
                const uint64_t *F, uint64_t *closed)
{
    size_t w = m->words;
    isl_bitset_zero(closed, w);
    for (size_t i = 0; i < n; i++) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        for (size_t k = 0; k < w; k++) closed[k] = (closed[k] | (d->closes[k] & F[k])) & ~d->reopens[k];
    }
}

isl_surface isl_surface_of(const isl_model *m, const size_t *mechs, size_t n,
                           const uint64_t *shows, const uint64_t *F, isl_work *w)
{
    isl_surface s = {0, 0, 0, 0};
    if (!F) F = m->all_facts;
    closed_by(m, mechs, n, F, w->closed);
    /* open = (F \ closed) ∪ (shows ∩ closed) */
    for (size_t k = 0; k < m->words; k++) {
        uint64_t vis = F[k] & ~w->closed[k], ret = shows ? (shows[k] & w->closed[k]) : 0;
        s.visible += (size_t)__builtin_popcountll(vis);
        s.returned += (size_t)__builtin_popcountll(ret);
        w->open[k] = vis | ret;
    }
    s.open_surface = isl_bitset_count(w->open, m->words);
    for (size_t a = 0; a < m->naxes; a++)
        if (isl_bitset_intersects(w->open, m->axis_facts + a * m->words, m->words)) s.open_axes++;
    return s;
}

void isl_fact_states(const isl_model *m, const size_t *mechs, size_t n,
                     const uint64_t *shows, const uint64_t *F, isl_work *w,
                     isl_fact_state *out)
{
    if (!F) F = m->all_facts;
    closed_by(m, mechs, n, F, w->closed);
    isl_bitset_zero(w->touched, m->words);
    for (size_t i = 0; i < n; i++) isl_bitset_or(w->touched, m->mech[mechs[i]].closes, m->words);
    for (size_t f = 0; f < m->nfacts; f++) {
        if (!isl_bit_test(F, f))
            out[f] = ISL_FACT_ABSENT;
        else if (isl_bit_test(w->closed, f))
            out[f] = shows && isl_bit_test(shows, f) ? ISL_FACT_RETURNS : ISL_FACT_CLOSED;
        else
            out[f] = isl_bit_test(w->touched, f) ? ISL_FACT_LEFT_OPEN : ISL_FACT_VISIBLE;
    }
}

size_t isl_fact_decider(const isl_model *m, const size_t *mechs, size_t n, size_t f)
{
    assert(f < m->nfacts);
    for (size_t i = n; i-- > 0;) {
        const isl_mechanism *d = &m->mech[mechs[i]];
        if (isl_bit_test(d->closes, f) || isl_bit_test(d->reopens, f)) return i;
    }
    return ISL_NONE;
}

long long isl_run_time(long long baseline, double cost_pct)
{
    /* isl_model_validate refused every cost and baseline whose run time
     * would not fit: the conversion below is defined */
    assert(cost_pct >= 0 && baseline >= 0 && (double)baseline * (100.0 + cost_pct) / 100.0 < 0x1p63);
    return (long long)floor((double)baseline * (100.0 + cost_pct) / 100.0);
}

int isl_cost_per_fact(double cost_pct, size_t returned, double *out)
{
    if (returned == 0) return 0;
    *out = cost_pct / (double)returned;
    return 1;
}
