/* isolab export: a table, view or saved query as CSV, TSV or JSON, on
 * stdout or into a file that appears only when complete. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/export.h"

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
    if (b->n && fwrite(b->p, 1, b->n, e->out) != b->n) return ISL_EDB;
    return ISL_OK;
}

static int parse_format(const char *v, isl_format *fmt)
{
    if (!strcmp(v, "csv")) *fmt = ISL_FMT_CSV;
    else if (!strcmp(v, "tsv")) *fmt = ISL_FMT_TSV;
    else if (!strcmp(v, "json")) *fmt = ISL_FMT_JSON;
    else return isl_usage_error("export", "unknown format '%s' (csv, tsv, json)", v);
    return ISL_OK;
}

/* Exports into e->out; returns an exit status (errors printed). */
static int export_to(isl_cli *cli, exporter *e, const char *name, int has_run, int64_t run_id)
{
    isl_store *s;
    int rc = isl_cli_open(cli, &s);
    if (rc) return rc;
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_store_export(s, name, has_run, run_id, put_row, e, &err);
    if (st == ISL_ENOMEM && !err.msg[0]) isl_fail(&err, st, "export: out of memory");
    else if (st && !err.msg[0]) isl_fail(&err, st, "export: cannot write: %s", strerror(errno));
    if (!st && e->fmt == ISL_FMT_JSON && fputs(e->rows ? "\n]\n" : "[]\n", e->out) == EOF)
        st = isl_fail(&err, ISL_EDB, "export: cannot write: %s", strerror(errno));
    isl_store_close(s);
    free(e->buf.p);
    return st ? isl_report(&err) : ISL_OK;
}

int isl_export_path(isl_cli *cli, const char *name, isl_format fmt, int has_run, int64_t run_id, const char *file,
                    size_t *rows)
{
    exporter e = {fmt, cli->out, 0, {NULL, 0, 0, 0}};
    int rc;
    if (!file || !strcmp(file, "-")) {
        rc = export_to(cli, &e, name, has_run, run_id);
        if (rows) *rows = e.rows;
        return rc;
    }
    size_t n = strlen(file) + 32;
    char *tmp = malloc(n);
    if (!tmp) return fprintf(stderr, "isolab: out of memory\n"), ISL_ENOMEM;
    snprintf(tmp, n, "%s.tmp-%ld", file, (long)getpid());
    if (!(e.out = fopen(tmp, "wb"))) {
        fprintf(stderr, "isolab: %s: cannot write: %s\n", file, strerror(errno));
        free(tmp);
        return ISL_EINPUT;
    }
    rc = export_to(cli, &e, name, has_run, run_id);
    if (fclose(e.out) != 0 && !rc) rc = (fprintf(stderr, "isolab: %s: cannot write: %s\n", file, strerror(errno)), ISL_EDB);
    if (!rc && rename(tmp, file) != 0)
        rc = (fprintf(stderr, "isolab: %s: cannot write: %s\n", file, strerror(errno)), ISL_EDB);
    if (rc) unlink(tmp);
    free(tmp);
    if (rows) *rows = e.rows;
    return rc;
}

int isl_cmd_export(isl_cli *cli, int argc, char **argv)
{
    const char *name = NULL, *file = NULL, *v;
    isl_format fmt = ISL_FMT_CSV;
    int64_t run_id = 0;
    int has_run = 0, rc = 0;
    for (int i = 1; i < argc && !rc; i++) {
        int r;
        if ((r = isl_opt_value("export", argc, argv, &i, "--format", &v))) {
            if (r < 0) return ISL_EUSAGE;
            rc = parse_format(v, &fmt);
        } else if ((r = isl_opt_value("export", argc, argv, &i, "--run", &v))) {
            if (r < 0) return ISL_EUSAGE;
            rc = isl_parse_run_id("export", v, &run_id);
            has_run = 1;
        } else if ((r = isl_opt_value("export", argc, argv, &i, "-o", &file))) {
            if (r < 0) return ISL_EUSAGE;
        } else if ((argv[i][0] == '-' && argv[i][1]) || name) {
            return isl_usage_error("export", "unexpected argument '%s'", argv[i]);
        } else {
            name = argv[i];
        }
    }
    if (rc) return rc;
    if (!name) return isl_usage_error("export", "name a table, view or saved query");
    return isl_export_path(cli, name, fmt, has_run, run_id, file, NULL);
}
