/* isolab command line: what the commands that print results share: saved
 * queries' lines and aligned tables (report, lesson), this command's param
 * values and the warning about stale results (report, export, plot, check). */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/escape.h"
#include "isolab/history.h"
#include "isolab/report.h"

static isl_status print_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    isl_print_line(out, "%s", line ? line : "");
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_report_views(isl_cli *cli, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\n', cli->out);
        isl_status st = isl_store_view_lines(cli->store, names[i], print_line, cli->out, &cli->err);
        if (st == ISL_EOUTPUT) return isl_check_output(cli, cli->out, "the output");
        if (st) return st;
    }
    return isl_check_output(cli, cli->out, "the output");
}

/* ---- the current results: focus for one command, stale warnings ---- */

int isl_refresh_model(isl_cli *cli)
{
    if (isl_store_model_known(cli->store)) return ISL_OK;
    /* edited in the sqlite3 shell since: read it again; a model that does
     * not read (the shell left it invalid) keeps its results not current */
    isl_error err;
    isl_error_clear(&err);
    isl_model *m = NULL;
    if (!isl_store_read_model(cli->store, &m, &err) && isl_store_sync_model(cli->store, m, &err) == ISL_ENOMEM) {
        isl_model_free(m);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    isl_model_free(m);
    return ISL_OK;
}

int isl_apply_focus(isl_cli *cli, const isl_args *a)
{
    int rc = isl_refresh_model(cli);
    if (!rc && isl_store_focus(cli->store, isl_opt(a, "--lesson"), isl_opt(a, "--bundle"), isl_opt(a, "--channel"),
                               &cli->err))
        rc = cli->err.status;
    return rc;
}

typedef struct stale_list {
    const isl_cli *cli;
    char commands[4096];
    size_t n;
} stale_list;

/* Collects the distinct commands (a run before it: the same command). */
static isl_status add_stale(void *ctx, const char *kind, int64_t run_id, const char *command)
{
    (void)kind, (void)run_id;
    stale_list *l = ctx;
    if (!command) return ISL_OK;
    char quoted[600];
    isl_hint(l->cli, command, quoted, sizeof quoted);
    if (strstr(l->commands, quoted)) return ISL_OK;
    size_t len = strlen(l->commands);
    snprintf(l->commands + len, sizeof l->commands - len, "%s%s", l->n ? ", " : "", quoted);
    l->n++;
    return ISL_OK;
}

int isl_warn_stale(isl_cli *cli)
{
    char all[512];
    stale_list l = {cli, "", 0};
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_store_stale(cli->store, add_stale, &l, &err);
    if (st == ISL_ENOMEM) return isl_fail(&cli->err, st, "out of memory");
    if (!st && l.n)
        isl_note(cli, "the latest results were computed from another model than the database holds now, so no "
                      "current view shows them; %s bring%s them up to date (or %s)",
                 l.commands, l.n == 1 ? "s" : "", isl_hint(cli, "isolab lesson --all", all, sizeof all));
    return ISL_OK;
}

/* ---- any table or view as a listing ---- */

int isl_report_table(isl_cli *cli, const char *name, isl_format fmt)
{
    isl_listing l;
    isl_listing_start(&l, fmt, cli->out);
    isl_status st = isl_store_export(cli->store, name, 0, 0, isl_listing_row, &l, &cli->err);
    st = isl_listing_end(&l, st);
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (st && st != ISL_EOUTPUT) return st;
    return isl_check_output(cli, cli->out, "the output");
}
