/* cmocka suite: terminal-safe text (isl_escape) and UTF-8 checks, and the
 * JSON form of text that is not UTF-8. Expected strings are written out by
 * hand from the rules in include/isolab/escape.h and RFC 3629. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "isolab/escape.h"
#include "isolab/export.h"

static const char *esc(const char *in)
{
    static char out[256];
    return isl_escape(in, out, sizeof out);
}

static void test_escape_controls(void **state)
{
    (void)state;
    assert_string_equal(esc("plain name"), "plain name");
    assert_string_equal(esc("Größe tracé"), "Größe tracé");
    assert_string_equal(esc("a\nrun 99: fake line"), "a\\nrun 99: fake line");
    assert_string_equal(esc("\033[2J"), "\\033[2J");
    assert_string_equal(esc("\033]0;title\a"), "\\033]0;title\\a");
    assert_string_equal(esc("x\r\t\b\f\v"), "x\\r\\t\\b\\f\\v");
    assert_string_equal(esc("\001\037\177"), "\\001\\037\\177");
    assert_string_equal(esc("back\\slash"), "back\\slash");
    /* C1 controls: U+009B (CSI) is C2 9B in UTF-8 */
    assert_string_equal(esc("\xc2\x9b" "2J"), "\\u009b2J");
    assert_string_equal(esc("\xc2\xa0"), "\xc2\xa0"); /* no-break space prints */
    /* bytes that are not UTF-8 */
    assert_string_equal(esc("a\xff" "b"), "a\\xffb");
    assert_string_equal(esc("\xc3"), "\\xc3");
    assert_string_equal(esc("\xc0\xaf"), "\\xc0\\xaf");     /* overlong '/' */
    assert_string_equal(esc("\xed\xa0\x80"), "\\xed\\xa0\\x80"); /* a surrogate */
    assert_int_equal(isl_needs_escape("fine"), 0);
    assert_int_equal(isl_needs_escape("no\nway"), 1);
}

static void test_escape_bounds(void **state)
{
    (void)state;
    /* the worst case: every byte grows to four */
    char in[65], out[ISL_ESCAPE_MAX(64)];
    memset(in, '\033', 64);
    in[64] = '\0';
    isl_escape(in, out, sizeof out);
    assert_int_equal(strlen(out), 256);
    /* a short buffer is cut at a character boundary, never mid-escape */
    char small[6];
    assert_string_equal(isl_escape("ab\033cd", small, sizeof small), "ab");
    assert_string_equal(isl_escape("éé", small, 4), "é");
    char *d = isl_escape_dup("x\ny");
    assert_non_null(d);
    assert_string_equal(d, "x\\ny");
    free(d);
}

/* A name quoted in a message: escaped as every message is, cut after 80
 * bytes with "..." (expected values written out by hand). */
static void test_short_name(void **state)
{
    (void)state;
    char out[84], long_name[100];
    assert_string_equal(isl_short_name("a\nb", 3, out), "a\\nb");
    assert_string_equal(isl_short_name("x\033[2J", 5, out), "x\\033[2J");
    assert_string_equal(isl_short_name("a\0b", 3, out), "a...");
    memset(long_name, 'm', sizeof long_name);
    isl_short_name(long_name, sizeof long_name, out);
    assert_int_equal(strlen(out), 83);
    assert_string_equal(out + 80, "...");
    memset(long_name, '\n', 50);
    isl_short_name(long_name, 50, out);
    assert_int_equal(strlen(out), 80 + 3);
    assert_memory_equal(out, "\\n\\n", 4);
}

static void test_utf8(void **state)
{
    (void)state;
    assert_true(isl_utf8_valid("", 0));
    assert_true(isl_utf8_valid("A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 10)); /* A é € 😀 */
    assert_false(isl_utf8_valid("\x80", 1));
    assert_false(isl_utf8_valid("\xe2\x82", 2));
    assert_false(isl_utf8_valid("\xf4\x90\x80\x80", 4)); /* past U+10FFFF */
    assert_false(isl_utf8_valid("\xe0\x80\x80", 3));     /* overlong */
    assert_false(isl_utf8_valid("\xfe", 1));
}

static void test_json_invalid_utf8(void **state)
{
    (void)state;
    isl_buf b = {0};
    isl_buf_json_string(&b, "a\xff" "b\x7f\xc2\x9b\033", 7);
    assert_false(b.oom);
    assert_string_equal(b.p, "\"a\\ufffdb\\u007f\\u009b\\u001b\"");
    free(b.p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_controls),
        cmocka_unit_test(test_escape_bounds),
        cmocka_unit_test(test_short_name),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_json_invalid_utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
