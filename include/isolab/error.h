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

/* What a failure was about, beyond its status, so that the command line
 * can say what to do about it (src/cli/words.c); the message says what
 * happened, in terms of files, tables and values. */
typedef enum isl_reason {
    ISL_R_NONE = 0,
    ISL_R_MISSING,       /* no database at the path */
    ISL_R_LOCKED,        /* another process holds the write lock */
    ISL_R_LOCKED_OLD,    /* ... on a database that was to be replaced */
    ISL_R_LOCKED_MIGRATION, /* ... on a database that needs migrating */
    ISL_R_REPLACED,      /* the file was replaced while waiting for its lock */
    ISL_R_DAMAGED,       /* malformed, truncated, a table missing */
    ISL_R_DISK_FULL,     /* nothing of the write was kept */
    ISL_R_NEWER_SCHEMA,  /* written by a newer isolab */
    ISL_R_EXISTS,        /* a new database asked for where a file is */
    ISL_R_NOT_REGULAR,   /* a file to replace that is not a regular file */
    ISL_R_WORK_BUDGET,   /* a statement ran out of its work budget */
    ISL_R_NO_RUN,        /* no run of that id */
    ISL_R_NO_RUN_COLUMN, /* rows of one run asked of a relation without run_id */
    ISL_R_QUERY,         /* a query given as text was refused */
    ISL_R_QUERY_BUDGET,  /* ... or ran out of its work budget */
    ISL_R_LESSON_LOADED, /* a seed defines a lesson the database holds already */
    ISL_R_LESSON_OTHER_FILE, /* ... and it was loaded from another file */
    ISL_R_NOT_ISOLAB,    /* a file to replace that is another program's database */
    ISL_R_UNRUN_LIST     /* a member list asked for that no run has computed */
} isl_reason;

/* An error report: a status, a reason and one human-readable message. */
typedef struct isl_error {
    isl_status status;
    isl_reason reason;
    char msg[1024];
} isl_error;

/* Records status, the reason why and a printf-style message in err (if err
 * is not NULL); returns status, so callers can write `return isl_fail(...)`. */
isl_status isl_fail_why(isl_error *err, isl_status status, isl_reason why, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same with no reason. */
#define isl_fail(err, status, ...) isl_fail_why(err, status, ISL_R_NONE, __VA_ARGS__)

/* Clears err to ISL_OK with an empty message. */
void isl_error_clear(isl_error *err);

#endif
