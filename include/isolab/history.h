/* isolab: the history of runs: listing them, and what differs between two. */
#ifndef ISOLAB_HISTORY_H
#define ISOLAB_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* One run as 'isolab runs' lists it. Text fields may be NULL. rows counts
 * the run's rows in every table that has a run_id column. */
typedef struct isl_run_info {
    int64_t id;
    const char *kind, *started_at, *finished_at, *status, *model_digest, *argv;
    int64_t rows;
} isl_run_info;
typedef isl_status (*isl_run_info_fn)(void *ctx, const isl_run_info *run);

/* Every run (of `kind`, or all when NULL) by id, handed to fn. */
isl_status isl_store_runs(isl_store *s, const char *kind, isl_run_info_fn fn, void *ctx, isl_error *err);

/* The latest finished run of `kind`: *id (0 when there is none) and its
 * model digest into digest (empty when NULL). */
isl_status isl_store_latest_run(isl_store *s, const char *kind, int64_t *id, char digest[17], isl_error *err);

/* What differs between runs a and b, which must exist and be of the same
 * kind (else ISL_EINPUT), as lines handed to fn, and *ndiff the number of
 * differences found. Surfaces (per bundle x channel): the counts that
 * changed and, set-aware, the facts lost from and gained by the open
 * surface, each with its status in a and in b; bundle x channel pairs only
 * one run has. Every other table with a run_id column: its rows only a has
 * ("-") and only b has ("+"), compared without run_id. */
isl_status isl_store_diff(isl_store *s, int64_t a, int64_t b, isl_line_fn fn, void *ctx, size_t *ndiff,
                          isl_error *err);

#endif
