/* isolab runs: list the runs, with how many result rows each wrote. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/report.h"

typedef struct lister {
    isl_cli *cli;
    int all, lng;
    isl_listing *listing; /* --format other than table: rows to the one writer */
} lister;

/* The columns of a listing of runs: the run table's, and rows. */
static const char *const RUN_COLUMNS[] = {"id", "kind", "started_at", "finished_at", "status", "model_digest",
                                          "rows", "argv", "note"};
#define NCOLUMNS (sizeof RUN_COLUMNS / sizeof *RUN_COLUMNS)

static isl_status list_run(isl_listing *l, const isl_run_info *r)
{
    char id[24], rows[24];
    isl_cell c[NCOLUMNS] = {isl_cell_int(r->id, id), isl_cell_text(r->kind), isl_cell_text(r->started_at),
                            isl_cell_text(r->finished_at), isl_cell_text(r->status), isl_cell_text(r->model_digest),
                            isl_cell_int(r->rows, rows), isl_cell_text(r->argv), isl_cell_text(r->note)};
    return isl_listing_row(l, NCOLUMNS, RUN_COLUMNS, c);
}

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
    if (l->listing) return list_run(l->listing, r);
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
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    isl_listing listing;
    lister l = {cli, isl_opt_flag(a, "--all") || (kind && !strcmp(kind, "check")), isl_opt_flag(a, "--long"),
                fmt == ISL_FMT_TABLE ? NULL : &listing};
    isl_status st;
    if (l.listing) {
        isl_listing_start(&listing, (isl_format)fmt, cli->out);
        st = isl_listing_row(&listing, NCOLUMNS, RUN_COLUMNS, NULL);
        if (!st) st = isl_store_runs(cli->store, kind, print_run, &l, &cli->err);
        st = isl_listing_end(&listing, st);
    } else {
        fprintf(cli->out, "%6s  %-9s  %-24s  %-7s  %-16s  %s\n", "id", "kind", "started", "status", "model digest", "rows");
        st = isl_store_runs(cli->store, kind, print_run, &l, &cli->err);
    }
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    if (st == ISL_EOUTPUT || !st) return isl_check_output(cli, cli->out, "the output");
    return st;
}
