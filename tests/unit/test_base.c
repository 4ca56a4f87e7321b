/* cmocka suite: the store base (row loop, transaction pair, reasons), the
 * one sort helper, and the command line's words for the store's reasons.
 * Expected values come from qsort, from the sqlite3 library's own answers
 * to the same statements and from the messages users read today. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/base.h"
#include "isolab/cli.h"
#include "isolab/sort.h"
#include "isolab/words.h"

static int by_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Random distinct names: the sort's order is qsort's over the same names. */
static void test_sort_against_qsort(void **state)
{
    (void)state;
    srand(11);
    for (size_t n = 0; n < 300; n += 1 + n / 4) {
        char **names = calloc(n + 1, sizeof *names), **sorted = calloc(n + 1, sizeof *sorted);
        size_t *order = calloc(n + 1, sizeof *order);
        assert_non_null(names);
        assert_non_null(sorted);
        assert_non_null(order);
        for (size_t i = 0; i < n; i++) {
            names[i] = malloc(16);
            assert_non_null(names[i]);
            /* distinct: the index is part of the name, after a random prefix */
            snprintf(names[i], 16, "%c%c%zu", 'a' + rand() % 3, 'a' + rand() % 26, i);
            sorted[i] = names[i];
            order[i] = n - 1 - i;
        }
        qsort(sorted, n, sizeof *sorted, by_text);
        isl_sort_by_name(order, (const char *const *)names, n);
        for (size_t i = 0; i < n; i++) assert_string_equal(names[order[i]], sorted[i]);
        for (size_t i = 0; i < n; i++) free(names[i]);
        free(names);
        free(sorted);
        free(order);
    }
}

typedef struct seen {
    long long sum;
    int rows, stop_at;
    char last[32];
} seen;

static isl_status add_row(void *ctx, sqlite3_stmt *q)
{
    seen *s = ctx;
    s->sum += sqlite3_column_int64(q, 0);
    snprintf(s->last, sizeof s->last, "%s", isl_base_text(q, 1));
    return ++s->rows == s->stop_at ? ISL_EFAIL : ISL_OK;
}

/* The row loop binds by its type string, hands every row over, stops when
 * the row function says so, and reports an SQL error with its words. */
static void test_row_loop(void **state)
{
    (void)state;
    sqlite3 *db = NULL;
    isl_error err;
    isl_error_clear(&err);
    assert_int_equal(isl_base_open(":memory:", SQLITE_OPEN_READWRITE, 1, &db, &err), ISL_OK);
    assert_int_equal(isl_base_exec(db, "t", "CREATE TABLE x(n INTEGER, s TEXT)", &err), ISL_OK);
    assert_int_equal(isl_base_begin(db, "t", 1, &err), ISL_OK);
    for (int64_t i = 1; i <= 10; i++)
        assert_int_equal(isl_base_rows(db, "t", "writing", "INSERT INTO x VALUES (?1, ?2)", NULL, NULL, &err, "it", i,
                                       i % 2 ? "odd" : NULL),
                         ISL_OK);
    assert_int_equal(isl_base_end(db, "t", ISL_OK, &err), ISL_OK);
    seen s = {0, 0, 0, ""};
    assert_int_equal(isl_base_rows(db, "t", "reading", "SELECT n, s FROM x WHERE n > ?1 AND s IS ?2 ORDER BY n", add_row,
                                   &s, &err, "it", (int64_t)3, "odd"),
                     ISL_OK);
    assert_int_equal(s.rows, 3); /* 5, 7, 9 */
    assert_int_equal(s.sum, 21);
    assert_string_equal(s.last, "odd");
    seen stop = {0, 0, 2, ""};
    assert_int_equal(isl_base_rows(db, "t", "reading", "SELECT n, s FROM x ORDER BY n", add_row, &stop, &err, NULL),
                     ISL_EFAIL);
    assert_int_equal(stop.rows, 2);
    long long v = -1;
    assert_int_equal(isl_base_int(db, "t", "SELECT count(*) FROM x WHERE s IS NULL", &v, &err), ISL_OK);
    assert_int_equal(v, 5);
    /* a transaction that ends with a failure leaves nothing */
    assert_int_equal(isl_base_begin(db, "t", 1, &err), ISL_OK);
    assert_int_equal(isl_base_exec(db, "t", "DELETE FROM x", &err), ISL_OK);
    assert_int_equal(isl_base_end(db, "t", ISL_EINPUT, &err), ISL_EINPUT);
    assert_int_equal(isl_base_int(db, "t", "SELECT count(*) FROM x", &v, &err), ISL_OK);
    assert_int_equal(v, 10);
    assert_int_equal(isl_base_rows(db, "t", "reading", "SELECT nope FROM x", NULL, NULL, &err, NULL), ISL_EINPUT);
    assert_string_equal(err.msg, "reading: no such column: nope");
    assert_int_equal(err.reason, ISL_R_NONE);
    sqlite3_close(db);
}

/* One printf() call on db: its answer as text ("NULL" for NULL), into out. */
static void printf_answer(sqlite3 *db, const char *fmt, const long long *args, int nargs, char *out, size_t size)
{
    sqlite3_str *sql = sqlite3_str_new(NULL);
    sqlite3_str_appendall(sql, "SELECT quote(printf(?1");
    for (int i = 0; i < nargs; i++) sqlite3_str_appendf(sql, ", %s", i % 3 == 2 ? "'é'" : "?");
    sqlite3_str_appendall(sql, "))");
    char *text = sqlite3_str_finish(sql);
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_prepare_v2(db, text, -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_bind_text(q, 1, fmt, -1, SQLITE_TRANSIENT), SQLITE_OK);
    for (int i = 0, k = 2; i < nargs; i++)
        if (i % 3 != 2) assert_int_equal(sqlite3_bind_int64(q, k++, args[i]), SQLITE_OK);
    int rc = sqlite3_step(q);
    snprintf(out, size, "%d:%s", rc, rc == SQLITE_ROW ? (const char *)sqlite3_column_text(q, 0) : sqlite3_errmsg(db));
    sqlite3_finalize(q);
    sqlite3_free(text);
}

/* printf() on an isolab connection gives SQLite's own answer (a plain
 * connection with the same length limit) for random formats around the
 * limit, and NULL at once for a %c of 999999999 characters, which SQLite's
 * own takes half a minute to turn into NULL. */
static void test_printf_guard(void **state)
{
    (void)state;
    sqlite3 *db = NULL, *plain = NULL;
    isl_error err;
    isl_error_clear(&err);
    assert_int_equal(isl_base_open(":memory:", SQLITE_OPEN_READWRITE, 1, &db, &err), ISL_OK);
    assert_int_equal(sqlite3_open(":memory:", &plain), SQLITE_OK);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 300);
    sqlite3_limit(plain, SQLITE_LIMIT_LENGTH, 300);
    static const char *const parts[] = {"%", "%.*c", "%*.*c", "%-*c", "%.299c", "%.300c", "%.301c", "%!.*c", "%5",
                                        "%%", "%n", "%y", "%lld", "%ll", "%.*s", "%*d", "%0*.*f", "%,d", "x", "%.*l",
                                        "%c", "%.*q", "%.4294967297c", "%.2147483948c", "%#x", " ", "%.150c", "%.4397c", "%.4398c", "%.9000c"};
    char want[20000], got[20000], fmt[200];
    long long args[8];
    srand(7);
    for (int t = 0; t < 4000; t++) {
        fmt[0] = 0;
        for (int k = rand() % 5; k >= 0; k--) strcat(fmt, parts[rand() % (sizeof parts / sizeof *parts)]);
        int n = rand() % 8;
        for (int i = 0; i < n; i++) {
            static const long long v[] = {0, 1, 2, 150, 299, 300, 301, -301, 1200, 4395, 4396, 4397, 4398,
                                          -4398, 9000, 2147483648LL, -2147483648LL, 4294967597LL,
                                          -9223372036854775807LL};
            args[i] = v[rand() % (sizeof v / sizeof *v)];
        }
        printf_answer(plain, fmt, args, n, want, sizeof want);
        printf_answer(db, fmt, args, n, got, sizeof got);
        if (strcmp(want, got)) fail_msg("printf('%s', %d arguments): want %s, got %s", fmt, n, want, got);
    }
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 10 * 1000 * 1000);
    long long big[] = {999999999};
    printf_answer(db, "%.*c", big, 1, got, sizeof got);
    assert_string_equal(got, "100:NULL");
    assert_int_equal(sqlite3_exec(db, "SELECT format('%d', 1)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(plain);
    sqlite3_close(db);
}

/* Another connection holds the write lock: the status is ISL_EDB with the
 * reason ISL_R_LOCKED, and the command line's words are today's; the
 * message names the path once. */
static void test_locked_words(void **state)
{
    (void)state;
    char dir[64], path[128], text[2048];
    assert_int_equal(t_mkdtemp(dir, "base"), 0);
    snprintf(path, sizeof path, "%s/l.db", dir);
    sqlite3 *a = NULL, *b = NULL;
    isl_error err;
    isl_error_clear(&err);
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    assert_int_equal(isl_base_open(path, flags, 0, &a, &err), ISL_OK);
    assert_int_equal(isl_base_open(path, flags, 0, &b, &err), ISL_OK);
    assert_int_equal(isl_base_begin(a, "l.db", 0, &err), ISL_OK);
    assert_int_equal(isl_base_begin(b, "l.db", 0, &err), ISL_EDB);
    assert_int_equal(err.reason, ISL_R_LOCKED);
    assert_string_equal(isl_words(NULL, &err, text, sizeof text),
                        "l.db: another process holds the write lock; waited 0 s (taking the write lock); "
                        "retry when it has finished, or wait longer with --wait");
    /* a reader locked out: the message names the path once */
    assert_int_equal(isl_base_exec(a, "l.db", "CREATE TABLE t(x); COMMIT; BEGIN EXCLUSIVE", &err), ISL_OK);
    long long v = 0;
    assert_int_equal(isl_base_int(b, "l.db", "SELECT count(*) FROM t", &v, &err), ISL_EDB);
    assert_int_equal(err.reason, ISL_R_LOCKED);
    assert_string_equal(err.msg, "l.db: another process holds the write lock (reading a value)");
    assert_int_equal(isl_base_end(a, "l.db", ISL_OK, &err), ISL_OK);
    sqlite3_close(a);
    sqlite3_close(b);
    /* a reason without words: the message as it is */
    isl_fail(&err, ISL_EINPUT, "plain");
    assert_ptr_equal(isl_words(NULL, &err, text, sizeof text), err.msg);
    isl_fail_why(&err, ISL_EINPUT, ISL_R_QUERY, "no statement");
    assert_string_equal(isl_words(NULL, &err, text, sizeof text), "export --sql: no statement");
    assert_int_equal(t_rmtree(dir), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sort_against_qsort),
        cmocka_unit_test(test_row_loop),
        cmocka_unit_test(test_printf_guard),
        cmocka_unit_test(test_locked_words),
    };
    return cmocka_run_group_tests_name("base", tests, NULL, NULL);
}
