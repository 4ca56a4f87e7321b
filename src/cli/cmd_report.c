/* isolab report: print saved queries' lines from the database, or any
 * other table or view as an aligned table. */
#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/report.h"

int isl_cmd_report(isl_cli *cli, const isl_args *a)
{
    static const char *const lesson[] = {"lesson_report"};
    int rc = isl_apply_focus(cli, a);
    if (!rc) rc = isl_warn_stale(cli);
    if (rc) return rc;
    if (!a->nops) {
        int64_t id = 0;
        char digest[17];
        if (isl_store_latest_run(cli->store, "run", &id, digest, &cli->err)) return cli->err.status;
        if (!id) return isl_fail(&cli->err, ISL_EINPUT, "%s: no results yet: run 'isolab lesson' (or 'isolab run')",
                                 cli->db_path);
        return isl_report_views(cli, lesson, 1);
    }
    for (int i = 0; i < a->nops && !rc; i++) {
        const char *name = a->ops[i];
        if (i) fputc('\n', cli->out);
        /* a saved query prints its lines; anything else as a table */
        if (isl_store_has_column(cli->store, name, "line") == 0) rc = isl_report_table(cli, name);
        else rc = isl_report_views(cli, (const char *const *)&a->ops[i], 1);
    }
    return rc;
}
