/* isolab note, rm, prune: managing the record of runs. */
#include <stdlib.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/history.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/run.h"
#include "isolab/util.h"

/* note --retire LIST: the list's runs kept, out of the stale note. */
static int retire(isl_cli *cli, const isl_args *a, const char *list)
{
    size_t n = 0;
    if (a->nops) return isl_usage(cli, "--retire names the list alone: no RUN TEXT with it");
    int rc = isl_store_retire_list(cli->store, list, &n, &cli->err);
    if (!rc)
        isl_print_line(stderr, "isolab note: what-if list %s: %zu run%s kept in %s, retired from the stale note",
                       list, n, n == 1 ? "" : "s", cli->db_path);
    return rc;
}

int isl_cmd_note(isl_cli *cli, const isl_args *a)
{
    const char *list = isl_opt(a, "--retire");
    if (list) return retire(cli, a, list);
    if (a->nops != 2) return isl_usage(cli, "name RUN TEXT (or --retire LIST)");
    int64_t id;
    int rc = isl_parse_run_id(cli, a->ops[0], &id);
    if (!rc) rc = isl_store_set_note(cli->store, id, *a->ops[1] ? a->ops[1] : NULL, &cli->err);
    /* one line on stderr: stdout stays empty, as before */
    if (!rc)
        isl_print_line(stderr, "isolab note: run %lld: note %s in %s", (long long)id, *a->ops[1] ? "set" : "removed",
                       cli->db_path);
    return rc;
}

int isl_cmd_focus(isl_cli *cli, const isl_args *a)
{
    char lesson[256], bundle[256], channel[256];
    if (a->nops && isl_store_set_lesson(cli->store, a->ops[0], &cli->err)) return cli->err.status;
    if (isl_store_current_focus(cli->store, lesson, bundle, channel, sizeof lesson, &cli->err)) return cli->err.status;
    isl_print_line(cli->out, "%s: lesson %s (%s x %s)%s", cli->db_path, lesson, bundle, channel,
                   a->nops ? " is now the default of report, plot, page and the saved queries" : "");
    return ISL_OK;
}

/* rm --members LIST: every run of the list. */
static int rm_list(isl_cli *cli, const isl_args *a, const char *list)
{
    size_t n = 0;
    if (a->nops) return isl_usage(cli, "--members names the runs: no RUN with it");
    int rc = isl_store_rm_list(cli->store, list, &n, &cli->err);
    if (!rc)
        isl_print_line(cli->out, "removed %zu run%s of what-if list %s and %s rows from %s", n, n == 1 ? "" : "s",
                       list, n == 1 ? "its" : "their", cli->db_path);
    return rc;
}

int isl_cmd_rm(isl_cli *cli, const isl_args *a)
{
    const char *list = isl_opt(a, "--members");
    if (list) return rm_list(cli, a, list);
    if (!a->nops) return isl_usage(cli, "name at least one RUN (or --members LIST)");
    int64_t *ids = malloc(((size_t)a->nops + 1) * sizeof *ids);
    int rc = ids ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (int i = 0; i < a->nops && !rc; i++) {
        rc = isl_parse_run_id(cli, a->ops[i], &ids[i]);
        for (int k = 0; k < i && !rc; k++)
            if (ids[k] == ids[i]) rc = isl_usage(cli, "run %lld is named twice", (long long)ids[i]);
    }
    if (!rc) rc = isl_store_rm(cli->store, ids, (size_t)a->nops, &cli->err);
    if (!rc)
        isl_print_line(cli->out, "removed %d run%s and %s rows from %s", a->nops, a->nops == 1 ? "" : "s",
                a->nops == 1 ? "its" : "their", cli->db_path);
    free(ids);
    return rc;
}

int isl_cmd_prune(isl_cli *cli, const isl_args *a)
{
    long long n;
    if (!isl_opt_int(a, "--keep", &n)) return isl_usage(cli, "say how many runs of each kind to keep: --keep N");
    long long kind = ISL_KIND_COUNT;
    isl_opt_int(a, "--kind", &kind);
    size_t deleted = 0;
    int rc = isl_store_prune(cli->store, n, (isl_kind)kind, isl_opt_flag(a, "--all"), &deleted, &cli->err);
    if (!rc && isl_opt_flag(a, "--vacuum")) rc = isl_store_vacuum(cli->store, &cli->err);
    if (!rc)
        isl_print_line(cli->out, "removed %zu run%s from %s%s", deleted, deleted == 1 ? "" : "s", cli->db_path,
                isl_opt_flag(a, "--vacuum") ? " (vacuumed)" : "");
    return rc;
}
