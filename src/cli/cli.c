/* isolab command line: isl_main finds the command, parses its options once,
 * opens what the command's table entry says it needs, runs it, prints its
 * error on the one error path and checks the output was written. */
#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/escape.h"
#include "isolab/outfile.h"
#include "isolab/report.h"
#include "isolab/version.h"

static const char MAIN_USAGE[] =
    "usage: isolab [--db FILE] COMMAND [options]\n"
    "       isolab help [COMMAND] | --help | --version\n"
    "\n"
    "isolab keeps the course model of process isolation in an SQLite database,\n"
    "computes the surfaces that bundles leave open to observation channels, and\n"
    "writes every run as rows.\n"
    "\n"
    "options:\n"
    "  --db FILE   the database (default: $ISOLAB_DB, or isolab.db); also after COMMAND\n"
    "  --help      this text; 'isolab COMMAND --help' or 'isolab help COMMAND' for a command's\n"
    "  --version   print the version\n"
    "\n"
    "commands:\n";

const isl_exit_code isl_exit_codes[] = {
    {ISL_OK, "success"},
    {ISL_EFAIL, "a check did not hold (a claim failed; diff --exit-code: the runs differ)"},
    {ISL_EUSAGE, "bad command line"},
    {ISL_EINPUT, "bad input (seed file, model, unknown name)"},
    {ISL_EDB, "database unusable (missing, not a database, newer schema, locked, read-only)"},
    {ISL_ENOMEM, "out of memory"},
    {ISL_ETOOL, "a program isolab runs (gnuplot) is missing or failed"},
    {ISL_EOUTPUT, "the output could not be written (a full disk; a closed pipe ends quietly, as cat: SIGPIPE)"},
    {ISL_EINTERNAL, "internal error (a bug in isolab)"},
    {128 + 1, "hung up (SIGHUP): as 130"},
    {ISL_EINTERRUPT, "interrupted (Ctrl-C): what it had finished is kept, the rest is not written"},
    {128 + 15, "terminated (SIGTERM): as 130"},
    {-1, NULL},
};

static void print_main_usage(FILE *f)
{
    fputs(MAIN_USAGE, f);
    for (const isl_command *c = isl_commands; c->name; c++) fprintf(f, "  %-14s %s\n", c->name, c->summary);
    fputs("\nexit status:\n", f);
    for (const isl_exit_code *e = isl_exit_codes; e->meaning; e++) fprintf(f, "  %-4d %s\n", e->code, e->meaning);
}

int isl_usage(isl_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cli->err.msg, sizeof cli->err.msg, fmt, ap);
    va_end(ap);
    cli->err.status = ISL_EUSAGE;
    cli->err.reason = ISL_R_NONE;
    return ISL_EUSAGE;
}

void isl_note(const isl_cli *cli, const char *fmt, ...)
{
    va_list ap;
    char msg[4096], shown[ISL_ESCAPE_MAX(sizeof msg)];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "isolab%s%s: note: %s\n", cli->cmd ? " " : "", cli->cmd ? cli->cmd->name : "",
            isl_escape(msg, shown, sizeof shown));
}

int isl_print_line(FILE *out, const char *fmt, ...)
{
    va_list ap;
    char small[512], *text = small;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return -1;
    if ((size_t)n >= sizeof small) {
        if (!(text = malloc((size_t)n + 1))) return -1;
        va_start(ap, fmt);
        vsnprintf(text, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    char *shown = isl_needs_escape(text) ? isl_escape_dup(text) : text;
    int rc = shown ? fputs(shown, out) : -1;
    if (rc >= 0) rc = fputc('\n', out);
    if (shown != text) free(shown);
    if (text != small) free(text);
    return rc < 0 ? -1 : 0;
}

const char *isl_hint(const isl_cli *cli, const char *command, char *buf, size_t n)
{
    int with_db = cli->db_given && !strncmp(command, "isolab ", 7);
    char *db = with_db ? isl_argv_text(1, (char *const *)&cli->db_path) : NULL;
    const char *rest = db ? command + 7 : command;
    int q = (db && strchr(db, '\'')) || strchr(rest, '\'') ? '"' : '\'';
    snprintf(buf, n, "%c%s%s%s%s%c", q, db ? "isolab --db " : "", db ? db : "", db ? " " : "", rest, q);
    free(db);
    return buf;
}

char *isl_command_text(const isl_cli *cli, int n, const char *const *words)
{
    const char *argv[16] = {"isolab", "--db", cli->db_path};
    int argc = strcmp(cli->db_path, "isolab.db") ? 3 : 1;
    assert(n >= 0 && argc + n <= 16);
    for (int i = 0; i < n; i++) argv[argc++] = words[i];
    return isl_argv_text(argc, (char *const *)argv);
}

void isl_put_command(const isl_cli *cli, isl_buf *b, int n, const char *const *words)
{
    char *cmd = isl_command_text(cli, n, words);
    if (!cmd) {
        free(b->p);
        *b = (isl_buf){NULL, 0, 0, 1};
        return;
    }
    char q = strchr(cmd, '\'') ? '"' : '\'';
    isl_buf_printf(b, "%s%c%s%c", b->n ? ", " : "", q, cmd, q);
    free(cmd);
}

double isl_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int isl_check_output(isl_cli *cli, FILE *f, const char *what)
{
    if (!ferror(f)) return ISL_OK;
    return isl_fail(&cli->err, ISL_EOUTPUT, "cannot write %s: %s", what, strerror(errno ? errno : EIO));
}

int isl_parse_run_id(isl_cli *cli, const char *text, int64_t *id)
{
    long long v;
    if (isl_parse_whole(text, 1, INT64_MAX, &v)) return isl_usage(cli, "'%s' is not a run id", text);
    *id = v;
    return ISL_OK;
}

int isl_pick(isl_cli *cli, const isl_args *a, const char *opt, const char *what,
             size_t (*find)(const isl_model *, const char *), size_t count, size_t *list, size_t *n)
{
    size_t nv;
    const char *const *v = isl_opt_all(a, opt, &nv);
    *n = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t idx = find(cli->model, v[i]);
        if (idx == ISL_NONE) return isl_fail(&cli->err, ISL_EINPUT, "no %s named '%s'", what, v[i]);
        list[(*n)++] = idx;
    }
    if (!nv)
        for (; *n < count; ++*n) list[*n] = *n;
    return ISL_OK;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

void isl_sort_indexes(size_t *v, size_t n)
{
    if (n) qsort(v, n, sizeof *v, cmp_size);
}

/* Prints the failure of cmd (NULL: of isolab itself) on stderr, once. */
static int print_error(const isl_cli *cli, const isl_command *cmd, const isl_error *err)
{
    const char *name = cmd ? cmd->name : NULL;
    /* messages quote names, values and SQLite's words: nothing in them may
     * forge a line or drive the terminal */
    char text[sizeof err->msg + 200], shown[ISL_ESCAPE_MAX(sizeof text)];
    fprintf(stderr, "isolab%s%s: %s\n", name ? " " : "", name ? name : "",
            err->msg[0] ? isl_escape(isl_words(cli, err, text, sizeof text), shown, sizeof shown) : "failed");
    if (err->status == ISL_EUSAGE)
        fprintf(stderr, "Try 'isolab %s%s--help'.\n", name ? name : "", name ? " " : "");
    return err->status ? (int)err->status : ISL_EINTERNAL;
}

static int usage_error(const char *fmt, const char *arg)
{
    isl_error err;
    isl_fail(&err, ISL_EUSAGE, fmt, arg);
    return print_error(NULL, NULL, &err);
}

/* The command named by the words at argv[i..]: a two-word name ("sweep
 * bundles") wins over its first word. *words gets how many it used. */
static const isl_command *find_command(int argc, char **argv, int i, int *words)
{
    const isl_command *best = NULL;
    for (const isl_command *c = isl_commands; c->name; c++) {
        const char *sp = strchr(c->name, ' ');
        size_t n1 = sp ? (size_t)(sp - c->name) : strlen(c->name);
        if (strlen(argv[i]) != n1 || strncmp(argv[i], c->name, n1)) continue;
        if (!sp) {
            if (!best) best = c, *words = 1;
        } else if (i + 1 < argc && !strcmp(argv[i + 1], sp + 1)) {
            best = c, *words = 2;
        }
    }
    return best;
}

/* Says, as it starts, what the store does that takes a while. */
static void progress(void *ctx, const char *what)
{
    isl_note(ctx, "%s", what);
}

/* Opens the store (and reads the model) as cmd->needs says; creates the
 * database first for ISL_CREATES when it is missing or --fresh is given. */
static int setup(isl_cli *cli, const isl_args *a)
{
    unsigned needs = cli->cmd->needs;
    isl_store_on_progress(progress, cli);
    if (needs & ISL_CREATES) {
        int fresh = isl_opt_flag(a, "--fresh");
        struct stat sb;
        if (fresh && isl_lesson_fresh(cli, a)) return cli->err.status;
        if (!fresh && stat(cli->db_path, &sb) != 0 && isl_store_create(cli->db_path, NULL, 0, &cli->err))
            return cli->err.status;
    }
    if (needs & (ISL_NEEDS_DB | ISL_NEEDS_MODEL) && isl_store_open(cli->db_path, &cli->store, &cli->err))
        return cli->err.status;
    if (needs & ISL_READS_RUNS && isl_store_check_rows(cli->store, 0, 0, &cli->err)) return cli->err.status;
    if (needs & ISL_READS_VIEWS && isl_store_check_dangling(cli->store, &cli->err)) return cli->err.status;
    /* what opening repaired (saved queries changed outside isolab): a note each */
    for (const char *n = cli->store ? isl_store_notes(cli->store) : ""; *n;) {
        size_t len = strcspn(n, "\n");
        isl_note(cli, "%s: %.*s", cli->db_path, (int)len, n);
        n += len + (n[len] == '\n');
    }
    /* reading the model also makes its digest the current one (model_state) */
    if (needs & ISL_NEEDS_MODEL
        && (isl_store_read_model(cli->store, &cli->model, &cli->err)
            || isl_store_sync_model(cli->store, cli->model, &cli->err)))
        return cli->err.status;
    return ISL_OK;
}

/* Reads the global options before the command's name (argv[1..]): *i is
 * left at the command's name. Returns -1 to go on, else the exit status
 * (--help, --version, or a bad option, printed). */
static int global_options(isl_cli *cli, int argc, char **argv, int *i)
{
    for (; *i < argc && argv[*i][0] == '-'; ++*i) {
        const char *a = argv[*i];
        if (!strcmp(a, "--db") || !strncmp(a, "--db=", 5)) {
            if (cli->db_given++) return usage_error("option '%s' is given twice", "--db");
            if (a[4] == '=') cli->db_path = a + 5;
            else if (*i + 1 < argc) cli->db_path = argv[++*i];
            else return usage_error("option '%s' needs a value", "--db");
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--version")) {
            if (a[2] == 'v') printf("isolab %s (SQLite %s)\n", ISOLAB_VERSION, isl_store_sqlite_version());
            else print_main_usage(stdout);
            return isl_check_output(cli, stdout, "the output") ? print_error(cli, NULL, &cli->err) : ISL_OK;
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    return -1;
}

/* Whether the command's table (not the global options) has option `name`. */
static int has_option(const isl_command *cmd, const char *name)
{
    for (size_t k = 0; cmd->options && cmd->options[k]; k++)
        if (!strcmp(cmd->options[k]->name, name)) return 1;
    return 0;
}

/* Runs the command cli->cmd with its parsed arguments. */
static int run_command(isl_cli *cli, int argc, char **argv, const isl_args *args)
{
    if (isl_opt(args, "--db") && cli->db_given) return isl_usage(cli, "option '--db' is given twice");
    if (isl_opt(args, "--db")) cli->db_path = isl_opt(args, "--db"), cli->db_given = 1;
    if (isl_opt(args, "--help")) {
        isl_print_usage(cli->cmd, stdout);
        return ISL_OK;
    }
    if (!*cli->db_path) return isl_usage(cli, "--db: an empty file name");
    /* the limits of every store opened from now on */
    long long wait = 10, work = 0;
    isl_opt_int(args, "--wait", &wait);
    if (has_option(cli->cmd, "--work-limit")) isl_opt_int(args, "--work-limit", &work);
    isl_store_set_limits((unsigned)wait, (unsigned long long)work);
    if (cli->cmd->needs & ISL_WRITES && !(cli->argv_text = isl_argv_text(argc, argv)))
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    int rc = setup(cli, args);
    /* an empty note is no note (NULL), as 'isolab note RUN ""' makes it */
    const char *note = has_option(cli->cmd, "--note") ? isl_opt(args, "--note") : NULL;
    if (!rc && note) isl_store_note_runs(cli->store, *note ? note : NULL);
    return rc ? rc : cli->cmd->fn(cli, args);
}

/* stdout is a pipe whose reader has gone (poll's POLLERR on its write end). */
static int pipe_closed(void)
{
    struct stat st;
    struct pollfd p = {STDOUT_FILENO, 0, 0};
    return !fstat(STDOUT_FILENO, &st) && S_ISFIFO(st.st_mode) && poll(&p, 1, 0) == 1 && (p.revents & POLLERR);
}

int isl_main(int argc, char **argv)
{
    /* a closed pipe is an output error, seen where it happens (nothing half-written is left);
       isl_main then ends quietly by SIGPIPE, as cat | head does */
    signal(SIGPIPE, SIG_IGN);
    isl_cli cli = {0};
    cli.db_path = getenv("ISOLAB_DB");
    if (!cli.db_path || !*cli.db_path) cli.db_path = "isolab.db";
    cli.out = stdout;
    int i = 1, words = 0, rc = global_options(&cli, argc, argv, &i);
    if (rc >= 0) return rc;
    if (i >= argc) {
        print_main_usage(stderr);
        return ISL_EUSAGE;
    }
    if (!(cli.cmd = find_command(argc, argv, i, &words))) return usage_error("unknown command '%s'", argv[i]);
    /* a signal removes the temporaries of files being written (outfile.h) */
    char nothing[128], something[160];
    snprintf(nothing, sizeof nothing, "isolab %s: interrupted; nothing was written\n", cli.cmd->name);
    snprintf(something, sizeof something, "isolab %s: interrupted; what it had finished is kept, the rest was "
             "not written\n", cli.cmd->name);
    isl_outfile_signals(nothing, something);
    isl_args args;
    rc = isl_parse_args(cli.cmd, argc - i - words, argv + i + words, &args, &cli.err);
    if (!rc) rc = run_command(&cli, argc, argv, &args);
    isl_model_free(cli.model);
    isl_store_close(cli.store);
    isl_args_free(&args);
    free(cli.argv_text);
    /* what went to stdout must have been written, as git's run_builtin checks */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        /* lost output outranks "differs" or "a check failed" (exit 1):
         * the user never saw what the 1 is about */
        if (!rc || rc == ISL_EFAIL)
            rc = isl_fail(&cli.err, ISL_EOUTPUT, "cannot write the output: %s", strerror(errno ? errno : EIO));
        clearerr(stdout);
    }
    /* the stale note after the command's own output, and never with an error */
    if (cli.stale_note && (!rc || rc == ISL_EFAIL)) fputs(cli.stale_note, stderr);
    free(cli.stale_note);
    if (rc == ISL_EOUTPUT && pipe_closed()) {
        /* as cat | head: no message, and the status a closed pipe gives (SIGPIPE) */
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }
    if (rc && !(rc == ISL_EFAIL && !cli.err.msg[0])) print_error(&cli, cli.cmd, &cli.err);
    if (rc && cli.hint) fprintf(stderr, "%s\n", cli.hint);
    return rc;
}

int isl_cmd_version(isl_cli *cli, const isl_args *a)
{
    static const char *const names[] = {"isolab", "sqlite", "schema"};
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    if (fmt == ISL_FMT_TABLE) {
        fprintf(cli->out, "isolab %s\nSQLite %s\nschema %d\n", ISOLAB_VERSION, isl_store_sqlite_version(),
                ISL_SCHEMA_VERSION);
        return isl_check_output(cli, cli->out, "the output");
    }
    char schema[24];
    isl_cell row[3] = {isl_cell_text(ISOLAB_VERSION), isl_cell_text(isl_store_sqlite_version()),
                       isl_cell_int(ISL_SCHEMA_VERSION, schema)};
    isl_listing l;
    isl_listing_start(&l, (isl_format)fmt, cli->out);
    isl_status st = isl_listing_row(&l, 3, names, NULL);
    if (!st) st = isl_listing_row(&l, 3, names, row);
    return isl_listing_done(cli, &l, st);
}

int isl_cmd_help(isl_cli *cli, const isl_args *a)
{
    if (!a->nops) {
        print_main_usage(cli->out);
        return ISL_OK;
    }
    int words = 0;
    const isl_command *c = find_command(a->nops, a->ops, 0, &words);
    if (!c) return isl_usage(cli, "no command named '%s'", a->ops[0]);
    if (words != a->nops) return isl_usage(cli, "unexpected argument '%s'", a->ops[words]);
    isl_print_usage(c, cli->out);
    return ISL_OK;
}

int isl_exit(int rc)
{
    errno = 0;
    if (fclose(stdout) != 0 && rc == ISL_OK) {
        fprintf(stderr, "isolab: cannot write the output: %s\n", strerror(errno ? errno : EIO));
        return ISL_EOUTPUT;
    }
    return rc;
}
