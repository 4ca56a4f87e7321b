/* isolab load: apply seed files to an existing database. */
#include "isolab/cli.h"

int isl_cmd_load(isl_cli *cli, const isl_args *a)
{
    if (isl_store_load_files(cli->store, (const char *const *)a->ops, (size_t)a->nops, &cli->err))
        return cli->err.status;
    isl_print_line(cli->out, "loaded %d file%s into %s", a->nops, a->nops == 1 ? "" : "s", cli->db_path);
    return ISL_OK;
}
