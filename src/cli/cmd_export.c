/* isolab export: a table, view, saved query or read-only query as CSV,
 * TSV, JSON or NDJSON, on stdout or into a file that appears only when
 * complete; or the list of tables and views. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/provenance.h"
#include "isolab/outfile.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/report.h"

/* Exports into the listing e; returns an exit status (cli->err set). */
static int export_to(isl_cli *cli, isl_listing *e, const char *name, const char *sql, int has_run, int64_t run_id)
{
    isl_error *err = &cli->err;
    /* progress on a terminal, but not into output shown on it */
    isl_progress p;
    isl_progress_start(&p, "rows", 0);
    p.on = p.on && !isatty(fileno(e->out));
    e->progress = &p;
    isl_status st = sql ? isl_store_export_sql(cli->store, sql, isl_listing_row, e, err)
                        : isl_store_export(cli->store, name, has_run, run_id, isl_listing_row, e, err);
    p.done = e->rows;
    isl_progress_end(&p, !st);
    st = isl_listing_end(e, st);
    if (st == ISL_ENOMEM && !err->msg[0]) isl_fail(err, st, "out of memory");
    else if (st && !err->msg[0]) isl_fail(err, st, "cannot write the output: %s", strerror(errno ? errno : EIO));
    return st;
}

/* Exports the relation name, or the query sql, to file. */
static int export_file(isl_cli *cli, const char *name, const char *sql, isl_format fmt, int has_run, int64_t run_id,
                       const char *file, size_t *rows)
{
    isl_listing e;
    int rc;
    isl_listing_start(&e, fmt, cli->out);
    if (!file || !strcmp(file, "-")) {
        rc = export_to(cli, &e, name, sql, has_run, run_id);
        if (!rc) rc = isl_check_output(cli, cli->out, "the output");
        if (rows) *rows = e.rows;
        return rc;
    }
    /* the rules of every output file: include/isolab/outfile.h */
    isl_outfile o;
    if ((rc = isl_outfile_open(&o, file, ISL_OUT_THROUGH, cli->db_path, &cli->err))) return rc;
    e.out = o.f;
    rc = export_to(cli, &e, name, sql, has_run, run_id);
    if (rc == ISL_EOUTPUT) isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno ? errno : EIO));
    if (rc) isl_outfile_abort(&o);
    else rc = isl_outfile_commit(&o, &cli->err);
    if (rows) *rows = e.rows;
    return rc;
}

int isl_export_path(isl_cli *cli, const char *name, isl_format fmt, int has_run, int64_t run_id, const char *file,
                    size_t *rows)
{
    return export_file(cli, name, NULL, fmt, has_run, run_id, file, rows);
}

static const char *const RELATION_COLUMNS[] = {"name", "type", "rows", "about"};

/* One table or view as a row of the listing (rows NULL when uncountable). */
static isl_status list_relation(void *ctx, const char *name, const char *type, const char *about, long long rows)
{
    char count[24];
    isl_cell c[4] = {isl_cell_text(name), isl_cell_text(type), isl_cell_int(rows, count), isl_cell_text(about)};
    if (rows < 0) c[2] = isl_cell_text(NULL);
    return isl_listing_row(ctx, 4, RELATION_COLUMNS, c);
}

/* export --list: the tables and views as a listing in fmt. */
static int list_relations(isl_cli *cli, isl_format fmt)
{
    isl_listing l;
    isl_listing_start(&l, fmt, cli->out);
    isl_status st = isl_listing_row(&l, 4, RELATION_COLUMNS, NULL);
    if (!st) st = isl_store_relations(cli->store, list_relation, &l, &cli->err);
    st = isl_listing_end(&l, st);
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    return st && st != ISL_EOUTPUT ? (int)st : isl_check_output(cli, cli->out, "the output");
}

static isl_status print_sql(void *ctx, const char *line)
{
    FILE *out = ctx;
    fputs(line, out);
    fputc('\n', out);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

/* export model --run N: the model run N used, as seed SQL, on stdout. */
static int export_model(isl_cli *cli, const isl_args *a)
{
    long long run_id = 0;
    if (!isl_opt_int(a, "--run", &run_id))
        return isl_usage(cli, "export model needs --run N: the run whose model to write");
    if (isl_opt(a, "--format") || isl_opt(a, "-o") || isl_opt(a, "--sql") || isl_opt(a, "--list"))
        return isl_usage(cli, "export model writes SQL to stdout: no --format, -o, --sql or --list");
    int rc = isl_store_export_model(cli->store, run_id, print_sql, cli->out, &cli->err);
    return rc && rc != ISL_EOUTPUT ? rc : isl_check_output(cli, cli->out, "the output");
}

int isl_cmd_export(isl_cli *cli, const isl_args *a)
{
    /* 'model' is no table or view: the model a run used (model_record) */
    if (a->nops == 1 && !strcmp(a->ops[0], "model")) return export_model(cli, a);
    long long fmt = ISL_FMT_CSV, run_id = 0;
    const char *sql = isl_opt(a, "--sql");
    int list = isl_opt_flag(a, "--list"), run = isl_opt_int(a, "--run", &run_id);
    isl_opt_int(a, "--format", &fmt);
    if ((a->nops > 0) + (sql != NULL) + list != 1)
        return isl_usage(cli, "name a table, view or saved query, or give --sql or --list (one of them)");
    if (run && !a->nops) return isl_usage(cli, "--run goes with a NAME");
    int rc = isl_apply_focus(cli, a);
    if (!rc) rc = isl_warn_stale(cli);
    if (rc) return rc;
    if (list) return list_relations(cli, isl_opt_int(a, "--format", &fmt) ? (isl_format)fmt : ISL_FMT_TABLE);
    size_t rows = 0;
    rc = export_file(cli, a->nops ? a->ops[0] : NULL, sql, (isl_format)fmt, run, run_id, isl_opt(a, "-o"), &rows);
    int64_t id = 1;
    char digest[17], l[512], r[512];
    /* nothing to export because nothing was run: say what to run */
    if (!rc && !rows && !sql && !isl_store_latest_run(cli->store, "run", &id, digest, &cli->err) && !id)
        isl_note(cli, "%s: no results yet: run %s (or %s)", cli->db_path, isl_hint(cli, "isolab lesson", l, sizeof l),
                 isl_hint(cli, "isolab run", r, sizeof r));
    return rc;
}
