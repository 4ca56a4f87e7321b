/* isolab export: a table, view, saved query or read-only query as CSV,
 * TSV, JSON or NDJSON, on stdout or into a file that appears only when
 * complete; or the list of tables and views. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/labels.h"
#include "isolab/listing.h"
#include "isolab/parse.h"
#include "isolab/provenance.h"
#include "isolab/outfile.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/report.h"
#include "isolab/util.h"

static const char *const RELATION_COLUMNS[] = {"name", "type", "rows", "about"};

/* One table or view as a row of the listing (rows NULL when uncountable). */
static isl_status list_relation(void *ctx, const char *name, const char *type, const char *about, long long rows)
{
    char count[24];
    isl_cell c[4] = {isl_cell_text(name), isl_cell_text(type), isl_cell_int(rows, count), isl_cell_text(about)};
    if (rows < 0) c[2] = isl_cell_text(NULL);
    return isl_listing_row(ctx, 4, RELATION_COLUMNS, c);
}

/* export --list NAME: NAME's columns, each with the label, unit and
 * digits its column_label row gives (label_object: that row's object, NAME
 * or '*'; NULL when it has none). */
static const char *const COLUMN_COLUMNS[] = {"column", "type", "label", "unit", "digits", "label_object"};

typedef struct column_list {
    isl_listing *l;
    const isl_labels *labels;
    const char *name;
} column_list;

static isl_status list_column(void *ctx, const char *column, const char *type)
{
    column_list *c = ctx;
    const isl_label *lab = isl_labels_find(c->labels, c->name, column);
    char digits[24];
    isl_cell row[6] = {isl_cell_text(column), isl_cell_text(type), isl_cell_text(lab ? lab->label : NULL),
                       isl_cell_text(lab ? lab->unit : NULL), isl_cell_text(NULL),
                       isl_cell_text(lab ? lab->object : NULL)};
    if (lab && lab->digits >= 0) row[4] = isl_cell_int(lab->digits, digits);
    return isl_listing_row(c->l, 6, COLUMN_COLUMNS, row);
}

/* export --list: the tables and views, or with NAME its columns, as a
 * listing in fmt. */
static int list_names(isl_cli *cli, const char *name, isl_format fmt)
{
    isl_labels labels = {NULL, 0, 0};
    isl_listing l;
    column_list c = {&l, &labels, name};
    isl_listing_start(&l, fmt, cli->out);
    isl_listing_wrap(&l, 80); /* its descriptions are sentences */
    isl_status st = name ? isl_labels_read(cli, &labels) : ISL_OK;
    if (!st) st = isl_listing_labelled(&l, cli, NULL);
    if (!st) st = isl_listing_row(&l, name ? 6 : 4, name ? COLUMN_COLUMNS : RELATION_COLUMNS, NULL);
    if (!st && name) st = isl_store_columns(cli->store, name, list_column, &c, &cli->err);
    else if (!st) st = isl_store_relations(cli->store, 1, list_relation, &l, &cli->err);
    int rc = isl_listing_done(cli, &l, st);
    isl_labels_free(&labels);
    return rc;
}

/* Rows of name that have no result (a bundle x channel not run, as a what-if
 * list's under --bundle LIST): a note with the command that computes the
 * first, unless results are stale (that note names what to run). A note
 * that cannot be made is left out. */
static void note_unrun(isl_cli *cli, const char *name)
{
    if (cli->stale_noted) return; /* the stale note says what to run */
    long long n = 0;
    char bundle[512], channel[512];
    isl_error kept = cli->err;
    if (!isl_store_unrun_rows(cli->store, name, &n, bundle, channel, sizeof bundle, &cli->err) && n > 0) {
        isl_buf cmd = {NULL, 0, 0, 0};
        isl_put_command_words(cli, &cmd, isl_kinds[ISL_KIND_RUN].command, 4,
                              (const char *const[]){"--bundle", bundle, "--channel", channel});
        if (!cmd.oom)
            isl_note(cli, "%lld row%s of %s %s no results (empty cells): %s computes the first", n, n == 1 ? "" : "s",
                     name, n == 1 ? "has" : "have", cmd.p);
        free(cmd.p);
    }
    cli->err = kept;
}

/* export model --run N: the model run N used, as seed SQL, on stdout. */
static int export_model(isl_cli *cli, const isl_args *a)
{
    long long run_id = 0;
    if (!isl_opt_int(a, "--run", &run_id))
        return isl_usage(cli, "export model needs --run N: the run whose model to write");
    if (isl_opt(a, "--format") || isl_opt(a, "-o") || isl_opt(a, "--sql") || isl_opt(a, "--list"))
        return isl_usage(cli, "export model writes SQL to stdout: no --format, -o, --sql or --list");
    int rc = isl_store_export_model(cli->store, run_id, isl_put_line, cli->out, &cli->err);
    return rc && rc != ISL_EOUTPUT ? rc : isl_check_output(cli, cli->out, "the output");
}

int isl_cmd_export(isl_cli *cli, const isl_args *a)
{
    /* 'model' is no table or view: the model a run used (model_record) */
    if (a->nops == 1 && !strcmp(a->ops[0], "model")) return export_model(cli, a);
    long long fmt = ISL_FMT_CSV, run_id = 0;
    const char *sql = isl_opt(a, "--sql");
    int list = isl_opt_flag(a, "--list"), run = isl_opt_int(a, "--run", &run_id);
    int given = isl_opt_int(a, "--format", &fmt);
    if ((a->nops > 0 && !list) + (sql != NULL) + list != 1)
        return isl_usage(cli, "name a table, view or saved query, or give --sql or --list (one of them)");
    if (list && (run || isl_opt(a, "-o")))
        return isl_usage(cli, "--list prints to stdout: no --run or -o");
    if (run && !a->nops) return isl_usage(cli, "--run goes with a NAME");
    int rc = isl_apply_focus(cli, a);
    if (rc) return rc;
    if (list) return list_names(cli, a->nops ? a->ops[0] : NULL, given ? (isl_format)fmt : ISL_FMT_TABLE);
    if (!sql) isl_note_focus_unread(cli, a, a->ops[0]);
    size_t rows = 0;
    /* --lesson: a saved query keyed by lesson gives that lesson's rows, as report's */
    rc = isl_export_path(cli, a->nops ? a->ops[0] : NULL, sql, (isl_format)fmt, run, run_id,
                         isl_opt(a, "--lesson") != NULL, isl_opt(a, "-o"), &rows);
    /* results without values because nothing was run: say what to run */
    if (!rc && !sql && !isl_note_no_results(cli, a->ops[0], rows) && rows) note_unrun(cli, a->ops[0]);
    return rc;
}
