/* isolab: the one way a file is written (include/isolab/outfile.h), and
 * the one way a seed file is read (isl_read_seed_file, store_int.h). */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isolab/outfile.h"

/* ---- the temporaries alive now, for a signal handler -------------------- */

enum { TEMP_FILE, TEMP_DIR, TEMP_SQLITE }; /* TEMP_DIR: isl_temp_register's dir */

/* live[0..top) of room for ncap: paths (NULL once forgotten), changed (and
 * grown: a page holds four temporaries per plot) with the signals blocked */
static char *volatile *volatile live;
static volatile unsigned char *volatile live_kind;
static volatile sig_atomic_t top;
static size_t ncap;
static volatile pid_t child;
static char line_text[2][256]; /* nothing was written; something was */
static size_t line_len[2];
static volatile sig_atomic_t written; /* a file was renamed into place or a transaction committed */
static volatile sig_atomic_t line_open; /* stderr's last line is unfinished (progress on a terminal) */
static const int HANDLED[] = {SIGINT, SIGTERM, SIGHUP};

static void block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof HANDLED / sizeof HANDLED[0]; i++) sigaddset(&set, HANDLED[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

int isl_temp_register(const char *path, int kind)
{
    size_t n = strlen(path) + 1;
    char *copy = malloc(n);
    if (!copy) return -1;
    memcpy(copy, path, n);
    sigset_t old;
    block(&old);
    if ((size_t)top == ncap && top < INT_MAX / 2) {
        size_t n2 = ncap ? 2 * ncap : 64;
        char *volatile *l = malloc(n2 * sizeof *l);
        volatile unsigned char *k = malloc(n2);
        if (l && k) {
            for (size_t i = 0; i < ncap; i++) l[i] = live[i], k[i] = live_kind[i];
            char *volatile *ol = live;
            volatile unsigned char *ok = live_kind;
            live = l, live_kind = k, ncap = n2;
            free((void *)ol), free((void *)ok);
        } else
            free((void *)l), free((void *)k);
    }
    int slot = (size_t)top < ncap ? (int)top : -1;
    if (slot >= 0) {
        live_kind[slot] = (unsigned char)kind;
        live[slot] = copy;
        top = slot + 1;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (slot < 0) free(copy);
    return slot;
}

void isl_temp_forget(int slot)
{
    if (slot < 0) return;
    assert(slot < top && live[slot]);
    sigset_t old;
    block(&old);
    char *p = live[slot];
    live[slot] = NULL;
    while (top > 0 && !live[top - 1]) top--;
    sigprocmask(SIG_SETMASK, &old, NULL);
    free(p);
}

void isl_temp_child(pid_t pid)
{
    child = pid;
}

/* Removes path and, for an SQLite temporary, its -journal, -wal and -shm:
 * async-signal-safe (no allocation, no stdio). */
static void remove_temp(const char *path, int kind)
{
    if (kind == TEMP_DIR) {
        rmdir(path);
        return;
    }
    unlink(path);
    if (kind != TEMP_SQLITE) return;
    static const char *const sides[] = {"-journal", "-wal", "-shm"};
    char side[4096 + 16];
    size_t n = 0;
    while (path[n] && n < 4096) n++;
    memcpy(side, path, n);
    for (size_t i = 0; i < 3; i++) {
        size_t k = 0;
        for (; sides[i][k]; k++) side[n + k] = sides[i][k];
        side[n + k] = '\0';
        unlink(side);
    }
}

static void on_signal(int sig)
{
    if (child > 0) kill(child, SIGTERM);
    for (sig_atomic_t i = top; i-- > 0;)
        if (live[i]) remove_temp(live[i], live_kind[i]);
    int w = written != 0;
    /* the line says what happened on a line of its own */
    if (line_open && write(STDERR_FILENO, "\n", 1) < 0) { /* nothing more to do */ }
    if (line_len[w] && write(STDERR_FILENO, line_text[w], line_len[w]) < 0) { /* nothing more to do */ }
    _exit(128 + sig);
}

static int scratch_only; /* outputs now go to scratch files: nothing the user named is written */

void isl_outfile_line_open(int open)
{
    line_open = open;
}

void isl_temp_written(void)
{
    if (!scratch_only) written = 1;
}

int isl_temp_scratch(int on)
{
    int was = scratch_only;
    scratch_only = on;
    return was;
}

void isl_outfile_signals(const char *nothing, const char *something)
{
    const char *line[2] = {nothing, something};
    for (int i = 0; i < 2; i++) {
        line_len[i] = strlen(line[i]);
        if (line_len[i] >= sizeof line_text[i]) line_len[i] = sizeof line_text[i] - 1;
        memcpy(line_text[i], line[i], line_len[i]);
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof HANDLED / sizeof HANDLED[0]; i++) sigaddset(&sa.sa_mask, HANDLED[i]);
    sigaddset(&sa.sa_mask, SIGALRM); /* no clock tick (a progress clock) between its lines */
    /* a signal ignored on entry (nohup, a shell's background job) stays so */
    for (size_t i = 0; i < sizeof HANDLED / sizeof HANDLED[0]; i++) {
        struct sigaction was;
        if (sigaction(HANDLED[i], NULL, &was) == 0 && was.sa_handler != SIG_IGN) sigaction(HANDLED[i], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}

/* ---- where an output goes ------------------------------------------------ */

/* A FIFO or a character device: written into, never replaced. */
static int written_through(mode_t mode) { return S_ISFIFO(mode) || S_ISCHR(mode); }

/* The file writing to path replaces: *target (free()), or with through, for
 * a FIFO or device, *target NULL and *direct 1. */
static isl_status output_target(const char *path, int through, char **target, int *direct, isl_error *err)
{
    struct stat lsb, sb;
    *target = NULL;
    *direct = 0;
    if (lstat(path, &lsb) != 0) {
        /* a path that cannot be reached (a file for a directory, no search
         * permission) cannot be written: as a failing create or write */
        int e = errno;
        if (e != ENOENT)
            return isl_fail(err, e == ENOMEM ? ISL_ENOMEM : ISL_EOUTPUT, "%s: cannot write: %s", path, strerror(e));
        return (*target = strdup(path)) ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    if (S_ISLNK(lsb.st_mode)) {
        *target = realpath(path, NULL);
        int e = errno;
        /* /dev/stdout on a pipe leads to "pipe:[N]", no path, yet opens: a
         * FIFO or device written through below */
        if (!*target && (!through || e == ENOMEM || stat(path, &sb) != 0 || !written_through(sb.st_mode)))
            return isl_fail(err, e == ENOMEM ? ISL_ENOMEM : ISL_EINPUT,
                            "%s: a symbolic link that leads to no file (%s); give the file's own path", path,
                            strerror(e));
        if (*target && stat(*target, &sb) != 0) sb.st_mode = 0;
    } else {
        sb = lsb;
        if (!(*target = strdup(path))) return isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    if (S_ISREG(sb.st_mode)) return ISL_OK;
    free(*target);
    *target = NULL;
    if (through && written_through(sb.st_mode)) {
        *direct = 1;
        return ISL_OK;
    }
    return isl_fail(err, ISL_EINPUT, "%s: %s; isolab replaces only a regular file%s", path, isl_file_kind(sb.st_mode),
                    through ? " (and writes into a FIFO or a character device)" : "");
}

/* The directory part of path ("." when none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup(".");
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) memcpy(d, path, n), d[n] = '\0';
    return d;
}

/* path with its directory made canonical (links resolved), malloc'd; NULL
 * when the directory does not resolve or out of memory. */
static char *canonical(const char *path)
{
    char *dir = dir_of(path), *real = dir ? realpath(dir, NULL) : NULL;
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char *out = real ? malloc(strlen(real) + strlen(base) + 2) : NULL;
    if (out) sprintf(out, "%s/%s", strcmp(real, "/") ? real : "", base);
    free(dir);
    free(real);
    return out;
}

/* ISL_EINPUT when target is db or a side file of it: the same inode or, not
 * existing yet, the same canonical name. */
static isl_status guard_db(const char *target, const char *path, const char *db, isl_error *err)
{
    static const char *const sides[] = {"", "-wal", "-shm", "-journal"};
    char *real = realpath(db, NULL), *mine = canonical(target);
    char *name = real ? malloc(strlen(real) + 16) : NULL;
    struct stat tsb, sb;
    int exists = stat(target, &tsb) == 0, hit = -1;
    for (size_t i = 0; name && mine && i < 4 && hit < 0; i++) {
        sprintf(name, "%s%s", real, sides[i]);
        if (exists ? stat(name, &sb) == 0 && sb.st_dev == tsb.st_dev && sb.st_ino == tsb.st_ino
                   : !strcmp(name, mine))
            hit = (int)i;
    }
    isl_status st = ISL_OK;
    if (hit == 0)
        st = isl_fail(err, ISL_EINPUT, "%s: that is the database isolab has open (%s); nothing was written; "
                      "name another file", path, db);
    else if (hit > 0)
        st = isl_fail(err, ISL_EINPUT, "%s: that is the %s file of the database isolab has open (%s); nothing "
                      "was written; name another file", path, sides[hit], db);
    else if (real && !name)
        st = isl_fail(err, ISL_ENOMEM, "out of memory");
    free(real), free(mine), free(name);
    return st;
}

/* Creates and registers o->tmp beside target, with the mode of the file it
 * replaces: the open descriptor, or -1 with err set. */
static int make_temp(isl_outfile *o, const char *target, unsigned flags, isl_error *err)
{
    char *dir = dir_of(target);
    const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
    o->tmp = dir ? malloc(strlen(dir) + strlen(base) + 16) : NULL;
    if (!o->tmp) return free(dir), isl_fail(err, ISL_ENOMEM, "out of memory"), -1;
    sprintf(o->tmp, "%s/.%s.tmp-XXXXXX", dir, base);
    free(dir);
    sigset_t old;
    block(&old); /* no signal between creating it and registering it */
    int fd = mkstemp(o->tmp), e = errno;
    if (fd >= 0 && (o->slot = isl_temp_register(o->tmp, flags & ISL_OUT_SQLITE ? TEMP_SQLITE : TEMP_FILE)) < 0)
        unlink(o->tmp), close(fd), fd = -1, e = ENOMEM;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        free(o->tmp), o->tmp = NULL;
        if (e == ENOMEM) return isl_fail(err, ISL_ENOMEM, "out of memory"), -1;
        return isl_fail(err, ISL_EOUTPUT, "%s: cannot write: %s", o->path, strerror(e)), -1;
    }
    struct stat sb;
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, stat(target, &sb) == 0 ? sb.st_mode & 07777 : 0666 & ~mask);
    return fd;
}

/* Opens the FIFO or device path to write into it (never creating it). */
static isl_status open_through(isl_outfile *o, isl_error *err)
{
    int fd = open(o->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    struct stat sb;
    if (fd >= 0 && (fstat(fd, &sb) != 0 || !written_through(sb.st_mode))) {
        close(fd);
        return isl_fail(err, ISL_EINPUT, "%s: changed while isolab opened it; nothing was written", o->path);
    }
    if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
        int e = errno;
        if (fd >= 0) close(fd);
        return isl_fail(err, e == ENOMEM ? ISL_ENOMEM : ISL_EOUTPUT, "%s: cannot write: %s", o->path, strerror(e));
    }
    return ISL_OK;
}

isl_status isl_outfile_open(isl_outfile *o, const char *path, unsigned flags, const char *db, isl_error *err)
{
    *o = (isl_outfile){NULL, NULL, NULL, path, -1};
    int direct = 0, fd = -1;
    isl_status st = flags & ISL_OUT_SCRATCH ? ISL_OK : output_target(path, (flags & ISL_OUT_THROUGH) != 0, &o->target, &direct, err);
    if (st) return st;
    if (direct) return open_through(o, err);
    if (db) st = guard_db(o->target, path, db, err);
    if (!st && (fd = make_temp(o, o->target ? o->target : path, flags, err)) < 0) st = err->status;
    if (!st && !(flags & ISL_OUT_BY_NAME) && !(o->f = fdopen(fd, "wb")))
        st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (fd >= 0 && !o->f) close(fd);
    if (st) isl_outfile_abort(o);
    return st;
}

/* Releases *o: the temporary forgotten (and first removed, with drop). */
static void release(isl_outfile *o, int drop)
{
    if (o->tmp && drop) {
        int kind = o->slot >= 0 ? live_kind[o->slot] : TEMP_FILE;
        remove_temp(o->tmp, kind);
    }
    isl_temp_forget(o->slot);
    free(o->tmp), free(o->target);
    *o = (isl_outfile){NULL, NULL, NULL, o->path, -1};
}

isl_status isl_outfile_commit(isl_outfile *o, isl_error *err)
{
    assert(!o->tmp || o->target); /* a scratch file is only ever aborted */
    int e = 0;
    errno = 0;
    if (o->f && (fflush(o->f) != 0 || ferror(o->f))) e = errno ? errno : EIO;
    /* on disk before it takes the target's name; a scratch file (one the
     * user never sees, or one a later commit puts on disk) needs no fsync */
    if (o->tmp && !scratch_only) {
        int fd = o->f ? fileno(o->f) : open(o->tmp, O_RDONLY | O_CLOEXEC);
        if (!e && (fd < 0 || fsync(fd) != 0) && errno != EINVAL) e = errno;
        if (!o->f && fd >= 0) close(fd);
    }
    if (o->f && fclose(o->f) != 0 && !e) e = errno ? errno : EIO;
    o->f = NULL;
    if (!e && o->tmp && rename(o->tmp, o->target) != 0) e = errno;
    if (!e) isl_temp_written();
    isl_status st = e ? isl_fail(err, ISL_EOUTPUT, "%s: cannot write: %s", o->path, strerror(e)) : ISL_OK;
    release(o, e != 0);
    return st;
}

void isl_outfile_abort(isl_outfile *o)
{
    if (o->f) fclose(o->f);
    o->f = NULL;
    release(o, 1);
}

const char *isl_file_kind(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

/* ---- reading a seed file ------------------------------------------------ */

/* Reads fd to its end into *buf (of *cap bytes, grown up to the limit), NUL-ended. */
static isl_status read_all(int fd, const char *path, char **buf, size_t *cap, size_t *n, isl_error *err)
{
    for (;;) {
        if (*n + 1 == *cap) {
            /* the file grew while being read: up to the limit, no further */
            if (*cap > ISL_SEED_MAX_BYTES)
                return isl_fail(err, ISL_EINPUT, "%s: more than the seed file limit of %d MiB", path,
                                ISL_SEED_MAX_BYTES >> 20);
            char *b = realloc(*buf, *cap * 2);
            if (!b) return isl_fail(err, ISL_ENOMEM, "%s: out of memory", path);
            *buf = b;
            *cap *= 2;
        }
        ssize_t got = read(fd, *buf + *n, *cap - *n - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return isl_fail(err, ISL_EINPUT, "%s: cannot read: %s", path, strerror(errno));
        if (got == 0) break;
        *n += (size_t)got;
    }
    (*buf)[*n] = '\0';
    return ISL_OK;
}

isl_status isl_read_seed_file(const char *path, char **out, isl_error *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return isl_fail(err, ISL_EINPUT, "%s: cannot read: %s", path, strerror(errno));
    struct stat sb;
    isl_status st = ISL_OK;
    if (fstat(fd, &sb) != 0)
        st = isl_fail(err, ISL_EINPUT, "%s: cannot read: %s", path, strerror(errno));
    else if (S_ISDIR(sb.st_mode))
        st = isl_fail(err, ISL_EINPUT, "%s: cannot read: Is a directory", path);
    else if (!S_ISREG(sb.st_mode))
        st = isl_fail(err, ISL_EINPUT, "%s: %s, not a regular file: seeds are read only from "
                      "regular files", path, isl_file_kind(sb.st_mode));
    else if (sb.st_size > ISL_SEED_MAX_BYTES)
        st = isl_fail(err, ISL_EINPUT, "%s: %lld bytes, more than the seed file limit of %d MiB",
                      path, (long long)sb.st_size, ISL_SEED_MAX_BYTES >> 20);
    size_t cap = st ? 1 : (size_t)sb.st_size + 1, n = 0;
    char *buf = st ? NULL : malloc(cap);
    if (!st && !buf) st = isl_fail(err, ISL_ENOMEM, "%s: out of memory", path);
    if (!st) st = read_all(fd, path, &buf, &cap, &n, err);
    close(fd);
    if (!st && strlen(buf) != n) st = isl_fail(err, ISL_EINPUT, "%s: not a text file (it holds a NUL byte)", path);
    if (st) free(buf);
    else *out = buf;
    return st;
}
