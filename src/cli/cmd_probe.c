/* isolab probe and import: the course's sets built on this machine's kernel
 * and read, each fact beside the model's claim (one run of kind "probe");
 * and the probes of another database copied into this one. */
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/escape.h"
#include "isolab/kernel.h"
#include "isolab/lab.h"
#include "isolab/observed.h"
#include "isolab/parse.h"
#include "isolab/probe_channel.h"
#include "isolab/progress.h"
#include "isolab/util.h"

/* most mechanisms --subsets takes: 2^16 sets in each order */
enum { PROBE_SUBSETS_MAX = 16, PROBE_TIMEOUT_MS = 30000 };

/* The sets of one probe, owning their names and member arrays. */
typedef struct sets {
    isl_lab_set *v;
    size_t n, cap;
    char **names;
    size_t **mechs;
} sets;

static void sets_free(sets *s)
{
    for (size_t i = 0; i < s->n; i++) free(s->names[i]), free(s->mechs[i]);
    free(s->v), free(s->names), free(s->mechs);
}

/* Adds the set `name` of mechs[0..n): ISL_OK or ISL_ENOMEM (err set). */
static isl_status add_set(sets *s, const char *name, const size_t *mechs, size_t n, isl_error *err)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        isl_lab_set *v = realloc(s->v, cap * sizeof *v);
        if (v) s->v = v;
        char **names = v ? realloc(s->names, cap * sizeof *names) : NULL;
        if (names) s->names = names;
        size_t **m = names ? realloc(s->mechs, cap * sizeof *m) : NULL;
        if (m) s->mechs = m;
        if (!m) return isl_fail(err, ISL_ENOMEM, "out of memory");
        s->cap = cap;
    }
    char *copy = strdup(name);
    size_t *own = malloc((n + 1) * sizeof *own);
    if (!copy || !own) return free(copy), free(own), isl_fail(err, ISL_ENOMEM, "out of memory");
    if (n) memcpy(own, mechs, n * sizeof *own);
    s->names[s->n] = copy, s->mechs[s->n] = own;
    s->v[s->n++] = (isl_lab_set){copy, own, n};
    return ISL_OK;
}

/* The default sets: the bundles without members (plain), each mechanism
 * alone, then the other bundles, each in the model's order. */
static isl_status default_sets(const isl_model *m, sets *s, isl_error *err)
{
    isl_status st = ISL_OK;
    for (size_t b = 0; !st && b < m->nbundles; b++)
        if (!m->bundle[b].n) st = add_set(s, m->bundle[b].name, NULL, 0, err);
    for (size_t k = 0; !st && k < m->nmech; k++) st = add_set(s, m->mech[k].name, &k, 1, err);
    for (size_t b = 0; !st && b < m->nbundles; b++)
        if (m->bundle[b].n) st = add_set(s, m->bundle[b].name, m->bundle[b].members, m->bundle[b].n, err);
    return st;
}

/* Every subset of the mechanisms, members in mechanism order, named by its
 * member list (the empty one by a bundle without members, if any). */
static isl_status subset_sets(const isl_model *m, sets *s, isl_error *err)
{
    const char *empty = "";
    for (size_t b = 0; b < m->nbundles; b++)
        if (!m->bundle[b].n) {
            empty = m->bundle[b].name;
            break;
        }
    size_t *mechs = malloc((m->nmech + 1) * sizeof *mechs);
    isl_buf name = {NULL, 0, 0, 0};
    isl_status st = mechs ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    for (uint64_t mask = 0; !st && mask < (uint64_t)1 << m->nmech; mask++) {
        size_t n = 0;
        name.n = 0;
        for (size_t k = 0; k < m->nmech; k++)
            if (mask >> k & 1) {
                if (n) isl_buf_put(&name, ",", 1);
                isl_buf_put(&name, m->mech[k].name, strlen(m->mech[k].name));
                mechs[n++] = k;
            }
        isl_buf_put(&name, "", 1);
        st = name.oom ? isl_fail(err, ISL_ENOMEM, "out of memory") : add_set(s, n ? name.p : empty, mechs, n, err);
    }
    free(mechs), free(name.p);
    return st;
}

/* The sets named by --bundle and --members (a bundle, a mechanism or a
 * member list each), in the order given, each once. */
static int chosen_sets(isl_cli *cli, const isl_args *a, sets *s)
{
    size_t nb, nl;
    const char *const *b = isl_opt_all(a, "--bundle", &nb), *const *l = isl_opt_all(a, "--members", &nl);
    size_t *members = malloc((isl_model_list_room(cli->model) + 1) * sizeof *members);
    if (!members) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    int rc = ISL_OK;
    for (size_t i = 0; !rc && i < nb + nl; i++) {
        const char *text = i < nb ? b[i] : l[i - nb];
        size_t n = 0;
        for (size_t j = 0; !rc && j < s->n; j++)
            if (!strcmp(s->v[j].name, text)) rc = isl_usage(cli, "the set '%s' is named twice", text);
        if (!rc && i < nb && isl_model_find_bundle(cli->model, text) == ISL_NONE
            && isl_model_find_mechanism(cli->model, text) == ISL_NONE && !strchr(text, ',') && text[0] != '-')
            rc = isl_fail(&cli->err, ISL_EINPUT, "no bundle or mechanism named '%s'", text);
        if (!rc) rc = isl_model_members(cli->model, text, members, &n, &cli->err);
        if (!rc) rc = add_set(s, text, members, n, &cli->err);
    }
    free(members);
    return rc;
}

/* A step not built as asked, as a note: what was done instead, and why. */
static isl_status step_note(void *ctx, const char *mechanism, const char *status, const char *message, long long nsets)
{
    isl_cli *cli = ctx;
    /* the fix that is a command prefix: followed by this command, to be run as printed */
    size_t n = message ? strlen(message) : 0, k = strlen(ISL_DELEGATE_SCOPE);
    int prefix = n >= k && !strcmp(message + n - k, ISL_DELEGATE_SCOPE) && cli->argv_text;
    isl_note(cli, "%s %s in %lld set%s: %s%s%s", mechanism ? mechanism : "", status ? status : "", nsets,
             nsets == 1 ? "" : "s", message ? message : "", prefix ? " " : "", prefix ? cli->argv_text : "");
    return ISL_OK;
}

/* A probe's progress on a terminal: the sets built and read so far. */
static void sets_tick(void *ctx, uint64_t done) { isl_progress_rows(ctx, done); }

int isl_cmd_probe(isl_cli *cli, const isl_args *a)
{
    static const int ORDERS[] = {ISL_LAB_MODEL_ORDER, ISL_LAB_KERNEL_ORDER,
                                 ISL_LAB_MODEL_ORDER | ISL_LAB_KERNEL_ORDER};
    int channel = isl_probe_channel(cli, a); /* --channel: a channel measured, src/cli/probe_channel.c */
    if (channel >= 0) return channel;
    long long order = -1;
    int given = isl_opt_int(a, "--order", &order);
    const char *machine = isl_opt(a, "--machine");
    int subsets = isl_opt_flag(a, "--subsets");
    if (subsets && (isl_opt(a, "--bundle") || isl_opt(a, "--members")))
        return isl_usage(cli, "--subsets probes every subset: no --bundle or --members with it");
    if (machine && !isl_label_ok(machine))
        return isl_usage(cli, "--machine: a label of 1 to 127 bytes of UTF-8 without control or bidirectional "
                              "characters");
    const isl_model *m = cli->model;
    if (subsets && m->nmech > PROBE_SUBSETS_MAX)
        return isl_fail(&cli->err, ISL_EINPUT, "--subsets: the model has %zu mechanisms; every subset is probed for "
                        "at most %d", m->nmech, PROBE_SUBSETS_MAX);
    sets s = {NULL, 0, 0, NULL, NULL};
    int rc;
    if (subsets) rc = subset_sets(m, &s, &cli->err);
    else if (isl_opt(a, "--bundle") || isl_opt(a, "--members")) rc = chosen_sets(cli, a, &s);
    else rc = default_sets(m, &s, &cli->err);
    isl_lab_probe p = {s.v, s.n, given ? ORDERS[order] : 0, machine, PROBE_TIMEOUT_MS};
    isl_lab_probed done;
    isl_progress prog;
    isl_progress_start(&prog, "sets", rc ? 0 : (unsigned long long)s.n * (given && order < 2 ? 1 : 2));
    isl_lab_tick tick = {sets_tick, &prog};
    isl_clock_start(cli, "building,");
    if (!rc) rc = isl_lab_probe_run(cli->store, m, cli->argv_text, &p, prog.on ? &tick : NULL, &done, &cli->err);
    isl_clock_stop();
    isl_progress_end(&prog, !rc);
    sets_free(&s);
    if (rc) return rc;
    if (done.swept_cgroups)
        isl_note(cli, "removed %zu empty control group%s an earlier probe left behind", done.swept_cgroups,
                 done.swept_cgroups == 1 ? "" : "s");
    if (done.swept_scratch)
        isl_note(cli, "removed %zu scratch director%s an earlier probe left behind", done.swept_scratch,
                 done.swept_scratch == 1 ? "y" : "ies");
    if (!given && !(done.orders & ISL_LAB_MODEL_ORDER))
        isl_note(cli, "kernel order only: model order needs privileges (CAP_SYS_ADMIN) this process lacks");
    isl_print_line(cli->out, "run %lld: %zu set%s probed on %s (Linux %s%s), %zu rows written to %s",
                   (long long)done.run_id, done.sets, done.sets == 1 ? "" : "s", done.machine, done.release,
                   done.privileged ? "" : ", unprivileged", done.rows, cli->db_path);
    /* the run is kept: a step that was skipped, refused or substituted is
     * said, with its fix; a failure to read them back is said, and the exit
     * still says the run was written */
    isl_error notes;
    isl_error_clear(&notes);
    if (isl_store_probe_step_notes(cli->store, done.run_id, step_note, cli, &notes))
        isl_note(cli, "run %lld is kept; its steps not built could not be listed: %s", (long long)done.run_id,
                 notes.msg);
    return ISL_OK;
}

int isl_cmd_import(isl_cli *cli, const isl_args *a)
{
    isl_import_counts n;
    int rc = isl_lab_import(cli->store, cli->model, a->ops[0], &n, &cli->err);
    /* FILE is the source: "create it" would be the wrong advice */
    if (rc && cli->err.reason == ISL_R_MISSING)
        return isl_fail(&cli->err, (isl_status)rc, "%s: no such file: the database to import from does not exist",
                        a->ops[0]);
    if (rc) return rc;
    isl_print_line(cli->out, "imported %zu probe run%s (%zu rows) from %s into %s", n.runs, n.runs == 1 ? "" : "s",
                   n.rows, a->ops[0], cli->db_path);
    if (n.present)
        isl_note(cli, "%zu probe run%s of %s %s here already: not copied again", n.present, n.present == 1 ? "" : "s",
                 a->ops[0], n.present == 1 ? "was" : "were");
    return ISL_OK;
}
