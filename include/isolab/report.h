/* isolab: what the commands that print results share: saved queries' lines
 * (report, lesson), the claims' outcomes (check, lesson) and exported
 * relations (export, plot). */
#ifndef ISOLAB_REPORT_H
#define ISOLAB_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "isolab/cli.h"
#include "isolab/export.h"

/* Prints the lines of the views names[0..n) to cli->out, a blank line
 * between two. Returns an exit status (cli->err set on failure). */
int isl_report_views(isl_cli *cli, const char *const *names, size_t n);

/* Checks the claims of `lesson` (all when NULL) as one 'check' run, a line
 * per claim and a count line to out. ISL_EFAIL when a claim fails. */
int isl_check_print(isl_cli *cli, const char *lesson, FILE *out);

/* Writes every row of the table or view `name` (only run run_id's when
 * has_run) in fmt to `file`, which appears only when complete (NULL or "-":
 * cli->out); *rows (when not NULL) gets the number of rows written.
 * Returns an exit status (cli->err set). */
int isl_export_path(isl_cli *cli, const char *name, isl_format fmt, int has_run, int64_t run_id, const char *file,
                    size_t *rows);

/* The options --lesson, --bundle, --channel of a command that prints
 * results: after reading the model again when it was changed outside
 * isolab (model_state's digest is NULL), sets the param table to them for this
 * command only (isl_store_focus). Returns an exit status (cli->err set). */
int isl_apply_focus(isl_cli *cli, const isl_args *a);

/* Says on stderr, as a note, when results of an older model are no longer
 * current (stale_result), naming the commands that bring them up to date. */
int isl_warn_stale(isl_cli *cli);

/* Prints every row of the table or view `name` as an aligned table: a
 * header, a rule, numbers right-aligned; control characters shown as '?'. */
int isl_report_table(isl_cli *cli, const char *name);
/* The same for the rows of run run_id only, when has_run. */
int isl_report_run_table(isl_cli *cli, const char *name, int has_run, int64_t run_id);

#endif
