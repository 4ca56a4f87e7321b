/* isolab command line: printing saved queries' lines, shared by report and
 * lesson. */
#include "isolab/cli.h"
#include "isolab/report.h"

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    fputs(line ? line : "", out);
    fputc('\n', out);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_report_views(isl_cli *cli, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\n', cli->out);
        isl_status st = isl_store_view_lines(cli->store, names[i], print_line, cli->out, &cli->err);
        if (st == ISL_EOUTPUT) return isl_check_output(cli, cli->out, "the output");
        if (st) return st;
    }
    return isl_check_output(cli, cli->out, "the output");
}
