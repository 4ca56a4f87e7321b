/* isolab's engine for the page (isolab-sql.wasm, `make wasm`): SQLite and the
 * extension's own sources (src/ext, the core, src/base: base.c, guard.c,
 * read.c) compiled into one WebAssembly module with Debian's
 * emscripten; the page's script (src/wasm/lab.js, in a Web Worker) calls the
 * isl_wasm_* functions. Not part of isolab or isolab.so: the Makefile builds
 * it with emcc only.
 *
 * One connection, to an in-memory copy of the database the page carries. A
 * result is text the script parses with JSON.parse: on success
 *   {"wrote": N, "columns": [NAMES], "keys": [KEYS], "types": [TYPES], "rows": ROWS}
 * where N counts the statements run that could write, KEYS are the rows'
 * keys (isl_json_keys: NAMES made unique), TYPES holds a string per row, a
 * letter per column (i integer, r real, t text, b blob, n null), and ROWS
 * is, byte for byte, what `isolab export --format json` writes for the same
 * rows (isl_json_keys, isl_buf_json_object); after isl_wasm_label, also
 * "heads" and "shown" before "rows" (each column's label and unit, each
 * cell as the page's tables show it: the command line's rules, so the
 * script computes none); "statement" before "columns" when the rows are
 * those of the one statement run and it reads only: that statement as one
 * word for a POSIX shell, so that `isolab export --format json --sql` with
 * it writes ROWS again; on failure {"wrote": N,
 * "error": MESSAGE} with SQLite's message or the limit that ended it. */
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "isolab/base.h"
#include "isolab/ext.h"
#include "isolab/guard.h"
#include "isolab/reader.h"
#include "isolab/surface.h"
#include "isolab/textout.h"

/* The page has no files: SQLite is built with SQLITE_OS_OTHER and this VFS
 * of its own as the default, under the in-memory one the database is
 * deserialized into (temp_store is memory, so SQLite opens no temporary
 * file either). It gives SQLite the clock ('now'), randomness (random())
 * and refuses to open a file, so no file system is linked in. */
int getentropy(void *buffer, size_t n);
static int vfs_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)v, (void)name, (void)f, (void)flags, (void)out;
    return SQLITE_CANTOPEN;
}
static int vfs_delete(sqlite3_vfs *v, const char *name, int sync)
{
    (void)v, (void)name, (void)sync;
    return SQLITE_IOERR_DELETE;
}
static int vfs_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    (void)v, (void)name, (void)flags;
    *out = 0;
    return SQLITE_OK;
}
static int vfs_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out)
{
    (void)v;
    sqlite3_snprintf(n, out, "%s", name);
    return SQLITE_OK;
}
/* n random bytes from the browser's crypto.getRandomValues (getentropy), or
 * the clock if that fails, as SQLite's unix VFS falls back to. */
static int vfs_randomness(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    memset(out, 0, (size_t)n);
    for (int i = 0; i < n; i += 256)
        if (getentropy(out + i, (size_t)(n - i < 256 ? n - i : 256))) {
            struct timeval t;
            gettimeofday(&t, NULL);
            memcpy(out, &t, (size_t)n < sizeof t ? (size_t)n : sizeof t);
            break;
        }
    return n;
}
static int vfs_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return us;
}
/* The time as SQLite's unix VFS gives it: milliseconds since the Julian epoch. */
static int vfs_time64(sqlite3_vfs *v, sqlite3_int64 *now)
{
    (void)v;
    struct timeval t;
    gettimeofday(&t, NULL);
    *now = 24405875 * (sqlite3_int64)8640000 + 1000 * (sqlite3_int64)t.tv_sec + t.tv_usec / 1000;
    return SQLITE_OK;
}
/* No xCurrentTime nor xGetLastError: SQLite calls the first only for a
 * version 1 VFS (this is 2: xCurrentTimeInt64), the second only when given. */
static sqlite3_vfs page_vfs = {
    2, 0, 512, NULL, "page", NULL, vfs_open, vfs_delete, vfs_access, vfs_full_pathname, NULL, NULL, NULL, NULL,
    vfs_randomness, vfs_sleep, NULL, NULL, vfs_time64, NULL, NULL, NULL,
};
int sqlite3_os_init(void) { return sqlite3_vfs_register(&page_vfs, 1); }
int sqlite3_os_end(void) { return SQLITE_OK; }

static sqlite3 *db;
static isl_buf out;            /* the last result; the script reads it before the next call */
static long long budget, used; /* progress callbacks this query may take, and has taken */

/* SQLite's progress callback: nonzero stops the statement (SQLITE_INTERRUPT). */
static int progress(void *ctx)
{
    (void)ctx;
    return ++used > budget;
}

static const char *error(const char *msg)
{
    out.n = 0, out.oom = 0;
    isl_buf_put(&out, "{\"error\": ", 10);
    isl_buf_json_string(&out, msg, strlen(msg));
    isl_buf_put(&out, "}", 1);
    return out.oom ? "{\"error\": \"out of memory\"}" : out.p;
}

static isl_error refused; /* why the last open refused the database, for isl_wasm_query */

/* Opens the n bytes at p (malloc'd; freed here, the connection holding a
 * copy) as the database, closing the one open before: 0, SQLite's result
 * code, or -1 when the database is refused as the store's open refuses it (a
 * trigger on isolab's tables that is not isolab's own, isl_read_triggers):
 * isl_wasm_query then answers with the reason. A database in WAL mode is
 * read as one in rollback mode (header bytes 18-19: 1), or SQLite could
 * not open it from memory. No value may be longer than the command line
 * lets a seed make one (ISL_STATEMENT_MAX, as script.c confines a seed), nor
 * any SQL text; a printf() past that fails at once, saying so (guard.c). */
int isl_wasm_open(unsigned char *p, int n)
{
    if (db) sqlite3_close(db), db = NULL;
    refused.msg[0] = '\0';
    /* SQLite frees what it was given with sqlite3_free: its own copy */
    unsigned char *own = n > 0 ? sqlite3_malloc(n) : NULL;
    if (own) memcpy(own, p, (size_t)n);
    free(p);
    if (!own) return SQLITE_NOMEM;
    if (n >= 20 && own[18] == 2 && own[19] == 2) own[18] = own[19] = 1;
    int rc = sqlite3_open(":memory:", &db);
    if (rc == SQLITE_OK)
        rc = sqlite3_deserialize(db, "main", own, n, n, SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    else sqlite3_free(own);
    if (rc == SQLITE_OK) rc = isl_ext_register(db);
    if (rc == SQLITE_OK) rc = sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)0);
    if (rc == SQLITE_OK && isl_read_triggers(db, "the page's database", &refused)) {
        sqlite3_close(db), db = NULL;
        return -1;
    }
    if (rc == SQLITE_OK) rc = isl_guard_printf(db, 1);
    if (rc == SQLITE_OK) {
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, ISL_STATEMENT_MAX);
        sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, ISL_STATEMENT_MAX);
        sqlite3_progress_handler(db, 1000, progress, NULL);
    }
    return rc;
}

/* The longest answer (its JSON, bytes) a query may give; put_rows' result
 * code when its answer would be longer. */
#define ANSWER_MAX (64 << 20)
#define ANSWER_FULL (-1)

/* The message for a statement that failed with rc: which limit ended it, or
 * SQLite's own. */
static const char *failure(int rc, char *msg, size_t n)
{
    if (rc == ANSWER_FULL)
        snprintf(msg, n, "the answer went past %d MB and the query was stopped: ask for fewer rows or columns",
                 ANSWER_MAX >> 20);
    else if (rc == SQLITE_INTERRUPT)
        snprintf(msg, n, "the query went past its work budget (%lld %s steps) and was stopped",
                 budget % 1000 ? budget : budget / 1000, budget % 1000 ? "thousand" : "million");
    else if (rc == SQLITE_TOOBIG)
        snprintf(msg, n, "a value went past the page's length limit (%d bytes, as isolab limits a value a seed makes) "
                 "and the query was stopped: %s", ISL_STATEMENT_MAX, sqlite3_errmsg(db));
    else snprintf(msg, n, "%s", rc == SQLITE_ROW ? "out of memory" : sqlite3_errmsg(db));
    return msg;
}

/* The labels that head the results (isl_wasm_label): column_label's rows,
 * for the object `object` (NULL: the '*' rows alone); none until asked.
 * words: a status shown in the lesson tables' words (put_shown). */
static isl_labels labels;
static char *object;
static int labelled, words;

/* Heads the results from here on by the label rule of every isolab table
 * (isl_labels_find over column_label, as read now) for object's columns
 * (NULL or "": the labels of any object, '*'): each result gains "heads" and
 * "shown" (put_rows); when as_words is 1, a fact's status as stored
 * ("returns", "left-open") in a column named status or status_... is shown
 * in the lesson tables' words (isl_fact_state_word: "RETURNS", "left
 * open"), the rows keeping the stored word. A database without
 * column_label heads nothing. 0, or SQLITE_NOMEM. */
int isl_wasm_label(const char *of, int as_words)
{
    for (size_t i = 0; i < labels.n; i++)
        free(labels.v[i].object), free(labels.v[i].column), free(labels.v[i].label), free(labels.v[i].unit);
    free(labels.v), free(object);
    labels = (isl_labels){NULL, 0, 0}, object = NULL, labelled = 1, words = as_words;
    if (of && *of && !(object = strdup(of))) return SQLITE_NOMEM;
    sqlite3_stmt *q = NULL;
    long long save = budget;
    budget = 1LL << 60; /* column_label's rows: no budget */
    int rc = db ? sqlite3_prepare_v2(db, "SELECT object, \"column\", label, unit, digits FROM column_label", -1, &q, NULL)
                : SQLITE_ERROR;
    while (rc == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        isl_label *x = isl_grow(&labels.v, &labels.cap, labels.n, sizeof *x);
        if (!x) return sqlite3_finalize(q), budget = save, SQLITE_NOMEM;
        const char *t[4];
        for (int i = 0; i < 4; i++) t[i] = (const char *)sqlite3_column_text(q, i);
        *x = (isl_label){t[0] ? strdup(t[0]) : NULL, t[1] ? strdup(t[1]) : NULL, t[2] ? strdup(t[2]) : NULL,
                         t[3] ? strdup(t[3]) : NULL,
                         sqlite3_column_type(q, 4) == SQLITE_INTEGER ? sqlite3_column_int(q, 4) : -1};
        labels.n++;
        if (!x->object || !x->column || !x->label) { /* a row without them labels nothing */
            free(x->object), free(x->column), free(x->label), free(x->unit);
            labels.n--;
        }
    }
    sqlite3_finalize(q);
    budget = save;
    return SQLITE_OK;
}

/* 1 when a text of column name is a status shown in the lesson tables'
 * words (isl_wasm_label's as_words): the column status or status_... */
static int status_column(const char *name)
{
    return words && (!strcmp(name, "status") || !strncmp(name, "status_", 7));
}

/* Appends each cell of row (nc cells) as the page's tables show it, with
 * the command line's rules: an integer as it is, a real by isl_buf_number to
 * its label's digits, a text as it is, but a status word as stored in a
 * status column (status[i]) in the lesson tables' word; NULL and a blob as
 * null. */
static void put_shown(isl_buf *b, size_t nc, const isl_cell *row, const isl_label *const *col, const char *status)
{
    isl_buf_put(b, "[", 1);
    for (size_t i = 0; i < nc; i++) {
        if (i) isl_buf_put(b, ", ", 2);
        const isl_cell *c = &row[i];
        if (c->type != ISL_CELL_INTEGER && c->type != ISL_CELL_FLOAT && c->type != ISL_CELL_TEXT) {
            isl_buf_put(b, "null", 4);
            continue;
        }
        isl_buf t = {NULL, 0, 0, 0};
        isl_fact_state st = status[i] && c->type == ISL_CELL_TEXT && c->text && strlen(c->text) == c->len
                                ? isl_fact_state_of(c->text) : ISL_FACT_ABSENT;
        if (st != ISL_FACT_ABSENT && strcmp(c->text, isl_fact_state_name(st))) st = ISL_FACT_ABSENT; /* stored only */
        if (c->type == ISL_CELL_FLOAT) isl_buf_number(&t, c->real, col[i] ? col[i]->digits : -1);
        else if (st != ISL_FACT_ABSENT) isl_buf_put(&t, isl_fact_state_word(st), strlen(isl_fact_state_word(st)));
        else isl_buf_put(&t, c->text, c->len);
        isl_buf_json_string(b, t.p ? t.p : "", t.n);
        b->oom |= t.oom;
        free(t.p);
    }
    isl_buf_put(b, "]", 1);
}

/* Appends the rows of q, stepped to the end, to b as the result's
 * "columns", "keys", "types" and "rows" members (after isl_wasm_label,
 * "heads" too, each column's [label, unit] by the label rule, and
 * "shown", each row's cells as put_shown writes them); SQLite's last result code
 * (SQLITE_DONE when every row was read), or ANSWER_FULL when they would
 * take more than ANSWER_MAX bytes. */
static int put_rows(isl_buf *b, sqlite3_stmt *q)
{
    size_t nc = (size_t)sqlite3_column_count(q), rows = 0;
    isl_cell *cells = calloc(nc + 1, sizeof *cells);
    const char **names = calloc(nc + 1, sizeof *names);
    char **keys = NULL;
    int rc = SQLITE_NOMEM;
    if (!cells || !names) goto done;
    isl_buf_put(b, "\"columns\": [", 12);
    for (size_t i = 0; i < nc; i++) {
        names[i] = sqlite3_column_name(q, (int)i);
        if (!names[i]) names[i] = "";
        if (i) isl_buf_put(b, ", ", 2);
        isl_buf_json_string(b, names[i], strlen(names[i]));
    }
    if (!(keys = isl_json_keys(nc, names))) goto done;
    isl_buf_put(b, "], \"keys\": [", 12);
    for (size_t i = 0; i < nc; i++) { /* each key without its ": " */
        if (i) isl_buf_put(b, ", ", 2);
        isl_buf_put(b, keys[i], strlen(keys[i]) - 2);
    }
    isl_buf_put(b, "], \"types\": [", 13);
    isl_buf body = {NULL, 0, 0, 0}, shown = {NULL, 0, 0, 0};
    const isl_label **col = calloc(nc + 1, sizeof *col);
    char *status = calloc(nc + 1, 1);
    if (!col || !status) b->oom = 1;
    for (size_t i = 0; col && status && i < nc; i++)
        col[i] = isl_labels_find(&labels, object, names[i]), status[i] = (char)status_column(names[i]);
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (b->n + body.n + shown.n > ANSWER_MAX) {
            rc = ANSWER_FULL;
            break;
        }
        if (isl_base_cells(q, cells, nc)) break;
        isl_buf_put(b, rows ? ", \"" : "\"", rows ? 3 : 1);
        for (size_t i = 0; i < nc; i++) isl_buf_put(b, &"?irtbn"[cells[i].type], 1);
        isl_buf_put(b, "\"", 1);
        isl_buf_put(&body, rows++ ? ",\n  " : "[\n  ", 4);
        isl_buf_json_object(&body, nc, (const char *const *)keys, cells);
        if (labelled && col && status) {
            if (rows > 1) isl_buf_put(&shown, ", ", 2);
            put_shown(&shown, nc, cells, col, status);
        }
    }
    if (labelled && col && status) {
        isl_buf_put(b, "], \"heads\": [", 13);
        for (size_t i = 0; i < nc; i++) {
            const char *l = col[i] ? col[i]->label : NULL, *u = col[i] ? col[i]->unit : NULL;
            isl_buf_put(b, i ? ", [" : "[", i ? 3 : 1);
            if (l) isl_buf_json_string(b, l, strlen(l));
            else isl_buf_put(b, "null", 4);
            isl_buf_put(b, ", ", 2);
            if (u) isl_buf_json_string(b, u, strlen(u));
            else isl_buf_put(b, "null", 4);
            isl_buf_put(b, "]", 1);
        }
        isl_buf_put(b, "], \"shown\": [", 13);
        if (shown.p) isl_buf_put(b, shown.p, shown.n);
        b->oom |= shown.oom;
    }
    free(shown.p), free(col), free(status);
    isl_buf_put(b, "], \"rows\": ", 11);
    if (body.p) isl_buf_put(b, body.p, body.n);
    isl_buf_put(b, rows ? "\n]\n" : "[]\n", 3);
    b->oom |= body.oom;
    free(body.p);
done:
    free(cells), free(names);
    if (keys) isl_json_keys_free(keys, nc);
    return rc;
}

/* Runs the statements of sql, the rows of the last one that has columns as
 * the result (a BEGIN, INSERT or ROLLBACK after it leaves them); the whole
 * query, every statement together, stops after about steps * 1000 virtual
 * machine steps (its work budget) with an error saying so. When link is 1
 * (SQL from the page's address, someone else's) a statement runs only when
 * SQLite finds it cannot write (sqlite3_stmt_readonly) and it returns rows:
 * the first one that does not, and every one after it, is left unrun. The
 * result also holds "wrote", the statements run that could write (counted
 * on failure too: what ran before stays), and, when some were left unrun,
 * "unrun_line" (the line of sql the first one starts on) and "unrun" (that
 * statement's text, at most 300 bytes); an error says which limit ended the query, if
 * one did, in "limit" too: "budget", "length" or "answer" (past
 * ANSWER_MAX); and "statement" (shell-quoted, isl_buf_shell_word) when
 * the rows are those of the only statement run and it reads only. */
const char *isl_wasm_query(const char *sql, double steps, int link)
{
    if (!db) return error(refused.msg[0] ? refused.msg : "no database is open");
    budget = (long long)steps, used = 0;
    isl_buf last = {NULL, 0, 0, 0};
    const char *tail = sql, *unrun = NULL, *unrun_end = NULL, *rows_sql = NULL, *rows_end = NULL;
    int any = 0, ran = 0, rows_ro = 0, rc = SQLITE_OK, limit = SQLITE_OK;
    long long wrote = 0;
    char msg[300] = "";
    while (tail && *tail) {
        sqlite3_stmt *q = NULL;
        const char *start = tail;
        rc = sqlite3_prepare_v2(db, start, -1, &q, &tail);
        if (rc != SQLITE_OK) {
            failure(rc, msg, sizeof msg);
            limit = rc;
            break;
        }
        if (!q) continue; /* a comment or white space */
        int nc = sqlite3_column_count(q), ro = sqlite3_stmt_readonly(q);
        if (link && !(ro && nc > 0)) {
            unrun = start, unrun_end = tail;
            sqlite3_finalize(q);
            break;
        }
        ran++;
        if (!nc && any) /* BEGIN, INSERT, ROLLBACK ...: the rows shown stay the last query's */
            while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
        else {
            last.n = 0, last.oom = 0, any = 1;
            rows_sql = start, rows_end = tail, rows_ro = ro && nc > 0;
            rc = put_rows(&last, q);
        }
        if (rc == SQLITE_DONE && !ro) wrote++;
        if (rc != SQLITE_DONE) failure(rc, msg, sizeof msg), limit = rc;
        sqlite3_finalize(q);
        if (rc != SQLITE_DONE) break;
    }
    out.n = 0, out.oom = 0;
    isl_buf_printf(&out, "{\"wrote\": %lld, ", wrote);
    if (limit == SQLITE_INTERRUPT || limit == SQLITE_TOOBIG || limit == ANSWER_FULL)
        isl_buf_printf(&out, "\"limit\": \"%s\", ",
                       limit == SQLITE_INTERRUPT ? "budget" : limit == SQLITE_TOOBIG ? "length" : "answer");
    if (unrun) {
        while (*unrun == ' ' || *unrun == '\t' || *unrun == '\n' || *unrun == '\r') unrun++;
        int line = isl_line_of(sql, unrun);
        size_t n = (size_t)(unrun_end - unrun);
        if (n > 300)
            for (n = 300; n && ((unsigned char)unrun[n] & 0xc0) == 0x80; n--) {} /* whole characters */
        while (n && strchr(" \t\r\n", unrun[n - 1])) n--;
        isl_buf_printf(&out, "\"unrun_line\": %d, \"unrun\": ", line);
        isl_buf_json_string(&out, unrun, n);
        isl_buf_put(&out, ", ", 2);
    }
    if (msg[0] || (!any && !unrun)) {
        isl_buf_put(&out, "\"error\": ", 9);
        const char *m = msg[0] ? msg : "no statement to run";
        isl_buf_json_string(&out, m, strlen(m));
    } else if (any) {
        if (ran == 1 && rows_ro) { /* the statement as export --sql takes it: no ';', no white space around */
            while (rows_sql < rows_end && strchr(" \t\r\n", *rows_sql)) rows_sql++;
            while (rows_end > rows_sql && strchr(" \t\r\n;", rows_end[-1])) rows_end--;
            char *one = malloc((size_t)(rows_end - rows_sql) + 1);
            if (!one) out.oom = 1;
            else {
                memcpy(one, rows_sql, (size_t)(rows_end - rows_sql));
                one[rows_end - rows_sql] = '\0';
                isl_buf word = {NULL, 0, 0, 0};
                isl_buf_shell_word(&word, one);
                isl_buf_put(&out, "\"statement\": ", 13);
                isl_buf_json_string(&out, word.p ? word.p : "", word.n);
                isl_buf_put(&out, ", ", 2);
                out.oom |= word.oom;
                free(word.p), free(one);
            }
        }
        isl_buf_put(&out, last.p, last.n);
        out.oom |= last.oom;
    } else out.n -= 2; /* no ", " after the last member */
    isl_buf_put(&out, "}", 1);
    free(last.p);
    return out.oom ? error("out of memory") : out.p;
}

/* ---- what a download would hold, against what the page was opened with --- */

/* The database as isolab would judge it when opening the download: the
 * header's application_id and user_version, and each isolab table (listed
 * as such in isolab_object) and each trigger with its table and SQL, as
 * records "type\037name\037table\037sql\036". */
typedef struct shape {
    long long app, version;
    isl_buf objects;
} shape;
static shape marked;

static void shape_read(shape *sh)
{
    static const char *const SQL[] = {"PRAGMA application_id", "PRAGMA user_version",
        "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema WHERE type = 'trigger' OR (type = 'table' "
        "AND name IN (SELECT name FROM isolab_object WHERE type = 'table')) ORDER BY type, name"};
    free(sh->objects.p);
    *sh = (shape){0, 0, {NULL, 0, 0, 0}};
    for (int k = 0; k < 3; k++) {
        sqlite3_stmt *q = NULL;
        long long save = budget;
        budget = 1LL << 60; /* reading the schema: no budget */
        if (sqlite3_prepare_v2(db, SQL[k], -1, &q, NULL) == SQLITE_OK)
            while (sqlite3_step(q) == SQLITE_ROW) {
                if (k < 2) *(k ? &sh->version : &sh->app) = sqlite3_column_int64(q, 0);
                else
                    for (int i = 0; i < 4; i++) { /* a separator in a name is a '?' there */
                        const char *t = (const char *)sqlite3_column_text(q, i);
                        for (; t && *t; t++) isl_buf_put(&sh->objects, *t == '\036' || *t == '\037' ? "?" : t, 1);
                        isl_buf_put(&sh->objects, i < 3 ? "\037" : "\036", 1);
                    }
            }
        sqlite3_finalize(q);
        budget = save;
    }
}

/* The SQL of the record of type and name in sh ("" when none). */
static const char *shape_find(const shape *sh, const char *type, const char *name)
{
    const char *p = sh->objects.p, *end = p ? p + sh->objects.n : p;
    while (p && p < end) {
        const char *f[4];
        for (int i = 0; i < 4; i++) f[i] = p, p = strpbrk(p, i < 3 ? "\037" : "\036") + 1;
        size_t nt = (size_t)(f[1] - f[0] - 1), nn = (size_t)(f[2] - f[1] - 1);
        if (nt == strlen(type) && !memcmp(f[0], type, nt) && nn == strlen(name) && !memcmp(f[1], name, nn))
            return f[3];
    }
    return "";
}

/* Records the database as it is now as the page's original: what
 * isl_wasm_changes compares with. */
void isl_wasm_mark(void)
{
    if (db) shape_read(&marked);
}

/* Appends a reason, printf-style, to the list in out (*k reasons so far). */
static void reason(int *k, const char *fmt, ...)
{
    char why[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if ((*k)++) isl_buf_put(&out, ", ", 2);
    isl_buf_json_string(&out, why, strlen(why));
}

/* What in the database, against the original (isl_wasm_mark), would make
 * isolab refuse the file: {"refused": [REASONS]}, each reason a sentence:
 * the application_id or user_version changed, an isolab table dropped or
 * altered, a trigger added on one. */
const char *isl_wasm_changes(void)
{
    if (!db) return error("no database is open");
    shape now = {0, 0, {NULL, 0, 0, 0}};
    shape_read(&now);
    out.n = 0, out.oom = 0;
    isl_buf_put(&out, "{\"refused\": [", 13);
    int k = 0;
    if (now.app != marked.app)
        reason(&k, "its application_id is %lld, not isolab's %lld: isolab would call it not an isolab database", now.app,
               marked.app);
    if (now.version != marked.version)
        reason(&k, "its user_version (the schema's version) is %lld, not %lld: isolab would refuse it", now.version,
               marked.version);
    /* each isolab table of the original: still there, the same */
    for (const char *p = marked.objects.p, *end = p ? p + marked.objects.n : p; p && p < end;) {
        const char *f[4];
        for (int i = 0; i < 4; i++) f[i] = p, p = strpbrk(p, i < 3 ? "\037" : "\036") + 1;
        char type[16], name[256];
        snprintf(type, sizeof type, "%.*s", (int)(f[1] - f[0] - 1), f[0]);
        snprintf(name, sizeof name, "%.*s", (int)(f[2] - f[1] - 1), f[1]);
        if (strcmp(type, "table")) continue;
        const char *sql = shape_find(&now, "table", name);
        size_t n = (size_t)(p - f[3] - 1);
        if (!*sql) reason(&k, "isolab's table %s was dropped", name);
        else if ((size_t)(strchr(sql, '\036') - sql) != n || memcmp(sql, f[3], n))
            reason(&k, "isolab's table %s was altered", name);
    }
    /* each trigger on an isolab table that the original did not have */
    for (const char *p = now.objects.p, *end = p ? p + now.objects.n : p; p && p < end;) {
        const char *f[4];
        for (int i = 0; i < 4; i++) f[i] = p, p = strpbrk(p, i < 3 ? "\037" : "\036") + 1;
        char type[16], name[256], table[256];
        snprintf(type, sizeof type, "%.*s", (int)(f[1] - f[0] - 1), f[0]);
        snprintf(name, sizeof name, "%.*s", (int)(f[2] - f[1] - 1), f[1]);
        snprintf(table, sizeof table, "%.*s", (int)(f[3] - f[2] - 1), f[2]);
        if (strcmp(type, "trigger") || *shape_find(&marked, "trigger", name)) continue;
        if (*shape_find(&marked, "table", table))
            reason(&k, "a trigger %s was added on isolab's table %s: isolab runs none but its own", name, table);
    }
    isl_buf_put(&out, "]}", 2);
    out.oom |= now.objects.oom || marked.objects.oom;
    free(now.objects.p);
    return out.oom ? error("out of memory") : out.p;
}

static sqlite3_int64 size;

/* The database as it is now, in the file format (sqlite3_malloc'd: free it
 * with isl_wasm_free); its size by isl_wasm_size. NULL when out of memory. */
unsigned char *isl_wasm_serialize(void)
{
    size = 0;
    return db ? sqlite3_serialize(db, "main", &size, 0) : NULL;
}

int isl_wasm_size(void) { return (int)size; }

void isl_wasm_free(void *p) { sqlite3_free(p); }
