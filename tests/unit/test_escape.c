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

/* The bidirectional controls reorder what a terminal shows ("evil\u202etxt.exe"
 * reads as "evilexe.txt"): escaped as C1 controls are. UTF-8 by hand:
 * U+202E = E2 80 AE, U+2066 = E2 81 A6, U+200F = E2 80 8F, U+061C = D8 9C. */
static void test_escape_bidi(void **state)
{
    (void)state;
    assert_string_equal(esc("evil\xe2\x80\xae" "txt.exe"), "evil\\u202etxt.exe");
    assert_string_equal(esc("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad"), "\\u202a\\u202b\\u202c\\u202d");
    assert_string_equal(esc("\xe2\x81\xa6" "a" "\xe2\x81\xa9"), "\\u2066a\\u2069");
    assert_string_equal(esc("\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c"), "\\u200e\\u200f\\u061c");
    assert_string_equal(esc("\xe2\x80\x94"), "\xe2\x80\x94"); /* an em dash prints */
    assert_int_equal(isl_needs_escape("a\xe2\x80\xae" "b"), 1);
}

/* Terminal columns, as wcwidth counts them in a UTF-8 locale. */
static void test_text_columns(void **state)
{
    (void)state;
    assert_int_equal(isl_text_columns("abc"), 3);
    assert_int_equal(isl_text_columns("\xe6\xbc\xa2\xe5\xad\x97"), 4);      /* U+6F22 U+5B57: wide */
    assert_int_equal(isl_text_columns("e\xcc\x81"), 1);                  /* e, U+0301 combining */
    assert_int_equal(isl_text_columns("\xef\xbc\xa1"), 2);              /* U+FF21 fullwidth A */
    assert_int_equal(isl_text_columns("\xc3\xa9t\xc3\xa9"), 3);         /* precomposed */
    assert_int_equal(isl_text_columns("\xea\xb0\x80"), 2);              /* U+AC00 Hangul */
    assert_int_equal(isl_text_columns("\xff"), 1);                       /* not UTF-8 */
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

/* A label (a probe's machine, its kernel release): 1 to 127 bytes that
 * isl_escape leaves as they are. */
static void test_label_ok(void **state)
{
    (void)state;
    char long_label[129];
    memset(long_label, 'a', 128);
    long_label[128] = '\0';
    assert_true(isl_label_ok("vm"));
    assert_true(isl_label_ok("lab-pc-07 (room 2)"));
    assert_true(isl_label_ok("Rechner-\xc3\xa4"));
    assert_true(isl_label_ok(long_label + 1)); /* 127 bytes */
    assert_false(isl_label_ok(long_label));    /* 128 */
    assert_false(isl_label_ok(""));
    assert_false(isl_label_ok("a\033[31m"));
    assert_false(isl_label_ok("a\nb"));
    assert_false(isl_label_ok("a\x7f"));
    assert_false(isl_label_ok("a\xc2\x85"));     /* C1 NEL */
    assert_false(isl_label_ok("a\xe2\x80\xae" "b")); /* U+202E */
    assert_false(isl_label_ok("a\xe2\x81\xa6" "b")); /* U+2066 */
    assert_false(isl_label_ok("a\xff" "b"));         /* not UTF-8 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_controls),
        cmocka_unit_test(test_escape_bidi),
        cmocka_unit_test(test_text_columns),
        cmocka_unit_test(test_escape_bounds),
        cmocka_unit_test(test_short_name),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_json_invalid_utf8),
        cmocka_unit_test(test_label_ok),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
