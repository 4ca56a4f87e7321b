/* isolab plot, and the page's drawings (isl_plot_svg): a plot's saved query
 * exported as CSV, and gnuplot drawing the image beside it with the plot's
 * script (built in, or --scripts DIR); each file appears only when complete. */
#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/outfile.h"
#include "isolab/embedded.h"
#include "isolab/escape.h"
#include "isolab/history.h"
#include "isolab/report.h"

extern char **environ;

/* A plot: its name (script NAME.gp, files NAME.csv and NAME.png|svg), the
 * saved query it draws, and the kind of run that query reads, with the
 * command that writes such a run; focus: 1 when that run is of the focus's
 * bundle x channel alone (a sweep), so that the command is the focus's own. */
typedef struct plot_kind {
    const char *name, *query, *run_kind, *command;
    int focus;
} plot_kind;

static const plot_kind PLOTS[] = {
    {"channels", "plot_channels", "run", "isolab run", 0},
    {"samples", "plot_samples", "samples", "isolab sweep samples", 1},
    {"axes", "plot_axes", "run", "isolab run", 0},
    {"frontier", "plot_frontier", "bundles", "isolab sweep bundles", 0},
    {NULL, NULL, NULL, NULL, 0},
};

static const plot_kind *find_plot(const char *name)
{
    for (const plot_kind *p = PLOTS; p->name; p++)
        if (!strcmp(p->name, name)) return p;
    return NULL;
}

/* The command that computes what p draws, quoted with --db, into hint[n]:
 * for a sweep, the focus's own ('isolab lesson M03/K04'), else p's. */
static int plot_hint(isl_cli *cli, const plot_kind *p, char *hint, size_t n)
{
    char cmd[512] = "";
    if (p->focus && isl_store_missing_command(cli->store, p->run_kind, cmd, sizeof cmd, &cli->err))
        return cli->err.status;
    isl_hint(cli, cmd[0] ? cmd : p->command, hint, n);
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

/* Appends text to b as a gnuplot single-quoted string ('' for a quote). */
static void put_gp_string(isl_buf *b, const char *text)
{
    isl_buf_put(b, "'", 1);
    for (const char *t = text; *t; t++) {
        if (*t == '\'') isl_buf_put(b, "''", 2);
        else isl_buf_put(b, t, 1);
    }
    isl_buf_put(b, "'", 1);
}

/* What gnuplot reads for a plot, as a gnuplot script: the rows as the data
 * block $data, each text cell replaced by its index into the array NAMES,
 * which holds the texts as gnuplot strings. gnuplot's own data file reader
 * cuts a field at a comma even inside quotes, misreads "" and cuts a field
 * at 1,024 characters; a string in a script has none of these limits, so
 * every name reaches the image whole. */
typedef struct gp_data {
    isl_buf names, rows;
    size_t n;
} gp_data;

/* An isl_row_fn: the header (row == NULL) or one row into d. */
static isl_status gp_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    gp_data *d = ctx;
    for (size_t i = 0; i < ncols; i++) {
        if (i) isl_buf_put(&d->rows, ",", 1);
        if (!row) isl_buf_put(&d->rows, names[i], strlen(names[i]));
        else if (row[i].type == ISL_CELL_TEXT) {
            isl_buf_printf(&d->rows, "%zu", ++d->n);
            isl_buf_printf(&d->names, "NAMES[%zu] = ", d->n);
            put_gp_string(&d->names, row[i].text);
            isl_buf_put(&d->names, "\n", 1);
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

/* How long gnuplot may take: $ISOLAB_TOOL_TIMEOUT seconds (1 to 86400),
 * else 60; -1 when it is set to anything else. */
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

/* Waits for child pid up to limit seconds (then kills it): 0 with *status,
 * ETIMEDOUT, or the errno of waitpid. */
static int wait_for(pid_t pid, int limit, int *status)
{
    /* a tick from 0.5 ms growing to 10 ms: a plot takes 10-30 ms, and a
     * fixed 10 ms tick cost 5 ms a plot on average */
    struct timespec tick = {0, 500 * 1000};
    for (double end = isl_now() + limit;;) {
        pid_t got = waitpid(pid, status, WNOHANG);
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

/* Starts gnuplot with argv, its stderr into the file errfd: *pid. It is
 * stopped if a signal ends isolab (isl_temp_child): the signals wait until
 * it is registered, and it starts with isolab's mask. Returns an errno. */
static int spawn_gnuplot(char **argv, int errfd, pid_t *pid)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGHUP), sigaddset(&block, SIGINT), sigaddset(&block, SIGTERM);
    posix_spawnattr_t at;
    posix_spawn_file_actions_t fa;
    int rc = posix_spawnattr_init(&at);
    if (rc) return rc;
    if ((rc = posix_spawn_file_actions_init(&fa))) return posix_spawnattr_destroy(&at), rc;
    rc = posix_spawn_file_actions_adddup2(&fa, errfd, STDERR_FILENO);
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

/* What gnuplot wrote on stderr (the file open as fd): every line shown
 * escaped on stderr, but warnings of a series with no point to draw, which
 * are counted for isolab to say in its own words. Returns their count. */
static size_t tool_lines(int fd)
{
    char *line = NULL;
    size_t cap = 0, empty = 0;
    ssize_t n;
    int d = lseek(fd, 0, SEEK_SET) == 0 ? dup(fd) : -1;
    FILE *f = d >= 0 ? fdopen(d, "r") : NULL;
    if (!f) {
        if (d >= 0) close(d);
        fprintf(stderr, "(gnuplot's messages, not shown: %s)\n", strerror(errno));
        return 0;
    }
    while ((n = getline(&line, &cap, f)) >= 0) {
        if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
        if (strstr(line, "Skipping data file with no valid points") || strstr(line, "No valid data points found"))
            empty++;
        else if (n > 0) {
            char *shown = isl_escape_dup(line);
            fprintf(stderr, "%s\n", shown ? shown : "(a line of gnuplot's, not shown: out of memory)");
            free(shown);
        }
    }
    free(line);
    fclose(f);
    return empty;
}

/* Runs gnuplot on the data script (write_data), then script, with out and fmt set, its stderr through
 * tool_lines: *empty gets the count of series with no point. Returns an
 * exit status. */
static int run_gnuplot(isl_cli *cli, const char *plot, const char *script, const char *data, const char *out,
                       const char *fmt, size_t *empty)
{
    isl_buf e = {NULL, 0, 0, 0};
    const char *vars[][2] = {{"out=", out}, {"; fmt=", fmt}};
    for (size_t i = 0; i < 2; i++) isl_buf_put(&e, vars[i][0], strlen(vars[i][0])), put_gp_string(&e, vars[i][1]);
    if (e.oom) return free(e.p), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    char *argv[] = {"gnuplot", "-e", e.p, (char *)data, (char *)script, NULL};
    isl_outfile errs = {NULL, NULL, NULL, NULL, -1};
    pid_t pid;
    int limit = tool_seconds();
    if (limit < 0) return free(e.p), bad_timeout(cli);
    int rc = isl_outfile_open(&errs, out, ISL_OUT_SCRATCH, NULL, &cli->err);
    if (rc) return free(e.p), rc;
    rc = spawn_gnuplot(argv, fileno(errs.f), &pid);
    free(e.p);
    if (rc != 0) {
        isl_outfile_abort(&errs);
        return isl_fail(&cli->err, ISL_ETOOL, "plot %s: cannot run gnuplot: %s", plot, strerror(rc));
    }
    int status;
    rc = wait_for(pid, limit, &status);
    isl_temp_child(0);
    *empty = tool_lines(fileno(errs.f));
    isl_outfile_abort(&errs);
    if (rc == ETIMEDOUT)
        return isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot did not finish in %d s; stopped it", plot, limit);
    if (rc) return isl_fail(&cli->err, ISL_ETOOL, "plot %s: %s", plot, strerror(rc));
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return ISL_OK;
    return isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot failed (%s %d) on the script %s.gp", plot,
                    WIFEXITED(status) ? "exit status" : "signal",
                    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), plot);
}

/* "DIR/NAME.EXT", malloc'd. */
static char *path_of(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 3;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s.%s", dir, name, ext);
    return p;
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

/* One plot: the CSV, renamed into place once it has rows (a plot with no
 * rows leaves an older CSV as it was), then the image, written by gnuplot
 * into a temporary file renamed into place once it is there and not empty
 * (the one way of include/isolab/outfile.h); a line on say (unless NULL)
 * names both. */
static int draw(isl_cli *cli, const plot_kind *p, const char *dir, const char *fmt, const char *scripts, FILE *say)
{
    char *csv = path_of(dir, p->name, "csv"), *img = path_of(dir, p->name, fmt);
    char *script = scripts ? path_of(scripts, p->name, "gp") : NULL;
    isl_outfile image = {NULL, NULL, NULL, img, -1}, gp = {NULL, NULL, NULL, NULL, -1};
    isl_outfile table = {NULL, NULL, NULL, csv, -1}, data = {NULL, NULL, NULL, NULL, -1};
    gp_data d = {{NULL, 0, 0, 0}, {NULL, 0, 0, 0}, 0};
    int rc = csv && img && (script || !scripts) ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    size_t rows = 0;
    /* the CSV replaces only a regular file too (gnuplot reads it back) */
    if (!rc) rc = isl_outfile_open(&table, csv, ISL_OUT_BY_NAME, cli->db_path, &cli->err);
    if (!rc) rc = isl_outfile_open(&image, img, ISL_OUT_BY_NAME, cli->db_path, &cli->err);
    /* the CSV's temporary is scratch until it is known to have rows */
    int was_scratch = isl_temp_scratch(1);
    if (!rc) rc = isl_export_tee(cli, p->query, table.tmp, &rows, gp_row, &d);
    isl_temp_scratch(was_scratch);
    char hint[600];
    if (!rc && rows == 0 && !(rc = plot_hint(cli, p, hint, sizeof hint)))
        rc = isl_fail(&cli->err, ISL_EINPUT, "plot %s: %s has no rows; run %s first", p->name, p->query, hint);
    if (!rc) rc = isl_outfile_commit(&table, &cli->err);
    isl_outfile_abort(&table);
    if (!rc && scripts && access(script, R_OK) != 0) {
        rc = isl_fail(&cli->err, ISL_EINPUT, "plot %s: cannot read %s: %s", p->name, script, strerror(errno));
    }
    if (!rc && !scripts && !(rc = isl_outfile_open(&gp, img, ISL_OUT_SCRATCH, NULL, &cli->err)))
        rc = write_script(cli, p->name, &gp);
    if (!rc && !(rc = isl_outfile_open(&data, img, ISL_OUT_SCRATCH, NULL, &cli->err))) rc = write_data(cli, &d, &data);
    free(d.names.p), free(d.rows.p);
    size_t empty = 0;
    if (!rc) rc = run_gnuplot(cli, p->name, scripts ? script : gp.tmp, data.tmp, image.tmp, fmt, &empty);
    /* gnuplot leaves such a series out of the image: say so, in isolab's words */
    if (!rc && empty)
        isl_note(cli, "plot %s: %zu of its series %s no point to draw in %s (%zu rows of %s) and %s not in the image",
                 p->name, empty, empty == 1 ? "has" : "have", csv, rows, p->query, empty == 1 ? "is" : "are");
    struct stat sb;
    if (!rc && (stat(image.tmp, &sb) != 0 || sb.st_size == 0)) {
        rc = dir_full(image.tmp) ? isl_fail(&cli->err, ISL_EOUTPUT, "plot %s: cannot write %s: no space left on the device",
                                            p->name, img)
                                 : isl_fail(&cli->err, ISL_ETOOL, "plot %s: gnuplot wrote no image for %s", p->name, img);
    }
    isl_outfile_abort(&gp), isl_outfile_abort(&data);
    if (!rc) rc = isl_outfile_commit(&image, &cli->err);
    else isl_outfile_abort(&image);
    if (!rc && say) fprintf(say, "%s: %s and %s (%zu rows of %s)\n", p->name, img, csv, rows, p->query);
    free(csv), free(img), free(script);
    return rc;
}

/* Checks that each plot's query has the run it reads, naming in a note the
 * command that writes each missing one. Returns an exit status. */
static int check_runs(isl_cli *cli, const plot_kind **plots, size_t n)
{
    size_t missing = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t id = 0;
        char digest[17];
        if (isl_store_latest_run(cli->store, plots[i]->run_kind, &id, digest, &cli->err)) return cli->err.status;
        char hint[600];
        if (id == 0 && ++missing) {
            if (plot_hint(cli, plots[i], hint, sizeof hint)) return cli->err.status;
            isl_note(cli, "%s: %s holds no finished '%s' run; run %s first", plots[i]->name, cli->db_path,
                     plots[i]->run_kind, hint);
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
    const plot_kind *want[sizeof PLOTS / sizeof PLOTS[0]];
    size_t n = 0;
    isl_opt_int(a, "--format", &svg);
    if (!dir) dir = "plots";
    if (isl_check_distinct("plot", (const char *const *)a->ops, (size_t)a->nops, &cli->err)) return cli->err.status;
    for (int i = 0; i < a->nops; i++) {
        const plot_kind *p = find_plot(a->ops[i]);
        if (!p) return isl_usage(cli, "unknown plot '%s' (channels, samples, axes, frontier)", a->ops[i]);
        want[n++] = p;
    }
    if (!n)
        for (const plot_kind *p = PLOTS; p->name; p++) want[n++] = p;
    if (!on_path("gnuplot")) {
        cli->hint = geteuid() == 0 ? "    apt-get install -y gnuplot-nox" : "    sudo apt-get install -y gnuplot-nox";
        return isl_fail(&cli->err, ISL_ETOOL, "gnuplot is not installed (not found on PATH); on Debian:");
    }
    int rc = isl_apply_focus(cli, a);
    if (!rc) rc = check_runs(cli, want, n);
    if (!rc) rc = make_dirs(cli, dir);
    for (size_t i = 0; i < n && !rc; i++) rc = draw(cli, want[i], dir, svg ? "svg" : "png", scripts, cli->out);
    return rc;
}

int isl_plot_svg(isl_cli *cli, const char *name, const char *dir)
{
    const plot_kind *p = find_plot(name);
    assert(p);
    if (!on_path("gnuplot")) return isl_fail(&cli->err, ISL_ETOOL, "gnuplot is not installed (not found on PATH)");
    /* a missing run leaves the query without rows: draw names the command */
    return draw(cli, p, dir, "svg", NULL, NULL);
}
