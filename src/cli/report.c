/* isolab command line: what the commands that print results share: saved
 * queries' lines and aligned tables (report, lesson), this command's param
 * values and the warning about stale results (report, export, plot, check). */
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

typedef struct counted {
    FILE *out;
    size_t lines;
} counted;

static isl_status count_line(void *ctx, const char *line)
{
    counted *c = ctx;
    c->lines++;
    return print_line(c->out, line);
}

int isl_report_views(isl_cli *cli, const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i) fputc('\n', cli->out);
        counted c = {cli->out, 0};
        isl_status st = isl_store_view_lines(cli->store, names[i], count_line, &c, &cli->err);
        if (st == ISL_EOUTPUT) return isl_check_output(cli, cli->out, "the output");
        if (st) return st;
        /* nothing on stdout is said on stderr, never left silent */
        if (!c.lines && !cli->stale_noted)
            isl_note(cli, "%s has nothing to print: no current results for it%s", names[i],
                     strcmp(names[i], "lesson_report") ? "" : " ('isolab lesson' computes the lesson's)");
    }
    return isl_check_output(cli, cli->out, "the output");
}

/* ---- the current results: focus for one command, stale warnings ---- */

/* Reads the model again when it was changed outside isolab (model_state's
 * digest is NULL), so the current results are those of the model now. */
static int refresh_model(isl_cli *cli)
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
    int rc = refresh_model(cli);
    if (!rc && isl_store_focus(cli->store, isl_opt(a, "--lesson"), isl_opt(a, "--bundle"), isl_opt(a, "--channel"),
                               &cli->err))
        rc = cli->err.status;
    return rc;
}

/* The commands that bring every stale result up to date, as one line:
 * each ready to paste (names and the database's path shell-quoted), in
 * quotes ('...', or "..." when it holds a single quote). */
typedef struct stale_plan {
    isl_cli *cli;
    isl_buf line;
    size_t n;
} stale_plan;

static isl_status add_group(void *ctx, const char *group, const char *bundle, const char *channel)
{
    stale_plan *p = ctx;
    const char *words[6];
    int n = 0;
    if (!strcmp(group, "lessons")) words[n++] = "lesson", words[n++] = "--all";
    else if (!strcmp(group, "run")) words[n++] = "run";
    else if (!strcmp(group, "bundles")) words[n++] = "sweep", words[n++] = "bundles";
    else {
        words[n++] = "sweep", words[n++] = group;
        words[n++] = "--bundle", words[n++] = bundle ? bundle : "";
        words[n++] = "--channel", words[n++] = channel ? channel : "";
    }
    isl_put_command(p->cli, &p->line, n, words);
    p->n++;
    return p->line.oom ? ISL_ENOMEM : ISL_OK;
}

int isl_warn_stale(isl_cli *cli)
{
    stale_plan p = {cli, {NULL, 0, 0, 0}, 0};
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_store_stale_groups(cli->store, add_group, &p, &err);
    char *line = p.line.p;
    if (st == ISL_ENOMEM || p.line.oom) {
        free(line);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    if (!st && p.n) {
        /* two lines, whatever their length: never cut */
        char *shown = isl_escape_dup(line);
        if (!shown) {
            free(line);
            return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        }
        fprintf(stderr, "isolab%s%s: note: some results were computed from an older model than the database holds "
                        "now and are not shown;\n  to bring everything up to date, run: %s\n",
                cli->cmd ? " " : "", cli->cmd ? cli->cmd->name : "", shown);
        free(shown);
        cli->stale_noted = 1;
    }
    free(line);
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
