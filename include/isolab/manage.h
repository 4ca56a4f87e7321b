/* isolab store: the runs and the focus managed, stale results found (manage.c). */
#ifndef ISOLAB_MANAGE_H
#define ISOLAB_MANAGE_H

#include "isolab/error.h"
#include "isolab/store.h"

/* The hint after "no ... named 'name'" (isl_name_hint, isolab/names.h) among
 * the names `sql` (no parameter) gives in its first column, called whats;
 * into out (n bytes), returned; "" when they cannot be read. */
const char *isl_store_name_hint(isl_store *s, const char *sql, const char *name, const char *whats, char *out,
                                size_t n);

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
isl_status isl_store_run_params(isl_store *s, int64_t run_id, isl_param_fn fn, void *ctx, isl_error *err);

/* Every lesson with a focus, in lesson position order: code, title (may be
 * NULL), focus bundle and channel. */
isl_status isl_store_lessons(isl_store *s, isl_lesson_fn fn, void *ctx, isl_error *err);

/* The stale results grouped by what updates them, by their kind's scope
 * (run_kinds), in order: group "lessons" (command NULL), the kinds of scope
 * 'pairs' ("kind": run), "members" (a what-if list's runs of such a kind:
 * the list and channel), the kinds of scope 'pair' ("kind": a sweep, with
 * its bundle and channel), of scope 'model'; command is the kind's words
 * (run_kinds.command), bundle and channel NULL but for a pair; list: bundle
 * is a member list, not a bundle of the model. A list's runs in
 * run_retired are left out (a model bundle's never). */
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
