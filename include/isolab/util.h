/* isolab: what the commands share: notes, hints, run ids, the output check (util.c). */
#ifndef ISOLAB_UTIL_H
#define ISOLAB_UTIL_H

#include "isolab/cli.h"
#include "isolab/kind.h"

/* Opens cli->store (a note per repair) and reads cli->model, as needs says. */
int isl_cli_open(isl_cli *cli, unsigned needs);

/* command ("isolab WORDS...") to paste, with "--db DB" when --db named the
 * database, between ' (or " when it holds a '), into buf[n]; returns buf. */
const char *isl_hint(const isl_cli *cli, const char *command, char *buf, size_t n);

/* "isolab WORDS..." (n <= 13) to paste, with "--db DB" when the database is
 * not isolab.db, words quoted; NULL when out of memory. Free with free(). */
char *isl_command_text(const isl_cli *cli, int n, const char *const *words);

/* Appends to b (after ", " when not empty) isl_command_text's command
 * between ' (or " when it holds a '); b->oom when out of memory. */
void isl_put_command(const isl_cli *cli, isl_buf *b, int n, const char *const *words);

/* isl_put_command of the words of command (a kind's: isl_kinds[k].command,
 * "sweep samples"), split at spaces, then the n words of more. */
void isl_put_command_words(const isl_cli *cli, isl_buf *b, const char *command, int n, const char *const *more);

/* "isolab WORDS" of kind k (its command in kind.c), then " " and more when
 * more is not NULL, into buf[n] (for isl_hint); returns buf. */
const char *isl_kind_command(isl_kind k, const char *more, char *buf, size_t n);

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

/* Prints a printf-style line escaped (isl_escape) and a newline; -1 when out
 * of memory or out fails. */
int isl_print_line(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

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

#endif
