/* isolab: the one way a file is written (export -o, plot, page -o, a new
 * database). A file is replaced whole: written under a temporary name in
 * its directory, renamed into place once complete, removed on failure.
 * The rules:
 *   - a symbolic link is followed (the link stays, the file it leads to is
 *     replaced); a link that leads nowhere or in a loop is refused;
 *   - only a regular file is replaced; a FIFO or a character device (a
 *     pipe, /dev/stdout) is written into when the caller allows it;
 *     anything else (directory, socket, block device) is refused;
 *   - the open database and its -wal, -shm and -journal files (the same
 *     file, through links and hard links) are never a target;
 *   - a temporary is created with O_CREAT|O_EXCL under a random name
 *     (mkstemp), so a planted file or link is never opened, and is
 *     registered: a SIGINT, SIGTERM or SIGHUP removes every live
 *     temporary (isl_outfile_signals). */
#ifndef ISOLAB_OUTFILE_H
#define ISOLAB_OUTFILE_H

#include <stdio.h>
#include <sys/types.h>

#include "isolab/error.h"

enum {
    ISL_OUT_THROUGH = 1, /* a FIFO or character device is written into */
    ISL_OUT_BY_NAME = 2, /* no stream: the caller (SQLite, gnuplot) writes o->tmp by its name */
    ISL_OUT_SQLITE = 4,  /* the temporary's -journal, -wal, -shm are temporaries too */
    ISL_OUT_SCRATCH = 8  /* a scratch file beside path, only ever aborted: path itself is not looked at */
};

typedef struct isl_outfile {
    FILE *f;          /* where to write (NULL with ISL_OUT_BY_NAME) */
    char *tmp;        /* the temporary; NULL when writing through a FIFO or device */
    char *target;     /* the regular file tmp replaces; NULL when writing through */
    const char *path; /* as the caller gave it: what messages name */
    int slot;         /* the temporary's place among the live ones, -1 for none */
} isl_outfile;

/* Opens an output to path under the rules above, never over db (the open database
 * or NULL): ISL_EINPUT for a target the rules refuse, ISL_EOUTPUT "PATH: cannot
 * write: REASON" for one the system does not let be written (a directory on the
 * way missing or a file, no permission); *o then needs no abort. */
isl_status isl_outfile_open(isl_outfile *o, const char *path, unsigned flags, const char *db, isl_error *err);

/* Closes, syncs and renames the temporary onto the target; ISL_EOUTPUT "PATH:
 * cannot write: REASON" (the temporary removed) on failure; *o released. */
isl_status isl_outfile_commit(isl_outfile *o, isl_error *err);

/* Gives up: the temporary removed, the target untouched (safe on a released *o). */
void isl_outfile_abort(isl_outfile *o);

/* Registers path (kind 0: a file; 1: an empty directory; 2: an SQLite
 * database, its -journal, -wal and -shm files too) to be removed, newest
 * first, if a signal ends the process: the slot, or -1 when out of memory. */
int isl_temp_register(const char *path, int kind);

/* Forgets slot (the file was renamed, or removed by the caller). -1 is no slot. */
void isl_temp_forget(int slot);

/* The child process (gnuplot) to stop if a signal ends this one; 0 for none. */
void isl_temp_child(pid_t pid);

/* Notes that something is written for good: an interruption from now on says so. */
void isl_temp_written(void);

/* With on, files committed are isolab's scratch files, which isl_temp_written
 * does not count. Returns the setting it replaces. */
int isl_temp_scratch(int on);

/* SIGINT, SIGTERM, SIGHUP (unless ignored) remove every temporary, write line
 * nothing or something (once written) and exit 128 + signal; SIGXFSZ ignored. */
void isl_outfile_signals(const char *nothing, const char *something);

/* Whether stderr's last line is left unfinished (open: 1), as a progress line
 * on a terminal is: that line then first gets its newline. Async-signal-safe. */
void isl_outfile_line_open(int open);

/* "a FIFO", "a directory", ...: what a file of this mode is, for messages. */
const char *isl_file_kind(mode_t mode);

/* Largest seed file read, in bytes. */
#define ISL_SEED_MAX_BYTES (64 << 20)
/* A whole seed file into *out (NUL-terminated, the caller frees), opened
 * without blocking, so even opening a FIFO cannot hang; only a regular file
 * of at most ISL_SEED_MAX_BYTES, holding no NUL byte (outfile.c). */
isl_status isl_read_seed_file(const char *path, char **out, isl_error *err);

#endif
