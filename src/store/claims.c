/* isolab store: evaluating the claims of the claim table. A claim's SQL is
 * seed data, as trusted as the seed that holds it; it is still confined to
 * one read-only expression, so a claim can read anything but change nothing. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isolab/claims.h"
#include "store_int.h"

const char *isl_claim_outcome_name(isl_claim_outcome o)
{
    return o == ISL_CLAIM_PASS ? "pass" : o == ISL_CLAIM_FAIL ? "FAIL" : "pending";
}

/* The value of one claim expression into *out (a copy, free with
 * sqlite3_value_free; NULL for SQL NULL or no row). Returns 0; 1 when the
 * claim cannot be evaluated (its SQL is wrong), with the reason in why[n];
 * -1 when the failure is isolab's, not the claim's (out of memory, an I/O
 * error, ...), with *rc_out set to SQLite's result code. */
static int eval_expr(isl_store *s, const char *expr, sqlite3_value **out, char *why, size_t n, int *rc_out)
{
    *out = NULL;
    char *sql = sqlite3_mprintf("SELECT (%s\n)", expr);
    if (!sql) return *rc_out = SQLITE_NOMEM, -1;
    sqlite3_stmt *q = NULL;
    const char *tail = NULL;
    int rc = sqlite3_prepare_v2(s->db, sql, -1, &q, &tail);
    int bad = 1;
    if (rc != SQLITE_OK) {
        snprintf(why, n, "cannot evaluate: %s", sqlite3_errmsg(s->db));
    } else if (tail && tail[strspn(tail, " \t\r\n;")] != '\0') {
        snprintf(why, n, "cannot evaluate: more than one expression");
    } else if (!sqlite3_stmt_readonly(q)) {
        snprintf(why, n, "cannot evaluate: the expression would write");
    } else if ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (sqlite3_column_type(q, 0) != SQLITE_NULL && !(*out = sqlite3_value_dup(sqlite3_column_value(q, 0))))
            rc = SQLITE_NOMEM;
        bad = 0;
    } else if (rc == SQLITE_DONE) {
        bad = 0;
    } else {
        snprintf(why, n, "cannot evaluate: %s", sqlite3_errmsg(s->db));
    }
    /* only an error in the expression itself is the claim's failure */
    int prim = rc & 0xff;
    if (prim != SQLITE_OK && prim != SQLITE_ROW && prim != SQLITE_DONE && prim != SQLITE_ERROR
        && prim != SQLITE_MISMATCH && prim != SQLITE_RANGE && prim != SQLITE_TOOBIG) {
        snprintf(why, n, "%s", sqlite3_errstr(rc));
        *rc_out = rc;
        bad = -1;
    }
    sqlite3_finalize(q);
    sqlite3_free(sql);
    return bad;
}

static int is_number(sqlite3_value *v)
{
    int t = sqlite3_value_type(v);
    return t == SQLITE_INTEGER || t == SQLITE_FLOAT;
}

/* Nonzero when actual equals expected: numbers as numbers (to 1e-9
 * relative), anything else by its text. */
static int same_value(sqlite3_value *expected, sqlite3_value *actual)
{
    if (!actual) return 0;
    if (is_number(expected) && is_number(actual)) {
        if (sqlite3_value_type(expected) == SQLITE_INTEGER && sqlite3_value_type(actual) == SQLITE_INTEGER)
            return sqlite3_value_int64(expected) == sqlite3_value_int64(actual);
        double e = sqlite3_value_double(expected), a = sqlite3_value_double(actual);
        return fabs(a - e) <= 1e-9 * fmax(1.0, fabs(e));
    }
    const char *e = (const char *)sqlite3_value_text(expected), *a = (const char *)sqlite3_value_text(actual);
    return e && a && strcmp(e, a) == 0;
}

/* Writes one outcome row. */
static isl_status put_result(isl_store *s, int64_t run_id, const isl_claim_row *row, sqlite3_value *expected,
                             sqlite3_value *actual, isl_error *err)
{
    static const char *const WORD[] = {"pass", "fail", "pending"};
    sqlite3_stmt *q = isl_stmt(s, ST_CLAIM_RESULT, err);
    if (!q) return err->status;
    if (sqlite3_bind_int64(q, 1, run_id) || sqlite3_bind_text(q, 2, row->lesson, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 3, row->name, -1, SQLITE_STATIC)
        || sqlite3_bind_text(q, 4, WORD[row->outcome], -1, SQLITE_STATIC) || sqlite3_bind_value(q, 5, expected)
        || (actual ? sqlite3_bind_value(q, 6, actual) : sqlite3_bind_null(q, 6))
        || (row->reason ? sqlite3_bind_text(q, 7, row->reason, -1, SQLITE_STATIC) : sqlite3_bind_null(q, 7))
        || sqlite3_step(q) != SQLITE_DONE)
        return isl_db_fail(s, err, "writing a claim result");
    return ISL_OK;
}

/* Evaluates the claim on the current row of q and reports it. */
static isl_status check_one(isl_store *s, int64_t run_id, sqlite3_stmt *q, isl_claim_fn fn, void *ctx,
                            isl_claim_counts *counts, isl_error *err)
{
    char why[600] = "";
    sqlite3_value *expected = sqlite3_value_dup(sqlite3_column_value(q, 3));
    sqlite3_value *pending = NULL, *actual = NULL;
    if (!expected) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_claim_row row = {(const char *)sqlite3_column_text(q, 0), (const char *)sqlite3_column_text(q, 1),
                         (const char *)sqlite3_column_text(q, 2), ISL_CLAIM_PASS,
                         (const char *)sqlite3_value_text(expected), NULL, NULL};
    const char *pending_sql = (const char *)sqlite3_column_text(q, 5);
    int rc = SQLITE_NOMEM;
    int bad = 0;
    isl_status st = ISL_OK;
    if (!row.lesson || !row.name || !row.statement || !row.expected) goto fail;
    if (pending_sql) bad = eval_expr(s, pending_sql, &pending, why, sizeof why, &rc);
    if (!bad && !pending) bad = eval_expr(s, (const char *)sqlite3_column_text(q, 4), &actual, why, sizeof why, &rc);
    if (bad < 0) goto fail;
    if (bad) {
        row.outcome = ISL_CLAIM_FAIL;
        row.reason = why;
    } else if (pending) {
        row.outcome = ISL_CLAIM_PENDING;
        if (!(row.reason = (const char *)sqlite3_value_text(pending))) goto fail;
    } else {
        /* text forms are made (and kept) here, so same_value needs no memory */
        if (actual && !(row.actual = (const char *)sqlite3_value_text(actual))) goto fail;
        if (!same_value(expected, actual)) {
            row.outcome = ISL_CLAIM_FAIL;
            row.reason = actual ? "the value differs" : "no value (has a run computed it?)";
        }
    }
    st = put_result(s, run_id, &row, expected, actual, err);
    if (!st) {
        counts->n[row.outcome]++;
        st = fn(ctx, &row);
    }
    sqlite3_value_free(expected);
    sqlite3_value_free(pending);
    sqlite3_value_free(actual);
    return st;
fail: /* isolab's failure (out of memory, I/O), not the claim's */
    st = isl_fail(err, (rc & 0xff) == SQLITE_NOMEM ? ISL_ENOMEM : ISL_EDB, "claim %s: %s",
                  row.name ? row.name : "?", (rc & 0xff) == SQLITE_NOMEM ? "out of memory" : why);
    sqlite3_value_free(expected);
    sqlite3_value_free(pending);
    sqlite3_value_free(actual);
    return st;
}

isl_status isl_store_check(isl_store *s, int64_t run_id, const char *lesson, isl_claim_fn fn, void *ctx,
                           isl_claim_counts *counts, isl_error *err)
{
    memset(counts, 0, sizeof *counts);
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT c.lesson, c.name, c.statement, c.expected, c.actual_sql, c.pending_sql "
                           "FROM claim c LEFT JOIN lesson l ON l.code = c.lesson "
                           "WHERE ?1 IS NULL OR c.lesson = ?1 "
                           "ORDER BY l.position IS NULL, l.position, c.lesson, c.id",
                           -1, &q, NULL) != SQLITE_OK
        || sqlite3_bind_text(q, 1, lesson, -1, SQLITE_STATIC)) {
        sqlite3_finalize(q);
        return isl_db_fail(s, err, "reading the claims");
    }
    if (lesson) {
        sqlite3_stmt *k = NULL;
        int found = 0;
        if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM lesson WHERE code = ?1", -1, &k, NULL) == SQLITE_OK
            && sqlite3_bind_text(k, 1, lesson, -1, SQLITE_STATIC) == SQLITE_OK)
            found = sqlite3_step(k) == SQLITE_ROW;
        sqlite3_finalize(k);
        if (!found) {
            sqlite3_finalize(q);
            return isl_fail(err, ISL_EINPUT, "no lesson '%s' in the lesson table", lesson);
        }
    }
    isl_status st = ISL_OK;
    int rc = SQLITE_DONE;
    while (!st && (rc = sqlite3_step(q)) == SQLITE_ROW) st = check_one(s, run_id, q, fn, ctx, counts, err);
    if (!st && rc != SQLITE_DONE) st = isl_db_fail(s, err, "reading the claims");
    sqlite3_finalize(q);
    return st;
}
