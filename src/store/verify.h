/* isolab store: the schema checked against this build, views installed (verify.c). */
#ifndef ISOLAB_STORE_VERIFY_H
#define ISOLAB_STORE_VERIFY_H

#include "store_int.h"

/* Installs every saved query as view NAME (with replace, dropped first), then
 * the model tables' triggers (isl_model_table_sql), then run_kinds' rows
 * (isl_kinds, kind.h): for a new database, a migrated one and the reference. */
isl_status isl_install_views(sqlite3 *db, int replace, isl_error *err);

/* ISL_OK when every table of this build's schema is a table in s (nothing
 * written); else ISL_EDB naming the first that is not. */
isl_status isl_store_verify_tables(isl_store *s, isl_error *err);

/* The error for a file whose user_version ver is above this isolab's: when
 * the record of installed objects (isolab_object) is this build's and every
 * object it lists is as recorded, the number alone was changed, and the
 * message says so with the PRAGMA that sets it back; else "newer", with
 * ISL_R_NEWER_SCHEMA. Returns ISL_EDB (ISL_ENOMEM). */
isl_status isl_store_newer_schema(isl_store *s, const char *path, long long ver, isl_error *err);

/* Checks the schema against this build and what isolab installed: restores saved
 * queries and triggers (noted), refuses a missing table; installed: records the file. */
isl_status isl_store_verify(isl_store *s, int installed, isl_error *err);

#endif
