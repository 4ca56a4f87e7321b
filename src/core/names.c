/* isolab core: "did you mean" and the few names there are (isolab/names.h). */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/names.h"

size_t isl_edit_distance(const char *a, const char *b, size_t limit)
{
    size_t na = strlen(a), nb = strlen(b);
    if ((na > nb ? na - nb : nb - na) > limit) return limit + 1;
    /* one row of the table at a time; a row whose least is past limit ends it */
    size_t *row = malloc((nb + 1) * sizeof *row);
    if (!row) return limit + 1;
    for (size_t j = 0; j <= nb; j++) row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0], least = row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best) best = up + 1;
            if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
            if (best < least) least = best;
        }
        if (least > limit) {
            free(row);
            return limit + 1;
        }
    }
    size_t d = row[nb] > limit ? limit + 1 : row[nb];
    free(row);
    return d;
}

const char *isl_name_hint(const char *name, isl_name_at at, const void *ctx, size_t count, const char *whats,
                          char *out, size_t n)
{
    assert(out && n > 0);
    out[0] = '\0';
    size_t best = 3, ties = 0;
    for (size_t i = 0; i < count; i++) {
        const char *c = at(ctx, i);
        size_t d = c ? isl_edit_distance(name, c, 2) : 3;
        if (d < best) best = d, ties = 0;
        ties += d == best && d < 3;
    }
    char q[84];
    if (ties) { /* every nearest one, in order, at most ISL_NEAR_NAMES of them */
        size_t used = (size_t)snprintf(out, n, "; did you mean "), k = 0;
        for (size_t i = 0; i < count && k < ISL_NEAR_NAMES && used < n; i++) {
            const char *c = at(ctx, i);
            if (!c || isl_edit_distance(name, c, 2) != best) continue;
            k++;
            used += (size_t)snprintf(out + used, n - used, "%s'%s'", k == 1 ? "" : k == ties ? " or " : ", ",
                                     isl_short_name(c, strlen(c), q));
        }
        if (used < n && ties > ISL_NEAR_NAMES)
            used += (size_t)snprintf(out + used, n - used, " or another of the %zu as near", ties);
        if (used < n) snprintf(out + used, n - used, "?");
        return out;
    }
    if (!count || count > ISL_FEW_NAMES) return out;
    size_t used = (size_t)snprintf(out, n, " (%s: ", whats);
    for (size_t i = 0; i < count && used < n; i++) {
        const char *c = at(ctx, i);
        if (c) used += (size_t)snprintf(out + used, n - used, "%s%s", i ? ", " : "", isl_short_name(c, strlen(c), q));
    }
    if (used < n) snprintf(out + used, n - used, ")");
    return out;
}
