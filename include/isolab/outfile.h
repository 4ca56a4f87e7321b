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

/* Opens an output to path under the rules above; db (NULL for none) is
 * the open database, never to be written over. ISL_EINPUT naming path for
 * a refused target (the database: "isolab never writes over the database
 * it has open"), ISL_EOUTPUT when the temporary cannot be created,
 * ISL_ENOMEM. On failure *o needs no abort. */
isl_status isl_outfile_open(isl_outfile *o, const char *path, unsigned flags, const char *db, isl_error *err);

/* Finishes the output: closes the stream, syncs and renames the temporary
 * onto the target. ISL_EOUTPUT "PATH: cannot write: REASON" (the
 * temporary removed) when any of it fails. *o is released either way. */
isl_status isl_outfile_commit(isl_outfile *o, isl_error *err);

/* Gives the output up: the stream closed, the temporary removed, *o
 * released; the target untouched. Safe on a zeroed or released *o. */
void isl_outfile_abort(isl_outfile *o);

/* Decides the file that writing to path replaces, as isl_outfile_open
 * does (without the database check): *target (free()) and *direct = 0,
 * or with through a FIFO or device *target = NULL and *direct = 1. */
isl_status isl_output_target(const char *path, int through, char **target, int *direct, isl_error *err);

/* Registers path (a file, or with dir 1 an empty directory) to be removed
 * if a signal ends the process: the slot, or -1 when out of memory. Entries
 * are removed in the reverse order of registering. */
int isl_temp_register(const char *path, int dir);

/* Forgets slot (the file was renamed, or removed by the caller). -1 is no slot. */
void isl_temp_forget(int slot);

/* The child process (gnuplot) to stop if a signal ends this one; 0 for none. */
void isl_temp_child(pid_t pid);

/* Notes that something is now written for good (a file renamed into
 * place, a transaction committed): an interruption from now on says so. */
void isl_temp_written(void);

/* With on, the files committed from now on are scratch files of isolab's
 * own (the page's plots), which isl_temp_written does not count; off again
 * when they are gone. */
void isl_temp_scratch(int on);

/* Installs the handlers: SIGINT, SIGTERM, SIGHUP remove every registered
 * temporary, write a line on stderr (nothing, or once isl_temp_written
 * was called, something; each copied, up to 255 bytes) and exit with
 * 128 + the signal's number (a signal ignored on entry stays ignored, as
 * under nohup); SIGXFSZ is ignored, so a file-size limit is a write error
 * (EFBIG) like a full disk. */
void isl_outfile_signals(const char *nothing, const char *something);

#endif
