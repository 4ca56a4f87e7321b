/* isolab lesson: the main job. isl_main has created the database when it
 * was missing (or anew, --fresh) and read its model; this runs every bundle
 * x channel and the lesson's three sweeps, prints the lesson's tables from
 * the rows just written, then checks every claim on stderr, so stdout is
 * the lesson's tables alone. */
#include <stdio.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/lab.h"
#include "isolab/report.h"

int isl_cmd_lesson(isl_cli *cli, const isl_args *a)
{
    (void)a;
    isl_store *s = cli->store;
    const isl_model *m = cli->model;
    int rc = isl_lab_run_all(s, m, cli->argv_text, NULL, NULL, &cli->err);
    size_t b = isl_model_find_bundle(m, "strict"), c = isl_model_find_channel(m, "sampling-profile");
    if (!rc && (b == ISL_NONE || c == ISL_NONE))
        rc = isl_fail(&cli->err, ISL_EINPUT, "the model has no bundle 'strict' or no channel 'sampling-profile'");
    for (size_t i = 0; isl_lab_sweep_kinds[i] && !rc; i++)
        rc = isl_lab_sweep(s, m, cli->argv_text, isl_lab_sweep_kinds[i], b, c, NULL, NULL, &cli->err);
    if (!rc) rc = isl_report_views(cli, (const char *const[]){"lesson_report"}, 1);
    /* the claims go to stderr: stdout stays the lesson's own tables */
    if (!rc) fputc('\n', stderr), rc = isl_check_print(cli, NULL, stderr);
    if (!rc)
        fprintf(stderr, "\nisolab: the runs are in %s; try:\n  sqlite3 %s 'SELECT * FROM channel_table;'\n",
                cli->db_path, cli->db_path);
    return rc;
}
