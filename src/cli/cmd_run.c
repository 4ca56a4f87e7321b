/* isolab run: surfaces for bundles x channels, written as one run. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/lab.h"

/* Indexes of the names given to option `opt` (all items when none): unknown
 * names are bad input (the parser refused a name given twice). */
static int pick(isl_cli *cli, const isl_args *a, const char *opt, const char *what,
                size_t (*find)(const isl_model *, const char *), size_t count, size_t *list, size_t *n)
{
    size_t nv;
    const char *const *v = isl_opt_all(a, opt, &nv);
    *n = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t idx = find(cli->model, v[i]);
        if (idx == ISL_NONE) return isl_fail(&cli->err, ISL_EINPUT, "no %s named '%s'", what, v[i]);
        list[(*n)++] = idx;
    }
    if (!nv)
        for (; *n < count; ++*n) list[*n] = *n;
    return ISL_OK;
}

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
    isl_store_note_runs(cli->store, isl_opt(a, "--note"));
    if (!rc && list) bundles[0] = adhoc, nb = 1;
    else if (!rc) rc = pick(cli, a, "--bundle", "bundle", isl_model_find_bundle, m->nbundles, bundles, &nb);
    if (!rc) rc = pick(cli, a, "--channel", "channel", isl_model_find_channel, m->nchannels, channels, &nc);
    isl_progress p;
    isl_progress_start(&p, "rows", rc ? 0 : isl_lab_rows(m, "run", nb, nc));
    isl_lab_tick tick = {isl_progress_rows, &p};
    /* a clock until the rows of the first bundle x channel are written */
    isl_clock_start("isolab run: computing,");
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
