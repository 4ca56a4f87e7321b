/* isolab check: evaluate the lessons' claims against the latest results and
 * store the outcomes as one 'check' run. */
#include <string.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/report.h"

static isl_status print_claim(void *ctx, const isl_claim_row *r)
{
    FILE *out = ctx;
    const char *word = isl_claim_outcome_name(r->outcome);
    char why[700];
    const char *reason = isl_claim_words(r, why, sizeof why);
    int rc;
    if (r->outcome == ISL_CLAIM_PASS)
        rc = isl_print_line(out, "%-7s  %s %s = %s -- %s", word, r->lesson, r->name, r->actual, r->statement);
    else if (r->outcome == ISL_CLAIM_FAIL)
        rc = isl_print_line(out, "%-7s  %s %s: expected %s, actual %s (%s) -- %s", word, r->lesson, r->name,
                            r->expected, r->actual ? r->actual : "NULL", reason, r->statement);
    else
        rc = isl_print_line(out, "%-7s  %s %s: %s -- %s", word, r->lesson, r->name, reason, r->statement);
    if (rc) return ferror(out) ? ISL_EOUTPUT : ISL_ENOMEM;
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

/* Says on stderr when there are no results yet, or stale ones. */
static int note_stale(isl_cli *cli)
{
    isl_error err;
    int64_t id;
    char digest[17];
    isl_error_clear(&err);
    if (isl_store_latest_run(cli->store, "run", &id, digest, &err)) return ISL_OK;
    if (!id) {
        isl_note(cli, "no run yet, so claims over results have no value; "
                      "'isolab lesson' (or 'isolab run' and 'isolab sweep') computes them");
        return ISL_OK;
    }
    return isl_warn_stale(cli);
}

int isl_check_print(isl_cli *cli, const char *lesson, FILE *out)
{
    isl_claim_counts n;
    int64_t run_id = 0;
    isl_status st = isl_lab_check(cli->store, cli->model, cli->argv_text, lesson, print_claim, out, &n, &run_id,
                                  &cli->err);
    if (st == ISL_EOUTPUT) return isl_check_output(cli, out, out == stderr ? "to stderr" : "the output");
    if (st) return st;
    size_t total = n.n[ISL_CLAIM_PASS] + n.n[ISL_CLAIM_FAIL] + n.n[ISL_CLAIM_PENDING] + n.n[ISL_CLAIM_STALE];
    char stale[48] = "";
    if (n.n[ISL_CLAIM_STALE]) snprintf(stale, sizeof stale, ", %zu stale", n.n[ISL_CLAIM_STALE]);
    fprintf(out, "check: %zu passed, %zu failed, %zu pending%s of %zu claim%s (run %lld)\n", n.n[ISL_CLAIM_PASS],
            n.n[ISL_CLAIM_FAIL], n.n[ISL_CLAIM_PENDING], stale, total, total == 1 ? "" : "s", (long long)run_id);
    if (isl_check_output(cli, out, out == stderr ? "to stderr" : "the output")) return cli->err.status;
    return n.n[ISL_CLAIM_FAIL] ? ISL_EFAIL : ISL_OK;
}

int isl_cmd_check(isl_cli *cli, const isl_args *a)
{
    int rc = note_stale(cli);
    return rc ? rc : isl_check_print(cli, isl_opt(a, "--lesson"), cli->out);
}
