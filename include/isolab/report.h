/* isolab: what the commands that print results share: saved queries' lines
 * (report, lesson), the claims' outcomes (check, lesson) and exported
 * relations (export, plot). */
#ifndef ISOLAB_REPORT_H
#define ISOLAB_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "isolab/cli.h"
#include "isolab/export.h"

/* ---- the labels of columns (the table column_label) ----
 * A column's label, unit (or NULL) and digits (-1: as stored), for the
 * object (table or view) it belongs to, or '*' for a column of that name in
 * any. */
typedef struct isl_label {
    char *object, *column, *label, *unit;
    int digits;
} isl_label;

typedef struct isl_labels {
    isl_label *v;
    size_t n, cap;
} isl_labels;

/* Reads every row of column_label into l (none when the table is missing).
 * Returns an exit status (cli->err set on failure). */
int isl_labels_read(isl_cli *cli, isl_labels *l);
/* The label of object's column: its own row, else the '*' row; NULL when
 * neither exists (or l is NULL). */
const isl_label *isl_labels_find(const isl_labels *l, const char *object, const char *column);
void isl_labels_free(isl_labels *l);

/* ---- one writer for every listing ----
 * export, runs, check, diff, report NAME, export --list and lesson hand
 * their rows to it as cells: once the column names (row == NULL), then
 * each row. It writes them in one of the formats of --format:
 *   table   aligned text, columns as wide as their widest value, numbers
 *           right-aligned, control characters made visible (kept until the
 *           end, to size the columns)
 *   csv     as 'sqlite3 -csv -header' (quoted fields, inner quotes doubled)
 *   tsv     tab-separated; a field quoted only when it must be
 *   json    an array of objects: numbers as numbers, NULL as null
 *   ndjson  one JSON object a line */
typedef struct isl_listing {
    isl_format fmt;
    FILE *out;
    size_t rows;        /* rows handed so far */
    isl_buf buf;
    struct isl_grid *grid; /* ISL_FMT_TABLE: the rows kept */
    isl_progress *progress; /* when not NULL: ticked with the rows handed */
    isl_labels *labels;    /* ISL_FMT_TABLE after isl_listing_labelled */
    char *object;          /* whose labels */
} isl_listing;

/* The --format names, in the order of isl_format (NULL-terminated). */
extern const char *const isl_format_names[];

/* Starts a listing in fmt to out. */
void isl_listing_start(isl_listing *l, isl_format fmt, FILE *out);
/* An isl_row_fn: the header (row == NULL), then each row. ISL_ENOMEM, or
 * ISL_EOUTPUT when out cannot be written. */
isl_status isl_listing_row(void *ctx, size_t n, const char *const *names, const isl_cell *row);
/* For a table (ISL_FMT_TABLE; other formats keep the names and values as
 * they are, for scripts): heads each column by its label from column_label
 * (object's row, else the '*' row; without one, its name with '_' as a
 * space), writes the units on a second header line, and rounds real
 * numbers to the column's digits (else to four decimals at most, trailing
 * zeros dropped). Call before the header. object NULL: the '*' rows only.
 * Returns an exit status (cli->err set on failure). */
int isl_listing_labelled(isl_listing *l, isl_cli *cli, const char *object);
/* Ends l begun with status st (isl_listing_end) and returns the command's
 * exit status: out of memory worded in cli->err unless it holds a message
 * already, an output error as isl_check_output reports it. */
int isl_listing_done(isl_cli *cli, isl_listing *l, isl_status st);
/* For a table: a line written under the row handed last, indented by 8
 * spaces, outside the columns (other formats: nothing). ISL_ENOMEM. */
isl_status isl_listing_detail(isl_listing *l, const char *line);
/* Ends the listing begun with status st: when st is ISL_OK writes what it
 * kept (a table; JSON's closing bracket) and returns ISL_OK, ISL_ENOMEM or
 * ISL_EOUTPUT; always frees what it holds. */
isl_status isl_listing_end(isl_listing *l, isl_status st);
/* A cell holding text (NULL: SQL NULL), or a whole number written in buf. */
isl_cell isl_cell_text(const char *text);
isl_cell isl_cell_int(long long v, char buf[24]);

/* The tables of lesson `code` (isl_store_lesson_lines: what 'isolab lesson
 * CODE' prints) as rows (lesson, line) of l, after the header when header
 * is nonzero. */
isl_status isl_report_lesson_rows(isl_cli *cli, isl_listing *l, const char *code, int header);

/* Checks the claims of `lesson` (all when NULL) as one 'check' run: with
 * fmt ISL_FMT_TABLE a line per claim `show` asks for and a count line to
 * out; with another format every claim as a row of a listing to out and
 * the count line to stderr. ISL_EFAIL when a claim fails. */
int isl_check_print(isl_cli *cli, const char *lesson, FILE *out, isl_claims_shown show, isl_format fmt);

/* Writes every row of the table or view `name` (only run run_id's when
 * has_run), or of the read-only query sql when it is not NULL, in fmt to
 * `file`, which appears only when complete (NULL or "-": cli->out); *rows
 * (when not NULL) gets the number of rows written. Returns an exit status
 * (cli->err set). */
int isl_export_path(isl_cli *cli, const char *name, const char *sql, isl_format fmt, int has_run, int64_t run_id,
                    const char *file, size_t *rows);

/* The options --lesson, --bundle, --channel of a command that prints
 * results: after reading the model again when it was changed outside
 * isolab (model_state's digest is NULL), sets the param table to them for this
 * command only (isl_store_focus), then isl_warn_stale. Returns an exit
 * status (cli->err set). */
int isl_apply_focus(isl_cli *cli, const isl_args *a);

/* Says on stderr, as a note, when results of an older model are no longer
 * current (stale_result), naming the commands that bring them up to date. */
int isl_warn_stale(isl_cli *cli);

/* 1 when the database holds no run of results yet, with msg[n] "DB: no
 * results yet: run 'isolab lesson' (or 'isolab run')" (quoted with --db
 * as given): every command says it in these words; 0 when it holds one;
 * -1 when it cannot tell (cli->err set). */
int isl_no_results(isl_cli *cli, char *msg, size_t n);

/* Notes isl_no_results' words on stderr when the database holds no run yet
 * and `rows` rows of `name` were printed: none, or rows of a relation with
 * a run_id column (results; NULL: the lessons' lines). Stdout is left as a
 * script expects it. */
void isl_note_no_results(isl_cli *cli, const char *name, size_t rows);

#endif
