/* isolab: fixed-size bitsets over 64-bit words. Pure: no I/O, no allocation
 * except isl_bitset_new. All functions take the word count n explicitly. */
#ifndef ISOLAB_BITSET_H
#define ISOLAB_BITSET_H

#include <stddef.h>
#include <stdint.h>

/* Number of 64-bit words needed for nbits bits (at least 1). */
size_t isl_bitset_words(size_t nbits);

/* A zeroed bitset of n words, or NULL when out of memory. Free with free(). */
uint64_t *isl_bitset_new(size_t n);

static inline void isl_bit_set(uint64_t *s, size_t i) { s[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void isl_bit_clear(uint64_t *s, size_t i) { s[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline int isl_bit_test(const uint64_t *s, size_t i) { return (int)((s[i >> 6] >> (i & 63)) & 1); }

/* d = 0 */
void isl_bitset_zero(uint64_t *d, size_t n);
/* d = a */
void isl_bitset_copy(uint64_t *d, const uint64_t *a, size_t n);
/* d |= a */
void isl_bitset_or(uint64_t *d, const uint64_t *a, size_t n);
/* Number of set bits. */
size_t isl_bitset_count(const uint64_t *a, size_t n);
/* Nonzero when a & b has a set bit. */
int isl_bitset_intersects(const uint64_t *a, const uint64_t *b, size_t n);
/* Index of the first set bit at or after i, or nbits when there is none. */
size_t isl_bitset_next(const uint64_t *a, size_t nbits, size_t i);

/* n elements of `size` bytes at word *used of block, *used moved past them
 * (block NULL: only counts): arrays laid out in one allocation. */
void *isl_words_take(uint64_t *block, size_t *used, size_t n, size_t size);

#endif
