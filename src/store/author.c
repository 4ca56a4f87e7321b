#define _XOPEN_SOURCE 700 /* realpath() */
/* isolab store: a course author's loop: loading seed files (replacing the
 * lessons they define, if asked) and removing a lesson with what it owns: its
 * lesson, lesson_focus, claim, lesson_announces and channel rows, and of the
 * rows its file added (lesson_brings), those no other lesson added or uses. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/author.h"
#include "isolab/claims.h"
#include "isolab/outfile.h"
#include "isolab/run.h"
#include "script.h"
#include "store_int.h"

/* The shared rows brought by lessons no longer loaded (lesson_brings) that
 * no loaded lesson brought and nothing left uses; then the records of rows
 * gone. A row still in use stays, and its record, until its last user goes. */
#define ORPHAN(kind) "SELECT b.name FROM lesson_brings b WHERE b.kind = '" kind "' AND b.lesson NOT IN " \
    "(SELECT code FROM lesson) AND NOT EXISTS (SELECT 1 FROM lesson_brings o JOIN lesson l ON l.code = o.lesson " \
    "WHERE o.kind = b.kind AND o.name = b.name)"
static const char CLEANUP[] =
    "DELETE FROM bundle_member WHERE bundle IN (" ORPHAN("bundle") ") AND bundle NOT IN (SELECT bundle FROM "
    "lesson_focus);"
    "DELETE FROM bundle WHERE name IN (" ORPHAN("bundle") ") AND name NOT IN (SELECT bundle FROM lesson_focus);"
    "DELETE FROM left_open WHERE mechanism IN (" ORPHAN("mechanism") ") AND mechanism NOT IN (SELECT mechanism "
    "FROM bundle_member);"
    "DELETE FROM mechanism_axis WHERE mechanism IN (" ORPHAN("mechanism") ") AND mechanism NOT IN (SELECT "
    "mechanism FROM bundle_member);"
    "DELETE FROM mechanism WHERE name IN (" ORPHAN("mechanism") ") AND name NOT IN (SELECT mechanism FROM "
    "bundle_member);"
    "DELETE FROM fact WHERE name IN (" ORPHAN("fact") ") AND name NOT IN (SELECT fact FROM channel_fact) AND name "
    "NOT IN (SELECT fact FROM left_open);"
    "DELETE FROM axis WHERE name IN (" ORPHAN("axis") ") AND name NOT IN (SELECT axis FROM fact) AND name NOT IN "
    "(SELECT axis FROM mechanism_axis) AND name NOT IN (SELECT axis FROM lesson_focus WHERE axis IS NOT NULL);";
#define BROUGHT_GONE "DELETE FROM lesson_brings WHERE kind = %Q AND lesson NOT IN (SELECT code FROM lesson) " \
    "AND name NOT IN (SELECT name FROM main.\"%w\")"

/* Runs fmt, formatted by sqlite3_mprintf with the table's name for each of
 * its arguments, for each model table with flag (flag 0: each but lesson). */
static isl_status each_table(isl_store *s, unsigned flag, const char *fmt, isl_error *err)
{
    isl_status st = ISL_OK;
    for (const isl_model_table *t = isl_model_tables; !st && t->name; t++) {
        if (flag ? !(t->flags & flag) : !strcmp(t->name, "lesson")) continue;
        char *sql = sqlite3_mprintf(fmt, t->name, t->name, t->name);
        st = sql ? isl_db_exec(s, sql, err) : isl_fail(err, ISL_ENOMEM, "out of memory");
        sqlite3_free(sql);
    }
    return st;
}

/* CLEANUP, then the records of brought rows gone. */
static isl_status cleanup(isl_store *s, isl_error *err)
{
    isl_status st = isl_db_exec(s, CLEANUP, err);
    return st ? st : each_table(s, ISL_MT_BROUGHT, BROUGHT_GONE, err);
}

/* Removes one lesson (it must exist) and what it owns, in the caller's
 * transaction. */
static isl_status unload_one(isl_store *s, const char *code, isl_error *err)
{
    const isl_model_table *t = isl_model_tables;
    while (t->name) t++;
    /* its file's record, then its rows, children first (isl_model_tables) */
    isl_status st = isl_db_rows(s, "removing a lesson", "DELETE FROM lesson_source WHERE lesson = ?1", NULL, NULL, err,
                                "t", code);
    while (t-- != isl_model_tables && !st)
        if (t->unload) st = isl_db_rows(s, "removing a lesson", t->unload, NULL, NULL, err, "t", code);
    return st;
}

isl_status isl_store_unload(isl_store *s, const char *const *codes, size_t n, isl_error *err)
{
    isl_status st = isl_db_begin_write(s, err);
    if (st) return st;
    if (!(st = isl_db_exec(s, "PRAGMA defer_foreign_keys = ON", err)))
        for (size_t i = 0; i < n && !st; i++) {
            st = isl_store_lesson_exists(s, codes[i], err);
            if (!st) st = unload_one(s, codes[i], err);
        }
    if (!st) st = cleanup(s, err);
    if (!st) st = isl_store_settle_model(s, err);
    return isl_base_end(s->db, s->path, st, err);
}

/* Notes, in the load's transaction, the lessons each file defines (and, by
 * each_table, the rows of ISL_MT_BROUGHT tables it adds); refuses a lesson
 * row whose code is loaded already (ISL_LESSON_LOADED). */
static const char LOAD_WATCH[] =
    "CREATE TEMP TABLE isl_defined(code TEXT);"
    "CREATE TEMP TABLE isl_added(kind TEXT, name TEXT);"
    "CREATE TEMP TRIGGER isl_lesson_added AFTER INSERT ON main.lesson BEGIN "
    "INSERT INTO isl_defined VALUES (NEW.code); END;"
    "CREATE TEMP TRIGGER isl_no_replace BEFORE INSERT ON main.lesson "
    "WHEN EXISTS (SELECT 1 FROM main.lesson WHERE code = NEW.code) BEGIN "
    "SELECT RAISE(ABORT, '" ISL_LESSON_LOADED "'); END;";
#define BROUGHT_WATCH "CREATE TEMP TRIGGER \"isl_%w_added\" AFTER INSERT ON main.\"%w\" BEGIN " \
    "INSERT INTO isl_added VALUES (%Q, NEW.name); END"

/* Appends each column's text (NULL: "") and a NUL to the sqlite3_str at ctx. */
static isl_status code_row(void *ctx, sqlite3_stmt *q)
{
    for (int i = 0; i < sqlite3_column_count(q); i++) {
        sqlite3_str_appendall(ctx, isl_base_text(q, i));
        sqlite3_str_appendchar(ctx, 1, '\0');
    }
    return ISL_OK;
}

/* A file's absolute path as lesson_source keeps it (malloc'd), or NULL when out of memory. */
static char *source_name(const char *path)
{
    char *real = realpath(path, NULL);
    return real ? real : strdup(path);
}

/* A dry pass over the files, in a savepoint where every insert into a model
 * table is skipped (a file's error is left to the real pass to report):
 * into *out, for each lesson row they would insert whose code is loaded,
 * NUL-terminated: the code, the file's path as given, its absolute path, and
 * the file the loaded lesson came from ("" when built in); *len the bytes. */
static isl_status dry_pass(isl_store *s, const char *const *paths, size_t n, char **out, int *len, isl_error *err)
{
    *out = NULL, *len = 0;
    isl_status st = isl_db_exec(s, "SAVEPOINT isl_dry; CREATE TEMP TABLE isl_dry_lesson(code TEXT, k INTEGER);"
                                   "CREATE TEMP TRIGGER isl_dry_lesson_ins BEFORE INSERT ON main.lesson BEGIN "
                                   "INSERT INTO isl_dry_lesson VALUES (NEW.code, NULL); SELECT RAISE(IGNORE); END;", err);
    if (!st) st = each_table(s, 0, "CREATE TEMP TRIGGER \"isl_dry_%w\" BEFORE INSERT ON main.\"%w\" BEGIN "
                                   "SELECT RAISE(IGNORE); END", err);
    for (size_t i = 0; i < n && !st; i++) {
        st = isl_store_exec_file(s, paths[i], err);
        if (st != ISL_ENOMEM) st = ISL_OK, isl_error_clear(err);
        if (!st) st = isl_db_rows(s, "noting the lessons a file defines", "UPDATE temp.isl_dry_lesson SET k = ?1 "
                                  "WHERE k IS NULL", NULL, NULL, err, "i", (int64_t)i);
    }
    /* the codes the dry pass saw, read before its savepoint is rolled back */
    sqlite3_str *codes = sqlite3_str_new(s->db);
    if (!st) st = isl_db_rows(s, "reading the lessons the files define", "SELECT d.code, min(d.k), "
                              "coalesce((SELECT file FROM main.lesson_source x WHERE x.lesson = d.code), '') FROM "
                              "temp.isl_dry_lesson d JOIN main.lesson l ON l.code = d.code GROUP BY d.code ORDER BY "
                              "min(d.k), d.code", code_row, codes, err, NULL);
    int raw = sqlite3_str_length(codes);
    char *list = sqlite3_str_finish(codes);
    if (!st && raw && !list) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = isl_db_exec(s, "ROLLBACK TO isl_dry; RELEASE isl_dry", err);
    /* the file's index turned into its name and absolute path */
    sqlite3_str *rows = sqlite3_str_new(s->db);
    for (int off = 0; !st && off < raw;) {
        const char *code = list + off, *k = code + strlen(code) + 1, *src = k + strlen(k) + 1;
        size_t i = (size_t)strtoull(k, NULL, 10);
        char *real = i < n ? source_name(paths[i]) : NULL;
        if (!real) st = isl_fail(err, ISL_ENOMEM, "out of memory");
        const char *field[4] = {code, real ? paths[i] : NULL, real, src};
        for (int f = 0; real && f < 4; f++) sqlite3_str_appendall(rows, field[f]), sqlite3_str_appendchar(rows, 1, '\0');
        free(real);
        off = (int)(src - list) + (int)strlen(src) + 1;
    }
    sqlite3_free(list);
    *len = sqlite3_str_length(rows);
    *out = sqlite3_str_finish(rows);
    if (!st && *len && !*out) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    return st;
}

/* The next row of a dry pass's list at *off: its four fields. */
static int dry_row(const char *list, int len, int *off, const char *f[4])
{
    if (*off >= len) return 0;
    for (int i = 0; i < 4; i++) {
        f[i] = list + *off;
        *off += (int)strlen(f[i]) + 1;
    }
    return 1;
}

/* Refuses a loaded lesson that came from another file than the one that
 * defines it now (ISL_R_LESSON_OTHER_FILE), naming both. */
static isl_status other_file(const char *f[4], isl_error *err)
{
    return isl_fail_why(err, ISL_EINPUT, ISL_R_LESSON_OTHER_FILE,
                        "%s: lesson '%s' is loaded already, from %s; nothing was loaded", f[1], f[0],
                        f[3][0] ? f[3] : "the seeds the database was made from");
}

/* load --replace: param's lesson and channel before the replaced lessons go
 * (removing a lesson empties the param that names it), and after the files
 * ran, each given back when still empty (no file set it) and its lesson or
 * channel is in the model again. */
static const char KEEP_FOCUS[] =
    "CREATE TEMP TABLE isl_focus_kept AS SELECT key, value FROM main.param "
    "WHERE key IN ('lesson', 'channel') AND value IS NOT NULL;";
static const char FOCUS_BACK[] =
    "UPDATE main.param SET value = (SELECT k.value FROM temp.isl_focus_kept k WHERE k.key = param.key) "
    "WHERE value IS NULL AND EXISTS (SELECT 1 FROM temp.isl_focus_kept k WHERE k.key = param.key "
    "AND k.value IN (SELECT lesson FROM main.lesson_focus WHERE k.key = 'lesson' "
    "UNION ALL SELECT name FROM main.channel WHERE k.key = 'channel'));";

/* load --replace: the loaded lessons the files define are removed with what
 * they own (those of another file only when take_over), each told to fn. */
static isl_status replace_first(isl_store *s, const char *const *paths, size_t n, int take_over, isl_load_fn fn,
                                void *ctx, isl_error *err)
{
    char *list;
    int len, off = 0;
    const char *f[4];
    isl_status st = dry_pass(s, paths, n, &list, &len, err);
    while (!st && dry_row(list, len, &off, f))
        if (!take_over && strcmp(f[2], f[3])) st = other_file(f, err);
    for (off = 0; !st && dry_row(list, len, &off, f);) {
        st = unload_one(s, f[0], err);
        if (!st && fn) st = fn(ctx, f[1], "replaced", f[0], 0);
    }
    if (!st) st = cleanup(s, err);
    sqlite3_free(list);
    return st;
}

/* A load refused for a lesson loaded already: the first such lesson named,
 * with the file it came from when that is another (a dry pass of its own). */
static void name_loaded(isl_store *s, const char *const *paths, size_t n, isl_error *err)
{
    isl_error e = {0};
    char *list = NULL;
    int len = 0, off = 0;
    const char *f[4];
    if (!isl_db_begin_write(s, &e) && !dry_pass(s, paths, n, &list, &len, &e) && dry_row(list, len, &off, f)
        && strcmp(f[2], f[3])) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        isl_fail_why(err, err->status, ISL_R_LESSON_OTHER_FILE, "%s: lesson '%s' from %s", msg, f[0],
                     f[3][0] ? f[3] : "the seeds the database was made from");
    }
    sqlite3_free(list);
    isl_base_end(s->db, s->path, ISL_EINPUT, &e); /* rolled back: it only looked */
}

/* paths[i] refused for a lesson loaded already, in the load's transaction:
 * when an earlier file of the same load loaded it, that is said instead
 * (no option loads one lesson from two files at once). */
static void loaded_twice(isl_store *s, const char *const *paths, size_t i, isl_error *err)
{
    isl_error e = {0};
    char *list = NULL;
    int len = 0, off = 0;
    const char *f[4];
    /* the load is to be rolled back: its guard may go, so the dry pass sees the lesson row */
    if (!isl_db_exec(s, "DROP TRIGGER IF EXISTS temp.isl_no_replace", &e) && !dry_pass(s, paths + i, 1, &list, &len, &e)
        && dry_row(list, len, &off, f))
        for (size_t j = 0; j < i; j++) {
            char *real = source_name(paths[j]);
            int same = real && !strcmp(real, f[3]);
            free(real);
            if (same) {
                isl_fail(err, ISL_EINPUT, "%s: lesson '%s' is defined by %s too, given earlier in this load; a "
                         "lesson comes from one file: load one of them", paths[i], f[0], paths[j]);
                break;
            }
        }
    sqlite3_free(list);
}

/* The row fn of key_sql: the text of column 0 into ctx (a char[KEY_SQL]). */
#define KEY_SQL 2000
static isl_status copy_text(void *ctx, sqlite3_stmt *q)
{
    snprintf(ctx, KEY_SQL, "%s", isl_base_text(q, 0));
    return ISL_OK;
}

/* Counts the rows each model table gets, per file (temp.isl_wrote): each
 * row once, by its primary key (its rowid where it has none), however
 * often the file's statements and the schema's triggers write it (a new
 * bundle is inserted, then given its position). */
static isl_status watch_writes(isl_store *s, isl_error *err)
{
    isl_status st = isl_db_exec(s, "CREATE TEMP TABLE isl_wrote(tbl TEXT NOT NULL, k TEXT NOT NULL, "
                                "PRIMARY KEY (tbl, k)) WITHOUT ROWID", err);
    for (const isl_model_table *t = isl_model_tables; !st && t->name; t++) {
        char key[KEY_SQL] = "";
        st = isl_db_rows(s, "reading a model table's key", "SELECT coalesce((SELECT group_concat(e, ' || '','' || ') "
                         "FROM (SELECT 'quote(NEW.\"' || replace(name, '\"', '\"\"') || '\")' AS e "
                         "FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk)), 'NEW.rowid')",
                         copy_text, key, err, "t", t->name);
        if (st) break;
        assert(key[0]);
        char *sql = sqlite3_mprintf(
            "CREATE TEMP TRIGGER \"isl_ins_%w\" AFTER INSERT ON main.\"%w\" BEGIN INSERT OR IGNORE INTO isl_wrote "
            "VALUES (%Q, %s); END;"
            "CREATE TEMP TRIGGER \"isl_upd_%w\" AFTER UPDATE ON main.\"%w\" BEGIN INSERT OR IGNORE INTO isl_wrote "
            "VALUES (%Q, %s); END;",
            t->name, t->name, t->name, key, t->name, t->name, t->name, key);
        st = sql ? isl_db_exec(s, sql, err) : isl_fail(err, ISL_ENOMEM, "out of memory");
        sqlite3_free(sql);
    }
    /* the claims a file writes as rows (the view claim_measure) are told as
     * claim_measure rows, not as the claims they become (WROTE) */
    if (!st)
        st = isl_db_exec(s, "CREATE TEMP TRIGGER isl_ins_claim_measure INSTEAD OF INSERT ON main.claim_measure BEGIN "
                         "INSERT OR IGNORE INTO isl_wrote VALUES ('claim_measure', quote(NEW.lesson) || ',' || "
                         "quote(NEW.name)); END", err);
    return st;
}

/* The rows per table a file wrote, a claim written through claim_measure
 * counted there alone. */
static const char WROTE[] =
    "SELECT tbl, count(*) FROM temp.isl_wrote w WHERE w.tbl <> 'claim' OR NOT EXISTS (SELECT 1 FROM main.claim c "
    "JOIN temp.isl_wrote m ON m.tbl = 'claim_measure' AND m.k = quote(c.lesson) || ',' || quote(c.name) "
    "WHERE w.k = quote(c.id)) GROUP BY tbl ORDER BY tbl";

typedef struct told {
    isl_load_fn fn;
    void *ctx;
    const char *file, *what;
} told;

static isl_status tell_row(void *ctx, sqlite3_stmt *q)
{
    told *t = ctx;
    return t->fn(t->ctx, t->file, t->what, isl_base_text(q, 0), sqlite3_column_int64(q, 1));
}

/* After one file, path: records the rows it added as brought by the
 * lessons it defined (lesson_brings) and the file they came from
 * (lesson_source, its absolute path), tells fn the lessons it added and
 * the tables it wrote, and starts the next file's notes afresh. */
static isl_status load_noted(isl_store *s, const char *path, isl_load_fn fn, void *ctx, isl_error *err)
{
    char *real = realpath(path, NULL);
    isl_status st = isl_db_rows(s, "recording the lessons' files", "INSERT OR REPLACE INTO main.lesson_source(lesson, "
                                "file) SELECT code, ?1 FROM isl_defined", NULL, NULL, err, "t", real ? real : path);
    free(real);
    told t = {fn, ctx, path, "added"};
    if (!st && fn) st = isl_db_rows(s, "reading the lessons a file added", "SELECT code, 0 FROM temp.isl_defined "
                                    "ORDER BY rowid", tell_row, &t, err, NULL);
    t.what = "announced";
    if (!st && fn) st = isl_db_rows(s, "reading the lessons that announce a file's", "SELECT a.lesson, a.position "
                                    "FROM temp.isl_defined d JOIN main.lesson l ON l.code = d.code "
                                    "JOIN main.lesson_announces a ON a.position = l.position AND a.lesson <> d.code "
                                    "ORDER BY a.position, a.lesson", tell_row, &t, err, NULL);
    t.what = "table";
    if (!st && fn) st = isl_db_rows(s, "reading the tables a file wrote", WROTE, tell_row, &t, err, NULL);
    if (st) return st;
    return isl_db_exec(s,
                       "INSERT OR IGNORE INTO main.lesson_brings(lesson, kind, name) "
                       "SELECT d.code, a.kind, a.name FROM isl_defined d, isl_added a;"
                       "DELETE FROM isl_defined; DELETE FROM isl_added; DELETE FROM temp.isl_wrote;",
                       err);
}

isl_status isl_store_load(isl_store *s, const char *const *paths, size_t n, int replace, isl_error *err)
{
    return isl_store_load_report(s, paths, n, replace ? ISL_LOAD_REPLACE : ISL_LOAD_NEW, NULL, NULL, err);
}

isl_status isl_store_load_report(isl_store *s, const char *const *paths, size_t n, isl_load_mode mode,
                                 isl_load_fn fn, void *ctx, isl_error *err)
{
    isl_status st = isl_db_begin_write(s, err);
    if (st) return st;
    st = isl_db_exec(s, "PRAGMA defer_foreign_keys = ON", err);
    /* the focus a replaced lesson held, given back below when it is loaded again */
    if (!st && mode != ISL_LOAD_NEW) st = isl_db_exec(s, KEEP_FOCUS, err);
    if (!st && mode != ISL_LOAD_NEW) st = replace_first(s, paths, n, mode == ISL_LOAD_TAKE_OVER, fn, ctx, err);
    if (!st) st = isl_db_exec(s, LOAD_WATCH, err);
    if (!st) st = each_table(s, ISL_MT_BROUGHT, BROUGHT_WATCH, err);
    if (!st) st = watch_writes(s, err);
    for (size_t i = 0; i < n && !st; i++) {
        st = isl_store_exec_file(s, paths[i], err);
        if (st && err->reason == ISL_R_LESSON_LOADED) loaded_twice(s, paths, i, err);
        if (!st) st = load_noted(s, paths[i], fn, ctx, err);
    }
    if (!st && mode != ISL_LOAD_NEW) st = isl_db_exec(s, FOCUS_BACK, err);
    if (!st) st = isl_drop_temp_objects(s, err);
    if (!st) {
        st = isl_store_settle_model(s, err);
        /* the model as a whole is wrong: name the file that made it so */
        if (st == ISL_EINPUT && n > 0) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            isl_fail(err, st, "%s: after loading: %s", paths[n - 1], msg);
        }
    }
    if (!st) st = isl_db_still_here(s, err);
    s->commit_counts = 1; /* kept from the moment it is in the file (conn.c: isl_db_committed) */
    st = isl_base_end(s->db, s->path, st, err);
    s->commit_counts = 0;
    if (!st) isl_temp_written();
    if (st && err->reason == ISL_R_LESSON_LOADED) name_loaded(s, paths, n, err);
    return st;
}

typedef struct origin {
    char **seeds, **lessons, **focus;
    int64_t *runs;
} origin;

static isl_status origin_row(void *ctx, sqlite3_stmt *q)
{
    origin *o = ctx;
    const char *a = isl_base_col(q, 0), *b = isl_base_col(q, 1), *f = isl_base_col(q, 5);
    for (int i = 0; i < 3; i++) o->runs[i] = sqlite3_column_int64(q, 2 + i);
    return (a && !(*o->seeds = strdup(a))) || (b && !(*o->lessons = strdup(b))) || (f && !(*o->focus = strdup(f)))
               ? ISL_ENOMEM
               : ISL_OK;
}

isl_status isl_store_origin(const char *path, char **seeds, char **lessons, char **focus, int64_t runs[3],
                            isl_error *err)
{
    *seeds = *lessons = *focus = NULL;
    runs[0] = runs[1] = runs[2] = 0;
    sqlite3 *db = NULL;
    isl_error ignored;
    /* read-only and without creating: a file that is not an isolab
     * database of this version tells nothing (NULL, NULL) */
    if (isl_base_open(path, SQLITE_OPEN_READONLY, 0, &db, &ignored)) return ISL_OK;
    origin o = {seeds, lessons, focus, runs};
    isl_status st = isl_base_rows(db, path, "reading the file", "SELECT (SELECT seeds FROM seed_origin WHERE id = 1), "
                                  "(SELECT group_concat(l.code || char(9) || coalesce(s.file, '') || char(10), '') "
                                  "FROM lesson l LEFT JOIN lesson_source s ON s.lesson = l.code), "
                                  "(SELECT count(*) FROM run), (SELECT min(id) FROM run), (SELECT max(id) FROM run), "
                                  "(SELECT value FROM param WHERE key = 'lesson')", origin_row, &o,
                                  &ignored, NULL);
    sqlite3_close(db);
    return st == ISL_ENOMEM ? isl_fail(err, st, "out of memory") : ISL_OK;
}
