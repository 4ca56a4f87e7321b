/* isolab: the history of runs, listed and checked (history.c); what differs
 * between two runs: diff.h. */
#ifndef ISOLAB_HISTORY_H
#define ISOLAB_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* One run as 'isolab runs' lists it (text may be NULL); rows: its rows in
 * every table with a run_id column; retired: when run_retired took it, or NULL. */
struct isl_run_info {
    int64_t id;
    const char *kind, *started_at, *finished_at, *status, *model_digest, *argv, *note;
    int64_t rows;
    const char *retired;
};

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
/* *reads = 1 when the relation `name` reads the table `table` (directly or
 * through views it reads: what SQLite reads preparing SELECT * FROM name),
 * else 0. */
isl_status isl_store_reads_table(isl_store *s, const char *name, const char *table, int *reads, isl_error *err);

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

/* The kind of run id into kind[n]; ISL_EINPUT "no run ID" when there is none. */
isl_status isl_run_kind(isl_store *s, int64_t id, char *kind, size_t n, isl_error *err);

#endif
