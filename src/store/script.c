/* isolab store: applying schema and seed files statement by statement, so an
 * error names the file, the line and the offending value. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_int.h"

/* Line (from 1) of position p in text. */
static int line_of(const char *text, const char *p)
{
    int line = 1;
    for (const char *c = text; c < p; c++) line += *c == '\n';
    return line;
}

/* Skips white space and comments: where a statement's first token is. */
static const char *skip_blank(const char *p)
{
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f') p++;
        if (p[0] == '-' && p[1] == '-') {
            while (*p && *p != '\n') p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            p = e ? e + 2 : p + strlen(p);
        } else {
            return p;
        }
    }
}

/* When the statement just run left a foreign key unresolved, describes the
 * first offending value: "<table>.<column> = '<value>' has no match in
 * <parent>(<column>)". Returns 1 and fills msg, or 0 when none. */
static int describe_fk(isl_store *s, char *msg, size_t n)
{
    int cur = 0, hi = 0;
    if (sqlite3_db_status(s->db, SQLITE_DBSTATUS_DEFERRED_FKS, &cur, &hi, 0) != SQLITE_OK || cur == 0) return 0;
    sqlite3_stmt *q = NULL;
    int found = 0;
    /* Every foreign key of every table, with the first child value that has
     * no parent row. Table and column names come from the schema itself. */
    static const char *const sql =
        "SELECT m.name, f.\"from\", f.\"table\", coalesce(f.\"to\", 'name') "
        "FROM sqlite_schema m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'";
    if (sqlite3_prepare_v2(s->db, sql, -1, &q, NULL) != SQLITE_OK) return 0;
    while (!found && sqlite3_step(q) == SQLITE_ROW) {
        const char *t = (const char *)sqlite3_column_text(q, 0), *c = (const char *)sqlite3_column_text(q, 1);
        const char *p = (const char *)sqlite3_column_text(q, 2), *pc = (const char *)sqlite3_column_text(q, 3);
        if (!t || !c || !p || !pc) continue;
        char *probe = sqlite3_mprintf("SELECT \"%w\" FROM \"%w\" WHERE \"%w\" IS NOT NULL AND \"%w\" NOT IN "
                                      "(SELECT \"%w\" FROM \"%w\") LIMIT 1", c, t, c, c, pc, p);
        sqlite3_stmt *v = NULL;
        if (probe && sqlite3_prepare_v2(s->db, probe, -1, &v, NULL) == SQLITE_OK && sqlite3_step(v) == SQLITE_ROW) {
            snprintf(msg, n, "%s.%s = '%s' has no match in %s(%s)", t, c,
                     (const char *)sqlite3_column_text(v, 0), p, pc);
            found = 1;
        }
        sqlite3_finalize(v);
        sqlite3_free(probe);
    }
    sqlite3_finalize(q);
    if (!found) snprintf(msg, n, "a foreign key has no match");
    return 1;
}

isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err)
{
    const char *p = sql;
    for (;;) {
        sqlite3_stmt *q = NULL;
        const char *start = skip_blank(p), *tail = NULL;
        if (!*start) return ISL_OK;
        int rc = sqlite3_prepare_v2(s->db, start, -1, &q, &tail);
        if (rc != SQLITE_OK) {
            int off = sqlite3_error_offset(s->db);
            const char *at = off >= 0 ? start + off : start;
            char near[48] = "";
            if (off >= 0) {
                size_t k = 0;
                while (k < sizeof near - 1 && at[k] && at[k] != '\n') near[k] = at[k], k++;
                near[k] = '\0';
            }
            isl_status st = (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EINPUT;
            if (near[0])
                return isl_fail(err, st, "%s:%d: %s (near \"%s\")", name, line_of(sql, at), sqlite3_errmsg(s->db), near);
            return isl_fail(err, st, "%s:%d: %s", name, line_of(sql, at), sqlite3_errmsg(s->db));
        }
        if (!q) return ISL_OK; /* only comments were left */
        while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
        if (rc != SQLITE_DONE) {
            isl_status st = isl_fail(err, isl_db_status(s), "%s:%d: %s", name, line_of(sql, start), sqlite3_errmsg(s->db));
            sqlite3_finalize(q);
            return st;
        }
        sqlite3_finalize(q);
        char fk[400];
        if (describe_fk(s, fk, sizeof fk))
            return isl_fail(err, ISL_EINPUT, "%s:%d: %s", name, line_of(sql, start), fk);
        p = tail;
    }
}

/* Reads a whole file into a NUL-terminated buffer. */
static isl_status read_file(const char *path, char **out, isl_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) return isl_fail(err, ISL_EINPUT, "%s: cannot read: %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (ferror(f)) {
            int e = errno;
            fclose(f);
            free(buf);
            return isl_fail(err, ISL_EINPUT, "%s: cannot read: %s", path, strerror(e));
        }
        if (feof(f)) break;
        if (n + 1 >= cap) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf) return isl_fail(err, ISL_ENOMEM, "%s: out of memory", path);
    buf[n] = '\0';
    if (strlen(buf) != n) {
        free(buf);
        return isl_fail(err, ISL_EINPUT, "%s: not a text file (it holds a NUL byte)", path);
    }
    *out = buf;
    return ISL_OK;
}

static isl_status exec_file(isl_store *s, const char *path, isl_error *err)
{
    char *text = NULL;
    isl_status st = read_file(path, &text, err);
    if (!st) st = isl_store_exec_script(s, path, text, err);
    free(text);
    return st;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

isl_status isl_store_load_dir(isl_store *s, const char *dir, isl_error *err)
{
    DIR *d = opendir(dir);
    if (!d) return isl_fail(err, ISL_EINPUT, "%s: cannot read directory: %s", dir, strerror(errno));
    char **names = NULL;
    size_t n = 0, cap = 0;
    isl_status st = ISL_OK;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".sql") != 0) continue;
        if (n == cap) {
            char **nn = realloc(names, (cap = cap ? cap * 2 : 16) * sizeof *names);
            if (!nn) { st = ISL_ENOMEM; break; }
            names = nn;
        }
        size_t pl = strlen(dir) + len + 2;
        if (!(names[n] = malloc(pl))) { st = ISL_ENOMEM; break; }
        snprintf(names[n++], pl, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (st) isl_fail(err, st, "out of memory");
    else if (n == 0) st = isl_fail(err, ISL_EINPUT, "%s: no *.sql seed files", dir);
    else {
        qsort(names, n, sizeof *names, cmp_str);
        for (size_t i = 0; i < n && !st; i++) st = exec_file(s, names[i], err);
    }
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
    return st;
}

isl_status isl_store_load_files(isl_store *s, const char *const *paths, size_t n, isl_error *err)
{
    isl_status st = isl_db_exec(s, "BEGIN IMMEDIATE", err);
    if (st) return st;
    if (!(st = isl_db_exec(s, "PRAGMA defer_foreign_keys = ON", err))) {
        for (size_t i = 0; i < n && !st; i++) st = exec_file(s, paths[i], err);
    }
    if (!st) {
        isl_model *m = NULL;
        st = isl_store_read_model(s, &m, err);
        isl_model_free(m);
    }
    if (!st) return isl_db_exec(s, "COMMIT", err);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}
