/* isolab: checking the lessons' claims (the claim table) against the latest
 * results, and recording the outcomes as rows of a 'check' run. */
#ifndef ISOLAB_CLAIMS_H
#define ISOLAB_CLAIMS_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"
#include "isolab/textout.h"

typedef enum isl_claim_outcome { ISL_CLAIM_PASS, ISL_CLAIM_FAIL, ISL_CLAIM_PENDING, ISL_CLAIM_STALE } isl_claim_outcome;

/* One evaluated claim. Values are shown as SQLite's text of them; actual is
 * NULL when the claim is pending or its expression gave no value; reason is
 * NULL on a pass (the text of claim_result.reason). */
typedef struct isl_claim_row {
    const char *lesson, *name, *statement;
    isl_claim_outcome outcome;
    const char *expected, *actual, *reason;
    isl_reason why; /* ISL_R_WORK_BUDGET: the expression ran out of its work budget */
    const char *command; /* the command reason names, between quotes (stale_result's or
                            missing_result's, words shell-quoted), or NULL */
} isl_claim_row;
typedef isl_status (*isl_claim_fn)(void *ctx, const isl_claim_row *row);

/* Counts of a check, by outcome (indexed by isl_claim_outcome). */
typedef struct isl_claim_counts {
    size_t n[4];
    size_t awaiting; /* of the pending, those awaiting a lesson their lesson announces that the course
                        does not have (lesson_announces): no command can verify them yet */
} isl_claim_counts;

/* "pass", "FAIL", "pending" or "stale": the word a line for people shows. */
const char *isl_claim_outcome_name(isl_claim_outcome o);
/* "pass", "fail", "pending" or "stale": the value claim_result stores and
 * every machine format writes (one case). */
const char *isl_claim_outcome_value(isl_claim_outcome o);

/* Evaluates every claim of `lesson` (every claim when NULL), by lesson
 * position then claim id, each with the param table set to its lesson's
 * focus (restored at the end): pending when its pending_sql gives a reason
 * (counted in counts->awaiting too while a position its lesson announces
 * has no lesson),
 * else stale or pending when a kind of results it reads has none current
 * for its pair (a measure's claim: its own bundle x channel; any other:
 * its lesson's focus; the reason names the command that computes them),
 * else pass when actual_sql's value equals the expected one (numbers as
 * numbers, to 1e-9 relative, anything else as text), else, for a claim
 * of no one pair, stale when it reads results of a kind an older model
 * computed anywhere (stale_result), else fail (an expression that does
 * not evaluate fails, with SQLite's message as the reason). Each
 * outcome is written as a claim_result row of run_id (a run begun with
 * isl_store_begin_run) and handed to fn. ISL_EINPUT when lesson is unknown. */
isl_status isl_store_check(isl_store *s, int64_t run_id, const char *lesson, isl_claim_fn fn, void *ctx,
                           isl_claim_counts *counts, isl_error *err);

/* Called for a claim whose expression (column "actual_sql" or
 * "pending_sql") does not compile, with SQLite's message (or why it is not
 * one read-only expression); returns the status to stop with. */
typedef isl_status (*isl_claim_bad_fn)(void *ctx, const char *lesson, const char *name, const char *column,
                                       const char *why, isl_error *err);

/* Compiles (never runs) the expressions of every claim whose id is above
 * `after`, in id order, against the database as it is now; the first that
 * does not compile goes to fn, whose status is returned. */
isl_status isl_store_compile_claims(isl_store *s, int64_t after, isl_claim_bad_fn fn, void *ctx, isl_error *err);

/* The kinds of run lesson's claims read (actual_sql and pending_sql), as
 * bits 1u << kind (kind.h; an answer's table: every kind a claim reads;
 * an expression that does not compile: none). */
isl_status isl_store_claim_reads(isl_store *s, const char *lesson, unsigned *kinds, isl_error *err);

/* The lines of an SQL file of lesson's claims as rows (claim_measure): each
 * measure of claim_measure_sql under its focus bundle x channel (status:
 * each fact the channel shows) with its current value as expected (NULL
 * when there is no current result; a real as the tables print it, at its
 * column's digits in labels, so that it passes as written), to fn one line
 * each, and into *nulls how many values are NULL; ISL_EINPUT when the lesson
 * has no focus. */
isl_status isl_store_claim_suggest(isl_store *s, const char *lesson, const isl_labels *labels, isl_line_fn fn,
                                   void *ctx, int *nulls, isl_error *err);

/* ISL_OK when code is in the lesson table, else ISL_EINPUT. */
isl_status isl_store_lesson_exists(isl_store *s, const char *code, isl_error *err);

#endif
