/* isolab diff: what differs between two runs of one kind. */
#include "isolab/cli.h"
#include "isolab/history.h"

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    fprintf(out, "%s\n", line);
    return ferror(out) ? ISL_EDB : ISL_OK;
}

int isl_cmd_diff(isl_cli *cli, int argc, char **argv)
{
    int64_t a, b;
    if (argc != 3) return isl_usage_error("diff", "name two runs: isolab diff RUN_A RUN_B");
    int rc = isl_parse_run_id("diff", argv[1], &a);
    if (!rc) rc = isl_parse_run_id("diff", argv[2], &b);
    if (rc) return rc;
    isl_store *s;
    if ((rc = isl_cli_open(cli, &s))) return rc;
    isl_error err;
    isl_error_clear(&err);
    size_t n = 0;
    if (isl_store_diff(s, a, b, print_line, cli->out, &n, &err)) rc = isl_report(&err);
    else fprintf(cli->out, "%zu difference%s from run %lld to run %lld\n", n, n == 1 ? "" : "s", (long long)a, (long long)b);
    isl_store_close(s);
    return rc;
}
