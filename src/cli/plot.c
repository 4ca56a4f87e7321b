/* isolab plot, and the page's drawings (isl_plots): a plot's saved query
 * exported as CSV, and gnuplot drawing the image beside it with the plot's
 * script (built in, or --scripts DIR): one gnuplot process draws
 * the plots of a command, fed to its input as they are added (each after a
 * fresh session, FRESH), and another the plots after one it failed on;
 * each file appears only when complete. */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "isolab/channel.h"
#include "isolab/cli.h"
#include "isolab/manage.h"
#include "isolab/names.h"
#include "isolab/outfile.h"
#include "isolab/embedded.h"
#include "isolab/escape.h"
#include "isolab/history.h"
#include "isolab/lesson_table.h"
#include "isolab/parse.h"
#include "isolab/plot.h"
#include "isolab/report.h"
#include "isolab/util.h"

extern char **environ;

const isl_plot_kind isl_plot_kinds[] = {
    {"channels", "plot_channels", ISL_KIND_RUN, NULL,
     "Each channel's cost against the facts it returns, across lessons; this lesson's channel is marked", 0, 0},
    {"samples", "plot_samples", ISL_KIND_SAMPLES, NULL,
     "The sample count sweep: the output grows, the returned facts stay flat", 1, 0},
    {"axes", "plot_axes", ISL_KIND_RUN, NULL,
     "The share of each axis's facts visible without and with the channel, per bundle", 0, 0},
    {"frontier", "plot_frontier", ISL_KIND_BUNDLES, NULL,
     "The power-set sweep under the channel: the open surface of every bundle against its size", 0, 0},
    {"channel_cost", "plot_channel_cost", ISL_KIND_CHANNEL_PROBE, "sampling-profile",
     "The channels measured for real on this machine: each one's cost against the events its program recorded, "
     "beside the model's cost", 0, 1},
    {NULL, NULL, ISL_KIND_COUNT, NULL, NULL, 0, 0},
};

static const char *plot_at(const void *ctx, size_t i)
{
    (void)ctx;
    return isl_plot_kinds[i].name;
}

static const isl_plot_kind *find_plot(const char *name)
{
    for (const isl_plot_kind *p = isl_plot_kinds; p->name; p++)
        if (!strcmp(p->name, name)) return p;
    return NULL;
}

int isl_lesson_plots(isl_cli *cli, const char *lesson, int *shown)
{
    unsigned printed = 0;
    if (isl_store_lesson_sweeps(cli->store, lesson, &printed, NULL, &cli->err)) return cli->err.status;
    for (size_t i = 0; isl_plot_kinds[i].name; i++)
        shown[i] = !isl_plot_kinds[i].focus || (printed & 1u << isl_plot_kinds[i].kind);
    return ISL_OK;
}

/* The command that computes what p draws, quoted with --db, into hint[n]:
 * for a sweep, the focus's own ('isolab lesson M03/K04'), else p's kind's;
 * a channel measured for real: the focus's channel when it has a runner
 * (the system call tracing lesson's is strace's), else p's operand. */
static int plot_hint(isl_cli *cli, const isl_plot_kind *p, char *hint, size_t n)
{
    char cmd[512] = "", lesson[256], bundle[256], channel[256];
    const char *operand = p->operand;
    if (p->focus && isl_store_missing_command(cli->store, p->kind, cmd, sizeof cmd, &cli->err))
        return cli->err.status;
    isl_error none = {0};
    if (p->kind == ISL_KIND_CHANNEL_PROBE
        && !isl_store_current_focus(cli->store, lesson, bundle, channel, sizeof lesson, &none)
        && isl_channel_runner_find(channel))
        operand = channel;
    if (!cmd[0]) isl_kind_command(p->kind, operand, cmd, sizeof cmd);
    isl_hint(cli, cmd, hint, n);
    return ISL_OK;
}

/* 1 when an executable file named prog is on $PATH. No allocation: out of
 * memory must not read as "not installed". */
static int on_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path || !*path) return 0;
    size_t np = strlen(prog);
    while (*path) {
        const char *e = strchr(path, ':');
        size_t n = e ? (size_t)(e - path) : strlen(path);
        char f[4096];
        if (n + np + 2 <= sizeof f) {
            snprintf(f, sizeof f, "%.*s/%s", (int)n, n ? path : ".", prog);
            if (access(f, X_OK) == 0) return 1;
        }
        path += n + (e != NULL);
    }
    return 0;
}

/* Creates dir and its missing parents. Returns an exit status. */
static int make_dirs(isl_cli *cli, const char *dir)
{
    char *p = strdup(dir);
    if (!p) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    int rc = ISL_OK;
    for (char *s = p + 1;; s++) {
        char c = *s;
        if (c != '/' && c != '\0') continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            rc = isl_fail(&cli->err, ISL_EOUTPUT, "cannot create directory %s: %s", p, strerror(errno));
            break;
        }
        *s = c;
        if (!c) break;
    }
    free(p);
    return rc;
}

/* Appends text to b as a gnuplot string expression that reads back as
 * text whatever it holds: the runs of other bytes single-quoted (no
 * backslash escape, no backquote or macro substitution inside), joined by
 * "\ooo" for each quote and control byte. Not '' for a quote: gnuplot's
 * scanner reads '' as a quote only after another character ('a''''b' and
 * '''x' end early), and a newline would end the command. */
static void put_gp_string(isl_buf *b, const char *text)
{
    const char *sep = "";
    for (const char *t = text;; sep = ".") {
        size_t n = 0;
        while (t[n] && t[n] != '\'' && (unsigned char)t[n] >= 0x20 && t[n] != 0x7f) n++;
        if (n || !*text) isl_buf_printf(b, "%s'%.*s'", sep, (int)n, t), sep = ".";
        if (!t[n]) break;
        isl_buf_printf(b, "%s\"\\%03o\"", sep, (unsigned)(unsigned char)t[n]);
        t += n + 1;
    }
}

/* What gnuplot reads for a plot, as a gnuplot script: the rows as the data
 * block $data, each text cell replaced by its index into the array NAMES,
 * which holds the texts as gnuplot strings. gnuplot's own data file reader
 * cuts a field at a comma even inside quotes, misreads "" and cuts a field
 * at 1,024 characters; a string in a script has none of these limits, so
 * every name reaches the image whole. A text the cell above holds too has
 * that cell's index (gnuplot runs each NAMES line as a command: a column of
 * one channel was one a row). prev[i], last[i]: column i's text above. */
typedef struct gp_data {
    isl_buf names, rows;
    size_t n, nrows, ncols;
    isl_buf *prev;
    size_t *last;
} gp_data;

/* An isl_row_fn: the header (row == NULL) or one row into d. */
static isl_status gp_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    gp_data *d = ctx;
    d->nrows += row != NULL;
    if (!row && !d->prev) {
        d->prev = calloc(ncols + 1, sizeof *d->prev), d->last = calloc(ncols + 1, sizeof *d->last), d->ncols = ncols;
        if (!d->prev || !d->last) return ISL_ENOMEM;
    }
    for (size_t i = 0; i < ncols; i++) {
        if (i) isl_buf_put(&d->rows, ",", 1);
        if (!row) isl_buf_put(&d->rows, names[i], strlen(names[i]));
        else if (row[i].type == ISL_CELL_TEXT) {
            isl_buf *p = &d->prev[i];
            if (!d->last[i] || p->n != row[i].len || (row[i].len && memcmp(p->p, row[i].text, row[i].len))) {
                isl_buf_printf(&d->names, "NAMES[%zu] = ", d->last[i] = ++d->n);
                put_gp_string(&d->names, row[i].text);
                isl_buf_put(&d->names, "\n", 1);
                p->n = 0, isl_buf_put(p, row[i].text, row[i].len);
                if (p->oom) return ISL_ENOMEM;
            }
            isl_buf_printf(&d->rows, "%zu", d->last[i]);
        } else if (row[i].type == ISL_CELL_INTEGER || row[i].type == ISL_CELL_FLOAT)
            isl_buf_put(&d->rows, row[i].text, row[i].len);
    }
    isl_buf_put(&d->rows, "\n", 1);
    return d->rows.oom || d->names.oom ? ISL_ENOMEM : ISL_OK;
}

/* Writes d as a gnuplot script into the scratch file f (flushed): NAMES,
 * the data block, and csv naming it. Returns an exit status. */
static int write_data(isl_cli *cli, const gp_data *d, isl_outfile *f)
{
    fprintf(f->f, "array NAMES[%zu]\n", d->n ? d->n : 1);
    if (d->names.n) fwrite(d->names.p, 1, d->names.n, f->f);
    fputs("$data << EOD\n", f->f);
    if (d->rows.n) fwrite(d->rows.p, 1, d->rows.n, f->f);
    fputs("EOD\ncsv = '$data'\n", f->f);
    if (ferror(f->f) || fflush(f->f) != 0)
        return isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", f->tmp, strerror(errno));
    return ISL_OK;
}

/* Writes the built-in script of plot `name` into the scratch file gp
 * (flushed: gnuplot reads it by name). Returns an exit status. */
static int write_script(isl_cli *cli, const char *name, isl_outfile *gp)
{
    const isl_embedded_file *f = NULL;
    size_t n = strlen(name);
    for (size_t i = 0; i < isl_plot_count; i++)
        if (!strncmp(isl_plot_files[i].name, name, n) && !strcmp(isl_plot_files[i].name + n, ".gp"))
            f = &isl_plot_files[i];
    if (!f) return isl_fail(&cli->err, ISL_EINTERNAL, "plot %s: no script built into isolab", name);
    if (fwrite(f->text, 1, f->len, gp->f) != f->len || fflush(gp->f) != 0)
        return isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", gp->tmp, strerror(errno));
    return ISL_OK;
}

/* How long gnuplot may keep isolab waiting for a batch's plots, in all:
 * $ISOLAB_TOOL_TIMEOUT seconds (1 to 86400), else 60; -1 when it is set
 * to anything else. */
static int tool_seconds(void)
{
    const char *v = getenv("ISOLAB_TOOL_TIMEOUT");
    long long n;
    if (!v) return 60;
    return !isl_parse_whole(v, 1, 86400, &n) ? (int)n : -1;
}

/* A bad $ISOLAB_TOOL_TIMEOUT: exit 3 naming it. */
static int bad_timeout(isl_cli *cli)
{
    char shown[ISL_ESCAPE_MAX(40)];
    isl_escape(getenv("ISOLAB_TOOL_TIMEOUT"), shown, sizeof shown);
    return isl_fail(&cli->err, ISL_EINPUT, "ISOLAB_TOOL_TIMEOUT: '%s' is not a number of seconds from 1 to 86400",
                    shown);
}

/* Waits for child pid up to the time end (isl_now's clock; then kills it;
 * 0: at once): 0 with *status, ETIMEDOUT, or the errno of waitpid. */
static int wait_for(pid_t pid, double end, int *status)
{
    /* a tick from 0.5 ms growing to 10 ms: a plot takes 10-30 ms, and a
     * fixed 10 ms tick cost 5 ms a plot on average */
    struct timespec tick = {0, 500 * 1000};
    for (;;) {
        pid_t got = end > 0 ? waitpid(pid, status, WNOHANG) : 0;
        if (got == pid) return 0;
        if (got < 0 && errno != EINTR) return errno;
        if (isl_now() >= end) {
            kill(pid, SIGKILL);
            while (waitpid(pid, status, 0) < 0 && errno == EINTR) {}
            return ETIMEDOUT;
        }
        nanosleep(&tick, NULL);
        tick.tv_nsec = tick.tv_nsec < 5 * 1000 * 1000 ? 2 * tick.tv_nsec : 10 * 1000 * 1000;
    }
}

/* Starts gnuplot reading its commands from the file in, its stderr into the
 * file errfd: *pid. It reads them as a script file (/dev/stdin), not as a
 * session: an error ends it, and says the file and line without a prompt.
 * It is stopped if a signal ends isolab (isl_temp_child): the signals wait
 * until it is registered, and it starts with isolab's mask. Returns an
 * errno. */
static int spawn_gnuplot(int in, int errfd, pid_t *pid)
{
    static char *const argv[] = {"gnuplot", "/dev/stdin", NULL};
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGHUP), sigaddset(&block, SIGINT), sigaddset(&block, SIGTERM);
    posix_spawnattr_t at;
    posix_spawn_file_actions_t fa;
    int rc = posix_spawnattr_init(&at);
    if (rc) return rc;
    if ((rc = posix_spawn_file_actions_init(&fa))) return posix_spawnattr_destroy(&at), rc;
    rc = posix_spawn_file_actions_adddup2(&fa, in, STDIN_FILENO);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(&fa, errfd, STDERR_FILENO);
    sigprocmask(SIG_BLOCK, &block, &old);
    if (rc == 0) rc = posix_spawnattr_setsigmask(&at, &old);
    if (rc == 0) rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK);
    if (rc == 0) rc = posix_spawnp(pid, "gnuplot", &fa, &at, argv, environ);
    if (rc == 0) isl_temp_child(*pid);
    sigprocmask(SIG_SETMASK, &old, NULL);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    return rc;
}

/* "DIR/NAME.EXT", malloc'd. */
static char *path_of(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 3;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s.%s", dir, name, ext);
    return p;
}

/* One plot of a batch (isl_plots): its files from isl_plots_add to
 * isl_plots_free. rc is its exit status, err its failure; fed once its
 * commands went to a gnuplot, drawn once that gnuplot finished it. */
struct isl_plot_job {
    const isl_plot_kind *p;
    char *csv, *img, *script; /* script: --scripts DIR's file, else NULL */
    isl_outfile image, data, titles; /* titles: an SVG's (put_titles) */
    size_t rows, empty;
    int rc, fed, drawn;
    isl_error err;
};

enum { KINDS = sizeof isl_plot_kinds / sizeof isl_plot_kinds[0] };
_Static_assert(KINDS - 1 <= ISL_PLOTS_MAX, "ISL_PLOTS_MAX: fewer than isl_plot_kinds");

/* query[k]: the statement of isl_plot_kinds[k]'s query, compiled at its first job
 * and read again for every other (a page draws each kind once a lesson);
 * scratch: no CSV, each image left in its scratch file (isl_plots_new).
 * The gnuplot drawing the jobs as they are added (pid 0: none): fd its
 * standard input, errs its stderr, from its first job, cut an errno when
 * its input could not be written (it ended, or took no more within the
 * limit); gp[k] isl_plot_kinds[k]'s built-in script, written for its first job.
 * left: the seconds the batch's gnuplots may still keep isolab waiting
 * (for room in the input, for the end), all of them: the limit in all. */
struct isl_plots {
    struct isl_plot_job *v;
    size_t n, cap;
    const char *fmt, *scripts;
    int scratch, feeding; /* feeding: gnuplot on PATH, the limit good: jobs fed as added */
    isl_export *query[KINDS];
    pid_t pid;
    int fd, cut;
    size_t from;
    double left;
    isl_outfile errs, gp[KINDS];
};
typedef struct isl_plot_job isl_plot_job;

/* What gnuplot wrote on stderr (the file open as fd): a line "isolab: job
 * K" starts job K's part, "isolab: drawn K" ends it when K was drawn. Sets
 * drawn, and counts in each job's empty the warnings of a series with no
 * point to draw, for isolab to say in its own words; any other line is
 * shown escaped on stderr, up to the part of the first job not drawn (the
 * jobs after it are drawn again). first: this gnuplot's first job. */
static void tool_lines(int fd, isl_plots *ps, size_t first)
{
    char *line = NULL;
    size_t cap = 0, at = first, stop = ps->n;
    ssize_t n;
    int d = dup(fd);
    FILE *f = d >= 0 ? fdopen(d, "r") : NULL;
    if (!f) {
        if (d >= 0) close(d);
        fprintf(stderr, "(gnuplot's messages, not shown: %s)\n", strerror(errno));
        return;
    }
    for (int pass = 0; pass < 2; pass++) {
        rewind(f), at = first;
        while ((n = getline(&line, &cap, f)) >= 0) {
            if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
            unsigned long k;
            char c;
            if (sscanf(line, "isolab: job %lu%c", &k, &c) == 1 && k < ps->n) at = k;
            else if (sscanf(line, "isolab: drawn %lu%c", &k, &c) == 1 && k < ps->n) ps->v[k].drawn |= !pass;
            else if (!pass || at > stop) continue;
            else if (strstr(line, "Skipping data file with no valid points") ||
                     strstr(line, "No valid data points found"))
                ps->v[at].empty++;
            else if (n > 0) {
                char *shown = isl_escape_dup(line);
                fprintf(stderr, "%s\n", shown ? shown : "(a line of gnuplot's, not shown: out of memory)");
                free(shown);
            }
        }
        for (stop = first; stop < ps->n && (ps->v[stop].rc || !ps->v[stop].fed || ps->v[stop].drawn); stop++) {}
    }
    free(line);
    fclose(f);
}

/* The job's failure: rc and cli->err kept in j (cli->err cleared), its
 * image not written. Returns rc. */
static int job_fail(isl_cli *cli, isl_plot_job *j, int rc)
{
    j->rc = rc;
    j->err = cli->err;
    isl_error_clear(&cli->err);
    isl_outfile_abort(&j->image), isl_outfile_abort(&j->data), isl_outfile_abort(&j->titles);
    return rc;
}

/* What gnuplot runs before each plot: a fresh session, then an empty svg
 * page, since 'reset session' leaves some of the svg terminal's state of
 * the page before (after a multiplot, a frame's stroke is black, not
 * currentColor): each image is then byte for byte a fresh gnuplot's. */
static const char FRESH[] = "set terminal svg; set output '/dev/null'; set multiplot; unset multiplot; "
                            "set output; set terminal unknown; ";

/* Writes n bytes at p to gnuplot's input, waiting for room up to the
 * batch's time left: 0, or an errno (EPIPE: gnuplot ended; ETIMEDOUT). */
static int put_input(isl_plots *ps, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(ps->fd, p, n);
        if (w > 0) {
            p += w, n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno != EAGAIN && errno != EINTR) return errno;
        struct pollfd pf = {ps->fd, POLLOUT, 0};
        double t0 = isl_now();
        int r = ps->left > 0 ? poll(&pf, 1, (int)(ps->left * 1000) + 1) : 0;
        ps->left -= isl_now() - t0;
        if (r == 0) return ETIMEDOUT;
        if (r < 0 && errno != EINTR) return errno;
    }
    return 0;
}

/* Fails job i as not drawn: the batch's time ran out before it. */
static void late(isl_cli *cli, isl_plots *ps, size_t i)
{
    isl_fail(&cli->err, ISL_ETOOL, "plot %s: not drawn: the %d s gnuplot may take for the plots ran out",
             ps->v[i].p->name, tool_seconds());
    job_fail(cli, &ps->v[i], ISL_ETOOL);
}

/* Starts a gnuplot for the jobs from `from` on (none once the batch's
 * time is out: each not fed yet fails, late): its input a pipe, its
 * stderr a scratch file. Returns an exit status for what is no job's own;
 * a gnuplot that cannot be started fails the jobs not fed yet. */
static int start(isl_cli *cli, isl_plots *ps, size_t from)
{
    assert(!ps->pid);
    if (ps->left <= 0) { /* the batch's time is out: none started again */
        for (size_t i = from; i < ps->n; i++)
            if (!ps->v[i].rc && !ps->v[i].fed) late(cli, ps, i);
        return ISL_OK;
    }
    int rc = isl_outfile_open(&ps->errs, ps->v[from].img, ISL_OUT_SCRATCH, NULL, &cli->err), p[2] = {-1, -1};
    if (rc) return rc;
    int sp = pipe(p) ? errno : 0;
    if (!sp && (fcntl(p[0], F_SETFD, FD_CLOEXEC) || fcntl(p[1], F_SETFD, FD_CLOEXEC)
                || fcntl(p[1], F_SETFL, O_NONBLOCK)))
        sp = errno;
    if (!sp) sp = spawn_gnuplot(p[0], fileno(ps->errs.f), &ps->pid);
    if (p[0] >= 0) close(p[0]);
    if (!sp) {
        ps->fd = p[1], ps->from = from, ps->cut = 0;
        return ISL_OK;
    }
    if (p[1] >= 0) close(p[1]);
    ps->pid = 0;
    isl_outfile_abort(&ps->errs);
    for (size_t i = from; i < ps->n; i++)
        if (!ps->v[i].rc && !ps->v[i].fed) {
            isl_fail(&cli->err, ISL_ETOOL, "plot %s: cannot run gnuplot: %s", ps->v[i].p->name, strerror(sp));
            job_fail(cli, &ps->v[i], ISL_ETOOL);
        }
    return ISL_OK;
}

/* Hands job i to the gnuplot (started for it when none is): a fresh
 * session (FRESH), out, fmt and titles, then one line that loads its data
 * and its script and ends with the marker (an error ends gnuplot there).
 * Returns an exit status for what is no job's own; the job stays not fed
 * when its gnuplot takes no more (isl_plots_draw goes on). */
static int feed(isl_cli *cli, isl_plots *ps, size_t i)
{
    isl_plot_job *j = &ps->v[i];
    size_t k = (size_t)(j->p - isl_plot_kinds);
    assert(!j->rc && !j->fed && k < KINDS);
    int rc = ISL_OK;
    if (!j->script && !ps->gp[k].f && !(rc = isl_outfile_open(&ps->gp[k], j->img, ISL_OUT_SCRATCH, NULL, &cli->err)))
        rc = write_script(cli, j->p->name, &ps->gp[k]);
    if (!rc && !ps->pid) rc = start(cli, ps, i);
    if (rc || j->rc || ps->cut) return rc;
    isl_buf e = {NULL, 0, 0, 0};
    isl_buf_printf(&e, "reset session\nunset print; print \"isolab: job %zu\"; %sout = ", i, FRESH);
    put_gp_string(&e, j->image.tmp), isl_buf_printf(&e, "; fmt = "), put_gp_string(&e, ps->fmt);
    if (j->titles.tmp) isl_buf_printf(&e, "; titles = "), put_gp_string(&e, j->titles.tmp);
    isl_buf_printf(&e, "\nload "), put_gp_string(&e, j->data.tmp), isl_buf_printf(&e, "; load ");
    put_gp_string(&e, j->script ? j->script : ps->gp[k].tmp);
    isl_buf_printf(&e, "; unset print; print \"isolab: drawn %zu\"\n", i);
    if (e.oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    else if (!(ps->cut = put_input(ps, e.p, e.n))) j->fed = 1;
    free(e.p);
    return rc;
}

/* Ends the gnuplot: its input closed, waited for up to the batch's
 * time left (then stopped). Each job it drew is marked; the first job it
 * did not draw fails, and the jobs after that one are fed again, to
 * another, or fail, late, when the time running out stopped it. */
static void finish(isl_cli *cli, isl_plots *ps)
{
    close(ps->fd), ps->fd = -1;
    int status = 0, limit = tool_seconds();
    double t0 = isl_now();
    int w = wait_for(ps->pid, ps->cut == ETIMEDOUT ? 0 : t0 + ps->left, &status);
    ps->left -= isl_now() - t0;
    ps->pid = 0;
    isl_temp_child(0);
    tool_lines(fileno(ps->errs.f), ps, ps->from);
    isl_outfile_abort(&ps->errs);
    /* gnuplot went through every job (the images are checked after): the
     * markers may be lost (stderr on a full disk) */
    if (!w && !ps->cut && WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
    /* the jobs after the first it did not draw, again: it failed on that one */
    int failed = 0;
    for (size_t i = ps->from; i < ps->n; i++) {
        isl_plot_job *j = &ps->v[i];
        /* the first not drawn: fed, or not fed when the input was cut */
        if (j->rc || (!failed && j->fed && j->drawn) || (!failed && !j->fed && !ps->cut)) continue;
        if (failed && (w == ETIMEDOUT || ps->cut == ETIMEDOUT)) late(cli, ps, i);
        else if (failed) j->fed = j->drawn = 0, j->empty = 0; /* drawn after a failure, or not yet: again */
        if (failed) continue;
        const char *name = j->p->name;
        if (w == ETIMEDOUT)
            isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot did not finish in %d s; stopped it", name, limit);
        else if (w) isl_fail(&cli->err, ISL_ETOOL, "plot %s: %s", name, strerror(w));
        else if (!j->fed && ps->cut != EPIPE)
            isl_fail(&cli->err, ISL_ETOOL, "plot %s: cannot write to gnuplot: %s", name, strerror(ps->cut));
        else if (!j->fed || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) /* it ended, no error said */
            isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot ended (%s %d) before it read the script %s.gp", name,
                     WIFEXITED(status) ? "exit status" : "signal",
                     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), name);
        else isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot failed (%s %d) on the script %s.gp", name,
                      WIFEXITED(status) ? "exit status" : "signal",
                      WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), name);
        job_fail(cli, j, ISL_ETOOL);
        failed = 1;
    }
    ps->cut = 0;
}

/* Whether the file system of FILE's directory has no room left for a file
 * (under 16 KiB free): an image gnuplot could not write there is a full disk. */
static int dir_full(const char *file)
{
    char dir[4096];
    const char *slash = strrchr(file, '/');
    size_t n = slash ? (size_t)(slash - file) + 1 : 0;
    if (n >= sizeof dir) return 0;
    memcpy(dir, slash ? file : ".", slash ? n : 1), dir[slash ? n : 1] = '\0';
    struct statvfs v;
    return statvfs(dir, &v) == 0 && (unsigned long long)v.f_bavail * v.f_frsize < 16384;
}

/* Appends text to b XML-escaped as the scripts' xml() does: & < > alone. */
static void put_xml(isl_buf *b, const char *text, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *r = text[i] == '&' ? "&amp;" : text[i] == '<' ? "&lt;" : text[i] == '>' ? "&gt;" : NULL;
        if (r) isl_buf_put(b, r, strlen(r));
        else isl_buf_put(b, text + i, 1);
    }
}

/* Puts the titles a script wrote into j->titles (one a line: the plot's,
 * then each series') into the SVG gnuplot drew, as the scripts' own
 * rewrite does (their comment at the end): the plot's in place of the
 * first <title>Gnuplot</title>, series N's in the <title> right after
 * each <g id="gnuplot_plot_N (the plot's when there is no Nth), each
 * XML-escaped. No line (a script of its own did its own): nothing done.
 * Returns an exit status. */
static int put_titles(isl_cli *cli, isl_plot_job *j)
{
    static const char GNUPLOT[] = "<title>Gnuplot</title>", GROUP[] = "<g id=\"gnuplot_plot_";
    size_t nt = 0, ns = 0;
    char *t = isl_read_file(j->titles.tmp, &nt), *svg = t && nt ? isl_read_file(j->image.tmp, &ns) : NULL;
    if (t && !nt) return free(t), ISL_OK;
    if (!svg) return free(t), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    /* the lines: line[0] the plot's title, line[k] series k's */
    size_t nl = 0;
    for (size_t i = 0; i < nt; i++) nl += t[i] == '\n';
    const char **line = malloc((nl + 1) * sizeof *line);
    if (!line) return free(t), free(svg), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    nl = 0;
    for (char *at = t; *at;) {
        line[nl++] = at;
        char *e = strchr(at, '\n');
        if (!e) break;
        *e = '\0', at = e + 1;
    }
    isl_buf o = {NULL, 0, 0, 0};
    const char *at = svg, *g = strstr(svg, GNUPLOT);
    if (g) {
        isl_buf_put(&o, svg, (size_t)(g - svg)), isl_buf_put(&o, "<title>", 7);
        put_xml(&o, line[0], strlen(line[0])), isl_buf_put(&o, "</title>", 8);
        at = g + sizeof GNUPLOT - 1;
    }
    for (const char *p; (p = strstr(at, GROUP));) {
        const char *q = p + sizeof GROUP - 1, *s = strstr(q, "<title>"), *e = strstr(q, "</title>");
        size_t k = 0, d = 0;
        for (; q[d] >= '0' && q[d] <= '9'; d++) k = k < 100000 ? 10 * k + (size_t)(q[d] - '0') : k;
        isl_buf_put(&o, at, (size_t)(q - at));
        at = q;
        if (!s || (size_t)(s - q) >= d + 8 || !e || e <= s) continue;
        const char *title = k >= 1 && k < nl ? line[k] : line[0];
        isl_buf_put(&o, q, (size_t)(s - q) + 7), put_xml(&o, title, strlen(title)), isl_buf_put(&o, "</title>", 8);
        at = e + 8;
    }
    isl_buf_put(&o, at, strlen(at));
    free(line), free(t), free(svg);
    if (o.oom) return free(o.p), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    FILE *f = fopen(j->image.tmp, "wb");
    int bad = !f || fwrite(o.p, 1, o.n, f) != o.n;
    if (f && fclose(f) != 0) bad = 1;
    int e = errno;
    free(o.p);
    if (!bad) return ISL_OK;
    return e == ENOSPC ? isl_fail(&cli->err, ISL_EOUTPUT, "plot %s: cannot write %s: no space left on the device",
                                  j->p->name, j->img)
                       : isl_fail(&cli->err, ISL_EOUTPUT, "plot %s: cannot write %s: %s", j->p->name, j->img,
                                  strerror(e));
}

isl_plots *isl_plots_new(const char *fmt, const char *scripts, int scratch)
{
    isl_plots *ps = calloc(1, sizeof *ps);
    if (!ps) return NULL;
    ps->fmt = fmt, ps->scripts = scripts, ps->scratch = scratch, ps->fd = -1;
    ps->feeding = on_path("gnuplot") && tool_seconds() > 0;
    ps->left = tool_seconds();
    ps->errs = (isl_outfile){NULL, NULL, NULL, NULL, -1};
    for (size_t k = 0; k < KINDS; k++) ps->gp[k] = (isl_outfile){NULL, NULL, NULL, NULL, -1};
    return ps;
}

int isl_plots_add(isl_cli *cli, isl_plots *ps, const char *name, const char *dir)
{
    const isl_plot_kind *p = find_plot(name);
    assert(p);
    if (ps->n == ps->cap) {
        size_t cap = ps->cap ? 2 * ps->cap : 8;
        isl_plot_job *v = realloc(ps->v, cap * sizeof *v);
        if (!v) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        ps->v = v, ps->cap = cap;
    }
    isl_plot_job *j = &ps->v[ps->n++];
    memset(j, 0, sizeof *j);
    j->p = p;
    j->image.slot = j->data.slot = j->titles.slot = -1;
    j->csv = ps->scratch ? NULL : path_of(dir, p->name, "csv"), j->img = path_of(dir, p->name, ps->fmt);
    j->script = ps->scripts ? path_of(ps->scripts, p->name, "gp") : NULL;
    j->image.path = j->img;
    isl_outfile table = {NULL, NULL, NULL, j->csv, -1};
    gp_data d = {{NULL, 0, 0, 0}, {NULL, 0, 0, 0}, 0, 0, 0, NULL, NULL};
    int rc = (j->csv || ps->scratch) && j->img && (j->script || !ps->scripts)
                 ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    /* the CSV replaces only a regular file too (gnuplot by hand reads it) */
    if (!rc && j->csv) rc = isl_outfile_open(&table, j->csv, ISL_OUT_BY_NAME, cli->db_path, &cli->err);
    if (!rc && ps->scratch) rc = isl_outfile_open(&j->image, j->img, ISL_OUT_SCRATCH, NULL, &cli->err);
    else if (!rc) rc = isl_outfile_open(&j->image, j->img, ISL_OUT_BY_NAME, cli->db_path, &cli->err);
    /* the CSV's temporary is scratch until it is known to have rows */
    int was_scratch = isl_temp_scratch(1);
    isl_export **q = &ps->query[p - isl_plot_kinds];
    if (!rc && !*q) rc = isl_store_export_open(cli->store, p->query, 0, 0, 0, q, &cli->err);
    if (!rc && j->csv) rc = isl_export_tee(cli, *q, p->query, table.tmp, &j->rows, gp_row, &d);
    else if (!rc) { /* no CSV: the rows for gnuplot alone */
        if ((rc = isl_store_export_read(*q, NULL, gp_row, &d, &cli->err)) == ISL_ENOMEM && !cli->err.msg[0])
            isl_fail(&cli->err, rc, "out of memory");
        j->rows = d.nrows;
    }
    isl_temp_scratch(was_scratch);
    char hint[600];
    if (!rc && j->rows == 0 && !(rc = plot_hint(cli, p, hint, sizeof hint)))
        rc = isl_fail(&cli->err, ISL_EINPUT, "plot %s: %s has no rows; run %s first", p->name, p->query, hint);
    if (!rc && j->csv) rc = isl_outfile_commit(&table, &cli->err);
    isl_outfile_abort(&table);
    if (!rc && j->script && access(j->script, R_OK) != 0)
        rc = isl_fail(&cli->err, ISL_EINPUT, "plot %s: cannot read %s: %s", p->name, j->script, strerror(errno));
    if (!rc && !(rc = isl_outfile_open(&j->data, j->img, ISL_OUT_SCRATCH, NULL, &cli->err)))
        rc = write_data(cli, &d, &j->data);
    if (!rc && !strcmp(ps->fmt, "svg")) rc = isl_outfile_open(&j->titles, j->img, ISL_OUT_SCRATCH, NULL, &cli->err);
    for (size_t i = 0; d.prev && i < d.ncols; i++) free(d.prev[i].p);
    free(d.names.p), free(d.rows.p), free(d.prev), free(d.last);
    if (rc) return job_fail(cli, j, rc);
    /* drawn while the next plots' rows are read; what fails to start here
     * is tried again, and said, by isl_plots_draw */
    if (ps->feeding && feed(cli, ps, ps->n - 1)) isl_error_clear(&cli->err), ps->feeding = 0;
    return j->rc;
}

int isl_plots_draw(isl_cli *cli, isl_plots *ps)
{
    int rc = ISL_OK;
    size_t pending = 0;
    for (size_t i = 0; i < ps->n; i++) pending += !ps->v[i].rc && !ps->v[i].fed;
    int nogp = pending && !on_path("gnuplot"), badtime = pending && tool_seconds() < 0;
    for (size_t i = 0; i < ps->n && (nogp || badtime); i++)
        if (!ps->v[i].rc && !ps->v[i].fed) {
            if (nogp) isl_fail(&cli->err, ISL_ETOOL, "gnuplot is not installed (not found on PATH)");
            else bad_timeout(cli);
            job_fail(cli, &ps->v[i], cli->err.status);
        }
    if (ps->pid) finish(cli, ps);
    /* what no gnuplot drew (not fed yet, or fed again after a failure),
     * each time to a fresh one, until every job is drawn or failed */
    while (!rc && !nogp && !badtime) {
        size_t from = 0;
        while (from < ps->n && (ps->v[from].rc || ps->v[from].fed)) from++;
        if (from == ps->n) break;
        for (size_t i = from; i < ps->n && !rc && !ps->cut; i++)
            if (!ps->v[i].rc && !ps->v[i].fed) rc = feed(cli, ps, i);
        if (ps->pid) finish(cli, ps);
    }
    for (size_t k = 0; k < KINDS; k++) isl_outfile_abort(&ps->gp[k]);
    if (nogp || badtime) return ISL_OK;
    for (size_t i = 0; i < ps->n && !rc; i++) {
        isl_plot_job *j = &ps->v[i];
        if (j->rc) continue;
        isl_outfile_abort(&j->data);
        struct stat sb;
        if (stat(j->image.tmp, &sb) != 0 || sb.st_size == 0) {
            if (dir_full(j->image.tmp))
                isl_fail(&cli->err, ISL_EOUTPUT, "plot %s: cannot write %s: no space left on the device", j->p->name,
                         j->img);
            else isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot wrote no image for %s", j->p->name, j->img);
            job_fail(cli, j, cli->err.status);
            continue;
        }
        if (j->titles.tmp && put_titles(cli, j)) {
            job_fail(cli, j, cli->err.status);
            continue;
        }
        isl_outfile_abort(&j->titles);
        /* gnuplot leaves such a series out of the image: say so, in isolab's words */
        if (j->empty)
            isl_note(cli, "plot %s: %zu of its series %s no point to draw%s%s (%zu rows of %s) and %s not in the image",
                     j->p->name, j->empty, j->empty == 1 ? "has" : "have", j->csv ? " in " : "", j->csv ? j->csv : "",
                     j->rows, j->p->query, j->empty == 1 ? "is" : "are");
        if (!ps->scratch && isl_outfile_commit(&j->image, &cli->err)) job_fail(cli, j, cli->err.status);
    }
    return rc;
}

int isl_plots_status(const isl_plots *ps, size_t i, const isl_error **err, const char **image, size_t *rows)
{
    assert(i < ps->n);
    if (err) *err = &ps->v[i].err;
    if (image) *image = ps->scratch ? ps->v[i].image.tmp : ps->v[i].img;
    if (rows) *rows = ps->v[i].rows;
    return ps->v[i].rc;
}

void isl_plots_free(isl_plots *ps)
{
    if (!ps) return;
    if (ps->pid) { /* never drawn: a failure before isl_plots_draw */
        close(ps->fd);
        kill(ps->pid, SIGKILL);
        while (waitpid(ps->pid, NULL, 0) < 0 && errno == EINTR) {}
        isl_temp_child(0);
    }
    isl_outfile_abort(&ps->errs);
    for (size_t k = 0; k < KINDS; k++) isl_outfile_abort(&ps->gp[k]);
    for (size_t i = 0; i < ps->n; i++) {
        isl_plot_job *j = &ps->v[i];
        isl_outfile_abort(&j->image), isl_outfile_abort(&j->data), isl_outfile_abort(&j->titles);
        free(j->csv), free(j->img), free(j->script);
    }
    for (size_t k = 0; k < sizeof ps->query / sizeof ps->query[0]; k++) isl_store_export_close(ps->query[k]);
    free(ps->v), free(ps);
}

/* Checks that each plot's query has the run it reads, naming in a note the
 * command that writes each missing one. Returns an exit status. */
static int check_runs(isl_cli *cli, const isl_plot_kind **plots, size_t n)
{
    size_t missing = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t id = 0;
        char digest[17];
        if (isl_store_latest_run(cli->store, plots[i]->kind, &id, digest, &cli->err)) return cli->err.status;
        char hint[600];
        if (id == 0 && ++missing) {
            if (plot_hint(cli, plots[i], hint, sizeof hint)) return cli->err.status;
            isl_note(cli, "%s: %s holds no finished '%s' run; run %s first", plots[i]->name, cli->db_path,
                     isl_kind_names[plots[i]->kind], hint);
        }
    }
    if (missing) return isl_fail(&cli->err, ISL_EINPUT, "%zu plot%s without the run%s %s draw%s from", missing,
                                 missing == 1 ? "" : "s", missing == 1 ? "" : "s", missing == 1 ? "it" : "they",
                                 missing == 1 ? "s" : "");
    return ISL_OK;
}

int isl_cmd_plot(isl_cli *cli, const isl_args *a)
{
    const char *dir = isl_opt(a, "-o"), *scripts = isl_opt(a, "--scripts");
    if (tool_seconds() < 0) return bad_timeout(cli); /* before any file is written */
    long long svg = 0; /* the index of --format's choice: png, svg */
    const isl_plot_kind *want[KINDS];
    size_t n = 0;
    isl_opt_int(a, "--format", &svg);
    if (!dir) dir = "plots";
    if (isl_check_distinct("plot", (const char *const *)a->ops, (size_t)a->nops, &cli->err)) return cli->err.status;
    for (int i = 0; i < a->nops; i++) {
        const isl_plot_kind *p = find_plot(a->ops[i]);
        char hint[ISL_HINT_MAX];
        if (!p)
            return isl_usage(cli, "unknown plot '%s'%s", a->ops[i],
                             isl_name_hint(a->ops[i], plot_at, NULL, KINDS - 1, "plots", hint, sizeof hint));
        want[n++] = p;
    }
    if (!on_path("gnuplot")) {
        cli->hint = geteuid() == 0 ? "    apt-get install -y gnuplot-nox" : "    sudo apt-get install -y gnuplot-nox";
        return isl_fail(&cli->err, ISL_ETOOL, "gnuplot is not installed (not found on PATH); on Debian:");
    }
    int rc = isl_apply_focus(cli, a);
    /* no names: the plots of the lesson in force, as its section of the
     * page shows them (isl_lesson_plots), a measurement not made left out */
    char lesson[256], bundle[256], channel[256];
    int shown[ISL_PLOTS_MAX];
    if (!rc && !a->nops && !isl_store_current_focus(cli->store, lesson, bundle, channel, sizeof lesson, &cli->err))
        rc = isl_lesson_plots(cli, lesson, shown);
    else if (!rc && !a->nops && cli->err.status == ISL_EINPUT) { /* no lesson has a focus: every plot */
        isl_error_clear(&cli->err);
        for (size_t k = 0; k < ISL_PLOTS_MAX; k++) shown[k] = 1;
    } else if (!rc && !a->nops)
        rc = cli->err.status;
    for (const isl_plot_kind *p = isl_plot_kinds; !rc && !a->nops && p->name; p++) {
        int64_t id = 0;
        char digest[17];
        if (p->optional && isl_store_latest_run(cli->store, p->kind, &id, digest, &cli->err)) return cli->err.status;
        if (shown[p - isl_plot_kinds] && (!p->optional || id)) want[n++] = p;
    }
    if (!rc) rc = check_runs(cli, want, n);
    if (!rc) rc = make_dirs(cli, dir);
    /* the CSVs up to the first plot that fails (as drawing one by one
     * stopped there), then one gnuplot draws their images */
    isl_plots *ps = rc ? NULL : isl_plots_new(svg ? "svg" : "png", scripts, 0);
    if (!rc && !ps) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (size_t i = 0, stop = 0; i < n && !rc && !stop; i++) {
        int arc = isl_plots_add(cli, ps, want[i]->name, dir);
        if (arc == ISL_ENOMEM) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        stop = arc != ISL_OK;
    }
    if (!rc) rc = isl_plots_draw(cli, ps);
    /* a line for each plot drawn; the first failure is the error, and it
     * names the other plots not drawn, once (many a time a plot's own) */
    char others[64] = "";
    for (size_t i = 0, failed = 0; ps && i < ps->n && !(rc && !failed); i++) {
        const isl_error *e;
        const char *img;
        size_t rows;
        int prc = isl_plots_status(ps, i, &e, &img, &rows);
        if (prc && !failed++) rc = prc, cli->err = *e;
        else if (prc) snprintf(others + strlen(others), sizeof others - strlen(others), ", %s", ps->v[i].p->name);
        else fprintf(cli->out, "%s: %s and %s (%zu rows of %s)\n", ps->v[i].p->name, img, ps->v[i].csv, rows,
                     ps->v[i].p->query);
    }
    if (others[0]) {
        isl_error first = cli->err;
        isl_fail(&cli->err, first.status, "%s; not drawn either: %s", first.msg, others + 2);
    }
    isl_plots_free(ps);
    return rc;
}
