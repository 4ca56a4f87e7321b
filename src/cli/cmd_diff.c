/* isolab diff: what differs between two runs of one kind. */
#include "isolab/cli.h"
#include "isolab/history.h"

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    isl_print_line(out, "%s", line);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_diff(isl_cli *cli, const isl_args *a)
{
    int64_t ra, rb;
    size_t n = 0;
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (!rc) rc = isl_store_diff(cli->store, ra, rb, print_line, cli->out, &n, &cli->err);
    if (rc && rc != ISL_EOUTPUT) return rc;
    if (!rc) fprintf(cli->out, "%zu difference%s from run %lld to run %lld\n", n, n == 1 ? "" : "s", (long long)ra,
                     (long long)rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs differ */
    return !rc && n && isl_opt(a, "--exit-code") ? ISL_EFAIL : rc;
}
