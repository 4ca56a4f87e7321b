/* cmocka suite: the commands, run in-process through isl_main with their
 * output captured. The lesson's tables must come out byte-identical to the
 * lesson's printed block; a model with other answers must give the rows
 * the model's rules define (worked out by hand in tests/models/alt/). */
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/cli.h"
#include "isolab/commands.h"
#include "isolab/main.h"
#include "isolab/outfile.h"

static char dir[64];
static char out_text[1 << 16], err_text[1 << 14];

static int setup(void **state)
{
    (void)state;
    return t_mkdtemp(dir, "cmd");
}

static int teardown(void **state)
{
    (void)state;
    return t_rmtree(dir);
}

static void slurp(const char *p, char *buf, size_t n)
{
    FILE *f = fopen(p, "r");
    assert_non_null(f);
    size_t k = fread(buf, 1, n - 1, f);
    buf[k] = '\0';
    fclose(f);
}

/* Runs `isolab --db DIR/DB ARGS...` in-process; stdout and stderr land in
 * out_text and err_text. Returns the exit status. */
static int cli(const char *db, const char *args)
{
    char line[1024], dbp[256], *argv[64];
    int argc = 0;
    snprintf(dbp, sizeof dbp, "%s/%s", dir, db);
    snprintf(line, sizeof line, "%s", args);
    argv[argc++] = "isolab";
    argv[argc++] = "--db";
    argv[argc++] = dbp;
    /* '' stands for an empty word */
    for (char *t = strtok(line, " "); t; t = strtok(NULL, " ")) argv[argc++] = strcmp(t, "''") ? t : "";
    argv[argc] = NULL;
    char op[256], ep[256];
    snprintf(op, sizeof op, "%s/stdout", dir);
    snprintf(ep, sizeof ep, "%s/stderr", dir);
    fflush(stdout);
    fflush(stderr);
    int so = dup(1), se = dup(2);
    int fo = open(op, O_WRONLY | O_CREAT | O_TRUNC, 0600), fe = open(ep, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fo, 1);
    dup2(fe, 2);
    int rc = isl_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(so, 1);
    dup2(se, 2);
    close(so); close(se); close(fo); close(fe);
    slurp(op, out_text, sizeof out_text);
    slurp(ep, err_text, sizeof err_text);
    return rc;
}

static sqlite3 *open_db(const char *db)
{
    char p[256];
    sqlite3 *h;
    snprintf(p, sizeof p, "%s/%s", dir, db);
    assert_int_equal(sqlite3_open_v2(p, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    return h;
}

/* The first row of sql as "a|b|c" (NULL as "NULL"). */
static const char *row(sqlite3 *h, const char *sql)
{
    static char buf[512];
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &q, NULL), SQLITE_OK);
    buf[0] = '\0';
    if (sqlite3_step(q) == SQLITE_ROW)
        for (int i = 0; i < sqlite3_column_count(q); i++) {
            const char *t = (const char *)sqlite3_column_text(q, i);
            size_t n = strlen(buf);
            snprintf(buf + n, sizeof buf - n, "%s%s", i ? "|" : "", t ? t : "NULL");
        }
    sqlite3_finalize(q);
    return buf;
}

#define SURF "SELECT visible, returned, open_surface, open_axes, run_time, iif(cost_per_fact IS NULL, NULL, printf('%.2f', cost_per_fact)) FROM surface " \
             "WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'run') "

static void test_init_run_lesson_figures(void **state)
{
    (void)state;
    assert_int_equal(cli("t.db", "init"), 0);
    assert_int_equal(cli("t.db", "run"), 0);
    assert_non_null(strstr(out_text, "run 1: 3 bundles x 2 channels, 150 rows written"));
    sqlite3 *h = open_db("t.db");
    assert_string_equal(row(h, SURF "AND bundle = 'strict' AND channel = 'sampling-profile'"), "10|1|11|7|1030|3.00");
    assert_string_equal(row(h, SURF "AND bundle = 'common' AND channel = 'sampling-profile'"), "12|1|13|7|1030|3.00");
    assert_string_equal(row(h, SURF "AND bundle = 'plain' AND channel = 'sampling-profile'"), "24|0|24|9|1030|NULL");
    assert_string_equal(row(h, SURF "AND bundle = 'strict' AND channel = 'system-call-tracing'"), "10|2|12|7|1340|17.00");
    assert_string_equal(row(h, "SELECT kind, status, length(model_digest), finished_at IS NOT NULL FROM run"), "run|done|16|1");
    sqlite3_close(h);
    /* init refuses to overwrite; --force replaces (and drops the runs) */
    assert_int_equal(cli("t.db", "init"), ISL_EINPUT);
    assert_non_null(strstr(err_text, "already exists"));
    assert_int_equal(cli("t.db", "init --force"), 0);
    h = open_db("t.db");
    assert_string_equal(row(h, "SELECT count(*) FROM run"), "0");
    sqlite3_close(h);
}

static void test_errors(void **state)
{
    (void)state;
    assert_int_equal(cli("e.db", "init"), 0);
    assert_int_equal(cli("e.db", "run --bundle nosuch"), ISL_EINPUT);
    assert_string_equal(err_text, "isolab run: no bundle named 'nosuch' (bundles: plain, common, strict)\n");
    assert_int_equal(cli("e.db", "run --channel"), ISL_EUSAGE);
    assert_int_equal(cli("e.db", "frobnicate"), ISL_EUSAGE);
    assert_non_null(strstr(err_text, "unknown command 'frobnicate'"));
    assert_int_equal(cli("e.db", "sweep sideways"), ISL_EUSAGE);
    assert_int_equal(cli("e.db", "sweep removal --channel nosuch"), ISL_EINPUT);
    assert_int_equal(cli("missing.db", "run"), ISL_EDB);
    assert_non_null(strstr(err_text, "no such database"));
    /* failed commands wrote no run */
    sqlite3 *h = open_db("e.db");
    assert_string_equal(row(h, "SELECT count(*) FROM run"), "0");
    sqlite3_close(h);
    /* --help on every command, and the top level */
    for (const isl_command *c = isl_commands; c->name; c++) {
        char a[64];
        snprintf(a, sizeof a, "%s --help", c->name);
        assert_int_equal(cli("e.db", a), 0);
        assert_non_null(strstr(out_text, "usage: isolab"));
    }
    assert_int_equal(cli("e.db", "--help"), 0);
    assert_non_null(strstr(out_text, "exit status"));
}

/* Expects `isolab --db e.db ARGS` to fail with exit 2 and exactly
 * "isolab CMD: MSG" and the hint to try CMD's --help. */
static void usage_fails(const char *cmd, const char *args, const char *msg)
{
    char want[512];
    snprintf(want, sizeof want, "isolab %s: %s\nTry 'isolab %s --help'.\n", cmd, msg, cmd);
    int rc = cli("o.db", args);
    if (rc != ISL_EUSAGE) fail_msg("isolab %s: exit %d, stderr %s", args, rc, err_text);
    assert_string_equal(err_text, want);
}

/* A value the option's kind accepts, in buf. */
static const char *good_value(const isl_option *o, char *buf, size_t n)
{
    if (o->kind == ISL_INT || o->kind == ISL_SECONDS) snprintf(buf, n, "%lld", o->min);
    else if (o->kind == ISL_ENUM) snprintf(buf, n, "%s", o->choices[0]);
    else if (o->kind == ISL_SINCE) snprintf(buf, n, "2026-12-01");
    else snprintf(buf, n, "x");
    return buf;
}

/* The mistakes an option's kind lets the parser catch, each with its one
 * wording and exit 2: not a number, a number out of range, an unknown
 * choice, an empty file name, an empty or repeated list item, a name given
 * twice to a repeatable option. */
static void kind_fails(const isl_command *c, const isl_option *o)
{
    char args[512], msg[512], choices[256] = "";
    const char *what = o->what;
    switch (o->kind) {
    case ISL_INT:
    case ISL_SECONDS: {
        int named = what != NULL;
        if (!what) what = o->kind == ISL_INT ? "a whole number" : "a number of seconds";
        long long bad[3] = {o->min - 1, o->max == LLONG_MAX ? o->min - 1 : o->max + 1, 0};
        for (int i = 0; i < 3; i++) {
            char v[32];
            if (i < 2) snprintf(v, sizeof v, "%lld", bad[i]);
            else snprintf(v, sizeof v, "1x");
            snprintf(args, sizeof args, "%s %s %s", c->name, o->name, v);
            if (named && o->max == LLONG_MAX) snprintf(msg, sizeof msg, "%s: '%s' is not %s", o->name, v, what);
            else if (o->max == LLONG_MAX) snprintf(msg, sizeof msg, "%s: '%s' is not %s >= %lld", o->name, v, what, o->min);
            else snprintf(msg, sizeof msg, "%s: '%s' is not %s from %lld to %lld", o->name, v, what, o->min, o->max);
            usage_fails(c->name, args, msg);
        }
        break;
    }
    case ISL_ENUM:
        for (int i = 0; o->choices[i]; i++)
            snprintf(choices + strlen(choices), sizeof choices - strlen(choices), "%s%s", i ? ", " : "", o->choices[i]);
        snprintf(args, sizeof args, "%s %s nosuch", c->name, o->name);
        snprintf(msg, sizeof msg, "unknown %s 'nosuch' (%s)", what, choices);
        usage_fails(c->name, args, msg);
        break;
    case ISL_SINCE:
        for (int i = 0; i < 3; i++) {
            static const char *const dates[] = {"yesterday", "2026-13-01", "2026-12-01T24:00"};
            snprintf(args, sizeof args, "%s %s %s", c->name, o->name, dates[i]);
            snprintf(msg, sizeof msg,
                     "%s: '%s' is not a date (2026-12-01, 2026-12-01T14:30) or a time ago (90m, 2h, 3d)", o->name,
                     dates[i]);
            usage_fails(c->name, args, msg);
        }
        break;
    case ISL_PATH:
        snprintf(args, sizeof args, "%s %s ''", c->name, o->name);
        snprintf(msg, sizeof msg, "%s: an empty %s name", o->name, what);
        usage_fails(c->name, args, msg);
        break;
    case ISL_LIST:
        snprintf(args, sizeof args, "%s %s a,,b", c->name, o->name);
        snprintf(msg, sizeof msg, "%s: an empty %s name in 'a,,b'", o->name, what);
        usage_fails(c->name, args, msg);
        break;
    default:
        break;
    }
    if (o->repeatable && what) {
        /* two good values (a number's: its least and the next) */
        char x[64], y[64];
        good_value(o, x, sizeof x);
        if (o->kind == ISL_INT) snprintf(y, sizeof y, "%lld", o->min + 1);
        else snprintf(y, sizeof y, "y");
        snprintf(args, sizeof args, "%s %s %s %s %s %s %s", c->name, o->name, x, o->name, y, o->name, x);
        snprintf(msg, sizeof msg, "%s '%s' is named twice", what, x);
        usage_fails(c->name, args, msg);
    }
}

/* Every command's every option, parsed by the one parser: an unknown
 * option, a missing value, an option given twice that is not repeatable,
 * a value given to a flag, a value not of the option's kind; each with one
 * wording and exit 2. Every --help lists every option of the command's
 * table. */
static void test_option_tables(void **state)
{
    (void)state;
    assert_int_equal(cli("o.db", "init"), 0);
    for (const isl_command *c = isl_commands; c->name; c++) {
        char args[256], msg[256], v[64];
        snprintf(args, sizeof args, "%s --no-such-option", c->name);
        usage_fails(c->name, args, "unknown option '--no-such-option'");
        snprintf(args, sizeof args, "%s --help", c->name);
        assert_int_equal(cli("o.db", args), 0);
        /* --db and --wait listed where a database is opened, and only there */
        int no_db = (c->needs & ISL_NO_DB) != 0;
        assert_int_equal(no_db, !strcmp(c->name, "help") || !strcmp(c->name, "version"));
        assert_int_equal(strstr(out_text, "  --db FILE ") != NULL, !no_db);
        assert_int_equal(strstr(out_text, "  --wait SECONDS ") != NULL, !no_db);
        for (const isl_option *const *op = c->options; *op; op++) {
            assert_non_null(strstr(out_text, (*op)->name));
            assert_non_null(strstr(out_text, (*op)->help));
        }
        for (const isl_option *const *op = c->options; *op; op++) {
            const isl_option *o = *op;
            if (o->value) {
                snprintf(args, sizeof args, "%s %s", c->name, o->name);
                snprintf(msg, sizeof msg, "option '%s' needs a value", o->name);
                usage_fails(c->name, args, msg);
                if (!o->repeatable) {
                    good_value(o, v, sizeof v);
                    snprintf(args, sizeof args, "%s %s %s %s %s", c->name, o->name, v, o->name, v);
                    snprintf(msg, sizeof msg, "option '%s' is given twice", o->name);
                    usage_fails(c->name, args, msg);
                }
                kind_fails(c, o);
            } else {
                snprintf(args, sizeof args, "%s %s=1", c->name, o->name);
                snprintf(msg, sizeof msg, "option '%s' takes no value", o->name);
                usage_fails(c->name, args, msg);
                snprintf(args, sizeof args, "%s %s %s", c->name, o->name, o->name);
                snprintf(msg, sizeof msg, "option '%s' is given twice", o->name);
                usage_fails(c->name, args, msg);
            }
        }
        /* the global --db, also after the command's name, and --wait */
        snprintf(args, sizeof args, "%s --db", c->name);
        usage_fails(c->name, args, "option '--db' needs a value");
        snprintf(args, sizeof args, "%s --wait 86401", c->name);
        usage_fails(c->name, args, "--wait: '86401' is not a number of seconds from 0 to 86400");
        snprintf(args, sizeof args, "%s --wait 2d", c->name);
        usage_fails(c->name, args, "--wait: '2d' is not a number of seconds from 0 to 86400");
    }
    /* the wordings users and scripts see, spelled out once */
    usage_fails("load", "load --work-limit lots x.sql",
                "--work-limit: 'lots' is not a number of million steps from 1 to 1000000000");
    usage_fails("prune", "prune --keep -1", "--keep: '-1' is not a whole number >= 0");
    usage_fails("export", "export surface --format xml", "unknown format 'xml' (csv, tsv, json, ndjson, table)");
    usage_fails("plot", "plot --format tiff", "unknown format 'tiff' (png, svg)");
    /* within 2 edits of png (two letters changed): offered, as any near name */
    usage_fails("plot", "plot --format pdf", "unknown format 'pdf'; did you mean 'png'?");
    usage_fails("export", "export --run 0 surface", "--run: '0' is not a run id");
    usage_fails("runs", "runs --limit 0", "--limit: '0' is not a whole number >= 1");
    usage_fails("sweep bundles", "sweep bundles --mechanisms pid-namespace,",
                "--mechanisms: an empty mechanism name in 'pid-namespace,'");
    /* -o '' is a bad command line on every command that writes files */
    usage_fails("export", "export surface -o ''", "-o: an empty file name");
    usage_fails("page", "page -o ''", "-o: an empty file name");
    usage_fails("plot", "plot -o ''", "-o: an empty directory name");
    /* a name repeated for a repeatable option or an operand list */
    usage_fails("run", "run --bundle strict --bundle strict", "bundle 'strict' is named twice");
    usage_fails("sweep bundles", "sweep bundles --channel system-call-tracing --channel system-call-tracing",
                "channel 'system-call-tracing' is named twice");
    usage_fails("lesson", "lesson M03/K05 M03/K05", "lesson 'M03/K05' is named twice");
    usage_fails("plot", "plot axes axes", "plot 'axes' is named twice");
    /* help and version open no database, yet take --db and --wait */
    assert_int_equal(cli("never.db", "version --wait 1"), 0);
    assert_int_equal(cli("never.db", "help runs --wait 1"), 0);
    char never[256];
    snprintf(never, sizeof never, "%s/never.db", dir);
    assert_int_equal(access(never, F_OK), -1);
    /* --wait takes units */
    assert_int_equal(cli("o.db", "runs --wait 1m"), 0);
    /* help CMD is CMD --help */
    assert_int_equal(cli("o.db", "help sweep bundles"), 0);
    assert_non_null(strstr(out_text, "usage: isolab sweep bundles"));
    assert_int_equal(cli("o.db", "help nosuch"), ISL_EUSAGE);
}

/* `isolab lesson` prints the lesson's block byte for byte, and a second
 * lesson keeps the first one's runs. */
/* Ctrl-C while a progress line is open on stderr: the 'interrupted' line
 * starts on a line of its own; with no open line, nothing before it. */
static void interrupted_text(int line_open, char *buf, size_t n)
{
    char ep[256];
    snprintf(ep, sizeof ep, "%s/sigerr", dir);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fe = open(ep, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        dup2(fe, 2);
        /* a background job's SIGINT is ignored, and isolab keeps it so */
        signal(SIGINT, SIG_DFL);
        /* one line, whether or not earlier tests wrote a file */
        isl_outfile_signals("isolab x: interrupted\n", "isolab x: interrupted\n");
        const char *progress = "\risolab: 10 of 20 rows";
        if (write(2, progress, strlen(progress)) < 0) _exit(1);
        isl_outfile_line_open(line_open);
        raise(SIGINT);
        _exit(1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 130);
    slurp(ep, buf, n);
}

static void test_interrupted_line(void **state)
{
    (void)state;
    char text[256];
    interrupted_text(1, text, sizeof text);
    assert_string_equal(text, "\risolab: 10 of 20 rows\nisolab x: interrupted\n");
    interrupted_text(0, text, sizeof text);
    assert_string_equal(text, "\risolab: 10 of 20 rows" "isolab x: interrupted\n");
}

static void test_lesson_identical_and_history(void **state)
{
    (void)state;
    static char expected[1 << 14];
    slurp("tests/expected/lesson.txt", expected, sizeof expected);
    assert_int_equal(cli("l.db", "lesson"), 0);
    assert_string_equal(out_text, expected);
    assert_int_equal(cli("l.db", "lesson"), 0);
    assert_string_equal(out_text, expected);
    assert_int_equal(cli("l.db", "report"), 0);
    assert_string_equal(out_text, expected);
    sqlite3 *h = open_db("l.db");
    assert_string_equal(row(h, "SELECT group_concat(kind, ',') FROM (SELECT kind FROM run ORDER BY id)"),
                        "run,samples,removal,addition,check,run,samples,removal,addition,check");
    /* the older runs stay complete and queryable by id */
    assert_string_equal(row(h, "SELECT count(*) FROM surface WHERE run_id = 1"), "6");
    assert_string_equal(row(h, "SELECT count(*) FROM fact_status WHERE run_id = 1"), "144");
    assert_string_equal(row(h, "SELECT count(*) FROM removal_sweep WHERE run_id = 3"), "25");
    assert_string_equal(row(h, "SELECT count(*) FROM addition_sweep WHERE run_id = 9"), "10");
    assert_string_equal(row(h, "SELECT count(*) FROM claim_result WHERE run_id = 5"), "43");
    sqlite3_close(h);
}

/* A different model (tests/models/alt): every figure below was worked out by
 * hand from the model's rules (docs/tutorial.md, 'The rules isolab computes'); see the comments in the seed files. */
static void test_alt_model(void **state)
{
    (void)state;
    assert_int_equal(cli("alt.db", "init --seeds tests/models/alt"), 0);
    assert_int_equal(cli("alt.db", "run"), 0);
    sqlite3 *h = open_db("alt.db");
#define ALT(b, c, want) assert_string_equal(row(h, SURF "AND bundle = '" b "' AND channel = '" c "'"), want)
    ALT("none", "seer", "5|0|5|3|220|NULL");
    ALT("one", "seer", "4|1|5|3|220|10.00");
    ALT("twothen", "seer", "3|2|5|3|220|5.00");
    ALT("reopen", "seer", "2|1|3|2|220|10.00");
    ALT("one", "blind", "4|0|4|3|200|NULL");
    ALT("twothen", "blind", "3|0|3|2|200|NULL");
    ALT("reopen", "blind", "2|0|2|2|200|NULL");
    assert_string_equal(row(h, "SELECT group_concat(status, ',') FROM (SELECT status FROM fact_status "
                               "WHERE bundle = 'reopen' AND channel = 'seer' ORDER BY position)"),
                        "left-open,returns,closed,closed,visible");
    sqlite3_close(h);

    assert_int_equal(cli("alt.db", "sweep removal --bundle reopen --channel seer"), 0);
    assert_int_equal(cli("alt.db", "sweep addition --bundle reopen --channel seer"), 0);
    assert_int_equal(cli("alt.db", "sweep samples --bundle reopen --channel blind"), 0);
    h = open_db("alt.db");
    assert_string_equal(row(h, "SELECT group_concat(coalesce(removed_fact, '-') || ':' || visible || '/' || returned || '/' "
                               "|| open_surface || '/' || open_axes, ' ') FROM (SELECT * FROM removal_sweep "
                               "ORDER BY position IS NOT NULL, position)"),
                        "-:2/1/3/2 f1:1/1/2/2 f2:2/0/2/2 f3:2/1/3/2 f4:2/1/3/2 f5:1/1/2/1");
    assert_string_equal(row(h, "SELECT group_concat(coalesce(axis, '-') || ':' || facts || '/' || open_surface, ' ') "
                               "FROM (SELECT * FROM addition_sweep ORDER BY axis IS NOT NULL, axis)"),
                        "-:5/3 a:6/3 b:6/3 c:6/4");
    assert_string_equal(row(h, "SELECT group_concat(samples || '/' || lines || '/' || returned || '/' || "
                               "coalesce(lines_per_fact, 'NULL'), ' ') FROM (SELECT * FROM sample_sweep ORDER BY samples)"),
                        "10/10/0/NULL 30/30/0/NULL");
    sqlite3_close(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_run_lesson_figures),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_option_tables),
        cmocka_unit_test(test_interrupted_line),
        cmocka_unit_test(test_lesson_identical_and_history),
        cmocka_unit_test(test_alt_model),
    };
    return cmocka_run_group_tests_name("commands", tests, setup, teardown);
}
