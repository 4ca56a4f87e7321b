/* isolab diff: what differs between two runs of one kind: the model's
 * changes first (they explain the results'), then the results'. */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/provenance.h"

/* The model's lines wait in `model` until the runs are known to compare
 * (the first result line, or the end): a bad pair prints nothing. */
typedef struct diff_out {
    FILE *out;
    sqlite3_str *model;
    int flushed;
} diff_out;

static isl_status keep_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    sqlite3_str_appendf(d->model, "%s\n", line);
    return sqlite3_str_errcode(d->model) ? ISL_ENOMEM : ISL_OK;
}

static isl_status flush_model(diff_out *d)
{
    if (d->flushed) return ISL_OK;
    d->flushed = 1;
    char *text = sqlite3_str_finish(d->model);
    d->model = NULL;
    for (char *p = text, *e; p && *p; p = e + 1) {
        e = strchr(p, '\n');
        *e = '\0';
        isl_print_line(d->out, "%s", p);
    }
    sqlite3_free(text);
    return ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

static isl_status print_line(void *ctx, const char *line)
{
    diff_out *d = ctx;
    isl_status st = flush_model(d);
    if (!st) isl_print_line(d->out, "%s", line);
    return st ? st : ferror(d->out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_diff(isl_cli *cli, const isl_args *a)
{
    int64_t ra, rb;
    size_t n = 0, nm = 0;
    diff_out d = {cli->out, sqlite3_str_new(NULL), 0};
    int rc = isl_parse_run_id(cli, a->ops[0], &ra);
    if (!rc) rc = isl_parse_run_id(cli, a->ops[1], &rb);
    if (!rc) rc = isl_store_model_diff(cli->store, ra, rb, keep_line, &d, &nm, &cli->err);
    if (!rc) rc = isl_store_diff(cli->store, ra, rb, print_line, &d, &n, &cli->err);
    if (!rc) rc = flush_model(&d);
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    sqlite3_free(sqlite3_str_finish(d.model));
    if (rc && rc != ISL_EOUTPUT) return rc;
    if (!rc && nm)
        fprintf(cli->out, "%zu difference%s from run %lld to run %lld, after %zu change%s in the model\n", n,
                n == 1 ? "" : "s", (long long)ra, (long long)rb, nm, nm == 1 ? "" : "s");
    else if (!rc)
        fprintf(cli->out, "%zu difference%s from run %lld to run %lld\n", n, n == 1 ? "" : "s", (long long)ra,
                (long long)rb);
    fflush(cli->out); /* lost output is exit 7, never mistaken for "the runs differ" */
    rc = isl_check_output(cli, cli->out, "the output");
    /* as 'git diff --exit-code': 1 when the runs' results differ */
    return !rc && n && isl_opt(a, "--exit-code") ? ISL_EFAIL : rc;
}
