/* isolab run: surfaces for bundles x channels, written as one run. */
#include <stdlib.h>

#include "isolab/cli.h"

/* Adds the index of a named item to list, or reports the unknown name. */
static int pick(const char *what, const char *name, size_t idx, size_t *list, size_t *n)
{
    if (idx == ISL_NONE) {
        isl_error err;
        isl_fail(&err, ISL_EINPUT, "run: no %s named '%s'", what, name);
        return isl_report(&err);
    }
    list[(*n)++] = idx;
    return ISL_OK;
}

int isl_run_write(isl_cli *cli, isl_store *s, const isl_model *m, const size_t *bundles, size_t nb,
                  const size_t *channels, size_t nc, int quiet)
{
    isl_error err;
    isl_error_clear(&err);
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, &err};
    isl_status st = isl_store_begin_run(s, "run", cli->argv_text, m, &ctx.run_id, &err);
    if (!st) {
        st = isl_run_surfaces(m, bundles, nb, channels, nc, isl_store_put_surface, &ctx);
        if (st && !err.msg[0]) isl_fail(&err, st, "run: out of memory");
        st = isl_store_end_run(s, st, &err);
    }
    if (st) return isl_report(&err);
    if (!quiet)
        fprintf(cli->out, "run %lld: %zu bundle%s x %zu channel%s, %zu rows written to %s\n", (long long)ctx.run_id,
                nb, nb == 1 ? "" : "s", nc, nc == 1 ? "" : "s", ctx.rows, cli->db_path);
    return ISL_OK;
}

int isl_cmd_run(isl_cli *cli, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r = isl_opt_value("run", argc, argv, &i, "--bundle", &v);
        if (!r) r = isl_opt_value("run", argc, argv, &i, "--channel", &v);
        if (r < 0) return ISL_EUSAGE;
        if (!r) return isl_usage_error("run", "unexpected argument '%s'", argv[i]);
    }
    isl_store *s;
    isl_model *m;
    int rc = isl_cli_open_model(cli, &s, &m);
    if (rc) return rc;
    size_t *bundles = calloc((size_t)argc + m->nbundles, sizeof *bundles);
    size_t *channels = calloc((size_t)argc + m->nchannels, sizeof *channels);
    size_t nb = 0, nc = 0;
    isl_error err;
    isl_error_clear(&err);
    if (!bundles || !channels) {
        isl_fail(&err, ISL_ENOMEM, "out of memory");
        rc = isl_report(&err);
        goto done;
    }
    for (int i = 1; i < argc && !rc; i++) {
        const char *v;
        if (isl_opt_value("run", argc, argv, &i, "--bundle", &v) > 0)
            rc = pick("bundle", v, isl_model_find_bundle(m, v), bundles, &nb);
        else if (isl_opt_value("run", argc, argv, &i, "--channel", &v) > 0)
            rc = pick("channel", v, isl_model_find_channel(m, v), channels, &nc);
    }
    if (rc) goto done;
    if (!nb) for (; nb < m->nbundles; nb++) bundles[nb] = nb;
    if (!nc) for (; nc < m->nchannels; nc++) channels[nc] = nc;
    rc = isl_run_write(cli, s, m, bundles, nb, channels, nc, 0);
done:
    free(bundles);
    free(channels);
    isl_model_free(m);
    isl_store_close(s);
    return rc;
}

int isl_run_all(isl_cli *cli, isl_store *s, const isl_model *m)
{
    size_t *bundles = calloc(m->nbundles + 1, sizeof *bundles);
    size_t *channels = calloc(m->nchannels + 1, sizeof *channels);
    int rc;
    if (!bundles || !channels) {
        isl_error err;
        isl_fail(&err, ISL_ENOMEM, "out of memory");
        rc = isl_report(&err);
    } else {
        for (size_t i = 0; i < m->nbundles; i++) bundles[i] = i;
        for (size_t i = 0; i < m->nchannels; i++) channels[i] = i;
        rc = isl_run_write(cli, s, m, bundles, m->nbundles, channels, m->nchannels, 1);
    }
    free(bundles);
    free(channels);
    return rc;
}
