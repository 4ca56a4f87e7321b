/* isolab page, inside: the pieces cmd_page.c puts together. Each appends
 * HTML to a buffer and returns an exit status (cli->err set on failure). */
#ifndef ISOLAB_PAGE_H
#define ISOLAB_PAGE_H

#include <stddef.h>

#include "isolab/cli.h"
#include "isolab/report.h"
#include "isolab/textout.h"

/* One table of a saved query. Rows whose `lesson` column differs from
 * lesson (when set), or is none of keep (when set), are left out; columns
 * named in hide are not shown, nor, with drop_empty, a column no row shown
 * has a value in. stack: the rows turn into labelled blocks on a narrow
 * screen. empty: the note written when no row is left, followed, when
 * command is set ("isolab WORDS"), by the command as isl_hint shows it
 * (with --db) and then by after ("." when NULL). blank: pairs of a column
 * and the text an empty cell of it shows ("channel", "(no channel)"),
 * NULL-ended. */
typedef struct page_table {
    const char *view, *caption, *empty, *lesson;
    const char *command, *after;
    const char *const *hide;
    const char *const *blank;
    const char *const *keep;
    size_t nkeep;
    int stack, drop_empty;
} page_table;

/* Appends the table t of view t->view: its caption, a header of labels and
 * units, numbers right-aligned and rounded to their column's digits, the
 * statuses marked, a name never broken inside and a comma-separated list
 * free to break after each comma; inside a box that scrolls on its own. */
int page_put_table(isl_cli *cli, isl_buf *b, const isl_labels *l, const page_table *t);

/* Appends the lines of lesson_report for lesson (exactly what 'isolab
 * lesson CODE' prints) in a <pre> inside <details>; *rows: how many. */
int page_put_text(isl_cli *cli, isl_buf *b, const char *lesson, size_t *rows);

/* Appends the glossary: the model's words in a sentence each. */
void page_put_glossary(isl_buf *b);

/* Appends the model: axes, mechanisms, bundles, channels, and the channel
 * overlap, axis visibility and smallest bundles tables. */
int page_put_model(isl_cli *cli, isl_buf *b, const isl_labels *l);

/* Appends the plots of one lesson (channels with its channel marked,
 * samples, axes, frontier), each drawn for that lesson's focus; a plot
 * that cannot be drawn leaves a note saying why, and when gnuplot fails,
 * a note on stderr unless *noted (then set). */
int page_put_plots(isl_cli *cli, isl_buf *b, const char *lesson, int *noted);

/* Appends s, or s escaped as HTML text. */
void page_puts(isl_buf *b, const char *s);
void page_html(isl_buf *b, const char *s);
/* Appends code as part of an id: every byte but a letter or digit as '-'. */
void page_put_id(isl_buf *b, const char *code);

#endif
