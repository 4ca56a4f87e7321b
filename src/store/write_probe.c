/* isolab store: what a real kernel did (include/isolab/observed.h): the rows
 * of a probe run, each statement beside its writer, and probes copied from
 * another isolab database, opened read-only. */
#include <stdlib.h>
#include <string.h>

#include "isolab/db.h"
#include "isolab/escape.h"
#include "isolab/kind.h"
#include "isolab/observed.h"
#include "isolab/reader.h"
#include "store_int.h"

static const char ST_PROVENANCE[] = "INSERT INTO probe_provenance(run_id, machine, kernel_release, uid, privileged, "
                                    "lsms, cgroup_version) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_PROBE_SET[] = "INSERT INTO probe_set(run_id, set_no, bundle, build_order, members) "
                                   "VALUES (?1,?2,?3,?4,?5)";
static const char ST_PROBE_STEP[] = "INSERT INTO probe_step(run_id, set_no, step_no, mechanism, primitive, status, "
                                    "message) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_PROBE_READING[] = "INSERT INTO probe_reading(run_id, set_no, reading_no, side, fact, source, "
                                       "value) VALUES (?1,?2,?3,?4,?5,?6,?7)";
static const char ST_PROBE_FACT[] = "INSERT INTO probe_fact(run_id, set_no, fact, position, observed, via, "
                                    "model_status) VALUES (?1,?2,?3,nullif(?4, 0),?5,?6,?7)";

/* Counts one row written when st is ISL_OK; returns st. */
static isl_status counted(isl_run_ctx *c, isl_status st)
{
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_provenance(isl_run_ctx *c, const isl_probe_origin *o)
{
    return counted(c, isl_db_put(c->store, ST_PROVENANCE, c->err, "writing the probe's provenance", "ittiiti",
                                 c->run_id, o->machine, o->release, (int64_t)o->uid, (int64_t)o->privileged, o->lsms,
                                 (int64_t)o->cgroup_version));
}

isl_status isl_store_put_probe_set(isl_run_ctx *c, int64_t set_no, const char *bundle, const char *order,
                                   const char *members)
{
    return counted(c, isl_db_put(c->store, ST_PROBE_SET, c->err, "writing a probe set", "iittt", c->run_id, set_no,
                                 bundle, order, members));
}

isl_status isl_store_put_probe_step(isl_run_ctx *c, int64_t set_no, int64_t step_no, const char *mechanism,
                                    const char *primitive, const char *status, const char *message)
{
    return counted(c, isl_db_put(c->store, ST_PROBE_STEP, c->err, "writing a probe step", "iiitttt", c->run_id,
                                 set_no, step_no, mechanism, primitive, status, message));
}

isl_status isl_store_put_probe_reading(isl_run_ctx *c, int64_t set_no, int64_t reading_no, const char *side,
                                       const char *fact, const char *source, const char *value)
{
    return counted(c, isl_db_put(c->store, ST_PROBE_READING, c->err, "writing a probe reading", "iiitttt",
                                 c->run_id, set_no, reading_no, side, fact, source, value));
}

isl_status isl_store_put_probe_fact(isl_run_ctx *c, int64_t set_no, const char *fact, int64_t position,
                                    const char *observed, const char *via, const char *model_status)
{
    return counted(c, isl_db_put(c->store, ST_PROBE_FACT, c->err, "writing an observed fact", "iitittt", c->run_id,
                                 set_no, fact, position, observed, via, model_status));
}

typedef struct step_notes {
    isl_step_note_fn fn;
    void *ctx;
} step_notes;

static isl_status step_note_row(void *ctx, sqlite3_stmt *q)
{
    step_notes *n = ctx;
    return n->fn(n->ctx, isl_base_text(q, 0), isl_base_text(q, 1), isl_base_text(q, 2), sqlite3_column_int64(q, 3));
}

isl_status isl_store_probe_step_notes(isl_store *s, int64_t run_id, isl_step_note_fn fn, void *ctx, isl_error *err)
{
    step_notes n = {fn, ctx};
    return isl_db_rows(s, "reading the probe's steps",
                       "SELECT mechanism, status, message, count(DISTINCT set_no) FROM probe_step "
                       "WHERE run_id = ?1 AND status <> 'ok' GROUP BY mechanism, status, message "
                       "ORDER BY min(set_no), min(step_no)",
                       step_note_row, &n, err, "i", run_id);
}

/* ---- import ---- */

/* The tables of a probe run copied, each with its columns but run_id, in
 * an order that keeps foreign keys whole (a set before its rows); the
 * first two are no result table (their rows not counted): run_scope says
 * what the probe read, so whether it is current. */
static const char *const COPIED[][2] = {
    {"run_param", "key, value"},
    {"run_scope", "scope, part, digest"},
    {"probe_provenance", "machine, kernel_release, uid, privileged, lsms, cgroup_version"},
    {"probe_set", "set_no, bundle, build_order, members"},
    {"probe_step", "set_no, step_no, mechanism, primitive, status, message"},
    {"probe_reading", "set_no, reading_no, side, fact, source, value"},
    {"probe_fact", "set_no, fact, position, observed, via, model_status"},
};

typedef struct importer {
    isl_store *to, *from;
    isl_import_counts *n;
    isl_error *err;
    int64_t run_id;    /* the copy's id in `to` */
    sqlite3_stmt *ins; /* the INSERT of the table being copied */
    int counted;       /* ... a result table, its rows counted (not run_param, run_scope) */
    const char *mechanisms, *model; /* the source's digests: its facts, mechanisms and bundles; its model */
    int64_t written;   /* the copy's rows counted so far, for run_written */
} importer;

/* One row of a table of the source run into the copy: ?1 the copy's id, the
 * row's columns after it, bound as they are. */
static isl_status copy_row(void *ctx, sqlite3_stmt *q)
{
    importer *im = ctx;
    int rc = sqlite3_bind_int64(im->ins, 1, im->run_id);
    for (int i = 0; rc == SQLITE_OK && i < sqlite3_column_count(q); i++)
        rc = sqlite3_bind_value(im->ins, i + 2, sqlite3_column_value(q, i));
    if (rc != SQLITE_OK) return isl_db_fail(im->to, im->err, "importing a probe run");
    isl_status st = isl_base_step(im->to->db, im->to->path, "importing a probe run", im->ins, NULL, NULL, im->err);
    if (!st) im->n->rows += im->counted, im->written += im->counted;
    return st;
}

/* Copies table k's rows of source run `from` into the copy. */
static isl_status copy_table(importer *im, size_t k, int64_t from)
{
    const char *table = COPIED[k][0], *cols = COPIED[k][1];
    int ncols = 1;
    for (const char *p = cols; *p; p++) ncols += *p == ',';
    sqlite3_str *ins = sqlite3_str_new(im->to->db);
    sqlite3_str_appendf(ins, "INSERT INTO \"%w\"(run_id, %s) VALUES (?1", table, cols);
    for (int i = 0; i < ncols; i++) sqlite3_str_appendf(ins, ", ?%d", i + 2);
    sqlite3_str_appendall(ins, ")");
    char *sel = sqlite3_mprintf("SELECT %s FROM main.\"%w\" WHERE run_id = ?1", cols, table);
    char *isql = sqlite3_str_finish(ins);
    isl_status st = !sel || !isql ? isl_fail(im->err, ISL_ENOMEM, "out of memory") : ISL_OK;
    im->counted = k > 1;
    if (!st && sqlite3_prepare_v2(im->to->db, isql, -1, &im->ins, NULL) != SQLITE_OK)
        st = isl_db_fail(im->to, im->err, "importing a probe run");
    if (!st) st = isl_db_rows(im->from, "reading a probe run", sel, copy_row, im, im->err, "i", from);
    sqlite3_finalize(im->ins);
    im->ins = NULL;
    sqlite3_free(sel);
    sqlite3_free(isql);
    return st;
}

/* A probe run of the source (id, started_at, finished_at, model_digest,
 * tool_version, argv, note, machine, kernel_release): copied unless a run
 * of the same machine, kernel and start is here already. */
static isl_status import_run(void *ctx, sqlite3_stmt *q)
{
    importer *im = ctx;
    int here = 0;
    int64_t from = sqlite3_column_int64(q, 0);
    isl_status st = isl_db_rows(im->to, "looking for the probe run",
                                "SELECT 1 FROM run r JOIN probe_provenance p ON p.run_id = r.id WHERE r.kind = 'probe' "
                                "AND r.started_at = ?1 AND p.machine = ?2 AND p.kernel_release = ?3",
                                isl_base_count, &here, im->err, "vvv", sqlite3_column_value(q, 1),
                                sqlite3_column_value(q, 7), sqlite3_column_value(q, 8));
    if (st || here) return im->n->present += !st, st;
    /* another's labels, shown on terminals and pages: refused by the rule --machine follows */
    for (int c = 7; c <= 8; c++) {
        const char *label = (const char *)sqlite3_column_text(q, c);
        if (!label || !isl_label_ok(label)) {
            char shown[84];
            return isl_fail(im->err, ISL_EINPUT, "%s: probe run %lld: its %s '%s' is not a label isolab accepts (1 "
                            "to 127 bytes of UTF-8, no control or bidirectional character); nothing imported",
                            im->from->path, (long long)from, c == 7 ? "machine" : "kernel release",
                            isl_short_name(label ? label : "", label ? strlen(label) : 0, shown));
        }
    }
    st = isl_db_rows(im->to, "importing a probe run",
                     "INSERT INTO run(kind, started_at, finished_at, status, model_digest, tool_version, argv, note) "
                     "VALUES ('probe', ?1, ?2, 'done', ?3, ?4, ?5, ?6)",
                     NULL, NULL, im->err, "vvvvvv", sqlite3_column_value(q, 1), sqlite3_column_value(q, 2),
                     sqlite3_column_value(q, 3), sqlite3_column_value(q, 4), sqlite3_column_value(q, 5),
                     sqlite3_column_value(q, 6));
    if (st) return st;
    im->run_id = sqlite3_last_insert_rowid(im->to->db);
    im->written = 0;
    for (size_t k = 0; k < sizeof COPIED / sizeof COPIED[0] && !st; k++) st = copy_table(im, k, from);
    /* a run of the source's model as it is now, recorded before run_scope was: it read what the source holds */
    const char *seen = (const char *)sqlite3_column_text(q, 3);
    if (!st && seen && !strcmp(seen, im->model))
        st = isl_db_rows(im->to, "importing a probe run", "INSERT OR IGNORE INTO run_scope(run_id, scope, part, digest) "
                         "VALUES (?1, ?2, '', ?3)", NULL, NULL, im->err, "itt", im->run_id,
                         isl_kinds[ISL_KIND_PROBE].scope, im->mechanisms);
    /* the rows copied, counted as they were written, as every writer counts them */
    if (!st)
        st = isl_db_rows(im->to, "counting the run's rows", "INSERT INTO run_written(run, row_count) VALUES (?1, ?2)",
                         NULL, NULL, im->err, "ii", im->run_id, im->written);
    if (!st) im->n->runs++;
    return st;
}

/* The digests of the model of the database `from` (what a probe reads of
 * it, and the whole), read as isolab reads any model (every dangling row
 * an error naming it). */
static isl_status model_digests(isl_store *from, char mechanisms[17], char model[17], isl_error *err)
{
    isl_model *m = NULL;
    isl_status st = isl_read_model(from->db, from->path, &m, err);
    if (!st) isl_model_mechanisms_digest(m, mechanisms), isl_model_digest(m, model);
    isl_model_free(m);
    return st;
}

isl_status isl_store_import(isl_store *s, const char *path, const char *digest, isl_import_counts *n, isl_error *err)
{
    isl_store *from = NULL;
    char theirs[17], model[17];
    memset(n, 0, sizeof *n);
    isl_status st = isl_store_open_readonly(path, &from, err);
    if (!st) st = isl_base_exec(from->db, from->path, "BEGIN", err); /* one snapshot of it */
    if (!st) st = model_digests(from, theirs, model, err);
    if (!st && strcmp(theirs, digest))
        st = isl_fail(err, ISL_EINPUT, "%s: its facts, mechanisms and bundles (digest %s) are not this database's "
                      "(digest %s): probes are compared on what they read; load the same seeds into both first",
                      path, theirs, digest);
    importer im = {s, from, n, err, 0, NULL, 0, theirs, model, 0};
    if (!st && !(st = isl_db_begin_write(s, err))) {
        st = isl_db_rows(from, "reading the probe runs",
                         "SELECT r.id, r.started_at, r.finished_at, r.model_digest, r.tool_version, r.argv, r.note, "
                         "p.machine, p.kernel_release FROM main.run r JOIN main.probe_provenance p ON p.run_id = r.id "
                         "WHERE r.kind = 'probe' ORDER BY r.id",
                         import_run, &im, err, NULL);
        if (!st) st = isl_db_still_here(s, err);
        if (!st && isl_db_exec(s, "COMMIT", err)) st = err->status;
        if (st) sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    }
    isl_store_close(from);
    return st;
}
