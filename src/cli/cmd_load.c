/* isolab init: create the database; load: apply seed files to it (--replace:
 * the lessons they define replace the loaded ones); unload: remove lessons
 * with what they own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/author.h"
#include "isolab/cli.h"

int isl_cmd_init(isl_cli *cli, const isl_args *a)
{
    if (isl_store_create(cli->db_path, isl_opt(a, "--seeds"), isl_opt(a, "--force") != NULL, &cli->err))
        return cli->err.status;
    isl_print_line(cli->out, "created %s", cli->db_path);
    return ISL_OK;
}

/* A lesson loaded already: the command that replaces it, ready to paste
 * (--db and the same files, quoted for the shell), after the store's
 * message; words.c's plain words when the files are too many to repeat. */
static int loaded_already(isl_cli *cli, const isl_args *a)
{
    const char *words[13] = {"load", "--replace"};
    if (a->nops > 11) return cli->err.status;
    for (int i = 0; i < a->nops; i++) words[2 + i] = a->ops[i];
    isl_buf cmd = {NULL, 0, 0, 0};
    isl_put_command(cli, &cmd, a->nops + 2, words);
    size_t len = strlen(cli->err.msg);
    if (cmd.p) snprintf(cli->err.msg + len, sizeof cli->err.msg - len, " (%s replaces it)", cmd.p);
    if (cmd.p) cli->err.reason = ISL_R_NONE;
    free(cmd.p);
    return cli->err.status;
}

int isl_cmd_load(isl_cli *cli, const isl_args *a)
{
    int replace = isl_opt(a, "--replace") != NULL;
    if (isl_store_load(cli->store, (const char *const *)a->ops, (size_t)a->nops, replace, &cli->err))
        return cli->err.reason == ISL_R_LESSON_LOADED ? loaded_already(cli, a) : (int)cli->err.status;
    isl_print_line(cli->out, "loaded %d file%s into %s", a->nops, a->nops == 1 ? "" : "s", cli->db_path);
    return ISL_OK;
}

int isl_cmd_unload(isl_cli *cli, const isl_args *a)
{
    if (isl_check_distinct("lesson", (const char *const *)a->ops, (size_t)a->nops, &cli->err)
        || isl_store_unload(cli->store, (const char *const *)a->ops, (size_t)a->nops, &cli->err))
        return cli->err.status;
    isl_print_line(cli->out, "removed %d lesson%s from %s", a->nops, a->nops == 1 ? "" : "s", cli->db_path);
    return ISL_OK;
}
