/* isolab diff: what differs between two runs of one kind: the model's
 * changes first (they explain the results'), then the results'. While the
 * runs' fact statuses are read (before the first line), progress goes to
 * stderr when it is a terminal and the reading lasts more than a second. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/provenance.h"

typedef struct progress {
    double start, last;
    int shown;
} progress;

static void tick(void *ctx, uint64_t rows)
{
    progress *p = ctx;
    double at = isl_now(), t = at - p->start;
    if (t < 1.0 || at - p->last < 0.5) return;
    p->last = at;
    fprintf(stderr, "\risolab: %llu fact statuses read, %.0f rows/s   ", (unsigned long long)rows, (double)rows / t);
    p->shown = 1;
}

/* The model's lines wait in `model` until the runs are known to compare
 * (the first result line, or the end): a bad pair prints nothing. The
 * progress line is wiped before the first line of output. */
typedef struct diff_out {
    FILE *out;
    sqlite3_str *model;
    int flushed;
    progress *p;
} diff_out;

static isl_status keep_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    sqlite3_str_appendf(d->model, "%s\n", line);
    return sqlite3_str_errcode(d->model) ? ISL_ENOMEM : ISL_OK;
}

static isl_status flush_model(diff_out *d)
{
    if (d->p->shown) {
        fprintf(stderr, "\r%60s\r", "");
        d->p->shown = 0;
    }
    if (d->flushed) return ISL_OK;
    d->flushed = 1;
    char *text = sqlite3_str_finish(d->model);
    d->model = NULL;
    for (char *p = text, *e; p && *p; p = e + 1) {
        e = strchr(p, '\n');
        *e = '\0';
        isl_print_line(d->out, "%s", p);
    }
    sqlite3_free(text);
    return ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

static isl_status print_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    isl_status st = flush_model(d);
    if (!st) isl_print_line(d->out, "%s", line);
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
    size_t n = 0, nm = 0;
    progress p = {isl_now(), 0, 0};
    diff_out d = {cli->out, sqlite3_str_new(NULL), 0, &p};
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (!rc) rc = isl_store_model_diff(cli->store, ra, rb, keep_line, &d, &nm, &cli->err);
    if (!rc)
        rc = isl_store_diff_progress(cli->store, ra, rb, print_line, &d, isatty(STDERR_FILENO) ? tick : NULL, &p, &n,
                                     &cli->err);
    if (!rc) rc = flush_model(&d);
    if (p.shown) fprintf(stderr, "\r%60s\r", "");
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    sqlite3_free(sqlite3_str_finish(d.model));
    if (rc && rc != ISL_EOUTPUT) return rc;
    if (!rc) print_count(cli->out, n, nm, ra, rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs' results differ */
    return !rc && n && isl_opt(a, "--exit-code") ? ISL_EFAIL : rc;
}
