/* isolab: the course model in memory (facts, axes, mechanisms, bundles,
 * channels, settings). Pure: no I/O and no SQLite.
 *
 * A model is built with the isl_model_add_* calls, then isl_model_finish()
 * derives the bitsets that the surface engine uses. Facts are numbered 0..n-1
 * in the order they are added, which must be the lesson's list order. */
#ifndef ISOLAB_MODEL_H
#define ISOLAB_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"

#define ISL_NONE ((size_t)-1) /* "no such index" */

typedef struct isl_mechanism {
    char *name;
    size_t naxes, axes_cap;
    size_t *axes;          /* axis indexes it closes */
    size_t nleft, left_cap;
    size_t *left_open;     /* fact indexes it leaves open */
    uint64_t *closes;      /* (derived) facts on its axes */
    uint64_t *reopens;     /* (derived) its left-open facts */
} isl_mechanism;

typedef struct isl_bundle {
    char *name;
    size_t n, cap;
    size_t *members;       /* mechanism indexes, in bundle order */
    int adhoc;             /* a member list's, not the model's: left out of the digest */
} isl_bundle;

typedef struct isl_channel {
    char *name;
    char *lesson;          /* lesson code, or NULL */
    double cost_pct;
    size_t nfacts, cap;
    size_t *facts;         /* fact indexes, in the channel's listing order */
    uint64_t *shows;       /* (derived) the same facts as a bitset */
} isl_channel;

/* The largest cost a channel may have, in percent (a schema trigger
 * refuses more; the model check refuses it in any database). */
#define ISL_COST_MAX 1e6

typedef struct isl_model {
    size_t naxes, axes_cap;
    char **axis_name;
    size_t nfacts, facts_cap;
    char **fact_name;
    size_t *fact_axis;
    long long *fact_pos;   /* its position (fact.position); index + 1 unless set */
    size_t nmech, mech_cap;
    isl_mechanism *mech;
    size_t nbundles, bundles_cap;
    isl_bundle *bundle;
    size_t nchannels, channels_cap;
    isl_channel *channel;
    long long baseline_time;
    size_t nsamples, samples_cap;
    long long *samples;
    /* derived by isl_model_finish, every set in one block from all_facts */
    size_t words;          /* words of a fact bitset */
    uint64_t *all_facts;   /* every fact */
    uint64_t *axis_facts;  /* per axis (words each): the facts on it */
    int finished;
} isl_model;

/* A new empty model (baseline time 1000), or NULL when out of memory. */
isl_model *isl_model_new(void);
/* Frees m and everything it owns; NULL is fine. */
void isl_model_free(isl_model *m);

/* Each add returns the new item's index, or ISL_NONE when out of memory (a
 * fact's axis must be an axis already added).
 * Names are copied. Adding anything clears m->finished. */
size_t isl_model_add_axis(isl_model *m, const char *name);
size_t isl_model_add_fact(isl_model *m, const char *name, size_t axis);
size_t isl_model_add_mechanism(isl_model *m, const char *name);
size_t isl_model_add_bundle(isl_model *m, const char *name);
size_t isl_model_add_channel(isl_model *m, const char *name, const char *lesson, double cost_pct);
/* Each of these returns ISL_OK or ISL_ENOMEM. Every index must be that of
 * an item already added (asserted). */
isl_status isl_model_mechanism_axis(isl_model *m, size_t mech, size_t axis);
isl_status isl_model_left_open(isl_model *m, size_t mech, size_t fact);
isl_status isl_model_bundle_append(isl_model *m, size_t bundle, size_t mech);
isl_status isl_model_channel_fact(isl_model *m, size_t channel, size_t fact);
isl_status isl_model_add_sample(isl_model *m, long long n);

/* Derives the bitsets; call after the last add. ISL_OK or ISL_ENOMEM. */
isl_status isl_model_finish(isl_model *m);

/* Index of the named item, or ISL_NONE. Linear scans: models are small in
 * mechanisms, bundles and channels. */
size_t isl_model_find_mechanism(const isl_model *m, const char *name);
size_t isl_model_find_bundle(const isl_model *m, const char *name);
size_t isl_model_find_channel(const isl_model *m, const char *name);

/* The hint (isolab/names.h) after "no ... named 'name'" among m's names of
 * kind: 'm' mechanisms, 'b' bundles, 'B' bundles then mechanisms, 'c'
 * channels, 'f' facts, 'a' axes; into out (n bytes), returned. */
const char *isl_model_name_hint(const isl_model *m, int kind, const char *name, char *out, size_t n);

/* Parses a member list: comma-separated items, each a bundle (its members,
 * in its order, its own repeats included), a mechanism, or -MECHANISM
 * (takes every occurrence of that mechanism out of the members before it),
 * e.g. "strict,-user-namespace" or "common,mandatory-label". out (room for
 * isl_model_list_room(m)) receives the members in the order the items give
 * them, *n their count. ISL_EINPUT with err set for an empty list or item,
 * an unknown name, a name that is both a bundle and a mechanism, an item
 * naming a mechanism among the members before it, or taking out one that
 * is not there. */
isl_status isl_model_members(const isl_model *m, const char *list, size_t *out, size_t *n, isl_error *err);

/* The room a member list's members may need: every mechanism once and
 * every bundle's members (a bundle may repeat a mechanism). */
size_t isl_model_list_room(const isl_model *m);

/* A set of mechanisms written as a member list (--mechanisms, the
 * extension's mechanisms): isl_model_members' members, each once, in
 * mechanism order, into out (room for isl_model_list_room(m)). */
isl_status isl_model_mechanism_set(const isl_model *m, const char *list, size_t *out, size_t *n, isl_error *err);

/* Adds to a finished model the bundle `name` made of members[0..n) and
 * marked ad hoc: it can be run and swept like the model's bundles, but is
 * left out of the model's digest. Its index, or ISL_NONE (out of memory). */
size_t isl_model_add_adhoc(isl_model *m, const char *name, const size_t *members, size_t n);

/* Checks what the schema cannot: at least one fact, every channel shows at
 * least one fact, positive sample counts. ISL_OK, or ISL_EINPUT with err set. */
isl_status isl_model_validate(const isl_model *m, isl_error *err);

/* A digest of the model's whole content (16 hex digits and a NUL in out):
 * equal models give equal digests, and any change of content changes it.
 * The same on every machine (isolab/digest.h), over, in order: the number
 * of axes and each axis name (name order); the number of facts and each
 * fact's name and axis (fact order); the number of mechanisms and, for
 * each, its name, its axes' count and names, its left-open facts' count
 * and names; the number of bundles and, for each, its name, its members'
 * count and names (bundle order); the number of channels and, for each,
 * its name, its lesson (NULL when none), its cost_pct as the string
 * printf("%.17g") gives in the C locale (it round-trips a double), its
 * facts' count and names (listing order); the baseline time; the number
 * of sample counts and each count. Counts and numbers are integers,
 * names strings, in isolab/digest.h's encoding. */
void isl_model_digest(const isl_model *m, char out[17]);
/* The digest of what a result of bundle x channel reads (by the one digest
 * rule, isolab/digest.h): the axes and facts, the bundle's members in order
 * with each one's axes and left-open facts, the channel's name, lesson,
 * cost and facts, the baseline and the sample counts. A change elsewhere in
 * the model (another lesson's channel, bundle or claim) leaves it as it is. */
void isl_model_pair_digest(const isl_model *m, size_t bundle, size_t channel, char out[17]);
/* The digest of what a probe reads (run_kinds's scope 'mechanisms', by the
 * one digest rule): the axes and facts, every mechanism with its axes and
 * left-open facts, the model's bundles with their members in order; no
 * channel, lesson or setting, so a lesson that brings channels alone
 * leaves it as it is. */
void isl_model_mechanisms_digest(const isl_model *m, char out[17]);
/* The digest of what a bundles sweep's rows under channel read (run_kinds's
 * scope 'channels', by the one digest rule): what
 * isl_model_mechanisms_digest reads, then the channel's name, lesson, cost
 * and facts (channel ISL_NONE: the rows under no channel, none); no other
 * channel and no setting, so a lesson that brings channels of its own
 * leaves it as it is. */
void isl_model_channel_digest(const isl_model *m, size_t channel, char out[17]);
/* The same for a bundle made of members[0..n) (a member list's). */
void isl_model_members_digest(const isl_model *m, const size_t *members, size_t n, size_t channel, char out[17]);

#endif
