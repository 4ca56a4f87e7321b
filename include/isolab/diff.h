/* isolab store: two runs compared row by row (diff_status.c). */
#ifndef ISOLAB_DIFF_H
#define ISOLAB_DIFF_H

#include "isolab/error.h"
#include "isolab/history.h"

/* What differs between runs a and b of one kind as rows to fn, *ndiff the
 * differences; tick (or NULL) counts the isl_store_status_rows rows read. */
isl_status isl_store_diff_progress(isl_store *s, int64_t a, int64_t b, isl_diff_fn fn, void *ctx, isl_rows_fn tick,
                                   void *tick_ctx, size_t *ndiff, isl_error *err);

/* The fact-status rows of run a and of run b (0 for a run that has none),
 * added up into *n. */
isl_status isl_store_status_rows(isl_store *s, int64_t a, int64_t b, uint64_t *n, isl_error *err);

#endif
