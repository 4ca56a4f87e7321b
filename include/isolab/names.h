/* isolab core: help with a name that names nothing (pure: no I/O, no
 * SQLite). Every "no WHAT named 'NAME'" of isolab, from a command or a
 * seed, is followed by the one hint this writes. */
#ifndef ISOLAB_NAMES_H
#define ISOLAB_NAMES_H

#include <stddef.h>

/* At most this many names are listed when none is near. */
#define ISL_FEW_NAMES 8
/* At most this many names as near as each other are offered. */
#define ISL_NEAR_NAMES 4
/* Room for any hint isl_name_hint writes. */
#define ISL_HINT_MAX 800

/* Candidate i of a list (NULL: none there). */
typedef const char *(*isl_name_at)(const void *ctx, size_t i);

/* The edit distance (Levenshtein, over bytes: an insertion, a deletion or a
 * change each count 1) between a and b, or limit + 1 when it is larger
 * than limit. */
size_t isl_edit_distance(const char *a, const char *b, size_t limit);

/* Writes into out (n bytes, n > 0) the hint after "no WHAT named 'name'":
 * "; did you mean 'x'?" for the candidate within 2 edits of name nearest
 * to it ("'x', 'y' or 'z'" when several are as near, in order, at most
 * ISL_NEAR_NAMES of them and then "or another of the N as near"), else,
 * when there are 1 to ISL_FEW_NAMES candidates, " (whats: a, b, c)";
 * else "". Returns out. */
const char *isl_name_hint(const char *name, isl_name_at at, const void *ctx, size_t count, const char *whats,
                          char *out, size_t n);

#endif
