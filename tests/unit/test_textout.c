/* cmocka suite: export text formats. Expected fields are written out by
 * hand from the sqlite3 shell's CSV rules and the JSON grammar. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "isolab/textout.h"

static char *csv(const char *text)
{
    static isl_buf b;
    free(b.p);
    b = (isl_buf){0};
    isl_buf_csv_field(&b, text, text ? strlen(text) : 0, ',');
    assert_false(b.oom);
    return b.p ? b.p : "";
}

static char *tsv(const char *text)
{
    static isl_buf b;
    free(b.p);
    b = (isl_buf){0};
    isl_buf_tsv_field(&b, text, strlen(text));
    return b.p ? b.p : "";
}

static char *json(int type, const char *text, double real)
{
    static isl_buf b;
    free(b.p);
    b = (isl_buf){0};
    isl_cell c = {type, text, text ? strlen(text) : 0, real};
    isl_buf_json_cell(&b, &c);
    return b.p;
}

static char *html(const char *text, size_t len)
{
    static isl_buf b;
    free(b.p);
    b = (isl_buf){0};
    isl_buf_html(&b, text, len);
    return b.p ? b.p : "";
}

/* HTML: the five characters that could end text or an attribute become
 * entities; control characters HTML forbids become U+FFFD; UTF-8 stays. */
/* printf-style appends, past the first allocation (256 bytes) too */
static void test_printf(void **state)
{
    (void)state;
    isl_buf b = {NULL, 0, 0, 0};
    isl_buf_printf(&b, "%s, %d", "run", 7);
    assert_string_equal(b.p, "run, 7");
    for (int i = 0; i < 100; i++) isl_buf_printf(&b, "%03d", i);
    assert_int_equal(b.n, 6 + 300);
    assert_int_equal(b.p[b.n], '\0');
    assert_memory_equal(b.p + 6 + 3 * 99, "099", 3);
    assert_int_equal(b.oom, 0);
    free(b.p);
}

static void test_html(void **state)
{
    (void)state;
    assert_string_equal(html("plain", 5), "plain");
    assert_string_equal(html("", 0), "");
    assert_string_equal(html("<script>alert('x')</script>", 27),
                        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    assert_string_equal(html("a & \"b\"", 7), "a &amp; &quot;b&quot;");
    assert_string_equal(html("tab\tnl\nesc\033.", 12), "tab\tnl\nesc\xef\xbf\xbd.");
    assert_string_equal(html("\xc3\x9c" "bung", 6), "\xc3\x9c" "bung");
    assert_string_equal(html("nul\0x", 5), "nul\xef\xbf\xbdx");
}

static void test_csv(void **state)
{
    (void)state;
    assert_string_equal(csv("plain-word_1.5"), "plain-word_1.5");
    assert_string_equal(csv(NULL), "");
    assert_string_equal(csv(""), "\"\"");
    assert_string_equal(csv("a,b"), "\"a,b\"");
    assert_string_equal(csv("say \"hi\""), "\"say \"\"hi\"\"\"");
    assert_string_equal(csv("\"\""), "\"\"\"\"\"\"");
    assert_string_equal(csv("two\nlines"), "\"two\nlines\"");
    assert_string_equal(csv("it's"), "\"it's\"");
    assert_string_equal(csv("sp ace"), "\"sp ace\"");
    assert_string_equal(csv("\xc3\xa9"), "\"\xc3\xa9\"");
    assert_string_equal(csv("del\x7f"), "\"del\x7f\"");
    assert_string_equal(csv("tab\there"), "\"tab\there\"");
}

static void test_tsv(void **state)
{
    (void)state;
    assert_string_equal(tsv("a, b's"), "a, b's");
    assert_string_equal(tsv(""), "\"\"");
    assert_string_equal(tsv("tab\there"), "\"tab\there\"");
    assert_string_equal(tsv("cr\rlf\n"), "\"cr\rlf\n\"");
    assert_string_equal(tsv("q\"q"), "\"q\"\"q\"");
}

static void test_json(void **state)
{
    (void)state;
    assert_string_equal(json(1, "-42", 0), "-42");
    assert_string_equal(json(2, "3.0", 3.0), "3.0");
    assert_string_equal(json(2, "0.1", 0.1), "0.1");
    assert_string_equal(json(2, "5.66666666666667", 17.0 / 3), "5.666666666666667");
    assert_string_equal(json(2, "1.0e+300", 1e300), "1e+300");
    /* an infinity as the sqlite3 shell's -json writes it (1e999 reads back as one) */
    assert_string_equal(json(2, "Inf", 1.0 / 0.0), "1e999");
    assert_string_equal(json(2, "-Inf", -1.0 / 0.0), "-1e999");
    assert_string_equal(json(2, "NaN", 0.0 / 0.0), "null");
    assert_string_equal(json(5, NULL, 0), "null");
    assert_string_equal(json(3, "a\"b\\c\n\t\x01", 0), "\"a\\\"b\\\\c\\n\\t\\u0001\"");
    assert_string_equal(json(3, "\xc3\xa9", 0), "\"\xc3\xa9\"");
    assert_string_equal(json(4, "\x00\xff", 0) /* len from strlen: empty */, "\"\"");
    isl_buf b = {0};
    isl_cell blob = {4, "\x01\xab", 2, 0};
    isl_buf_json_cell(&b, &blob);
    assert_string_equal(b.p, "\"01ab\"");
    free(b.p);
    assert_true(strtod(json(2, "", 17.0 / 3), NULL) == 17.0 / 3);
}

static char *number(double v, int digits)
{
    static isl_buf b;
    free(b.p);
    b = (isl_buf){0};
    isl_buf_number(&b, v, digits);
    return b.p ? b.p : "";
}

/* Numbers for people: the label's digits, else four decimals at most with
 * trailing zeros dropped but one; never "-0" (values worked by hand). */
static void test_number(void **state)
{
    (void)state;
    assert_string_equal(number(17.0 / 3, -1), "5.6667");
    assert_string_equal(number(25.0 / 3, -1), "8.3333");
    assert_string_equal(number(3.0, -1), "3.0");
    assert_string_equal(number(12.5, -1), "12.5");
    assert_string_equal(number(0.40000000000000002, 2), "0.40");
    assert_string_equal(number(34.0, 1), "34.0");
    assert_string_equal(number(99.6, 0), "100");
    assert_string_equal(number(1234.25, 2), "1234.25");
    assert_string_equal(number(-0.00001, -1), "0.0");
    assert_string_equal(number(-0.001, 2), "0.00");
    assert_string_equal(number(-1.5, 1), "-1.5");
    assert_string_equal(number(1e20, 0), "100000000000000000000");
}

/* The keys of a row's JSON object: a name an earlier column has gets the
 * first of :1, :2, ... that no column is named (the rule of docs/sql.md, by hand). */
/* The label rule: the object's own row, else the '*' row, else none. */
static void test_labels_find(void **state)
{
    (void)state;
    isl_label v[] = {{"*", "cost_pct", "cost", "%", 1}, {"surface", "cost_pct", "cost of the run", NULL, 2}};
    isl_labels l = {v, 2, 2};
    assert_string_equal(isl_labels_find(&l, "surface", "cost_pct")->label, "cost of the run");
    assert_string_equal(isl_labels_find(&l, "other", "cost_pct")->label, "cost");
    assert_string_equal(isl_labels_find(&l, NULL, "cost_pct")->label, "cost");
    assert_null(isl_labels_find(&l, "surface", "visible"));
}

static void test_json_keys(void **state)
{
    (void)state;
    const char *names[] = {"a", "a", "a:1", "b", "a"};
    const char *want[] = {"\"a\": ", "\"a:2\": ", "\"a:1\": ", "\"b\": ", "\"a:3\": "};
    char **keys = isl_json_keys(5, names);
    assert_non_null(keys);
    for (size_t i = 0; i < 5; i++) assert_string_equal(keys[i], want[i]);
    isl_cell row[2] = {{.type = ISL_CELL_INTEGER, .text = "1", .len = 1}, {.type = ISL_CELL_INTEGER, .text = "2", .len = 1}};
    isl_buf b = {NULL, 0, 0, 0};
    isl_buf_json_object(&b, 2, (const char *const *)keys, row);
    isl_buf_put(&b, "", 1);
    assert_string_equal(b.p, "{\"a\": 1, \"a:2\": 2}");
    free(b.p);
    isl_json_keys_free(keys, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_printf),
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_tsv),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_json_keys),
        cmocka_unit_test(test_html),
        cmocka_unit_test(test_number),
        cmocka_unit_test(test_labels_find),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    csv("");
    tsv("");
    json(5, NULL, 0);
    number(0, 0);
    return rc;
}
