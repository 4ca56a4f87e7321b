/* isolab: a course author's loop: removing lessons with what they own (listed
 * in src/store/author.c), and where a database came from. */
#ifndef ISOLAB_AUTHOR_H
#define ISOLAB_AUTHOR_H

#include <stddef.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* Removes the lessons codes[0..n) with what each owns, all or none (ISL_EINPUT
 * for an unknown code); runs are kept, their results stale. */
isl_status isl_store_unload(isl_store *s, const char *const *codes, size_t n, isl_error *err);

/* What the database at path was made from (read-only): *seeds the directory
 * (NULL: built in, or no database), *lessons lines "CODE<TAB>FILE", *focus
 * the lesson it has as default (isolab focus); free() all three; runs[] its
 * runs' count, lowest and highest id (0s: none). */
isl_status isl_store_origin(const char *path, char **seeds, char **lessons, char **focus, int64_t runs[3],
                            isl_error *err);

/* Applies seed files in order in one transaction, all or none; with replace,
 * a loaded lesson they define is removed first with what it owns (author.h). */
isl_status isl_store_load(isl_store *s, const char *const *paths, size_t n, int replace, isl_error *err);

/* How isl_store_load_report treats a lesson the files define that is loaded:
 * refused (ISL_R_LESSON_LOADED when it came from the same file, else
 * ISL_R_LESSON_OTHER_FILE), replaced when it came from the same file (else
 * ISL_R_LESSON_OTHER_FILE, nothing loaded), or replaced whatever its file. */
typedef enum isl_load_mode { ISL_LOAD_NEW, ISL_LOAD_REPLACE, ISL_LOAD_TAKE_OVER } isl_load_mode;
/* What one file did, told in the load's transaction (the caller keeps it
 * until the load commits): what "added" or "replaced" with name a lesson's
 * code, "table" with name a table and n the rows the file wrote in it, or
 * "announced" with name the code of a lesson that announces position n,
 * which a lesson the file added takes. */
typedef isl_status (*isl_load_fn)(void *ctx, const char *file, const char *what, const char *name, long long n);
/* isl_store_load in mode, each file's lessons and tables to fn (NULL: none). */
isl_status isl_store_load_report(isl_store *s, const char *const *paths, size_t n, isl_load_mode mode,
                                 isl_load_fn fn, void *ctx, isl_error *err);

#endif
