/* isolab runs: list the runs, with how many result rows each wrote. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/report.h"

typedef struct lister {
    isl_cli *cli;
    int lng;
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

/* The runs the options choose: --kind, --all, --limit, --since, --param
 * KEY=VALUE (split into keys[] and values[], which the caller frees). */
static int make_filter(isl_cli *cli, const isl_args *a, isl_run_filter *f)
{
    const char *const *p = isl_opt_all(a, "--param", &f->nparams);
    f->kind = isl_opt(a, "--kind");
    f->with_checks = isl_opt_flag(a, "--all");
    long long limit = 0, since = 0;
    isl_opt_int(a, "--limit", &limit);
    isl_opt_int(a, "--since", &since);
    f->limit = limit, f->since = since;
    char **keys = calloc(f->nparams + 1, sizeof *keys);
    f->keys = (const char *const *)keys, f->values = (const char **)calloc(f->nparams + 1, sizeof *f->values);
    if (!keys || !f->values) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < f->nparams; i++) {
        const char *eq = strchr(p[i], '=');
        if (!eq || eq == p[i]) return isl_usage(cli, "--param: '%s' is not KEY=VALUE", p[i]);
        if (!(keys[i] = malloc((size_t)(eq - p[i]) + 1))) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        memcpy(keys[i], p[i], (size_t)(eq - p[i]));
        keys[i][eq - p[i]] = '\0';
        ((const char **)f->values)[i] = eq + 1;
    }
    return ISL_OK;
}

static void free_filter(isl_run_filter *f)
{
    for (size_t i = 0; f->keys && i < f->nparams; i++) free((char *)f->keys[i]);
    free((void *)f->keys);
    free((void *)f->values);
}

int isl_cmd_runs(isl_cli *cli, const isl_args *a)
{
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    if (isl_check_kind(cli, isl_opt(a, "--kind"))) return ISL_EUSAGE;
    isl_listing listing;
    lister l = {cli, isl_opt_flag(a, "--long"), fmt == ISL_FMT_TABLE ? NULL : &listing};
    isl_run_filter f = {0};
    isl_status st = make_filter(cli, a, &f);
    if (st) {
        free_filter(&f);
        return st;
    }
    if (l.listing) {
        isl_listing_start(&listing, (isl_format)fmt, cli->out);
        st = isl_listing_row(&listing, NCOLUMNS, RUN_COLUMNS, NULL);
        if (!st) st = isl_store_runs(cli->store, &f, print_run, &l, &cli->err);
        st = isl_listing_end(&listing, st);
    } else {
        fprintf(cli->out, "%6s  %-9s  %-24s  %-7s  %-16s  %s\n", "id", "kind", "started", "status", "model digest", "rows");
        st = isl_store_runs(cli->store, &f, print_run, &l, &cli->err);
    }
    free_filter(&f);
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    if (st == ISL_EOUTPUT || !st) return isl_check_output(cli, cli->out, "the output");
    return st;
}
