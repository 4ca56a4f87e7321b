/* isolab note, rm, prune: managing the record of runs. */
#include <stdlib.h>

#include "isolab/cli.h"
#include "isolab/history.h"

int isl_cmd_note(isl_cli *cli, const isl_args *a)
{
    int64_t id;
    int rc = isl_parse_run_id(cli, a->ops[0], &id);
    if (!rc) rc = isl_store_set_note(cli->store, id, *a->ops[1] ? a->ops[1] : NULL, &cli->err);
    /* one line on stderr: stdout stays empty, as before */
    if (!rc)
        isl_print_line(stderr, "isolab note: run %lld: note %s in %s", (long long)id, *a->ops[1] ? "set" : "removed",
                       cli->db_path);
    return rc;
}

int isl_cmd_rm(isl_cli *cli, const isl_args *a)
{
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
    size_t deleted = 0;
    int rc = isl_store_prune(cli->store, n, isl_opt(a, "--kind"), isl_opt_flag(a, "--all"), &deleted, &cli->err);
    if (!rc && isl_opt_flag(a, "--vacuum")) rc = isl_store_vacuum(cli->store, &cli->err);
    if (!rc)
        isl_print_line(cli->out, "removed %zu run%s from %s%s", deleted, deleted == 1 ? "" : "s", cli->db_path,
                isl_opt_flag(a, "--vacuum") ? " (vacuumed)" : "");
    return rc;
}
