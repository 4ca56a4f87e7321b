/* isolab store: a run and its rows written (write.c, write_answers.c, write_bundles.c). */
#ifndef ISOLAB_RUN_H
#define ISOLAB_RUN_H

#include "isolab/error.h"
#include "isolab/store.h"

/* How every load and new database ends, in its transaction: the model reads
 * as valid, and its digest is recorded as the current one. */
isl_status isl_store_settle_model(isl_store *s, isl_error *err);

/* isl_read_dangling (isolab/reader.h) on the store's connection: a
 * dangling model row named, as reading the model names it. */
isl_status isl_store_check_dangling(isl_store *s, isl_error *err);

/* Starts a run: BEGIN IMMEDIATE and the run row (kind, argv, digest of m). */
isl_status isl_store_begin_run(isl_store *s, isl_kind kind, const char *argv,
                               const isl_model *m, int64_t *run_id, isl_error *err);
/* Ends the run: with st == ISL_OK stamps finished_at and commits, else rolls
 * back leaving no trace; returns the final status. */
isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err);

/* The note of the runs begun from now on (NULL: none; kept alive by the caller). */
void isl_store_note_runs(isl_store *s, const char *note);

/* Sets run run_id's note (NULL clears it); ISL_EINPUT when there is no such run. */
isl_status isl_store_set_note(isl_store *s, int64_t run_id, const char *note, isl_error *err);

/* Records m's digest as the model's (model_state) when it is not already: a
 * model changed in the sqlite3 shell has no current results until then. */
isl_status isl_store_sync_model(isl_store *s, const isl_model *m, isl_error *err);

/* Row writers, the core's sweep callbacks (ctx an isl_run_ctx, store.h). */
isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row);
isl_status isl_store_put_sample(void *ctx, const isl_sample_row *row);
isl_status isl_store_put_removal(void *ctx, const isl_removal_row *row);
isl_status isl_store_put_addition(void *ctx, const isl_addition_row *row);

/* A power-set sweep's rows (mask bit i: mechs[i]; channel_id k: channels[k - 1],
 * 0 none) from isolab_powerset (registered on open); c->tick every 65536 rows. */
isl_status isl_store_put_bundles(isl_run_ctx *c, const size_t *mechs, size_t nm, const size_t *channels, size_t nc);

/* The power set's answers (answers.h) under channel c->channel (ISL_NONE:
 * none), mask bit i for mechs[i]; a smallest row's rank is c->rows + 1. */
isl_status isl_store_put_frontier(isl_run_ctx *c, const size_t *mechs, size_t nm, const isl_frontier_row *row);
isl_status isl_store_put_smallest(isl_run_ctx *c, const size_t *mechs, size_t nm, uint64_t mask, size_t open);
isl_status isl_store_put_marginal(isl_run_ctx *c, const isl_marginal_row *row);
/* One run_param row (key, value) of run c->run_id; not counted in c->rows. */
isl_status isl_store_put_param(isl_run_ctx *c, const char *key, const char *value);
/* The run_member rows of bundle (a member list): its members, in order. */
isl_status isl_store_put_members(isl_run_ctx *c, size_t bundle);
/* The run_pair row of bundle x channel (the digest of what such a result
 * reads, isl_model_pair_digest), and model_pair's, the same. */
isl_status isl_store_put_pair(isl_run_ctx *c, size_t bundle, size_t channel);
/* The run_param 'mechanisms': the names of mechs[0..nm), comma-separated. */
isl_status isl_store_put_mechanisms(isl_run_ctx *c, const size_t *mechs, size_t nm);

/* Before isl_store_begin_run: the next run (its rows refer only to its run
 * row) is written without the per-row foreign-key check, on again at its end. */
void isl_store_trust_run_rows(isl_store *s);

/* isl_read_model (isolab/reader.h) on the store's connection. */
isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err);

#endif
