/* isolab diff: what differs between two runs of one kind: the model's
 * changes first (they explain the results'), then the results'. On a
 * terminal: a clock, then the count of fact statuses read. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/provenance.h"
#include "isolab/report.h"

/* The model's lines wait in `model` until the runs are known to compare
 * (the first result line, or the end): a bad pair prints nothing. */
typedef struct diff_out {
    FILE *out;
    isl_buf model; /* the model's lines, each ending in a newline */
    int flushed;
    isl_progress *p;
    isl_listing *listing; /* --format other than table: each line a row */
    size_t nm;            /* the model's lines */
} diff_out;

static const char *const DIFF_COLUMNS[] = {"change", "what"};

/* One line of the diff as a row: its mark ("model" a change of the model,
 * "~" changed, "-" only in A, "+" only in B, "lost" or "gained" by the open
 * surface) and the rest. */
static isl_status list_line(isl_listing *l, const char *line)
{
    static const char *const marks[] = {"model", "lost", "gained"};
    char mark[8] = "";
    const char *what = line;
    while (*what == ' ') what++;
    for (size_t i = 0; i < 3 && !mark[0]; i++) {
        size_t n = strlen(marks[i]);
        if ((i == 0) == (what == line) && !strncmp(what, marks[i], n) && what[n] == ':') {
            strcpy(mark, marks[i]);
            what += n + 1;
        }
    }
    if (!mark[0] && *what) mark[0] = *what++;
    while (*what == ' ') what++;
    isl_cell c[2] = {isl_cell_text(mark), isl_cell_text(what)};
    return isl_listing_row(l, 2, DIFF_COLUMNS, c);
}

/* A line of output: text, or a row of the listing. */
static isl_status emit(diff_out *d, const char *line)
{
    if (d->listing) return list_line(d->listing, line);
    isl_print_line(d->out, "%s", line);
    return ISL_OK;
}

static isl_status keep_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    d->nm++;
    isl_buf_printf(&d->model, "%s\n", line);
    return d->model.oom ? ISL_ENOMEM : ISL_OK;
}

static isl_status flush_model(diff_out *d)
{
    isl_progress_clear(d->p);
    if (d->flushed) return ISL_OK;
    d->flushed = 1;
    /* the header too waits for a pair known to compare: a bad one writes nothing */
    isl_status st = d->listing ? isl_listing_row(d->listing, 2, DIFF_COLUMNS, NULL) : ISL_OK;
    if (st) return st;
    char *text = d->model.p;
    d->model = (isl_buf){NULL, 0, 0, 0};
    for (char *p = text, *e; p && *p; p = e + 1) {
        e = strchr(p, '\n');
        *e = '\0';
        if (emit(d, p)) break;
    }
    free(text);
    return ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

static isl_status print_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    isl_status st = flush_model(d);
    if (!st) st = emit(d, line);
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
    diff_out d = {cli->out, {NULL, 0, 0, 0}, 0, &p, fmt == ISL_FMT_TABLE ? NULL : &l, 0};
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (d.listing) isl_listing_start(&l, (isl_format)fmt, cli->out);
    /* the models compared first: a clock, nothing to count */
    isl_clock_start("isolab diff: comparing the runs' models,");
    if (!rc) rc = isl_store_model_diff(cli->store, ra, rb, keep_line, &d, &cli->err);
    isl_clock_stop();
    uint64_t total = 0;
    if (!rc && p.on && !(rc = isl_store_status_rows(cli->store, ra, rb, &total, &cli->err))) p.total = total;
    if (!rc)
        rc = isl_store_diff_progress(cli->store, ra, rb, print_line, &d, p.on ? isl_progress_rows : NULL, &p, &n,
                                     &cli->err);
    if (!rc) rc = flush_model(&d);
    isl_progress_clear(&p);
    if (d.listing) rc = isl_listing_end(&l, rc);
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    free(d.model.p);
    if (rc && rc != ISL_EOUTPUT) return rc;
    /* the count line: with rows on stdout, it goes to stderr */
    if (!rc) print_count(d.listing ? stderr : cli->out, n, d.nm, ra, rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs' results differ */
    return !rc && n && isl_opt_flag(a, "--exit-code") ? ISL_EFAIL : rc;
}
