/* isolab diff: what differs between two runs of one kind. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/report.h"

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    isl_clock_stop(); /* the output starts */
    isl_print_line(out, "%s", line);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

static const char *const DIFF_COLUMNS[] = {"change", "what"};

/* One line of the diff as a row: its mark ("~" changed, "-" only in A, "+"
 * only in B, "lost" or "gained" by the open surface) and the rest. */
static isl_status list_line(void *ctx, const char *line)
{
    isl_clock_stop();
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
    return isl_listing_row(ctx, 2, DIFF_COLUMNS, c);
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
    isl_clock_start("isolab diff: comparing the runs,");
    if (fmt == ISL_FMT_TABLE) {
        rc = isl_store_diff(cli->store, ra, rb, print_line, cli->out, &n, &cli->err);
    } else {
        isl_listing l;
        isl_listing_start(&l, (isl_format)fmt, cli->out);
        rc = isl_listing_row(&l, 2, DIFF_COLUMNS, NULL);
        if (!rc) rc = isl_store_diff(cli->store, ra, rb, list_line, &l, &n, &cli->err);
        rc = isl_listing_end(&l, rc);
        if (rc == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    isl_clock_stop();
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
