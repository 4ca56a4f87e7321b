/* isolab export: a table, view, saved query or read-only query as CSV,
 * TSV, JSON or NDJSON, on stdout or into a file that appears only when
 * complete; or the list of tables and views. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/outfile.h"
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
    /* a regular file is replaced whole (through a symlink, its target); a
     * FIFO or character device is written into; anything else refused */
    char *target = NULL;
    int direct = 0;
    if ((rc = isl_output_target(file, 1, &target, &direct, &cli->err))) return rc;
    size_t n = direct ? 1 : strlen(target) + 32;
    char *tmp = malloc(n);
    if (!tmp) {
        free(target);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    if (!direct) snprintf(tmp, n, "%s.tmp-%ld", target, (long)getpid());
    if (!(e.out = fopen(direct ? file : tmp, "wb"))) {
        rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
        free(tmp);
        free(target);
        return rc;
    }
    rc = export_to(cli, &e, name, sql, has_run, run_id);
    if (rc == ISL_EOUTPUT) isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno ? errno : EIO));
    if (fclose(e.out) != 0 && !rc) rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
    if (!rc && !direct && rename(tmp, target) != 0)
        rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", file, strerror(errno));
    if (rc && !direct) unlink(tmp);
    free(tmp);
    free(target);
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
    fprintf(out, "%-24s %-5s %9s  %s\n", name, type, count, about);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

int isl_cmd_export(isl_cli *cli, const isl_args *a)
{
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
    if (list) {
        fprintf(cli->out, "%-24s %-5s %9s  %s\n", "name", "type", "rows", "what it holds");
        rc = isl_store_relations(cli->store, list_relation, cli->out, &cli->err);
        return rc && rc != ISL_EOUTPUT ? rc : isl_check_output(cli, cli->out, "the output");
    }
    return export_file(cli, a->nops ? a->ops[0] : NULL, sql, (isl_format)fmt, run, run_id, isl_opt(a, "-o"), NULL);
}
