/* isolab runs: list the runs, with how many result rows each wrote. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/history.h"
#include "isolab/listing.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"

typedef struct lister {
    isl_cli *cli;
    int lng;
    isl_listing *listing;
} lister;

/* The columns of a listing of runs: the run table's, and rows; a table
 * (for people) shows six of them, and with --long the rest under each. */
static const char *const RUN_COLUMNS[] = {"id", "kind", "started_at", "finished_at", "status", "model_digest",
                                          "rows", "argv", "note"};
#define NCOLUMNS (sizeof RUN_COLUMNS / sizeof *RUN_COLUMNS)
static const size_t SHOWN[] = {0, 1, 2, 4, 5, 6};
static const char *const SHOWN_COLUMNS[] = {"id", "kind", "started_at", "status", "model_digest", "rows"};
#define NSHOWN (sizeof SHOWN / sizeof *SHOWN)

/* A line "A" SEP "B" under the run's row (NULL as nothing). */
static isl_status detail(isl_listing *l, const char *a, const char *sep, const char *b)
{
    isl_buf line = {NULL, 0, 0, 0};
    isl_buf_printf(&line, "%s%s%s", a ? a : "", sep, b ? b : "");
    isl_status st = line.oom ? ISL_ENOMEM : isl_listing_detail(l, line.p);
    free(line.p);
    return st;
}

static isl_status list_param(void *ctx, const char *key, const char *value) { return detail(ctx, key, " = ", value); }

/* One run as a row; for a table with --long, its command line, note,
 * whether it is retired and its parameters under it. */
static isl_status print_run(void *ctx, const isl_run_info *r)
{
    lister *l = ctx;
    char id[24], rows[24];
    isl_cell c[NCOLUMNS] = {isl_cell_int(r->id, id), isl_cell_text(r->kind), isl_cell_text(r->started_at),
                            isl_cell_text(r->finished_at), isl_cell_text(r->status), isl_cell_text(r->model_digest),
                            isl_cell_int(r->rows, rows), isl_cell_text(r->argv), isl_cell_text(r->note)};
    if (l->listing->fmt != ISL_FMT_TABLE) return isl_listing_row(l->listing, NCOLUMNS, RUN_COLUMNS, c);
    isl_cell shown[NSHOWN];
    for (size_t i = 0; i < NSHOWN; i++) shown[i] = c[SHOWN[i]];
    if (!r->model_digest) shown[4] = isl_cell_text("-");
    isl_status st = isl_listing_row(l->listing, NSHOWN, SHOWN_COLUMNS, shown);
    if (st || !l->lng) return st;
    st = detail(l->listing, "argv", ": ", r->argv ? r->argv : "-");
    if (!st && r->note) st = detail(l->listing, "note", ": ", r->note);
    if (!st && r->retired) st = detail(l->listing, "retired from the stale note", ": ", r->retired);
    return st ? st : isl_store_run_params(l->cli->store, r->id, list_param, l->listing, &l->cli->err);
}

/* The runs the options choose: --kind, --all, --limit, --since, --param
 * KEY=VALUE (split into keys[] and values[], which the caller frees). */
static int make_filter(isl_cli *cli, const isl_args *a, isl_run_filter *f)
{
    const char *const *p = isl_opt_all(a, "--param", &f->nparams);
    long long kind = ISL_KIND_COUNT;
    isl_opt_int(a, "--kind", &kind);
    f->kind = (isl_kind)kind;
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
        if (!(keys[i] = strndup(p[i], (size_t)(eq - p[i])))) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
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

/* Below an empty table: why it is empty, and what to run. */
static void note_empty(isl_cli *cli, const isl_run_filter *f)
{
    char l[512], a[512], first[64];
    int64_t id = 0;
    char digest[17];
    isl_error err = {0};
    isl_hint(cli, isl_first_command(cli, first, sizeof first), l, sizeof l);
    if (f->kind != ISL_KIND_COUNT || f->since || f->nparams) isl_note(cli, "no run matches the options given");
    else if (!f->with_checks && !isl_store_latest_run(cli->store, ISL_KIND_CHECK, &id, digest, &err) && id)
        isl_note(cli, "%s: no runs yet but checks (%s lists them): run %s", cli->db_path,
                 isl_hint(cli, "isolab runs --all", a, sizeof a), l);
    else isl_note(cli, "%s: no runs yet: run %s", cli->db_path, l);
}

int isl_cmd_runs(isl_cli *cli, const isl_args *a)
{
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    isl_listing listing;
    lister l = {cli, isl_opt_flag(a, "--long"), &listing};
    isl_run_filter f = {0};
    isl_status st = make_filter(cli, a, &f);
    isl_listing_start(&listing, (isl_format)fmt, cli->out);
    if (!st) st = isl_listing_labelled(&listing, cli, "run");
    int table = fmt == ISL_FMT_TABLE;
    if (!st) st = isl_listing_row(&listing, table ? NSHOWN : NCOLUMNS, table ? SHOWN_COLUMNS : RUN_COLUMNS, NULL);
    if (!st) st = isl_store_runs(cli->store, &f, print_run, &l, &cli->err);
    int rc = isl_listing_done(cli, &listing, st);
    if (!rc && table && !listing.rows) note_empty(cli, &f);
    free_filter(&f);
    return rc;
}
