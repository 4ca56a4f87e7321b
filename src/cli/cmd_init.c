/* isolab init: create the database. */
#include <string.h>

#include "isolab/cli.h"

int isl_cmd_init(isl_cli *cli, int argc, char **argv)
{
    const char *seeds = NULL;
    int force = 0;
    for (int i = 1; i < argc; i++) {
        int r = isl_opt_value("init", argc, argv, &i, "--seeds", &seeds);
        if (r < 0) return ISL_EUSAGE;
        if (r > 0) continue;
        if (!strcmp(argv[i], "--force")) force = 1;
        else return isl_usage_error("init", "unexpected argument '%s'", argv[i]);
    }
    isl_error err;
    isl_error_clear(&err);
    if (isl_store_create(cli->db_path, seeds, force, &err)) return isl_report(&err);
    fprintf(cli->out, "created %s\n", cli->db_path);
    return ISL_OK;
}
