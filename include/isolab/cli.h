/* isolab: the command line, shaped as git's: a table of commands with their
 * needs and options as data, one parser, one error path (docs/HACKING.md). */
#ifndef ISOLAB_CLI_H
#define ISOLAB_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isolab/error.h"
#include "isolab/model.h"
#include "isolab/store.h"
#include "isolab/textout.h"

/* What a command needs isl_main to do before it runs (isl_command.needs). */
enum {
    ISL_NEEDS_DB = 1 << 0,    /* open the database (cli->store) */
    ISL_NEEDS_MODEL = 1 << 1, /* ... and read its model (cli->model); implies NEEDS_DB */
    ISL_WRITES = 1 << 2,      /* it records runs: cli->argv_text holds the command line */
    ISL_NO_DB = 1 << 4,       /* never opens a database: --db and --wait are taken, not listed */
    ISL_READS_VIEWS = 1 << 6, /* prints results: a dangling model row (param, lesson_focus) is named first */
    ISL_READS_RUNS = 1 << 5,  /* reads runs' rows: each run's count (run_written) is checked first */
    ISL_CHANGES = 1 << 7,     /* changes the model (load, unload); it and ISL_WRITES: the file is checked
                                 for damage first (isl_store_check_damage) */
};

/* What an option's value is; the parser checks it (a bad one: exit 2). */
typedef enum isl_opt_kind {
    ISL_FLAG,    /* no value: given or not (isl_opt_flag) */
    ISL_STRING,  /* any text, "" included (isl_opt, isl_opt_all) */
    ISL_PATH,    /* a file or directory name: not empty, no control character */
    ISL_INT,     /* a whole number from min to max (isl_opt_int) */
    ISL_SECONDS, /* a number of seconds from min to max; N, Ns, Nm, Nh or Nd (isl_opt_int) */
    ISL_SINCE,   /* a moment: a UTC date YYYY-MM-DD[THH:MM[:SS]] or a time ago (2h, 3d); isl_opt_int: UNIX time */
    ISL_LIST,    /* comma-separated non-empty items (isl_opt_all: the items), a member list whose
                    grammar the core reads (isl_model_members): an item twice is its to judge */
    ISL_ENUM,    /* one of choices (isl_opt_int: its index) */
} isl_opt_kind;

/* One option of a command: "--name VALUE", "--name=VALUE" or (a flag) "--name". */
typedef struct isl_option {
    const char *name;  /* "--bundle", "-o" */
    const char *value; /* the value's placeholder in --help ("B"), or NULL for a flag */
    isl_opt_kind kind;
    int repeatable;    /* may be given more than once (values kept in order) */
    const char *help;  /* one line */
    const char *what;  /* for messages: a value ("a run id", "file"), or what each item names */
    long long min, max;         /* ISL_INT, ISL_SECONDS: the range (max LLONG_MAX: none) */
    const char *const *choices; /* ISL_ENUM: NULL-terminated */
} isl_option;

#define ISL_MAX_OPTIONS 20 /* per command, global ones included */

/* A command line parsed against one command's options: option k's n[k]
 * values (a flag's is "", a list's its items), num[k] the last typed. */
typedef struct isl_args {
    const isl_option *const *options; /* the command's table (NULL-terminated) */
    size_t n[ISL_MAX_OPTIONS];
    const char **v[ISL_MAX_OPTIONS];
    long long num[ISL_MAX_OPTIONS];
    int nops;
    char **ops;
    const char **pool; /* owns the v[] arrays */
    char *items;       /* owns the lists' items */
} isl_args;

typedef struct isl_cli isl_cli;

/* A command: returns an exit status; on failure cli->err, which isl_main prints. */
typedef int (*isl_cmd_fn)(isl_cli *cli, const isl_args *args);

typedef struct isl_command {
    const char *name;      /* one or two words: "run", "sweep bundles" */
    isl_cmd_fn fn;
    unsigned needs;        /* ISL_NEEDS_DB | ISL_NEEDS_MODEL | ISL_WRITES, or ISL_NO_DB */
    const char *operands;  /* the operands in the usage line ("FILE..."), or NULL */
    int min_ops, max_ops;  /* how many operands (max -1: any number) */
    const char *summary;   /* one line for `isolab --help` */
    const char *about;     /* what it does, for `isolab NAME --help` */
    const isl_option *const *options; /* its options, NULL-terminated; --db, --wait, --help are added */
} isl_command;

extern const isl_command isl_commands[];

/* The options every command takes besides its own (--db, --wait, --help). */
extern const isl_option *const isl_global_options[];

/* What a command runs with; isl_main fills it from the command's needs. */
struct isl_cli {
    const isl_command *cmd;
    const isl_command *commands; /* the command table (help reads it) */
    const char *db_path;  /* --db, $ISOLAB_DB, or isolab.db */
    int db_given;         /* --db named the database (hints repeat it) */
    char *argv_text;      /* the whole command line (ISL_WRITES), for run provenance */
    FILE *out;            /* where results go (stdout) */
    isl_store *store;     /* open when the command has ISL_NEEDS_DB */
    isl_model *model;     /* read when it has ISL_NEEDS_MODEL */
    isl_error err;        /* the failure a command returns, printed by isl_main */
    int stale_noted;      /* isl_warn_stale said results are stale */
    char *stale_note;     /* ... and its note, printed by isl_main after the command unless it failed (malloc'd) */
    const char *hint;     /* advice (a static string) printed on a line after err */
};

/* The exit statuses with what each means (`isolab help`); {-1, NULL} ends it. */
typedef struct isl_exit_code {
    int code;
    const char *meaning;
} isl_exit_code;
extern const isl_exit_code isl_exit_codes[];

/* isolab --help's text, with the commands of table, on f (parse.c). */
void isl_print_main_usage(const isl_command *table, FILE *f);

/* The command of table named by argv[i..] ("sweep bundles" over "sweep"); *words: how many. */
const isl_command *isl_find_command(const isl_command *table, int argc, char **argv, int i, int *words);

/* Opens cli->store (a note per repair) and reads cli->model, as needs says. */
int isl_cli_open(isl_cli *cli, unsigned needs);

/* The whole program: parse, open, run, print the error, check stdout; returns
 * the exit status. May be called more than once in a process. */
int isl_main(int argc, char **argv);

/* Closes stdout at the end of the process; returns rc, or ISL_EOUTPUT (with
 * a message) when rc was ISL_OK and stdout could not be written. */
int isl_exit(int rc);

/* Parses the words after the command's name against its options and the
 * global ones ("--" ends them); ISL_EUSAGE with err. Free with isl_args_free. */
isl_status isl_parse_args(const isl_command *cmd, int argc, char **argv, isl_args *a, isl_error *err);
void isl_args_free(isl_args *a);

/* The value of option `name` (its last one), "" for a given flag, or NULL
 * when it was not given. `name` must be in the command's table (asserted). */
const char *isl_opt(const isl_args *a, const char *name);
/* 1 when the flag (or any option) `name` was given, else 0. */
int isl_opt_flag(const isl_args *a, const char *name);
/* Every value of option `name`, in order (a list's items); *n their number. */
const char *const *isl_opt_all(const isl_args *a, const char *name, size_t *n);
/* 1 with the number an ISL_INT, ISL_SECONDS or ISL_SINCE option was given (an
 * ISL_ENUM: its choice's index) in *v; 0, *v untouched, when it was not given. */
int isl_opt_int(const isl_args *a, const char *name, long long *v);

/* Usage error in err unless v[0..n) differ: "WHAT 'V' is named twice". */
isl_status isl_check_distinct(const char *what, const char *const *v, size_t n, isl_error *err);

/* The one integer parser: text as a whole number from min to max into *v: 0, else -1. */
int isl_parse_whole(const char *text, long long min, long long max, long long *v);

/* The words as one string for a POSIX shell, each quoted unless plain (every
 * command isolab prints to paste); NULL when out of memory. Free with free(). */
char *isl_argv_text(int argc, char *const *argv);

/* The text of `isolab NAME --help`, generated from the command's table. */
void isl_print_usage(const isl_command *cmd, FILE *f);

/* 1 when cmd's --help lists option o (its own or a global one); 0 for
 * --db and --wait of a command that opens no database (ISL_NO_DB). */
int isl_option_listed(const isl_command *cmd, const isl_option *o);

/* command ("isolab WORDS...") to paste, with "--db DB" when --db named the
 * database, between ' (or " when it holds a '), into buf[n]; returns buf. */
const char *isl_hint(const isl_cli *cli, const char *command, char *buf, size_t n);

/* "isolab WORDS..." (n <= 13) to paste, with "--db DB" when the database is
 * not isolab.db, words quoted; NULL when out of memory. Free with free(). */
char *isl_command_text(const isl_cli *cli, int n, const char *const *words);

/* Appends to b (after ", " when not empty) isl_command_text's command
 * between ' (or " when it holds a '); b->oom when out of memory. */
void isl_put_command(const isl_cli *cli, isl_buf *b, int n, const char *const *words);

/* Records a usage error (exit 2) in cli->err; isl_main adds the hint. */
int isl_usage(isl_cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Prints "isolab NAME: note: MESSAGE" on stderr (a warning, not a failure). */
void isl_note(const isl_cli *cli, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* err's message with the words its reason calls for (words.c) into out[n],
 * a command repeating cli's --db (cli may be NULL); else err->msg. */
const char *isl_words(const isl_cli *cli, const isl_error *err, char *out, size_t n);

/* The same for a claim's reason: its command with --db (isl_hint), a claim
 * over its work budget told of --work-limit; else r->reason. */
struct isl_claim_row;
const char *isl_claim_words(const isl_cli *cli, const struct isl_claim_row *r, char *out, size_t n);

/* Prints a printf-style line escaped (isl_escape) and a newline; -1 when out
 * of memory or out fails. */
int isl_print_line(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

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

/* For work with nothing to count: "LABEL N s" on stderr while it is a
 * terminal, every second after the first, until isl_clock_stop blanks it. */
void isl_clock_start(const char *label);
void isl_clock_stop(void);

/* ISL_EOUTPUT (with a message in cli->err) when f has an error, else ISL_OK. */
int isl_check_output(isl_cli *cli, FILE *f, const char *what);

/* Seconds on the monotonic clock, for progress on a terminal. */
double isl_now(void);
/* Reads a whole file into a NUL-terminated string, its length in *len
 * (NULL on failure). */
char *isl_read_file(const char *path, size_t *len);

/* A run id (a positive whole number) into *id; else a usage error. */
int isl_parse_run_id(isl_cli *cli, const char *text, int64_t *id);

/* The model indexes (find) of the names opt was given into list[] (*n of them),
 * or 0..count-1 when none was; an unknown name: "no WHAT named 'V'" (exit 3). */
int isl_pick(isl_cli *cli, const isl_args *a, const char *opt, const char *what,
             size_t (*find)(const isl_model *, const char *), size_t count, size_t *list, size_t *n);

/* Which claims a check prints as lines (none: the count line alone). */
typedef enum isl_claims_shown { ISL_CLAIMS_ALL, ISL_CLAIMS_FAILED, ISL_CLAIMS_NONE } isl_claims_shown;

/* Plots drawn by one gnuplot process (plot.c): isl_plots_add writes each
 * plot's dir/NAME.csv under the focus in force then, isl_plots_draw draws
 * every image (dir/NAME.FMT) at once, each the image a gnuplot of its own
 * draws; a plot's own failure (ISL_EINPUT: its run is missing; ISL_ETOOL:
 * gnuplot; ISL_EOUTPUT: a full disk) is kept with it, for isl_plots_status. */
typedef struct isl_plots isl_plots;
/* A batch drawing fmt ("png", "svg"), with scripts from the directory
 * scripts (NULL: the built-in ones); NULL when out of memory. scratch: no
 * CSV, and each image stays a scratch file in dir (isl_plots_status names
 * it; isl_plots_free removes it), as a page that reads them in wants. */
isl_plots *isl_plots_new(const char *fmt, const char *scripts, int scratch);
/* Adds plot `name` (one of PLOTS) into dir: its CSV now; the plot's exit
 * status (its failure kept with it, cli->err clear; ISL_ENOMEM: in cli->err
 * when the plot could not be kept). */
int isl_plots_add(isl_cli *cli, isl_plots *ps, const char *name, const char *dir);
/* Draws every plot added without failure; an exit status for what is no one plot's. */
int isl_plots_draw(isl_cli *cli, isl_plots *ps);
/* Plot i's exit status, with its failure (*err), image path and row count. */
int isl_plots_status(const isl_plots *ps, size_t i, const isl_error **err, const char **image, size_t *rows);
void isl_plots_free(isl_plots *ps);

/* Subcommands. */
int isl_cmd_init(isl_cli *cli, const isl_args *a);
int isl_cmd_load(isl_cli *cli, const isl_args *a);
int isl_cmd_unload(isl_cli *cli, const isl_args *a);
int isl_cmd_run(isl_cli *cli, const isl_args *a);
int isl_cmd_sweep(isl_cli *cli, const isl_args *a);
int isl_cmd_sweep_bundles(isl_cli *cli, const isl_args *a);
int isl_cmd_frontier(isl_cli *cli, const isl_args *a);
int isl_cmd_smallest(isl_cli *cli, const isl_args *a);
int isl_cmd_marginal(isl_cli *cli, const isl_args *a);
int isl_cmd_report(isl_cli *cli, const isl_args *a);
int isl_cmd_lesson(isl_cli *cli, const isl_args *a);
int isl_cmd_check(isl_cli *cli, const isl_args *a);
int isl_cmd_export(isl_cli *cli, const isl_args *a);
int isl_cmd_runs(isl_cli *cli, const isl_args *a);
int isl_cmd_diff(isl_cli *cli, const isl_args *a);
int isl_cmd_plot(isl_cli *cli, const isl_args *a);
int isl_cmd_page(isl_cli *cli, const isl_args *a);
int isl_cmd_help(isl_cli *cli, const isl_args *a);
int isl_cmd_version(isl_cli *cli, const isl_args *a);
int isl_cmd_note(isl_cli *cli, const isl_args *a);
int isl_cmd_focus(isl_cli *cli, const isl_args *a);
int isl_cmd_claim(isl_cli *cli, const isl_args *a);
int isl_cmd_rm(isl_cli *cli, const isl_args *a);
int isl_cmd_prune(isl_cli *cli, const isl_args *a);
int isl_cmd_probe(isl_cli *cli, const isl_args *a);
int isl_cmd_import(isl_cli *cli, const isl_args *a);
/* isolab probe --channel C (src/cli/probe_channel.c), called first by
 * isl_cmd_probe: a channel measured for real, one run recorded; an exit
 * status, or -1 when a is no channel probe (no --channel, nor an option of
 * its own: those without --channel measure the focus lesson's channel). */
int isl_probe_channel(isl_cli *cli, const isl_args *a);

#endif
