/* isolab diff: what differs between two runs of one kind: the model's
 * changes first (they explain the results'), then the results'. On a
 * terminal: a clock, then the count of fact statuses read. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/diff.h"
#include "isolab/history.h"
#include "isolab/listing.h"
#include "isolab/parse.h"
#include "isolab/progress.h"
#include "isolab/provenance.h"
#include "isolab/report.h"
#include "isolab/util.h"

/* A row kept: its fields copied into one allocation. */
enum { NFIELDS = 9 };
typedef struct kept_row {
    char *f[NFIELDS]; /* isl_diff_row's fields in order, NULL kept */
} kept_row;

/* The model's rows wait in `model` until the runs are known to compare
 * (the first result row, or the end): a bad pair prints nothing. */
typedef struct diff_out {
    FILE *out;
    kept_row *model;
    size_t nm, cap; /* the model's rows */
    int flushed;
    isl_progress *p;
    isl_listing *listing; /* --format other than table: each line a row */
} diff_out;

/* The columns of --format other than table: the line's mark ("model" a
 * change of the model, "~" changed, "-" only in A, "+" only in B, "lost"
 * or "gained" by the open surface) and the rest as text, then its parts. */
static const char *const DIFF_COLUMNS[] = {"change", "what", "kind", "name", "bundle", "channel",
                                           "attribute", "before", "after"};
#define NCOLUMNS (sizeof DIFF_COLUMNS / sizeof *DIFF_COLUMNS)

static const char **fields(const isl_diff_row *r, const char *f[NFIELDS])
{
    const char *v[NFIELDS] = {r->line, r->change, r->kind, r->name, r->bundle, r->channel, r->attribute, r->before,
                              r->after};
    memcpy(f, v, sizeof v);
    return f;
}

/* One row of the diff as a listing row: "what" is the line without its mark. */
static isl_status list_row(isl_listing *l, const isl_diff_row *r)
{
    const char *what = r->line;
    while (*what == ' ') what++;
    if (!strcmp(r->change, "model") || !strcmp(r->change, "lost") || !strcmp(r->change, "gained"))
        what += strlen(r->change) + 1;
    else if (*what) what++;
    while (*what == ' ') what++;
    isl_cell c[NCOLUMNS] = {isl_cell_text(r->change), isl_cell_text(what), isl_cell_text(r->kind), isl_cell_text(r->name),
                            isl_cell_text(r->bundle), isl_cell_text(r->channel), isl_cell_text(r->attribute), isl_cell_text(r->before),
                            isl_cell_text(r->after)};
    return isl_listing_row(l, NCOLUMNS, DIFF_COLUMNS, c);
}

/* A row of output: text, or a row of the listing. */
static isl_status emit(diff_out *d, const isl_diff_row *r)
{
    if (d->listing) return list_row(d->listing, r);
    isl_print_line(d->out, "%s", r->line);
    return ISL_OK;
}

static isl_status keep_row(void *ctx, const isl_diff_row *r)
{
    diff_out *d = ctx;
    kept_row *k = isl_grow(&d->model, &d->cap, d->nm, sizeof *k);
    if (!k) return ISL_ENOMEM;
    d->nm++;
    const char *f[NFIELDS];
    fields(r, f);
    for (int i = 0; i < NFIELDS; i++)
        if (f[i] && !(k->f[i] = strdup(f[i]))) return ISL_ENOMEM;
    return ISL_OK;
}

static void free_model(diff_out *d)
{
    for (size_t i = 0; i < d->nm; i++)
        for (int k = 0; k < NFIELDS; k++) free(d->model[i].f[k]);
    free(d->model);
}

static isl_status flush_model(diff_out *d)
{
    isl_progress_clear(d->p);
    if (d->flushed) return ISL_OK;
    d->flushed = 1;
    /* the header too waits for a pair known to compare: a bad one writes nothing */
    isl_status st = d->listing ? isl_listing_row(d->listing, NCOLUMNS, DIFF_COLUMNS, NULL) : ISL_OK;
    for (size_t i = 0; !st && i < d->nm; i++) {
        char *const *f = d->model[i].f;
        isl_diff_row r = {f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8]};
        st = emit(d, &r);
    }
    if (st) return st;
    return ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

static isl_status print_row(void *ctx, const isl_diff_row *r)
{
    diff_out *d = ctx;
    isl_status st = flush_model(d);
    if (!st) st = emit(d, r);
    return st ? st : ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

/* The closing line: the results' differences, and the model's changes. */
static void print_count(FILE *out, size_t n, size_t nm, int64_t ra, int64_t rb)
{
    fprintf(out, "%zu difference%s from run %lld to run %lld", n, n == 1 ? "" : "s", (long long)ra, (long long)rb);
    if (nm) fprintf(out, ", after %zu change%s in the model", nm, nm == 1 ? "" : "s");
    fputc('\n', out);
}

int isl_cmd_diff(isl_cli *cli, const isl_args *a)
{
    int64_t ra, rb;
    size_t n = 0;
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    isl_progress p;
    isl_progress_start(&p, "fact statuses", 0);
    isl_listing l;
    diff_out d = {cli->out, NULL, 0, 0, 0, &p, fmt == ISL_FMT_TABLE ? NULL : &l};
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (d.listing) isl_listing_start(&l, (isl_format)fmt, cli->out);
    /* the models compared first: a clock, nothing to count */
    isl_clock_start(cli, "comparing the runs' models,");
    if (!rc) rc = isl_store_model_diff(cli->store, ra, rb, keep_row, &d, &cli->err);
    isl_clock_stop();
    uint64_t total = 0;
    if (!rc && p.on && !(rc = isl_store_status_rows(cli->store, ra, rb, &total, &cli->err))) p.total = total;
    if (!rc)
        rc = isl_store_diff_progress(cli->store, ra, rb, print_row, &d, p.on ? isl_progress_rows : NULL, &p, &n,
                                     &cli->err);
    if (!rc) rc = flush_model(&d);
    isl_progress_clear(&p);
    if (d.listing) rc = isl_listing_end(&l, rc);
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    free_model(&d);
    if (rc && rc != ISL_EOUTPUT) return rc;
    /* the count line: with rows on stdout, it goes to stderr */
    if (!rc) print_count(d.listing ? stderr : cli->out, n, d.nm, ra, rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs' results differ */
    return !rc && n && isl_opt_flag(a, "--exit-code") ? ISL_EFAIL : rc;
}
