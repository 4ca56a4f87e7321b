/* isolab store: bringing a database made by an older isolab up to the
 * current schema version.
 *
 * Schema files are applied in name order by 'isolab init', and the version
 * a database has tells which of them it has seen. MIGRATIONS lists, for
 * each version after the first, the schema files that reach it from the one
 * before; a migration applies them (the very files init applies, so the two
 * can never disagree), installs the saved queries of the new version in
 * place of the old ones, and sets user_version, all in one BEGIN IMMEDIATE
 * transaction: an interrupted or failed migration leaves the old version.
 *
 * To change the schema: add schema/NNN_*.sql, raise ISL_SCHEMA_VERSION in
 * include/isolab/store.h and append {new version, "NNN_*.sql"} here. */
#include <stdio.h>
#include <string.h>

#include "isolab/embedded.h"
#include "store_int.h"

typedef struct migration {
    int version;              /* the version it reaches */
    const char *schema_file;  /* the schema file that reaches it */
} migration;

/* Version 1 is schema files 001-003 (the first release). */
static const migration MIGRATIONS[] = {
    {2, "004_parts_claims.sql"},
    {3, "005_bundle_sweep.sql"},
    {4, "006_schema_version.sql"},
    {5, "007_positions.sql"},
    {6, "009_lessons_runs.sql"},
    {7, "010_record_guards.sql"},
    {8, "011_fact_status_ids.sql"},
    {11, "014_course_author.sql"},
};

static const isl_embedded_file *schema_file(const char *name)
{
    for (size_t i = 0; i < isl_schema_count; i++)
        if (!strcmp(isl_schema_files[i].name, name)) return &isl_schema_files[i];
    return NULL;
}

/* The database's user_version, read inside the current transaction. */
static isl_status user_version(isl_store *s, long long *v, isl_error *err)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db, "PRAGMA user_version", -1, &q, NULL) != SQLITE_OK)
        return isl_db_fail(s, err, s->path);
    int rc = sqlite3_step(q);
    *v = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
    sqlite3_finalize(q);
    return rc == SQLITE_ROW ? ISL_OK : isl_db_fail(s, err, s->path);
}

static isl_status apply(isl_store *s, long long from, isl_error *err)
{
    for (size_t i = 0; i < sizeof MIGRATIONS / sizeof MIGRATIONS[0]; i++) {
        const migration *m = &MIGRATIONS[i];
        if (m->version <= from) continue;
        const isl_embedded_file *f = schema_file(m->schema_file);
        if (!f) return isl_fail(err, ISL_EINTERNAL, "schema file %s is not built in", m->schema_file);
        char name[300];
        snprintf(name, sizeof name, "schema/%s", f->name);
        isl_status st = isl_store_exec_schema(s, name, f->text, err);
        if (st) return st;
    }
    /* the saved queries of this version replace the older ones */
    isl_status st = isl_store_install_views(s, 1, err);
    if (st) return st;
    char pragma[64];
    snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", ISL_SCHEMA_VERSION);
    return isl_db_exec(s, pragma, err);
}

isl_status isl_store_migrate(isl_store *s, isl_error *err)
{
    isl_status st = isl_db_begin_write(s, err);
    if (st) return st;
    long long v = 0;
    /* another isolab may have migrated it while this one waited */
    if (!(st = user_version(s, &v, err)) && v < ISL_SCHEMA_VERSION) {
        if (v < 1) st = isl_fail(err, ISL_EDB, "%s: schema version %lld is unknown to this isolab", s->path, v);
        else if ((st = apply(s, v, err))) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            st = isl_fail(err, st == ISL_ENOMEM ? ISL_ENOMEM : ISL_EDB,
                          "%s: cannot migrate schema version %lld to %d: %s", s->path, v, ISL_SCHEMA_VERSION, msg);
        }
    }
    if (!st) return isl_db_exec(s, "COMMIT", err);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}
