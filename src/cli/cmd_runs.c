/* isolab runs: list the runs, with how many result rows each wrote. */
#include "isolab/cli.h"
#include "isolab/history.h"

static isl_status print_run(void *ctx, const isl_run_info *r)
{
    FILE *out = ctx;
    fprintf(out, "%6lld  %-9s  %-24s  %-7s  %-16s  %lld\n", (long long)r->id, r->kind ? r->kind : "",
            r->started_at ? r->started_at : "", r->status ? r->status : "",
            r->model_digest ? r->model_digest : "-", (long long)r->rows);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_runs(isl_cli *cli, const isl_args *a)
{
    fprintf(cli->out, "%6s  %-9s  %-24s  %-7s  %-16s  %s\n", "id", "kind", "started", "status", "model digest", "rows");
    isl_status st = isl_store_runs(cli->store, isl_opt(a, "--kind"), print_run, cli->out, &cli->err);
    if (st == ISL_EOUTPUT || !st) return isl_check_output(cli, cli->out, "the output");
    return st;
}
