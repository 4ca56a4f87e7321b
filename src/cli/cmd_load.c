/* isolab load: apply seed files to an existing database. */
#include "isolab/cli.h"

int isl_cmd_load(isl_cli *cli, int argc, char **argv)
{
    if (argc < 2) return isl_usage_error("load", "name at least one seed file");
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '-') return isl_usage_error("load", "unknown option '%s'", argv[i]);
    isl_store *s;
    int rc = isl_cli_open(cli, &s);
    if (rc) return rc;
    isl_error err;
    isl_error_clear(&err);
    rc = isl_store_load_files(s, (const char *const *)(argv + 1), (size_t)argc - 1, &err);
    isl_store_close(s);
    if (rc) return isl_report(&err);
    fprintf(cli->out, "loaded %d file%s into %s\n", argc - 1, argc == 2 ? "" : "s", cli->db_path);
    return ISL_OK;
}
