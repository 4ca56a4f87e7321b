/* isolab check: evaluate the lessons' claims against the latest results and
 * store the outcomes as one 'check' run. */
#include <stdlib.h>
#include <string.h>

#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/history.h"
#include "isolab/listing.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"

/* Says on stderr when there are no results yet, or stale ones. */
static int note_stale(isl_cli *cli)
{
    isl_error err = {0};
    int64_t id;
    char digest[17];
    if (isl_store_latest_run(cli->store, ISL_KIND_RUN, &id, digest, &err)) return ISL_OK;
    if (!id) {
        /* each command named runs as pasted ('isolab sweep' alone would not) */
        char l[512], r[512], c[64];
        isl_note(cli, "no run yet, so claims over results have no value; %s computes them all (%s: the surfaces "
                 "alone)", isl_hint(cli, "isolab lesson", l, sizeof l),
                 isl_hint(cli, isl_kind_command(ISL_KIND_RUN, NULL, c, sizeof c), r, sizeof r));
        return ISL_OK;
    }
    return isl_warn_stale(cli);
}

int isl_cmd_check(isl_cli *cli, const isl_args *a)
{
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    int failed = isl_opt_flag(a, "--failed"), quiet = isl_opt_flag(a, "--quiet");
    if (failed && quiet) return isl_usage(cli, "give --failed or --quiet, not both");
    if (fmt != ISL_FMT_TABLE && (failed || quiet))
        return isl_usage(cli, "--format %s lists every claim: give it without --%s", isl_format_names[fmt],
                         failed ? "failed" : "quiet");
    int rc = note_stale(cli);
    return rc ? rc
              : isl_check_print(cli, isl_opt(a, "--lesson"), cli->out,
                                quiet ? ISL_CLAIMS_NONE : failed ? ISL_CLAIMS_FAILED : ISL_CLAIMS_ALL, (isl_format)fmt,
                                isl_opt_flag(a, "--strict"));
}

int isl_cmd_claim(isl_cli *cli, const isl_args *a)
{
    const char *lesson = isl_opt(a, "--suggest");
    if (!lesson) return isl_usage(cli, "--suggest CODE is required: the lesson whose claims to suggest");
    isl_labels labels = {NULL, 0, 0};
    isl_status st = isl_labels_read(cli, &labels);
    int nulls = 0;
    if (!st) st = isl_store_claim_suggest(cli->store, lesson, &labels, isl_put_line, cli->out, &nulls, &cli->err);
    isl_labels_free(&labels);
    if (!st && nulls) {
        const char *words[] = {"lesson", lesson};
        char *cmd = isl_command_text(cli, 2, words);
        isl_note(cli, "%d of the values are NULL, as no current result holds them: such a row does not load; "
                 "%c%s%c computes the lesson's, then ask again", nulls, cmd && strchr(cmd, '\'') ? '"' : '\'',
                 cmd ? cmd : "isolab lesson", cmd && strchr(cmd, '\'') ? '"' : '\'');
        free(cmd);
    }
    return st && st != ISL_EOUTPUT ? (int)st : isl_check_output(cli, cli->out, "the output");
}
