/* isolab sweep samples|removal|addition: one sweep of one bundle x one
 * channel, written as one run. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/lab.h"

int isl_cmd_sweep(isl_cli *cli, const isl_args *a)
{
    const char *kind = a->ops[0];
    const char *bundle = isl_opt(a, "--bundle"), *channel = isl_opt(a, "--channel");
    size_t k = 0;
    while (isl_lab_sweep_kinds[k] && strcmp(isl_lab_sweep_kinds[k], kind)) k++;
    if (!isl_lab_sweep_kinds[k])
        return isl_usage(cli, "unknown sweep '%s' (samples, removal, addition, bundles)", kind);
    /* by default, the pair the saved queries use (current_focus) */
    char lesson[256], fb[256], fc[256];
    if ((!bundle || !channel) && isl_store_current_focus(cli->store, lesson, fb, fc, sizeof fb, &cli->err))
        return cli->err.status;
    if (!bundle) bundle = fb;
    if (!channel) channel = fc;
    isl_store_note_runs(cli->store, isl_opt(a, "--note"));
    size_t b = isl_model_find_bundle(cli->model, bundle), c = isl_model_find_channel(cli->model, channel);
    if (c == ISL_NONE) return isl_fail(&cli->err, ISL_EINPUT, "no channel named '%s'", channel);
    /* a bundle's name, else a member list swept as a bundle of its own */
    if (b == ISL_NONE && !strchr(bundle, ',') && bundle[0] != '-'
        && isl_model_find_mechanism(cli->model, bundle) == ISL_NONE)
        return isl_fail(&cli->err, ISL_EINPUT, "no bundle named '%s'", bundle);
    if (b == ISL_NONE && isl_lab_adhoc(cli->model, bundle, &b, &cli->err)) return cli->err.status;
    int64_t id;
    size_t rows;
    const isl_model *m = cli->model;
    isl_progress p;
    isl_progress_start(&p, "rows", isl_lab_rows(m, kind, 1, 1));
    isl_lab_tick tick = {isl_progress_rows, &p};
    isl_clock_start("isolab sweep: sweeping,"); /* until the first rows are counted */
    int rc = isl_lab_sweep(cli->store, m, cli->argv_text, kind, b, c, p.on ? &tick : NULL, &id, &rows, &cli->err);
    isl_clock_stop();
    isl_progress_end(&p, !rc);
    if (rc) return cli->err.status;
    isl_print_line(cli->out, "run %lld: %s sweep of %s x %s, %zu rows written to %s", (long long)id, kind, bundle,
            channel, rows, cli->db_path);
    return ISL_OK;
}
