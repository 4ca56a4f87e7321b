/* isolab: what a real kernel did, in the store (schema/026_probe.sql): the
 * rows of a probe run and probes copied from another database
 * (write_probe.c; the measurable names: measurable.h). The store speaks of
 * data only: the lab hands it what the kernel layer (isolab/kernel.h)
 * reported, as text. */
#ifndef ISOLAB_OBSERVED_H
#define ISOLAB_OBSERVED_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* A probe run's provenance (probe_provenance): machine is its label. */
typedef struct isl_probe_origin {
    const char *machine, *release, *lsms;
    long uid;
    int privileged, cgroup_version;
} isl_probe_origin;

/* One row of probe_provenance for run c->run_id. */
isl_status isl_store_put_provenance(isl_run_ctx *c, const isl_probe_origin *o);

/* Set set_no (from 1, in build order) of run c->run_id: its name (a
 * bundle's, or a member list), its build order ("model", "kernel") and its
 * mechanisms in the set's own order, comma-separated. */
isl_status isl_store_put_probe_set(isl_run_ctx *c, int64_t set_no, const char *bundle, const char *order,
                                   const char *members);
/* A step of set set_no, numbered step_no from 1 in build order. */
isl_status isl_store_put_probe_step(isl_run_ctx *c, int64_t set_no, int64_t step_no, const char *mechanism,
                                    const char *primitive, const char *status, const char *message);
/* A reading of set set_no, numbered reading_no from 1. */
isl_status isl_store_put_probe_reading(isl_run_ctx *c, int64_t set_no, int64_t reading_no, const char *side,
                                       const char *fact, const char *source, const char *value);
/* A fact of set set_no as the kernel showed it (observed, via) beside the
 * model's status for the set (model_status: NULL when the model lacks the
 * fact; position then 0, stored as NULL). */
isl_status isl_store_put_probe_fact(isl_run_ctx *c, int64_t set_no, const char *fact, int64_t position,
                                    const char *observed, const char *via, const char *model_status);

/* Each step of run run_id that was not built as asked (status other than
 * "ok"), once per mechanism, status and message, with the number of sets
 * it happened in, in the order first met, to fn. */
typedef isl_status (*isl_step_note_fn)(void *ctx, const char *mechanism, const char *status, const char *message,
                                       long long sets);
isl_status isl_store_probe_step_notes(isl_store *s, int64_t run_id, isl_step_note_fn fn, void *ctx, isl_error *err);

/* What isl_store_import did: probe runs copied, and those already here. */
typedef struct isl_import_counts {
    size_t runs, present, rows;
} isl_import_counts;

/* Copies the probe runs of the isolab database at path (opened read-only,
 * checked as any database is opened: an untrusted file) into s, with their
 * provenance and rows, in one transaction: all or nothing. A run already
 * here (same machine, kernel and start) is counted in present, not copied.
 * ISL_EINPUT naming both digests when what a probe reads of path's model
 * (its facts, mechanisms and bundles) is not what it reads of s's (digest:
 * s's isl_model_mechanisms_digest, 16 hex digits): another lesson's
 * channels may differ. A run recorded under path's model as it is now
 * without a run_scope row gets one. ISL_EDB when path is no usable
 * isolab database of this schema version. */
isl_status isl_store_import(isl_store *s, const char *path, const char *digest, isl_import_counts *n,
                            isl_error *err);

#endif
