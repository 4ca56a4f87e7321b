/* The core's help with a name that names nothing (isolab/names.h): edit
 * distances and hints worked by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "isolab/names.h"

static void test_edit_distance(void **state)
{
    (void)state;
    assert_int_equal(isl_edit_distance("abc", "abc", 2), 0);
    assert_int_equal(isl_edit_distance("stric", "strict", 2), 1);                       /* one insertion */
    assert_int_equal(isl_edit_distance("sampling-profil", "sampling-profile", 2), 1);
    assert_int_equal(isl_edit_distance("host-interface", "host-interfaces", 2), 1);
    assert_int_equal(isl_edit_distance("flaw", "lawn", 2), 2);                           /* f out, n in */
    assert_int_equal(isl_edit_distance("ab", "ba", 2), 2);                               /* no transposition */
    assert_int_equal(isl_edit_distance("", "ab", 2), 2);
    assert_int_equal(isl_edit_distance("M03/K6", "M03/K05", 2), 2);                      /* 0 in, 6 -> 5 */
    assert_int_equal(isl_edit_distance("M03/K6", "M03/K4", 2), 1);
    /* past the limit: limit + 1, whatever the distance */
    assert_int_equal(isl_edit_distance("kitten", "sitting", 2), 3);                      /* 3 */
    assert_int_equal(isl_edit_distance("kitten", "sitting", 5), 3);
    assert_int_equal(isl_edit_distance("a", "abcdefgh", 2), 3);                          /* 7 */
    assert_int_equal(isl_edit_distance("abcdef", "ghijkl", 1), 2);                       /* 6 */
}

static const char *at(const void *ctx, size_t i) { return ((const char *const *)ctx)[i]; }

static void test_hint(void **state)
{
    (void)state;
    char out[ISL_HINT_MAX];
    static const char *const bundles[] = {"plain", "common", "strict"};
    assert_string_equal(isl_name_hint("stric", at, bundles, 3, "bundles", out, sizeof out), "; did you mean 'strict'?");
    assert_string_equal(isl_name_hint("xyz", at, bundles, 3, "bundles", out, sizeof out),
                        " (bundles: plain, common, strict)");
    /* the nearest; all the nearest, in order (abxy is 2 edits away, the
     * others 1) */
    static const char *const near[] = {"abxy", "abcx", "abcy"};
    assert_string_equal(isl_name_hint("abcd", at, near, 3, "names", out, sizeof out),
                        "; did you mean 'abcx' or 'abcy'?");
    static const char *const lessons[] = {"M03/K04", "M03/K05", "M03/K06"};
    assert_string_equal(isl_name_hint("M03/K07", at, lessons, 3, "lessons", out, sizeof out),
                        "; did you mean 'M03/K04', 'M03/K05' or 'M03/K06'?");
    /* none near and more than ISL_FEW_NAMES: nothing */
    static const char *const many[] = {"n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"};
    assert_string_equal(isl_name_hint("zzzzz", at, many, 9, "names", out, sizeof out), "");
    assert_string_equal(isl_name_hint("zzzzz", at, many, 8, "names", out, sizeof out),
                        " (names: n1, n2, n3, n4, n5, n6, n7, n8)");
    /* nine as near (1 edit each): the first four, and how many more */
    assert_string_equal(isl_name_hint("n", at, many, 9, "names", out, sizeof out),
                        "; did you mean 'n1', 'n2', 'n3', 'n4' or another of the 9 as near?");
    assert_string_equal(isl_name_hint("x", at, many, 0, "names", out, sizeof out), "");
    /* a name is shown escaped, as every name in a message */
    static const char *const odd[] = {"a\033b"};
    assert_string_equal(isl_name_hint("ab", at, odd, 1, "names", out, sizeof out), "; did you mean 'a\\033b'?");
    /* cut to the room given, never past it */
    char small[12];
    isl_name_hint("xyz", at, bundles, 3, "bundles", small, sizeof small);
    assert_string_equal(small, " (bundles: ");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edit_distance),
        cmocka_unit_test(test_hint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
