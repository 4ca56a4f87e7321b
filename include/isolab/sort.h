/* isolab: the one sort by name: indexes ordered by the names they stand
 * for, bytewise (strcmp: as SQLite's BINARY collation orders them). Sorts
 * by number are qsort's (diff_status.c, answers.c). */
#ifndef ISOLAB_SORT_H
#define ISOLAB_SORT_H

#include <stddef.h>

/* Sorts order[0..n) so that names[order[i]] increase (a heap sort: in
 * place, no allocation, O(n log n); equal names in no particular order). */
void isl_sort_by_name(size_t *order, const char *const *names, size_t n);

#endif
