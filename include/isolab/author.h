/* isolab: a course author's loop in the store: removing lessons with what
 * they own, and replacing the lessons seed files define. What a lesson owns
 * is listed in src/store/author.c and the README ("Adding a lesson"). */
#ifndef ISOLAB_AUTHOR_H
#define ISOLAB_AUTHOR_H

/* The message of a seed statement that adds a lesson the database holds
 * already (its reason: ISL_R_LESSON_LOADED). */
#define ISL_LESSON_LOADED "the lesson is loaded already"

#include <stddef.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* Removes the lessons codes[0..n) with every row each owns, in one
 * transaction; runs are kept (their results become stale: the model's
 * digest changes). ISL_EINPUT (nothing removed) when a code is unknown. */
isl_status isl_store_unload(isl_store *s, const char *const *codes, size_t n, isl_error *err);

/* What the database at path (opened read-only) was made from: *seeds the
 * directory init read (NULL: the seeds built into isolab, or no database
 * there) and *lessons its lessons as lines "CODE<TAB>FILE" (FILE the one
 * 'load' read, empty for a seed's; NULL: none). Free both with free(). */
isl_status isl_store_origin(const char *path, char **seeds, char **lessons, isl_error *err);

#endif
