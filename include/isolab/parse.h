/* isolab: the one option parser and the usage (parse.c). */
#ifndef ISOLAB_PARSE_H
#define ISOLAB_PARSE_H

#include "isolab/cli.h"

/* The options every command takes besides its own (--db, --wait, --help). */
extern const isl_option *const isl_global_options[];

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
/* The hint (isolab/names.h) after "unknown command 'word'": the commands of
 * table within 2 edits of word, into out[n]; "" when none is; returns out. */
const char *isl_command_hint(const isl_command *table, const char *word, char *out, size_t n);

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

#endif
