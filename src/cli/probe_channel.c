/* isolab probe --channel C: a channel of the model measured for real. Its
 * program is attached from the host to a workload inside one bundle, and
 * the rounds and what its files carried are recorded as one run of kind
 * "channel-probe" (src/lab/lab_channel.c). */
#include <stdlib.h>
#include <string.h>

#include "isolab/channel.h"
#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/probe_channel.h"
#include "isolab/progress.h"
#include "isolab/util.h"

enum { CHANNEL_ROUNDS = 5, CHANNEL_TIMEOUT_MS = 120000 };

/* The options that belong to --channel alone: given without it, they
 * measure the focus lesson's channel. */
static const char *const OWN[] = {"--rate", "--workload", "--rounds", "--iterations", "--keep", NULL};

/* A probe's progress on a terminal: the conditions run so far. */
static void tick(void *ctx, uint64_t done) { isl_progress_rows(ctx, done); }

int isl_probe_channel(isl_cli *cli, const isl_args *a)
{
    const char *channel = isl_opt(a, "--channel");
    int own = 0;
    for (const char *const *o = OWN; *o; o++) own |= isl_opt_flag(a, *o);
    if (!channel && !own) return -1;
    if (isl_opt_flag(a, "--subsets")) return isl_usage(cli, "--channel measures one bundle: no --subsets with it");
    size_t nb, nl, nr;
    const char *const *b = isl_opt_all(a, "--bundle", &nb), *const *l = isl_opt_all(a, "--members", &nl);
    if (nb + nl > 1) return isl_usage(cli, "--channel measures one bundle: give one --bundle or --members");
    long long order = 1, workload = 0, rounds = CHANNEL_ROUNDS, iterations = 0;
    if (isl_opt_int(a, "--order", &order) && order > 1)
        return isl_usage(cli, "--channel builds its bundle in one order: model or kernel");
    isl_opt_int(a, "--workload", &workload);
    isl_opt_int(a, "--rounds", &rounds);
    isl_opt_int(a, "--iterations", &iterations);
    const char *const *rate_text = isl_opt_all(a, "--rate", &nr);
    /* the bundle and the channel: given, or the focus's (strict, the lesson's channel) */
    char lesson[256], focus_bundle[256], focus_channel[256];
    const char *set_name = nb ? b[0] : nl ? l[0] : NULL;
    if (!set_name || !channel) {
        if (isl_store_current_focus(cli->store, lesson, focus_bundle, focus_channel, sizeof lesson, &cli->err))
            return cli->err.status;
        if (!set_name) set_name = focus_bundle;
        if (!channel) channel = focus_channel;
    }
    const isl_model *m = cli->model;
    if (!nl && isl_model_find_bundle(m, set_name) == ISL_NONE && isl_model_find_mechanism(m, set_name) == ISL_NONE &&
        !strchr(set_name, ',') && set_name[0] != '-')
        return isl_fail(&cli->err, ISL_EINPUT, "no bundle or mechanism named '%s'", set_name);
    if (isl_model_find_channel(m, channel) == ISL_NONE)
        return isl_fail(&cli->err, ISL_EINPUT, "no channel named '%s'", channel);
    size_t *members = malloc((isl_model_list_room(m) + 1) * sizeof *members);
    long *rates = malloc((nr + 1) * sizeof *rates);
    if (!members || !rates) return free(members), free(rates), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0; i < nr; i++) rates[i] = strtol(rate_text[i], NULL, 10); /* checked by the parser */
    size_t n = 0;
    int rc = isl_model_members(m, set_name, members, &n, &cli->err);
    isl_lab_channel p = {channel, isl_workload_names[workload], rates, nr, (int)rounds, (long)iterations,
                         {set_name, members, n}, order ? ISL_LAB_KERNEL_ORDER : ISL_LAB_MODEL_ORDER,
                         isl_opt(a, "--keep"), isl_opt(a, "--machine"), CHANNEL_TIMEOUT_MS, NULL};
    isl_progress prog;
    isl_progress_start(&prog, "conditions", rc ? 0 : isl_lab_channel_conditions(&p));
    isl_lab_tick t = {tick, &prog};
    p.tick = prog.on ? &t : NULL;
    isl_lab_channeled done;
    if (!rc) rc = isl_lab_channel_probe(cli->store, m, cli->argv_text, &p, &done, &cli->err);
    isl_progress_end(&prog, !rc);
    free(members), free(rates);
    if (rc) return rc;
    if (done.substitutes[0]) isl_note(cli, "not as asked: %s", done.substitutes);
    isl_print_line(cli->out, "run %lld: %s (%s) on the %s workload in %s, %s order, on %s: %zu conditions in %lld "
                   "round%s, %zu rows written to %s", (long long)done.run_id, channel, done.command, p.workload,
                   set_name, order ? "kernel" : "model", done.machine, done.conditions, rounds, rounds == 1 ? "" : "s",
                   done.rows, cli->db_path);
    return ISL_OK;
}
