/* isolab command line: the one writer of listings (isolab/report.h). Every
 * command that lists rows hands them here as cells, so a table, CSV, TSV,
 * JSON and NDJSON come out the same whichever command wrote them. */
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/report.h"

const char *const isl_format_names[] = {"csv", "tsv", "json", "ndjson", "table", NULL};

/* ISL_FMT_TABLE's rows, kept until the end to size the columns. */
typedef struct isl_grid {
    size_t ncols, nrows, cap;
    char **cells; /* nrows + 1 rows (the header first) of ncols, NULL for SQL NULL */
    int *numeric; /* per column: every value a number */
} isl_grid;

void isl_listing_start(isl_listing *l, isl_format fmt, FILE *out)
{
    memset(l, 0, sizeof *l);
    l->fmt = fmt;
    l->out = out;
}

isl_cell isl_cell_text(const char *text)
{
    isl_cell c = {text ? ISL_CELL_TEXT : ISL_CELL_NULL, text, text ? strlen(text) : 0, 0};
    return c;
}

isl_cell isl_cell_int(long long v, char buf[24])
{
    int n = snprintf(buf, 24, "%lld", v);
    isl_cell c = {ISL_CELL_INTEGER, buf, (size_t)n, (double)v};
    return c;
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

/* Keeps the header or one row in the grid. */
static isl_status grid_row(isl_listing *l, size_t n, const char *const *names, const isl_cell *row)
{
    isl_grid *g = l->grid;
    if (!row) {
        if (!(g = l->grid = calloc(1, sizeof *g))) return ISL_ENOMEM;
        g->ncols = n;
        if (!(g->numeric = calloc(n + 1, sizeof *g->numeric))) return ISL_ENOMEM;
        for (size_t i = 0; i < n; i++) g->numeric[i] = 1;
    }
    if (g->nrows + 1 >= g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        char **cells = realloc(g->cells, cap * (n ? n : 1) * sizeof *cells);
        if (!cells) return ISL_ENOMEM;
        g->cells = cells, g->cap = cap;
    }
    char **r = g->cells + (row ? g->nrows + 1 : 0) * n;
    for (size_t i = 0; i < n; i++) r[i] = NULL;
    if (row) g->nrows++;
    for (size_t i = 0; i < n; i++) {
        const char *t = row ? row[i].text : names[i];
        size_t len = row ? row[i].len : strlen(names[i]);
        if (row && row[i].type != ISL_CELL_INTEGER && row[i].type != ISL_CELL_FLOAT && row[i].type != ISL_CELL_NULL)
            g->numeric[i] = 0;
        if (t && !(r[i] = printable(t, len))) return ISL_ENOMEM;
    }
    return ISL_OK;
}

/* Width of UTF-8 text in characters. */
static size_t width_of(const char *t)
{
    size_t w = 0;
    for (; t && *t; t++) w += ((unsigned char)*t & 0xC0) != 0x80;
    return w;
}

/* Writes the grid: header, a rule, the rows; columns as wide as their
 * widest cell, numbers right-aligned. */
static void grid_write(const isl_grid *g, const size_t *w, FILE *out)
{
    for (size_t r = 0; r <= g->nrows; r++) {
        for (size_t c = 0; c < g->ncols; c++) {
            const char *t = g->cells[r * g->ncols + c];
            size_t pad = w[c] - width_of(t);
            int right = r > 0 && g->numeric[c];
            if (c) fputs("  ", out);
            if (right) fprintf(out, "%*s", (int)pad, "");
            fputs(t ? t : "", out);
            if (!right && c + 1 < g->ncols) fprintf(out, "%*s", (int)pad, "");
        }
        fputc('\n', out);
        for (size_t c = 0; r == 0 && c < g->ncols; c++) {
            if (c) fputs("  ", out);
            for (size_t k = 0; k < w[c]; k++) fputc('-', out);
            if (c + 1 == g->ncols) fputc('\n', out);
        }
    }
}

static isl_status grid_end(isl_grid *g, isl_status st, FILE *out)
{
    size_t *w = !st && g ? calloc(g->ncols + 1, sizeof *w) : NULL;
    if (!st && g && !w) st = ISL_ENOMEM;
    for (size_t r = 0; !st && g && r <= g->nrows; r++)
        for (size_t c = 0; c < g->ncols; c++) {
            size_t k = width_of(g->cells[r * g->ncols + c]);
            if (k > w[c]) w[c] = k;
        }
    if (!st && g) grid_write(g, w, out);
    for (size_t i = 0; g && g->cells && i < (g->nrows + 1) * g->ncols; i++) free(g->cells[i]);
    if (g) free(g->cells), free(g->numeric);
    free(g);
    free(w);
    return st;
}

/* Formats the header (row == NULL) or one row into l->buf as CSV, TSV,
 * JSON or NDJSON. */
static void format_row(isl_listing *l, size_t n, const char *const *names, const isl_cell *row)
{
    isl_buf *b = &l->buf;
    if (l->fmt == ISL_FMT_JSON || l->fmt == ISL_FMT_NDJSON) {
        if (!row) return;
        if (l->fmt == ISL_FMT_JSON) isl_buf_put(b, l->rows ? ",\n  {" : "[\n  {", 5);
        else isl_buf_put(b, "{", 1);
        for (size_t i = 0; i < n; i++) {
            if (i) isl_buf_put(b, ", ", 2);
            isl_buf_json_string(b, names[i], strlen(names[i]));
            isl_buf_put(b, ": ", 2);
            isl_buf_json_cell(b, &row[i]);
        }
        isl_buf_put(b, l->fmt == ISL_FMT_JSON ? "}" : "}\n", l->fmt == ISL_FMT_JSON ? 1 : 2);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *t = row ? row[i].text : names[i];
        size_t len = t ? strlen(t) : 0; /* as the sqlite3 shell: up to a NUL */
        if (i) isl_buf_put(b, l->fmt == ISL_FMT_TSV ? "\t" : ",", 1);
        if (l->fmt == ISL_FMT_TSV) isl_buf_tsv_field(b, t, len);
        else isl_buf_csv_field(b, t, len, ',');
    }
    isl_buf_put(b, "\n", 1);
}

isl_status isl_listing_row(void *ctx, size_t n, const char *const *names, const isl_cell *row)
{
    isl_listing *l = ctx;
    if (l->fmt == ISL_FMT_TABLE) {
        isl_status st = grid_row(l, n, names, row);
        if (!st && row) l->rows++;
        return st;
    }
    isl_buf *b = &l->buf;
    b->n = 0;
    if (b->p) b->p[0] = '\0';
    format_row(l, n, names, row);
    if (b->oom) return ISL_ENOMEM;
    if (row && ++l->rows % 4096 == 0 && l->progress) isl_progress_tick(l->progress, l->rows);
    if (b->n && fwrite(b->p, 1, b->n, l->out) != b->n) return ISL_EOUTPUT;
    return ISL_OK;
}

isl_status isl_listing_end(isl_listing *l, isl_status st)
{
    free(l->buf.p);
    l->buf.p = NULL;
    if (l->fmt == ISL_FMT_TABLE) st = grid_end(l->grid, st, l->out);
    else if (!st && l->fmt == ISL_FMT_JSON && fputs(l->rows ? "\n]\n" : "[]\n", l->out) == EOF) st = ISL_EOUTPUT;
    l->grid = NULL;
    if (!st && ferror(l->out)) st = ISL_EOUTPUT;
    return st;
}
