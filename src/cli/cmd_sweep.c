/* isolab sweep: one sweep of the lesson, written as one run. */
#include <string.h>

#include "isolab/cli.h"

/* A sweep kind: its name (also the run's kind) and how it runs. */
typedef struct sweep_kind {
    const char *name;
    isl_status (*sweep)(const isl_model *m, size_t bundle, size_t channel, isl_run_ctx *ctx);
} sweep_kind;

static isl_status do_samples(const isl_model *m, size_t b, size_t c, isl_run_ctx *ctx)
{
    return isl_sweep_samples(m, b, c, isl_store_put_sample, ctx);
}
static isl_status do_removal(const isl_model *m, size_t b, size_t c, isl_run_ctx *ctx)
{
    return isl_sweep_removal(m, b, c, isl_store_put_removal, ctx);
}
static isl_status do_addition(const isl_model *m, size_t b, size_t c, isl_run_ctx *ctx)
{
    return isl_sweep_addition(m, b, c, isl_store_put_addition, ctx);
}

static const sweep_kind KINDS[] = {
    {"samples", do_samples},
    {"removal", do_removal},
    {"addition", do_addition},
    {NULL, NULL},
};

int isl_sweep_run(isl_cli *cli, isl_store *s, const isl_model *m, const char *kind,
                  const char *bundle, const char *channel, int quiet)
{
    const sweep_kind *k = KINDS;
    while (k->name && strcmp(k->name, kind)) k++;
    isl_error err;
    isl_error_clear(&err);
    if (!k->name) return isl_usage_error("sweep", "unknown sweep '%s' (samples, removal, addition)", kind);
    size_t b = isl_model_find_bundle(m, bundle), c = isl_model_find_channel(m, channel);
    if (b == ISL_NONE) return isl_fail(&err, ISL_EINPUT, "sweep: no bundle named '%s'", bundle), isl_report(&err);
    if (c == ISL_NONE) return isl_fail(&err, ISL_EINPUT, "sweep: no channel named '%s'", channel), isl_report(&err);
    isl_run_ctx ctx = {s, m, 0, b, c, 0, &err};
    isl_status st = isl_store_begin_run(s, kind, cli->argv_text, m, &ctx.run_id, &err);
    if (!st) {
        st = k->sweep(m, b, c, &ctx);
        if (st && !err.msg[0]) isl_fail(&err, st, "sweep %s: out of memory", kind);
        st = isl_store_end_run(s, st, &err);
    }
    if (st) return isl_report(&err);
    if (!quiet)
        fprintf(cli->out, "run %lld: %s sweep of %s x %s, %zu rows written to %s\n", (long long)ctx.run_id, kind,
                bundle, channel, ctx.rows, cli->db_path);
    return ISL_OK;
}

/* The sweep named on the command line: its first argument that is neither
 * an option nor an option's value; NULL when there is none. */
static const char *kind_named(int argc, char **argv)
{
    static const char *const with_value[] = {"--bundle", "--channel", "--mechanisms", NULL};
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '-') return argv[i];
        for (const char *const *o = with_value; *o; o++)
            if (!strcmp(argv[i], *o)) i++;
    }
    return NULL;
}

int isl_cmd_sweep(isl_cli *cli, int argc, char **argv)
{
    const char *named = kind_named(argc, argv);
    if (named && !strcmp(named, "bundles")) return isl_cmd_sweep_bundles(cli, argc, argv);
    const char *kind = NULL, *bundle = "strict", *channel = "sampling-profile";
    for (int i = 1; i < argc; i++) {
        int r = isl_opt_value("sweep", argc, argv, &i, "--bundle", &bundle);
        if (!r) r = isl_opt_value("sweep", argc, argv, &i, "--channel", &channel);
        if (r < 0) return ISL_EUSAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' || kind) return isl_usage_error("sweep", "unexpected argument '%s'", argv[i]);
        kind = argv[i];
    }
    if (!kind) return isl_usage_error("sweep", "name a sweep: samples, removal, addition or bundles");
    const sweep_kind *k = KINDS;
    while (k->name && strcmp(k->name, kind)) k++;
    if (!k->name) return isl_usage_error("sweep", "unknown sweep '%s' (samples, removal, addition, bundles)", kind);
    isl_store *s;
    isl_model *m;
    int rc = isl_cli_open_model(cli, &s, &m);
    if (rc) return rc;
    rc = isl_sweep_run(cli, s, m, kind, bundle, channel, 0);
    isl_model_free(m);
    isl_store_close(s);
    return rc;
}
