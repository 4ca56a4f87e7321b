/* isolab store: reading the model from the database into the core. Each
 * table is read once, in the core's order, by a plain query (joined on its
 * keys for that order); names become indexes here: a fact by its position
 * (its rank among the positions read), anything else by its name, found
 * in a list of the names read, sorted as SQLite's BINARY collation sorts
 * (strcmp: names hold no NUL). The model is read at the start of every
 * statement of the SQL functions: numbering the rows in SQL with window
 * functions cost more than the rest of the reading. A row naming what does
 * not exist (written with foreign keys off, in the sqlite3 shell) is an
 * error naming the table, the row and the value (check_dangling). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/textout.h"
#include "store_int.h"

/* Names read, and their indexes in name order, to look them up. */
typedef struct named {
    const char **name; /* per index */
    size_t *order;     /* indexes, by name */
    size_t n;
} named;

typedef struct reader {
    isl_store *s;
    isl_model *m;
    isl_error *err;
    sqlite3_stmt *q;
    sqlite3_int64 *pos; /* per fact index: its position (increasing) */
    named mechs, bundles, channels;
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

/* The index of the fact at `position`, or ISL_NONE when no fact read is
 * there. */
static size_t fact_at(const reader *r, sqlite3_int64 position)
{
    size_t lo = 0, hi = r->m->nfacts;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->pos[mid] < position) lo = mid + 1;
        else hi = mid;
    }
    return lo < r->m->nfacts && r->pos[lo] == position ? lo : ISL_NONE;
}

/* Sorts o[0..n) by name[o[i]], with tmp of n (a merge sort: stable, and
 * no comparison context is needed, as qsort would). */
static void sort_by_name(size_t *o, size_t *tmp, const char **name, size_t n)
{
    if (n < 2) return;
    size_t h = n / 2;
    sort_by_name(o, tmp, name, h);
    sort_by_name(o + h, tmp, name, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n) tmp[k++] = strcmp(name[o[j]], name[o[i]]) < 0 ? o[j++] : o[i++];
    while (i < h) tmp[k++] = o[i++];
    memcpy(o, tmp, k * sizeof *o); /* o[j..n) is in place */
}

/* Makes x the lookup of the n names name_of(model, i), i < n. */
static isl_status named_init(reader *r, named *x, size_t n, const char *(*name_of)(const isl_model *, size_t))
{
    size_t *tmp = malloc((n ? n : 1) * sizeof *tmp);
    x->name = malloc((n ? n : 1) * sizeof *x->name);
    x->order = malloc((n ? n : 1) * sizeof *x->order);
    if (!tmp || !x->name || !x->order) {
        free(tmp);
        return isl_fail(r->err, ISL_ENOMEM, "reading the model: out of memory");
    }
    x->n = n;
    for (size_t i = 0; i < n; i++) {
        x->name[i] = name_of(r->m, i);
        x->order[i] = i;
    }
    sort_by_name(x->order, tmp, x->name, n);
    free(tmp);
    return ISL_OK;
}

static void named_free(named *x)
{
    free(x->name);
    free(x->order);
}

/* The index named `name`, or ISL_NONE. */
static size_t named_find(const named *x, const char *name)
{
    size_t lo = 0, hi = x->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(x->name[x->order[mid]], name);
        if (c == 0) return x->order[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return ISL_NONE;
}

static const char *mech_name(const isl_model *m, size_t i) { return m->mech[i].name; }
static const char *bundle_name(const isl_model *m, size_t i) { return m->bundle[i].name; }
static const char *channel_name(const isl_model *m, size_t i) { return m->channel[i].name; }

/* The index of the axis named `name` among m's (added in name order), or
 * ISL_NONE. */
static size_t axis_named(const isl_model *m, const char *name)
{
    size_t lo = 0, hi = m->naxes;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(m->axis_name[mid], name);
        if (c == 0) return mid;
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    return ISL_NONE;
}


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
    /* each fact's axis found among the axes just read (in name order, as
     * the BINARY collation orders them): a join with the numbered axes was
     * half of reading the model, which every statement of the SQL
     * functions does; a fact whose axis is missing (only possible with
     * foreign keys off) is left out, as the join left it out */
    if ((st = prep(r, "SELECT name, axis, position FROM fact ORDER BY position"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "fact"))) return r->err->status;
        size_t a = axis_named(r->m, text(r, 1));
        if (a == ISL_NONE) continue;
        if (r->m->nfacts == n) return isl_fail(r->err, ISL_EINPUT, "the fact table changed while it was read");
        r->pos[r->m->nfacts] = sqlite3_column_int64(r->q, 2);
        if (isl_model_add_fact(r->m, t, a) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, "SELECT name FROM mechanism ORDER BY position, name"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "mechanism"))) return r->err->status;
        if (isl_model_add_mechanism(r->m, t) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = named_init(r, &r->mechs, r->m->nmech, mech_name))) return st;
    if ((st = prep(r, "SELECT x.mechanism, x.axis FROM mechanism_axis x JOIN mechanism m ON m.name = x.mechanism "
                      "ORDER BY m.position, m.name, x.axis")))
        return st;
    while ((k = next(r)) > 0) {
        size_t d = named_find(&r->mechs, text(r, 0)), a = axis_named(r->m, text(r, 1));
        if (d != ISL_NONE && a != ISL_NONE && isl_model_mechanism_axis(r->m, d, a)) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = prep(r, "SELECT x.mechanism, f.position FROM left_open x JOIN mechanism m ON m.name = x.mechanism "
                      "JOIN fact f ON f.name = x.fact ORDER BY m.position, m.name, f.position")))
        return st;
    while ((k = next(r)) > 0) {
        size_t d = named_find(&r->mechs, text(r, 0)), f = fact_at(r, sqlite3_column_int64(r->q, 1));
        if (d != ISL_NONE && f != ISL_NONE && isl_model_left_open(r->m, d, f)) return OOM(r);
    }
    return k < 0 ? r->err->status : ISL_OK;
}

static isl_status read_bundles(reader *r)
{
    int k;
    isl_status st;
    const char *t;
    if ((st = prep(r, "SELECT name FROM bundle ORDER BY position, name"))) return st;
    while ((k = next(r)) > 0) {
        if (!(t = name(r, 0, "bundle"))) return r->err->status;
        if (isl_model_add_bundle(r->m, t) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = named_init(r, &r->bundles, r->m->nbundles, bundle_name))) return st;
    if ((st = prep(r, "SELECT x.bundle, x.position, x.mechanism FROM bundle_member x "
                      "JOIN bundle b ON b.name = x.bundle ORDER BY b.position, b.name, x.position")))
        return st;
    while ((k = next(r)) > 0) {
        size_t b = named_find(&r->bundles, text(r, 0)), d = named_find(&r->mechs, text(r, 2));
        if (b == ISL_NONE || d == ISL_NONE) continue;
        long long pos = sqlite3_column_int64(r->q, 1);
        if (pos != (long long)r->m->bundle[b].n + 1)
            return isl_fail(r->err, ISL_EINPUT,
                            "bundle '%s': member position %lld follows %zu; positions must run 1, 2, 3, ... "
                            "without gaps", text(r, 0), pos, r->m->bundle[b].n);
        if (isl_model_bundle_append(r->m, b, d)) return OOM(r);
    }
    return k < 0 ? r->err->status : ISL_OK;
}

static isl_status read_channels(reader *r)
{
    int k;
    isl_status st;
    if ((st = prep(r, "SELECT name, lesson, cost_pct FROM channel ORDER BY position, name"))) return st;
    while ((k = next(r)) > 0) {
        const char *lesson = sqlite3_column_type(r->q, 1) == SQLITE_NULL ? NULL : text(r, 1), *t;
        if (!(t = name(r, 0, "channel"))) return r->err->status;
        if (isl_model_add_channel(r->m, t, lesson, sqlite3_column_double(r->q, 2)) == ISL_NONE) return OOM(r);
    }
    if (k < 0) return r->err->status;
    if ((st = named_init(r, &r->channels, r->m->nchannels, channel_name))) return st;
    /* A whole channel shows its own facts and every fact of its parts:
     * its own in listing order, then its parts' in fact order. */
    if ((st = prep(r, "WITH x(channel, fact, position) AS (SELECT channel, fact, position FROM channel_fact "
                      "UNION ALL SELECT p.channel, cf.fact, NULL FROM channel_part p "
                      "JOIN channel_fact cf ON cf.channel = p.part) "
                      "SELECT x.channel, f.position FROM x JOIN channel c ON c.name = x.channel "
                      "JOIN fact f ON f.name = x.fact GROUP BY x.channel, f.position "
                      "ORDER BY c.position, x.channel, min(x.position) IS NULL, min(x.position), f.position")))
        return st;
    while ((k = next(r)) > 0) {
        size_t c = named_find(&r->channels, text(r, 0)), f = fact_at(r, sqlite3_column_int64(r->q, 1));
        if (c != ISL_NONE && f != ISL_NONE && isl_model_channel_fact(r->m, c, f)) return OOM(r);
    }
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

/* The model's tables whose rows name other rows (foreign keys). */
static const char *const REFERRING[] = {"fact", "mechanism_axis", "left_open", "bundle_member", "channel",
                                        "channel_fact", "channel_part", "claim", "lesson_focus"};

/* The row r->q stands on, as "(col 'text', col 12, ...)", into b. */
static void describe_row(reader *r, isl_buf *b)
{
    isl_buf_put(b, "(", 1);
    for (int i = 0; i < sqlite3_column_count(r->q); i++) {
        const char *col = sqlite3_column_name(r->q, i);
        if (i) isl_buf_put(b, ", ", 2);
        isl_buf_put(b, col, strlen(col));
        int quoted = sqlite3_column_type(r->q, i) == SQLITE_TEXT;
        isl_buf_put(b, quoted ? " '" : " ", quoted ? 2 : 1);
        const char *v = sqlite3_column_type(r->q, i) == SQLITE_NULL ? "NULL" : text(r, i);
        isl_buf_put(b, v, strlen(v));
        if (quoted) isl_buf_put(b, "'", 1);
    }
    isl_buf_put(b, ")", 1);
    isl_buf_put(b, "", 1);
}

/* ISL_EINPUT naming the table, the row and the value when a row of table
 * names in col a row of parent (by its column to) that is not there. */
static isl_status check_key(reader *r, const char *table, const char *col, const char *parent, const char *to)
{
    char *sql = sqlite3_mprintf("SELECT * FROM \"%w\" c WHERE c.\"%w\" IS NOT NULL AND NOT EXISTS "
                                "(SELECT 1 FROM \"%w\" p WHERE p.\"%w\" = c.\"%w\") LIMIT 1",
                                table, col, parent, to, col);
    if (!sql) return OOM(r);
    isl_status st = prep(r, sql);
    sqlite3_free(sql);
    int k = st ? -1 : next(r);
    if (k <= 0) return k < 0 ? r->err->status : ISL_OK;
    isl_buf b = {NULL, 0, 0, 0};
    describe_row(r, &b);
    const char *value = "";
    for (int i = 0; i < sqlite3_column_count(r->q); i++)
        if (!strcmp(sqlite3_column_name(r->q, i), col)) value = text(r, i);
    char *shown_row = b.oom ? NULL : isl_escape_dup(b.p), *shown = isl_escape_dup(value);
    st = shown_row && shown ? isl_fail(r->err, ISL_EINPUT, "%s row %s: %s '%s' names no %s (written with foreign "
                                       "keys off?); correct or delete the row", table, shown_row, col, shown, parent)
                            : OOM(r);
    free(b.p), free(shown_row), free(shown);
    return st;
}

/* check_key for every foreign key of table. */
static isl_status check_table(reader *r, const char *table)
{
    sqlite3_stmt *fk = NULL;
    if (sqlite3_prepare_v2(r->s->db, "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?1) "
                           "WHERE \"to\" IS NOT NULL ORDER BY id DESC", -1, &fk, NULL) != SQLITE_OK
        || sqlite3_bind_text(fk, 1, table, -1, SQLITE_STATIC) != SQLITE_OK) {
        sqlite3_finalize(fk);
        return isl_db_fail(r->s, r->err, "reading the model");
    }
    isl_status st = ISL_OK;
    int rc;
    while (!st && (rc = sqlite3_step(fk)) == SQLITE_ROW)
        st = check_key(r, table, (const char *)sqlite3_column_text(fk, 0), (const char *)sqlite3_column_text(fk, 1),
                       (const char *)sqlite3_column_text(fk, 2));
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(r->s, r->err, "reading the model");
    sqlite3_finalize(fk);
    return st;
}

/* Dangling rows: a row naming a row that is not there, and a param value
 * naming no bundle or channel (a lesson without a focus has a meaning:
 * the last lesson that has one). */
static isl_status check_dangling(reader *r)
{
    isl_status st = ISL_OK;
    for (size_t i = 0; i < sizeof REFERRING / sizeof REFERRING[0] && !st; i++) st = check_table(r, REFERRING[i]);
    if (!st)
        st = prep(r, "SELECT key, value FROM param WHERE value IS NOT NULL AND NOT CASE key "
                     "WHEN 'bundle' THEN EXISTS (SELECT 1 FROM bundle WHERE name = value) "
                     "WHEN 'channel' THEN EXISTS (SELECT 1 FROM channel WHERE name = value) ELSE 1 END "
                     "ORDER BY key LIMIT 1");
    int k = st ? -1 : next(r);
    if (k <= 0) return k < 0 ? r->err->status : ISL_OK;
    char shown[ISL_ESCAPE_MAX(100)];
    isl_escape(text(r, 1), shown, sizeof shown);
    const char *key = text(r, 0);
    return isl_fail(r->err, ISL_EINPUT, "param row '%s': value '%s' names no %s; set it to one, or to NULL", key, shown,
                    key);
}

isl_status isl_store_read_model(isl_store *s, isl_model **out, isl_error *err)
{
    reader r = {s, isl_model_new(), err, NULL, NULL, {NULL, NULL, 0}, {NULL, NULL, 0}, {NULL, NULL, 0}};
    *out = NULL;
    if (!r.m) return isl_fail(err, ISL_ENOMEM, "reading the model: out of memory");
    isl_status st = check_dangling(&r);
    if (!st) st = check_lessons(&r);
    if (!st) st = read_names(&r);
    if (!st) st = read_bundles(&r);
    if (!st) st = read_channels(&r);
    if (!st) st = read_settings(&r);
    sqlite3_finalize(r.q);
    free(r.pos);
    named_free(&r.mechs);
    named_free(&r.bundles);
    named_free(&r.channels);
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
