/* isolab: indexes sorted by name (include/isolab/sort.h). */
#include <string.h>

#include "isolab/sort.h"

/* Moves order[i] down the heap of order[0..n) to its place. */
static void sift(size_t *order, const char *const *names, size_t i, size_t n)
{
    for (size_t c; (c = 2 * i + 1) < n; i = c) {
        if (c + 1 < n && strcmp(names[order[c + 1]], names[order[c]]) > 0) c++;
        if (strcmp(names[order[c]], names[order[i]]) <= 0) return;
        size_t t = order[i];
        order[i] = order[c];
        order[c] = t;
    }
}

void isl_sort_by_name(size_t *order, const char *const *names, size_t n)
{
    for (size_t i = n / 2; i-- > 0;) sift(order, names, i, n);
    while (n > 1) {
        size_t t = order[0];
        order[0] = order[--n];
        order[n] = t;
        sift(order, names, 0, n);
    }
}
