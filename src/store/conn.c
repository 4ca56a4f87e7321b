/* isolab store: an isl_store's connection: wrappers, statements, budget, hooks. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isolab/outfile.h"
#include "store_int.h"

static void (*progress_fn)(void *, const char *);
static void *progress_ctx;

void isl_store_on_progress(void (*fn)(void *ctx, const char *what), void *ctx) { progress_fn = fn, progress_ctx = ctx; }

void isl_store_progress(const char *what) { if (progress_fn) progress_fn(progress_ctx, what); }

static void (*pause_fn)(const char *);

void isl_store_on_pause(void (*fn)(const char *point)) { pause_fn = fn; }

void isl_db_pause(const char *point) { if (pause_fn) pause_fn(point); }

static isl_status fault_row(void *ctx, sqlite3_stmt *q)
{
    char **fault = ctx;
    const char *line = isl_base_text(q, 0);
    /* a first line naming the schema ("*** in database main ***"): the fault follows */
    const char *nl = strncmp(line, "*** ", 4) ? NULL : strchr(line, '\n');
    if (strcmp(line, "ok") != 0 && !(*fault = sqlite3_mprintf("%s", nl ? nl + 1 : line))) return ISL_ENOMEM;
    return ISL_OK;
}

isl_status isl_db_fault(isl_store *s, char **fault, isl_error *err)
{
    *fault = NULL;
    isl_status st = isl_db_rows(s, "checking the file", "PRAGMA integrity_check(1)", fault_row, fault, err, NULL);
    return st == ISL_ENOMEM && !*fault ? isl_fail(err, ISL_ENOMEM, "out of memory") : st;
}

/* After a key conflict on the rows of the run being written, which isolab
 * makes unique itself: the file is damaged. why[n]: PRAGMA integrity_check's
 * first fault, or else rows of this run id were there before the run (the
 * run table had lost their run). */
static void damage(isl_store *s, char *why, size_t n)
{
    char *fault = NULL;
    isl_error err;
    isl_db_fault(s, &fault, &err);
    if (fault) snprintf(why, n, "PRAGMA integrity_check: %s", fault);
    else snprintf(why, n, "rows of run %lld were there before this run wrote any: its run table had lost them",
                  (long long)s->run_id);
    sqlite3_free(fault);
}

isl_status isl_db_rows(isl_store *s, const char *what, const char *sql, isl_base_row_fn fn, void *ctx,
                       isl_error *err, const char *types, ...)
{
    va_list ap;
    va_start(ap, types);
    isl_status st = isl_base_vrows(s->db, s->path, what, sql, fn, ctx, err, types, ap);
    va_end(ap);
    return st;
}

isl_status isl_each_line(void *ctx, sqlite3_stmt *q)
{
    isl_each *e = ctx;
    return e->fn.line(e->ctx, isl_base_col(q, 0));
}

isl_status isl_db_fail(isl_store *s, isl_error *err, const char *what)
{
    int ext = sqlite3_extended_errcode(s->db);
    if (!s->in_run || (ext != SQLITE_CONSTRAINT_PRIMARYKEY && ext != SQLITE_CONSTRAINT_UNIQUE))
        return isl_base_fail(s->db, s->path, err, what);
    char msg[256], why[400];
    snprintf(msg, sizeof msg, "%s", sqlite3_errmsg(s->db));
    damage(s, why, sizeof why);
    return isl_fail_why(err, ISL_EDB, ISL_R_DAMAGED, "%s: damaged: %s (%s); %s; restore it from a copy (a -wal file "
                        "that did not come with this database, copied next to it, is the known way to get here)",
                        s->path, msg, what, why);
}

sqlite3_stmt *isl_stmt(isl_store *s, const char *sql, isl_error *err)
{
    size_t i = 0;
    while (i < ISL_STMT_CACHE && s->stmt[i].sql && s->stmt[i].sql != sql) i++;
    assert(i < ISL_STMT_CACHE && sql); /* a slot for each of the writers' statements */
    if (!s->stmt[i].sql
        && sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s->stmt[i].q, NULL) != SQLITE_OK) {
        isl_db_fail(s, err, "preparing a statement");
        return NULL;
    }
    s->stmt[i].sql = sql; /* a new statement's reset below does nothing */
    sqlite3_reset(s->stmt[i].q);
    sqlite3_clear_bindings(s->stmt[i].q);
    return s->stmt[i].q;
}

isl_status isl_db_exec(isl_store *s, const char *sql, isl_error *err)
{
    return isl_base_exec(s->db, s->path, sql, err);
}

isl_status isl_db_authorize(isl_store *s, int (*fn)(void *, int, const char *, const char *, const char *,
                                                    const char *), void *ctx, isl_status st, isl_error *err)
{
    int rc = sqlite3_set_authorizer(s->db, fn, ctx);
    return st || rc == SQLITE_OK ? st : isl_fail(err, ISL_EDB, "%s: setting the authorizer: %s", s->path,
                                                 sqlite3_errstr(rc));
}

isl_status isl_db_still_here(isl_store *s, isl_error *err)
{
    /* the lock is this file's: if the path names another file now (init
     * --force replaced it), writing here would report rows the user's
     * database does not hold */
    struct stat sb;
    if (!s->ino || (stat(s->path, &sb) == 0 && sb.st_dev == s->dev && sb.st_ino == s->ino)) return ISL_OK;
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return isl_fail_why(err, ISL_EDB, ISL_R_REPLACED, "%s: the database was replaced or removed while this command "
                        "ran", s->path);
}

isl_status isl_db_begin_write(isl_store *s, isl_error *err)
{
    isl_status st = isl_base_begin(s->db, s->path, s->wait_s, err);
    return st ? st : isl_db_still_here(s, err);
}

/* After each commit in WAL mode, before SQLite's own auto-checkpoint (which
 * this hook replaces, at its default of 1000 frames): once a run's or a
 * load's COMMIT has put it in the file, a signal says it was kept, even
 * while the checkpoint that follows (seconds after a big sweep) goes on. */
int isl_db_committed(void *ctx, sqlite3 *db, const char *name, int frames)
{
    isl_store *s = ctx;
    if (s->commit_counts) {
        isl_temp_written();
        isl_db_pause("committed");
    }
    if (frames >= 1000) sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    return SQLITE_OK;
}

void isl_store_close(isl_store *s)
{
    if (!s) return;
    for (int i = 0; i < ISL_STMT_CACHE; i++) sqlite3_finalize(s->stmt[i].q);
    if (s->db && s->in_run) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    free(s->status_ids);
    sqlite3_close_v2(s->db);
    free(s->path);
    free(s);
}

struct sqlite3 *isl_store_db(isl_store *s) { return s->db; }

#define WORK_TICK 1000

const char *isl_store_notes(const isl_store *s) { return s->notes; }

static int work_tick(void *ctx)
{
    isl_store *s = ctx;
    return ++s->work_ticks > s->work_limit * (1000000 / WORK_TICK);
}

void isl_work_begin(isl_store *s)
{
    s->work_ticks = 0;
    sqlite3_progress_handler(s->db, WORK_TICK, work_tick, s);
}

int isl_work_end(isl_store *s)
{
    sqlite3_progress_handler(s->db, 0, NULL, NULL);
    return s->work_ticks > s->work_limit * (1000000 / WORK_TICK);
}

const char *isl_store_sqlite_version(void) { return sqlite3_libversion(); }

void isl_run_count(isl_run_ctx *c, size_t n)
{
    size_t before = c->rows;
    c->rows += n;
    c->store->written += (int64_t)n;
    if (c->tick && before >> 12 != c->rows >> 12) c->tick(c->tick_ctx, c->rows);
}

isl_status isl_db_put(isl_store *s, const char *sql, isl_error *err, const char *what, const char *types, ...)
{
    assert(s->in_run && types); /* a run's rows, inside its transaction */
    sqlite3_stmt *q = isl_stmt(s, sql, err);
    if (!q) return err->status;
    va_list ap;
    va_start(ap, types);
    int rc = isl_base_bind(q, types, ap);
    va_end(ap);
    isl_status st = rc != SQLITE_OK || sqlite3_step(q) != SQLITE_DONE ? isl_db_fail(s, err, what) : ISL_OK;
    /* no value bound stays with the statement (they are bound SQLITE_STATIC) */
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return st;
}
