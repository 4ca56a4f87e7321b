/* isolab: the power-set sweep of bundles. Pure: no I/O, no SQLite; memory is
 * allocated once per sweep, never per row.
 *
 * For a list of mechanisms mechs[0..nm), every subset is a bundle that
 * applies its members in the list's order; subset number `mask` holds
 * mechs[i] when bit i of mask is set. Surfaces are over every fact of the
 * model (the model's rules (README, 'The rules isolab computes') with F = all facts). */
#ifndef ISOLAB_POWERSET_H
#define ISOLAB_POWERSET_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/model.h"
#include "isolab/surface.h"

/* The most mechanisms a power-set sweep takes: 2^30 bundles per channel. */
#define ISL_POWERSET_MAX 30

/* One subset under one channel (or none). */
typedef struct isl_bundle_row {
    uint64_t mask;     /* bit i set: mechs[i] is a member */
    size_t size;       /* number of members (set bits of mask) */
    size_t channel_id; /* 0: no channel on; k >= 1: channels[k - 1] */
    isl_surface s;
} isl_bundle_row;

/* The rows of every subset of mechs[0..nm) in increasing mask order, each
 * subset under no channel first when with_none, then under channels[0..nc)
 * (channel_id k >= 1 is channels[k - 1]): 2^nm * (nc + with_none) rows, in
 * increasing (mask, channel_id) order, pulled a block at a time (what a
 * table-valued function needs). Each subset costs one mechanism applied and
 * one taken back, over the fact words that mechanism touches (facts are
 * grouped by axis inside), and each row O(1) more (plus the axis words when
 * open_axes is computed). The iterator keeps pointers to m, mechs and
 * channels, which must outlive it; memory is allocated by isl_powerset_new
 * only. */
typedef struct isl_powerset isl_powerset;
/* ISL_OK with *out set, ISL_EINPUT when nm > ISL_POWERSET_MAX, ISL_ENOMEM. */
isl_status isl_powerset_new(const isl_model *m, const size_t *mechs, size_t nm, int with_none,
                            const size_t *channels, size_t nc, isl_powerset **out);
/* The next rows into rows[0..n), in order: how many were written,
 * fewer than n only when the rows run out (0: every row has been given). */
size_t isl_powerset_fill(isl_powerset *p, isl_bundle_row *rows, size_t n);
/* For callers that never read open_axes (a query that does not ask for
 * it), called before the first row: open_axes is left 0 and not computed. */
void isl_powerset_no_axes(isl_powerset *p);
/* Frees p; NULL is fine. */
void isl_powerset_free(isl_powerset *p);

/* A power-set sweep chosen in C, handed to the SQL function isolab_powerset
 * (isolab/ext.h) as a pointer value of type ISL_POWERSET_SPEC bound to its
 * third (hidden) argument, in place of the first two: rows over
 * model, mechanisms mechs[0..nm) (mask bit i: mechs[i]), with no channel
 * first when with_none, then channels[0..nc); the hidden column channel_id
 * numbers them (0: none, k: channels[k - 1]). SQL text cannot make such a
 * value. When tick is set, it is called every 65536 rows with the rows
 * given so far. */
#define ISL_POWERSET_SPEC "isolab-powerset-spec"
typedef struct isl_powerset_spec {
    const isl_model *model;
    const size_t *mechs;
    size_t nm;
    const size_t *channels;
    size_t nc;
    int with_none;
    void (*tick)(void *ctx, uint64_t rows);
    void *tick_ctx;
} isl_powerset_spec;

#endif
