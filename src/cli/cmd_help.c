/* isolab help and version: the command table comes in cli->commands. */
#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/listing.h"
#include "isolab/names.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"
#include "isolab/version.h"

int isl_cmd_version(isl_cli *cli, const isl_args *a)
{
    static const char *const names[] = {"isolab", "sqlite", "schema"};
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    if (fmt == ISL_FMT_TABLE) {
        fprintf(cli->out, "isolab %s\nSQLite %s\nschema %d\n", ISOLAB_VERSION, isl_store_sqlite_version(),
                ISL_SCHEMA_VERSION);
        return isl_check_output(cli, cli->out, "the output");
    }
    char schema[24];
    isl_cell row[3] = {isl_cell_text(ISOLAB_VERSION), isl_cell_text(isl_store_sqlite_version()),
                       isl_cell_int(ISL_SCHEMA_VERSION, schema)};
    isl_listing l;
    isl_listing_start(&l, (isl_format)fmt, cli->out);
    isl_status st = isl_listing_row(&l, 3, names, NULL);
    if (!st) st = isl_listing_row(&l, 3, names, row);
    return isl_listing_done(cli, &l, st);
}

int isl_cmd_help(isl_cli *cli, const isl_args *a)
{
    if (!a->nops) {
        isl_print_main_usage(cli->commands, cli->out);
        return ISL_OK;
    }
    int words = 0;
    const isl_command *c = isl_find_command(cli->commands, a->nops, a->ops, 0, &words);
    char hint[ISL_HINT_MAX];
    if (!c)
        return isl_usage(cli, "no command named '%s'%s", a->ops[0],
                         isl_command_hint(cli->commands, a->ops[0], hint, sizeof hint));
    if (words != a->nops) return isl_usage(cli, "unexpected argument '%s'", a->ops[words]);
    isl_print_usage(c, cli->out);
    return ISL_OK;
}
