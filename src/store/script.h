/* isolab store: SQL files run as scripts, schema or seed (script.c). */
#ifndef ISOLAB_STORE_SCRIPT_H
#define ISOLAB_STORE_SCRIPT_H

#include "isolab/embedded.h"
#include "store_int.h"

/* The message of a seed adding a lesson loaded already (ISL_R_LESSON_LOADED). */
#define ISL_LESSON_LOADED "the lesson is loaded already"

/* Runs the built-in files as scripts of kind how, named "dir/NAME": all in
 * order, or only the one named only (ISL_EINTERNAL when not built in). */
isl_status isl_store_exec_files(isl_store *s, const isl_embedded_file *files, const char *dir, const char *only,
                                enum isl_script how, isl_error *err);

/* Drops every TEMP table, view and trigger (what seeds made for themselves). */
isl_status isl_drop_temp_objects(isl_store *s, isl_error *err);

/* The seed file at path (a regular file, at most ISL_SEED_MAX_BYTES, text)
 * applied as a script. */
isl_status isl_store_exec_file(isl_store *s, const char *path, isl_error *err);

/* Every *.sql file of dir, by name, applied as a script (no transaction). */
isl_status isl_store_load_dir(isl_store *s, const char *dir, isl_error *err);

#endif
