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
static int describe_fk(isl_store *s, char *msg, size_t n, char *lit, size_t litn)
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
            char *lq = sqlite3_mprintf("%Q", (const char *)sqlite3_column_text(v, 0));
            snprintf(msg, n, "%s.%s = %s has no match in %s(%s)", t, c, lq ? lq : "?", p, pc);
            snprintf(lit, litn, "%s", lq ? lq : "");
            sqlite3_free(lq);
            found = 1;
        }
        sqlite3_finalize(v);
        sqlite3_free(probe);
    }
    sqlite3_finalize(q);
    if (!found) snprintf(msg, n, "a foreign key has no match");
    if (!found) lit[0] = '\0';
    return 1;
}

/* What a seed file may not do: end or nest the load's transaction, attach
 * other files, or change the connection's settings. The authorizer records
 * the first such statement so the error can name it. */
typedef struct script_auth {
    int denied;
    char table[128];   /* the table the statement inserts into */
} script_auth;

static int authorize(void *ctx, int action, const char *a, const char *b, const char *db, const char *trigger)
{
    script_auth *au = ctx;
    (void)b;
    (void)db;
    switch (action) {
    case SQLITE_TRANSACTION:
    case SQLITE_SAVEPOINT:
    case SQLITE_ATTACH:
    case SQLITE_DETACH:
    case SQLITE_PRAGMA:
        au->denied = 1;
        return SQLITE_DENY;
    case SQLITE_INSERT:
        if (!trigger && a && !au->table[0]) snprintf(au->table, sizeof au->table, "%s", a);
        return SQLITE_OK;
    default:
        return SQLITE_OK;
    }
}

/* The statement's first line (at most 60 bytes), for naming it. */
static void first_line(const char *start, char *out, size_t n)
{
    size_t k = 0;
    while (k + 1 < n && k < 60 && start[k] && start[k] != '\n' && start[k] != ';') out[k] = start[k], k++;
    while (k > 0 && (out[k - 1] == ' ' || out[k - 1] == '\r' || out[k - 1] == '\t')) k--;
    out[k] = '\0';
}

/* Reports a statement that failed while running: for a constraint error on
 * an INSERT, the offending row's line and values. */
static isl_status step_failure(isl_store *s, const char *name, const char *sql, const char *start,
                               sqlite3_stmt *q, const script_auth *au, isl_error *err)
{
    isl_status st = isl_db_status(s);
    char errmsg[300], what[400];
    snprintf(errmsg, sizeof errmsg, "%s", sqlite3_errmsg(s->db));
    int row = 0;
    int prim = sqlite3_errcode(s->db) & 0xff;
    if ((prim == SQLITE_CONSTRAINT || prim == SQLITE_MISMATCH) && au->table[0] && q
        && isl_probe_row(s, au->table, sqlite3_sql(q), errmsg, what, sizeof what, &row)) {
        if (prim == SQLITE_MISMATCH) {
            /* the row after the last one that got through: quote its text */
            const char *at = isl_values_row(start, ++row);
            size_t k = 0;
            for (int depth = 0; at && at[k] && k < 60; k++) {
                depth += (at[k] == '(') - (at[k] == ')');
                if (depth == 0) { k++; break; }
            }
            return isl_fail(err, st, "%s:%d: %s row %.*s: %s", name, line_of(sql, at ? at : start), au->table,
                            (int)k, at ? at : "", errmsg);
        }
        const char *at = isl_values_row(start, row);
        return isl_fail(err, st, "%s:%d: %s: %s", name, line_of(sql, at ? at : start), what, errmsg);
    }
    return isl_fail(err, st, "%s:%d: %s", name, line_of(sql, start), errmsg);
}

isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err)
{
    const char *p = sql;
    isl_status st = ISL_OK;
    script_auth au;
    for (;;) {
        sqlite3_stmt *q = NULL;
        const char *start = skip_blank(p), *tail = NULL;
        if (!*start) break;
        memset(&au, 0, sizeof au);
        /* checked while preparing only: isolab's own queries below run free */
        sqlite3_set_authorizer(s->db, authorize, &au);
        int rc = sqlite3_prepare_v2(s->db, start, -1, &q, &tail);
        sqlite3_set_authorizer(s->db, NULL, NULL);
        if (rc != SQLITE_OK) {
            char near[48] = "";
            if (au.denied) {
                first_line(start, near, sizeof near);
                st = isl_fail(err, ISL_EINPUT, "%s:%d: '%s' is not allowed in a seed file: isolab applies each "
                              "load in one transaction, with its own settings", name, line_of(sql, start), near);
                break;
            }
            int off = sqlite3_error_offset(s->db);
            const char *at = off >= 0 ? start + off : start;
            if (off >= 0) {
                size_t k = 0;
                while (k < sizeof near - 1 && at[k] && at[k] != '\n') near[k] = at[k], k++;
                near[k] = '\0';
            }
            st = (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EINPUT;
            if (near[0])
                isl_fail(err, st, "%s:%d: %s (near \"%s\")", name, line_of(sql, at), sqlite3_errmsg(s->db), near);
            else
                isl_fail(err, st, "%s:%d: %s", name, line_of(sql, at), sqlite3_errmsg(s->db));
            break;
        }
        if (!q) break; /* only comments were left */
        while ((rc = sqlite3_step(q)) == SQLITE_ROW) {}
        if (rc != SQLITE_DONE) {
            st = step_failure(s, name, sql, start, q, &au, err);
            sqlite3_finalize(q);
            break;
        }
        sqlite3_finalize(q);
        char fk[400], lit[200];
        if (describe_fk(s, fk, sizeof fk, lit, sizeof lit)) {
            char *text = sqlite3_mprintf("%.*s", (int)(tail - start), start);
            const char *at = text && lit[0] ? isl_values_row_holding(text, lit) : NULL;
            at = at ? start + (at - text) : start;
            sqlite3_free(text);
            st = isl_fail(err, ISL_EINPUT, "%s:%d: %s", name, line_of(sql, at), fk);
            break;
        }
        p = tail;
    }
    return st;
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
        if (!st) st = isl_store_write_digest(s, m, err);
        isl_model_free(m);
        /* the model as a whole is wrong: name the file that made it so */
        if (st == ISL_EINPUT && n > 0) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            isl_fail(err, st, "%s: after loading: %s", paths[n - 1], msg);
        }
    }
    if (!st) return isl_db_exec(s, "COMMIT", err);
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return st;
}
