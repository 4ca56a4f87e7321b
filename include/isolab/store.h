/* isolab: the store's types and its connection (conn.c): a database is
 * opened and created by db.h, runs written by run.h, read by history.h and
 * manage.h; a failure's message names file, line and value. */
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

#define ISL_SCHEMA_VERSION 27

typedef struct isl_store isl_store;
struct sqlite3;

/* A new database, before it replaces anything: ISL_OK when it will do. */
typedef isl_status (*isl_store_check_fn)(isl_store *fresh, void *ctx, isl_error *err);

/* Closes the store (NULL is fine); finalizes every statement it prepared. */
void isl_store_close(isl_store *s);

/* The work budget: million SQLite VM steps one seed statement, claim or
 * query may take before it is stopped (a runaway recursive query never ends). */
#define ISL_WORK_LIMIT_DEFAULT_M 1000

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

/* Called with each line of a text the store reads out (a view's lines); another
 * status than ISL_OK stops the reading. */
typedef isl_status (*isl_line_fn)(void *ctx, const char *line);

/* What a run's row writers (run.h, the core's sweep callbacks) write with; tick (or NULL)
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

/* The functions the store's readers call with each row (each reader's
 * contract beside it: history.h, manage.h); another status than ISL_OK
 * stops the reading. */
typedef isl_status (*isl_param_fn)(void *ctx, const char *key, const char *value);
typedef isl_status (*isl_lesson_fn)(void *ctx, const char *code, const char *title, const char *bundle,
                                    const char *channel);
typedef isl_status (*isl_stale_group_fn)(void *ctx, const char *group, const char *command, const char *bundle,
                                         const char *channel, int list);
typedef isl_status (*isl_column_fn)(void *ctx, const char *column, const char *type);
typedef struct isl_run_info isl_run_info; /* a run as history.h reads it */
typedef isl_status (*isl_run_info_fn)(void *ctx, const isl_run_info *run);

#endif
