/* isolab run, sweep and sweep bundles: surfaces for bundles x channels, one
 * sweep of one bundle x one channel, or every subset of the chosen mechanisms
 * x every chosen channel (and no channel), each written as one run. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/parse.h"
#include "isolab/progress.h"
#include "isolab/report.h"
#include "isolab/util.h"

/* The member list the run computes, or NULL: --members, else a lone
 * --bundle that names no bundle of the model. */
static const char *member_list(isl_cli *cli, const isl_args *a, int *bad)
{
    size_t nv;
    const char *const *v = isl_opt_all(a, "--bundle", &nv);
    const char *list = isl_opt(a, "--members");
    *bad = 0;
    for (size_t i = 0; i < nv; i++) {
        /* a list: a comma, a '-', or a mechanism's name; else a bundle's name */
        if (isl_model_find_bundle(cli->model, v[i]) != ISL_NONE
            || (!strchr(v[i], ',') && v[i][0] != '-' && isl_model_find_mechanism(cli->model, v[i]) == ISL_NONE))
            continue;
        if (list || nv > 1) *bad = isl_usage(cli, "a member list ('%s') is run alone: one --members, no --bundle", v[i]);
        list = v[i];
    }
    if (!*bad && list && nv && list == isl_opt(a, "--members"))
        *bad = isl_usage(cli, "--members runs its list alone: no --bundle with it");
    return list;
}

int isl_cmd_run(isl_cli *cli, const isl_args *a)
{
    int bad;
    const char *list = member_list(cli, a, &bad);
    if (bad) return bad;
    size_t adhoc = ISL_NONE;
    if (list && isl_lab_adhoc(cli->model, list, &adhoc, &cli->err)) return cli->err.status;
    const isl_model *m = cli->model;
    size_t *bundles = malloc((m->nbundles + 1) * sizeof *bundles);
    size_t *channels = malloc((m->nchannels + 1) * sizeof *channels);
    size_t nb = 0, nc = 0, rows = 0;
    int64_t id = 0;
    int rc = bundles && channels ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc && list) bundles[0] = adhoc, nb = 1;
    else if (!rc) rc = isl_pick(cli, a, "--bundle", "bundle", isl_model_find_bundle, m->nbundles, bundles, &nb);
    if (!rc) rc = isl_pick(cli, a, "--channel", "channel", isl_model_find_channel, m->nchannels, channels, &nc);
    isl_progress p;
    isl_progress_start(&p, "rows", rc ? 0 : isl_lab_rows(m, ISL_KIND_RUN, nb, nc));
    isl_lab_tick tick = {isl_progress_rows, &p};
    /* a clock until the rows of the first bundle x channel are written */
    isl_clock_start(cli, "computing,");
    if (!rc) rc = isl_lab_run(cli->store, m, cli->argv_text, bundles, nb, channels, nc, p.on ? &tick : NULL, &id,
                              &rows, &cli->err);
    isl_clock_stop();
    isl_progress_end(&p, !rc);
    if (!rc)
        isl_print_line(cli->out, "run %lld: %zu bundle%s x %zu channel%s, %zu rows written to %s", (long long)id, nb,
                nb == 1 ? "" : "s", nc, nc == 1 ? "" : "s", rows, cli->db_path);
    free(bundles);
    free(channels);
    return rc;
}

/* The sweeps' names: samples to bundles (isl_kind_names). */
static const char *sweep_at(const void *ctx, size_t i)
{
    (void)ctx;
    return isl_kind_names[ISL_KIND_SAMPLES + i];
}

int isl_cmd_sweep(isl_cli *cli, const isl_args *a)
{
    isl_kind kind = isl_kind_find(a->ops[0]);
    const char *bundle = isl_opt(a, "--bundle"), *channel = isl_opt(a, "--channel");
    char hint[ISL_HINT_MAX];
    if (kind < ISL_KIND_SAMPLES || kind > ISL_KIND_ADDITION) /* sweep bundles is a command of its own */
        return isl_usage(cli, "unknown sweep '%s'%s", a->ops[0],
                         isl_name_hint(a->ops[0], sweep_at, NULL, ISL_KIND_BUNDLES - ISL_KIND_SAMPLES + 1, "sweeps",
                                       hint, sizeof hint));
    /* by default, the pair the saved queries use (current_focus) */
    char lesson[256], fb[256], fc[256];
    if ((!bundle || !channel) && isl_store_current_focus(cli->store, lesson, fb, fc, sizeof fb, &cli->err))
        return cli->err.status;
    if (!bundle) bundle = fb;
    if (!channel) channel = fc;
    size_t b = isl_model_find_bundle(cli->model, bundle), c = isl_model_find_channel(cli->model, channel);
    if (c == ISL_NONE)
        return isl_fail(&cli->err, ISL_EINPUT, "no channel named '%s'%s", channel,
                        isl_model_name_hint(cli->model, 'c', channel, hint, sizeof hint));
    /* a bundle's name, else a member list swept as a bundle of its own */
    if (b == ISL_NONE && !strchr(bundle, ',') && bundle[0] != '-'
        && isl_model_find_mechanism(cli->model, bundle) == ISL_NONE)
        return isl_fail(&cli->err, ISL_EINPUT, "no bundle named '%s'%s", bundle,
                        isl_model_name_hint(cli->model, 'b', bundle, hint, sizeof hint));
    if (b == ISL_NONE && isl_lab_adhoc(cli->model, bundle, &b, &cli->err)) return cli->err.status;
    int64_t id;
    size_t rows;
    const isl_model *m = cli->model;
    isl_progress p;
    isl_progress_start(&p, "rows", isl_lab_rows(m, kind, 1, 1));
    isl_lab_tick tick = {isl_progress_rows, &p};
    isl_clock_start(cli, "sweeping,"); /* until the first rows are counted */
    int rc = isl_lab_sweep(cli->store, m, cli->argv_text, kind, b, c, p.on ? &tick : NULL, &id, &rows, &cli->err);
    isl_clock_stop();
    isl_progress_end(&p, !rc);
    if (rc) return cli->err.status;
    isl_print_line(cli->out, "run %lld: %s sweep of %s x %s, %zu rows written to %s", (long long)id, isl_kind_names[kind], bundle,
            channel, rows, cli->db_path);
    return ISL_OK;
}

/* A bundles sweep's progress: its mechanism and channel rows (`before`)
 * are written first, then the sweep ticks the bundle x channel rows. */
typedef struct bundles_progress {
    isl_progress p;
    uint64_t before;
} bundles_progress;

static void bundles_tick(void *ctx, uint64_t rows)
{
    bundles_progress *b = ctx;
    isl_progress_rows(&b->p, b->before + rows);
}

/* from this many rows on (2^20, about 32 MB: 20 mechanisms and no
 * channel, 19 and one channel, ...) a bundles sweep says its size before
 * it starts */
enum { ISL_SWEEP_ANNOUNCE_ROWS = 1 << 20 };

int isl_cmd_sweep_bundles(isl_cli *cli, const isl_args *a)
{
    const isl_model *m = cli->model;
    size_t *channels = calloc(m->nchannels + 1, sizeof *channels);
    size_t *mechs = calloc(isl_model_list_room(m), sizeof *mechs);
    size_t nc = 0, nm = 0, rows = 0;
    int64_t run_id = 0;
    int rc = channels && mechs ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) rc = isl_pick(cli, a, "--channel", "channel", isl_model_find_channel, m->nchannels, channels, &nc);
    if (!rc) rc = isl_pick_mechanisms(cli, a, mechs, &nm);
    if (!rc && nm > ISL_POWERSET_MAX)
        rc = isl_fail(&cli->err, ISL_EINPUT,
                      "%zu mechanisms chosen, but at most %d can be swept (2^%d bundles per channel); "
                      "choose some with --mechanisms M1,M2,...", nm, ISL_POWERSET_MAX, ISL_POWERSET_MAX);
    /* a sweep that takes a while says first what it will write (about 32
     * bytes of the file a bundle_sweep row, as measured on the lesson's) */
    unsigned long long n = rc ? 0 : ((unsigned long long)1 << nm) * (nc + 1);
    if (n >= ISL_SWEEP_ANNOUNCE_ROWS) {
        isl_note(cli, "2^%zu = %llu bundles x %zu channel%s and no channel: %llu rows to write, about %llu MB "
                 "of %s; this takes a while", nm, (unsigned long long)1 << nm, nc, nc == 1 ? "" : "s", n,
                 (n * 32 + 999999) / 1000000, cli->db_path);
    }
    isl_lab_choice k = {mechs, nm, channels, nc};
    /* the total is the rows written ('isolab runs' counts): a mechanism row
     * each, a channel row each and one for no channel, every bundle x
     * (channels + none) */
    bundles_progress b = {.before = nm + nc + 1};
    isl_progress *p = &b.p;
    isl_progress_start(p, "rows", rc ? 0 : b.before + ((unsigned long long)1 << nm) * (nc + 1));
    if (!rc)
        rc = isl_lab_bundles(cli->store, m, cli->argv_text, &k, p->on ? bundles_tick : NULL, &b, &run_id, &rows,
                             &cli->err);
    isl_progress_end(p, !rc);
    if (!rc)
        isl_print_line(cli->out, "run %lld: bundles sweep of %zu mechanism%s (%llu bundles) x %zu channel%s and no "
                       "channel, %zu rows written to %s", (long long)run_id, nm, nm == 1 ? "" : "s",
                       (unsigned long long)1 << nm, nc, nc == 1 ? "" : "s", rows, cli->db_path);
    free(channels);
    free(mechs);
    return rc;
}
