/* isolab store: connections, their settings, creating and opening databases. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isolab/embedded.h"
#include "store_int.h"

static const char *const STMT_SQL[ST_COUNT] = {
    [ST_RUN_INSERT] =
        "INSERT INTO run(kind, started_at, status, model_digest, tool_version, argv, note) "
        "VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ','now'), 'done', ?2, ?3, ?4, ?5)",
    [ST_RUN_FINISH] =
        "UPDATE run SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1",
    [ST_SURFACE] =
        "INSERT INTO surface(run_id, bundle, channel, visible, returned, open_surface, open_axes, "
        "cost_pct, run_time, cost_per_fact) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)",
    [ST_FACT_STATUS] =
        "INSERT INTO fact_status(run_id, bundle, channel, fact, status, axis, position) "
        "VALUES (?1,?2,?3,?4,?5,?6,?7)",
    [ST_SAMPLE] =
        "INSERT INTO sample_sweep(run_id, bundle, channel, samples, lines, returned, lines_per_fact) "
        "VALUES (?1,?2,?3,?4,?5,?6,?7)",
    [ST_REMOVAL] =
        "INSERT INTO removal_sweep(run_id, bundle, channel, removed_fact, position, visible, returned, "
        "open_surface, open_axes) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9)",
    [ST_ADDITION] =
        "INSERT INTO addition_sweep(run_id, bundle, channel, axis, facts, visible, returned, "
        "open_surface, open_axes) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9)",
    [ST_CLAIM_RESULT] =
        "INSERT INTO claim_result(run_id, lesson, claim, outcome, expected, actual, reason) "
        "VALUES (?1,?2,?3,?4,?5,?6,?7)",
    [ST_BUNDLE_SWEEP] =
        "INSERT INTO bundle_sweep(run_id, mask, channel_id, size, visible, returned, open_surface, open_axes) "
        "SELECT ?1, mask, channel_id, size, visible, returned, open_surface, open_axes "
        "FROM isolab_powerset(NULL, NULL, ?2)",
    [ST_BUNDLE_MECHANISM] =
        "INSERT INTO bundle_sweep_mechanism(run_id, bit, mechanism, position) "
        "VALUES (?1, ?2, ?3, (SELECT position FROM mechanism WHERE name = ?3))",
    [ST_BUNDLE_CHANNEL] =
        "INSERT INTO bundle_sweep_channel(run_id, channel_id, channel) VALUES (?1,?2,?3)",
    [ST_RUN_PARAM] =
        "INSERT OR IGNORE INTO run_param(run_id, key, value) VALUES (?1, ?2, ?3)",
    /* What a run computed, read back from its own rows when it ends. */
    [ST_RUN_PARAMS_FROM_ROWS] =
        "INSERT OR IGNORE INTO run_param(run_id, key, value) "
        "SELECT ?1, 'bundle', bundle FROM surface WHERE run_id = ?1 "
        "UNION SELECT ?1, 'channel', channel FROM surface WHERE run_id = ?1 "
        "UNION SELECT ?1, 'bundle', bundle FROM sample_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'channel', channel FROM sample_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'bundle', bundle FROM removal_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'channel', channel FROM removal_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'bundle', bundle FROM addition_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'channel', channel FROM addition_sweep WHERE run_id = ?1 "
        "UNION SELECT ?1, 'channel', channel FROM bundle_sweep_channel WHERE run_id = ?1 AND channel IS NOT NULL "
        "UNION SELECT ?1, 'mechanisms', group_concat(mechanism, ',') "
        "  FROM (SELECT mechanism FROM bundle_sweep_mechanism WHERE run_id = ?1 ORDER BY bit) HAVING count(*) > 0 "
        "UNION SELECT ?1, 'sweep', kind FROM run WHERE id = ?1 AND kind IN ('samples', 'removal', 'addition', 'bundles')",
};

isl_status isl_db_status(isl_store *s)
{
    int prim = sqlite3_errcode(s->db) & 0xff;
    if (prim == SQLITE_NOMEM) return ISL_ENOMEM;
    if (prim == SQLITE_CONSTRAINT || prim == SQLITE_ERROR || prim == SQLITE_MISMATCH
        || prim == SQLITE_TOOBIG || prim == SQLITE_RANGE)
        return ISL_EINPUT;
    return ISL_EDB;
}

isl_status isl_db_fail(isl_store *s, isl_error *err, const char *what)
{
    return isl_fail(err, isl_db_status(s), "%s: %s", what, sqlite3_errmsg(s->db));
}

sqlite3_stmt *isl_stmt(isl_store *s, enum isl_stmt_id id, isl_error *err)
{
    if (!s->stmt[id]) {
        if (sqlite3_prepare_v3(s->db, STMT_SQL[id], -1, SQLITE_PREPARE_PERSISTENT, &s->stmt[id], NULL)
            != SQLITE_OK) {
            isl_db_fail(s, err, "preparing a statement");
            return NULL;
        }
    } else {
        sqlite3_reset(s->stmt[id]);
        sqlite3_clear_bindings(s->stmt[id]);
    }
    return s->stmt[id];
}

isl_status isl_db_exec(isl_store *s, const char *sql, isl_error *err)
{
    if (sqlite3_exec(s->db, sql, NULL, NULL, NULL) != SQLITE_OK) return isl_db_fail(s, err, sql);
    return ISL_OK;
}

isl_status isl_db_configure(isl_store *s, isl_error *err)
{
    int on = 0;
    /* Defensive mode: no writes to the schema table or other corruption
     * paths from SQL text, which seeds and saved queries are. */
    if (sqlite3_db_config(s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, &on) != SQLITE_OK
        || sqlite3_db_config(s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &on) != SQLITE_OK
        || sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &on) != SQLITE_OK || !on)
        return isl_db_fail(s, err, "configuring the connection");
    sqlite3_limit(s->db, SQLITE_LIMIT_SQL_LENGTH, 10 * 1000 * 1000);
    sqlite3_limit(s->db, SQLITE_LIMIT_ATTACHED, 0);
    /* A writer waits for another writer instead of failing with "database is
     * locked"; in WAL mode readers never block it. */
    if (sqlite3_busy_timeout(s->db, 10000) != SQLITE_OK) return isl_db_fail(s, err, "setting the busy timeout");
    return ISL_OK;
}

static isl_status store_new(const char *path, int flags, isl_store **out, isl_error *err)
{
    isl_store *s = calloc(1, sizeof *s);
    if (!s || !(s->path = malloc(strlen(path) + 1))) {
        free(s);
        return isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    strcpy(s->path, path);
    /* isolab uses a connection from one thread only: no mutex per call */
    int rc = sqlite3_open_v2(path, &s->db, flags | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        isl_status st = s->db ? isl_fail(err, rc == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EDB, "%s: cannot open: %s",
                                         path, sqlite3_errmsg(s->db))
                              : isl_fail(err, ISL_ENOMEM, "out of memory");
        isl_store_close(s);
        return st;
    }
    sqlite3_extended_result_codes(s->db, 1);
    isl_status st = isl_db_configure(s, err);
    if (st) {
        isl_store_close(s);
        return st;
    }
    *out = s;
    return ISL_OK;
}

void isl_store_close(isl_store *s)
{
    if (!s) return;
    for (int i = 0; i < ST_COUNT; i++) sqlite3_finalize(s->stmt[i]);
    if (s->db && (s->in_run || s->in_focus)) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close_v2(s->db);
    free(s->path);
    free(s);
}

struct sqlite3 *isl_store_db(isl_store *s) { return s->db; }

const char *isl_store_sqlite_version(void) { return sqlite3_libversion(); }

/* Reads one integer pragma. */
static isl_status pragma_int(isl_store *s, const char *sql, long long *v, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK) return isl_db_fail(s, err, s->path);
    int rc = sqlite3_step(q);
    *v = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    sqlite3_finalize(q);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return isl_db_fail(s, err, s->path);
    return ISL_OK;
}

isl_status isl_store_open(const char *path, isl_store **out, isl_error *err)
{
    struct stat sb;
    *out = NULL;
    if (stat(path, &sb) != 0)
        return isl_fail(err, ISL_EDB, "%s: no such database (create it with 'isolab init')", path);
    isl_store *s;
    isl_status st = store_new(path, SQLITE_OPEN_READWRITE, &s, err);
    if (st) return st;
    /* SQLite falls back to read-only when the file is not writable; refuse
     * before anything (even a -shm file) is made. */
    if (sqlite3_db_readonly(s->db, "main") == 1) {
        isl_store_close(s);
        return isl_fail(err, ISL_EDB, "%s: database is read-only (no permission to write it)", path);
    }
    long long app = 0, ver = 0;
    if ((st = pragma_int(s, "PRAGMA application_id", &app, err))
        || (st = pragma_int(s, "PRAGMA user_version", &ver, err))) {
        if (strstr(err->msg, "not a database")) isl_fail(err, ISL_EDB, "%s: file is not a database", path);
        isl_store_close(s);
        return ISL_EDB;
    }
    if (app != ISL_APPLICATION_ID) {
        isl_store_close(s);
        return isl_fail(err, ISL_EDB, "%s: not an isolab database (application_id %lld)", path, app);
    }
    if (ver > ISL_SCHEMA_VERSION) {
        isl_store_close(s);
        return isl_fail(err, ISL_EDB,
                        "%s: schema version %lld is newer than this isolab's (%d); use a newer isolab",
                        path, ver, ISL_SCHEMA_VERSION);
    }
    /* In WAL mode, NORMAL syncs at checkpoints instead of at every commit:
     * a run is still all there or not at all after a crash of isolab or of
     * the machine, but a power loss may take back the last runs committed.
     * For an experiment record that can be rerun, that beats an fsync per
     * run (the lesson job writes five runs). Set only once the file is
     * known to be an isolab database: the pragma reads it. */
    if ((st = isl_db_exec(s, "PRAGMA synchronous = NORMAL", err))
        || (ver < ISL_SCHEMA_VERSION && (st = isl_store_migrate(s, err)))) {
        isl_store_close(s);
        return st;
    }
    *out = s;
    return ISL_OK;
}

/* Puts the database in WAL mode; SQLite reports a refusal only by
 * returning the old mode. */
static isl_status set_wal(isl_store *s, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode = WAL", -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, s->path);
    int rc = sqlite3_step(q);
    const char *mode = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0) : NULL;
    isl_status st = mode && !strcmp(mode, "wal") ? ISL_OK
                  : rc == SQLITE_ROW ? isl_fail(err, ISL_EDB, "%s: cannot switch to WAL mode", s->path)
                  : isl_db_fail(s, err, s->path);
    sqlite3_finalize(q);
    return st;
}

/* Applies a list of embedded files as scripts. */
static isl_status exec_embedded(isl_store *s, const isl_embedded_file *files, size_t n, const char *dir,
                                isl_error *err)
{
    char name[512];
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s/%s", dir, files[i].name);
        isl_status st = isl_store_exec_script(s, name, files[i].text, err);
        if (st) return st;
    }
    return ISL_OK;
}

isl_status isl_store_install_views(isl_store *s, int replace, isl_error *err)
{
    for (size_t i = 0; i < isl_query_count; i++) {
        const isl_embedded_file *f = &isl_query_files[i];
        size_t nlen = strlen(f->name) - 4; /* without ".sql" */
        size_t len = f->len;
        while (len > 0 && (f->text[len - 1] == ';' || f->text[len - 1] == ' ' || f->text[len - 1] == '\n'
                           || f->text[len - 1] == '\t' || f->text[len - 1] == '\r'))
            len--;
        char *sql = replace ? sqlite3_mprintf("DROP VIEW IF EXISTS \"%.*w\";\nCREATE VIEW \"%.*w\" AS\n%.*s",
                                              (int)nlen, f->name, (int)nlen, f->name, (int)len, f->text)
                            : sqlite3_mprintf("CREATE VIEW \"%.*w\" AS\n%.*s", (int)nlen, f->name, (int)len, f->text);
        if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
        int rc = sqlite3_exec(s->db, sql, NULL, NULL, NULL);
        sqlite3_free(sql);
        if (rc != SQLITE_OK) {
            char what[300];
            snprintf(what, sizeof what, "queries/%s", f->name);
            return isl_db_fail(s, err, what);
        }
    }
    return ISL_OK;
}

isl_status isl_store_create(const char *path, const char *seeds_dir, int force, isl_error *err)
{
    struct stat sb;
    if (!force && stat(path, &sb) == 0)
        return isl_fail(err, ISL_EINPUT, "%s: already exists (use --force to replace it)", path);
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp) return isl_fail(err, ISL_ENOMEM, "out of memory");
    snprintf(tmp, n, "%s.new-%ld", path, (long)getpid());
    unlink(tmp);
    isl_store *s = NULL;
    isl_status st = store_new(tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &s, err);
    if (!st) {
        char pragma[96];
        snprintf(pragma, sizeof pragma, "PRAGMA application_id = %d; PRAGMA user_version = %d",
                 ISL_APPLICATION_ID, ISL_SCHEMA_VERSION);
        if (!(st = isl_db_exec(s, "BEGIN IMMEDIATE", err))
            && !(st = isl_db_exec(s, "PRAGMA defer_foreign_keys = ON", err))
            && !(st = exec_embedded(s, isl_schema_files, isl_schema_count, "schema", err))
            && !(st = isl_db_exec(s, pragma, err))
            && !(st = seeds_dir ? isl_store_load_dir(s, seeds_dir, err)
                                : exec_embedded(s, isl_seed_files, isl_seed_count, "seeds", err))
            && !(st = isl_store_install_views(s, 0, err))) {
            /* the model must be valid, and its digest is the current one */
            isl_model *m = NULL;
            st = isl_store_read_model(s, &m, err);
            if (!st) st = isl_store_write_digest(s, m, err);
            isl_model_free(m);
        }
        if (!st) st = isl_db_exec(s, "COMMIT", err);
        /* WAL: readers (the sqlite3 shell) never block isolab's writes and
         * never see a half-written run. Switched on only now that the
         * content is in the file itself: a log left behind by a failed
         * checkpoint at close would not follow the file when it is renamed. */
        if (!st) st = set_wal(s, err);
    }
    isl_store_close(s);
    if (!st) {
        /* whatever the close did, nothing may have stayed in a log */
        size_t tn = strlen(tmp) + 8;
        char *log = malloc(tn);
        if (!log) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        else {
            snprintf(log, tn, "%s-wal", tmp);
            if (stat(log, &sb) == 0 && sb.st_size > 0)
                st = isl_fail(err, ISL_EDB, "%s: cannot create: its log could not be written back", path);
            unlink(log);
            snprintf(log, tn, "%s-shm", tmp);
            unlink(log);
            free(log);
        }
    }
    if (!st) {
        size_t pn = strlen(path) + 8;
        char *side = malloc(pn);
        if (!side) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        else {
            /* a stale log of a replaced database must not be replayed into the new one */
            snprintf(side, pn, "%s-wal", path);
            unlink(side);
            snprintf(side, pn, "%s-shm", path);
            unlink(side);
            free(side);
            if (rename(tmp, path) != 0)
                st = isl_fail(err, ISL_EDB, "%s: cannot create: %s", path, strerror(errno));
        }
    }
    if (st) {
        unlink(tmp);
        size_t tn = strlen(tmp) + 8;
        char *side = malloc(tn);
        if (side) {
            snprintf(side, tn, "%s-wal", tmp);
            unlink(side);
            snprintf(side, tn, "%s-shm", tmp);
            unlink(side);
            free(side);
        }
    }
    free(tmp);
    return st;
}
