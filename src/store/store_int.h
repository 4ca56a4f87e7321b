/* isolab store internals, shared by the store's own files only: the
 * isl_store itself and its connection's wrappers (conn.c); each other
 * file's internals in a header of its own beside it (script.h, verify.h,
 * migrate.h, probe.h, allow.h, write_status.h). */
#ifndef ISOLAB_STORE_INT_H
#define ISOLAB_STORE_INT_H

#include "isolab/sqlite_api.h"
#include <sys/types.h>

#include "isolab/base.h"
#include "isolab/embedded.h"
#include "isolab/reader.h"
#include "isolab/store.h"

/* application_id stamped in every isolab database ("ISOL"). */
#define ISL_APPLICATION_ID 0x49534f4c

/* The results whose rows a run's writers count (run_written): the tables its
 * kind lists (run_kinds), by name, but the name tables that fact_status_row's
 * rows refer to. */
#define RESULT_TABLES                                                                                       \
    "SELECT m.name FROM run_kinds k JOIN sqlite_schema m ON m.type = 'table' AND ',' || k.result_tables || " \
    "',' GLOB '*,' || m.name || ',*' WHERE m.name NOT IN ('fact_status_bundle', 'fact_status_channel', "     \
    "'fact_status_fact') ORDER BY m.name"

/* Statements the store prepares once per connection and reuses: room for
 * the writers' statements (each file's ST_* beside its writer). */
#define ISL_STMT_CACHE 32

/* The fact-status ids of the run being written (write_status.c; one block). */
typedef struct isl_status_ids isl_status_ids;

struct isl_store {
    sqlite3 *db;
    char *path;
    int in_run;
    int commit_counts;    /* the COMMIT under way writes what the user asked for (a run, a load) */
    int fk_off;           /* the run is written without foreign-key checks */
    sqlite3_int64 run_id; /* the run being written, while in_run */
    int64_t written;      /* its rows in result tables, as its writers count them (run_written) */
    int in_focus;         /* TEMP param (and views over it) hold this command's values */
    const char *note;     /* the note of the runs begun from now on (isl_store_note_runs) */
    struct { const char *sql; sqlite3_stmt *q; } stmt[ISL_STMT_CACHE]; /* by the SQL's address */
    dev_t dev;                     /* the file opened (0, 0 for a new one) */
    ino_t ino;
    unsigned wait_s;               /* how long a writer waits for another's lock */
    unsigned long long work_limit; /* millions of VM steps a seed statement or claim may take */
    unsigned long long work_ticks; /* progress-handler calls since isl_work_begin */
    char notes[1024];              /* what opening the database repaired, for the user */
    isl_status_ids *status_ids; /* made by the run's first fact status, freed at its end */
};

/* A caller's function for its kind of rows, and its context: a row function's ctx. */
typedef struct isl_each {
    union {
        isl_line_fn line;
        isl_run_info_fn run;
        isl_param_fn param;
        isl_lesson_fn lesson;
        isl_stale_group_fn group;
        isl_column_fn column;
    } fn;
    void *ctx;
} isl_each;

/* How a script runs: the schema free; a seed confined (authorizer, work
 * budget), its claims compiled at once; a built-in seed confined only. */
enum isl_script { ISL_SCRIPT_SCHEMA, ISL_SCRIPT_SEED, ISL_SCRIPT_BUILTIN };

/* Bounds what follows by the work budget; isl_work_end removes the bound and
 * returns 1 when the budget ran out (the statement was interrupted). */
void isl_work_begin(isl_store *s);
int isl_work_end(isl_store *s);

/* The cached statement of sql (a static array: the cache keys its address),
 * prepared once and reset for reuse; NULL on failure. */
sqlite3_stmt *isl_stmt(isl_store *s, const char *sql, isl_error *err);

/* Binds the values to the cached statement of sql as isl_base_rows does (one
 * left out is NULL), steps it once and resets it. */
isl_status isl_db_put(isl_store *s, const char *sql, isl_error *err, const char *what, const char *types, ...);

/* Counts n rows written to c's run's result tables, calling c->tick at each 4096th. */
void isl_run_count(isl_run_ctx *c, size_t n);

/* isl_base_fail naming the store's path; a key conflict on the rows of the
 * run being written (isolab makes them unique) is damage. */
isl_status isl_db_fail(isl_store *s, isl_error *err, const char *what);
/* PRAGMA integrity_check's first fault into *fault (sqlite3_malloc'd), NULL when
 * SQLite finds the file well formed; a check that cannot run sets err. */
isl_status isl_db_fault(isl_store *s, char **fault, isl_error *err);

/* isl_base_rows on the store's connection, naming its path. */
isl_status isl_db_rows(isl_store *s, const char *what, const char *sql, isl_base_row_fn fn, void *ctx,
                       isl_error *err, const char *types, ...);

/* A row function: column 0's text (NULL for SQL NULL) to the isl_each's line. */
isl_status isl_each_line(void *ctx, sqlite3_stmt *q);

/* BEGIN IMMEDIATE, then isl_db_still_here (ISL_EDB, nothing begun, when the
 * file was replaced or removed meanwhile). */
isl_status isl_db_begin_write(isl_store *s, isl_error *err);

/* ISL_OK when the path still names the file opened, else rolls back and
 * ISL_EDB: before a COMMIT, so rows never go to a file replaced meanwhile. */
isl_status isl_db_still_here(isl_store *s, isl_error *err);

/* The connection's WAL hook: a run's or load's COMMIT told, then the checkpoint. */
int isl_db_committed(void *ctx, sqlite3 *db, const char *name, int frames);

/* Calls the tests' pause callback (isl_store_on_pause) at point. */
void isl_db_pause(const char *point);

/* Tells the progress callback (isl_store_on_progress) what starts now. */
void isl_store_progress(const char *what);

/* Sets the authorizer fn (NULL: removes it); returns st, or when st is
 * ISL_OK and SQLite refuses, ISL_EDB. */
isl_status isl_db_authorize(isl_store *s, int (*fn)(void *, int, const char *, const char *, const char *,
                                                    const char *), void *ctx, isl_status st, isl_error *err);

/* isl_base_exec on the store's connection. */
isl_status isl_db_exec(isl_store *s, const char *sql, isl_error *err);

#endif
