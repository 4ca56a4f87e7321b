/* isolab: a course author's loop: removing lessons with what they own (listed
 * in src/store/author.c), and where a database came from. */
#ifndef ISOLAB_AUTHOR_H
#define ISOLAB_AUTHOR_H

/* The message of a seed adding a lesson loaded already (ISL_R_LESSON_LOADED). */
#define ISL_LESSON_LOADED "the lesson is loaded already"

#include <stddef.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* Removes the lessons codes[0..n) with what each owns, all or none (ISL_EINPUT
 * for an unknown code); runs are kept, their results stale. */
isl_status isl_store_unload(isl_store *s, const char *const *codes, size_t n, isl_error *err);

/* What the database at path was made from (read-only): *seeds the directory
 * (NULL: built in, or no database), *lessons lines "CODE<TAB>FILE"; free() both;
 * runs[] its runs' count, lowest and highest id (0s: none). */
isl_status isl_store_origin(const char *path, char **seeds, char **lessons, int64_t runs[3], isl_error *err);

#endif
