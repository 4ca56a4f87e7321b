/* isolab check: evaluate the lessons' claims against the latest results and
 * store the outcomes as one 'check' run. */
#include <string.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/history.h"

static isl_status print_claim(void *ctx, const isl_claim_row *r)
{
    FILE *out = ctx;
    fprintf(out, "%-7s  %s %s", isl_claim_outcome_name(r->outcome), r->lesson, r->name);
    if (r->outcome == ISL_CLAIM_PASS)
        fprintf(out, " = %s", r->actual);
    else if (r->outcome == ISL_CLAIM_FAIL)
        fprintf(out, ": expected %s, actual %s (%s)", r->expected, r->actual ? r->actual : "NULL", r->reason);
    else
        fprintf(out, ": %s", r->reason);
    fprintf(out, " -- %s\n", r->statement);
    return ferror(out) ? ISL_EDB : ISL_OK;
}

/* Says on stderr when the latest results cannot be those of the model the
 * database holds now. */
static void note_stale(isl_store *s, const isl_model *m)
{
    isl_error err;
    int64_t id;
    char digest[17], now[17];
    isl_error_clear(&err);
    if (isl_store_latest_run(s, "run", &id, digest, &err)) return;
    isl_model_digest(m, now);
    if (!id)
        fprintf(stderr, "isolab: note: no run yet, so claims over results have no value; "
                        "'isolab lesson' (or 'isolab run' and 'isolab sweep') computes them\n");
    else if (strcmp(digest, now) != 0)
        fprintf(stderr, "isolab: note: the latest run (%lld) was computed from another model than the database "
                        "holds now; 'isolab lesson' (or 'isolab run' and 'isolab sweep') brings it up to date\n",
                (long long)id);
}

int isl_check_run(isl_cli *cli, isl_store *s, const isl_model *m, const char *lesson, FILE *out)
{
    isl_error err;
    isl_error_clear(&err);
    int64_t run_id = 0;
    isl_claim_counts n;
    isl_status st = isl_store_begin_run(s, "check", cli->argv_text, m, &run_id, &err);
    if (!st) {
        st = isl_store_check(s, run_id, lesson, print_claim, out, &n, &err);
        if (st && !err.msg[0]) isl_fail(&err, st, "check: cannot print the outcome");
        st = isl_store_end_run(s, st, &err);
    }
    if (st) return isl_report(&err);
    size_t total = n.n[ISL_CLAIM_PASS] + n.n[ISL_CLAIM_FAIL] + n.n[ISL_CLAIM_PENDING];
    fprintf(out, "check: %zu passed, %zu failed, %zu pending of %zu claim%s (run %lld)\n", n.n[ISL_CLAIM_PASS],
            n.n[ISL_CLAIM_FAIL], n.n[ISL_CLAIM_PENDING], total, total == 1 ? "" : "s", (long long)run_id);
    return n.n[ISL_CLAIM_FAIL] ? ISL_EFAIL : ISL_OK;
}

int isl_cmd_check(isl_cli *cli, int argc, char **argv)
{
    const char *lesson = NULL;
    for (int i = 1; i < argc; i++) {
        int r = isl_opt_value("check", argc, argv, &i, "--lesson", &lesson);
        if (r < 0) return ISL_EUSAGE;
        if (!r) return isl_usage_error("check", "unexpected argument '%s'", argv[i]);
    }
    isl_store *s;
    isl_model *m;
    int rc = isl_cli_open_model(cli, &s, &m);
    if (rc) return rc;
    note_stale(s, m);
    rc = isl_check_run(cli, s, m, lesson, cli->out);
    isl_model_free(m);
    isl_store_close(s);
    return rc;
}
