/* isolab frontier, smallest, marginal: the power set's answers computed
 * without its rows (isolab/answers.h), each recorded as one run of its kind
 * and printed from the rows it wrote. The command picks names; lab
 * computes and records. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"

/* What every answer command takes (the channel, the mechanisms, the
 * format) and how it shows its run's rows (the table they are in). */
typedef struct answer_args {
    isl_cli *cli;
    const char *table;
    size_t channel;
    const char *channel_name; /* NULL: none */
    char focus[256];          /* current_focus's channel, when it is the default */
    size_t *mechs;
    size_t nm;
    isl_format fmt;
    isl_lab_show show;
    size_t rows; /* the rows shown */
} answer_args;

/* Prints the rows run run_id wrote into the table, in the chosen format
 * (before the run commits: lab keeps no run whose rows could not be shown). */
static isl_status print_rows(void *ctx, int64_t run_id)
{
    answer_args *x = ctx;
    return (isl_status)isl_export_path(x->cli, x->table, NULL, x->fmt, 1, run_id, 0, NULL, &x->rows);
}

/* The channel (--channel C; none with --no-channel; by default
 * current_focus's, as report and plot take it; none when no lesson has a
 * focus), the format and, when with_mechs, the mechanisms (--mechanisms
 * LIST in mechanism order; default: all). */
static int pick(isl_cli *cli, const isl_args *a, const char *table, int with_mechs, answer_args *x)
{
    const isl_model *m = cli->model;
    const char *ch = isl_opt(a, "--channel");
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    *x = (answer_args){cli, table, ISL_NONE, NULL, "", NULL, 0, (isl_format)fmt, {print_rows, x}, 0};
    int none = isl_opt_flag(a, "--no-channel");
    if (ch && none) return isl_usage(cli, "--channel and --no-channel: choose one");
    char lesson[256], bundle[256], hint[ISL_HINT_MAX];
    if (!ch && !none) {
        /* a model no lesson focuses on: no channel */
        isl_status st = isl_store_current_focus(cli->store, lesson, bundle, x->focus, sizeof x->focus, &cli->err);
        if (st && st != ISL_EINPUT) return st;
        if (!st) ch = x->focus;
        cli->err = (isl_error){0};
    }
    x->channel_name = ch;
    if (ch && (x->channel = isl_model_find_channel(m, ch)) == ISL_NONE)
        return isl_fail(&cli->err, ISL_EINPUT, "no channel named '%s'%s", ch,
                        isl_model_name_hint(m, 'c', ch, hint, sizeof hint));
    if (!with_mechs) return ISL_OK;
    int rc;
    if (!(x->mechs = malloc(isl_model_list_room(m) * sizeof *x->mechs)))
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    /* bits in mechanism order, as a bundles sweep numbers them */
    if ((rc = isl_pick_mechanisms(cli, a, x->mechs, &x->nm))) return rc;
    if (x->nm > ISL_POWERSET_MAX)
        return isl_fail(&cli->err, ISL_EINPUT,
                        "%zu mechanisms chosen, but at most %d can be answered over; "
                        "choose some with --mechanisms M1,M2,...", x->nm, ISL_POWERSET_MAX);
    return ISL_OK;
}

int isl_cmd_frontier(isl_cli *cli, const isl_args *a)
{
    answer_args x;
    int rc = pick(cli, a, "answer_frontier", 1, &x);
    if (!rc) rc = isl_lab_frontier(cli->store, cli->model, cli->argv_text, x.mechs, x.nm, x.channel, &x.show,
                                   &cli->err);
    free(x.mechs);
    return rc;
}

/* Below smallest's empty answer: that no subset reaches max, and the
 * command that gives the least open surface of each size. */
static void note_unreached(isl_cli *cli, const isl_args *a, const answer_args *x, long long max)
{
    int oom = 0;
    const char *ch = x->channel_name;
    char *list = isl_opt_joined(a, "--mechanisms", &oom);
    const char *words[4];
    int n = 0;
    if (ch) words[n++] = "--channel", words[n++] = ch;
    else words[n++] = "--no-channel";
    if (list) words[n++] = "--mechanisms", words[n++] = list;
    isl_buf hint = {NULL, 0, 0, 0};
    isl_put_command_words(cli, &hint, isl_kinds[ISL_KIND_FRONTIER].command, n, words);
    /* isl_note escapes the names; out of memory, the empty output stands alone */
    if (hint.p)
        isl_note(cli, "no subset of the %zu mechanism%s has an open surface of at most %lld under %s; %s gives the "
                 "least of each size", x->nm, x->nm == 1 ? "" : "s", max, ch ? ch : "no channel", hint.p);
    free(hint.p);
    free(list);
}

int isl_cmd_smallest(isl_cli *cli, const isl_args *a)
{
    long long max = 0;
    if (!isl_opt_int(a, "--max", &max)) return isl_usage(cli, "--max N is required: the largest open surface wanted");
    answer_args x;
    int rc = pick(cli, a, "answer_smallest", 1, &x);
    if (!rc) rc = isl_lab_smallest(cli->store, cli->model, cli->argv_text, x.mechs, x.nm, x.channel, (size_t)max,
                                   &x.show, &cli->err);
    /* nothing printed is said, as by every reading command */
    if (!rc && !x.rows) note_unreached(cli, a, &x, max);
    free(x.mechs);
    return rc;
}

int isl_cmd_marginal(isl_cli *cli, const isl_args *a)
{
    const char *bundle = isl_opt(a, "--bundle");
    if (!bundle) return isl_usage(cli, "--bundle LIST is required: a bundle or a member list");
    answer_args x;
    size_t *members = malloc(isl_model_list_room(cli->model) * sizeof *members), n = 0;
    int rc = members ? pick(cli, a, "answer_marginal", 0, &x) : (int)isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) rc = isl_model_members(cli->model, bundle, members, &n, &cli->err);
    if (!rc) rc = isl_lab_marginal(cli->store, cli->model, cli->argv_text, bundle, members, n, x.channel, &x.show,
                                   &cli->err);
    free(members);
    return rc;
}
