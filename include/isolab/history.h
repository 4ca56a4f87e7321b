/* isolab: the history of runs: listing them, and what differs between two. */
#ifndef ISOLAB_HISTORY_H
#define ISOLAB_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* One run as 'isolab runs' lists it (text may be NULL); rows: its rows in
 * every table with a run_id column; retired: when run_retired took it, or NULL. */
typedef struct isl_run_info {
    int64_t id;
    const char *kind, *started_at, *finished_at, *status, *model_digest, *argv, *note;
    int64_t rows;
    const char *retired;
} isl_run_info;
typedef isl_status (*isl_run_info_fn)(void *ctx, const isl_run_info *run);

/* Which runs isl_store_runs hands over (values are bound, never SQL text). */
typedef struct isl_run_filter {
    isl_kind kind;            /* only runs of this kind; ISL_KIND_COUNT: any */
    int with_checks;          /* without kind: 'check' runs too */
    int64_t limit;            /* the latest `limit` runs of those chosen; 0: all */
    int64_t since;            /* runs started at or after this UNIX time; 0: any */
    const char *const *keys;  /* run_param rows every run must have: */
    const char *const *values; /* key keys[i] with value values[i] */
    size_t nparams;
} isl_run_filter;

/* The runs f chooses, by id, handed to fn. */
isl_status isl_store_runs(isl_store *s, const isl_run_filter *f, isl_run_info_fn fn, void *ctx, isl_error *err);

/* ISL_EDB (ISL_R_DAMAGED) "PATH: damaged: run N has R of its W rows" for the
 * first run (of runs a and b; a == 0: of every run) whose result rows are not
 * the count it wrote (run_written; a run of an older isolab has none); ISL_OK
 * when every count holds. */
isl_status isl_store_check_rows(isl_store *s, int64_t a, int64_t b, isl_error *err);

/* The latest finished run of `kind`: *id (0 when there is none) and its
 * model digest into digest (empty when NULL). */
isl_status isl_store_latest_run(isl_store *s, isl_kind kind, int64_t *id, char digest[17], isl_error *err);

/* The kinds of run (bit 1 << isl_kind) whose result tables the table or
 * view `name` reads, through every view under it, into *kinds. */
isl_status isl_store_kinds_read(isl_store *s, const char *name, unsigned *kinds, isl_error *err);

/* The command that makes current results of `kind` (missing_result) into buf[n]; "" if current. */
isl_status isl_store_missing_command(isl_store *s, isl_kind kind, char *buf, size_t n, isl_error *err);

/* Called with the rows read so far (every 4096 rows), for progress. */
typedef void (*isl_rows_fn)(void *ctx, uint64_t rows);

/* One line of a diff, and its parts (NULL where they do not apply): change
 * "model", "~", "-", "+", "lost" or "gained"; kind the item (axis, fact,
 * mechanism, bundle, lesson, channel, setting, sample_count; "surface" for a
 * bundle x channel; a result table's name for its rows); name the item's
 * name; bundle and channel the pair; attribute what changed (several,
 * ", "-separated, for a surface); before and after its values (likewise). */
typedef struct isl_diff_row {
    const char *line, *change, *kind, *name, *bundle, *channel, *attribute, *before, *after;
} isl_diff_row;
typedef isl_status (*isl_diff_fn)(void *ctx, const isl_diff_row *r);

/* What differs between runs a and b of one kind as rows to fn, *ndiff the
 * differences; tick (or NULL) counts the isl_store_status_rows rows read. */
isl_status isl_store_diff_progress(isl_store *s, int64_t a, int64_t b, isl_diff_fn fn, void *ctx, isl_rows_fn tick,
                                   void *tick_ctx, size_t *ndiff, isl_error *err);

/* The fact-status rows of run a and of run b (0 for a run that has none),
 * added up into *n. */
isl_status isl_store_status_rows(isl_store *s, int64_t a, int64_t b, uint64_t *n, isl_error *err);

/* Removes runs ids[0..n) with all their rows, in one transaction; ISL_EINPUT
 * naming the first id that is no run, and nothing removed. */
isl_status isl_store_rm(isl_store *s, const int64_t *ids, size_t n, isl_error *err);

/* Removes every run of what-if list `list` (run_param 'members'), as
 * isl_store_rm does; *deleted how many; none (ISL_EINPUT) when it has no run. */
isl_status isl_store_rm_list(isl_store *s, const char *list, size_t *deleted, isl_error *err);

/* Retires every run of what-if list `list` (rows of run_retired): kept, and
 * left out of isl_store_stale_groups; *runs how many the list has; none
 * (ISL_EINPUT) when it has no run. */
isl_status isl_store_retire_list(isl_store *s, const char *list, size_t *runs, isl_error *err);

/* Removes the runs of `kind` (ISL_KIND_COUNT: every kind) older than the `keep` latest
 * of their kind but those holding a current result and (unless noted) those
 * with a note; *deleted: how many. */
isl_status isl_store_prune(isl_store *s, int64_t keep, isl_kind kind, int noted, size_t *deleted,
                           isl_error *err);

/* VACUUM: gives the space of removed rows back to the file system. */
isl_status isl_store_vacuum(isl_store *s, isl_error *err);

/* Run run_id's parameters (run_param), by key then value. */
typedef isl_status (*isl_param_fn)(void *ctx, const char *key, const char *value);
isl_status isl_store_run_params(isl_store *s, int64_t run_id, isl_param_fn fn, void *ctx, isl_error *err);

/* Every lesson with a focus, in lesson position order: code, title (may be
 * NULL), focus bundle and channel. */
typedef isl_status (*isl_lesson_fn)(void *ctx, const char *code, const char *title, const char *bundle,
                                    const char *channel);
isl_status isl_store_lessons(isl_store *s, isl_lesson_fn fn, void *ctx, isl_error *err);

/* The stale results grouped by what updates them, by their kind's scope
 * (run_kinds), in order: group "lessons" (command NULL), the kinds of scope
 * 'pairs' ("kind": run), "members" (a what-if list's runs of such a kind:
 * the list and channel), the kinds of scope 'pair' ("kind": a sweep, with
 * its bundle and channel), of scope 'model'; command is the kind's words
 * (run_kinds.command), bundle and channel NULL but for a pair; list: bundle
 * is a member list, not a bundle of the model. A list's runs in
 * run_retired are left out (a model bundle's never). */
typedef isl_status (*isl_stale_group_fn)(void *ctx, const char *group, const char *command, const char *bundle,
                                         const char *channel, int list);
isl_status isl_store_stale_groups(isl_store *s, isl_stale_group_fn fn, void *ctx, isl_error *err);

/* Sets param's lesson, bundle and channel (those not NULL) for this
 * connection only (a TEMP shadow, no lock), and with a lesson course_scope's
 * (the course as that lesson knew it); ISL_EINPUT naming an unknown one. */
isl_status isl_store_focus(isl_store *s, const char *lesson, const char *bundle, const char *channel,
                           isl_error *err);

/* Makes `lesson` the lesson of param (the default of report, plot, page and
 * the saved queries), in the database; ISL_EINPUT naming a lesson with no
 * focus. */
isl_status isl_store_set_lesson(isl_store *s, const char *lesson, isl_error *err);

/* current_focus's lesson, bundle and channel, each into n bytes; ISL_EINPUT
 * when no lesson has a focus. */
isl_status isl_store_current_focus(isl_store *s, char *lesson, char *bundle, char *channel, size_t n,
                                   isl_error *err);

/* 0 when the model changed since isolab last read it (model_state.digest
 * NULL), else 1. */
int isl_store_model_known(isl_store *s);

#endif
