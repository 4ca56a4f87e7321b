/* isolab check: evaluate the lessons' claims against the latest results and
 * store the outcomes as one 'check' run. */
#include <string.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/report.h"

/* Where a check's claims go: lines to out (those `show` asks for), or with
 * a listing every claim as a row. */
typedef struct claim_out {
    FILE *out;
    isl_claims_shown show;
    isl_listing *listing;
} claim_out;

static const char *const CLAIM_COLUMNS[] = {"lesson", "claim", "outcome", "expected", "actual", "reason", "statement"};
#define NCOLUMNS (sizeof CLAIM_COLUMNS / sizeof *CLAIM_COLUMNS)

static isl_status list_claim(isl_listing *l, const isl_claim_row *r)
{
    isl_cell c[NCOLUMNS] = {isl_cell_text(r->lesson), isl_cell_text(r->name),
                            isl_cell_text(isl_claim_outcome_name(r->outcome)), isl_cell_text(r->expected),
                            isl_cell_text(r->actual), isl_cell_text(r->reason), isl_cell_text(r->statement)};
    return isl_listing_row(l, NCOLUMNS, CLAIM_COLUMNS, c);
}

static isl_status print_claim(void *ctx, const isl_claim_row *r)
{
    claim_out *co = ctx;
    FILE *out = co->out;
    char why[700];
    const char *reason = isl_claim_words(r, why, sizeof why);
    if (co->listing) return list_claim(co->listing, r);
    if (co->show == ISL_CLAIMS_NONE || (co->show == ISL_CLAIMS_FAILED && r->outcome != ISL_CLAIM_FAIL)) return ISL_OK;
    if (isl_print_outcome(out, isl_claim_outcome_name(r->outcome), 7)) return ISL_EOUTPUT;
    int rc;
    if (r->outcome == ISL_CLAIM_PASS)
        rc = isl_print_line(out, "  %s %s = %s -- %s", r->lesson, r->name, r->actual, r->statement);
    else if (r->outcome == ISL_CLAIM_FAIL)
        rc = isl_print_line(out, "  %s %s: expected %s, actual %s (%s) -- %s", r->lesson, r->name,
                            r->expected, r->actual ? r->actual : "NULL", reason, r->statement);
    else
        rc = isl_print_line(out, "  %s %s: %s -- %s", r->lesson, r->name, reason, r->statement);
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
        char l[512], r[512], w[512];
        isl_note(cli, "no run yet, so claims over results have no value; %s (or %s and %s) computes them",
                 isl_hint(cli, "isolab lesson", l, sizeof l), isl_hint(cli, "isolab run", r, sizeof r),
                 isl_hint(cli, "isolab sweep", w, sizeof w));
        return ISL_OK;
    }
    return isl_warn_stale(cli);
}

/* Runs the check with the claims going to co. */
static isl_status check_into(isl_cli *cli, const char *lesson, claim_out *co, isl_format fmt, isl_claim_counts *n,
                             int64_t *run_id)
{
    isl_listing listing;
    if (fmt != ISL_FMT_TABLE) {
        isl_listing_start(&listing, fmt, co->out);
        co->listing = &listing;
        isl_status st = isl_listing_row(&listing, NCOLUMNS, CLAIM_COLUMNS, NULL);
        if (!st) st = isl_lab_check(cli->store, cli->model, cli->argv_text, lesson, print_claim, co, n, run_id, &cli->err);
        return isl_listing_end(&listing, st);
    }
    return isl_lab_check(cli->store, cli->model, cli->argv_text, lesson, print_claim, co, n, run_id, &cli->err);
}

int isl_check_print(isl_cli *cli, const char *lesson, FILE *out, isl_claims_shown show, isl_format fmt)
{
    isl_claim_counts n = {{0}};
    int64_t run_id = 0;
    claim_out co = {out, show, NULL};
    isl_status st = check_into(cli, lesson, &co, fmt, &n, &run_id);
    if (st == ISL_EOUTPUT) return isl_check_output(cli, out, out == stderr ? "to stderr" : "the output");
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    if (st) return st;
    /* the count line: with rows on out, it goes to stderr */
    FILE *cf = fmt == ISL_FMT_TABLE ? out : stderr;
    size_t total = n.n[ISL_CLAIM_PASS] + n.n[ISL_CLAIM_FAIL] + n.n[ISL_CLAIM_PENDING] + n.n[ISL_CLAIM_STALE];
    char stale[48] = "";
    if (n.n[ISL_CLAIM_STALE]) snprintf(stale, sizeof stale, ", %zu stale", n.n[ISL_CLAIM_STALE]);
    fprintf(cf, "check: %zu passed, %zu failed, %zu pending%s of %zu claim%s (run %lld)\n", n.n[ISL_CLAIM_PASS],
            n.n[ISL_CLAIM_FAIL], n.n[ISL_CLAIM_PENDING], stale, total, total == 1 ? "" : "s", (long long)run_id);
    if (isl_check_output(cli, cf, cf == stderr ? "to stderr" : "the output")) return cli->err.status;
    return n.n[ISL_CLAIM_FAIL] ? ISL_EFAIL : ISL_OK;
}

int isl_cmd_check(isl_cli *cli, const isl_args *a)
{
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    int failed = isl_opt_flag(a, "--failed"), quiet = isl_opt_flag(a, "--quiet");
    if (failed && quiet) return isl_usage(cli, "give --failed or --quiet, not both");
    if (fmt != ISL_FMT_TABLE && (failed || quiet))
        return isl_usage(cli, "--format %s lists every claim: give it without --%s", isl_format_names[fmt],
                         failed ? "failed" : "quiet");
    int rc = note_stale(cli);
    return rc ? rc
              : isl_check_print(cli, isl_opt(a, "--lesson"), cli->out,
                                quiet ? ISL_CLAIMS_NONE : failed ? ISL_CLAIMS_FAILED : ISL_CLAIMS_ALL, (isl_format)fmt);
}
