/* isolab: the course model in memory: building, lookup, digest. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"
#include "isolab/digest.h"
#include "isolab/escape.h"
#include "isolab/model.h"
#include "isolab/names.h"
#include "isolab/textout.h"

static char *dup_str(const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

isl_model *isl_model_new(void)
{
    isl_model *m = calloc(1, sizeof *m);
    if (m) m->baseline_time = 1000;
    return m;
}

/* Frees the derived sets (one block, from all_facts on). */
static void free_derived(isl_model *m)
{
    free(m->all_facts);
    m->all_facts = m->axis_facts = NULL;
    for (size_t i = 0; i < m->nmech; i++) m->mech[i].closes = m->mech[i].reopens = NULL;
    for (size_t i = 0; i < m->nchannels; i++) m->channel[i].shows = NULL;
    m->finished = 0;
}

void isl_model_free(isl_model *m)
{
    if (!m) return;
    free_derived(m);
    for (size_t i = 0; i < m->naxes; i++) free(m->axis_name[i]);
    for (size_t i = 0; i < m->nfacts; i++) free(m->fact_name[i]);
    for (size_t i = 0; i < m->nmech; i++) {
        free(m->mech[i].name);
        free(m->mech[i].axes);
        free(m->mech[i].left_open);
    }
    for (size_t i = 0; i < m->nbundles; i++) {
        free(m->bundle[i].name);
        free(m->bundle[i].members);
    }
    for (size_t i = 0; i < m->nchannels; i++) {
        free(m->channel[i].name);
        free(m->channel[i].lesson);
        free(m->channel[i].facts);
    }
    free(m->axis_name);
    free(m->fact_name);
    free(m->fact_axis);
    free(m->fact_pos);
    free(m->mech);
    free(m->bundle);
    free(m->channel);
    free(m->samples);
    free(m);
}

size_t isl_model_add_axis(isl_model *m, const char *name)
{
    free_derived(m);
    char **s = isl_grow(&m->axis_name, &m->axes_cap, m->naxes, sizeof *m->axis_name);
    return s && (*s = dup_str(name)) ? m->naxes++ : ISL_NONE;
}

size_t isl_model_add_fact(isl_model *m, const char *name, size_t axis)
{
    assert(axis < m->naxes);
    free_derived(m);
    size_t cap = m->facts_cap, pcap = m->facts_cap, *a = isl_grow(&m->fact_axis, &cap, m->nfacts, sizeof *m->fact_axis);
    long long *pos = a ? isl_grow(&m->fact_pos, &pcap, m->nfacts, sizeof *m->fact_pos) : NULL;
    char **s = pos ? isl_grow(&m->fact_name, &m->facts_cap, m->nfacts, sizeof *m->fact_name) : NULL;
    if (!s || !(*s = dup_str(name))) return ISL_NONE;
    *a = axis;
    *pos = (long long)m->nfacts + 1;
    return m->nfacts++;
}

size_t isl_model_add_mechanism(isl_model *m, const char *name)
{
    free_derived(m);
    isl_mechanism *d = isl_grow(&m->mech, &m->mech_cap, m->nmech, sizeof *m->mech);
    return d && (d->name = dup_str(name)) ? m->nmech++ : ISL_NONE;
}

size_t isl_model_add_bundle(isl_model *m, const char *name)
{
    free_derived(m);
    isl_bundle *b = isl_grow(&m->bundle, &m->bundles_cap, m->nbundles, sizeof *m->bundle);
    return b && (b->name = dup_str(name)) ? m->nbundles++ : ISL_NONE;
}

size_t isl_model_add_channel(isl_model *m, const char *name, const char *lesson, double cost_pct)
{
    free_derived(m);
    isl_channel *c = isl_grow(&m->channel, &m->channels_cap, m->nchannels, sizeof *m->channel);
    if (!c) return ISL_NONE;
    c->cost_pct = cost_pct;
    c->name = dup_str(name);
    c->lesson = dup_str(lesson);
    if (c->name && (c->lesson || !lesson)) return m->nchannels++;
    free(c->name);
    free(c->lesson);
    return ISL_NONE;
}

/* Appends v to a size_t list. */
static isl_status push(size_t **list, size_t *n, size_t *cap, size_t v)
{
    size_t *slot = isl_grow(list, cap, *n, sizeof **list);
    if (!slot) return ISL_ENOMEM;
    *slot = v;
    ++*n;
    return ISL_OK;
}

isl_status isl_model_mechanism_axis(isl_model *m, size_t mech, size_t axis)
{
    assert(mech < m->nmech && axis < m->naxes);
    free_derived(m);
    isl_mechanism *d = &m->mech[mech];
    return push(&d->axes, &d->naxes, &d->axes_cap, axis);
}

isl_status isl_model_left_open(isl_model *m, size_t mech, size_t fact)
{
    assert(mech < m->nmech && fact < m->nfacts);
    free_derived(m);
    isl_mechanism *d = &m->mech[mech];
    return push(&d->left_open, &d->nleft, &d->left_cap, fact);
}

isl_status isl_model_bundle_append(isl_model *m, size_t bundle, size_t mech)
{
    assert(bundle < m->nbundles && mech < m->nmech);
    isl_bundle *b = &m->bundle[bundle];
    return push(&b->members, &b->n, &b->cap, mech);
}

isl_status isl_model_channel_fact(isl_model *m, size_t channel, size_t fact)
{
    assert(channel < m->nchannels && fact < m->nfacts);
    free_derived(m);
    isl_channel *c = &m->channel[channel];
    return push(&c->facts, &c->nfacts, &c->cap, fact);
}

isl_status isl_model_add_sample(isl_model *m, long long n)
{
    long long *slot = isl_grow(&m->samples, &m->samples_cap, m->nsamples, sizeof *m->samples);
    if (!slot) return ISL_ENOMEM;
    *slot = n;
    m->nsamples++;
    return ISL_OK;
}

isl_status isl_model_finish(isl_model *m)
{
    free_derived(m);
    size_t w = m->words = isl_bitset_words(m->nfacts);
    uint64_t *p = m->all_facts = isl_bitset_new((1 + m->naxes + 2 * m->nmech + m->nchannels) * w);
    if (!p) return ISL_ENOMEM;
    m->axis_facts = p + w;
    p = m->axis_facts + m->naxes * w;
    for (size_t f = 0; f < m->nfacts; f++) {
        isl_bit_set(m->all_facts, f);
        isl_bit_set(m->axis_facts + m->fact_axis[f] * w, f);
    }
    for (size_t i = 0; i < m->nmech; i++, p += 2 * w) {
        isl_mechanism *d = &m->mech[i];
        d->closes = p;
        d->reopens = p + w;
        for (size_t k = 0; k < d->naxes; k++) isl_bitset_or(d->closes, m->axis_facts + d->axes[k] * w, w);
        for (size_t k = 0; k < d->nleft; k++) isl_bit_set(d->reopens, d->left_open[k]);
    }
    for (size_t i = 0; i < m->nchannels; i++, p += w) {
        m->channel[i].shows = p;
        for (size_t k = 0; k < m->channel[i].nfacts; k++) isl_bit_set(p, m->channel[i].facts[k]);
    }
    m->finished = 1;
    return ISL_OK;
}

/* Index of the mechanism ('m'), bundle ('b') or channel ('c') spelt
 * p[0..len), or ISL_NONE. */
static size_t find_n(const isl_model *m, int kind, const char *p, size_t len)
{
    size_t count = kind == 'b' ? m->nbundles : kind == 'c' ? m->nchannels : m->nmech;
    for (size_t i = 0; i < count; i++) {
        const char *name = kind == 'b' ? m->bundle[i].name : kind == 'c' ? m->channel[i].name : m->mech[i].name;
        if (strlen(name) == len && !memcmp(name, p, len)) return i;
    }
    return ISL_NONE;
}

size_t isl_model_find_mechanism(const isl_model *m, const char *name) { return find_n(m, 'm', name, strlen(name)); }
size_t isl_model_find_bundle(const isl_model *m, const char *name) { return find_n(m, 'b', name, strlen(name)); }
size_t isl_model_find_channel(const isl_model *m, const char *name) { return find_n(m, 'c', name, strlen(name)); }

/* The name at i of isl_model_name_hint's list (ctx: a hint_list). */
typedef struct hint_list {
    const isl_model *m;
    int kind;
    size_t nb; /* the model's own bundles (a member list's come after them) */
} hint_list;

static const char *hint_at(const void *ctx, size_t i)
{
    const hint_list *h = ctx;
    const isl_model *m = h->m;
    switch (h->kind) {
    case 'm': return m->mech[i].name;
    case 'b': return m->bundle[i].name;
    case 'B': return i < h->nb ? m->bundle[i].name : m->mech[i - h->nb].name;
    case 'c': return m->channel[i].name;
    case 'f': return m->fact_name[i];
    default: return m->axis_name[i];
    }
}

const char *isl_model_name_hint(const isl_model *m, int kind, const char *name, char *out, size_t n)
{
    hint_list h = {m, kind, 0};
    while (h.nb < m->nbundles && !m->bundle[h.nb].adhoc) h.nb++;
    size_t count = kind == 'm' ? m->nmech : kind == 'b' ? h.nb : kind == 'B' ? h.nb + m->nmech
                 : kind == 'c' ? m->nchannels : kind == 'f' ? m->nfacts : m->naxes;
    const char *whats = kind == 'm' ? "mechanisms" : kind == 'b' ? "bundles" : kind == 'B' ? "bundles and mechanisms"
                      : kind == 'c' ? "channels" : kind == 'f' ? "facts" : "axes";
    return isl_name_hint(name, hint_at, &h, count, whats, out, n);
}

/* ISL_EINPUT: "no WHAT named 'p[0..len)'" and its hint. */
static isl_status no_name(const isl_model *m, int kind, const char *what, const char *p, size_t len, isl_error *err)
{
    char q[84], hint[ISL_HINT_MAX], *name = malloc(len + 1);
    if (!name) return isl_fail(err, ISL_ENOMEM, "out of memory");
    memcpy(name, p, len);
    name[len] = '\0';
    isl_model_name_hint(m, kind, name, hint, sizeof hint);
    free(name);
    return isl_fail(err, ISL_EINPUT, "no %s named '%s'%s", what, isl_short_name(p, len, q), hint);
}

/* One item p[0..len) of a member list into out[0..*n). */
static isl_status member_item(const isl_model *m, const char *p, size_t len, size_t *out, size_t *n, isl_error *err)
{
    char q[84];
    if (len > 0 && p[0] == '-') {
        size_t d = find_n(m, 'm', p + 1, len - 1), kept = 0;
        if (d == ISL_NONE) return no_name(m, 'm', "mechanism", p + 1, len - 1, err);
        /* every occurrence goes: a bundle may repeat it */
        for (size_t k = 0; k < *n; k++)
            if (out[k] != d) out[kept++] = out[k];
        if (kept == *n)
            return isl_fail(err, ISL_EINPUT, "'-%s': that mechanism is not among the members before it",
                            isl_short_name(p + 1, len - 1, q));
        *n = kept;
        return ISL_OK;
    }
    size_t b = find_n(m, 'b', p, len), d = find_n(m, 'm', p, len);
    if (b == ISL_NONE && d == ISL_NONE) return no_name(m, 'B', "bundle or mechanism", p, len, err);
    if (b != ISL_NONE && d != ISL_NONE)
        return isl_fail(err, ISL_EINPUT, "'%s' names both a bundle and a mechanism: a member list cannot tell which "
                        "(rename one)", isl_short_name(p, len, q));
    const size_t *add = b != ISL_NONE ? m->bundle[b].members : &d;
    size_t nadd = b != ISL_NONE ? m->bundle[b].n : 1, before = *n;
    /* a bundle's own repeats are its members; a mechanism of an earlier item is named twice */
    for (size_t k = 0; k < nadd; k++) {
        for (size_t j = 0; j < before; j++)
            if (out[j] == add[k])
                return isl_fail(err, ISL_EINPUT, "mechanism '%s' is named twice", m->mech[add[k]].name);
        out[(*n)++] = add[k];
    }
    return ISL_OK;
}

isl_status isl_model_members(const isl_model *m, const char *list, size_t *out, size_t *n, isl_error *err)
{
    char q[84];
    *n = 0;
    if (!*list) return isl_fail(err, ISL_EINPUT, "an empty list of members");
    for (const char *p = list;;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 0 || (len == 1 && *p == '-'))
            return isl_fail(err, ISL_EINPUT, "an empty item in '%s'", isl_short_name(list, strlen(list), q));
        isl_status st = member_item(m, p, len, out, n, err);
        if (st) return st;
        if (!e) return ISL_OK;
        p = e + 1;
    }
}

size_t isl_model_list_room(const isl_model *m)
{
    size_t room = m->nmech + 1;
    for (size_t b = 0; b < m->nbundles; b++) room += m->bundle[b].n;
    return room;
}

isl_status isl_model_mechanism_set(const isl_model *m, const char *list, size_t *out, size_t *n, isl_error *err)
{
    isl_status st = isl_model_members(m, list, out, n, err);
    unsigned char *in = st ? NULL : calloc(m->nmech + 1, 1);
    if (!st && !in) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (st) return st;
    for (size_t k = 0; k < *n; k++) in[out[k]] = 1;
    *n = 0;
    for (size_t d = 0; d < m->nmech; d++)
        if (in[d]) out[(*n)++] = d;
    free(in);
    return ISL_OK;
}

size_t isl_model_add_adhoc(isl_model *m, const char *name, const size_t *members, size_t n)
{
    assert(m->finished);
    size_t b = isl_model_add_bundle(m, name);
    if (b == ISL_NONE || isl_model_finish(m)) return ISL_NONE;
    m->bundle[b].adhoc = 1;
    for (size_t k = 0; k < n; k++)
        if (isl_model_bundle_append(m, b, members[k])) return ISL_NONE;
    return b;
}

isl_status isl_model_validate(const isl_model *m, isl_error *err)
{
    if (m->nfacts == 0) return isl_fail(err, ISL_EINPUT, "the model has no facts");
    if (m->naxes == 0) return isl_fail(err, ISL_EINPUT, "the model has no axes");
    for (size_t i = 0; i < m->nchannels; i++)
        if (m->channel[i].nfacts == 0)
            return isl_fail(err, ISL_EINPUT, "channel '%s' shows no facts", m->channel[i].name);
    for (size_t i = 0; i < m->nsamples; i++)
        if (m->samples[i] <= 0)
            return isl_fail(err, ISL_EINPUT, "sample count %lld is not positive", m->samples[i]);
    if (m->baseline_time < 0)
        return isl_fail(err, ISL_EINPUT, "baseline_time %lld is negative", m->baseline_time);
    for (size_t i = 0; i < m->nchannels; i++) {
        const isl_channel *c = &m->channel[i];
        /* run time = baseline * (100 + cost) / 100 must fit in 64 bits */
        if (!(c->cost_pct >= 0 && c->cost_pct <= ISL_COST_MAX))
            return isl_fail(err, ISL_EINPUT, "channel '%s': cost_pct %g is not a number of percent from 0 to %g",
                            c->name, c->cost_pct, ISL_COST_MAX);
        if (!((double)m->baseline_time * (100.0 + c->cost_pct) / 100.0 < 0x1p63))
            return isl_fail(err, ISL_EINPUT, "channel '%s': run time %lld * (100 + %g) / 100 does not fit in 64 bits",
                            c->name, m->baseline_time, c->cost_pct);
    }
    /* names are printed and exported: JSON needs UTF-8 */
    static const char *const what[] = {"axis", "fact", "mechanism", "bundle", "channel"};
    size_t count[] = {m->naxes, m->nfacts, m->nmech, m->nbundles, m->nchannels};
    for (size_t k = 0; k < 5; k++)
        for (size_t i = 0; i < count[k]; i++) {
            const char *name = hint_at(&(hint_list){m, "afmbc"[k], 0}, i);
            if (!isl_utf8_valid(name, strlen(name))) {
                char shown[200];
                isl_escape(name, shown, sizeof shown);
                return isl_fail(err, ISL_EINPUT, "%s name '%s' is not valid UTF-8", what[k], shown);
            }
        }
    return ISL_OK;
}

/* The parts of the digests (isl_model_digest, isl_model_pair_digest): the
 * axes and the facts; a mechanism; a channel; the settings. */
static void digest_facts(isl_digest *d, const isl_model *m)
{
    isl_digest_u64(d, m->naxes);
    for (size_t i = 0; i < m->naxes; i++) isl_digest_str(d, m->axis_name[i]);
    isl_digest_u64(d, m->nfacts);
    for (size_t i = 0; i < m->nfacts; i++) {
        isl_digest_str(d, m->fact_name[i]);
        isl_digest_str(d, m->axis_name[m->fact_axis[i]]);
    }
}

static void digest_mechanism(isl_digest *d, const isl_model *m, size_t i)
{
    const isl_mechanism *x = &m->mech[i];
    isl_digest_str(d, x->name);
    isl_digest_u64(d, x->naxes);
    for (size_t k = 0; k < x->naxes; k++) isl_digest_str(d, m->axis_name[x->axes[k]]);
    isl_digest_u64(d, x->nleft);
    for (size_t k = 0; k < x->nleft; k++) isl_digest_str(d, m->fact_name[x->left_open[k]]);
}

static void digest_channel(isl_digest *d, const isl_model *m, size_t i)
{
    const isl_channel *c = &m->channel[i];
    char cost[64];
    snprintf(cost, sizeof cost, "%.17g", c->cost_pct);
    isl_digest_str(d, c->name);
    isl_digest_str(d, c->lesson);
    isl_digest_str(d, cost);
    isl_digest_u64(d, c->nfacts);
    for (size_t k = 0; k < c->nfacts; k++) isl_digest_str(d, m->fact_name[c->facts[k]]);
}

static void digest_settings(isl_digest *d, const isl_model *m)
{
    isl_digest_u64(d, (uint64_t)m->baseline_time);
    isl_digest_u64(d, m->nsamples);
    for (size_t i = 0; i < m->nsamples; i++) isl_digest_u64(d, (uint64_t)m->samples[i]);
}

/* The facts and axes, every mechanism and the model's bundles with their
 * members (isl_model_digest's first part, isl_model_mechanisms_digest's
 * whole). */
static void digest_mechanisms(isl_digest *d, const isl_model *m)
{
    digest_facts(d, m);
    isl_digest_u64(d, m->nmech);
    for (size_t i = 0; i < m->nmech; i++) digest_mechanism(d, m, i);
    size_t model_bundles = 0;
    for (size_t i = 0; i < m->nbundles; i++) model_bundles += !m->bundle[i].adhoc;
    isl_digest_u64(d, model_bundles);
    for (size_t i = 0; i < m->nbundles; i++) {
        if (m->bundle[i].adhoc) continue;
        isl_digest_str(d, m->bundle[i].name);
        isl_digest_u64(d, m->bundle[i].n);
        for (size_t k = 0; k < m->bundle[i].n; k++) isl_digest_str(d, m->mech[m->bundle[i].members[k]].name);
    }
}

void isl_model_digest(const isl_model *m, char out[17])
{
    isl_digest d;
    isl_digest_init(&d);
    digest_mechanisms(&d, m);
    isl_digest_u64(&d, m->nchannels);
    for (size_t i = 0; i < m->nchannels; i++) digest_channel(&d, m, i);
    digest_settings(&d, m);
    isl_digest_hex(&d, out);
}

void isl_model_mechanisms_digest(const isl_model *m, char out[17])
{
    isl_digest d;
    isl_digest_init(&d);
    isl_digest_str(&d, "mechanisms");
    digest_mechanisms(&d, m);
    isl_digest_hex(&d, out);
}

void isl_model_channel_digest(const isl_model *m, size_t channel, char out[17])
{
    assert(channel == ISL_NONE || channel < m->nchannels);
    isl_digest d;
    isl_digest_init(&d);
    isl_digest_str(&d, "channel");
    digest_mechanisms(&d, m);
    isl_digest_u64(&d, channel != ISL_NONE);
    if (channel != ISL_NONE) digest_channel(&d, m, channel);
    isl_digest_hex(&d, out);
}

void isl_model_members_digest(const isl_model *m, const size_t *members, size_t n, size_t channel, char out[17])
{
    assert(channel < m->nchannels);
    isl_digest d;
    isl_digest_init(&d);
    isl_digest_str(&d, "pair");
    digest_facts(&d, m);
    isl_digest_u64(&d, n);
    for (size_t k = 0; k < n; k++) digest_mechanism(&d, m, members[k]);
    digest_channel(&d, m, channel);
    digest_settings(&d, m);
    isl_digest_hex(&d, out);
}

void isl_model_pair_digest(const isl_model *m, size_t bundle, size_t channel, char out[17])
{
    assert(bundle < m->nbundles);
    isl_model_members_digest(m, m->bundle[bundle].members, m->bundle[bundle].n, channel, out);
}
