/* isolab: status codes and error reports shared by every layer.
 * A status value doubles as the process exit code of the command line. */
#ifndef ISOLAB_ERROR_H
#define ISOLAB_ERROR_H

typedef enum isl_status {
    ISL_OK = 0,       /* success */
    ISL_EFAIL = 1,    /* the command ran, and what it checked did not hold */
    ISL_EUSAGE = 2,   /* bad command line: unknown command or option */
    ISL_EINPUT = 3,   /* bad input: seed file, model content, unknown name */
    ISL_EDB = 4,      /* database unusable: not a database, newer schema, read-only, I/O */
    ISL_ENOMEM = 5,   /* out of memory */
    ISL_ETOOL = 6,    /* a program isolab runs (gnuplot) is missing or failed */
    ISL_EOUTPUT = 7,  /* the output (stdout, an -o file) could not be written */
    ISL_EINTERNAL = 70, /* a bug in isolab */
    ISL_EINTERRUPT = 130 /* interrupted (SIGINT, Ctrl-C), as a shell reports 128 + 2 */
} isl_status;

/* An error report: a status and one human-readable message. */
typedef struct isl_error {
    isl_status status;
    char msg[1024];
} isl_error;

/* Records status and a printf-style message in err (if err is not NULL);
 * returns status so callers can write `return isl_fail(err, ...)`. */
isl_status isl_fail(isl_error *err, isl_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Clears err to ISL_OK with an empty message. */
void isl_error_clear(isl_error *err);

#endif
