/* isolab command line: global options, dispatch, and helpers shared by the
 * subcommands. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"

#ifndef ISOLAB_VERSION
#define ISOLAB_VERSION "0.1.0"
#endif

static const char MAIN_USAGE[] =
    "usage: isolab [--db FILE] COMMAND [options]\n"
    "       isolab --help | --version\n"
    "\n"
    "isolab keeps the course model of process isolation in an SQLite database,\n"
    "computes the surfaces that bundles leave open to observation channels, and\n"
    "writes every run as rows.\n"
    "\n"
    "options:\n"
    "  --db FILE   the database (default: $ISOLAB_DB, or isolab.db)\n"
    "  --help      this text; 'isolab COMMAND --help' for a command's\n"
    "  --version   print the version\n"
    "\n"
    "commands:\n";

static const char EXIT_CODES[] =
    "\n"
    "exit status: 0 success; 1 a check did not hold; 2 bad command line;\n"
    "3 bad input (seed file, model, unknown name); 4 database unusable;\n"
    "5 out of memory; 6 a program isolab runs (gnuplot) is missing or failed;\n"
    "70 internal error.\n";

int isl_report(const isl_error *err)
{
    fprintf(stderr, "isolab: %s\n", err->msg[0] ? err->msg : "failed");
    return err->status ? (int)err->status : ISL_EINTERNAL;
}

int isl_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "isolab%s%s: ", cmd ? " " : "", cmd ? cmd : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'isolab %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
    return ISL_EUSAGE;
}

int isl_opt_value(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0) return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        return 1;
    }
    if (a[n] != '\0') return 0;
    if (*i + 1 >= argc) {
        isl_usage_error(cmd, "option '%s' needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int isl_parse_run_id(const char *cmd, const char *text, int64_t *id)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v <= 0) return isl_usage_error(cmd, "'%s' is not a run id", text);
    *id = v;
    return ISL_OK;
}

int isl_cli_open(isl_cli *cli, isl_store **out)
{
    isl_error err;
    isl_error_clear(&err);
    if (isl_store_open(cli->db_path, out, &err)) return isl_report(&err);
    return ISL_OK;
}

int isl_cli_open_model(isl_cli *cli, isl_store **store, isl_model **model)
{
    isl_error err;
    isl_error_clear(&err);
    int rc = isl_cli_open(cli, store);
    if (rc) return rc;
    if (isl_store_read_model(*store, model, &err)) {
        isl_store_close(*store);
        *store = NULL;
        return isl_report(&err);
    }
    return ISL_OK;
}

/* The command line as one string, arguments with spaces quoted. */
static char *join_argv(int argc, char **argv)
{
    size_t n = 1;
    for (int i = 0; i < argc; i++) n += strlen(argv[i]) * 2 + 3;
    char *s = malloc(n), *p = s;
    if (!s) return NULL;
    for (int i = 0; i < argc; i++) {
        if (i) *p++ = ' ';
        int quote = argv[i][0] == '\0' || strpbrk(argv[i], " \t\n'\"\\") != NULL;
        if (quote) *p++ = '\'';
        for (const char *c = argv[i]; *c; c++) {
            if (quote && *c == '\'') { strcpy(p, "'\\''"); p += 4; continue; }
            *p++ = *c;
        }
        if (quote) *p++ = '\'';
    }
    *p = '\0';
    return s;
}

static void print_main_usage(FILE *f)
{
    fputs(MAIN_USAGE, f);
    for (const isl_command *c = isl_commands; c->name; c++) fprintf(f, "  %-9s %s\n", c->name, c->summary);
    fputs(EXIT_CODES, f);
}

int isl_main(int argc, char **argv)
{
    isl_cli cli = {0};
    cli.db_path = getenv("ISOLAB_DB");
    if (!cli.db_path || !*cli.db_path) cli.db_path = "isolab.db";
    cli.out = stdout;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *v;
        int r = isl_opt_value(NULL, argc, argv, &i, "--db", &v);
        if (r < 0) return ISL_EUSAGE;
        if (r > 0) {
            cli.db_path = v;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            print_main_usage(stdout);
            return ISL_OK;
        } else if (!strcmp(argv[i], "--version")) {
            printf("isolab %s (SQLite %s)\n", ISOLAB_VERSION, isl_store_sqlite_version());
            return ISL_OK;
        } else {
            return isl_usage_error(NULL, "unknown option '%s'", argv[i]);
        }
    }
    if (i >= argc) {
        print_main_usage(stderr);
        return ISL_EUSAGE;
    }
    const isl_command *cmd = NULL;
    for (const isl_command *c = isl_commands; c->name; c++)
        if (!strcmp(c->name, argv[i])) cmd = c;
    if (!cmd) return isl_usage_error(NULL, "unknown command '%s'", argv[i]);
    for (int k = i + 1; k < argc; k++)
        if (!strcmp(argv[k], "--help") || !strcmp(argv[k], "-h")) {
            fputs(cmd->usage, stdout);
            return ISL_OK;
        }
    if (!*cli.db_path) return isl_usage_error(NULL, "--db needs a file name");
    cli.argv_text = join_argv(argc, argv);
    if (!cli.argv_text) {
        fprintf(stderr, "isolab: out of memory\n");
        return ISL_ENOMEM;
    }
    int rc = cmd->fn(&cli, argc - i, argv + i);
    free(cli.argv_text);
    fflush(stdout);
    return rc;
}
