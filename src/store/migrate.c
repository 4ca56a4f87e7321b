/* isolab store: bringing an older database to the current schema version by
 * the very schema files a new one runs (MIGRATIONS: the file that reaches each
 * version), with the saved queries reinstalled, in one transaction. */
#include <stdio.h>
#include <string.h>

#include "isolab/embedded.h"
#include "isolab/measurable.h"
#include "migrate.h"
#include "script.h"
#include "store_int.h"
#include "verify.h"

typedef struct migration {
    int version;              /* the version it reaches */
    const char *schema_file;  /* the schema file that reaches it */
    const char *seed_file;    /* a built-in seed file that fills what it adds, or NULL */
} migration;

/* Version 1 is schema files 001-003 (the first release). */
static const migration MIGRATIONS[] = {
    {2, "004_parts_claims.sql", NULL},
    {3, "005_bundle_sweep.sql", NULL},
    {4, "006_schema_version.sql", NULL},
    {5, "007_positions.sql", NULL},
    {6, "009_lessons_runs.sql", NULL},
    {7, "010_record_guards.sql", NULL},
    {8, "011_fact_status_ids.sql", NULL},
    {9, "012_latest_run_lookups.sql", NULL},
    {10, "013_column_label.sql", "001_column_labels.sql"},
    {11, "014_course_author.sql", NULL},
    {12, "015_member_names.sql", NULL},
    {13, "016_answers.sql", NULL},
    {14, "017_quoted_commands.sql", NULL},
    {15, "018_focus_view.sql", NULL},
    {16, "019_whatif_stale.sql", NULL},
    {17, "020_run_kinds_title_guard.sql", NULL},
    {18, "021_run_rows.sql", NULL},
    {19, "022_member_names_positions.sql", NULL},
    {21, "024_kind_scope_retired.sql", NULL},
    {23, "026_probe.sql", "030_probe_explanations.sql"},
    {24, "027_channel_probe.sql", "031_channel_labels.sql"},
    {25, "028_members_blocks.sql", NULL},
    {26, "029_lesson_table.sql", NULL},
    {27, "030_scope_digest.sql", NULL},
};

isl_status isl_store_record_versions(isl_store *s, long long from, isl_error *err)
{
    return isl_db_rows(s, "recording the schema versions",
                       "WITH RECURSIVE v(n) AS (SELECT max(?1 + 1, 4) UNION ALL SELECT n + 1 FROM v WHERE n < ?2) "
                       "INSERT OR IGNORE INTO schema_version(version, applied_at) "
                       "SELECT n, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM v",
                       NULL, NULL, err, "ii", (int64_t)from, (int64_t)ISL_SCHEMA_VERSION);
}

static isl_status apply(isl_store *s, long long from, isl_error *err)
{
    for (size_t i = 0; i < sizeof MIGRATIONS / sizeof MIGRATIONS[0]; i++) {
        const migration *m = &MIGRATIONS[i];
        if (m->version <= from) continue;
        isl_status st = isl_store_exec_files(s, isl_schema_files, "schema", m->schema_file, ISL_SCRIPT_SCHEMA, err);
        if (!st && m->seed_file)
            st = isl_store_exec_files(s, isl_seed_files, "seeds", m->seed_file, ISL_SCRIPT_SCHEMA, err);
        if (st) return st;
    }
    /* the saved queries of this version replace the older ones */
    isl_status st = isl_store_record_versions(s, from, err);
    if (!st) st = isl_store_put_measurable(s, err);
    if (!st) st = isl_install_views(s->db, 1, err);
    if (st) return st;
    char pragma[64];
    snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", ISL_SCHEMA_VERSION);
    return isl_db_exec(s, pragma, err);
}

isl_status isl_store_migrate(isl_store *s, isl_error *err)
{
    long long v = 0;
    isl_status st = isl_base_int(s->db, s->path, "PRAGMA user_version", &v, err);
    if (st) return st;
    char what[600];
    snprintf(what, sizeof what, "%s: migrating schema version %lld to %d (once; this may take a while)", s->path, v,
             ISL_SCHEMA_VERSION);
    isl_store_progress(what);
    if ((st = isl_db_begin_write(s, err))) {
        if ((sqlite3_errcode(s->db) & 0xff) == SQLITE_BUSY)
            st = isl_fail_why(err, ISL_EDB, ISL_R_LOCKED_MIGRATION, "%s: schema version %lld needs migrating to %d, "
                              "and another process holds the write lock (a migration under way?); waited %u s",
                              s->path, v, ISL_SCHEMA_VERSION, s->wait_s);
        return st;
    }
    /* another isolab may have migrated it while this one waited */
    if (!(st = isl_base_int(s->db, s->path, "PRAGMA user_version", &v, err)) && v < ISL_SCHEMA_VERSION) {
        if (v < 1) st = isl_fail(err, ISL_EDB, "%s: schema version %lld is unknown to this isolab", s->path, v);
        else if ((st = apply(s, v, err))) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            st = isl_fail(err, st == ISL_ENOMEM ? ISL_ENOMEM : ISL_EDB,
                          "%s: cannot migrate schema version %lld to %d: %s", s->path, v, ISL_SCHEMA_VERSION, msg);
        }
    }
    return isl_base_end(s->db, s->path, st, err);
}
