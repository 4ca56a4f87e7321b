/* isolab store: an older database brought to this schema (migrate.c). */
#ifndef ISOLAB_STORE_MIGRATE_H
#define ISOLAB_STORE_MIGRATE_H

#include "store_int.h"

/* Migrates an older database to ISL_SCHEMA_VERSION in one transaction. */
isl_status isl_store_migrate(isl_store *s, isl_error *err);
/* Records in schema_version, at the time now, each version after from (4
 * on) up to ISL_SCHEMA_VERSION not recorded yet: the versions a creation
 * (from 3) or a migration (from the old version) reached. */
isl_status isl_store_record_versions(isl_store *s, long long from, isl_error *err);

#endif
