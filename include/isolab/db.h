/* isolab store: a database opened, created or checked (db.c). */
#ifndef ISOLAB_DB_H
#define ISOLAB_DB_H

#include "isolab/error.h"
#include "isolab/store.h"

/* Opens an isolab database read-write, migrating an older schema first;
 * ISL_EDB when it is missing, not one, newer or not writable. */
isl_status isl_store_open(const char *path, isl_store **out, isl_error *err);

/* Damage a writer must not write into, found before it writes: the file as
 * SQLite's own check (PRAGMA integrity_check) reads it, then each run's rows
 * counted (isl_store_check_rows); ISL_EDB with ISL_R_DAMAGED naming the
 * first fault, ISL_OK when there is none. */
isl_status isl_store_check_damage(isl_store *s, isl_error *err);

/* Creates the database at path from the schema and the built-in seeds (or
 * seeds_dir's *.sql), all or nothing; an existing path only with force.
 * Through a symbolic link that leads to no file (a dangling link), the
 * database is created where it leads, force or not (ISL_EINPUT when that
 * file's directory cannot be reached). */
isl_status isl_store_create(const char *path, const char *seeds_dir, int force, isl_error *err);

/* isl_store_create, with check(new, ctx, err) run on the new database
 * before it takes path's place: a failure leaves the old file untouched. */
isl_status isl_store_create_checked(const char *path, const char *seeds_dir, int force, isl_store_check_fn check,
                                    void *ctx, isl_error *err);

/* ISL_OK when path names no file (a dangling link's too), an empty one, or (through a symbolic link)
 * a regular file holding an isolab database of this or an older schema: what
 * a new database may replace; else why not (ISL_EINPUT, ISL_EDB). Opens no
 * database (a FIFO is refused, never opened). */
isl_status isl_store_replaceable(const char *path, isl_error *err);

/* For the stores opened after it: seconds a writer waits for another's
 * lock (default 10), and the work budget (0: ISL_WORK_LIMIT_DEFAULT_M). */
void isl_store_set_limits(unsigned wait_seconds, unsigned long long work_millions);

/* Opens an isolab database of this schema version read-only, as an untrusted
 * file: checked as isl_store_open checks one, never migrated or repaired;
 * every table of this build's schema must be a table there. */
isl_status isl_store_open_readonly(const char *path, isl_store **out, isl_error *err);

/* Reads what follows as of one moment (a page, whole): a read transaction
 * from the first read on; isl_store_read_end ends it. Writes only TEMP
 * objects meanwhile (the focus's). */
isl_status isl_store_read_begin(isl_store *s, isl_error *err);
void isl_store_read_end(isl_store *s);

#endif
