/* isolab: deciding where an output file goes (include/isolab/outfile.h). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isolab/outfile.h"
#include "store_int.h"

isl_status isl_output_target(const char *path, int allow_direct, char **target, int *direct, isl_error *err)
{
    struct stat lsb, sb;
    *target = NULL;
    *direct = 0;
    if (lstat(path, &lsb) != 0) {
        if (errno != ENOENT) return isl_fail(err, ISL_EINPUT, "%s: cannot write: %s", path, strerror(errno));
        if (!(*target = malloc(strlen(path) + 1))) return isl_fail(err, ISL_ENOMEM, "out of memory");
        strcpy(*target, path);
        return ISL_OK;
    }
    if (S_ISLNK(lsb.st_mode)) {
        if (!(*target = realpath(path, NULL)))
            return isl_fail(err, errno == ENOMEM ? ISL_ENOMEM : ISL_EINPUT,
                            "%s: a symbolic link that leads to no file (%s); give the file's own path", path,
                            strerror(errno));
        if (stat(*target, &sb) != 0) sb.st_mode = 0;
    } else {
        sb = lsb;
        if (!(*target = malloc(strlen(path) + 1))) return isl_fail(err, ISL_ENOMEM, "out of memory");
        strcpy(*target, path);
    }
    if (S_ISREG(sb.st_mode)) return ISL_OK;
    free(*target);
    *target = NULL;
    if (allow_direct && (S_ISFIFO(sb.st_mode) || S_ISCHR(sb.st_mode))) {
        *direct = 1;
        return ISL_OK;
    }
    return isl_fail(err, ISL_EINPUT, "%s: %s; isolab replaces only a regular file%s", path, isl_file_kind(sb.st_mode),
                    allow_direct ? " (and writes into a FIFO or a character device)" : "");
}
