/* isolab init: create the database. */
#include "isolab/cli.h"

int isl_cmd_init(isl_cli *cli, const isl_args *a)
{
    if (isl_store_create(cli->db_path, isl_opt(a, "--seeds"), isl_opt(a, "--force") != NULL, &cli->err))
        return cli->err.status;
    isl_print_line(cli->out, "created %s", cli->db_path);
    return ISL_OK;
}
