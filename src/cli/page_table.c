/* isolab page: a saved query's rows as an HTML table, headed by the labels
 * and units of column_label, numbers rounded to its digits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/export.h"
#include "isolab/lesson_table.h"
#include "isolab/util.h"
#include "page_table.h"

void page_puts(isl_buf *b, const char *s) { isl_buf_put(b, s, strlen(s)); }
void page_html(isl_buf *b, const char *s) { isl_buf_html(b, s, strlen(s)); }

void page_put_id(isl_buf *b, const char *code)
{
    for (const char *c = code; *c; c++) {
        char ch = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ? *c : '-';
        isl_buf_put(b, &ch, 1);
    }
}

/* The state of one table while its rows arrive. */
typedef struct table_state {
    isl_buf *b;
    const page_table *t;
    const isl_labels *labels;
    const isl_label **col;  /* each column's label, or NULL */
    int *show;
    int *filled;             /* drop_empty: 1 for a column with a value in a row shown */
    int counting;            /* 1: only fill `filled`, write nothing */
    long lesson_col;
    size_t rows;
    char why[400]; /* an own table's: what is not shown, or "" */
} table_state;

/* Appends a column's label: its row in column_label, else its name with
 * '_' as a space. */
static void put_label_text(isl_buf *b, const isl_label *lab, const char *name)
{
    if (lab) {
        page_html(b, lab->label);
        return;
    }
    for (const char *c = name; *c; c++) {
        char ch = *c == '_' ? ' ' : *c;
        isl_buf_html(b, &ch, 1);
    }
}

static isl_status put_header(table_state *ts, size_t ncols, const char *const *names)
{
    ts->lesson_col = -1;
    free(ts->show), free(ts->col);
    ts->show = calloc(ncols ? ncols : 1, sizeof *ts->show);
    ts->col = calloc(ncols ? ncols : 1, sizeof *ts->col);
    if (ts->counting) ts->filled = calloc(ncols ? ncols : 1, sizeof *ts->filled);
    if (!ts->show || !ts->col || (ts->counting && !ts->filled)) return ISL_ENOMEM;
    page_puts(ts->b, "<thead><tr>");
    for (size_t i = 0; i < ncols; i++) {
        if (!strcmp(names[i], "lesson")) ts->lesson_col = (long)i;
        const char *const *h = ts->t->hide;
        int hidden = 0;
        for (; h && *h; h++) hidden |= !strcmp(*h, names[i]);
        ts->show[i] = !hidden && (!ts->t->drop_empty || ts->counting || ts->filled[i]);
        ts->col[i] = isl_labels_find(ts->labels, ts->t->view, names[i]);
        if (!ts->show[i]) continue;
        page_puts(ts->b, "<th scope=\"col\">");
        put_label_text(ts->b, ts->col[i], names[i]);
        if (ts->col[i] && ts->col[i]->unit)
            page_puts(ts->b, " <span class=\"unit\">("), page_html(ts->b, ts->col[i]->unit), page_puts(ts->b, ")</span>");
        page_puts(ts->b, "</th>");
    }
    page_puts(ts->b, "</tr></thead>\n<tbody>\n");
    return ISL_OK;
}

/* Appends one word, inside a span that keeps it on one line when it holds
 * a '-', '/' or '.': a name is never broken in the middle. */
static void put_word(isl_buf *b, const char *w, size_t len)
{
    int joined = 0;
    for (size_t k = 0; k < len; k++) joined |= w[k] == '-' || w[k] == '/' || w[k] == '.';
    if (joined && len > 1) page_puts(b, "<span class=\"nw\">");
    isl_buf_html(b, w, len);
    if (joined && len > 1) page_puts(b, "</span>");
}

/* Appends text word by word (put_word); a word that is a comma-separated
 * list ("a,b,c") is put item by item, free to break after each comma. */
static void put_words(isl_buf *b, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != ' ') j++;
        for (size_t k = i; k < j;) {
            size_t e = k;
            while (e < j && text[e] != ',') e++;
            put_word(b, text + k, e - k);
            if (e < j) page_puts(b, e + 1 < j ? "<span class=\"sep\">,</span><wbr>" : ",");
            k = e + 1;
        }
        if (j < len) page_puts(b, " ");
        i = j + 1;
    }
}

void page_put_status(isl_buf *b, const char *text, size_t len)
{
    page_puts(b, "st st-");
    for (size_t k = 0; k < len; k++) {
        char ch = text[k] == ' ' ? '-' : text[k] >= 'A' && text[k] <= 'Z' ? (char)(text[k] - 'A' + 'a') : text[k];
        isl_buf_html(b, &ch, 1);
    }
}

/* The class of a cell: numbers right-aligned, statuses and outcomes
 * marked ("st" and the value in lower case, spaces as '-': RETURNS, the
 * lesson tables' word, and returns, fact_status's, are one colour),
 * single words kept whole (a list "a,b" is not one word). */
static void put_class(isl_buf *b, const char *column, const isl_cell *c)
{
    if (c->type == 1 || c->type == 2) {
        page_puts(b, "num");
        return;
    }
    if (!c->text) return;
    int status = !strcmp(column, "status") || !strcmp(column, "outcome") || !strcmp(column, "grows");
    if (status && c->len && c->len < 32) page_put_status(b, c->text, c->len);
    if (!memchr(c->text, ' ', c->len) && !memchr(c->text, ',', c->len)) page_puts(b, status ? " nw" : "nw");
}

/* 1 when the row is shown: its lesson is the table's, or one it keeps. */
static int row_kept(const table_state *ts, const isl_cell *row)
{
    const page_table *t = ts->t;
    if (ts->lesson_col < 0) return 1;
    const isl_cell *l = &row[ts->lesson_col];
    if (t->lesson && (!l->text || strcmp(l->text, t->lesson))) return 0;
    int kept = !t->keep;
    for (size_t k = 0; k < t->nkeep && !kept; k++) kept = l->text && !strcmp(l->text, t->keep[k]);
    return kept;
}

/* The text an empty cell of column shows (page_table's blank), or NULL. */
static const char *blank_text(const page_table *t, const char *column)
{
    for (const char *const *p = t->blank; p && p[0] && p[1]; p += 2)
        if (!strcmp(p[0], column)) return p[1];
    return NULL;
}

static isl_status put_row(table_state *ts, size_t ncols, const char *const *names, const isl_cell *row)
{
    if (!row_kept(ts, row)) return ISL_OK;
    if (ts->counting) {
        for (size_t i = 0; i < ncols; i++) ts->filled[i] |= row[i].text && row[i].len;
        return ISL_OK;
    }
    ts->rows++;
    page_puts(ts->b, "<tr>");
    for (size_t i = 0; i < ncols; i++) {
        if (!ts->show[i]) continue;
        const char *blank = row[i].type <= ISL_CELL_FLOAT || row[i].len ? NULL : blank_text(ts->t, names[i]);
        isl_cell shown = blank ? (isl_cell){ISL_CELL_TEXT, blank, strlen(blank), 0.0} : row[i];
        const isl_cell *c = &shown;
        page_puts(ts->b, "<td class=\""), put_class(ts->b, names[i], c);
        page_puts(ts->b, "\" data-label=\""), put_label_text(ts->b, ts->col[i], names[i]), page_puts(ts->b, "\">");
        if (c->type == 2) isl_buf_number(ts->b, c->real, ts->col[i] ? ts->col[i]->digits : -1);
        else if (c->type == 1) isl_buf_put(ts->b, c->text, c->len);
        else if (c->text) put_words(ts->b, c->text, c->len);
        page_puts(ts->b, "</td>");
    }
    page_puts(ts->b, "</tr>\n");
    return ISL_OK;
}

static isl_status table_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    table_state *ts = ctx;
    return row ? put_row(ts, ncols, names, row) : put_header(ts, ncols, names);
}

/* t's rows: a lesson's only (a view of every lesson reads one), through
 * t->rows when given. */
static isl_status read_rows(isl_cli *cli, const page_table *t, table_state *ts)
{
    if (t->own)
        return isl_store_lesson_table_rows(cli->store, t->lesson, t->own_position, table_row, ts, ts->why,
                                           sizeof ts->why, &cli->err);
    if (!t->lesson) return isl_store_export(cli->store, t->view, 0, 0, table_row, ts, &cli->err);
    if (!t->rows) return isl_store_export_lesson(cli->store, t->view, t->lesson, table_row, ts, &cli->err);
    isl_status st = *t->rows ? ISL_OK : isl_store_export_open(cli->store, t->view, 0, 0, 1, t->rows, &cli->err);
    return st ? st : isl_store_export_read(*t->rows, t->lesson, table_row, ts, &cli->err);
}

int page_put_table(isl_cli *cli, isl_buf *b, const isl_labels *l, const page_table *t)
{
    isl_buf body = {NULL, 0, 0, 0};
    table_state ts = {&body, t, l, NULL, NULL, NULL, t->drop_empty, -1, 0, ""};
    isl_status st = ts.counting ? read_rows(cli, t, &ts) : ISL_OK;
    body.n = 0, ts.counting = 0;
    if (!st) st = read_rows(cli, t, &ts);
    free(ts.show), free(ts.col), free(ts.filled);
    if (st) {
        free(body.p);
        if (!cli->err.msg[0]) isl_fail(&cli->err, st, "%s: %s", t->view, st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
        return st;
    }
    if (ts.rows == 0 && ts.why[0]) {
        page_puts(b, "<p class=\"cap\">"), page_html(b, t->caption), page_puts(b, "</p>\n");
        page_puts(b, "<p class=\"note\">Not shown: "), page_html(b, ts.why), page_puts(b, ".</p>\n");
    } else if (ts.rows == 0) {
        char hint[1024], cmd[512];
        page_puts(b, "<p class=\"note\">"), page_html(b, t->empty);
        if (t->run) {
            isl_kind_command((isl_kind)(t->run - isl_kinds), t->operand, cmd, sizeof cmd);
            page_html(b, isl_hint(cli, cmd, hint, sizeof hint)), page_puts(b, ".");
        }
        page_puts(b, "</p>\n");
    } else {
        page_puts(b, "<p class=\"cap\">"), page_html(b, t->caption), page_puts(b, "</p>\n");
        page_puts(b, t->stack ? "<div class=\"scroll\"><table class=\"stack\"" : "<div class=\"scroll\"><table");
        page_puts(b, " data-view=\""), page_html(b, t->view), page_puts(b, "\" aria-label=\"");
        page_html(b, t->caption), page_puts(b, "\">\n");
        if (body.p) isl_buf_put(b, body.p, body.n);
        page_puts(b, "</tbody>\n</table></div>\n");
        if (ts.why[0]) page_puts(b, "<p class=\"note\">"), page_html(b, ts.why), page_puts(b, ".</p>\n");
    }
    int oom = body.oom;
    free(body.p);
    return oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
}
