/* isolab store: reading the model from the database into the core. Names
 * are turned into indexes by SQL (row_number over each table's order, or a
 * fact's position, whose rank among the positions read is its index), so no
 * name is looked up in C. Every table is read once, joined on its keys,
 * because the model is read at the start of every statement of the SQL
 * functions. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "store_int.h"

/* Order of each table as the core numbers it. */
#define AXES  "SELECT name, row_number() OVER (ORDER BY name) - 1 AS i FROM axis"
#define MECHS "SELECT name, row_number() OVER (ORDER BY position, name) - 1 AS i FROM mechanism"
#define BUNDLES "SELECT name, row_number() OVER (ORDER BY position) - 1 AS i FROM bundle"
#define CHANNELS "SELECT name, row_number() OVER (ORDER BY position) - 1 AS i FROM channel"

typedef struct reader {
    isl_store *s;
    isl_model *m;
    isl_error *err;
    sqlite3_stmt *q;
    sqlite3_int64 *pos; /* per fact index: its position (increasing) */
} reader;

static isl_status prep(reader *r, const char *sql)
{
    sqlite3_finalize(r->q);
    r->q = NULL;
    if (sqlite3_prepare_v2(r->s->db, sql, -1, &r->q, NULL) != SQLITE_OK)
        return isl_db_fail(r->s, r->err, "reading the model");
    return ISL_OK;
}

/* Steps r->q: 1 for a row, 0 at the end, -1 on error (err set). */
static int next(reader *r)
{
    int rc = sqlite3_step(r->q);
    if (rc == SQLITE_ROW) return 1;
    if (rc == SQLITE_DONE) return 0;
    isl_db_fail(r->s, r->err, "reading the model");
    return -1;
}

static const char *text(reader *r, int col)
{
    const char *t = (const char *)sqlite3_column_text(r->q, col);
    return t ? t : "";
}

/* A name C would cut short (a NUL byte) or a terminal would act on: the
 * schema's triggers refuse them, but rows written before those existed
 * are read here too. The name in column col of a row of `table`, or NULL
 * with err set. */
static const char *name(reader *r, int col, const char *table)
{
    const char *t = text(r, col);
    size_t n = (size_t)sqlite3_column_bytes(r->q, col), k = 0;
    while (k < n && (unsigned char)t[k] >= 0x20 && t[k] != 0x7f) k++;
    if (k == n) return t;
    char shown[ISL_ESCAPE_MAX(100)];
    isl_escape(t, shown, sizeof shown);
    isl_fail(r->err, ISL_EINPUT, "%s name '%s' holds a %s", table, shown,
             memchr(t, 0, n) ? "NUL byte" : "control character");
    return NULL;
}

/* The index of the fact at `position` (one of those read). */
static size_t fact_at(const reader *r, sqlite3_int64 position)
{
    size_t lo = 0, hi = r->m->nfacts;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->pos[mid] < position) lo = mid + 1;
        else hi = mid;
    }
    assert(lo < r->m->nfacts && r->pos[lo] == position);
    return lo;
}

static size_t idx(reader *r, int col) { return (size_t)sqlite3_column_int64(r->q, col); }

#define OOM(r) isl_fail((r)->err, ISL_ENOMEM, "reading the model: out of memory")

static isl_status read_names(reader *r)
{
    int k;
    isl_status st;
    const char *t;
    if ((st = prep(r, "SELECT name FROM axis ORDER BY name"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "axis"))) return r->err->status;
        if (isl_model_add_axis(r->m, t) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, "SELECT count(*) FROM fact"))) return st;
    if ((k = next(r)) < 0) return r->err->status;
    size_t n = (size_t)sqlite3_column_int64(r->q, 0);
    if (!(r->pos = malloc((n ? n : 1) * sizeof *r->pos))) return OOM(r);
    if ((st = prep(r, "WITH a AS (" AXES ") SELECT f.name, a.i, f.position FROM fact f JOIN a ON a.name = f.axis "
                      "ORDER BY f.position")))
        return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "fact"))) return r->err->status;
        if (r->m->nfacts == n) return isl_fail(r->err, ISL_EINPUT, "the fact table changed while it was read");
        r->pos[r->m->nfacts] = sqlite3_column_int64(r->q, 2);
        if (isl_model_add_fact(r->m, t, idx(r, 1)) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, MECHS " ORDER BY i"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "mechanism"))) return r->err->status;
        if (isl_model_add_mechanism(r->m, t) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, "WITH d AS (" MECHS "), a AS (" AXES ") SELECT d.i, a.i FROM mechanism_axis x "
                      "JOIN d ON d.name = x.mechanism JOIN a ON a.name = x.axis ORDER BY d.i, a.i")))
        return st;
    while ((k = next(r)) > 0)
        if (isl_model_mechanism_axis(r->m, idx(r, 0), idx(r, 1))) return OOM(r);
    if (k < 0) return r->err->status;
    if ((st = prep(r, "WITH d AS (" MECHS ") SELECT d.i, f.position FROM left_open x "
                      "JOIN d ON d.name = x.mechanism JOIN fact f ON f.name = x.fact ORDER BY d.i, f.position")))
        return st;
    while ((k = next(r)) > 0)
        if (isl_model_left_open(r->m, idx(r, 0), fact_at(r, sqlite3_column_int64(r->q, 1)))) return OOM(r);
    return k < 0 ? r->err->status : ISL_OK;
}

static isl_status read_bundles(reader *r)
{
    int k;
    isl_status st;
    const char *t;
    if ((st = prep(r, BUNDLES " ORDER BY i"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "bundle"))) return r->err->status;
        if (isl_model_add_bundle(r->m, t) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, "WITH b AS (" BUNDLES "), d AS (" MECHS ") SELECT b.i, x.position, d.i, b.name "
                      "FROM bundle_member x JOIN b ON b.name = x.bundle JOIN d ON d.name = x.mechanism "
                      "ORDER BY b.i, x.position")))
        return st;
    while ((k = next(r)) > 0) {
        size_t b = idx(r, 0);
        long long pos = sqlite3_column_int64(r->q, 1);
        if (pos != (long long)r->m->bundle[b].n + 1)
            return isl_fail(r->err, ISL_EINPUT,
                            "bundle '%s': member position %lld follows %zu; positions must run 1, 2, 3, ... "
                            "without gaps", text(r, 3), pos, r->m->bundle[b].n);
        if (isl_model_bundle_append(r->m, b, idx(r, 2))) return OOM(r);
    }
    return k < 0 ? r->err->status : ISL_OK;
}

static isl_status read_channels(reader *r)
{
    int k;
    isl_status st;
    if ((st = prep(r, "WITH c AS (" CHANNELS ") SELECT c.name, x.lesson, x.cost_pct FROM c "
                      "JOIN channel x ON x.name = c.name ORDER BY c.i")))
        return st;
    while ((k = next(r)) > 0) {
        const char *lesson = sqlite3_column_type(r->q, 1) == SQLITE_NULL ? NULL : text(r, 1), *t;
        if (!(t = name(r, 0, "channel"))) return r->err->status;
        if (isl_model_add_channel(r->m, t, lesson, sqlite3_column_double(r->q, 2)) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    /* A whole channel shows its own facts and every fact of its parts:
     * its own in listing order, then its parts' in fact order. */
    if ((st = prep(r, "WITH c AS (" CHANNELS "), "
                      "x(channel, fact, position) AS (SELECT channel, fact, position FROM channel_fact "
                      "UNION ALL SELECT p.channel, cf.fact, NULL FROM channel_part p "
                      "JOIN channel_fact cf ON cf.channel = p.part) "
                      "SELECT c.i, f.position FROM x JOIN c ON c.name = x.channel JOIN fact f ON f.name = x.fact "
                      "GROUP BY c.i, f.position ORDER BY c.i, min(x.position) IS NULL, min(x.position), f.position")))
        return st;
    while ((k = next(r)) > 0)
        if (isl_model_channel_fact(r->m, idx(r, 0), fact_at(r, sqlite3_column_int64(r->q, 1)))) return OOM(r);
    return k < 0 ? r->err->status : ISL_OK;
}

static isl_status read_settings(reader *r)
{
    int k;
    isl_status st;
    if ((st = prep(r, "SELECT value, typeof(value) FROM setting WHERE key = 'baseline_time'"))) return st;
    if ((k = next(r)) < 0) return r->err->status;
    if (k == 0) return isl_fail(r->err, ISL_EINPUT, "setting 'baseline_time' is missing");
    if (strcmp(text(r, 1), "integer") != 0 || sqlite3_column_int64(r->q, 0) < 0)
        return isl_fail(r->err, ISL_EINPUT, "setting 'baseline_time' = '%s' is not a non-negative whole number",
                        text(r, 0));
    r->m->baseline_time = sqlite3_column_int64(r->q, 0);
    if ((st = prep(r, "SELECT n, typeof(n) FROM sample_count ORDER BY n"))) return st;
    while ((k = next(r)) > 0) {
        if (strcmp(text(r, 1), "integer") != 0)
            return isl_fail(r->err, ISL_EINPUT, "sample_count '%s' is not a whole number", text(r, 0));
        if (isl_model_add_sample(r->m, sqlite3_column_int64(r->q, 0))) return OOM(r);
    }
    return k < 0 ? r->err->status : ISL_OK;
}

/* Lesson codes are not read into the model, but checked as names are. */
static isl_status check_lessons(reader *r)
{
    isl_status st = prep(r, "SELECT code FROM lesson");
    int k = 0;
    while (!st && (k = next(r)) > 0)
        if (!name(r, 0, "lesson")) return r->err->status;
    return st ? st : k < 0 ? r->err->status : ISL_OK;
}

isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err)
{
    reader r = {s, isl_model_new(), err, NULL, NULL};
    *out = NULL;
    if (!r.m) return isl_fail(err, ISL_ENOMEM, "reading the model: out of memory");
    isl_status st = check_lessons(&r);
    if (!st) st = read_names(&r);
    if (!st) st = read_bundles(&r);
    if (!st) st = read_channels(&r);
    if (!st) st = read_settings(&r);
    sqlite3_finalize(r.q);
    free(r.pos);
    if (!st) st = isl_model_validate(r.m, err);
    if (!st && isl_model_finish(r.m)) st = isl_fail(err, ISL_ENOMEM, "reading the model: out of memory");
    if (st) {
        isl_model_free(r.m);
        return st;
    }
    *out = r.m;
    return ISL_OK;
}

isl_status isl_store_read_model_db(struct sqlite3 *db, isl_model **out, isl_error *err)
{
    isl_store s;
    memset(&s, 0, sizeof s);
    s.db = db;
    s.path = (char *)"";
    return isl_store_read_model(&s, out, err);
}
