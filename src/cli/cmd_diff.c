/* isolab diff: what differs between two runs of one kind. While the runs'
 * fact statuses are read (before the first line), progress goes to stderr
 * when it is a terminal and the reading lasts more than a second. */
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/report.h"

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

/* Where the lines go: out as text, or with a listing each line as a row;
 * the progress line is wiped before the first. */
typedef struct out {
    FILE *f;
    progress *p;
    isl_listing *listing;
} out;

static const char *const DIFF_COLUMNS[] = {"change", "what"};

/* One line of the diff as a row: its mark ("~" changed, "-" only in A, "+"
 * only in B, "lost" or "gained" by the open surface) and the rest. */
static isl_status list_line(isl_listing *l, const char *line)
{
    static const char *const marks[] = {"lost", "gained"};
    char mark[8] = "";
    const char *what = line;
    while (*what == ' ') what++;
    for (size_t i = 0; i < 2 && !mark[0]; i++) {
        size_t n = strlen(marks[i]);
        if (what != line && !strncmp(what, marks[i], n) && what[n] == ':') {
            strcpy(mark, marks[i]);
            what += n + 1;
        }
    }
    if (!mark[0] && *what) mark[0] = *what++;
    while (*what == ' ') what++;
    isl_cell c[2] = {isl_cell_text(mark), isl_cell_text(what)};
    return isl_listing_row(l, 2, DIFF_COLUMNS, c);
}

static isl_status print_line(void *ctx, const char *line)
{
    out *o = ctx;
    if (o->p->shown) {
        fprintf(stderr, "\r%60s\r", "");
        o->p->shown = 0;
    }
    if (o->listing) return list_line(o->listing, line);
    isl_print_line(o->f, "%s", line);
    return ferror(o->f) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_diff(isl_cli *cli, const isl_args *a)
{
    int64_t ra, rb;
    size_t n = 0;
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (rc) return rc;
    progress p = {isl_now(), 0, 0};
    isl_listing l;
    out o = {cli->out, &p, fmt == ISL_FMT_TABLE ? NULL : &l};
    if (o.listing) {
        isl_listing_start(&l, (isl_format)fmt, cli->out);
        rc = isl_listing_row(&l, 2, DIFF_COLUMNS, NULL);
    }
    if (!rc)
        rc = isl_store_diff_progress(cli->store, ra, rb, print_line, &o, isatty(STDERR_FILENO) ? tick : NULL, &p, &n,
                                     &cli->err);
    if (p.shown) fprintf(stderr, "\r%60s\r", "");
    if (o.listing) rc = isl_listing_end(&l, rc);
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (rc && rc != ISL_EOUTPUT) return rc;
    /* the count line: with rows on stdout, it goes to stderr */
    if (!rc)
        fprintf(fmt == ISL_FMT_TABLE ? cli->out : stderr, "%zu difference%s from run %lld to run %lld\n", n,
                n == 1 ? "" : "s", (long long)ra, (long long)rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs differ */
    return !rc && n && isl_opt_flag(a, "--exit-code") ? ISL_EFAIL : rc;
}
