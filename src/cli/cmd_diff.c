/* isolab diff: what differs between two runs of one kind. While the runs'
 * fact statuses are read (before the first line), progress goes to stderr
 * when it is a terminal and the reading lasts more than a second. */
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/history.h"

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

/* The first line of output: the progress line is wiped first. */
typedef struct out {
    FILE *f;
    progress *p;
} out;

static isl_status print_line(void *ctx, const char *line)
{
    out *o = ctx;
    if (o->p->shown) {
        fprintf(stderr, "\r%60s\r", "");
        o->p->shown = 0;
    }
    isl_print_line(o->f, "%s", line);
    return ferror(o->f) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_diff(isl_cli *cli, const isl_args *a)
{
    int64_t ra, rb;
    size_t n = 0;
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    progress p = {isl_now(), 0, 0};
    out o = {cli->out, &p};
    if (!rc)
        rc = isl_store_diff_progress(cli->store, ra, rb, print_line, &o, isatty(STDERR_FILENO) ? tick : NULL, &p, &n,
                                     &cli->err);
    if (p.shown) fprintf(stderr, "\r%60s\r", "");
    if (rc && rc != ISL_EOUTPUT) return rc;
    if (!rc) fprintf(cli->out, "%zu difference%s from run %lld to run %lld\n", n, n == 1 ? "" : "s", (long long)ra,
                     (long long)rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs differ */
    return !rc && n && isl_opt(a, "--exit-code") ? ISL_EFAIL : rc;
}
