/* isolab: what commands that print results share (report.c): claims'
 * outcomes (check, lesson), exported relations (export, plot), the focus
 * and the stale note; listings: listing.h, labels: labels.h. */
#ifndef ISOLAB_REPORT_H
#define ISOLAB_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/listing.h"

/* An isl_line_fn: line (NULL: empty) and a newline to the FILE * ctx. */
isl_status isl_put_line(void *ctx, const char *line);
/* The same for a terminal: line escaped (isl_escape) as every text printed
 * from data is; for lines built from the model's names. */
isl_status isl_put_shown_line(void *ctx, const char *line);

/* The lines 'isolab lesson CODE' prints as rows (lesson, line) of l. */
isl_status isl_report_lesson_rows(isl_cli *cli, isl_listing *l, const char *code, int header);

/* Checks lesson's claims (NULL: all) as a 'check' run: lines `show` asks for (or
 * rows in fmt) to out, a count line; ISL_EFAIL when a claim fails (strict:
 * also when one is stale or pending, the count line saying so). */
int isl_check_print(isl_cli *cli, const char *lesson, FILE *out, isl_claims_shown show, isl_format fmt, int strict);

/* Writes the rows of `name` (of run run_id when has_run; with focus, those
 * isl_store_export_focus gives) or of query sql in fmt to file (NULL or
 * "-": cli->out), *rows their count; an exit status. */
int isl_export_path(isl_cli *cli, const char *name, const char *sql, isl_format fmt, int has_run, int64_t run_id,
                    int focus, const char *file, size_t *rows);
/* isl_export_path of relation `name` as CSV, read through x (name's
 * isl_store_export_open), its header and rows handed to tee(tee_ctx) as
 * well (a failure of tee fails the export). */
int isl_export_tee(isl_cli *cli, isl_export *x, const char *name, const char *file, size_t *rows, isl_row_fn tee,
                   void *tee_ctx);

/* --lesson, --bundle, --channel for this command only (isl_store_focus), the
 * model read again first if changed outside isolab; then isl_warn_stale. */
int isl_apply_focus(isl_cli *cli, const isl_args *a);
/* After isl_apply_focus: a note when --bundle or --channel is given and the
 * relation `name` does not read them (no view over param), so they change
 * nothing of its rows. */
void isl_note_focus_unread(isl_cli *cli, const isl_args *a, const char *name);

/* The line "CODE\tFILE" at l (code: CODE's length) has a line of its CODE
 * in lessons (lines "CODE\tFILE", as isl_store_origin gives them). */
int isl_lesson_kept(const char *l, size_t code, const char *lessons);

/* Notes that the default lesson (current_focus's) is focus, no longer
 * old_focus, with the commands that make old_focus the default again,
 * ready to paste: a lesson gone from now is loaded first, from its file
 * (old's "CODE\tFILE" lines; none known: no command), then focused. was:
 * whose default old_focus was ("the default lesson"); is: the words before
 * focus ("the default now is"); focus NULL: no lesson has a focus now. */
void isl_note_default(isl_cli *cli, const char *old, const char *now, const char *old_focus, const char *was,
                      const char *focus, const char *is);

/* Notes stale results of an older model, with the commands that update them. */
int isl_warn_stale(isl_cli *cli);

/* For a reader of every lesson's results (page): the model read again first
 * if changed outside isolab, so the current results are those of the model
 * now; then isl_warn_stale. */
int isl_current_results(isl_cli *cli);

/* The command that computes a first result: "isolab lesson" when a lesson
 * has a focus, else the run kind's (a model with no lessons), written into
 * buf[n]. */
const char *isl_first_command(isl_cli *cli, char *buf, size_t n);

/* 1 with msg[n] "DB: no results yet: run ..." when no run is recorded, 0 when
 * one is, -1 on failure (cli->err). */
int isl_no_results(isl_cli *cli, char *msg, size_t n);

/* Notes isl_no_results' words after `rows` rows of `name` (NULL: lessons'
 * lines) were printed: none, or results. 1 when it noted, else 0. */
int isl_note_no_results(isl_cli *cli, const char *name, size_t rows);

/* The values of the list option opt joined by commas, as they were written
 * (malloc'd), or NULL when it was not given (or out of memory: *oom set). */
char *isl_opt_joined(const isl_args *a, const char *opt, int *oom);

/* The mechanisms --mechanisms names, a member list (its items checked by the
 * parser: none empty, none twice), as a set in mechanism order
 * (isl_model_mechanism_set) into mechs (room for isl_model_list_room), or
 * every mechanism when it is not given. An exit status. */
int isl_pick_mechanisms(isl_cli *cli, const isl_args *a, size_t *mechs, size_t *nm);

#endif
