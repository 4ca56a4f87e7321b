/* isolab report: print saved queries' lines from the database. */
#include "isolab/cli.h"
#include "isolab/report.h"

int isl_cmd_report(isl_cli *cli, const isl_args *a)
{
    static const char *const lesson[] = {"lesson_report"};
    if (a->nops) return isl_report_views(cli, (const char *const *)a->ops, (size_t)a->nops);
    return isl_report_views(cli, lesson, 1);
}
