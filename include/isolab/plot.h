/* isolab: plots drawn by gnuplot, for plot and page (plot.c). */
#ifndef ISOLAB_PLOT_H
#define ISOLAB_PLOT_H

#include "isolab/cli.h"
#include "isolab/kind.h"

/* A plot (plot.c's isl_plot_kinds, which isolab plot and the page read):
 * its name (its script gnuplot/NAME.gp, built in; files NAME.csv and
 * NAME.png|svg), the saved query it draws, the kind of run that query
 * reads (its command, kind.c's, then operand when not NULL, computes one)
 * and the page's caption (the page ends it with a period, after the
 * kind's command in parentheses for an optional plot). focus: 1 when that
 * run is of the focus's bundle x channel alone (a sweep), so that the
 * command is the focus's own; optional: 1 when 'isolab plot' without names
 * leaves it out while that kind of run is missing (a measurement of this
 * machine, not the model's). */
typedef struct isl_plot_kind {
    const char *name, *query;
    isl_kind kind;
    const char *operand, *caption;
    int focus, optional;
} isl_plot_kind;
/* Every plot, in the page's order; the last has name NULL. */
extern const isl_plot_kind isl_plot_kinds[];
/* At least as many as isl_plot_kinds holds (plot.c asserts it). */
enum { ISL_PLOTS_MAX = 8 };

/* The plots of lesson's section of the page, which 'isolab plot' without
 * names draws for the lesson in force: shown[i] (ISL_PLOTS_MAX of them) is
 * 1 for isl_plot_kinds[i], but 0 for a sweep's plot (focus) when the
 * lesson prints no table of that sweep (lesson_blocks.sweep). Returns an
 * exit status. */
int isl_lesson_plots(isl_cli *cli, const char *lesson, int *shown);

/* Plots drawn by one gnuplot process (plot.c): isl_plots_add writes each
 * plot's dir/NAME.csv under the focus in force then, isl_plots_draw draws
 * every image (dir/NAME.FMT) at once, each the image a gnuplot of its own
 * draws; a plot's own failure (ISL_EINPUT: its run is missing; ISL_ETOOL:
 * gnuplot; ISL_EOUTPUT: a full disk) is kept with it, for isl_plots_status. */
typedef struct isl_plots isl_plots;
/* A batch drawing fmt ("png", "svg"), with scripts from the directory
 * scripts (NULL: the built-in ones); NULL when out of memory. scratch: no
 * CSV, and each image stays a scratch file in dir (isl_plots_status names
 * it; isl_plots_free removes it), as a page that reads them in wants. */
isl_plots *isl_plots_new(const char *fmt, const char *scripts, int scratch);
/* Adds plot `name` (one of isl_plot_kinds) into dir: its CSV now; the plot's exit
 * status (its failure kept with it, cli->err clear; ISL_ENOMEM: in cli->err
 * when the plot could not be kept). */
int isl_plots_add(isl_cli *cli, isl_plots *ps, const char *name, const char *dir);
/* Draws every plot added without failure; an exit status for what is no one plot's. */
int isl_plots_draw(isl_cli *cli, isl_plots *ps);
/* Plot i's exit status, with its failure (*err), image path and row count. */
int isl_plots_status(const isl_plots *ps, size_t i, const isl_error **err, const char **image, size_t *rows);
void isl_plots_free(isl_plots *ps);

/* isolab plot: draws the plots named (all by default) into files. */
int isl_cmd_plot(isl_cli *cli, const isl_args *a);

#endif
