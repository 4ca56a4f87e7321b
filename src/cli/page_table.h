/* isolab page: a table, a status cell, HTML text written (page_table.c). */
#ifndef ISOLAB_PAGE_TABLE_H
#define ISOLAB_PAGE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/kind.h"
#include "isolab/textout.h"

/* One table of a saved query: rows of another lesson (or none of keep) left
 * out, columns in hide (and with drop_empty, empty ones) not shown. */
typedef struct page_table {
    const char *view, *caption, *empty; /* no row: the note empty, the command of run and "." */
    const isl_kind_row *run; /* NULL, or the element of isl_kinds whose command (then operand) computes rows */
    const char *operand;
    const char *const *hide;
    const char *const *blank; /* pairs: a column, what its empty cell shows */
    int stack;                /* labelled blocks on a narrow screen */
    int folded; /* for page_put_model: folded in <details> */
    const char *lesson;
    const char *const *keep;
    size_t nkeep;
    int drop_empty;
    isl_export **rows; /* with lesson: the view's statement for every lesson (opened at the first; NULL: its own) */
    int own;              /* 1: lesson's own table at own_position (lesson_table), its rows from its query */
    int64_t own_position;
} page_table;

/* Appends table t: labels and units, numbers rounded, statuses marked. */
int page_put_table(isl_cli *cli, isl_buf *b, const isl_labels *l, const page_table *t);

/* Appends s, or s escaped as HTML text. */
void page_puts(isl_buf *b, const char *s);
void page_html(isl_buf *b, const char *s);
/* Appends code as part of an id: every byte but a letter or digit as '-'. */
void page_put_id(isl_buf *b, const char *code);
/* Appends the classes of a status cell, "st st-" and the status in lower
 * case, spaces as '-': one colour for a status however a table spells it
 * (RETURNS in the lesson tables, returns in fact_status, the lab's). */
void page_put_status(isl_buf *b, const char *text, size_t len);

#endif
