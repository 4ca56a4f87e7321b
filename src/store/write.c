/* isolab store: writing runs. A run is one BEGIN IMMEDIATE transaction:
 * its run row and every result row commit together or not at all. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/kind.h"
#include "isolab/reader.h"
#include "isolab/run.h"
#include "isolab/version.h"
#include "isolab/outfile.h"
#include "isolab/provenance.h"
#include "store_int.h"
#include "write_status.h"

static const char ST_RUN_INSERT[] = "INSERT INTO run(kind, started_at, status, model_digest, tool_version, argv, "
                                    "note) VALUES (?1, strftime('%Y-%m-%dT%H:%M:%fZ','now'), 'done', ?2, ?3, ?4, ?5)";
static const char ST_RUN_WRITTEN[] = "INSERT INTO run_written(run, row_count) VALUES (?1, ?2)";
static const char ST_RUN_FINISH[] = "UPDATE run SET finished_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1";
static const char ST_SURFACE[] = "INSERT INTO surface(run_id, bundle, channel, visible, returned, open_surface, "
                                 "open_axes, cost_pct, run_time, cost_per_fact) VALUES "
                                 "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)";
static const char ST_SAMPLE[] = "INSERT INTO sample_sweep(run_id, bundle, channel, samples, lines, returned, "
                                "lines_per_fact) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_REMOVAL[] = "INSERT INTO removal_sweep(run_id, bundle, channel, removed_fact, position, visible, "
                                 "returned, open_surface, open_axes) VALUES (?1,?2,?3,?4,nullif(?5, 0),?6,?7,?8,?9)";
static const char ST_ADDITION[] = "INSERT INTO addition_sweep(run_id, bundle, channel, axis, facts, visible, "
                                  "returned, open_surface, open_axes) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9)";

void isl_store_trust_run_rows(isl_store *s)
{
    /* a connection flag (no statement, no allocation); it takes effect for
     * statements prepared from now on, outside any transaction */
    if (!s->in_run && sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 0, (int *)NULL) == SQLITE_OK)
        s->fk_off = 1;
}

/* Turns the foreign-key check back on after a trusted run. */
static void checks_on(isl_store *s)
{
    if (s->fk_off && sqlite3_db_config(s->db, SQLITE_DBCONFIG_ENABLE_FKEY, 1, (int *)NULL) == SQLITE_OK) s->fk_off = 0;
}

/* The scopes (run_kinds.scope) whose runs keep digests of their own, the
 * parts of the model they read (run_scope, model_scope), each with its
 * digest rule: one part ('') for the whole scope, or one per channel (named
 * by it) and one for no channel (''), channel ISL_NONE. */
static void mechanisms_digest(const isl_model *m, size_t channel, char out[17])
{
    assert(channel == ISL_NONE);
    isl_model_mechanisms_digest(m, out);
}

static const struct {
    const char *scope;
    int per_channel;
    void (*digest)(const isl_model *m, size_t channel, char out[17]);
} SCOPE_DIGESTS[] = {{"mechanisms", 0, mechanisms_digest}, {"channels", 1, isl_model_channel_digest}};

/* Runs sql for each part of each scope of SCOPE_DIGESTS (only the scope
 * `only` when not NULL), bound ?1 run_id (when run_id > 0), then the
 * scope, the part and its digest. */
static isl_status scope_rows(isl_store *s, const isl_model *m, const char *only, int64_t run_id, const char *sql,
                             const char *what, isl_error *err)
{
    char digest[17];
    isl_status st = ISL_OK;
    for (size_t i = 0; !st && i < sizeof SCOPE_DIGESTS / sizeof SCOPE_DIGESTS[0]; i++) {
        if (only && strcmp(SCOPE_DIGESTS[i].scope, only)) continue;
        size_t parts = SCOPE_DIGESTS[i].per_channel ? m->nchannels + 1 : 1;
        for (size_t k = 0; !st && k < parts; k++) {
            size_t channel = k + 1 < parts ? k : ISL_NONE;
            const char *part = channel == ISL_NONE ? "" : m->channel[channel].name;
            SCOPE_DIGESTS[i].digest(m, channel, digest);
            st = run_id > 0 ? isl_db_rows(s, what, sql, NULL, NULL, err, "ittt", run_id, SCOPE_DIGESTS[i].scope, part,
                                          digest)
                            : isl_db_rows(s, what, sql, NULL, NULL, err, "ttt", SCOPE_DIGESTS[i].scope, part, digest);
        }
    }
    return st;
}

/* Writes into run_scope the digests of what run_id (of kind) read from m,
 * when its kind's scope has them. */
static isl_status write_run_scope(isl_store *s, isl_kind kind, const isl_model *m, int64_t run_id, isl_error *err)
{
    return scope_rows(s, m, isl_kinds[kind].scope, run_id,
                      "INSERT INTO run_scope(run_id, scope, part, digest) VALUES (?1, ?2, ?3, ?4)",
                      "writing what the run read", err);
}

isl_status isl_store_begin_run(isl_store *s, isl_kind kind, const char *argv,
                               const isl_model *m, int64_t *run_id, isl_error *err)
{
    assert(kind < ISL_KIND_COUNT);
    char digest[17];
    isl_status st = isl_db_begin_write(s, err);
    if (st) return isl_store_end_run(s, st, err); /* not in a run: the checks back on */
    s->in_run = 1;
    isl_model_digest(m, digest);
    st = isl_db_put(s, ST_RUN_INSERT, err, "writing the run", "ttttt", isl_kind_names[kind], digest, ISOLAB_VERSION, argv, s->note);
    if (st) return isl_store_end_run(s, st, err);
    *run_id = s->run_id = sqlite3_last_insert_rowid(s->db);
    s->written = 0;
    st = write_run_scope(s, kind, m, s->run_id, err);
    /* the model it uses, kept once per digest (isl_store_model_diff) */
    if (!st) st = isl_store_keep_model(s, digest, err);
    if (st) return isl_store_end_run(s, st, err);
    isl_db_pause("writing");
    return ISL_OK;
}

/* Finishes the run begun and commits it, or (st set, or any failure) rolls
 * it back. */
static isl_status commit_run(isl_store *s, isl_status st, isl_error *err)
{
    if (!st) st = isl_db_put(s, ST_RUN_FINISH, err, "finishing the run", "i", (int64_t)s->run_id);
    /* the rows its writers counted, kept with it: a file that loses some later says so */
    if (!st) st = isl_db_put(s, ST_RUN_WRITTEN, err, "counting the run's rows", "ii", (int64_t)s->run_id, s->written);
    if (!st) {
        isl_db_pause("commit");
        if ((st = isl_db_still_here(s, err))) return st; /* rolled back */
        s->commit_counts = 1; /* kept from the moment it is in the file (conn.c: isl_db_committed) */
        int rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
        s->commit_counts = 0;
        if (rc == SQLITE_OK) {
            isl_temp_written();
            return ISL_OK;
        }
        st = isl_db_fail(s, err, "committing the run");
    }
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}

isl_status isl_store_end_run(isl_store *s, isl_status st, isl_error *err)
{
    free(s->status_ids);
    s->status_ids = NULL;
    if (s->in_run) st = commit_run(s, st, err);
    s->in_run = 0;
    checks_on(s);
    return st;
}

/* The names of the bundle and channel of a sweep's rows. */
static const char *bundle_of(const isl_run_ctx *c) { return c->model->bundle[c->bundle].name; }
static const char *channel_of(const isl_run_ctx *c) { return c->model->channel[c->channel].name; }

isl_status isl_store_put_surface(void *ctx, const isl_surface_row *row)
{
    isl_run_ctx *c = ctx;
    const isl_surface *s = &row->s;
    /* cost_per_fact, left unbound, is NULL */
    isl_status st = isl_db_put(c->store, ST_SURFACE, c->err, "writing a surface",
                               row->has_cost_per_fact ? "ittiiiidid" : "ittiiiidi", c->run_id,
                               c->model->bundle[row->bundle].name, c->model->channel[row->channel].name,
                               (int64_t)s->visible, (int64_t)s->returned, (int64_t)s->open_surface,
                               (int64_t)s->open_axes, row->cost_pct, (int64_t)row->run_time, row->cost_per_fact);
    if (st) return st;
    isl_run_count(c, 1);
    return isl_store_put_statuses(c, row);
}

isl_status isl_store_put_sample(void *ctx, const isl_sample_row *row)
{
    isl_run_ctx *c = ctx;
    /* lines_per_fact, left unbound, is NULL */
    isl_status st = isl_db_put(c->store, ST_SAMPLE, c->err, "writing a sample sweep row",
                               row->has_lines_per_fact ? "ittiiii" : "ittiii", c->run_id, bundle_of(c), channel_of(c),
                               (int64_t)row->samples, (int64_t)row->lines, (int64_t)row->returned,
                               (int64_t)row->lines_per_fact);
    if (!st) isl_run_count(c, 1);
    return st;
}

/* A removal or addition sweep row: what was removed or added (name), and n. */
static isl_status put_sweep(isl_run_ctx *c, const char *sql, const char *what, const char *name, int64_t n,
                            const isl_surface *s)
{
    isl_status st = isl_db_put(c->store, sql, c->err, what, "itttiiiii", c->run_id, bundle_of(c), channel_of(c), name,
                               n, (int64_t)s->visible, (int64_t)s->returned, (int64_t)s->open_surface,
                               (int64_t)s->open_axes);
    if (!st) isl_run_count(c, 1);
    return st;
}

/* The baseline row (fact ISL_NONE) has no removed fact: its name is NULL,
 * and its position (0 here) NULL too (nullif in ST_REMOVAL); a removed
 * fact's position is the fact's own (fact.position). */
isl_status isl_store_put_removal(void *ctx, const isl_removal_row *row)
{
    isl_run_ctx *c = ctx;
    return put_sweep(c, ST_REMOVAL, "writing a removal sweep row",
                     row->fact == ISL_NONE ? NULL : c->model->fact_name[row->fact],
                     row->fact == ISL_NONE ? 0 : (int64_t)c->model->fact_pos[row->fact], &row->s);
}

isl_status isl_store_put_addition(void *ctx, const isl_addition_row *row)
{
    isl_run_ctx *c = ctx;
    return put_sweep(c, ST_ADDITION, "writing an addition sweep row",
                     row->axis == ISL_NONE ? NULL : c->model->axis_name[row->axis], (int64_t)row->facts, &row->s);
}

/* A pair a run computed (run_pair), its digest in m into model_pair; a
 * pair m can no longer compute (its channel gone, its list naming what is
 * not there) gets none, so its results are stale. */
typedef struct pair_ctx {
    isl_store *s;
    const isl_model *m;
    size_t *members;
    isl_error *err;
} pair_ctx;

static isl_status pair_row(void *ctx, sqlite3_stmt *q)
{
    pair_ctx *p = ctx;
    const char *bundle = isl_base_text(q, 0), *channel = isl_base_text(q, 1);
    size_t b = isl_model_find_bundle(p->m, bundle), c = isl_model_find_channel(p->m, channel), n = 0;
    isl_error ignored;
    char digest[17];
    if (c == ISL_NONE) return ISL_OK;
    if (b != ISL_NONE && !p->m->bundle[b].adhoc) isl_model_pair_digest(p->m, b, c, digest);
    else if (!isl_model_members(p->m, bundle, p->members, &n, &ignored))
        isl_model_members_digest(p->m, p->members, n, c, digest);
    else return ISL_OK;
    return isl_db_rows(p->s, "writing model_pair", "INSERT OR REPLACE INTO model_pair(bundle, channel, digest) "
                       "VALUES (?1, ?2, ?3)", NULL, NULL, p->err, "ttt", bundle, channel, digest);
}

/* Writes the digest of m into model_state when it differs, and model_pair's
 * and model_scope's digests anew. */
static isl_status isl_store_write_digest(isl_store *s, const isl_model *m, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    isl_status st = isl_db_rows(s, "writing the model's digest",
                                "UPDATE model_state SET digest = ?1 WHERE digest IS NOT ?1", NULL, NULL, err, "t", digest);
    pair_ctx p = {s, m, malloc((isl_model_list_room(m) + 1) * sizeof *p.members), err};
    if (!st && !p.members) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = isl_db_exec(s, "DELETE FROM model_pair", err);
    if (!st) st = isl_db_rows(s, "reading run_pair", "SELECT DISTINCT bundle, channel FROM run_pair", pair_row, &p,
                              err, NULL);
    free(p.members);
    if (!st) st = isl_db_exec(s, "DELETE FROM model_scope", err);
    if (!st)
        st = scope_rows(s, m, NULL, 0, "INSERT INTO model_scope(scope, part, digest) VALUES (?1, ?2, ?3)",
                        "writing model_scope", err);
    return st;
}

isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err)
{
    isl_db_pause("model");
    return isl_read_model(s->db, s->path, out, err);
}

isl_status isl_store_check_dangling(isl_store *s, isl_error *err) { return isl_read_dangling(s->db, s->path, err); }

isl_status isl_store_settle_model(isl_store *s, isl_error *err)
{
    isl_model *m = NULL;
    isl_status st = isl_store_read_model(s, &m, err);
    if (!st) st = isl_store_write_digest(s, m, err);
    isl_model_free(m);
    return st;
}

isl_status isl_store_sync_model(isl_store *s, const isl_model *m, isl_error *err)
{
    char digest[17];
    isl_model_digest(m, digest);
    int same = 0;
    isl_status st = isl_db_rows(s, "reading the model's digest",
                                "SELECT 1 FROM model_state WHERE digest = ?1", isl_base_count, &same, err, "t", digest);
    if (st || same || s->in_run) return st;
    if ((st = isl_base_begin(s->db, s->path, s->wait_s, err))) return st;
    return isl_base_end(s->db, s->path, isl_store_write_digest(s, m, err), err);
}

void isl_store_note_runs(isl_store *s, const char *note) { s->note = note; }

isl_status isl_store_set_note(isl_store *s, int64_t run_id, const char *note, isl_error *err)
{
    isl_status st = isl_db_rows(s, "writing the run's note", "UPDATE run SET note = ?2 WHERE id = ?1",
                                NULL, NULL, err, "it", run_id, note);
    if (!st && sqlite3_changes(s->db) == 0) st = isl_fail(err, ISL_EINPUT, "no run %lld", (long long)run_id);
    return st;
}

