/* isolab store internals: shared by the store's own files only. */
#ifndef ISOLAB_STORE_INT_H
#define ISOLAB_STORE_INT_H

#include "isolab/sqlite_api.h"
#include <sys/types.h>

#include "isolab/base.h"
#include "isolab/embedded.h"
#include "isolab/export.h"
#include "isolab/history.h"
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

/* "a FIFO", "a directory", ...: what a file of this mode is, for messages. */
const char *isl_file_kind(mode_t mode);

/* Largest seed file read, in bytes. */
#define ISL_SEED_MAX_BYTES (64 << 20)
/* A whole seed file into *out (NUL-terminated, the caller frees), opened
 * without blocking, so even opening a FIFO cannot hang; only a regular file
 * of at most ISL_SEED_MAX_BYTES, holding no NUL byte (outfile.c). */
isl_status isl_read_seed_file(const char *path, char **out, isl_error *err);

/* 1 when SQL from files and users may call the function name: SQLite's
 * ordinary functions and isolab's own; 0 for others (readfile, ...). */
int isl_sql_function_allowed(const char *name);
/* 0 for a table SQL from files may not read: the extension's power-set
 * answers (isolab_frontier, isolab_smallest, isolab_marginal), which compute
 * inside one step where the work budget cannot stop them; 1 otherwise. */
int isl_sql_table_allowed(const char *name);

/* How a script runs: the schema free; a seed confined (authorizer, work
 * budget), its claims compiled at once; a built-in seed confined only. */
enum isl_script { ISL_SCRIPT_SCHEMA, ISL_SCRIPT_SEED, ISL_SCRIPT_BUILTIN };

/* Runs the built-in files as scripts of kind how, named "dir/NAME": all in
 * order, or only the one named only (ISL_EINTERNAL when not built in). */
isl_status isl_store_exec_files(isl_store *s, const isl_embedded_file *files, const char *dir, const char *only,
                                enum isl_script how, isl_error *err);

/* Drops every TEMP table, view and trigger (what seeds made for themselves). */
isl_status isl_drop_temp_objects(isl_store *s, isl_error *err);

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

/* Opens an isolab database of this schema version read-only, as an untrusted
 * file: checked as isl_store_open checks one, never migrated or repaired;
 * every table of this build's schema must be a table there. */
isl_status isl_store_open_readonly(const char *path, isl_store **out, isl_error *err);
/* ISL_OK when every table of this build's schema is a table in s (nothing
 * written); else ISL_EDB naming the first that is not. */
isl_status isl_store_verify_tables(isl_store *s, isl_error *err);
/* The error for a file whose user_version ver is above this isolab's: when
 * the record of installed objects (isolab_object) is this build's and every
 * object it lists is as recorded, the number alone was changed, and the
 * message says so with the PRAGMA that sets it back; else "newer", with
 * ISL_R_NEWER_SCHEMA. Returns ISL_EDB (ISL_ENOMEM). */
isl_status isl_store_newer_schema(isl_store *s, const char *path, long long ver, isl_error *err);

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

/* The seed file at path (a regular file, at most ISL_SEED_MAX_BYTES, text)
 * applied as a script. */
isl_status isl_store_exec_file(isl_store *s, const char *path, isl_error *err);

/* Every *.sql file of dir, by name, applied as a script (no transaction). */
isl_status isl_store_load_dir(isl_store *s, const char *dir, isl_error *err);

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

/* ISL_OK when code is in the lesson table, else ISL_EINPUT. */
isl_status isl_store_lesson_exists(isl_store *s, const char *code, isl_error *err);

/* After stmt failed with a constraint error on table (re-run in a savepoint):
 * "table.col = value, ..." into msg, the offending row (from 1) into *row; 1 if found. */
int isl_probe_row(isl_store *s, const char *table, const char *stmt, const char *errmsg, char *msg, size_t n,
                  int *row);

/* Where the SQL text at p goes on after the characters of blanks and any
 * comments (an unclosed one runs to the end): the store's one comment skipper. */
#define ISL_SQL_BLANKS " \t\n\r\f"
const char *isl_sql_skip(const char *p, const char *blanks);

/* Where the k-th row (from 1) of the VALUES list of stmt starts, or NULL. */
const char *isl_values_row(const char *stmt, int k);

/* Where the first VALUES row of the statement [start, tail) holding the text lit
 * starts; start when none does (or lit is NULL or ""). */
const char *isl_values_row_holding(const char *start, const char *tail, const char *lit);

/* The kind of run id into kind[n]; ISL_EINPUT "no run ID" when there is none. */
isl_status isl_run_kind(isl_store *s, int64_t id, char *kind, size_t n, isl_error *err);

/* How every load and new database ends, in its transaction: the model reads
 * as valid, and its digest is recorded as the current one. */
isl_status isl_store_settle_model(isl_store *s, isl_error *err);

/* Installs every saved query as view NAME (with replace, dropped first), then
 * the model tables' triggers (isl_model_table_sql), then run_kinds' rows
 * (isl_kinds, kind.h): for a new database, a migrated one and the reference. */
isl_status isl_install_views(sqlite3 *db, int replace, isl_error *err);

/* Checks the schema against this build and what isolab installed: restores saved
 * queries and triggers (noted), refuses a missing table; installed: records the file. */
isl_status isl_store_verify(isl_store *s, int installed, isl_error *err);
/* The fact statuses of a surface row but the absent ones (and, once, their names). */
isl_status isl_store_put_statuses(isl_run_ctx *c, const isl_surface_row *row);

/* Migrates an older database to ISL_SCHEMA_VERSION in one transaction. */
isl_status isl_store_migrate(isl_store *s, isl_error *err);
/* Records in schema_version, at the time now, each version after from (4
 * on) up to ISL_SCHEMA_VERSION not recorded yet: the versions a creation
 * (from 3) or a migration (from the old version) reached. */
isl_status isl_store_record_versions(isl_store *s, long long from, isl_error *err);

#endif
