/* isolab export: a table, view, saved query or read-only query as CSV,
 * TSV, JSON or NDJSON, on stdout or into a file that appears only when
 * complete; or the list of tables and views. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/provenance.h"
#include "isolab/outfile.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/report.h"

typedef struct exporter {
    isl_format fmt;
    FILE *out;
    size_t rows;
    isl_buf buf;
} exporter;

/* Formats the header (row == NULL) or one row into e->buf and writes it. */
static isl_status put_row(void *ctx, size_t n, const char *const *names, const isl_cell *row)
{
    exporter *e = ctx;
    isl_buf *b = &e->buf;
    b->n = 0;
    if (b->p) b->p[0] = '\0';
    if (e->fmt == ISL_FMT_JSON || e->fmt == ISL_FMT_NDJSON) {
        if (!row) return ISL_OK;
        if (e->fmt == ISL_FMT_JSON) isl_buf_put(b, e->rows ? ",\n  {" : "[\n  {", 5);
        else isl_buf_put(b, "{", 1);
        for (size_t i = 0; i < n; i++) {
            if (i) isl_buf_put(b, ", ", 2);
            isl_buf_json_string(b, names[i], strlen(names[i]));
            isl_buf_put(b, ": ", 2);
            isl_buf_json_cell(b, &row[i]);
        }
        isl_buf_put(b, e->fmt == ISL_FMT_JSON ? "}" : "}\n", e->fmt == ISL_FMT_JSON ? 1 : 2);
    } else {
        for (size_t i = 0; i < n; i++) {
            const char *t = row ? row[i].text : names[i];
            size_t len = t ? strlen(t) : 0; /* as the sqlite3 shell: up to a NUL */
            if (i) isl_buf_put(b, e->fmt == ISL_FMT_TSV ? "\t" : ",", 1);
            if (e->fmt == ISL_FMT_TSV) isl_buf_tsv_field(b, t, len);
            else isl_buf_csv_field(b, t, len, ',');
        }
        isl_buf_put(b, "\n", 1);
    }
    if (b->oom) return ISL_ENOMEM;
    if (row) e->rows++;
    if (b->n && fwrite(b->p, 1, b->n, e->out) != b->n) return ISL_EOUTPUT;
    return ISL_OK;
}

static int parse_format(isl_cli *cli, const char *v, isl_format *fmt)
{
    if (!v || !strcmp(v, "csv")) *fmt = ISL_FMT_CSV;
    else if (!strcmp(v, "tsv")) *fmt = ISL_FMT_TSV;
    else if (!strcmp(v, "json")) *fmt = ISL_FMT_JSON;
    else if (!strcmp(v, "ndjson")) *fmt = ISL_FMT_NDJSON;
    else return isl_usage(cli, "unknown format '%s' (csv, tsv, json, ndjson)", v);
    return ISL_OK;
}

/* Exports into e->out; returns an exit status (cli->err set). */
static int export_to(isl_cli *cli, exporter *e, const char *name, const char *sql, int has_run, int64_t run_id)
{
    isl_error *err = &cli->err;
    isl_status st = sql ? isl_store_export_sql(cli->store, sql, put_row, e, err)
                        : isl_store_export(cli->store, name, has_run, run_id, put_row, e, err);
    if (st == ISL_ENOMEM && !err->msg[0]) isl_fail(err, st, "out of memory");
    else if (st && !err->msg[0]) isl_fail(err, st, "cannot write the output: %s", strerror(errno ? errno : EIO));
    if (!st && e->fmt == ISL_FMT_JSON && fputs(e->rows ? "\n]\n" : "[]\n", e->out) == EOF)
        st = isl_fail(err, ISL_EOUTPUT, "cannot write the output: %s", strerror(errno ? errno : EIO));
    free(e->buf.p);
    e->buf.p = NULL;
    return st;
}

/* Exports the relation name, or the query sql, to file. */
static int export_file(isl_cli *cli, const char *name, const char *sql, isl_format fmt, int has_run, int64_t run_id,
                       const char *file, size_t *rows)
{
    exporter e = {fmt, cli->out, 0, {NULL, 0, 0, 0}};
    int rc;
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

static isl_status list_relation(void *ctx, const char *name, const char *type, const char *about, long long rows)
{
    FILE *out = ctx;
    char count[32];
    if (rows < 0) snprintf(count, sizeof count, "?");
    else snprintf(count, sizeof count, "%lld", rows);
    /* a name the shell user made may hold control characters: escaped */
    isl_print_line(out, "%-24s %-5s %9s  %s", name, type, count, about);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
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
    int64_t run_id = 0;
    if (!isl_opt(a, "--run")) return isl_usage(cli, "export model needs --run N: the run whose model to write");
    if (isl_opt(a, "--format") || isl_opt(a, "-o") || isl_opt(a, "--sql") || isl_opt(a, "--list"))
        return isl_usage(cli, "export model writes SQL to stdout: no --format, -o, --sql or --list");
    int rc = isl_parse_run_id(cli, isl_opt(a, "--run"), &run_id);
    if (!rc) rc = isl_store_export_model(cli->store, run_id, print_sql, cli->out, &cli->err);
    return rc && rc != ISL_EOUTPUT ? rc : isl_check_output(cli, cli->out, "the output");
}

int isl_cmd_export(isl_cli *cli, const isl_args *a)
{
    /* 'model' is no table or view: the model a run used (model_record) */
    if (a->nops == 1 && !strcmp(a->ops[0], "model")) return export_model(cli, a);
    isl_format fmt = ISL_FMT_CSV;
    int64_t run_id = 0;
    const char *run = isl_opt(a, "--run"), *sql = isl_opt(a, "--sql");
    int list = isl_opt(a, "--list") != NULL;
    if ((a->nops > 0) + (sql != NULL) + list != 1)
        return isl_usage(cli, "name a table, view or saved query, or give --sql or --list (one of them)");
    if (run && !a->nops) return isl_usage(cli, "--run goes with a NAME");
    int rc = parse_format(cli, isl_opt(a, "--format"), &fmt);
    if (!rc && run) rc = isl_parse_run_id(cli, run, &run_id);
    if (!rc) rc = isl_apply_focus(cli, a);
    if (!rc) rc = isl_warn_stale(cli);
    if (rc) return rc;
    if (list) {
        fprintf(cli->out, "%-24s %-5s %9s  %s\n", "name", "type", "rows", "what it holds");
        rc = isl_store_relations(cli->store, list_relation, cli->out, &cli->err);
        return rc && rc != ISL_EOUTPUT ? rc : isl_check_output(cli, cli->out, "the output");
    }
    size_t rows = 0;
    rc = export_file(cli, a->nops ? a->ops[0] : NULL, sql, fmt, run != NULL, run_id, isl_opt(a, "-o"), &rows);
    int64_t id = 1;
    char digest[17];
    /* nothing to export because nothing was run: say what to run */
    if (!rc && !rows && !sql && !isl_store_latest_run(cli->store, "run", &id, digest, &cli->err) && !id)
        isl_note(cli, "%s: no results yet: run 'isolab lesson' (or 'isolab run')", cli->db_path);
    return rc;
}
