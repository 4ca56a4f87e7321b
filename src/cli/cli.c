/* isolab command line: isl_main finds the command, parses its options once,
 * opens what the command's table entry says it needs, runs it, prints its
 * error on the one error path and checks the output was written. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/commands.h"
#include "isolab/db.h"
#include "isolab/escape.h"
#include "isolab/main.h"
#include "isolab/names.h"
#include "isolab/outfile.h"
#include "isolab/parse.h"
#include "isolab/run.h"
#include "isolab/util.h"
#include "isolab/version.h"
#include "isolab/words.h"

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

/* Says, as it starts, what the store does that takes a while. */
static void progress(void *ctx, const char *what)
{
    isl_note(ctx, "%s", what);
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
            else isl_print_main_usage(isl_commands, stdout);
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
    /* the store (and the model) as cmd->needs says */
    isl_store_on_progress(progress, cli);
    int rc = isl_cli_open(cli, cli->cmd->needs);
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
    cli.commands = isl_commands;
    int i = 1, words = 0, rc = global_options(&cli, argc, argv, &i);
    if (rc >= 0) return rc;
    if (i >= argc) {
        isl_print_main_usage(isl_commands, stderr);
        return ISL_EUSAGE;
    }
    if (!(cli.cmd = isl_find_command(isl_commands, argc, argv, i, &words))) {
        char hint[ISL_HINT_MAX];
        isl_fail(&cli.err, ISL_EUSAGE, "unknown command '%s'%s", argv[i],
                 isl_command_hint(isl_commands, argv[i], hint, sizeof hint));
        return print_error(NULL, NULL, &cli.err);
    }
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

int isl_exit(int rc)
{
    errno = 0;
    if (fclose(stdout) != 0 && rc == ISL_OK) {
        fprintf(stderr, "isolab: cannot write the output: %s\n", strerror(errno ? errno : EIO));
        return ISL_EOUTPUT;
    }
    return rc;
}
