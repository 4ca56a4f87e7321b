/* isolab sweep bundles: every subset of the chosen mechanisms x every chosen
 * channel (and no channel), written as one run. Progress goes to stderr
 * while it is a terminal and the sweep lasts more than a moment. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"

/* Progress on a terminal: rows done, rate, time left. */
typedef struct progress {
    isl_run_ctx *run;
    unsigned long long total;
    double start, shown;
} progress;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void show(progress *p, double t)
{
    double rate = (double)p->run->rows / (t - p->start);
    double left = rate > 0 ? (double)(p->total - p->run->rows) / rate : 0;
    fprintf(stderr, "\risolab: %zu of %llu rows, %.0f rows/s, %.0f s left   ", p->run->rows, p->total, rate, left);
    p->shown = t;
}

static isl_status put_with_progress(void *ctx, const isl_bundle_row *row)
{
    progress *p = ctx;
    isl_status st = isl_store_put_bundle(p->run, row);
    if (!st && (p->run->rows & 0xffff) == 0) {
        double t = now();
        if (t - p->start >= 1.0 && t - p->shown >= 0.5) show(p, t);
    }
    return st;
}

/* Marks the named mechanisms of a comma-separated list in chosen[]. */
static int pick_mechanisms(const isl_model *m, const char *list, unsigned char *chosen)
{
    isl_error err;
    const char *p = list;
    for (;;) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char name[256];
        if (n == 0 || n >= sizeof name) {
            isl_fail(&err, ISL_EINPUT, "sweep bundles: --mechanisms '%s': %s", list,
                     n ? "a name is too long" : "empty mechanism name");
            return isl_report(&err);
        }
        memcpy(name, p, n);
        name[n] = '\0';
        size_t d = isl_model_find_mechanism(m, name);
        if (d == ISL_NONE) {
            isl_fail(&err, ISL_EINPUT, "sweep bundles: no mechanism named '%s'", name);
            return isl_report(&err);
        }
        if (chosen[d]) {
            isl_fail(&err, ISL_EINPUT, "sweep bundles: mechanism '%s' is named twice", name);
            return isl_report(&err);
        }
        chosen[d] = 1;
        if (!e) return ISL_OK;
        p = e + 1;
    }
}

/* Adds the named channel to channels[], refusing unknown and repeated names. */
static int pick_channel(const isl_model *m, const char *name, size_t *channels, size_t *nc)
{
    isl_error err;
    size_t c = isl_model_find_channel(m, name);
    if (c == ISL_NONE) {
        isl_fail(&err, ISL_EINPUT, "sweep bundles: no channel named '%s'", name);
        return isl_report(&err);
    }
    for (size_t i = 0; i < *nc; i++)
        if (channels[i] == c) {
            isl_fail(&err, ISL_EINPUT, "sweep bundles: channel '%s' is named twice", name);
            return isl_report(&err);
        }
    channels[(*nc)++] = c;
    return ISL_OK;
}

/* Writes the run; mechs in mechanism order. */
static int sweep(isl_cli *cli, isl_store *s, const isl_model *m, const size_t *mechs, size_t nm,
                 const size_t *channels, size_t nc)
{
    isl_error err;
    isl_error_clear(&err);
    isl_run_ctx ctx = {s, m, 0, 0, 0, 0, &err};
    progress p = {&ctx, ((unsigned long long)1 << nm) * (nc + 1), now(), 0};
    int tty = isatty(STDERR_FILENO);
    isl_status st = isl_store_begin_run(s, "bundles", cli->argv_text, m, &ctx.run_id, &err);
    if (!st) {
        st = isl_store_bundles_begin(&ctx, mechs, nm, channels, nc);
        if (!st) {
            st = tty ? isl_sweep_powerset(m, mechs, nm, channels, nc, put_with_progress, &p)
                     : isl_sweep_powerset(m, mechs, nm, channels, nc, isl_store_put_bundle, &ctx);
            if (p.shown > 0) {
                show(&p, now());
                fputc('\n', stderr);
            }
        }
        if (st && !err.msg[0]) isl_fail(&err, st, "sweep bundles: out of memory");
        st = isl_store_end_run(s, st, &err);
    }
    if (st) return isl_report(&err);
    fprintf(cli->out, "run %lld: bundles sweep of %zu mechanism%s (%llu bundles) x %zu channel%s and no channel, "
            "%zu rows written to %s\n", (long long)ctx.run_id, nm, nm == 1 ? "" : "s",
            (unsigned long long)1 << nm, nc, nc == 1 ? "" : "s", ctx.rows, cli->db_path);
    return ISL_OK;
}

int isl_cmd_sweep_bundles(isl_cli *cli, int argc, char **argv)
{
    int seen_kind = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int r = isl_opt_value("sweep", argc, argv, &i, "--channel", &v);
        if (!r) r = isl_opt_value("sweep", argc, argv, &i, "--mechanisms", &v);
        if (r < 0) return ISL_EUSAGE;
        if (r > 0) continue;
        if (!strcmp(argv[i], "bundles") && !seen_kind) seen_kind = 1;
        else return isl_usage_error("sweep", "unexpected argument '%s' for the bundles sweep", argv[i]);
    }
    isl_store *s;
    isl_model *m;
    int rc = isl_cli_open_model(cli, &s, &m);
    if (rc) return rc;
    size_t *channels = calloc(m->nchannels + 1, sizeof *channels);
    size_t *mechs = calloc(m->nmech + 1, sizeof *mechs);
    unsigned char *chosen = calloc(m->nmech + 1, 1);
    size_t nc = 0, nm = 0;
    int named = 0;
    if (!channels || !mechs || !chosen) {
        isl_error err;
        isl_fail(&err, ISL_ENOMEM, "out of memory");
        rc = isl_report(&err);
    }
    for (int i = 1; i < argc && !rc; i++) {
        const char *v;
        if (isl_opt_value("sweep", argc, argv, &i, "--channel", &v) > 0)
            rc = pick_channel(m, v, channels, &nc);
        else if (isl_opt_value("sweep", argc, argv, &i, "--mechanisms", &v) > 0)
            named = 1, rc = pick_mechanisms(m, v, chosen);
    }
    if (!rc) {
        /* the model numbers mechanisms in mechanism order (position) */
        for (size_t d = 0; d < m->nmech; d++)
            if (chosen[d] || !named) mechs[nm++] = d;
        if (!nc) for (; nc < m->nchannels; nc++) channels[nc] = nc;
        if (nm > ISL_POWERSET_MAX) {
            isl_error err;
            isl_fail(&err, ISL_EINPUT,
                     "sweep bundles: %zu mechanisms chosen, but at most %d can be swept (2^%d bundles per "
                     "channel); choose some with --mechanisms M1,M2,...", nm, ISL_POWERSET_MAX, ISL_POWERSET_MAX);
            rc = isl_report(&err);
        }
    }
    if (!rc) rc = sweep(cli, s, m, mechs, nm, channels, nc);
    free(channels);
    free(mechs);
    free(chosen);
    isl_model_free(m);
    isl_store_close(s);
    return rc;
}
