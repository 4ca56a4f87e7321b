/* isolab: the power set's answers without its rows, exact (equal to what
 * its rows give; src/core/answers.c says how). Pure: no I/O, no SQLite;
 * memory is allocated when an answer starts, never per subset.
 *
 * Subsets of mechs[0..nm) (distinct) are as in isolab/powerset.h, under one
 * channel (ISL_NONE: none); "mask order" is increasing mask. */
#ifndef ISOLAB_ANSWERS_H
#define ISOLAB_ANSWERS_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/model.h"

/* The most mechanisms the core answers over (a subset is a 64-bit mask). */
#define ISL_ANSWERS_MAX 63

/* The frontier at one size: the least open surface of the subsets with
 * `size` members, how many of them reach it, and the first in mask order. */
typedef struct isl_frontier_row {
    size_t size;
    size_t open_surface;
    uint64_t bundles;
    uint64_t first;
} isl_frontier_row;

/* Writes the frontier for sizes 0..nm into out[0..nm]. ISL_OK, ISL_EINPUT
 * when nm > ISL_ANSWERS_MAX, or ISL_ENOMEM. */
isl_status isl_frontier(const isl_model *m, const size_t *mechs, size_t nm, size_t channel,
                        isl_frontier_row *out);

/* The subsets with the fewest members whose open surface is at most
 * max_open, pulled in mask order. The iterator keeps pointers to m, mechs. */
typedef struct isl_smallest isl_smallest;
/* ISL_OK with *out set, ISL_EINPUT when nm > ISL_ANSWERS_MAX, ISL_ENOMEM. */
isl_status isl_smallest_new(const isl_model *m, const size_t *mechs, size_t nm, size_t channel,
                            size_t max_open, isl_smallest **out);
/* The next subset's mask and open surface: 1, or 0 when there are no more. */
int isl_smallest_next(isl_smallest *s, uint64_t *mask, size_t *open);
/* Frees s; NULL is fine. */
void isl_smallest_free(isl_smallest *s);

/* One mechanism's marginal effect on a bundle: the open surface with the
 * mechanism appended to the bundle, or taken out when it is a member, and
 * the difference from the bundle's own open surface. */
typedef struct isl_marginal_row {
    size_t mech;
    int in_bundle;
    size_t open_surface;
    long long delta;
} isl_marginal_row;

/* For the bundle members[0..n) (distinct mechanisms, in bundle order),
 * writes one row per mechanism of the model, in model order, into
 * out[0..m->nmech). ISL_OK or ISL_ENOMEM. */
isl_status isl_marginal(const isl_model *m, const size_t *members, size_t n, size_t channel,
                        isl_marginal_row *out);

#endif
