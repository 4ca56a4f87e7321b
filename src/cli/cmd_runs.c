/* isolab runs: list the runs, with how many result rows each wrote. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"

typedef struct lister {
    isl_cli *cli;
    int all, lng;
} lister;

static isl_status print_param(void *ctx, const char *key, const char *value)
{
    FILE *out = ctx;
    if (isl_print_line(out, "        %s = %s", key ? key : "", value ? value : "")) return ISL_EOUTPUT;
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

/* Every field goes through isl_print_line: data may not drive the terminal. */
static isl_status print_run(void *ctx, const isl_run_info *r)
{
    lister *l = ctx;
    FILE *out = l->cli->out;
    if (!l->all && r->kind && !strcmp(r->kind, "check")) return ISL_OK;
    isl_print_line(out, "%6lld  %-9s  %-24s  %-7s  %-16s  %lld", (long long)r->id, r->kind ? r->kind : "",
                   r->started_at ? r->started_at : "", r->status ? r->status : "",
                   r->model_digest ? r->model_digest : "-", (long long)r->rows);
    if (l->lng) {
        isl_print_line(out, "        argv: %s", r->argv ? r->argv : "-");
        if (r->note) isl_print_line(out, "        note: %s", r->note);
        isl_status st = isl_store_run_params(l->cli->store, r->id, print_param, out, &l->cli->err);
        if (st) return st;
    }
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_runs(isl_cli *cli, const isl_args *a)
{
    const char *kind = isl_opt(a, "--kind");
    if (isl_check_kind(cli, kind)) return ISL_EUSAGE;
    lister l = {cli, isl_opt(a, "--all") != NULL || (kind && !strcmp(kind, "check")), isl_opt(a, "--long") != NULL};
    fprintf(cli->out, "%6s  %-9s  %-24s  %-7s  %-16s  %s\n", "id", "kind", "started", "status", "model digest", "rows");
    isl_status st = isl_store_runs(cli->store, kind, print_run, &l, &cli->err);
    if (st == ISL_EOUTPUT || !st) return isl_check_output(cli, cli->out, "the output");
    return st;
}
