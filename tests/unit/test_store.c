/* cmocka suite: the store. Schema and seeds load into a temporary database
 * with the lesson's row counts; the model read back is the lesson's; bad
 * seed files are reported with file and line and leave nothing behind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/author.h"
#include "isolab/db.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/manage.h"
#include "isolab/model.h"
#include "isolab/reader.h"
#include "isolab/run.h"
#include "isolab/store.h"
#include "isolab/textout.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    return t_mkdtemp(dir, "store");
}

static int teardown(void **state)
{
    (void)state;
    return t_rmtree(dir);
}

static char *path(const char *name)
{
    static char buf[4][256];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static void write_file(const char *p, const char *text)
{
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static long long query_int(isl_store *s, const char *sql)
{
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(isl_store_db(s), sql, -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    long long v = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    return v;
}

/* One fact, one place: the table run_kinds holds kind.h's rows, one for
 * one, as isolab writes them (the C side enumerated against the SQL one), and every
 * table with a run_id column but run_param is one kind's result table. */
static void test_run_kinds(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("k.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("k.db"), &s, &err), ISL_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(isl_store_db(s), "SELECT kind_no, kind, result_tables, command, claims_read, "
                                        "scope FROM run_kinds ORDER BY kind_no", -1, &q, NULL), SQLITE_OK);
    int k = 0;
    for (; sqlite3_step(q) == SQLITE_ROW; k++) {
        assert_true(k < ISL_KIND_COUNT);
        assert_int_equal(sqlite3_column_int(q, 0), k);
        assert_string_equal((const char *)sqlite3_column_text(q, 1), isl_kind_names[k]);
        assert_string_equal((const char *)sqlite3_column_text(q, 2), isl_kinds[k].tables);
        assert_string_equal((const char *)sqlite3_column_text(q, 3), isl_kinds[k].command);
        assert_int_equal(sqlite3_column_int(q, 4), k < ISL_KIND_CLAIMED);
        assert_string_equal((const char *)sqlite3_column_text(q, 5), isl_kinds[k].scope);
        assert_int_equal(isl_kind_find(isl_kind_names[k]), k);
    }
    sqlite3_finalize(q);
    assert_int_equal(k, ISL_KIND_COUNT);
    assert_null(isl_kind_names[ISL_KIND_COUNT]);
    assert_int_equal(isl_kind_find("nope"), ISL_KIND_COUNT);
    /* every result table is one kind's (run_param, run_member, run_pair, run_scope are none) */
    assert_int_equal(query_int(s, "SELECT count(*) FROM sqlite_schema m JOIN pragma_table_info(m.name) c "
                                  "WHERE m.type = 'table' AND c.name = 'run_id' "
                                  "AND m.name NOT IN ('run_param', 'run_member', 'run_pair', 'run_scope') AND NOT "
                                  "EXISTS (SELECT 1 FROM run_kinds WHERE ',' || result_tables || ',' GLOB "
                                  "'*,' || m.name || ',*')"), 0);
    isl_store_close(s);
}

/* What /bin/sh prints for `printf %s TEXT`: the word TEXT reads back as;
 * malloc'd. */
static char *shell_reads(const char *text)
{
    isl_buf cmd = {NULL, 0, 0, 0};
    isl_buf_printf(&cmd, "printf %%s %s", text);
    assert_false(cmd.oom);
    FILE *p = popen(cmd.p, "r");
    assert_non_null(p);
    char *out = calloc(1, 4096);
    assert_non_null(out);
    size_t n = fread(out, 1, 4095, p);
    out[n] = '\0';
    assert_int_equal(pclose(p), 0);
    free(cmd.p);
    return out;
}

/* One quoting rule in C and SQL: for each hostile name (a what-if list's,
 * run_param 'members', which no name guard refuses), the view shell_word
 * quotes it as isl_buf_shell_word does, and a real shell reads it back. */
static void test_shell_word(void **state)
{
    (void)state;
    static const char *const words[] = {
        "", "strict", "a-Z_0.9/x:y=z@w%v+u,t", "-rf", "--bundle", "it's", "''", "'", "a b", "two\nlines",
        "tab\tcr\r", "$(touch pwned)", "`id`", "$HOME", "\"dq\"", "back\\slash", "*", "~root", "a;b|c&d>e",
        "x#y", "!1", "{a,b}", "[x]", "caf\xc3\xa9", "\xe2\x80\xae" "gpj.exe" "\xe2\x80\xac", "\xe2\x81\xa6x",
        "\xef\xbb\xbf", "\x1b[31m"};
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("w.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("w.db"), &s, &err), ISL_OK);
    sqlite3 *db = isl_store_db(s);
    assert_int_equal(sqlite3_exec(db, "INSERT INTO run(id, kind, started_at, status) VALUES (1, 'run', 'now', 'done')",
                                  NULL, NULL, NULL), SQLITE_OK);
    sqlite3_stmt *put, *get;
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT INTO run_param(run_id, key, value) VALUES (1, 'members', ?1)",
                                        -1, &put, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT quoted FROM shell_word WHERE word = ?1", -1, &get, NULL),
                     SQLITE_OK);
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        sqlite3_bind_text(put, 1, words[i], -1, SQLITE_STATIC);
        assert_int_equal(sqlite3_step(put), SQLITE_DONE);
        sqlite3_reset(put);
        sqlite3_bind_text(get, 1, words[i], -1, SQLITE_STATIC);
        isl_buf c = {NULL, 0, 0, 0};
        isl_buf_shell_word(&c, words[i]);
        int rows = 0; /* a bundle's name is there twice ("strict") */
        for (; sqlite3_step(get) == SQLITE_ROW; rows++) assert_string_equal(sqlite3_column_text(get, 0), c.p);
        assert_true(rows > 0);
        sqlite3_reset(get);
        char *back = shell_reads(c.p);
        assert_string_equal(back, words[i]);
        /* quoted exactly when some byte is not one of the plain ones */
        assert_int_equal(c.p[0] == '\'', !words[i][0] || strspn(words[i], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
                                                                     "OPQRSTUVWXYZ0123456789_./:=@%+,-") < strlen(words[i]));
        free(back);
        free(c.p);
    }
    sqlite3_finalize(put);
    sqlite3_finalize(get);
    isl_store_close(s);
}

static void test_create_counts(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("a.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("a.db"), &s, &err), ISL_OK);
    static const struct { const char *table; long long n; } counts[] = {
        {"axis", 9}, {"fact", 24}, {"mechanism", 8}, {"mechanism_axis", 8}, {"left_open", 6},
        {"bundle", 3}, {"bundle_member", 14}, {"channel", 2}, {"channel_fact", 8}, {"sample_count", 4},
        {"run", 0},
    };
    char sql[128];
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", counts[i].table);
        assert_int_equal(query_int(s, sql), counts[i].n);
    }
    assert_int_equal(query_int(s, "SELECT count(*) FROM bundle_member WHERE bundle = 'plain'"), 0);
    assert_int_equal(query_int(s, "SELECT value FROM setting WHERE key = 'baseline_time'"), 1000);
    assert_int_equal(query_int(s, "PRAGMA user_version"), ISL_SCHEMA_VERSION);
    assert_int_equal(query_int(s, "PRAGMA foreign_keys"), 1);
    assert_int_equal(query_int(s, "SELECT count(*) FROM sqlite_schema WHERE type = 'view' AND name = 'lesson_report'"), 1);
    /* refuses to overwrite without force */
    assert_int_equal(isl_store_create(path("a.db"), NULL, 0, &err), ISL_EINPUT);
    assert_non_null(strstr(err.msg, "already exists"));
    isl_store_close(s);
}

/* Every table of a new database is a model table (isl_model_tables), a
 * result table (a run_id column) or one of isolab's own below: a table added
 * to the schema fails here until it is placed. A model table is in each
 * place its flags name and in no other: the change triggers, the name guard,
 * the reader's foreign-key check, lesson_brings' kinds; one with a lesson
 * column is unloaded. */
static void test_model_tables(void **state)
{
    (void)state;
    static const char *const own[] = {"claim_measure_sql", "course_scope", "isolab_object", "lesson_brings",
                                      "lesson_source", "model_pair", "model_record", "model_scope", "model_state",
                                      "probe_measurable", "run", "run_kinds", "run_retired", "run_written",
                                      "schema_version", "seed_origin"};
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("mt.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("mt.db"), &s, &err), ISL_OK);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(isl_store_db(s), "SELECT m.name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) p "
                                        "WHERE p.name = 'run_id') FROM sqlite_schema m WHERE type = 'table'", -1, &q, NULL),
                     SQLITE_OK);
    int digested = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        const char *name = (const char *)sqlite3_column_text(q, 0);
        int placed = sqlite3_column_int(q, 1);
        for (size_t i = 0; i < sizeof own / sizeof *own; i++) placed += !strcmp(name, own[i]);
        const isl_model_table *t = isl_model_tables;
        while (t->name && strcmp(t->name, name)) t++;
        if (placed == !!t->name) fail_msg("table %s: %s", name, placed ? "a model table, and a result or isolab's own"
                                                                       : "in no list of test_model_tables");
        if (!t->name) continue;
        char sql[300];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name IN "
                 "('model_changed_%s_i', 'model_changed_%s_u', 'model_changed_%s_d')", name, name, name);
        assert_int_equal(query_int(s, sql), t->flags & ISL_MT_DIGEST ? 3 : 0);
        digested += t->flags & ISL_MT_DIGEST ? 3 : 0;
        snprintf(sql, sizeof sql, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = '%s' "
                 "AND name = 'isolab_name_%s'", name, name);
        assert_int_equal(query_int(s, sql), !!t->named);
        snprintf(sql, sizeof sql, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = '%s' "
                 "AND name IN ('isolab_title_%s', 'isolab_title_%s_update')", name, name, name);
        assert_int_equal(query_int(s, sql), t->titled ? 2 : 0);
        snprintf(sql, sizeof sql, "SELECT count(*) > 0 FROM pragma_foreign_key_list('%s')", name);
        assert_int_equal(query_int(s, sql), !!(t->flags & ISL_MT_REFERS));
        snprintf(sql, sizeof sql, "SELECT count(*) FROM pragma_table_info('%s') WHERE name = 'lesson'", name);
        if (query_int(s, sql)) assert_non_null(t->unload);
        snprintf(sql, sizeof sql, "SELECT instr(sql, '''%s''') > 0 FROM sqlite_schema WHERE name = 'lesson_brings'", name);
        assert_int_equal(query_int(s, sql), !!(t->flags & ISL_MT_BROUGHT));
    }
    assert_int_equal(sqlite3_finalize(q), SQLITE_OK);
    assert_int_equal(query_int(s, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'model\\_changed\\_%' "
                                  "ESCAPE '\\'"), digested);
    isl_store_close(s);
}

/* A model table gets its triggers from its row alone (isl_model_table_sql),
 * its names quoted: a table and a column named with a quote, a double quote
 * and a space; run twice, as every migration runs it again. Expected: the
 * seven names and the message as schema/009, 010 and 020 spelt them by hand. */
static void test_model_table_sql(void **state)
{
    (void)state;
    static const isl_model_table odd[] = {{"it's \"odd\"", ISL_MT_DIGEST, "the name", "a title", NULL},
                                           {NULL, 0, NULL, NULL, NULL}};
    sqlite3 *db;
    assert_int_equal(sqlite3_open(":memory:", &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TABLE model_state(id INTEGER PRIMARY KEY, digest TEXT); INSERT INTO "
                                  "model_state VALUES (1, 'd'); CREATE TABLE \"it's \"\"odd\"\"\" (\"the name\" TEXT, "
                                  "\"a title\" TEXT)",
                                  NULL, NULL, NULL), SQLITE_OK);
    char *sql = isl_model_table_sql(odd);
    assert_non_null(sql);
    for (int i = 0; i < 2; i++) assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_free(sql);
    static const char *const steps[][2] = {
        {"SELECT group_concat(name, '|') FROM (SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name)",
         "isolab_name_it's \"odd\"|isolab_name_it's \"odd\"_update|isolab_title_it's \"odd\"|"
         "isolab_title_it's \"odd\"_update|model_changed_it's \"odd\"_d|"
         "model_changed_it's \"odd\"_i|model_changed_it's \"odd\"_u"},
        {"INSERT INTO \"it's \"\"odd\"\"\" VALUES ('fine', 't'); SELECT digest IS NULL FROM model_state", "1"},
        {"UPDATE model_state SET digest = 'd'; UPDATE \"it's \"\"odd\"\"\" SET \"the name\" = 'ok'; "
         "SELECT digest IS NULL FROM model_state", "1"},
        {"UPDATE model_state SET digest = 'd'; DELETE FROM \"it's \"\"odd\"\"\"; SELECT digest IS NULL FROM model_state",
         "1"},
        {"INSERT INTO \"it's \"\"odd\"\"\" VALUES ('a' || char(27), 't')",
         "it's \"odd\".the name holds a NUL byte or a control character"},
        {"INSERT INTO \"it's \"\"odd\"\"\" VALUES ('a', 't' || char(7))",
         "it's \"odd\".a title holds a NUL byte or a control character"},
        {"INSERT INTO \"it's \"\"odd\"\"\" VALUES ('fine', 't'); UPDATE \"it's \"\"odd\"\"\" SET \"the name\" = "
         "CAST(x'610062' AS TEXT)", "it's \"odd\".the name holds a NUL byte or a control character"},
        {"UPDATE \"it's \"\"odd\"\"\" SET \"a title\" = 'x' || char(127)",
         "it's \"odd\".a title holds a NUL byte or a control character"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof *steps; i++) {
        char *got = NULL, *msg = NULL;
        const char *tail = steps[i][0];
        sqlite3_stmt *q;
        while (!msg && *tail && sqlite3_prepare_v2(db, tail, -1, &q, &tail) == SQLITE_OK && q) {
            if (sqlite3_step(q) == SQLITE_ROW) got = sqlite3_mprintf("%s", sqlite3_column_text(q, 0));
            if (sqlite3_finalize(q) != SQLITE_OK) msg = sqlite3_mprintf("%s", sqlite3_errmsg(db));
        }
        assert_string_equal(msg ? msg : got ? got : "", steps[i][1]);
        sqlite3_free(got);
        sqlite3_free(msg);
    }
    sqlite3_close(db);
}

/* The seeded model is the lesson's, as typed in testutil.h from the lesson. */
static void test_model_is_lessons(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    isl_model *m;
    assert_int_equal(isl_store_create(path("b.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("b.db"), &s, &err), ISL_OK);
    assert_int_equal(isl_store_read_model(s, &m, &err), ISL_OK);
    isl_model *want = t_lesson_model();
    assert_int_equal(m->nfacts, 24);
    for (size_t f = 0; f < 24; f++) {
        assert_string_equal(m->fact_name[f], want->fact_name[f]);
        assert_string_equal(m->axis_name[m->fact_axis[f]], want->axis_name[want->fact_axis[f]]);
    }
    for (size_t b = 0; b < want->nbundles; b++) {
        size_t mb = isl_model_find_bundle(m, want->bundle[b].name);
        assert_int_not_equal(mb, ISL_NONE);
        assert_int_equal(m->bundle[mb].n, want->bundle[b].n);
        for (size_t k = 0; k < want->bundle[b].n; k++)
            assert_string_equal(m->mech[m->bundle[mb].members[k]].name, want->mech[want->bundle[b].members[k]].name);
    }
    for (size_t c = 0; c < want->nchannels; c++) {
        size_t mc = isl_model_find_channel(m, want->channel[c].name);
        assert_int_not_equal(mc, ISL_NONE);
        assert_float_equal(m->channel[mc].cost_pct, want->channel[c].cost_pct, 0);
        assert_true(!memcmp(m->channel[mc].shows, want->channel[c].shows, m->words * 8));
    }
    for (size_t d = 0; d < want->nmech; d++) {
        size_t md = isl_model_find_mechanism(m, want->mech[d].name);
        assert_true(!memcmp(m->mech[md].closes, want->mech[d].closes, m->words * 8));
        assert_true(!memcmp(m->mech[md].reopens, want->mech[d].reopens, m->words * 8));
    }
    assert_int_equal(m->baseline_time, 1000);
    assert_int_equal(m->nsamples, 4);
    isl_model_free(want);
    isl_model_free(m);
    isl_store_close(s);
}

static void exec_ok(isl_store *s, const char *sql)
{
    assert_int_equal(sqlite3_exec(isl_store_db(s), sql, NULL, NULL, NULL), SQLITE_OK);
}

/* Facts are numbered by position rank, not by position: with gaps between
 * positions, every left-open fact and channel fact still lands on the same
 * fact. */
static void test_model_positions_with_gaps(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    isl_model *m;
    assert_int_equal(isl_store_create(path("g.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("g.db"), &s, &err), ISL_OK);
    exec_ok(s, "UPDATE fact SET position = position + 1000; UPDATE fact SET position = (position - 1000) * 10 + 5");
    assert_int_equal(isl_store_read_model(s, &m, &err), ISL_OK);
    isl_model *want = t_lesson_model();
    assert_int_equal(m->nfacts, want->nfacts);
    for (size_t f = 0; f < want->nfacts; f++) assert_string_equal(m->fact_name[f], want->fact_name[f]);
    for (size_t d = 0; d < want->nmech; d++) {
        size_t md = isl_model_find_mechanism(m, want->mech[d].name);
        assert_true(!memcmp(m->mech[md].reopens, want->mech[d].reopens, m->words * 8));
    }
    for (size_t c = 0; c < want->nchannels; c++) {
        size_t mc = isl_model_find_channel(m, want->channel[c].name);
        assert_true(!memcmp(m->channel[mc].shows, want->channel[c].shows, m->words * 8));
    }
    isl_model_free(want);
    isl_model_free(m);
    isl_store_close(s);
}

/* A name the schema's triggers now refuse, written before they existed
 * (here: with them dropped), is refused when the model is read, naming
 * the table, the name shown escaped, and what it holds. */
static void test_bad_names_read(void **state)
{
    (void)state;
    static const struct {
        const char *sql, *msg;
    } cases[] = {
        {"DROP TRIGGER isolab_name_mechanism; INSERT INTO mechanism(name) VALUES ('m' || char(27) || '[2J')",
         "mechanism name 'm\\033[2J' holds a control character"},
        {"DROP TRIGGER isolab_name_axis; INSERT INTO axis(name) VALUES (CAST(x'610062' AS TEXT))",
         "axis name 'a' holds a NUL byte" /* shown up to the NUL */},
        {"DROP TRIGGER isolab_name_lesson; INSERT INTO lesson(code) VALUES ('L' || char(13))",
         "lesson name 'L\\r' holds a control character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        isl_error err;
        isl_store *s;
        isl_model *m = NULL;
        char name[32];
        snprintf(name, sizeof name, "n%zu.db", i);
        assert_int_equal(isl_store_create(path(name), NULL, 0, &err), ISL_OK);
        assert_int_equal(isl_store_open(path(name), &s, &err), ISL_OK);
        exec_ok(s, cases[i].sql);
        assert_int_equal(isl_store_read_model(s, &m, &err), ISL_EINPUT);
        assert_null(m);
        assert_string_equal(err.msg, cases[i].msg);
        isl_store_close(s);
    }
}

/* A bad seed line is reported with its file and line; no database appears. */
static void test_bad_seed_reported(void **state)
{
    (void)state;
    isl_error err;
    char seeds[256];
    snprintf(seeds, sizeof seeds, "%s", path("bad"));
    assert_int_equal(mkdir(seeds, 0700), 0);
    write_file(path("bad/001_ok.sql"), "INSERT INTO axis(name) VALUES ('x');\n");
    write_file(path("bad/002_bad.sql"),
               "-- a comment\n"
               "INSERT INTO fact(position, name, axis)\n"
               "  VALUES (1, 'f', 'x');\n"
               "INSERT INTO fact(position, name, axis) VALUES\n"
               "  (2, 'g', 'nowhere');\n");
    assert_int_equal(isl_store_create(path("c.db"), seeds, 0, &err), ISL_EINPUT);
    char want[512];
    /* the line of the row holding the value, not of the statement */
    snprintf(want, sizeof want, "%s/002_bad.sql:5: fact.axis = 'nowhere' has no match in axis(name) (axes: x)", seeds);
    assert_string_equal(err.msg, want);
    assert_int_not_equal(access(path("c.db"), F_OK), 0);

    write_file(path("bad/002_bad.sql"), "INSERT INTO fact(position, name, axis)\n  VALUES (1, 'f', 'x');\nINSERT INTO\n  fact VALUS (2);\n");
    assert_int_equal(isl_store_create(path("c.db"), seeds, 0, &err), ISL_EINPUT);
    snprintf(want, sizeof want, "%s/002_bad.sql:4: near \"VALUS\": syntax error (near \"VALUS (2);\")", seeds);
    assert_string_equal(err.msg, want);
    assert_int_not_equal(access(path("c.db"), F_OK), 0);
}

/* load applies all files or none. */
static void test_load_atomic(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("d.db"), NULL, 0, &err), ISL_OK);
    write_file(path("good.sql"), "INSERT INTO axis(name) VALUES ('extra');\n");
    write_file(path("dup.sql"), "\n\nINSERT INTO axis(name) VALUES ('kernel');\n");
    assert_int_equal(isl_store_open(path("d.db"), &s, &err), ISL_OK);
    const char *files[2] = {path("good.sql"), path("dup.sql")};
    assert_int_equal(isl_store_load(s, files, 2, 0, &err), ISL_EINPUT);
    assert_non_null(strstr(err.msg, "dup.sql:3: axis.name = 'kernel': UNIQUE constraint failed: axis.name"));
    assert_int_equal(query_int(s, "SELECT count(*) FROM axis"), 9);
    assert_int_equal(isl_store_load(s, files, 1, 0, &err), ISL_OK);
    assert_int_equal(query_int(s, "SELECT count(*) FROM axis"), 10);
    isl_store_close(s);
}

static void test_open_errors(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_open(path("missing.db"), &s, &err), ISL_EDB);
    assert_non_null(strstr(err.msg, "no such database"));
    write_file(path("text.db"), "this is not a database, just some text that is long enough to matter\n");
    assert_int_equal(isl_store_open(path("text.db"), &s, &err), ISL_EDB);
    assert_non_null(strstr(err.msg, "not a database"));
}

/* isl_read_triggers reads every schema of the connection: a TEMP trigger on
 * an isolab table (no file carries one; a connection may) is refused,
 * named with its schema in the DROP TRIGGER; one on a TEMP table of the
 * connection's own is not isolab's business; isolab's own pass. */
static void test_temp_trigger(void **state)
{
    (void)state;
    isl_error err;
    sqlite3 *db = NULL;
    assert_int_equal(isl_store_create(path("tt.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(sqlite3_open(path("tt.db"), &db), SQLITE_OK);
    assert_int_equal(isl_read_triggers(db, "tt.db", &err), ISL_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TEMP TABLE mine(x); CREATE TEMP TRIGGER ok_t AFTER INSERT ON mine "
                                      "BEGIN SELECT 1; END", NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(isl_read_triggers(db, "tt.db", &err), ISL_OK);
    assert_int_equal(sqlite3_exec(db, "CREATE TEMP TRIGGER t1 AFTER INSERT ON main.surface BEGIN DELETE FROM "
                                      "run; END", NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(isl_read_triggers(db, "tt.db", &err), ISL_EDB);
    assert_non_null(strstr(err.msg, "trigger 't1' on isolab's table 'surface'"));
    assert_non_null(strstr(err.msg, "DROP TRIGGER \"temp\".\"t1\";"));
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

/* A writer whose database was replaced at its path (init --force) while it
 * wrote commits nothing: its rows would be in a file nobody reads. */
static void test_replaced_before_commit(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    isl_model *m = NULL;
    int64_t run_id = 0;
    assert_int_equal(isl_store_create(path("r.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_create(path("r2.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("r.db"), &s, &err), ISL_OK);
    assert_int_equal(isl_store_read_model(s, &m, &err), ISL_OK);
    assert_int_equal(isl_store_begin_run(s, ISL_KIND_RUN, "test", m, &run_id, &err), ISL_OK);
    /* what init --force does: a new file renamed onto the path */
    assert_int_equal(rename(path("r2.db"), path("r.db")), 0);
    assert_int_equal(isl_store_end_run(s, ISL_OK, &err), ISL_EDB);
    assert_non_null(strstr(err.msg, "the database was replaced or removed while this command ran"));
    assert_int_equal(query_int(s, "SELECT count(*) FROM run"), 0); /* the old file: rolled back */
    isl_store_close(s);
    assert_int_equal(isl_store_open(path("r.db"), &s, &err), ISL_OK);
    assert_int_equal(query_int(s, "SELECT count(*) FROM run"), 0); /* the new file: untouched */
    isl_store_close(s);
    isl_model_free(m);
}

/* The rows of an export, "a|b|c" a line, the header first. */
static isl_status collect(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    char *b = ctx;
    for (size_t i = 0; i < ncols; i++) {
        const char *v = row ? (row[i].text ? row[i].text : "NULL") : names[i];
        strncat(b, i ? "|" : "", 4095 - strlen(b));
        strncat(b, v, 4095 - strlen(b));
    }
    strncat(b, "\n", 4095 - strlen(b));
    return ISL_OK;
}

/* One statement read again and again (isl_store_export_open, as a page
 * reads each lesson's rows): a read after the schema changed (the focus's
 * TEMP views) gives the rows and column names a new statement gives, and
 * those of the data as it is then. */
static void test_export_read_again(void **state)
{
    (void)state;
    isl_error err;
    isl_store *s;
    assert_int_equal(isl_store_create(path("x.db"), NULL, 0, &err), ISL_OK);
    assert_int_equal(isl_store_open(path("x.db"), &s, &err), ISL_OK);
    isl_export *x;
    static char first[4096], again[4096], plain[4096];
    assert_int_equal(isl_store_export_open(s, "current_focus", 0, 0, 0, &x, &err), ISL_OK);
    assert_int_equal(isl_store_export_read(x, NULL, collect, first, &err), ISL_OK);
    assert_string_equal(first, "lesson|bundle|channel\nM03/K05|strict|sampling-profile\n");
    /* the lesson's focus, from lesson_focus itself */
    assert_int_equal(isl_store_focus(s, "M03/K04", NULL, NULL, &err), ISL_OK);
    static char want[4096];
    assert_int_equal(isl_store_export_sql(s, "SELECT lesson, bundle, channel FROM lesson_focus WHERE lesson = 'M03/K04'",
                                          collect, want, &err), ISL_OK);
    assert_int_equal(isl_store_export_read(x, NULL, collect, again, &err), ISL_OK);
    assert_string_equal(again, want);
    assert_int_equal(isl_store_export(s, "current_focus", 0, 0, collect, plain, &err), ISL_OK);
    assert_string_equal(plain, want);
    isl_store_export_close(x);
    /* a lesson-keyed read binds each lesson in turn */
    static char k4[4096], k5[4096], k4p[4096], k5p[4096];
    assert_int_equal(isl_store_export_open(s, "lesson_channel", 0, 0, 1, &x, &err), ISL_OK);
    assert_int_equal(isl_store_export_read(x, "M03/K04", collect, k4, &err), ISL_OK);
    assert_int_equal(isl_store_export_read(x, "M03/K05", collect, k5, &err), ISL_OK);
    isl_store_export_close(x);
    assert_int_equal(isl_store_export_lesson(s, "lesson_channel", "M03/K04", collect, k4p, &err), ISL_OK);
    assert_int_equal(isl_store_export_lesson(s, "lesson_channel", "M03/K05", collect, k5p, &err), ISL_OK);
    assert_string_equal(k4, k4p);
    assert_string_equal(k5, k5p);
    assert_non_null(strstr(k4, "|M03/K04|System Call Tracing|system-call-tracing|"));
    assert_null(strstr(k4, "|M03/K05|"));
    isl_store_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_kinds),
        cmocka_unit_test(test_shell_word),
        cmocka_unit_test(test_create_counts),
        cmocka_unit_test(test_model_is_lessons),
        cmocka_unit_test(test_model_positions_with_gaps),
        cmocka_unit_test(test_bad_names_read),
        cmocka_unit_test(test_model_tables),
        cmocka_unit_test(test_model_table_sql),
        cmocka_unit_test(test_bad_seed_reported),
        cmocka_unit_test(test_load_atomic),
        cmocka_unit_test(test_open_errors),
        cmocka_unit_test(test_temp_trigger),
        cmocka_unit_test(test_replaced_before_commit),
        cmocka_unit_test(test_export_read_again),
    };
    return cmocka_run_group_tests_name("store", tests, setup, teardown);
}
