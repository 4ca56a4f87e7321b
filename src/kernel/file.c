/* isolab: whole small files, read and written (src/kernel/probe.h): the
 * kernel's files under /proc, /sys and the cgroup trees. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "probe.h"

int isl_slurp(const char *path, char *buf, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    size_t got = 0;
    for (;;) {
        ssize_t k = read(fd, buf + got, n - 1 - got);
        if (k < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            close(fd);
            return e;
        }
        if (k == 0 || (got += (size_t)k) == n - 1) break;
    }
    buf[got] = '\0';
    close(fd);
    return 0;
}

int isl_write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return errno;
    size_t n = strlen(text);
    ssize_t k = write(fd, text, n);
    int e = k < 0 ? errno : (size_t)k != n ? EIO : 0;
    close(fd);
    return e;
}
