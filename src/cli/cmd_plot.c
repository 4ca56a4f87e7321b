/* isolab plot: the comparisons drawn as images. For each plot, the rows of
 * its saved query are exported as CSV (the same file 'isolab export' writes)
 * into the output directory, and gnuplot draws the image next to it with
 * the plot's script (gnuplot/NAME.gp, built into isolab, or from --scripts
 * DIR). Every file appears only when complete. */
#include <errno.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/embedded.h"
#include "isolab/history.h"

extern char **environ;

/* A plot: its name (script NAME.gp, files NAME.csv and NAME.png|svg), the
 * saved query it draws, and the kind of run that query reads, with the
 * command that writes such a run. */
typedef struct plot_kind {
    const char *name, *query, *run_kind, *command;
} plot_kind;

static const plot_kind PLOTS[] = {
    {"channels", "channel_comparison", "run", "isolab run"},
    {"samples", "current_sample_sweep", "samples", "isolab sweep samples"},
    {"axes", "plot_axes", "run", "isolab run"},
    {"frontier", "plot_frontier", "bundles", "isolab sweep bundles"},
    {NULL, NULL, NULL, NULL},
};

static const plot_kind *find_plot(const char *name)
{
    for (const plot_kind *p = PLOTS; p->name; p++)
        if (!strcmp(p->name, name)) return p;
    return NULL;
}

/* 1 when an executable file named prog is on $PATH. */
static int on_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path || !*path) return 0;
    size_t np = strlen(prog);
    while (*path) {
        const char *e = strchr(path, ':');
        size_t n = e ? (size_t)(e - path) : strlen(path);
        char *f = malloc(n + np + 3);
        if (!f) return 0;
        snprintf(f, n + np + 3, "%.*s/%s", (int)n, n ? path : ".", prog);
        int ok = access(f, X_OK) == 0;
        free(f);
        if (ok) return 1;
        path += n + (e != NULL);
    }
    return 0;
}

/* Creates dir and its missing parents. Returns an exit status. */
static int make_dirs(const char *dir)
{
    char *p = strdup(dir);
    if (!p) return fprintf(stderr, "isolab: out of memory\n"), ISL_ENOMEM;
    int rc = ISL_OK;
    for (char *s = p + 1;; s++) {
        char c = *s;
        if (c != '/' && c != '\0') continue;
        *s = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "isolab: plot: cannot create directory %s: %s\n", p, strerror(errno));
            rc = ISL_EINPUT;
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

/* Writes the built-in script of plot `name` to path. Returns an exit status. */
static int write_script(const char *name, const char *path)
{
    const isl_embedded_file *f = NULL;
    size_t n = strlen(name);
    for (size_t i = 0; i < isl_plot_count; i++)
        if (!strncmp(isl_plot_files[i].name, name, n) && !strcmp(isl_plot_files[i].name + n, ".gp"))
            f = &isl_plot_files[i];
    if (!f) return fprintf(stderr, "isolab: plot %s: no script built into isolab\n", name), ISL_EINTERNAL;
    FILE *o = fopen(path, "wb");
    int ok = o && fwrite(f->text, 1, f->len, o) == f->len;
    if (o && fclose(o) != 0) ok = 0;
    if (!ok) return fprintf(stderr, "isolab: %s: cannot write: %s\n", path, strerror(errno)), ISL_EINPUT;
    return ISL_OK;
}

/* Runs gnuplot on script with csv, out and fmt set. Returns an exit status. */
static int run_gnuplot(const char *plot, const char *script, const char *csv, const char *out, const char *fmt)
{
    isl_buf e = {NULL, 0, 0, 0};
    isl_buf_put(&e, "csv=", 4);
    put_gp_string(&e, csv);
    isl_buf_put(&e, "; out=", 6);
    put_gp_string(&e, out);
    isl_buf_put(&e, "; fmt=", 6);
    put_gp_string(&e, fmt);
    isl_buf_put(&e, "", 1); /* the terminating NUL */
    if (e.oom) return free(e.p), fprintf(stderr, "isolab: out of memory\n"), ISL_ENOMEM;
    char *argv[] = {"gnuplot", "-e", e.p, (char *)script, NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", NULL, NULL, argv, environ);
    free(e.p);
    if (rc != 0) {
        fprintf(stderr, "isolab: plot %s: cannot run gnuplot: %s\n", plot, strerror(rc));
        return ISL_ETOOL;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return fprintf(stderr, "isolab: plot %s: %s\n", plot, strerror(errno)), ISL_ETOOL;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return ISL_OK;
    fprintf(stderr, "isolab: plot %s: gnuplot failed (%s %d) on the script %s.gp\n", plot,
            WIFEXITED(status) ? "exit status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
            plot);
    return ISL_ETOOL;
}

/* "DIR/NAME.EXT" and, with tmp, the same with ".tmp-PID" after it. */
static char *path_of(const char *dir, const char *name, const char *ext, int tmp)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 40;
    char *p = malloc(n);
    if (p) snprintf(p, n, tmp ? "%s/.%s.%s.tmp-%ld" : "%s/%s.%s", dir, name, ext, (long)getpid());
    return p;
}

/* One plot: the CSV, then the image from a temporary file renamed into
 * place once gnuplot has written it and it is not empty. */
static int draw(isl_cli *cli, const plot_kind *p, const char *dir, const char *fmt, const char *scripts)
{
    char *csv = path_of(dir, p->name, "csv", 0), *img = path_of(dir, p->name, fmt, 0);
    char *tmp_img = path_of(dir, p->name, fmt, 1), *tmp_gp = path_of(dir, p->name, "gp", 1);
    char *script = scripts ? path_of(scripts, p->name, "gp", 0) : tmp_gp;
    int rc = csv && img && tmp_img && tmp_gp && script ? ISL_OK : ISL_ENOMEM;
    size_t rows = 0;
    if (rc) fprintf(stderr, "isolab: out of memory\n");
    if (!rc) rc = isl_export_path(cli, p->query, ISL_FMT_CSV, 0, 0, csv, &rows);
    if (!rc && rows == 0) {
        fprintf(stderr, "isolab: plot %s: %s has no rows; run '%s' first\n", p->name, p->query, p->command);
        rc = ISL_EINPUT;
    }
    if (!rc && scripts && access(script, R_OK) != 0) {
        fprintf(stderr, "isolab: plot %s: cannot read %s: %s\n", p->name, script, strerror(errno));
        rc = ISL_EINPUT;
    }
    if (!rc && !scripts) rc = write_script(p->name, tmp_gp);
    if (!rc) rc = run_gnuplot(p->name, script, csv, tmp_img, fmt);
    struct stat sb;
    if (!rc && (stat(tmp_img, &sb) != 0 || sb.st_size == 0)) {
        fprintf(stderr, "isolab: plot %s: gnuplot wrote no image to %s\n", p->name, tmp_img);
        rc = ISL_ETOOL;
    }
    if (!rc && rename(tmp_img, img) != 0) {
        fprintf(stderr, "isolab: %s: cannot write: %s\n", img, strerror(errno));
        rc = ISL_EDB;
    }
    if (tmp_img && rc) unlink(tmp_img);
    if (tmp_gp && !scripts) unlink(tmp_gp);
    if (!rc) fprintf(cli->out, "%s: %s and %s (%zu rows of %s)\n", p->name, img, csv, rows, p->query);
    if (script != tmp_gp) free(script);
    free(csv), free(img), free(tmp_img), free(tmp_gp);
    return rc;
}

/* Checks that each plot's query has the run it reads, naming the command
 * that writes the missing ones. Returns an exit status. */
static int check_runs(isl_cli *cli, const plot_kind **plots, size_t n)
{
    isl_store *s;
    int rc = isl_cli_open(cli, &s);
    for (size_t i = 0; i < n && (rc == ISL_OK || rc == ISL_EINPUT); i++) {
        isl_error err;
        isl_error_clear(&err);
        int64_t id = 0;
        char digest[17];
        if (isl_store_latest_run(s, plots[i]->run_kind, &id, digest, &err)) {
            rc = isl_report(&err);
        } else if (id == 0) {
            fprintf(stderr, "isolab: plot %s: %s holds no finished '%s' run; run '%s' first\n", plots[i]->name,
                    cli->db_path, plots[i]->run_kind, plots[i]->command);
            rc = ISL_EINPUT;
        }
    }
    isl_store_close(s);
    return rc;
}

/* 1 when text holds a control character (it could not pass to gnuplot). */
static int has_control(const char *text)
{
    for (const unsigned char *t = (const unsigned char *)text; *t; t++)
        if (*t < 0x20 || *t == 0x7f) return 1;
    return 0;
}

int isl_cmd_plot(isl_cli *cli, int argc, char **argv)
{
    const char *dir = "plots", *fmt = "png", *scripts = NULL;
    const plot_kind *want[sizeof PLOTS / sizeof PLOTS[0]];
    size_t n = 0;
    for (int i = 1; i < argc; i++) {
        int r = isl_opt_value("plot", argc, argv, &i, "-o", &dir);
        if (!r) r = isl_opt_value("plot", argc, argv, &i, "--format", &fmt);
        if (!r) r = isl_opt_value("plot", argc, argv, &i, "--scripts", &scripts);
        if (r < 0) return ISL_EUSAGE;
        if (r > 0) continue;
        const plot_kind *p = find_plot(argv[i]);
        if (!p) return isl_usage_error("plot", "unknown plot '%s' (channels, samples, axes, frontier)", argv[i]);
        int seen = 0;
        for (size_t k = 0; k < n; k++) seen |= want[k] == p;
        if (!seen) want[n++] = p;
    }
    if (strcmp(fmt, "png") && strcmp(fmt, "svg")) return isl_usage_error("plot", "unknown format '%s' (png, svg)", fmt);
    if (!*dir || has_control(dir)) return isl_usage_error("plot", "-o: not a usable directory name");
    if (scripts && (!*scripts || has_control(scripts)))
        return isl_usage_error("plot", "--scripts: not a usable directory name");
    if (!n)
        for (const plot_kind *p = PLOTS; p->name; p++) want[n++] = p;
    if (!on_path("gnuplot")) {
        fprintf(stderr, "isolab: plot: gnuplot is not installed (not found on PATH); on Debian:\n"
                        "    sudo apt-get install -y gnuplot-nox\n");
        return ISL_ETOOL;
    }
    int rc = check_runs(cli, want, n);
    if (!rc) rc = make_dirs(dir);
    for (size_t i = 0; i < n && !rc; i++) rc = draw(cli, want[i], dir, fmt, scripts);
    return rc;
}
