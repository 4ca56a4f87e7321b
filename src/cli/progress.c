/* isolab command line: the one progress line of long commands, on stderr
 * while it is a terminal, and the clock of those with nothing to count
 * (isolab/cli.h). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/outfile.h"
#include "isolab/progress.h"
#include "isolab/util.h"

/* The test hook, ISOLAB_PROGRESS_ROWS=N: the line is shown at every tick
 * from N done on, without waiting for a second to pass, so that a test sees
 * it on a small input (still on a terminal only). 0: the clock rules. */
static unsigned long long shown_from;

void isl_progress_start(isl_progress *p, const char *what, unsigned long long total)
{
    *p = (isl_progress){.what = what, .total = total, .start = isl_now(), .on = isatty(STDERR_FILENO)};
    const char *from = getenv("ISOLAB_PROGRESS_ROWS");
    shown_from = from ? strtoull(from, NULL, 10) : 0;
}

/* The rate: since the first tick when it is far enough back (what came
 * before it, opening and reading names, is no part of the rows' pace),
 * else since the start. */
static double rate_at(const isl_progress *p, unsigned long long done, double t)
{
    if (p->first > 0 && t - p->first >= 0.25 && done > p->first_done)
        return (double)(done - p->first_done) / (t - p->first);
    return t > p->start ? (double)done / (t - p->start) : 0;
}

static void show(isl_progress *p, double t)
{
    isl_clock_stop(); /* a clock until the first count: the count replaces it */
    unsigned long long done = p->total && p->done > p->total ? p->total : p->done;
    double rate = rate_at(p, done, t);
    int w;
    if (p->total)
        w = fprintf(stderr, "\risolab: %llu of %llu %s, %.0f %s/s, %.0f s left   ", done, p->total, p->what, rate,
                    p->what, rate > 0 ? (double)(p->total - done) / rate : 0);
    else
        w = fprintf(stderr, "\risolab: %llu %s, %.0f %s/s   ", done, p->what, rate, p->what);
    if (w > p->width) p->width = w;
    p->shown = t;
    isl_outfile_line_open(1); /* a Ctrl-C's line goes below it */
}

void isl_progress_rows(void *ctx, uint64_t done)
{
    isl_progress *p = ctx;
    p->done = done;
    if (!p->on) return;
    double t = isl_now();
    if (p->first == 0) p->first = t, p->first_done = done;
    /* a rate from a quarter second of ticks at least */
    if (shown_from ? done >= shown_from : t - p->start >= 1.0 && t - p->first >= 0.25 && t - p->shown >= 0.5)
        show(p, t);
}

void isl_progress_clear(isl_progress *p)
{
    if (!p->on || p->shown == 0) return;
    fprintf(stderr, "\r%*s\r", p->width, "");
    p->shown = 0;
    isl_outfile_line_open(0);
}

void isl_progress_end(isl_progress *p, int complete)
{
    if (!p->on || p->shown == 0) return;
    if (complete && p->total) p->done = p->total;
    show(p, isl_now());
    fputc('\n', stderr);
    isl_outfile_line_open(0);
}

/* ---- a clock for work with nothing to count (yet) ---- */

static volatile sig_atomic_t clock_seconds, clock_shown;
static char clock_label[128];
static size_t clock_label_len;
static struct sigaction clock_old;

/* SIGALRM, twice a second: "\rLABEL N s" with write(2) alone, as a
 * signal handler may. */
static void clock_tick(int sig)
{
    (void)sig;
    int half = ++clock_seconds;
    if (half < 2) return;
    char buf[sizeof clock_label + 32], digits[24];
    size_t n = 0, k = 0;
    buf[n++] = '\r';
    for (size_t i = 0; i < clock_label_len; i++) buf[n++] = clock_label[i];
    unsigned v = (unsigned)half / 2;
    do digits[k++] = (char)('0' + v % 10); while ((v /= 10) && k < sizeof digits);
    buf[n++] = ' ';
    while (k) buf[n++] = digits[--k];
    buf[n++] = ' ', buf[n++] = 's', buf[n++] = ' ';
    clock_shown = 1;
    isl_outfile_line_open(1);
    ssize_t w = write(STDERR_FILENO, buf, n);
    (void)w;
}

void isl_clock_start(const isl_cli *cli, const char *doing)
{
    clock_seconds = clock_shown = 0;
    clock_label_len = 0;
    if (!isatty(STDERR_FILENO)) return;
    clock_label_len = (size_t)snprintf(clock_label, sizeof clock_label, "isolab%s%s: %s", cli->cmd ? " " : "",
                                       cli->cmd ? cli->cmd->name : "", doing);
    if (clock_label_len >= sizeof clock_label) clock_label_len = sizeof clock_label - 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = clock_tick;
    sa.sa_flags = SA_RESTART; /* SQLite's reads and writes go on */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, &clock_old);
    struct itimerval every = {{0, 500000}, {0, 500000}};
    setitimer(ITIMER_REAL, &every, NULL);
}

void isl_clock_stop(void)
{
    if (!clock_label_len) return;
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
    sigaction(SIGALRM, &clock_old, NULL);
    if (clock_shown) fprintf(stderr, "\r%*s\r", (int)clock_label_len + 12, "");
    if (clock_shown) isl_outfile_line_open(0);
    clock_label_len = 0;
    clock_shown = 0;
}
