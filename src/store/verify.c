/* isolab store: the schema and saved queries isolab installed, checked on
 * every open against the reference (the built-in schema in an in-memory
 * database) and the record (isolab_object: a digest per object and one of the
 * build). When the record agrees with the file and this build, opening reads
 * sqlite_schema once. Otherwise a missing table is damage (isolab never
 * re-creates one); a view, trigger or index missing or different is
 * installed again, with a note when the record shows it was changed after
 * isolab installed it (an older record is an upgrade, said nothing of). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/digest.h"
#include "isolab/embedded.h"
#include "isolab/kind.h"
#include "isolab/textout.h"
#include "store_int.h"
#include "verify.h"

/* The digest of everything this build installs; ISL_ENOMEM. */
static isl_status build_digest(char out[17], isl_error *err)
{
    char *triggers = isl_model_table_sql(isl_model_tables);
    if (!triggers) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_digest d;
    isl_digest_init(&d);
    const isl_embedded_file *lists[2] = {isl_schema_files, isl_query_files};
    size_t counts[2] = {isl_schema_count, isl_query_count};
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < counts[l]; i++)
            isl_digest_bytes(&d, lists[l][i].text, lists[l][i].len + 1); /* with the NUL: files stay apart */
    isl_digest_bytes(&d, triggers, strlen(triggers));
    isl_digest_hex(&d, out);
    sqlite3_free(triggers);
    return ISL_OK;
}

/* The length of a saved query's text without its trailing ';' and blanks. */
static size_t body_len(const isl_embedded_file *f)
{
    size_t len = f->len;
    while (len > 0 && f->text[len - 1] && strchr("; \n\t\r", f->text[len - 1])) len--;
    return len;
}

/* Runs sql (NULL: out of memory) and frees it; a failure names dir and name. */
static isl_status run_owned(sqlite3 *db, char *sql, const char *dir, const char *name, isl_error *err)
{
    if (!sql) return isl_fail(err, ISL_ENOMEM, "out of memory");
    int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);
    sqlite3_free(sql);
    return rc == SQLITE_OK ? ISL_OK : isl_fail(err, (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EDB, "%s%s: %s", dir,
                                               name, sqlite3_errmsg(db));
}

isl_status isl_install_views(sqlite3 *db, int replace, isl_error *err)
{
    for (size_t i = 0; i < isl_query_count; i++) {
        const isl_embedded_file *f = &isl_query_files[i];
        size_t nlen = strlen(f->name) - 4; /* without ".sql" */
        size_t len = body_len(f);
        char *sql = replace ? sqlite3_mprintf("DROP VIEW IF EXISTS \"%.*w\";\nCREATE VIEW \"%.*w\" AS\n%.*s",
                                              (int)nlen, f->name, (int)nlen, f->name, (int)len, f->text)
                            : sqlite3_mprintf("CREATE VIEW \"%.*w\" AS\n%.*s", (int)nlen, f->name, (int)len, f->text);
        isl_status st = run_owned(db, sql, "queries/", f->name, err);
        if (st) return st;
    }
    isl_status st = run_owned(db, isl_model_table_sql(isl_model_tables), "", "the model tables' triggers", err);
    /* run_kinds: isl_kinds' rows, written here alone (no schema file holds them) */
    if (!st) st = isl_base_rows(db, "run_kinds", "writing run_kinds", "DELETE FROM run_kinds", NULL, NULL, err, NULL);
    for (isl_kind k = 0; k < ISL_KIND_COUNT && !st; k++)
        st = isl_base_rows(db, "run_kinds", "writing run_kinds", "INSERT INTO run_kinds(kind_no, kind, result_tables, "
                           "command, claims_read, scope) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", NULL, NULL, err, "itttit",
                           (int64_t)k, isl_kind_names[k], isl_kinds[k].tables, isl_kinds[k].command,
                           (int64_t)(k < ISL_KIND_CLAIMED), isl_kinds[k].scope);
    return st;
}

/* One schema object. */
typedef struct object {
    char *type, *name, *sql;
} object;

typedef struct objects {
    object *o;
    size_t n, cap;
} objects;

static void objects_free(objects *l)
{
    for (size_t i = 0; i < l->n; i++) {
        sqlite3_free(l->o[i].type);
        sqlite3_free(l->o[i].name);
        sqlite3_free(l->o[i].sql);
    }
    free(l->o);
    memset(l, 0, sizeof *l);
}

static isl_status object_row(void *ctx, sqlite3_stmt *q)
{
    objects *l = ctx;
    object *o = isl_grow(&l->o, &l->cap, l->n, sizeof *o);
    if (!o) return ISL_ENOMEM;
    *o = (object){sqlite3_mprintf("%s", isl_base_text(q, 0)), sqlite3_mprintf("%s", isl_base_text(q, 1)),
                  sqlite3_mprintf("%s", isl_base_text(q, 2))};
    if (!o->type || !o->name || !o->sql) { /* the list holds whole rows only: find() reads every name */
        sqlite3_free(o->type), sqlite3_free(o->name), sqlite3_free(o->sql);
        return ISL_ENOMEM;
    }
    l->n++;
    return ISL_OK;
}

/* Reads (type, name, third column) rows of sql into l. */
static isl_status objects_read(sqlite3 *db, const char *path, const char *sql, objects *l, isl_error *err)
{
    isl_status st = isl_base_rows(db, path, "reading the schema", sql, object_row, l, err, NULL);
    return st == ISL_ENOMEM ? isl_fail(err, ISL_ENOMEM, "out of memory") : st;
}

static const object *find(const objects *l, const char *name)
{
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->o[i].name, name)) return &l->o[i];
    return NULL;
}

#define FILE_OBJECTS "SELECT type, name, sql FROM main.sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid"
#define RECORD_OBJECTS "SELECT type, name, digest FROM isolab_object"

/* The reference: this build's schema and saved queries in memory. */
static isl_status reference(objects *ref, isl_error *err)
{
    sqlite3 *db = NULL;
    isl_status st = ISL_OK;
    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        sqlite3_close(db);
        return isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    for (size_t i = 0; i < isl_schema_count && !st; i++)
        if (sqlite3_exec(db, isl_schema_files[i].text, NULL, NULL, NULL) != SQLITE_OK)
            st = isl_fail(err, (sqlite3_errcode(db) & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EINTERNAL,
                          "schema/%s: %s", isl_schema_files[i].name, sqlite3_errmsg(db));
    if (!st) st = isl_install_views(db, 0, err);
    if (!st) st = objects_read(db, "the built-in schema", FILE_OBJECTS, ref, err);
    sqlite3_close(db);
    return st;
}

/* Reads the file's objects and its record (none without isolab_object):
 * *current is 1 when the record agrees with the file and with this build. */
static isl_status record_current(sqlite3 *db, const char *path, const char *build, int *current, isl_error *err)
{
    objects file = {0}, rec = {0};
    isl_status st = objects_read(db, path, FILE_OBJECTS, &file, err);
    if (!st && find(&file, "isolab_object")) st = objects_read(db, path, RECORD_OBJECTS, &rec, err);
    const object *b = find(&rec, "");
    *current = !st && b && !strcmp(b->type, "build") && !strcmp(b->sql, build);
    for (size_t i = 0; i < rec.n && *current; i++) {
        const object *f = find(&file, rec.o[i].name);
        char d[17] = "";
        if (f) isl_digest_text_hex(f->sql, d);
        *current = !rec.o[i].name[0] || (f && !strcmp(d, rec.o[i].sql));
    }
    objects_free(&file);
    objects_free(&rec);
    return st;
}

static void add_note(isl_store *s, const char *fmt, const char *type, const char *name)
{
    size_t used = strlen(s->notes);
    if (used + 1 < sizeof s->notes)
        snprintf(s->notes + used, sizeof s->notes - used, fmt, type, name);
}

static const char *kind_of(const char *type) { return strcmp(type, "view") ? type : "saved query"; }

/* The record: one row per object of ref, then the build's; one INSERT
 * prepared for all of them (some 160 rows in every new database). */
static isl_status write_record(isl_store *s, const objects *ref, const char *build, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "INSERT INTO isolab_object(type, name, digest) VALUES (?1, ?2, ?3)", -1, &q,
                           NULL) != SQLITE_OK)
        return isl_db_fail(s, err, "recording the schema digests");
    isl_status st = ISL_OK;
    for (size_t i = 0; i <= ref->n && !st; i++) {
        char d[17];
        if (i < ref->n) isl_digest_text_hex(ref->o[i].sql, d);
        if (sqlite3_bind_text(q, 1, i < ref->n ? ref->o[i].type : "build", -1, SQLITE_STATIC) != SQLITE_OK
            || sqlite3_bind_text(q, 2, i < ref->n ? ref->o[i].name : "", -1, SQLITE_STATIC) != SQLITE_OK
            || sqlite3_bind_text(q, 3, i < ref->n ? d : build, -1, SQLITE_STATIC) != SQLITE_OK)
            st = isl_db_fail(s, err, "recording the schema digests");
        else
            st = isl_base_step(s->db, s->path, "recording the schema digests", q, NULL, NULL, err);
    }
    sqlite3_finalize(q);
    return st;
}

/* Views an older isolab installed and this one does not: dropped on open. */
static const char *const RETIRED[] = {"latest_surface"};

/* Compares, repairs and records, inside the caller's write transaction. */
static isl_status repair(isl_store *s, const objects *ref, const char *build, isl_error *err)
{
    objects file = {0}, rec = {0};
    isl_status st = objects_read(s->db, s->path, FILE_OBJECTS, &file, err);
    /* no record (an older database, or a damaged one: the loop names a
     * missing table) counts as an empty one */
    if (!st && find(&file, "isolab_object"))
        st = objects_read(s->db, s->path, RECORD_OBJECTS, &rec, err);
    sqlite3_str *drop = sqlite3_str_new(s->db), *create = sqlite3_str_new(s->db);
    sqlite3_str_appendall(drop, "DELETE FROM isolab_object;");
    for (size_t i = 0; i < sizeof RETIRED / sizeof RETIRED[0]; i++)
        if (find(&file, RETIRED[i])) sqlite3_str_appendf(drop, "DROP VIEW IF EXISTS \"%w\";", RETIRED[i]);
    for (size_t i = 0; i < ref->n && !st; i++) {
        const object *r = &ref->o[i], *f = find(&file, r->name), *c = find(&rec, r->name);
        if (f && strcmp(f->type, r->type))
            st = isl_fail(err, ISL_EDB, "%s: '%s' is a %s where isolab's %s belongs; rename or drop it in the "
                          "sqlite3 shell", s->path, r->name, f->type, kind_of(r->type));
        else if (!strcmp(r->type, "table")) {
            if (!f)
                st = isl_fail_why(err, ISL_EDB, ISL_R_DAMAGED, "%s: damaged: table '%s' is missing (isolab never re-creates a "
                              "table; restore the file from a copy)", s->path, r->name);
        } else if (!f || strcmp(f->sql, r->sql)) {
            char d[17] = "";
            if (f) isl_digest_text_hex(f->sql, d);
            if (c && !f)
                add_note(s, "%s '%s' was dropped outside isolab; restored\n", kind_of(r->type), r->name);
            else if (c && strcmp(d, c->sql))
                add_note(s, "%s '%s' was changed outside isolab; restored\n", kind_of(r->type), r->name);
            if (f) sqlite3_str_appendf(drop, "DROP %s \"%w\";", r->type, r->name);
            sqlite3_str_appendf(create, "%s;", r->sql);
        }
    }
    int oom = sqlite3_str_errcode(drop) || sqlite3_str_errcode(create);
    char *dsql = sqlite3_str_finish(drop), *csql = sqlite3_str_finish(create);
    /* nothing to install leaves create empty: NULL without an error */
    if (!st && (oom || !dsql)) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && (sqlite3_exec(s->db, dsql, NULL, NULL, NULL) != SQLITE_OK
                || (csql && sqlite3_exec(s->db, csql, NULL, NULL, NULL) != SQLITE_OK)))
        st = isl_db_fail(s, err, "recording the schema digests");
    if (!st) st = write_record(s, ref, build, err);
    if (st) s->notes[0] = '\0';
    sqlite3_free(dsql);
    sqlite3_free(csql);
    objects_free(&file);
    objects_free(&rec);
    return st;
}

isl_status isl_store_verify(isl_store *s, int installed, isl_error *err)
{
    char build[17];
    objects ref = {0};
    int current = 0;
    isl_status st = build_digest(build, err);
    /* a file without the record table is damaged; the repair below says which table */
    if (!st && !installed) st = record_current(s->db, s->path, build, &current, err);
    if (current || st == ISL_ENOMEM) return st;
    /* a file isolab has just built from its own schema is its own reference:
     * repair finds nothing to restore and writes the record */
    st = installed ? objects_read(s->db, s->path, FILE_OBJECTS, &ref, err) : reference(&ref, err);
    int own = sqlite3_get_autocommit(s->db);
    if (!st && own) st = isl_db_begin_write(s, err);
    if (!st) {
        st = repair(s, &ref, build, err);
        if (own) st = isl_base_end(s->db, s->path, st, err);
    }
    objects_free(&ref);
    return st;
}

isl_status isl_store_verify_tables(isl_store *s, isl_error *err)
{
    objects file = {0}, ref = {0};
    isl_status st = reference(&ref, err);
    if (!st) st = objects_read(s->db, s->path, FILE_OBJECTS, &file, err);
    for (size_t i = 0; i < ref.n && !st; i++) {
        const object *r = &ref.o[i], *f = find(&file, r->name);
        if (strcmp(r->type, "table")) continue;
        if (!f || strcmp(f->type, "table"))
            st = isl_fail(err, ISL_EDB, "%s: table '%s' is %s; not read", s->path, r->name,
                              f ? "not a table there" : "missing");
    }
    objects_free(&file);
    objects_free(&ref);
    return st;
}

isl_status isl_store_newer_schema(isl_store *s, const char *path, long long ver, isl_error *err)
{
    char build[17];
    isl_error ignored;
    int same = 0;
    /* any failure reading it: not known to be this version's, so "newer" */
    if (!build_digest(build, &ignored)) record_current(s->db, path, build, &same, &ignored);
    if (!same)
        return isl_fail_why(err, ISL_EDB, ISL_R_NEWER_SCHEMA,
                            "%s: schema version %lld is newer than this isolab's (%d); use a newer isolab", path, ver,
                            ISL_SCHEMA_VERSION);
    isl_buf cmd = {NULL, 0, 0, 0};
    isl_buf_put(&cmd, "sqlite3 ", 8);
    isl_buf_shell_word(&cmd, path);
    isl_buf_printf(&cmd, " 'PRAGMA user_version = %d'", ISL_SCHEMA_VERSION);
    isl_status st = cmd.oom ? isl_fail(err, ISL_ENOMEM, "out of memory")
                            : isl_fail(err, ISL_EDB, "%s: schema version %lld, but its tables, views and triggers are "
                                       "this isolab's (version %d): the version number was changed, not the "
                                       "schema; set it back with: %s", path, ver, ISL_SCHEMA_VERSION, cmd.p);
    free(cmd.p);
    return st;
}
