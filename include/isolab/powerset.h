/* isolab: the power-set sweep of bundles. Pure: no I/O, no SQLite; memory is
 * allocated by isl_powerset_new only, never per row.
 *
 * For mechanisms mechs[0..nm), subset `mask` is the bundle of the mechs[i]
 * whose bit i is set, applied in increasing i. Surfaces are over every fact
 * of the model (docs/tutorial.md, "The rules isolab computes"). */
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

/* The rows of every subset of mechs[0..nm), each under no channel first
 * with ISL_POWERSET_NONE in flags, then under channels[0..nc) (with
 * ISL_POWERSET_NO_AXES, open_axes is left 0, not computed): 2^nm * (nc + 1
 * or 0) rows
 * in increasing (mask, channel_id) order, pulled a block at a time. Each
 * subset costs one mechanism applied and one taken back (src/core/powerset.c).
 * The iterator keeps pointers to m, mechs and channels. */
typedef struct isl_powerset isl_powerset;
enum { ISL_POWERSET_NONE = 1, ISL_POWERSET_NO_AXES = 2 };
/* ISL_OK with *out set, ISL_EINPUT when nm > ISL_POWERSET_MAX, ISL_ENOMEM. */
isl_status isl_powerset_new(const isl_model *m, const size_t *mechs, size_t nm, int flags,
                            const size_t *channels, size_t nc, isl_powerset **out);
/* The next rows into rows[0..n): how many, fewer than n only at the end. */
size_t isl_powerset_fill(isl_powerset *p, isl_bundle_row *rows, size_t n);
/* Frees p; NULL is fine. */
void isl_powerset_free(isl_powerset *p);

/* A power-set sweep chosen in C: bound to isolab_powerset's third (hidden)
 * argument as a pointer of type ISL_POWERSET_SPEC (SQL text cannot make
 * one), in place of the first two, it gives isl_powerset_new's rows over
 * these (channel_id a hidden column); tick, when set, gets the rows so far
 * every 65536 rows. */
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
