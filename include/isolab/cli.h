/* isolab: the command line. Each subcommand is one function in its own file
 * (src/cli/cmd_*.c), listed in the dispatch table isl_commands. */
#ifndef ISOLAB_CLI_H
#define ISOLAB_CLI_H

#include <stdio.h>

#include "isolab/error.h"
#include "isolab/export.h"
#include "isolab/model.h"
#include "isolab/store.h"

/* What every command gets: the database path and the whole command line. */
typedef struct isl_cli {
    const char *db_path;   /* --db, $ISOLAB_DB, or isolab.db */
    char *argv_text;       /* the whole command line, for run provenance */
    FILE *out;             /* where results go (stdout) */
} isl_cli;

/* A subcommand: argv[0] is its name; returns an exit status (isl_status). */
typedef int (*isl_cmd_fn)(isl_cli *cli, int argc, char **argv);

typedef struct isl_command {
    const char *name;
    isl_cmd_fn fn;
    const char *summary; /* one line for `isolab --help` */
    const char *usage;   /* full text for `isolab NAME --help` */
} isl_command;

extern const isl_command isl_commands[];

/* The whole program: parses global options, dispatches, returns the exit status. */
int isl_main(int argc, char **argv);

/* Prints "isolab: MESSAGE" for err on stderr and returns its status. */
int isl_report(const isl_error *err);

/* Prints "isolab CMD: MESSAGE" and a hint to stderr; returns ISL_EUSAGE. */
int isl_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Matches argv[*i] against option `name` taking a value ("--name V" or
 * "--name=V"): 1 with *value set and *i advanced past it, 0 when argv[*i]
 * is another option, -1 when the value is missing (usage error printed). */
int isl_opt_value(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value);

/* Parses a run id (a positive whole number) into *id; otherwise prints a
 * usage error for cmd and returns ISL_EUSAGE. */
int isl_parse_run_id(const char *cmd, const char *text, int64_t *id);

/* Opens the database of cli; on failure prints the error and returns its status. */
int isl_cli_open(isl_cli *cli, isl_store **out);

/* Opens the database and reads its model; on failure prints the error. */
int isl_cli_open_model(isl_cli *cli, isl_store **store, isl_model **model);

/* Writes one run (kind "run") of bundles[0..nb) x channels[0..nc) of m;
 * prints a summary line unless quiet. Returns an exit status. */
int isl_run_write(isl_cli *cli, isl_store *s, const isl_model *m, const size_t *bundles, size_t nb,
                  const size_t *channels, size_t nc, int quiet);
/* The same for every bundle x every channel of m, quietly. */
int isl_run_all(isl_cli *cli, isl_store *s, const isl_model *m);

/* Writes one sweep run of `kind` (samples, removal, addition) over the named
 * bundle and channel; prints a summary line unless quiet. */
int isl_sweep_run(isl_cli *cli, isl_store *s, const isl_model *m, const char *kind,
                  const char *bundle, const char *channel, int quiet);

/* Prints the lines of the named saved-query views, a blank line between. */
int isl_report_views(isl_cli *cli, isl_store *s, const char *const *names, size_t n);
/* Prints the lesson's eight tables, as the lesson does. */
int isl_report_lesson(isl_cli *cli, isl_store *s);

/* Subcommands. */
int isl_cmd_init(isl_cli *cli, int argc, char **argv);
int isl_cmd_load(isl_cli *cli, int argc, char **argv);
int isl_cmd_run(isl_cli *cli, int argc, char **argv);
int isl_cmd_sweep(isl_cli *cli, int argc, char **argv);
int isl_cmd_report(isl_cli *cli, int argc, char **argv);
int isl_cmd_lesson(isl_cli *cli, int argc, char **argv);
int isl_cmd_check(isl_cli *cli, int argc, char **argv);
int isl_cmd_export(isl_cli *cli, int argc, char **argv);
int isl_cmd_runs(isl_cli *cli, int argc, char **argv);
int isl_cmd_diff(isl_cli *cli, int argc, char **argv);
int isl_cmd_plot(isl_cli *cli, int argc, char **argv);

/* Evaluates the claims (of `lesson`, or all when NULL) as one 'check' run,
 * printing a line per claim and a count line to out. Returns ISL_EFAIL when
 * a claim fails, else an exit status. */
int isl_check_run(isl_cli *cli, isl_store *s, const isl_model *m, const char *lesson, FILE *out);
/* `sweep bundles`, dispatched from isl_cmd_sweep: argv as isl_cmd_sweep got it. */
int isl_cmd_sweep_bundles(isl_cli *cli, int argc, char **argv);

/* Writes every row of the table or view `name` (only run run_id's when
 * has_run) in fmt to `file`, which appears only when complete (NULL or "-":
 * cli->out); *rows (when not NULL) gets the number of rows written. Returns
 * an exit status (errors printed). */
int isl_export_path(isl_cli *cli, const char *name, isl_format fmt, int has_run, int64_t run_id, const char *file,
                    size_t *rows);

#endif
