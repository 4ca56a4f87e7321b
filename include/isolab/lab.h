/* isolab: the lab's work, on top of the core and the store: computing a run,
 * a sweep or a check and recording it as one run of the database, all of it
 * or nothing. No printing: the command line reports what it returns. argv
 * is the command line kept as the run's provenance; *run_id and *rows (when
 * not NULL) get the new run's id and the rows written. */
#ifndef ISOLAB_LAB_H
#define ISOLAB_LAB_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/claims.h"
#include "isolab/error.h"
#include "isolab/model.h"
#include "isolab/store.h"

/* A run's progress: fn(ctx, rows written so far) each time they pass a
 * multiple of 4096. */
typedef struct isl_lab_tick {
    void (*fn)(void *ctx, uint64_t rows);
    void *ctx;
} isl_lab_tick;

/* Records one run of kind "run": every bundle of bundles[0..nb) x every
 * channel of channels[0..nc) (NULL: all of m's); tick may be NULL. */
isl_status isl_lab_run(isl_store *s, const isl_model *m, const char *argv, const size_t *bundles, size_t nb,
                       const size_t *channels, size_t nc, const isl_lab_tick *tick, int64_t *run_id, size_t *rows,
                       isl_error *err);

/* Records one sweep of `kind` (ISL_KIND_SAMPLES, _REMOVAL or _ADDITION) over
 * bundle x channel as one run of that kind; tick as for isl_lab_run. */
isl_status isl_lab_sweep(isl_store *s, const isl_model *m, const char *argv, isl_kind kind, size_t bundle,
                         size_t channel, const isl_lab_tick *tick, int64_t *run_id, size_t *rows, isl_error *err);

/* The rows a run of `kind` (ISL_KIND_RUN over nb bundles x nc channels, or
 * a sweep's kind) writes, known before it begins. */
uint64_t isl_lab_rows(const isl_model *m, isl_kind kind, size_t nb, size_t nc);

/* Adds to m the member list `list` (isl_model_members) as an ad hoc bundle
 * named list, at *bundle. ISL_EINPUT with err naming what is wrong with the
 * list (m unchanged); ISL_ENOMEM leaves m to be freed only. */
isl_status isl_lab_adhoc(isl_model *m, const char *list, size_t *bundle, isl_error *err);

/* Evaluates the claims of `lesson` (all when NULL) as one run of kind
 * "check", each outcome to fn, *counts by outcome; no claim: no run, *run_id 0. */
isl_status isl_lab_check(isl_store *s, const isl_model *m, const char *argv, const char *lesson, isl_claim_fn fn,
                         void *ctx, isl_claim_counts *counts, int64_t *run_id, isl_error *err);

/* What a bundles sweep sweeps: every subset of mechs[0..nm) (in mechanism
 * order, at most ISL_POWERSET_MAX) under no channel and channels[0..nc). */
typedef struct isl_lab_choice {
    const size_t *mechs;
    size_t nm;
    const size_t *channels;
    size_t nc;
} isl_lab_choice;

/* Records the bundles sweep of k as one run of kind "bundles"; tick (may
 * be NULL) is called with tick_ctx and the rows so far every 65536 rows. */
isl_status isl_lab_bundles(isl_store *s, const isl_model *m, const char *argv, const isl_lab_choice *k,
                           void (*tick)(void *ctx, uint64_t rows), void *tick_ctx, int64_t *run_id, size_t *rows,
                           isl_error *err);

/* Shows the new run run_id's rows before it is committed: when it fails,
 * the run is rolled back (an answer that could not be shown is not kept). */
typedef struct isl_lab_show {
    isl_status (*fn)(void *ctx, int64_t run_id);
    void *ctx;
} isl_lab_show;
/* The power set's answers (isolab/answers.h) over the subsets of mechs[0..nm)
 * under channel (ISL_NONE: none), each one run of its kind with its rows in
 * answer_KIND, shown by show (may be NULL). ISL_EINPUT when nm > ISL_ANSWERS_MAX. */
isl_status isl_lab_frontier(isl_store *s, const isl_model *m, const char *argv, const size_t *mechs, size_t nm,
                            size_t channel, const isl_lab_show *show, isl_error *err);
/* The subsets of the fewest members with open surface <= max_open. */
isl_status isl_lab_smallest(isl_store *s, const isl_model *m, const char *argv, const size_t *mechs, size_t nm,
                            size_t channel, size_t max_open, const isl_lab_show *show,
                            isl_error *err);
/* Each mechanism's effect on the bundle members[0..n), named `bundle` (a
 * bundle's name or the member list the user gave) in run_param. */
isl_status isl_lab_marginal(isl_store *s, const isl_model *m, const char *argv, const char *bundle,
                            const size_t *members, size_t n, size_t channel, const isl_lab_show *show,
                            isl_error *err);

/* One set a probe builds: its name (a bundle's, or a member list) and its
 * mechanisms (model indexes) in the set's own order. */
typedef struct isl_lab_set {
    const char *name;
    const size_t *mechs;
    size_t n;
} isl_lab_set;

/* A probe: sets[0..nsets), each built in model order (orders bit
 * ISL_LAB_MODEL_ORDER), kernel order (ISL_LAB_KERNEL_ORDER) or both; orders
 * 0: both when the caller is privileged, else kernel order alone. machine:
 * the label (NULL: the host name); timeout_ms: each set's. */
enum { ISL_LAB_MODEL_ORDER = 1, ISL_LAB_KERNEL_ORDER = 2 };
typedef struct isl_lab_probe {
    const isl_lab_set *sets;
    size_t nsets;
    int orders;
    const char *machine;
    int timeout_ms;
} isl_lab_probe;

/* What a probe did: the run, its rows, the sets built, the orders used, the
 * machine's label and provenance, the leftovers of an earlier probe removed
 * first (its empty cgroups, its scratch directories). */
typedef struct isl_lab_probed {
    int64_t run_id;
    size_t rows, sets, swept_cgroups, swept_scratch;
    int orders, privileged;
    char machine[128], release[128];
} isl_lab_probed;

/* Builds each set for real (the kernel layer) and records the run of kind
 * "probe": provenance, sets, steps, readings and each fact as observed
 * beside the model's status for the set, all or nothing. tick (may be
 * NULL) gets the sets done. ISL_EUSAGE with the kernel's reason when an
 * order cannot work for this caller; ISL_ETOOL when a set could not be read. */
isl_status isl_lab_probe_run(isl_store *s, const isl_model *m, const char *argv, const isl_lab_probe *p,
                             const isl_lab_tick *tick, isl_lab_probed *out, isl_error *err);

/* A channel measured for real: channel (a model's name with a runner in
 * the kernel layer's registry) attached to workload "cpu" or "sys"
 * running inside set, built in order (ISL_LAB_MODEL_ORDER or
 * ISL_LAB_KERNEL_ORDER); rates[0..nrates) in Hz for a sampling channel
 * (none: 99, 999, 9999), rounds rounds, iterations of the loop (0: the
 * workload's default); the observers' files kept in keep_dir (NULL: none
 * kept); machine the label (NULL: the host name); tick (may be NULL) gets
 * the conditions done. */
typedef struct isl_lab_channel {
    const char *channel, *workload;
    const long *rates;
    size_t nrates;
    int rounds;
    long iterations;
    isl_lab_set set;
    int order;
    const char *keep_dir, *machine;
    int timeout_ms;
    const isl_lab_tick *tick;
} isl_lab_channel;

/* What it did: the run, its rows, the conditions run, the machine, the
 * preflights and the set's steps that were not "ok" ("NAME STATUS: why",
 * "; "-separated). */
typedef struct isl_lab_channeled {
    int64_t run_id;
    size_t rows, conditions;
    char machine[128], command[128], substitutes[1200];
} isl_lab_channeled;

/* The conditions a channel probe of p runs (the progress' total); 0 when
 * its channel has no runner. */
size_t isl_lab_channel_conditions(const isl_lab_channel *p);

/* Measures p and records it as one run of kind "channel-probe", all or
 * nothing (nothing is written before the last round). ISL_EINPUT when the
 * channel has no runner ("not measurable here", naming those that have) or
 * the workload is unknown; ISL_EUSAGE for a rate given to a channel
 * without one; ISL_ETOOL when a preflight skips it (err says why) or a
 * program fails. */
isl_status isl_lab_channel_probe(isl_store *s, const isl_model *m, const char *argv, const isl_lab_channel *p,
                                 isl_lab_channeled *out, isl_error *err);

/* Copies the probe runs of the isolab database at path into s (isolab/
 * observed.h: isl_store_import), compared on what a probe reads of m
 * (isl_model_mechanisms_digest). */
struct isl_import_counts;
isl_status isl_lab_import(isl_store *s, const isl_model *m, const char *path, struct isl_import_counts *n,
                          isl_error *err);

#endif
