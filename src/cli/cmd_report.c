/* isolab report: print saved queries' lines from the database, or any
 * other table or view as an aligned table; with --format, one relation's
 * rows as CSV, TSV, JSON or NDJSON. */
#include <string.h>

#include "isolab/cli.h"
#include "isolab/lesson_table.h"
#include "isolab/cmd.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/listing.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"

/* The view of the lesson's tables, its own tables run in their places. */
static const char LESSON_REPORT[] = "lesson_report";

/* One line of a view, escaped; c->lines counts them. */
typedef struct counted {
    FILE *out;
    size_t lines;
} counted;

static isl_status count_line(void *ctx, const char *line)
{
    counted *c = ctx;
    c->lines++;
    isl_print_line(c->out, "%s", line ? line : "");
    return ferror(c->out) ? ISL_EOUTPUT : ISL_OK;
}

/* Prints the lines of the view `name`; says on stderr when it has none. */
static int print_view(isl_cli *cli, const char *name)
{
    counted c = {cli->out, 0};
    int lesson = !strcmp(name, LESSON_REPORT);
    char code[256], b[256], ch[256];
    isl_status st = ISL_OK;
    if (!lesson) {
        st = isl_store_view_lines(cli->store, name, count_line, &c, &cli->err);
    } else {
        /* the focus lesson's, its own tables run in their places; no
         * lesson with a focus: nothing, said below */
        isl_error none;
        isl_error_clear(&none);
        st = isl_store_current_focus(cli->store, code, b, ch, sizeof code, &none);
        if (!st) st = isl_store_lesson_lines(cli->store, code, count_line, &c, &cli->err);
        else if (st == ISL_EINPUT) st = ISL_OK;
        else cli->err = none;
    }
    if (st && st != ISL_EOUTPUT) return st;
    /* nothing on stdout is said on stderr, never left silent */
    char l[600], f[64], cmd[512] = "";
    /* a command is advised only where it can run: a lesson has a focus; it
     * computes the pair the tables read, the lesson's or --bundle/--channel's
     * (missing_result: 'isolab run --members LIST --channel C' for a list) */
    int focus = lesson && !c.lines && !strcmp(isl_first_command(cli, f, sizeof f), "isolab lesson");
    if (focus && !st && isl_store_missing_command(cli->store, ISL_KIND_RUN, cmd, sizeof cmd, &cli->err)) return
        cli->err.status;
    char run[64]; /* "isolab run " : the run kind's command, before its member list */
    isl_kind_command(ISL_KIND_RUN, "", run, sizeof run);
    if (!st && !c.lines && !cli->stale_noted)
        isl_note(cli, "%s has nothing to print: %s%s%s%s", name,
                 lesson && !focus ? "no lesson has a focus (see the table lesson_focus)" : "no current results for it",
                 focus ? " (" : "", focus ? isl_hint(cli, cmd[0] ? cmd : "isolab lesson", l, sizeof l) : "",
                 focus ? (strncmp(cmd, run, strlen(run)) ? " computes the lesson's)" : " computes them)") : "");
    return isl_check_output(cli, cli->out, "the output");
}

/* The focus lesson's tables as rows (lesson, line): what the text shows. */
static int lesson_rows(isl_cli *cli, isl_format fmt)
{
    char code[256], b[256], c[256];
    if (isl_store_current_focus(cli->store, code, b, c, sizeof code, &cli->err)) return cli->err.status;
    isl_listing l;
    isl_listing_start(&l, fmt, cli->out);
    int rc = isl_listing_done(cli, &l, isl_report_lesson_rows(cli, &l, code, 1));
    if (!rc) isl_note_no_results(cli, NULL, l.rows);
    return rc;
}

/* The rows of the table or view `name` as a listing in fmt: those whose
 * lines print_view prints (of a saved query keyed by lesson, the focus
 * lesson's; lesson_report's as lesson_rows), else every row. */
static int print_table(isl_cli *cli, const char *name, isl_format fmt)
{
    if (!strcmp(name, LESSON_REPORT)) return lesson_rows(cli, fmt);
    isl_listing l;
    isl_listing_start(&l, fmt, cli->out);
    isl_status st = isl_listing_labelled(&l, cli, name);
    if (!st) st = isl_store_export_focus(cli->store, name, isl_listing_row, &l, &cli->err);
    int rc = isl_listing_done(cli, &l, st);
    if (!rc) isl_note_no_results(cli, name, l.rows);
    return rc;
}

/* One NAME: a saved query prints its lines (unless --format table, given,
 * asks for its rows); anything else as a table. */
static int print_one(isl_cli *cli, const char *name, int given)
{
    if (given || isl_store_has_column(cli->store, name, "line") == 0) return print_table(cli, name, ISL_FMT_TABLE);
    return print_view(cli, name);
}

int isl_cmd_report(isl_cli *cli, const isl_args *a)
{
    long long fmt = ISL_FMT_TABLE;
    int given = isl_opt_int(a, "--format", &fmt);
    if (fmt != ISL_FMT_TABLE && a->nops > 1)
        return isl_usage(cli, "--format %s lists the rows of one NAME", isl_format_names[fmt]);
    int rc = isl_apply_focus(cli, a);
    if (rc) return rc;
    if (fmt != ISL_FMT_TABLE && a->nops) {
        isl_note_focus_unread(cli, a, a->ops[0]);
        return print_table(cli, a->ops[0], (isl_format)fmt);
    }
    if (fmt != ISL_FMT_TABLE) return lesson_rows(cli, (isl_format)fmt);
    if (!a->nops) {
        char msg[1200];
        int none = isl_no_results(cli, msg, sizeof msg);
        if (none) return none < 0 ? cli->err.status : isl_fail(&cli->err, ISL_EINPUT, "%s", msg);
        return print_view(cli, LESSON_REPORT);
    }
    /* every name is looked up before anything is printed: one that is no
     * table or view fails on its own path, which prints nothing for it */
    for (int i = 0; i < a->nops; i++)
        if (isl_store_has_column(cli->store, a->ops[i], "") < 0) return print_one(cli, a->ops[i], given);
    for (int i = 0; i < a->nops && !rc; i++) {
        isl_note_focus_unread(cli, a, a->ops[i]);
        if (i) fputc('\n', cli->out);
        rc = print_one(cli, a->ops[i], given);
    }
    return rc;
}
