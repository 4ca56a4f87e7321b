/* isolab store: the model reader, over the base alone (the SQL functions read
 * the model at every statement). Each table is read once in the core's order;
 * names become indexes here: an axis by a binary search over the axes (in name
 * order), a fact by its position, the few mechanisms, bundles and channels by
 * the core's lookup (numbering rows in SQL cost more than the whole reading). */
#include "isolab/sqlite_api.h"
#include <stdlib.h>
#include <string.h>

#include "isolab/base.h"
#include "isolab/digest.h"
#include "isolab/escape.h"
#include "isolab/reader.h"
#include "isolab/textout.h"

typedef struct reader {
    sqlite3 *db;
    const char *path;
    isl_model *m;
    isl_error *err;
    sqlite3_int64 *pos; /* per fact index: its position (increasing) */
    size_t nfacts;      /* the facts counted before they are read */
    int found;          /* a row was read (the baseline setting) */
} reader;

#define OOM(r) isl_fail((r)->err, ISL_ENOMEM, "reading the model: out of memory")

/* The rows of sql, each to fn with ctx (r itself when NULL). */
static isl_status rows(reader *r, const char *sql, isl_base_row_fn fn, void *ctx)
{
    return isl_base_rows(r->db, r->path, "reading the model", sql, fn, ctx ? ctx : r, r->err, NULL);
}

/* The name in column col of a row of `table`, or NULL with err set when it holds
 * a NUL or control character (rows older than the triggers refusing them). */
static const char *name(reader *r, sqlite3_stmt *q, int col, const char *table)
{
    const char *t = isl_base_text(q, col);
    size_t n = (size_t)sqlite3_column_bytes(q, col), k = 0;
    while (k < n && (unsigned char)t[k] >= 0x20 && t[k] != 0x7f) k++;
    if (k == n) return t;
    char shown[ISL_ESCAPE_MAX(100)];
    isl_escape(t, shown, sizeof shown);
    isl_fail(r->err, ISL_EINPUT, "%s name '%s' holds a %s", table, shown,
             memchr(t, 0, n) ? "NUL byte" : "control character");
    return NULL;
}

/* The index of the fact at `position`, or ISL_NONE. */
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

/* The index of the axis `name` (the axes are added in name order), or ISL_NONE. */
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

/* A table whose rows name new items, added by add (NULL: only checked). */
typedef struct adder {
    reader *r;
    const char *table;
    size_t (*add)(isl_model *m, const char *name);
} adder;

static isl_status added_row(void *ctx, sqlite3_stmt *q)
{
    const adder *a = ctx;
    const char *t = name(a->r, q, 0, a->table);
    if (!t) return a->r->err->status;
    return a->add && a->add(a->r->m, t) == ISL_NONE ? OOM(a->r) : ISL_OK;
}

/* The names of sql's rows, each checked and added by add. */
static isl_status read_added(reader *r, const char *sql, const char *table, size_t (*add)(isl_model *, const char *))
{
    adder a = {r, table, add};
    return rows(r, sql, added_row, &a);
}

/* A fact's axis is found among the axes read (in name order): a join was half of the reading. */
static isl_status fact_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    const char *t = name(r, q, 0, "fact");
    if (!t) return r->err->status;
    size_t a = axis_named(r->m, isl_base_text(q, 1));
    if (a == ISL_NONE) return ISL_OK;
    if (r->m->nfacts == r->nfacts) return isl_fail(r->err, ISL_EINPUT, "the fact table changed while it was read");
    r->pos[r->m->nfacts] = sqlite3_column_int64(q, 2);
    size_t f = isl_model_add_fact(r->m, t, a);
    if (f == ISL_NONE) return OOM(r);
    r->m->fact_pos[f] = r->pos[f];
    return ISL_OK;
}

static isl_status closes_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    size_t d = isl_model_find_mechanism(r->m, isl_base_text(q, 0));
    size_t a = axis_named(r->m, isl_base_text(q, 1));
    return d != ISL_NONE && a != ISL_NONE && isl_model_mechanism_axis(r->m, d, a) ? OOM(r) : ISL_OK;
}

static isl_status left_open_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    size_t d = isl_model_find_mechanism(r->m, isl_base_text(q, 0));
    size_t f = fact_at(r, sqlite3_column_int64(q, 1));
    return d != ISL_NONE && f != ISL_NONE && isl_model_left_open(r->m, d, f) ? OOM(r) : ISL_OK;
}

static isl_status read_names(reader *r)
{
    isl_status st = read_added(r, "SELECT name FROM axis ORDER BY name", "axis", isl_model_add_axis);
    long long nfacts = 0;
    if (!st) st = rows(r, "SELECT count(*) FROM fact", isl_base_int_row, &nfacts);
    r->nfacts = (size_t)nfacts;
    if (!st && !(r->pos = malloc((r->nfacts ? r->nfacts : 1) * sizeof *r->pos))) st = OOM(r);
    if (!st) st = rows(r, "SELECT name, axis, position FROM fact ORDER BY position", fact_row, NULL);
    if (!st)
        st = read_added(r, "SELECT name FROM mechanism ORDER BY position, name", "mechanism", isl_model_add_mechanism);
    if (!st)
        st = rows(r, "SELECT x.mechanism, x.axis FROM mechanism_axis x JOIN mechanism m ON m.name = x.mechanism "
                     "ORDER BY m.position, m.name, x.axis", closes_row, NULL);
    if (!st)
        st = rows(r, "SELECT x.mechanism, f.position FROM left_open x JOIN mechanism m ON m.name = x.mechanism "
                     "JOIN fact f ON f.name = x.fact ORDER BY m.position, m.name, f.position", left_open_row, NULL);
    return st;
}

static isl_status member_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    size_t b = isl_model_find_bundle(r->m, isl_base_text(q, 0));
    size_t d = isl_model_find_mechanism(r->m, isl_base_text(q, 2));
    if (b == ISL_NONE || d == ISL_NONE) return ISL_OK;
    long long pos = sqlite3_column_int64(q, 1);
    if (pos != (long long)r->m->bundle[b].n + 1)
        return isl_fail(r->err, ISL_EINPUT,
                        "bundle '%s': member position %lld follows %zu; positions must run 1, 2, 3, ... "
                        "without gaps", isl_base_text(q, 0), pos, r->m->bundle[b].n);
    return isl_model_bundle_append(r->m, b, d) ? OOM(r) : ISL_OK;
}

static isl_status read_bundles(reader *r)
{
    isl_status st = read_added(r, "SELECT name FROM bundle ORDER BY position, name", "bundle", isl_model_add_bundle);
    if (!st)
        st = rows(r, "SELECT x.bundle, x.position, x.mechanism FROM bundle_member x "
                     "JOIN bundle b ON b.name = x.bundle ORDER BY b.position, b.name, x.position", member_row, NULL);
    return st;
}

static isl_status channel_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    const char *lesson = isl_base_col(q, 1), *t = name(r, q, 0, "channel");
    if (!t) return r->err->status;
    return isl_model_add_channel(r->m, t, lesson, sqlite3_column_double(q, 2)) == ISL_NONE ? OOM(r) : ISL_OK;
}

static isl_status shows_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    size_t c = isl_model_find_channel(r->m, isl_base_text(q, 0));
    size_t f = fact_at(r, sqlite3_column_int64(q, 1));
    return c != ISL_NONE && f != ISL_NONE && isl_model_channel_fact(r->m, c, f) ? OOM(r) : ISL_OK;
}

/* A whole channel shows its own facts and every fact of its parts: its own
 * in listing order, then its parts' in fact order. */
static isl_status read_channels(reader *r)
{
    isl_status st = rows(r, "SELECT name, lesson, cost_pct FROM channel ORDER BY position, name", channel_row, NULL);
    if (!st)
        st = rows(r, "WITH x(channel, fact, position) AS (SELECT channel, fact, position FROM channel_fact "
                     "UNION ALL SELECT p.channel, cf.fact, NULL FROM channel_part p "
                     "JOIN channel_fact cf ON cf.channel = p.part) "
                     "SELECT x.channel, f.position FROM x JOIN channel c ON c.name = x.channel "
                     "JOIN fact f ON f.name = x.fact GROUP BY x.channel, f.position "
                     "ORDER BY c.position, x.channel, min(x.position) IS NULL, min(x.position), f.position",
                  shows_row, NULL);
    return st;
}

static isl_status baseline_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    r->found = 1;
    if (strcmp(isl_base_text(q, 1), "integer") != 0 || sqlite3_column_int64(q, 0) < 0)
        return isl_fail(r->err, ISL_EINPUT, "setting 'baseline_time' = '%s' is not a non-negative whole number",
                        isl_base_text(q, 0));
    r->m->baseline_time = sqlite3_column_int64(q, 0);
    return ISL_OK;
}

static isl_status sample_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    if (strcmp(isl_base_text(q, 1), "integer") != 0)
        return isl_fail(r->err, ISL_EINPUT, "sample_count '%s' is not a whole number", isl_base_text(q, 0));
    return isl_model_add_sample(r->m, sqlite3_column_int64(q, 0)) ? OOM(r) : ISL_OK;
}

static isl_status read_settings(reader *r)
{
    isl_status st = rows(r, "SELECT value, typeof(value) FROM setting WHERE key = 'baseline_time'", baseline_row, NULL);
    if (!st && !r->found) st = isl_fail(r->err, ISL_EINPUT, "setting 'baseline_time' is missing");
    if (!st) st = rows(r, "SELECT n, typeof(n) FROM sample_count ORDER BY n", sample_row, NULL);
    return st;
}

#define OF_LESSON "(SELECT name FROM channel WHERE lesson = ?1)"
const isl_model_table isl_model_tables[] = {
    {"axis", ISL_MT_DIGEST | ISL_MT_BROUGHT, "name", NULL, NULL},
    {"fact", ISL_MT_DIGEST | ISL_MT_REFERS | ISL_MT_BROUGHT, "name", NULL, NULL},
    {"mechanism", ISL_MT_DIGEST | ISL_MT_BROUGHT, "name", NULL, NULL},
    {"mechanism_axis", ISL_MT_DIGEST | ISL_MT_REFERS, NULL, NULL, NULL},
    {"left_open", ISL_MT_DIGEST | ISL_MT_REFERS, NULL, NULL, NULL},
    {"bundle", ISL_MT_DIGEST | ISL_MT_BROUGHT, "name", NULL, NULL},
    {"bundle_member", ISL_MT_DIGEST | ISL_MT_REFERS, NULL, NULL, NULL},
    {"lesson", 0, "code", "title", "DELETE FROM lesson WHERE code = ?1"},
    {"channel", ISL_MT_DIGEST | ISL_MT_REFERS, "name", NULL, "DELETE FROM channel WHERE lesson = ?1"},
    {"channel_fact", ISL_MT_DIGEST | ISL_MT_REFERS, NULL, NULL, "DELETE FROM channel_fact WHERE channel IN " OF_LESSON},
    {"channel_part", ISL_MT_DIGEST | ISL_MT_REFERS, NULL, NULL,
     "DELETE FROM channel_part WHERE channel IN " OF_LESSON " OR part IN " OF_LESSON},
    {"setting", ISL_MT_DIGEST, NULL, NULL, NULL}, {"sample_count", ISL_MT_DIGEST, NULL, NULL, NULL},
    {"claim", ISL_MT_REFERS, NULL, NULL, "DELETE FROM claim WHERE lesson = ?1"},
    {"lesson_focus", ISL_MT_REFERS, NULL, NULL, "DELETE FROM lesson_focus WHERE lesson = ?1"},
    {"param", 0, NULL, NULL, "UPDATE param SET value = NULL WHERE (key = 'lesson' AND value = ?1) OR (key = 'channel' "
                             "AND value IN " OF_LESSON ")"},
    {"column_label", 0, NULL, NULL, NULL},
    {"lesson_announces", ISL_MT_REFERS, NULL, NULL, "DELETE FROM lesson_announces WHERE lesson = ?1"},
    {"probe_explanation", 0, NULL, "explanation", NULL},
    {"lesson_block", ISL_MT_REFERS, NULL, "title", "DELETE FROM lesson_block WHERE lesson = ?1"},
    {"lesson_table", ISL_MT_REFERS, NULL, "title", "DELETE FROM lesson_table WHERE lesson = ?1"},
    {NULL, 0, NULL, NULL, NULL},
};

char *isl_model_table_sql(const isl_model_table *tables)
{
    static const char *const change[][2] = {{"i", "INSERT"}, {"u", "UPDATE"}, {"d", "DELETE"}};
    sqlite3_str *q = sqlite3_str_new(NULL);
    for (const isl_model_table *t = tables; t->name; t++) {
        for (int i = 0; i < 3 && t->flags & ISL_MT_DIGEST; i++)
            sqlite3_str_appendf(q, "DROP TRIGGER IF EXISTS \"model_changed_%w_%s\";\nCREATE TRIGGER \"model_changed_%w_%s\" "
                                "AFTER %s ON \"%w\" BEGIN UPDATE model_state SET digest = NULL WHERE digest IS NOT "
                                "NULL; END;\n", t->name, change[i][0], t->name, change[i][0], change[i][1], t->name);
        const char *guard[2][2] = {{"name", t->named}, {"title", t->titled}};
        for (int g = 0; g < 4; g++) {
            const char *what = guard[g / 2][0], *col = guard[g / 2][1], *end = g % 2 ? "_update" : "";
            if (!col) continue;
            sqlite3_str_appendf(q, "DROP TRIGGER IF EXISTS \"isolab_%s_%w%s\";\nCREATE TRIGGER \"isolab_%s_%w%s\" "
                                "BEFORE ", what, t->name, end, what, t->name, end);
            if (g % 2) sqlite3_str_appendf(q, "UPDATE OF \"%w\"", col);
            else sqlite3_str_appendall(q, "INSERT");
            sqlite3_str_appendf(q, " ON \"%w\"\nWHEN instr(CAST(NEW.\"%w\" AS BLOB), x'00') OR NEW.\"%w\" GLOB ('*[' || "
                                "char(1) || '-' || char(31) || char(127) || ']*')\nBEGIN SELECT RAISE(ABORT, '%q.%q holds "
                                "a NUL byte or a control character'); END;\n", t->name, col, col, t->name, col);
        }
    }
    return sqlite3_str_finish(q);
}

/* A foreign key being checked: table.col names parent.to. */
typedef struct fkey {
    reader *r;
    const char *table, *col, *parent;
} fkey;

/* The row q stands on, as "(col 'text', col 12, ...)", into b. */
static void describe_row(sqlite3_stmt *q, isl_buf *b)
{
    isl_buf_put(b, "(", 1);
    for (int i = 0; i < sqlite3_column_count(q); i++) {
        const char *quote = sqlite3_column_type(q, i) == SQLITE_TEXT ? "'" : "";
        isl_buf_printf(b, "%s%s %s%s%s", i ? ", " : "", sqlite3_column_name(q, i), quote,
                       sqlite3_column_type(q, i) == SQLITE_NULL ? "NULL" : isl_base_text(q, i), quote);
    }
    isl_buf_put(b, ")", 1);
}

/* A dangling row: ISL_EINPUT naming the table, the row and the value. */
static isl_status dangling_row(void *ctx, sqlite3_stmt *q)
{
    fkey *k = ctx;
    isl_buf b = {NULL, 0, 0, 0};
    describe_row(q, &b);
    const char *value = "";
    for (int i = 0; i < sqlite3_column_count(q); i++)
        if (!strcmp(sqlite3_column_name(q, i), k->col)) value = isl_base_text(q, i);
    char *shown_row = b.oom ? NULL : isl_escape_dup(b.p), *shown = isl_escape_dup(value);
    isl_status st = shown_row && shown
                        ? isl_fail(k->r->err, ISL_EINPUT, "%s row %s: %s '%s' names no %s (written with foreign "
                                   "keys off?); correct or delete the row", k->table, shown_row, k->col, shown, k->parent)
                        : OOM(k->r);
    free(b.p), free(shown_row), free(shown);
    return st;
}

/* Checks one foreign key (a row of pragma_foreign_key_list) of k->table. */
static isl_status key_row(void *ctx, sqlite3_stmt *q)
{
    fkey *k = ctx;
    const char *col = isl_base_text(q, 0), *parent = isl_base_text(q, 1), *to = isl_base_text(q, 2);
    char *sql = sqlite3_mprintf("SELECT * FROM \"%w\" c WHERE c.\"%w\" IS NOT NULL AND NOT EXISTS "
                                "(SELECT 1 FROM \"%w\" p WHERE p.\"%w\" = c.\"%w\") LIMIT 1",
                                k->table, col, parent, to, col);
    if (!sql) return OOM(k->r);
    fkey row = {k->r, k->table, col, parent};
    isl_status st = rows(k->r, sql, dangling_row, &row);
    sqlite3_free(sql);
    return st;
}

static isl_status param_row(void *ctx, sqlite3_stmt *q)
{
    reader *r = ctx;
    char shown[ISL_ESCAPE_MAX(100)];
    isl_escape(isl_base_text(q, 1), shown, sizeof shown);
    const char *key = isl_base_text(q, 0);
    return isl_fail(r->err, ISL_EINPUT, "param row '%s': value '%s' names no %s; set it to one, or to NULL", key,
                    shown, key);
}

/* Dangling rows: a row naming a row that is not there, a param value naming no
 * bundle or channel (a lesson without a focus means the last with one). */
static isl_status check_dangling(reader *r)
{
    isl_status st = ISL_OK;
    for (const isl_model_table *t = isl_model_tables; t->name && !st; t++) {
        if (!(t->flags & ISL_MT_REFERS)) continue;
        fkey k = {r, t->name, NULL, NULL};
        st = isl_base_rows(r->db, r->path, "reading the model",
                           "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list(?1) "
                           "WHERE \"to\" IS NOT NULL ORDER BY id DESC", key_row, &k, r->err, "t", t->name);
    }
    if (!st)
        st = rows(r, "SELECT key, value FROM param WHERE value IS NOT NULL AND NOT CASE key "
                     "WHEN 'bundle' THEN EXISTS (SELECT 1 FROM bundle WHERE name = value) "
                     "WHEN 'channel' THEN EXISTS (SELECT 1 FROM channel WHERE name = value) ELSE 1 END "
                     "ORDER BY key LIMIT 1", param_row, r);
    return st;
}

isl_status isl_read_dangling(sqlite3 *db, const char *path, isl_error *err)
{
    reader r = {.db = db, .path = path, .err = err};
    return check_dangling(&r);
}

isl_status isl_read_model(sqlite3 *db, const char *path, isl_model **out, isl_error *err)
{
    reader r = {.db = db, .path = path, .err = err};
    *out = NULL;
    if (!(r.m = isl_model_new())) return OOM(&r);
    isl_status st = check_dangling(&r);
    /* lesson codes are not read into the model, but checked as names are */
    if (!st) st = read_added(&r, "SELECT code FROM lesson", "lesson", NULL);
    if (!st) st = read_names(&r);
    if (!st) st = read_bundles(&r);
    if (!st) st = read_channels(&r);
    if (!st) st = read_settings(&r);
    free(r.pos);
    if (!st) st = isl_model_validate(r.m, err);
    if (!st && isl_model_finish(r.m)) st = OOM(&r);
    if (st) {
        isl_model_free(r.m);
        return st;
    }
    *out = r.m;
    return ISL_OK;
}

/* The most foreign triggers a message names; the rest are counted. */
#define TRIGGERS_NAMED 3

typedef struct triggers {
    sqlite3 *db;
    const char *path, *schema; /* the schema read (its name as database_list gives it) */
    isl_error *err;
    size_t n;          /* foreign triggers found */
    int odd;           /* one of main's names cannot be printed as it is */
    isl_buf named;     /* the first TRIGGERS_NAMED, as the message names them */
    char first[400];   /* the first alone: "'NAME' on isolab's KIND 'TABLE' is not one of isolab's own..." */
    isl_buf drops;     /* main's: each DROP TRIGGER statement, in the shell's quoting */
    isl_buf hexes;     /* main's: each name's hex(name), as an SQL list */
} triggers;

/* A trigger on one of isolab's tables or views (name, table, SQL, the digest
 * the record holds for its name or NULL, the table's type): isolab's own when
 * it is main's and its SQL has the recorded digest; another is collected.
 * One of another schema (TEMP, an attached file) fails at once. */
static isl_status trigger_row(void *ctx, sqlite3_stmt *q)
{
    triggers *t = ctx;
    const char *name = isl_base_text(q, 0), *recorded = isl_base_col(q, 3);
    char d[17], shown[84], table[84];
    isl_digest_text_hex(isl_base_text(q, 2), d);
    int main_schema = !strcmp(t->schema, "main");
    if (main_schema && recorded && !strcmp(recorded, d)) return ISL_OK;
    isl_short_name(name, strlen(name), shown);
    isl_short_name(isl_base_text(q, 1), strlen(isl_base_text(q, 1)), table);
    /* the statement as it runs in the sqlite3 shell: the name quoted whole */
    char *drop = main_schema ? sqlite3_mprintf("DROP TRIGGER \"%w\";", name)
                             : sqlite3_mprintf("DROP TRIGGER \"%w\".\"%w\";", t->schema, name);
    if (!drop) return isl_fail(t->err, ISL_ENOMEM, "out of memory");
    if (!main_schema) {
        char *esc = isl_escape_dup(drop);
        sqlite3_free(drop);
        if (!esc) return isl_fail(t->err, ISL_ENOMEM, "out of memory");
        isl_fail(t->err, ISL_EDB, "%s: trigger '%s' on isolab's %s '%s' is not one of isolab's own%s: it would run "
                 "inside isolab's writes and change what isolab records; remove it in the sqlite3 shell: %s",
                 t->path, shown, isl_base_text(q, 4), table, recorded ? " (changed since isolab installed it)" : "",
                 esc);
        free(esc);
        return ISL_EDB;
    }
    if (!t->n)
        sqlite3_snprintf((int)sizeof t->first, t->first, "'%s' on isolab's %s '%s' is not one of isolab's own%s", shown,
                 isl_base_text(q, 4), table, recorded ? " (changed since isolab installed it)" : "");
    if (t->n < TRIGGERS_NAMED)
        isl_buf_printf(&t->named, "%s'%s' on isolab's %s '%s'%s", t->n ? ", " : "", shown, isl_base_text(q, 4), table,
                       recorded ? " (changed since isolab installed it)" : "");
    t->odd |= isl_needs_escape(drop) || strlen(name) > 80;
    isl_buf_printf(&t->drops, "%s%s", t->n ? " " : "", drop);
    sqlite3_free(drop);
    isl_buf_printf(&t->hexes, "%s'", t->n ? ", " : "");
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) isl_buf_printf(&t->hexes, "%02X", *c);
    isl_buf_put(&t->hexes, "'", 1);
    t->n++;
    return ISL_OK;
}

/* The error for main's foreign triggers (t->n > 0): each of the first few
 * named, and a command that removes them all, which works as printed: the
 * DROP statements themselves when they print as they are, else a sqlite3
 * line that has the shell make them from the names' hex. */
static isl_status triggers_failure(triggers *t)
{
    isl_buf cmd = {NULL, 0, 0, 0};
    if (t->n == 1 && !t->odd) {
        isl_buf_printf(&cmd, "remove it in the sqlite3 shell: %s", t->drops.p);
    } else if (!t->odd) {
        isl_buf_printf(&cmd, "remove them in the sqlite3 shell: %s", t->drops.p);
    } else {
        /* the SQL in double quotes: it holds no ", $, ` or \\ (quote() makes
         * a name a literal, which DROP TRIGGER takes as its name) */
        isl_buf_printf(&cmd, "remove %s with this shell command: sqlite3 ", t->n == 1 ? "it" : "them");
        isl_buf_shell_word(&cmd, t->path);
        isl_buf_printf(&cmd, " \"SELECT 'DROP TRIGGER ' || quote(name) || ';' FROM sqlite_schema WHERE type = "
                       "'trigger' AND hex(name) IN (%s)\" | sqlite3 ", t->hexes.p ? t->hexes.p : "");
        isl_buf_shell_word(&cmd, t->path);
    }
    isl_status st;
    if (cmd.oom || t->named.oom || t->drops.oom || t->hexes.oom) st = isl_fail(t->err, ISL_ENOMEM, "out of memory");
    else if (t->n == 1)
        st = isl_fail(t->err, ISL_EDB, "%s: trigger %s: it would run inside isolab's writes and change what isolab "
                      "records; %s", t->path, t->first, cmd.p);
    else if (t->n <= TRIGGERS_NAMED)
        st = isl_fail(t->err, ISL_EDB, "%s: %zu triggers are not isolab's own: %s; they would run inside isolab's "
                      "writes and change what isolab records; %s", t->path, t->n, t->named.p, cmd.p);
    else
        st = isl_fail(t->err, ISL_EDB, "%s: %zu triggers are not isolab's own: %s and %zu more; they would run "
                      "inside isolab's writes and change what isolab records; %s", t->path, t->n, t->named.p,
                      t->n - TRIGGERS_NAMED, cmd.p);
    free(cmd.p);
    return st;
}

typedef struct schemas {
    char *name[12]; /* main, temp and SQLite's most attached (10) */
    size_t n;
} schemas;

static isl_status schema_name(void *ctx, sqlite3_stmt *q)
{
    schemas *l = ctx;
    if (l->n == sizeof l->name / sizeof *l->name) return ISL_OK;
    return (l->name[l->n++] = sqlite3_mprintf("%s", isl_base_text(q, 0))) ? ISL_OK : ISL_ENOMEM;
}

/* One schema's triggers on isolab's tables and views, through trigger_row. */
static isl_status schema_triggers(triggers *t)
{
    char *sql = sqlite3_mprintf(
        "SELECT * FROM (SELECT t.name, t.tbl_name, t.sql, (SELECT o.digest FROM main.isolab_object o "
        "WHERE o.type = 'trigger' AND o.name = t.name), (SELECT o.type FROM main.isolab_object o "
        "WHERE o.type IN ('table', 'view') AND o.name = t.tbl_name COLLATE NOCASE) AS of "
        "FROM \"%w\".sqlite_schema t WHERE t.type = 'trigger' ORDER BY t.rowid) WHERE of IS NOT NULL", t->schema);
    if (!sql) return isl_fail(t->err, ISL_ENOMEM, "out of memory");
    isl_status st = isl_base_rows(t->db, t->path, "reading the triggers", sql, trigger_row, t, t->err, NULL);
    sqlite3_free(sql);
    return st;
}

isl_status isl_read_triggers(sqlite3 *db, const char *path, isl_error *err)
{
    long long recorded = 0;
    isl_status st = isl_base_int(db, path, "SELECT count(*) FROM main.sqlite_schema WHERE type = 'table' "
                                 "AND name = 'isolab_object'", &recorded, err);
    if (st || !recorded) return st; /* no record (older than the record): nothing names isolab's own */
    /* the schemas first, each read after: one statement at a time */
    schemas l = {{NULL}, 0};
    st = isl_base_rows(db, path, "reading the triggers", "SELECT name FROM pragma_database_list ORDER BY seq",
                       schema_name, &l, err, NULL);
    if (st == ISL_ENOMEM) isl_fail(err, ISL_ENOMEM, "out of memory");
    triggers t = {.db = db, .path = path, .schema = "", .err = err};
    for (size_t i = 0; i < l.n && !st; i++) {
        t.schema = l.name[i];
        st = schema_triggers(&t);
    }
    if (!st && t.n) st = triggers_failure(&t);
    for (size_t i = 0; i < l.n; i++) sqlite3_free(l.name[i]);
    free(t.named.p), free(t.drops.p), free(t.hexes.p);
    return st;
}
