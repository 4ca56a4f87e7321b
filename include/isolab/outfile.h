/* isolab: where an output file (export -o, plot images) is written. A file
 * is replaced whole: written under a temporary name next to it, renamed
 * into place once complete. Only a regular file is ever replaced; a
 * symbolic link is followed (the link stays, the file it leads to is
 * replaced), as every command follows the --db path. */
#ifndef ISOLAB_OUTFILE_H
#define ISOLAB_OUTFILE_H

#include "isolab/error.h"

/* Decides how to write path. ISL_OK with *target (free with free()) the
 * file to rename a finished temporary file onto — path itself, or the file
 * a symbolic link leads to — and *direct = 0; or, when allow_direct and
 * path is a FIFO or a character device (a pipe, /dev/stdout: the user means
 * to write into it), *target = NULL and *direct = 1: write through it, no
 * rename. ISL_EINPUT naming path for a directory, a socket, a block
 * device, a link that leads nowhere or in a loop, and without allow_direct
 * a FIFO or device. */
isl_status isl_output_target(const char *path, int allow_direct, char **target, int *direct, isl_error *err);

#endif
