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

/* In the load's transaction, before its files: notes the lessons each file
 * defines and the axes, facts, mechanisms and bundles it adds (for
 * isl_store_load_noted); a lesson row whose code is loaded already is
 * refused (ISL_LESSON_LOADED). The TEMP objects go with the load's others
 * (isl_drop_temp_objects). */
isl_status isl_store_load_watch(isl_store *s, isl_error *err);

/* load --replace, before the files load: opens a savepoint in which every
 * insert into a model table is skipped and the codes of the lesson rows
 * the files would insert are noted (the dry pass: run the files next). */
isl_status isl_store_dry_watch(isl_store *s, isl_error *err);

/* Ends the dry pass (the savepoint rolled back: nothing of it stays) and
 * removes the loaded lessons among the codes it noted, with what they own. */
isl_status isl_store_replace_dry(isl_store *s, isl_error *err);

/* After one file, path: records the rows it added as brought by the
 * lessons it defined (lesson_brings) and the file they came from
 * (lesson_source, its absolute path), and starts the next file's notes
 * afresh. */
isl_status isl_store_load_noted(isl_store *s, const char *path, isl_error *err);

/* What the database at path (opened read-only) was made from: *seeds the
 * directory init read (NULL: the seeds built into isolab, or no database
 * there) and *lessons its lessons as lines "CODE<TAB>FILE" (FILE the one
 * 'load' read, empty for a seed's; NULL: none). Free both with free(). */
isl_status isl_store_origin(const char *path, char **seeds, char **lessons, isl_error *err);

#endif
