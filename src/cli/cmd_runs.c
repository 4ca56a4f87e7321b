/* isolab runs: list the runs, with how many result rows each wrote. */
#include "isolab/cli.h"
#include "isolab/history.h"

static isl_status print_run(void *ctx, const isl_run_info *r)
{
    FILE *out = ctx;
    fprintf(out, "%6lld  %-9s  %-24s  %-7s  %-16s  %lld\n", (long long)r->id, r->kind ? r->kind : "",
            r->started_at ? r->started_at : "", r->status ? r->status : "",
            r->model_digest ? r->model_digest : "-", (long long)r->rows);
    return ferror(out) ? ISL_EDB : ISL_OK;
}

int isl_cmd_runs(isl_cli *cli, int argc, char **argv)
{
    const char *kind = NULL;
    for (int i = 1; i < argc; i++) {
        int r = isl_opt_value("runs", argc, argv, &i, "--kind", &kind);
        if (r < 0) return ISL_EUSAGE;
        if (!r) return isl_usage_error("runs", "unexpected argument '%s'", argv[i]);
    }
    isl_store *s;
    int rc = isl_cli_open(cli, &s);
    if (rc) return rc;
    isl_error err;
    isl_error_clear(&err);
    fprintf(cli->out, "%6s  %-9s  %-24s  %-7s  %-16s  %s\n", "id", "kind", "started", "status", "model digest", "rows");
    if (isl_store_runs(s, kind, print_run, cli->out, &err)) rc = isl_report(&err);
    isl_store_close(s);
    return rc;
}
