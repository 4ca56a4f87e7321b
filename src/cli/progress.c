/* isolab command line: the one progress line of long commands, on stderr
 * while it is a terminal (isolab/cli.h). */
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void isl_progress_start(isl_progress *p, const char *what, unsigned long long total)
{
    p->what = what;
    p->done = 0;
    p->total = total;
    p->start = now();
    p->shown = 0;
    p->on = isatty(STDERR_FILENO);
}

static void show(isl_progress *p, double t)
{
    unsigned long long done = p->total && p->done > p->total ? p->total : p->done;
    double rate = t > p->start ? (double)done / (t - p->start) : 0;
    if (p->total)
        fprintf(stderr, "\risolab: %llu of %llu %s, %.0f %s/s, %.0f s left   ", done, p->total, p->what, rate, p->what,
                rate > 0 ? (double)(p->total - done) / rate : 0);
    else
        fprintf(stderr, "\risolab: %llu %s, %.0f %s/s   ", done, p->what, rate, p->what);
    p->shown = t;
}

void isl_progress_tick(isl_progress *p, unsigned long long done)
{
    p->done = done;
    if (!p->on) return;
    double t = now();
    if (t - p->start >= 1.0 && t - p->shown >= 0.5) show(p, t);
}

void isl_progress_end(isl_progress *p, int complete)
{
    if (!p->on || p->shown == 0) return;
    if (complete && p->total) p->done = p->total;
    show(p, now());
    fputc('\n', stderr);
}
