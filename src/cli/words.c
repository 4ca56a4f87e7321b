/* isolab command line: the one table that words what the store reports.
 * The store says what happened to a file, a table or a value, with a
 * reason (isl_reason); what the user can do about it names commands and
 * options, which only the command line knows. */
#include <stdio.h>
#include <string.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/util.h"
#include "isolab/words.h"

/* Per reason: the words before and after the store's message; when the
 * user can run a command, after ends with it (as pasted: isl_hint repeats
 * --db, quoted for the shell) and tail follows it. */
static const struct {
    isl_reason reason;
    const char *before, *after, *command, *tail;
    const char *only; /* the command the words are for (NULL: any) */
} WORDS[] = {
    {ISL_R_MISSING, "", " (create it with ", "isolab init", ")", NULL},
    {ISL_R_LOCKED, "", "; retry when it has finished, or wait longer with --wait", NULL, NULL, NULL},
    {ISL_R_LOCKED_OLD, "", "; --force replaces a database only while no one writes it: retry when it has finished, "
                           "or wait longer with --wait", NULL, NULL, NULL},
    {ISL_R_LOCKED_MIGRATION, "", "; run the command again when it has finished, or wait longer with --wait", NULL, NULL, NULL},
    {ISL_R_REPLACED, "", " (by ", "isolab init --force", "?); nothing was written; run the command again", NULL},
    {ISL_R_EXISTS, "", " (use --force to replace it)", NULL, NULL, NULL},
    {ISL_R_NOT_REGULAR, "", "; --fresh replaces only a regular file", NULL, NULL, "lesson"},
    {ISL_R_NOT_REGULAR, "", "; --force replaces only a regular file", NULL, NULL, NULL},
    {ISL_R_NOT_ISOLAB, "", "; --fresh replaces only an isolab database: remove or rename it yourself if it is to go",
     NULL, NULL, "lesson"},
    {ISL_R_NOT_ISOLAB, "", "; --force replaces only an isolab database: remove or rename it yourself if it is to go",
     NULL, NULL, NULL},
    {ISL_R_WORK_BUDGET, "", " (raise the budget with --work-limit)", NULL, NULL, NULL},
    {ISL_R_NO_RUN, "", " (see ", "isolab runs --all", ")", NULL},
    {ISL_R_NO_RUN_COLUMN, "", ", so --run does not apply", NULL, NULL, NULL},
    {ISL_R_QUERY, "export --sql: ", "", NULL, NULL, NULL},
    {ISL_R_QUERY_BUDGET, "export --sql: ", "; raise it with --work-limit", NULL, NULL, NULL},
    {ISL_R_LESSON_LOADED, "", " (isolab load --replace replaces it)", NULL, NULL, NULL},
    {ISL_R_LESSON_OTHER_FILE, "", " (isolab load --take-over takes it over from that file)", NULL, NULL, NULL},
};

const char *isl_words(const isl_cli *cli, const isl_error *err, char *out, size_t n)
{
    for (size_t i = 0; i < sizeof WORDS / sizeof *WORDS; i++) {
        if (WORDS[i].reason != err->reason) continue;
        if (WORDS[i].only && (!cli || !cli->cmd || strcmp(cli->cmd->name, WORDS[i].only))) continue;
        char cmd[600] = "";
        if (WORDS[i].command && cli) isl_hint(cli, WORDS[i].command, cmd, sizeof cmd);
        else if (WORDS[i].command) snprintf(cmd, sizeof cmd, "'%s'", WORDS[i].command);
        snprintf(out, n, "%s%s%s%s%s", WORDS[i].before, err->msg, WORDS[i].after, cmd,
                 WORDS[i].tail ? WORDS[i].tail : "");
        return out;
    }
    return err->msg;
}

/* A claim whose expression ran out of its work budget: the hint goes
 * inside the reason's closing parenthesis. A reason naming a command (in
 * quotes): the command as isl_hint shows it, with --db. */
const char *isl_claim_words(const isl_cli *cli, const isl_claim_row *r, char *out, size_t n)
{
    size_t len = r->reason ? strlen(r->reason) : 0;
    if (r->why == ISL_R_WORK_BUDGET && len && r->reason[len - 1] == ')') {
        snprintf(out, n, "%.*s; raise it with --work-limit)", (int)(len - 1), r->reason);
        return out;
    }
    const char *at = r->command && len ? strstr(r->reason, r->command) : NULL;
    size_t cmd = at ? strlen(r->command) : 0;
    if (!cli || !cli->db_given || !at || at == r->reason || !at[cmd]) return r->reason;
    char hint[4096];
    /* the reason's own quotes around the command give way to the hint's */
    snprintf(out, n, "%.*s%s%s", (int)(at - 1 - r->reason), r->reason, isl_hint(cli, r->command, hint, sizeof hint),
             at + cmd + 1);
    return out;
}
