/* isolab: the command line's types, shaped as git's: a command with its
 * needs and options as data (the table: commands.h; the parser: parse.h;
 * the commands: cmd.h; what they share: util.h), and isl_cli, what a
 * command runs with. No function of its own (docs/HACKING.md). */
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

/* Which claims a check prints as lines (none: the count line alone). */
typedef enum isl_claims_shown { ISL_CLAIMS_ALL, ISL_CLAIMS_FAILED, ISL_CLAIMS_NONE } isl_claims_shown;

#endif
