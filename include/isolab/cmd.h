/* isolab: the commands, one function each (src/cli/cmd_*.c), which the
 * table of commands names (commands.c): each runs its command on cli with
 * the parsed arguments a and returns its exit status (error.h). */
#ifndef ISOLAB_CMD_H
#define ISOLAB_CMD_H

#include "isolab/cli.h"

int isl_cmd_init(isl_cli *cli, const isl_args *a);
int isl_cmd_load(isl_cli *cli, const isl_args *a);
int isl_cmd_unload(isl_cli *cli, const isl_args *a);
int isl_cmd_run(isl_cli *cli, const isl_args *a);
int isl_cmd_sweep(isl_cli *cli, const isl_args *a);
int isl_cmd_sweep_bundles(isl_cli *cli, const isl_args *a);
int isl_cmd_frontier(isl_cli *cli, const isl_args *a);
int isl_cmd_smallest(isl_cli *cli, const isl_args *a);
int isl_cmd_marginal(isl_cli *cli, const isl_args *a);
int isl_cmd_report(isl_cli *cli, const isl_args *a);
int isl_cmd_lesson(isl_cli *cli, const isl_args *a);
int isl_cmd_check(isl_cli *cli, const isl_args *a);
int isl_cmd_export(isl_cli *cli, const isl_args *a);
int isl_cmd_runs(isl_cli *cli, const isl_args *a);
int isl_cmd_diff(isl_cli *cli, const isl_args *a);
int isl_cmd_page(isl_cli *cli, const isl_args *a);
int isl_cmd_help(isl_cli *cli, const isl_args *a);
int isl_cmd_version(isl_cli *cli, const isl_args *a);
int isl_cmd_note(isl_cli *cli, const isl_args *a);
int isl_cmd_focus(isl_cli *cli, const isl_args *a);
int isl_cmd_claim(isl_cli *cli, const isl_args *a);
int isl_cmd_rm(isl_cli *cli, const isl_args *a);
int isl_cmd_prune(isl_cli *cli, const isl_args *a);
int isl_cmd_probe(isl_cli *cli, const isl_args *a);
int isl_cmd_import(isl_cli *cli, const isl_args *a);

#endif
