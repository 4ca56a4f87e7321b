/* isolab report: print saved queries' lines from the database, or any
 * other table or view as an aligned table; with --format, one relation's
 * rows as CSV, TSV, JSON or NDJSON. */
#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/report.h"

/* The focus lesson's tables as rows (lesson, line): what the text shows. */
static int lesson_rows(isl_cli *cli, isl_format fmt)
{
    char code[256], b[256], c[256];
    if (isl_store_current_focus(cli->store, code, b, c, sizeof code, &cli->err)) return cli->err.status;
    isl_listing l;
    isl_listing_start(&l, fmt, cli->out);
    isl_status st = isl_listing_end(&l, isl_report_lesson_rows(cli, &l, code, 1));
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    if (st && st != ISL_EOUTPUT) return st;
    if (!st) isl_note_no_results(cli, NULL, l.rows);
    return isl_check_output(cli, cli->out, "the output");
}

int isl_cmd_report(isl_cli *cli, const isl_args *a)
{
    static const char *const lesson[] = {"lesson_report"};
    long long fmt = ISL_FMT_TABLE;
    int given = isl_opt_int(a, "--format", &fmt);
    if (fmt != ISL_FMT_TABLE && a->nops > 1)
        return isl_usage(cli, "--format %s lists the rows of one NAME", isl_format_names[fmt]);
    int rc = isl_apply_focus(cli, a);
    if (!rc) rc = isl_warn_stale(cli);
    if (rc) return rc;
    if (fmt != ISL_FMT_TABLE && a->nops) return isl_report_table(cli, a->ops[0], (isl_format)fmt);
    if (fmt != ISL_FMT_TABLE) return lesson_rows(cli, (isl_format)fmt);
    if (!a->nops) {
        char msg[1200];
        int none = isl_no_results(cli, msg, sizeof msg);
        if (none) return none < 0 ? cli->err.status : isl_fail(&cli->err, ISL_EINPUT, "%s", msg);
        return isl_report_views(cli, lesson, 1);
    }
    for (int i = 0; i < a->nops && !rc; i++) {
        const char *name = a->ops[i];
        if (i) fputc('\n', cli->out);
        /* a saved query prints its lines (unless --format table asks for
         * its rows); anything else as a table */
        if (given || isl_store_has_column(cli->store, name, "line") == 0) rc = isl_report_table(cli, name, ISL_FMT_TABLE);
        else rc = isl_report_views(cli, (const char *const *)&a->ops[i], 1);
    }
    return rc;
}
