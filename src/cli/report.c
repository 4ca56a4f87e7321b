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
    sqlite3_str *line;
    size_t n;
} stale_plan;

static isl_status add_group(void *ctx, const char *group, const char *bundle, const char *channel)
{
    stale_plan *p = ctx;
    const char *argv[9] = {"isolab", "--db", p->cli->db_path};
    int argc = strcmp(p->cli->db_path, "isolab.db") ? 3 : 1;
    if (!strcmp(group, "lessons")) argv[argc++] = "lesson", argv[argc++] = "--all";
    else if (!strcmp(group, "run")) argv[argc++] = "run";
    else if (!strcmp(group, "bundles")) argv[argc++] = "sweep", argv[argc++] = "bundles";
    else {
        argv[argc++] = "sweep", argv[argc++] = group;
        argv[argc++] = "--bundle", argv[argc++] = bundle ? bundle : "";
        argv[argc++] = "--channel", argv[argc++] = channel ? channel : "";
    }
    char *cmd = isl_argv_text(argc, (char *const *)argv);
    if (!cmd) return ISL_ENOMEM;
    char q = strchr(cmd, '\'') ? '"' : '\'';
    sqlite3_str_appendf(p->line, "%s%c%s%c", p->n++ ? ", " : "", q, cmd, q);
    free(cmd);
    return sqlite3_str_errcode(p->line) ? ISL_ENOMEM : ISL_OK;
}

int isl_warn_stale(isl_cli *cli)
{
    stale_plan p = {cli, sqlite3_str_new(NULL), 0};
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_store_stale_groups(cli->store, add_group, &p, &err);
    char *line = sqlite3_str_finish(p.line);
    if (st == ISL_ENOMEM || (p.n && !line)) {
        sqlite3_free(line);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    if (!st && p.n) {
        /* two lines, whatever their length: never cut */
        char *shown = isl_escape_dup(line);
        if (!shown) {
            sqlite3_free(line);
            return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        }
        fprintf(stderr, "isolab%s%s: note: some results were computed from an older model than the database holds "
                        "now and are not shown;\n  to bring everything up to date, run: %s\n",
                cli->cmd ? " " : "", cli->cmd ? cli->cmd->name : "", shown);
        free(shown);
        cli->stale_noted = 1;
    }
    sqlite3_free(line);
    return ISL_OK;
}

/* ---- any table or view as an aligned table ---- */

typedef struct grid {
    size_t ncols, nrows, cap;
    char **cells; /* nrows + 1 rows (the header first) of ncols, NULL for SQL NULL */
    int *numeric; /* per column: every value a number */
    int oom;
} grid;

/* Width of UTF-8 text in characters. */
static size_t width_of(const char *t)
{
    size_t w = 0;
    for (; t && *t; t++) w += ((unsigned char)*t & 0xC0) != 0x80;
    return w;
}

/* A copy of text as the terminal may show it (isl_escape: control
 * characters and bytes that are not UTF-8 made visible). */
static char *printable(const char *t, size_t len)
{
    char *raw = malloc(len + 1);
    if (!raw) return NULL;
    memcpy(raw, t, len);
    raw[len] = '\0';
    char *c = isl_escape_dup(raw);
    free(raw);
    return c;
}

static isl_status grid_row(void *ctx, size_t n, const char *const *names, const isl_cell *row)
{
    grid *g = ctx;
    if (!row) {
        g->ncols = n;
        g->numeric = calloc(n + 1, sizeof *g->numeric);
        if (!g->numeric) return g->oom = 1, ISL_ENOMEM;
        for (size_t i = 0; i < n; i++) g->numeric[i] = 1;
    }
    if (g->nrows + 1 >= g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        char **cells = realloc(g->cells, cap * (n ? n : 1) * sizeof *cells);
        if (!cells) return g->oom = 1, ISL_ENOMEM;
        g->cells = cells, g->cap = cap;
    }
    /* the row is counted and all its cells NULL before any is filled, so
     * that after a failed allocation the grid frees exactly what it holds */
    char **r = g->cells + (row ? ++g->nrows : 0) * n;
    for (size_t i = 0; i < n; i++) r[i] = NULL;
    for (size_t i = 0; i < n; i++) {
        const char *t = row ? row[i].text : names[i];
        size_t len = row ? row[i].len : strlen(names[i]);
        if (row && row[i].type != SQLITE_INTEGER && row[i].type != SQLITE_FLOAT && row[i].type != SQLITE_NULL)
            g->numeric[i] = 0;
        if (t && !(r[i] = printable(t, len))) return g->oom = 1, ISL_ENOMEM;
    }
    return ISL_OK;
}

int isl_report_table(isl_cli *cli, const char *name) { return isl_report_run_table(cli, name, 0, 0); }

int isl_report_run_table(isl_cli *cli, const char *name, int has_run, int64_t run_id)
{
    grid g = {0};
    int rc = isl_store_export(cli->store, name, has_run, run_id, grid_row, &g, &cli->err);
    if (rc && g.oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    size_t *w = rc ? NULL : calloc(g.ncols + 1, sizeof *w);
    if (!rc && !w) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (size_t r = 0; !rc && r <= g.nrows; r++)
        for (size_t c = 0; c < g.ncols; c++) {
            size_t k = width_of(g.cells[r * g.ncols + c]);
            if (k > w[c]) w[c] = k;
        }
    for (size_t r = 0; !rc && r <= g.nrows; r++) {
        for (size_t c = 0; c < g.ncols; c++) {
            const char *t = g.cells[r * g.ncols + c];
            size_t pad = w[c] - width_of(t);
            int right = r > 0 && g.numeric[c];
            if (c) fputs("  ", cli->out);
            if (right) fprintf(cli->out, "%*s", (int)pad, "");
            fputs(t ? t : "", cli->out);
            if (!right && c + 1 < g.ncols) fprintf(cli->out, "%*s", (int)pad, "");
        }
        fputc('\n', cli->out);
        if (r == 0) {
            for (size_t c = 0; c < g.ncols; c++) {
                if (c) fputs("  ", cli->out);
                for (size_t k = 0; k < w[c]; k++) fputc('-', cli->out);
            }
            fputc('\n', cli->out);
        }
    }
    for (size_t i = 0; g.cells && i < (g.nrows + 1) * g.ncols; i++) free(g.cells[i]);
    free(g.cells);
    free(g.numeric);
    free(w);
    return rc ? rc : isl_check_output(cli, cli->out, "the output");
}
