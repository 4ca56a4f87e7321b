/* isolab: the store (with the extension, the only code that speaks SQLite)
 * creates and opens databases, loads schema and seed files, reads the model
 * into the core's structures and writes runs. Every call reports failure
 * through an isl_error whose message names the file, line and offending
 * value where there is one. */
#ifndef ISOLAB_STORE_H
#define ISOLAB_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/model.h"
#include "isolab/sweep.h"
#include "isolab/answers.h"
#include "isolab/powerset.h"

#define ISL_SCHEMA_VERSION 15

typedef struct isl_store isl_store;
struct sqlite3;

/* Opens an existing isolab database read-write. ISL_EDB when it is missing,
 * not a database, from a newer schema, or not writable. A database from an
 * older schema is migrated to ISL_SCHEMA_VERSION first, in one transaction. */
isl_status isl_store_open(const char *path, isl_store **out, isl_error *err);

/* Creates the database at path from the embedded schema and either the
 * embedded seeds or every *.sql of seeds_dir in name order, all in one
 * transaction, in a temporary file renamed into place at the end: on failure
 * nothing is left behind. Refuses an existing path unless force. */
isl_status isl_store_create(const char *path, const char *seeds_dir, int force, isl_error *err);

/* Closes the store (NULL is fine); finalizes every statement it prepared. */
void isl_store_close(isl_store *s);

/* The work budget: how many million SQLite virtual-machine steps one seed
 * statement or one claim expression may take before it is stopped (honest
 * seeds and claims take a few; a runaway recursive query never ends).
 * 0 restores the default. */
#define ISL_WORK_LIMIT_DEFAULT_M 1000
unsigned long long isl_store_work_limit(const isl_store *s);

/* For every store opened or created after the call: how many seconds a
 * writer waits for another process's write lock (default 10), and the work
 * budget in million steps (0: ISL_WORK_LIMIT_DEFAULT_M). */
void isl_store_set_limits(unsigned wait_seconds, unsigned long long work_millions);

/* fn(ctx, what) is called, as it starts, with a sentence about work that
 * may take a while (a schema migration: "PATH: migrating schema version N
 * to M ..."); NULL for none. */
void isl_store_on_progress(void (*fn)(void *ctx, const char *what), void *ctx);

/* For tests only (tests/isolab_paused.c; isolab itself sets none): fn(point)
 * is called where another process acting changes what a writer must do:
 * "model" (about to read the model), "writing" (a run begun: the write lock
 * held, its run row written), "commit" (its rows written, about to check
 * that the file is still the one at its path, then commit), "committed"
 * (a run's or a load's COMMIT in the file, before the checkpoint). */
void isl_store_on_pause(void (*fn)(const char *point));

/* What isl_store_open repaired on the way (saved queries changed outside
 * isolab and restored), one line each; "" when nothing. For the user. */
const char *isl_store_notes(const isl_store *s);

/* The version of the SQLite library in use. */
const char *isl_store_sqlite_version(void);

/* The underlying connection, for tests that inspect the database directly;
 * the command line never uses it. */
struct sqlite3 *isl_store_db(isl_store *s);

/* Applies seed files to the open database, in the given order, in one
 * transaction: all of them or none. With replace, a lesson the files
 * define that exists already is first removed with every row it owns
 * (isolab/author.h), at the moment the file inserts its lesson row; runs
 * are kept. Either way the lessons' shared rows the files add are recorded
 * (lesson_brings). */
isl_status isl_store_load(isl_store *s, const char *const *paths, size_t n, int replace, isl_error *err);

/* Executes SQL text statement by statement; `name` is the file name used in
 * error messages (line numbers count from 1 in `sql`). No transaction is
 * opened here. */
isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err);

/* isl_read_model (isolab/reader.h) on the store's connection. */
isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err);
/* Starts a run: BEGIN IMMEDIATE and the run row (kind, argv, digest of m).
 * Every write until isl_store_end_run belongs to this run. */
isl_status isl_store_begin_run(isl_store *s, const char *kind, const char *argv,
                               const isl_model *m, int64_t *run_id, isl_error *err);
/* Ends the run: with st == ISL_OK it stamps finished_at and commits; otherwise
 * it rolls back, leaving no trace of the run. Returns the final status. */
isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err);

/* Gives the runs begun from now on the note `note` (NULL: none); the
 * caller keeps the text alive while the store is open. */
void isl_store_note_runs(isl_store *s, const char *note);

/* Sets run run_id's note (NULL clears it); ISL_EINPUT when there is no
 * such run. Inside a run being written, it is that run's own. */
isl_status isl_store_set_note(isl_store *s, int64_t run_id, const char *note, isl_error *err);

/* Records m's digest as the digest of the model now in the database
 * (model_state), in a transaction of its own, when it is not already: a
 * model changed by other means than isolab (the sqlite3 shell) has no
 * current results until then. */
isl_status isl_store_sync_model(isl_store *s, const isl_model *m, isl_error *err);

/* Row writers, for use as the core's sweep callbacks. ctx is an isl_run_ctx.
 * tick (when not NULL) is called with tick_ctx and the rows written so far
 * each time they pass a multiple of 4096, after the rows are written. */
typedef struct isl_run_ctx {
    isl_store *store;
    const isl_model *model;
    int64_t run_id;
    size_t bundle, channel;  /* for the sweeps */
    size_t rows;             /* rows written so far */
    isl_error *err;
    void (*tick)(void *tick_ctx, uint64_t rows);
    void *tick_ctx;
} isl_run_ctx;
isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row);
isl_status isl_store_put_sample(void *ctx, const isl_sample_row *row);
isl_status isl_store_put_removal(void *ctx, const isl_removal_row *row);
isl_status isl_store_put_addition(void *ctx, const isl_addition_row *row);

/* Starts the rows of a power-set sweep in run c->run_id: records which
 * mechanism each mask bit stands for (bit i: mechs[i]) and which channel
 * each channel_id (0: none; k: channels[k - 1]). */
isl_status isl_store_bundles_begin(isl_run_ctx *c, const size_t *mechs, size_t nm,
                                   const size_t *channels, size_t nc);
/* Writes every row of the power-set sweep of mechs[0..nm) under no channel
 * and channels[0..nc) (the lists given to isl_store_bundles_begin) with one
 * INSERT ... SELECT from isolab_powerset (registered first by the caller,
 * isl_store_add_functions). tick (may be NULL) is called every 65536 rows
 * with the rows so far; c->rows gets the count. */
isl_status isl_store_put_bundles(isl_run_ctx *c, const size_t *mechs, size_t nm, const size_t *channels, size_t nc,
                                 void (*tick)(void *ctx, uint64_t rows), void *tick_ctx);

/* The power set's answers (isolab/answers.h) as rows of run c->run_id,
 * under channel c->channel (ISL_NONE: none); mask bit i stands for
 * mechs[i]. Each counts its row in c->rows; a smallest row's rank is
 * c->rows + 1. */
isl_status isl_store_put_frontier(isl_run_ctx *c, const size_t *mechs, size_t nm, const isl_frontier_row *row);
isl_status isl_store_put_smallest(isl_run_ctx *c, const size_t *mechs, size_t nm, uint64_t mask, size_t open);
isl_status isl_store_put_marginal(isl_run_ctx *c, const isl_marginal_row *row);
/* One run_param row (key, value) of run c->run_id; not counted in c->rows. */
isl_status isl_store_put_param(isl_run_ctx *c, const char *key, const char *value);
/* The run_param 'mechanisms': the names of mechs[0..nm), comma-separated. */
isl_status isl_store_put_mechanisms(isl_run_ctx *c, const size_t *mechs, size_t nm);

/* Registers SQL functions on the store's connection: add (isl_ext_register)
 * is called with it, unless it was the last one registered there. */
isl_status isl_store_add_functions(isl_store *s, int (*add)(struct sqlite3 *db), isl_error *err);

/* The next run's rows refer only to its own run row, which the same
 * transaction inserts: call before isl_store_begin_run to write that run
 * without SQLite's per-row foreign-key check. The constraints stay in the
 * schema (PRAGMA foreign_key_check stays clean); isl_store_end_run turns
 * the check back on. */
void isl_store_trust_run_rows(isl_store *s);

/* Calls fn with each value of the column `line` of the view `name` (a saved
 * query), in the view's order (NULL for SQL NULL); of a view with a lesson
 * column, the rows of current_focus's lesson only. The name is looked up in
 * sqlite_schema; ISL_EINPUT when no view of that name has a line column. */
typedef isl_status (*isl_line_fn)(void *ctx, const char *line);
isl_status isl_store_view_lines(isl_store *s, const char *name, isl_line_fn fn, void *ctx, isl_error *err);

/* The tables of `lesson` as lesson_report holds them (one statement, one
 * moment), one line per call of fn; none when the lesson has no focus or no
 * current results. */
isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err);

#endif
