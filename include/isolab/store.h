/* isolab: the store creates and opens databases, loads seed files, reads the
 * model and writes runs; a failure's message names file, line and value. */
#ifndef ISOLAB_STORE_H
#define ISOLAB_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/kind.h"
#include "isolab/model.h"
#include "isolab/sweep.h"
#include "isolab/answers.h"
#include "isolab/powerset.h"

#define ISL_SCHEMA_VERSION 25

typedef struct isl_store isl_store;
struct sqlite3;

/* Opens an isolab database read-write, migrating an older schema first;
 * ISL_EDB when it is missing, not one, newer or not writable. */
isl_status isl_store_open(const char *path, isl_store **out, isl_error *err);

/* Damage a writer must not write into, found before it writes: the file as
 * SQLite's own check (PRAGMA integrity_check) reads it, then each run's rows
 * counted (isl_store_check_rows); ISL_EDB with ISL_R_DAMAGED naming the
 * first fault, ISL_OK when there is none. */
isl_status isl_store_check_damage(isl_store *s, isl_error *err);

/* Creates the database at path from the schema and the built-in seeds (or
 * seeds_dir's *.sql), all or nothing; an existing path only with force.
 * Through a symbolic link that leads to no file (a dangling link), the
 * database is created where it leads, force or not (ISL_EINPUT when that
 * file's directory cannot be reached). */
isl_status isl_store_create(const char *path, const char *seeds_dir, int force, isl_error *err);

/* A new database, before it replaces anything: ISL_OK when it will do. */
typedef isl_status (*isl_store_check_fn)(isl_store *fresh, void *ctx, isl_error *err);

/* isl_store_create, with check(new, ctx, err) run on the new database
 * before it takes path's place: a failure leaves the old file untouched. */
isl_status isl_store_create_checked(const char *path, const char *seeds_dir, int force, isl_store_check_fn check,
                                    void *ctx, isl_error *err);

/* ISL_OK when path names no file (a dangling link's too), an empty one, or (through a symbolic link)
 * a regular file holding an isolab database of this or an older schema: what
 * a new database may replace; else why not (ISL_EINPUT, ISL_EDB). Opens no
 * database (a FIFO is refused, never opened). */
isl_status isl_store_replaceable(const char *path, isl_error *err);

/* Closes the store (NULL is fine); finalizes every statement it prepared. */
void isl_store_close(isl_store *s);

/* The work budget: million SQLite VM steps one seed statement, claim or
 * query may take before it is stopped (a runaway recursive query never ends). */
#define ISL_WORK_LIMIT_DEFAULT_M 1000

/* For the stores opened after it: seconds a writer waits for another's
 * lock (default 10), and the work budget (0: ISL_WORK_LIMIT_DEFAULT_M). */
void isl_store_set_limits(unsigned wait_seconds, unsigned long long work_millions);

/* fn(ctx, what) is told, as it starts, of work that may take a while ("PATH:
 * migrating schema version N to M ..."); NULL for none. */
void isl_store_on_progress(void (*fn)(void *ctx, const char *what), void *ctx);

/* For tests only (tests/lib/isolab_paused.c): fn(point) at "model", "writing",
 * "commit" and "committed", where another process may race a writer. */
void isl_store_on_pause(void (*fn)(const char *point));

/* What isl_store_open repaired (saved queries restored), a line each, or "". */
const char *isl_store_notes(const isl_store *s);

/* The version of the SQLite library in use. */
const char *isl_store_sqlite_version(void);

/* The connection, for tests that inspect the database directly. */
struct sqlite3 *isl_store_db(isl_store *s);

/* Applies seed files in order in one transaction, all or none; with replace,
 * a loaded lesson they define is removed first with what it owns (author.h). */
isl_status isl_store_load(isl_store *s, const char *const *paths, size_t n, int replace, isl_error *err);

/* How isl_store_load_report treats a lesson the files define that is loaded:
 * refused (ISL_R_LESSON_LOADED when it came from the same file, else
 * ISL_R_LESSON_OTHER_FILE), replaced when it came from the same file (else
 * ISL_R_LESSON_OTHER_FILE, nothing loaded), or replaced whatever its file. */
typedef enum isl_load_mode { ISL_LOAD_NEW, ISL_LOAD_REPLACE, ISL_LOAD_TAKE_OVER } isl_load_mode;
/* What one file did, told in the load's transaction (the caller keeps it
 * until the load commits): what "added" or "replaced" with name a lesson's
 * code, "table" with name a table and n the rows the file wrote in it, or
 * "announced" with name the code of a lesson that announces position n,
 * which a lesson the file added takes. */
typedef isl_status (*isl_load_fn)(void *ctx, const char *file, const char *what, const char *name, long long n);
/* isl_store_load in mode, each file's lessons and tables to fn (NULL: none). */
isl_status isl_store_load_report(isl_store *s, const char *const *paths, size_t n, isl_load_mode mode,
                                 isl_load_fn fn, void *ctx, isl_error *err);

/* Executes seed text statement by statement, errors naming `name` and the
 * line; no transaction is opened here. */
isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err);

/* isl_read_dangling (isolab/reader.h) on the store's connection: a
 * dangling model row named, as reading the model names it. */
isl_status isl_store_check_dangling(isl_store *s, isl_error *err);

/* isl_read_model (isolab/reader.h) on the store's connection. */
isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err);
/* Reads what follows as of one moment (a page, whole): a read transaction
 * from the first read on; isl_store_read_end ends it. Writes only TEMP
 * objects meanwhile (the focus's). */
isl_status isl_store_read_begin(isl_store *s, isl_error *err);
void isl_store_read_end(isl_store *s);

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

/* Row writers, the core's sweep callbacks (ctx an isl_run_ctx); tick (or NULL)
 * gets the rows written each time they pass a multiple of 4096. */
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

/* Each `line` of the saved query `name` to fn (of a lesson-keyed one, the
 * focus lesson's); ISL_EINPUT when no view of that name has a line column. */
typedef isl_status (*isl_line_fn)(void *ctx, const char *line);
isl_status isl_store_view_lines(isl_store *s, const char *name, isl_line_fn fn, void *ctx, isl_error *err);

/* The lines of `lesson` in lesson_report, one per call of fn (none without a
 * focus or current results). */
isl_status isl_store_lesson_lines(isl_store *s, const char *lesson, isl_line_fn fn, void *ctx, isl_error *err);

/* The hint after "no ... named 'name'" (isl_name_hint, isolab/names.h) among
 * the names `sql` (no parameter) gives in its first column, called whats;
 * into out (n bytes), returned; "" when they cannot be read. */
const char *isl_store_name_hint(isl_store *s, const char *sql, const char *name, const char *whats, char *out,
                                size_t n);

#endif
