/* isolab: bitsets over 64-bit words. */
#include <stdlib.h>
#include <string.h>

#include "isolab/bitset.h"

size_t isl_bitset_words(size_t nbits)
{
    size_t n = (nbits + 63) / 64;
    return n ? n : 1;
}

uint64_t *isl_bitset_new(size_t n)
{
    return calloc(n ? n : 1, sizeof(uint64_t));
}

void isl_bitset_zero(uint64_t *d, size_t n) { memset(d, 0, n * sizeof *d); }

void isl_bitset_copy(uint64_t *d, const uint64_t *a, size_t n) { memcpy(d, a, n * sizeof *d); }

void isl_bitset_or(uint64_t *d, const uint64_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++) d[i] |= a[i];
}

size_t isl_bitset_count(const uint64_t *a, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += (size_t)__builtin_popcountll(a[i]);
    return c;
}

int isl_bitset_intersects(const uint64_t *a, const uint64_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] & b[i]) return 1;
    return 0;
}

size_t isl_bitset_next(const uint64_t *a, size_t nbits, size_t i)
{
    while (i < nbits) {
        uint64_t w = a[i >> 6] >> (i & 63);
        if (w) {
            i += (size_t)__builtin_ctzll(w);
            return i < nbits ? i : nbits;
        }
        i = (i | 63) + 1;
    }
    return nbits;
}

void *isl_words_take(uint64_t *block, size_t *used, size_t n, size_t size)
{
    void *at = block ? block + *used : NULL;
    *used += (n * size + sizeof *block - 1) / sizeof *block;
    return at;
}
