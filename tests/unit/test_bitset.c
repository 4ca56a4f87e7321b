/* cmocka suite: bitsets, checked against a plain array of flags. */
#include <stdlib.h>

#include "testutil.h"
#include "isolab/bitset.h"

static void test_words(void **state)
{
    (void)state;
    assert_int_equal(isl_bitset_words(0), 1);
    assert_int_equal(isl_bitset_words(1), 1);
    assert_int_equal(isl_bitset_words(64), 1);
    assert_int_equal(isl_bitset_words(65), 2);
    assert_int_equal(isl_bitset_words(10000), 157);
}

/* Random sets of 200 bits: every operation agrees with flag arrays. */
static void test_ops_against_flags(void **state)
{
    (void)state;
    enum { N = 200 };
    size_t w = isl_bitset_words(N);
    srand(7);
    for (int round = 0; round < 200; round++) {
        unsigned char fa[N], fb[N];
        uint64_t *a = isl_bitset_new(w), *b = isl_bitset_new(w), *d = isl_bitset_new(w);
        assert_non_null(a);
        assert_non_null(b);
        assert_non_null(d);
        size_t ca = 0;
        int inter = 0;
        for (size_t i = 0; i < N; i++) {
            fa[i] = (unsigned char)(rand() % (round % 5 + 2) == 0);
            fb[i] = (unsigned char)(rand() % 3 == 0);
            if (fa[i]) isl_bit_set(a, i), ca++;
            if (fb[i]) isl_bit_set(b, i);
            if (fa[i] && fb[i]) inter = 1;
        }
        assert_int_equal(isl_bitset_count(a, w), ca);
        assert_int_equal(isl_bitset_intersects(a, b, w) != 0, inter);
        isl_bitset_copy(d, a, w);
        isl_bitset_or(d, b, w);
        for (size_t i = 0; i < N; i++) assert_int_equal(isl_bit_test(d, i), fa[i] || fb[i]);
        /* copy gives a second set with the same bits, not the same set */
        isl_bitset_copy(d, a, w);
        assert_ptr_not_equal(d, a);
        for (size_t i = 0; i < N; i++) assert_int_equal(isl_bit_test(d, i), fa[i]);
        /* next: walks exactly the set bits of a */
        size_t expect = 0, got = isl_bitset_next(a, N, 0);
        for (;;) {
            while (expect < N && !fa[expect]) expect++;
            assert_int_equal(got, expect);
            if (got == N) break;
            expect++;
            got = isl_bitset_next(a, N, got + 1);
        }
        isl_bit_clear(a, 5);
        assert_int_equal(isl_bit_test(a, 5), 0);
        isl_bitset_zero(a, w);
        assert_int_equal(isl_bitset_count(a, w), 0);
        free(a);
        free(b);
        free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_ops_against_flags),
    };
    return cmocka_run_group_tests_name("bitset", tests, NULL, NULL);
}
