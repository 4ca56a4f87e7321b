/* isolab command line: the one writer of listings (isolab/report.h). Every
 * command that lists rows hands them here as cells, so a table, CSV, TSV,
 * JSON and NDJSON come out the same whichever command wrote them. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/escape.h"
#include "isolab/labels.h"
#include "isolab/listing.h"
#include "isolab/progress.h"
#include "isolab/util.h"

const char *const isl_format_names[] = {"csv", "tsv", "json", "ndjson", "table", NULL};

/* ISL_FMT_TABLE's rows, kept until the end to size the columns. */
typedef struct isl_grid {
    size_t ncols, nrows, cap;
    char **cells;   /* nrows + 1 rows (the header first) of ncols, NULL for SQL NULL */
    char **units;   /* per column: its unit, or NULL (all NULL: no unit line) */
    int *digits;    /* per column, labelled: its digits (-1: four at most) */
    isl_buf *details; /* per row: the lines under it, each ending in '\n' */
    int *numeric;   /* per column: every value a number */
    size_t wrap_at; /* when not 0: the last column, wrapped, starts at this column */
} isl_grid;

void isl_listing_start(isl_listing *l, isl_format fmt, FILE *out)
{
    memset(l, 0, sizeof *l);
    l->fmt = fmt;
    l->out = out;
    l->terminal = out && isatty(fileno(out));
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

/* The text a header cell shows: the name, or labelled its label (its
 * name with '_' as a space when it has none); its unit in *unit. */
static isl_status head_text(const isl_listing *l, isl_grid *g, size_t i, const char *name, char **text)
{
    const isl_label *lab = isl_labels_find(&l->labels, l->object, name);
    g->digits[i] = lab ? lab->digits : -1;
    if (lab && lab->unit && !(g->units[i] = isl_escape_dup(lab->unit))) return ISL_ENOMEM;
    if (!(*text = isl_escape_dup(lab ? lab->label : name))) return ISL_ENOMEM;
    for (char *c = *text; l->labelled && !lab && *c; c++) *c = *c == '_' ? ' ' : *c;
    return ISL_OK;
}

/* Starts the grid with the header. */
static isl_status grid_start(isl_listing *l, size_t n)
{
    isl_grid *g = l->grid = calloc(1, sizeof *g);
    if (!g) return ISL_ENOMEM;
    g->ncols = n;
    g->numeric = calloc(n + 1, sizeof *g->numeric), g->digits = calloc(n + 1, sizeof *g->digits);
    g->units = calloc(n + 1, sizeof *g->units);
    if (!g->numeric || !g->digits || !g->units) return ISL_ENOMEM;
    for (size_t i = 0; i < n; i++) g->numeric[i] = 1;
    return ISL_OK;
}

/* The text a cell shows: labelled, a real number rounded to its digits. */
static char *cell_text(const isl_listing *l, size_t i, const isl_cell *c)
{
    /* a cell's text ends in a NUL (sqlite3_column_text), shown up to the first */
    if (!l->labelled || c->type != ISL_CELL_FLOAT) return c->text ? isl_escape_dup(c->text) : NULL;
    isl_buf b = {NULL, 0, 0, 0};
    isl_buf_number(&b, c->real, l->grid->digits[i]);
    if (b.oom) free(b.p);
    return b.oom ? NULL : b.p;
}

/* Keeps the header or one row in the grid. */
static isl_status grid_row(isl_listing *l, size_t n, const char *const *names, const isl_cell *row)
{
    if (!row && grid_start(l, n)) return ISL_ENOMEM;
    isl_grid *g = l->grid;
    if (g->nrows + 1 >= g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        char **cells = realloc(g->cells, cap * (n ? n : 1) * sizeof *cells);
        /* every cell NULL until written: grid_free may see rows not made */
        for (size_t i = g->cap * n; cells && i < cap * n; i++) cells[i] = NULL;
        if (cells) g->cells = cells;
        isl_buf *details = cells ? realloc(g->details, cap * sizeof *details) : NULL;
        if (!details) return ISL_ENOMEM;
        for (size_t i = g->cap; i < cap; i++) details[i] = (isl_buf){NULL, 0, 0, 0};
        g->details = details, g->cap = cap;
    }
    size_t r = row ? g->nrows + 1 : 0;
    char **cells = g->cells + r * n;
    if (row) g->nrows++;
    for (size_t i = 0; i < n; i++) {
        if (!row && head_text(l, g, i, names[i], &cells[i])) return ISL_ENOMEM;
        if (!row) continue;
        if (row[i].type != ISL_CELL_INTEGER && row[i].type != ISL_CELL_FLOAT && row[i].type != ISL_CELL_NULL)
            g->numeric[i] = 0;
        if (row[i].text && !(cells[i] = cell_text(l, i, &row[i]))) return ISL_ENOMEM;
    }
    return ISL_OK;
}

isl_status isl_listing_detail(isl_listing *l, const char *line)
{
    isl_grid *g = l->grid;
    if (l->fmt != ISL_FMT_TABLE || !g) return ISL_OK;
    char *shown = isl_escape_dup(line);
    isl_buf *d = &g->details[g->nrows];
    if (shown) isl_buf_printf(d, "        %s\n", shown);
    free(shown);
    return shown && !d->oom ? ISL_OK : ISL_ENOMEM;
}

int isl_listing_labelled(isl_listing *l, isl_cli *cli, const char *object)
{
    if (l->fmt != ISL_FMT_TABLE) return ISL_OK;
    l->labelled = 1, l->object = object;
    return isl_labels_read(cli, &l->labels);
}

void isl_listing_wrap(isl_listing *l, size_t width) { l->wrap = width; }

/* Width of UTF-8 text in terminal columns (CJK: 2 a character). */
static size_t width_of(const char *t)
{
    return t ? isl_text_columns(t) : 0;
}

/* The bytes of t's first line when wrapped to `room` columns: up to the
 * last space that leaves it within room (or the first space past a longer
 * word; all of t when it fits). *next: where the next line starts, past
 * the spaces. */
static size_t wrap_line(char *t, size_t room, const char **next)
{
    size_t len = strlen(t), cut = len;
    if (width_of(t) > room) {
        size_t best = 0;
        for (size_t i = 1; i < len; i++) {
            if (t[i] != ' ') continue;
            t[i] = '\0';
            size_t w = width_of(t);
            t[i] = ' ';
            if (w > room && best) break;
            best = i;
            if (w > room) break;
        }
        if (best) cut = best;
    }
    *next = t + cut;
    while (**next == ' ') ++*next;
    return cut;
}

/* Writes row r of the grid (the header: r = 0, its units: r = -1), up to
 * its last cell with text (no spaces at its end); a number column's cells,
 * heading and unit right-aligned; a wrapped last column (g->wrap_at, its
 * start) in lines of w[last] columns, each after the first at its start. */
static void line_write(const isl_grid *g, const size_t *w, long r, FILE *out)
{
    char *const *cells = r < 0 ? g->units : g->cells + (size_t)r * g->ncols;
    size_t last = 0;
    for (size_t c = 0; c < g->ncols; c++)
        if (cells[c] && cells[c][0]) last = c + 1;
    for (size_t c = 0; c < last; c++) {
        size_t pad = w[c] - width_of(cells[c]);
        if (c) fputs("  ", out);
        if (g->wrap_at && c + 1 == g->ncols) {
            const char *next;
            for (char *t = cells[c];; t = (char *)next) {
                size_t n = wrap_line(t, w[c], &next);
                fwrite(t, 1, n, out);
                if (!*next) break;
                fprintf(out, "\n%*s", (int)g->wrap_at, "");
            }
            continue;
        }
        if (g->numeric[c]) fprintf(out, "%*s", (int)pad, "");
        fputs(cells[c] ? cells[c] : "", out);
        if (!g->numeric[c] && c + 1 < last) fprintf(out, "%*s", (int)pad, "");
    }
    fputc('\n', out);
}

/* Writes the grid: header (and its units), a rule, the rows and their
 * details; columns as wide as their widest cell, numbers right-aligned. */
static void grid_write(const isl_grid *g, const size_t *w, FILE *out)
{
    int units = 0;
    for (size_t c = 0; c < g->ncols; c++) units |= g->units[c] != NULL;
    for (size_t r = 0; r <= g->nrows; r++) {
        line_write(g, w, (long)r, out);
        if (r == 0 && units) line_write(g, w, -1, out);
        for (size_t c = 0; r == 0 && c < g->ncols; c++) {
            if (c) fputs("  ", out);
            for (size_t k = 0; k < w[c]; k++) fputc('-', out);
            if (c + 1 == g->ncols) fputc('\n', out);
        }
        if (g->details[r].p) fputs(g->details[r].p, out);
    }
}

static void grid_free(isl_grid *g)
{
    for (size_t i = 0; g && g->cells && i < (g->nrows + 1) * g->ncols; i++) free(g->cells[i]);
    for (size_t i = 0; g && g->details && i <= g->nrows; i++) free(g->details[i].p);
    for (size_t i = 0; g && g->units && i < g->ncols; i++) free(g->units[i]);
    if (g) free(g->cells), free(g->numeric), free(g->digits), free(g->units), free(g->details);
    free(g);
}

/* Narrows a text last column wider than `width` leaves it to what is
 * left (at least 20 columns), for line_write to wrap. */
static void grid_wrap(isl_grid *g, size_t *w, size_t width)
{
    size_t at = 0, last = g->ncols - 1;
    for (size_t c = 0; c < last; c++) at += w[c] + 2;
    if (!width || !g->ncols || g->numeric[last] || at + w[last] <= width) return;
    w[last] = width > at + 20 ? width - at : 20;
    g->wrap_at = at;
}

static isl_status grid_end(isl_grid *g, size_t wrap, isl_status st, FILE *out)
{
    size_t *w = !st && g ? calloc(g->ncols + 1, sizeof *w) : NULL;
    if (!st && g && !w) st = ISL_ENOMEM;
    for (size_t r = 0; !st && g && r <= g->nrows; r++)
        for (size_t c = 0; c < g->ncols; c++) {
            size_t k = width_of(g->cells[r * g->ncols + c]), u = width_of(g->units[c]);
            if (k > w[c]) w[c] = k;
            if (u > w[c]) w[c] = u;
        }
    if (!st && g) grid_wrap(g, w, wrap);
    if (!st && g) grid_write(g, w, out);
    grid_free(g);
    free(w);
    return st;
}

/* Formats the header (row == NULL) or one row into b as CSV, TSV, JSON or
 * NDJSON. */
static void format_row(isl_listing *l, isl_buf *b, size_t n, const char *const *names, const isl_cell *row)
{
    if (l->fmt == ISL_FMT_JSON || l->fmt == ISL_FMT_NDJSON) {
        /* the JSON keys of the columns, once per listing */
        if (!l->keys) l->nkeys = n, l->keys = isl_json_keys(n, names);
        if (!l->keys) {
            b->oom = 1;
            return;
        }
        if (!row) return;
        assert(n == l->nkeys);
        if (l->fmt == ISL_FMT_JSON) isl_buf_put(b, l->rows ? ",\n  " : "[\n  ", 4);
        isl_buf_json_object(b, n, (const char *const *)l->keys, row);
        if (l->fmt == ISL_FMT_NDJSON) isl_buf_put(b, "\n", 1);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *t = row ? row[i].text : names[i];
        /* to a terminal, what the terminal would act on is shown escaped */
        char *shown = l->terminal && t && isl_needs_escape(t) ? isl_escape_dup(t) : NULL;
        if (shown) t = shown;
        else if (l->terminal && t && isl_needs_escape(t)) b->oom = 1;
        size_t len = t ? strlen(t) : 0; /* as the sqlite3 shell: up to a NUL */
        if (i) isl_buf_put(b, l->fmt == ISL_FMT_TSV ? "\t" : ",", 1);
        if (l->fmt == ISL_FMT_TSV) isl_buf_tsv_field(b, t, len);
        else isl_buf_csv_field(b, t, len, ',');
        free(shown);
    }
    isl_buf_put(b, "\n", 1);
}

/* Writes the header kept in l->head, once. -1 when out cannot be written. */
static int put_head(isl_listing *l)
{
    size_t n = l->head.n;
    l->head.n = 0;
    return n && fwrite(l->head.p, 1, n, l->out) != n ? -1 : 0;
}

isl_status isl_listing_row(void *ctx, size_t n, const char *const *names, const isl_cell *row)
{
    isl_listing *l = ctx;
    isl_status ts = l->tee ? l->tee(l->tee_ctx, n, names, row) : ISL_OK;
    if (ts) return ts;
    if (l->fmt == ISL_FMT_TABLE) {
        isl_status st = grid_row(l, n, names, row);
        if (!st && row) l->rows++;
        return st;
    }
    /* the header waits for the first row (or a good end): a listing that
     * fails before its first row writes nothing at all */
    isl_buf *b = row ? &l->buf : &l->head;
    b->n = 0;
    if (b->p) b->p[0] = '\0';
    format_row(l, b, n, names, row);
    if (b->oom) return ISL_ENOMEM;
    if (!row) return ISL_OK;
    if (put_head(l)) return ISL_EOUTPUT;
    if (++l->rows % 4096 == 0 && l->progress) isl_progress_rows(l->progress, l->rows);
    if (b->n && fwrite(b->p, 1, b->n, l->out) != b->n) return ISL_EOUTPUT;
    return ISL_OK;
}

isl_status isl_listing_end(isl_listing *l, isl_status st)
{
    if (!st && put_head(l)) st = ISL_EOUTPUT;
    free(l->buf.p);
    free(l->head.p);
    l->buf.p = l->head.p = NULL;
    isl_labels_free(&l->labels);
    isl_json_keys_free(l->keys, l->nkeys);
    l->keys = NULL, l->nkeys = 0;
    if (l->fmt == ISL_FMT_TABLE) st = grid_end(l->grid, l->wrap, st, l->out);
    else if (!st && l->fmt == ISL_FMT_JSON && fputs(l->rows ? "\n]\n" : "[]\n", l->out) == EOF) st = ISL_EOUTPUT;
    /* a JSON array cut short by a failure ends its last line (still no ']'):
     * the error message then starts a line of its own on a terminal */
    else if (st && st != ISL_EOUTPUT && l->fmt == ISL_FMT_JSON && l->rows) fputc('\n', l->out);
    l->grid = NULL;
    if (!st && ferror(l->out)) st = ISL_EOUTPUT;
    return st;
}

int isl_listing_done(isl_cli *cli, isl_listing *l, isl_status st)
{
    FILE *out = l->out;
    st = isl_listing_end(l, st);
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    return st && st != ISL_EOUTPUT ? (int)st : isl_check_output(cli, out, "the output");
}
