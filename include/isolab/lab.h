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

#endif
