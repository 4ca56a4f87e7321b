/* isolab export: a table, view or saved query as CSV, TSV or JSON, on
 * stdout or into a file that appears only when complete. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/export.h"
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
    if (e->fmt == ISL_FMT_JSON) {
        if (!row) return ISL_OK;
        isl_buf_put(b, e->rows ? ",\n  {" : "[\n  {", 5);
        for (size_t i = 0; i < n; i++) {
            if (i) isl_buf_put(b, ", ", 2);
            isl_buf_json_string(b, names[i], strlen(names[i]));
            isl_buf_put(b, ": ", 2);
            isl_buf_json_cell(b, &row[i]);
        }
        isl_buf_put(b, "}", 1);
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
    else return isl_usage(cli, "unknown format '%s' (csv, tsv, json)", v);
    return ISL_OK;
}

/* Exports into e->out; returns an exit status (cli->err set). */
static int export_to(isl_cli *cli, exporter *e, const char *name, int has_run, int64_t run_id)
{
    isl_error *err = &cli->err;
    isl_status st = isl_store_export(cli->store, name, has_run, run_id, put_row, e, err);
    if (st == ISL_ENOMEM && !err->msg[0]) isl_fail(err, st, "out of memory");
    else if (st && !err->msg[0]) isl_fail(err, st, "cannot write the output: %s", strerror(errno ? errno : EIO));
    if (!st && e->fmt == ISL_FMT_JSON && fputs(e->rows ? "\n]\n" : "[]\n", e->out) == EOF)
        st = isl_fail(err, ISL_EOUTPUT, "cannot write the output: %s", strerror(errno ? errno : EIO));
    free(e->buf.p);
    e->buf.p = NULL;
    return st;
}

int isl_export_path(isl_cli *cli, const char *name, isl_format fmt, int has_run, int64_t run_id, const char *file,
                    size_t *rows)
{
    exporter e = {fmt, cli->out, 0, {NULL, 0, 0, 0}};
    int rc;
    if (!file || !strcmp(file, "-")) {
        rc = export_to(cli, &e, name, has_run, run_id);
        if (!rc) rc = isl_check_output(cli, cli->out, "the output");
        if (rows) *rows = e.rows;
        return rc;
    }
    size_t n = strlen(file) + 32;
    char *tmp = malloc(n);
    if (!tmp) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    snprintf(tmp, n, "%s.tmp-%ld", file, (long)getpid());
    if (!(e.out = fopen(tmp, "wb"))) {
        rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
        free(tmp);
        return rc;
    }
    rc = export_to(cli, &e, name, has_run, run_id);
    if (rc == ISL_EOUTPUT) isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno ? errno : EIO));
    if (fclose(e.out) != 0 && !rc) rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
    if (!rc && rename(tmp, file) != 0)
        rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
    if (rc) unlink(tmp);
    free(tmp);
    if (rows) *rows = e.rows;
    return rc;
}

int isl_cmd_export(isl_cli *cli, const isl_args *a)
{
    isl_format fmt = ISL_FMT_CSV;
    int64_t run_id = 0;
    const char *run = isl_opt(a, "--run");
    int rc = parse_format(cli, isl_opt(a, "--format"), &fmt);
    if (!rc && run) rc = isl_parse_run_id(cli, run, &run_id);
    if (!rc) rc = isl_export_path(cli, a->ops[0], fmt, run != NULL, run_id, isl_opt(a, "-o"), NULL);
    return rc;
}
