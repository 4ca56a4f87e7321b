/* isolab lesson: the main job. Creates the database when missing (or anew),
 * runs every bundle x channel and the lesson's three sweeps, then prints the
 * lesson's tables from the rows just written, then checks every claim (on
 * stderr, so stdout is the lesson's tables alone). */
#include <string.h>
#include <sys/stat.h>

#include "isolab/cli.h"

int isl_cmd_lesson(isl_cli *cli, int argc, char **argv)
{
    int fresh = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--fresh")) fresh = 1;
        else return isl_usage_error("lesson", "unexpected argument '%s'", argv[i]);
    }
    isl_error err;
    isl_error_clear(&err);
    struct stat sb;
    if (fresh || stat(cli->db_path, &sb) != 0) {
        if (isl_store_create(cli->db_path, NULL, fresh, &err)) return isl_report(&err);
    }
    isl_store *s;
    isl_model *m;
    int rc = isl_cli_open_model(cli, &s, &m);
    if (rc) return rc;
    rc = isl_run_all(cli, s, m);
    static const char *const sweeps[] = {"samples", "removal", "addition"};
    for (size_t i = 0; i < 3 && !rc; i++) rc = isl_sweep_run(cli, s, m, sweeps[i], "strict", "sampling-profile", 1);
    if (!rc) rc = isl_report_lesson(cli, s);
    /* the claims go to stderr: stdout stays the lesson's own tables */
    if (!rc) fputc('\n', stderr), rc = isl_check_run(cli, s, m, NULL, stderr);
    isl_model_free(m);
    isl_store_close(s);
    if (!rc)
        fprintf(stderr, "\nisolab: the runs are in %s; try:\n  sqlite3 %s 'SELECT * FROM channel_table;'\n",
                cli->db_path, cli->db_path);
    return rc;
}
