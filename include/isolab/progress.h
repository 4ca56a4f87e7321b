/* isolab: progress on a terminal, and a clock (progress.c). */
#ifndef ISOLAB_PROGRESS_H
#define ISOLAB_PROGRESS_H

#include "isolab/cli.h"

/* A long command's progress on stderr while it is a terminal, at most twice a
 * second after the first: "isolab: DONE of TOTAL WHAT, RATE WHAT/s, N s left". */
typedef struct isl_progress {
    const char *what; /* "rows" */
    unsigned long long done, total;
    double start, shown;
    int on, width;          /* width: of the line last shown */
    double first;           /* when the first tick came (0: none yet) */
    unsigned long long first_done; /* ... and its count */
} isl_progress;
void isl_progress_start(isl_progress *p, const char *what, unsigned long long total);
/* The count done so far (p is an isl_progress: a callback of rows done). */
void isl_progress_rows(void *p, uint64_t rows);
/* Shows the last line, the whole when complete, if a line was shown. */
void isl_progress_end(isl_progress *p, int complete);
/* Blanks the line, if one was shown, before other output (shown again at the
 * next tick). The first line shown stops a clock (isl_clock_start). */
void isl_progress_clear(isl_progress *p);

/* For work with nothing to count: "isolab COMMAND: DOING N s" (COMMAND:
 * cli's, from the command table) on stderr while it is a terminal, every
 * second after the first, until isl_clock_stop blanks it. */
void isl_clock_start(const isl_cli *cli, const char *doing);
void isl_clock_stop(void);

#endif
