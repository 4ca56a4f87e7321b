/* isolab sweep bundles: every subset of the chosen mechanisms x every chosen
 * channel (and no channel), written as one run. Progress goes to stderr
 * while it is a terminal and the sweep lasts more than a moment. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/lab.h"

/* Writes the run; mechs in mechanism order. */
static int sweep(isl_cli *cli, const size_t *mechs, size_t nm, const size_t *channels, size_t nc)
{
    isl_lab_choice k = {mechs, nm, channels, nc};
    isl_progress p;
    isl_progress_start(&p, "rows", ((unsigned long long)1 << nm) * (nc + 1));
    int64_t run_id = 0;
    size_t rows = 0;
    isl_status st = isl_lab_bundles(cli->store, cli->model, cli->argv_text, &k, p.on ? isl_progress_rows : NULL, &p, &run_id,
                                    &rows, &cli->err);
    isl_progress_end(&p, !st);
    if (st) return st;
    isl_print_line(cli->out, "run %lld: bundles sweep of %zu mechanism%s (%llu bundles) x %zu channel%s and no channel, "
            "%zu rows written to %s", (long long)run_id, nm, nm == 1 ? "" : "s",
            (unsigned long long)1 << nm, nc, nc == 1 ? "" : "s", rows, cli->db_path);
    return ISL_OK;
}

int isl_cmd_sweep_bundles(isl_cli *cli, const isl_args *a)
{
    const isl_model *m = cli->model;
    size_t *channels = calloc(m->nchannels + 1, sizeof *channels);
    size_t *mechs = calloc(m->nmech + 1, sizeof *mechs);
    size_t nc = 0, nm = 0;
    int rc = channels && mechs ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) rc = isl_pick(cli, a, "--channel", "channel", isl_model_find_channel, m->nchannels, channels, &nc);
    if (!rc) rc = isl_pick(cli, a, "--mechanisms", "mechanism", isl_model_find_mechanism, m->nmech, mechs, &nm);
    /* the model numbers mechanisms in mechanism order (position) */
    isl_sort_indexes(mechs, nm);
    if (!rc && nm > ISL_POWERSET_MAX)
        rc = isl_fail(&cli->err, ISL_EINPUT,
                      "%zu mechanisms chosen, but at most %d can be swept (2^%d bundles per channel); "
                      "choose some with --mechanisms M1,M2,...", nm, ISL_POWERSET_MAX, ISL_POWERSET_MAX);
    if (!rc) rc = sweep(cli, mechs, nm, channels, nc);
    free(channels);
    free(mechs);
    return rc;
}
