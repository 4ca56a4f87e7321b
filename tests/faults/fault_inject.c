/* Fault injection: out-of-memory and I/O errors in every command of the
 * command table (isl_commands), through public APIs only. COMMANDS below
 * gives each command one or more realistic argvs; a command of the table
 * without one fails the test, so no command, present or future, escapes.
 *
 *   - Allocation: SQLite's allocator is replaced (SQLITE_CONFIG_MALLOC) and
 *     isolab's own malloc/calloc/realloc calls are wrapped at link time
 *     (ld --wrap, see the Makefile), sharing one counter. For k = 1, 2, ...
 *     the k-th allocation fails (fail-once), or it and every later one
 *     (fail-always), until a command runs with no allocation failed.
 *     FAULT_STRIDE=s tries every s-th k only; FAULT_POINTS=p about p points
 *     of each sweep, spread over what the command does (make check: 3);
 *     FAULT_OWN=1 counts isolab's own allocations only (SQLite's succeed
 *     but, under fail-always, those after the k-th). FAULT_ONLY=name runs
 *     one argv; FAULT_SHARD=i/n those of shard i of n, the shards
 *     balanced by each argv's measured cost (command.cost);
 *     FAULT_COUNT=1 prints each one's allocation and I/O counts.
 *   - I/O: a VFS shim over the default VFS fails the n-th xRead, xWrite or
 *     xSync, for n = 1, 2, ... until the command does fewer; isolab's own
 *     write and fsync calls (the sync of a new database before its rename)
 *     are wrapped at link time and counted as writes and syncs. FAULT_IO=0
 *     leaves them out.
 *
 * After every fault the command (isl_main, as the binary runs it) must end
 * cleanly: status 0, or a documented status (1 to 7) with an "isolab[ CMD]: "
 * message on stderr, never a crash or an abort; the database must pass
 * integrity and foreign-key checks and either be unchanged or hold what the
 * unfaulted command leaves (a complete new run, a run removed); SQLite's
 * outstanding memory must be back where it was. Built with
 * AddressSanitizer, so LeakSanitizer checks isolab's own memory at exit.
 *
 * The SQL functions (src/ext) get the same allocation faults on a connection
 * of their own: opening it, registering them, preparing and stepping a
 * query over every function, a bad-name query, finalizing and closing. Each
 * must give its unfaulted answer or an error (never a wrong answer), and
 * SQLite's memory must come back.
 *
 * FAULT_SWEEP=own|all is the crash sweep instead (see crash_sweep below):
 * each execution in a child process, crashes counted, not fatal.
 *
 * Not a tests/test_*.c suite: it runs sanitized, in shards (make
 * test-faults in make check; make test-faults-full in make check-deep).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <sqlite3.h>

#include "isolab/cli.h"
#include "isolab/commands.h"
#include "isolab/ext.h"
#include "isolab/main.h"

/* ---- allocation faults ----------------------------------------------- */

static long alloc_n;         /* allocations counted since arming */
static long fail_at;         /* 0: disarmed */
static int fail_always;
static int tripped;          /* the fail_at-th allocation was made to fail */
static int own_only;         /* k counts isolab's own allocations, not SQLite's */
static long own_n;           /* isolab's own allocations since arming */
static long alloc_failures;  /* allocations made to fail */
static long long sqlite_live; /* bytes SQLite holds through our allocator */
static long *sweep_failures; /* the crash sweep: failures, seen by the parent */
static pid_t armed_pid;      /* the process that armed it: the k-th fails there alone */

/* Arms the allocator: the k-th allocation fails (0: none), and with always
 * every later one too. */
static void arm(long k, int always)
{
    armed_pid = getpid();
    alloc_n = own_n = alloc_failures = 0;
    tripped = 0;
    fail_always = always;
    fail_at = k;
}

/* own: an allocation of isolab's own (not SQLite's) */
static int alloc_fails(int own)
{
    if (!fail_at) return 0;
    own_n += own;
    int counted = own || !own_only;
    /* a process the command forked (the probe's builders) counts on from
     * its parent's count but is not failed there: its failure would be one
     * the armed process never met, and so cannot count */
    if ((tripped && fail_always) || (counted && ++alloc_n == fail_at && getpid() == armed_pid)) {
        tripped = 1;
        alloc_failures++;
        if (sweep_failures) ++*sweep_failures;
        return 1;
    }
    return 0;
}

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n) { return alloc_fails(1) ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return alloc_fails(1) ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return alloc_fails(1) ? NULL : __real_realloc(p, n); }

/* libc's functions that allocate for isolab: they count as its own */
char *__real_strdup(const char *s);
char *__wrap_strdup(const char *s);
int __real_scandir(const char *dir, struct dirent ***names, int (*keep)(const struct dirent *),
                   int (*cmp)(const struct dirent **, const struct dirent **));
int __wrap_scandir(const char *dir, struct dirent ***names, int (*keep)(const struct dirent *),
                   int (*cmp)(const struct dirent **, const struct dirent **));

char *__wrap_strdup(const char *s) { return alloc_fails(1) ? NULL : __real_strdup(s); }
int __wrap_scandir(const char *dir, struct dirent ***names, int (*keep)(const struct dirent *),
                   int (*cmp)(const struct dirent **, const struct dirent **))
{
    if (alloc_fails(1)) {
        errno = ENOMEM;
        return -1;
    }
    return __real_scandir(dir, names, keep, cmp);
}

/* SQLite's allocator: a size header in front of each block. */
static void *sq_malloc(int n)
{
    if (alloc_fails(0)) return NULL;
    long long *p = __real_malloc((size_t)n + 8);
    if (!p) return NULL;
    p[0] = n;
    sqlite_live += n;
    return p + 1;
}
static void sq_free(void *p)
{
    if (!p) return;
    long long *h = (long long *)p - 1;
    sqlite_live -= h[0];
    free(h);
}
static int sq_size(void *p) { return p ? (int)((long long *)p)[-1] : 0; }
static void *sq_realloc(void *p, int n)
{
    if (alloc_fails(0)) return NULL;
    long long *h = (long long *)p - 1;
    long long old = h[0];
    long long *q = __real_realloc(h, (size_t)n + 8);
    if (!q) return NULL;
    q[0] = n;
    sqlite_live += n - old;
    return q + 1;
}
static int sq_roundup(int n) { return (n + 7) & ~7; }
static int sq_init(void *x) { (void)x; return SQLITE_OK; }
static void sq_shutdown(void *x) { (void)x; }
static const sqlite3_mem_methods MEM = {sq_malloc, sq_free, sq_realloc, sq_size, sq_roundup, sq_init, sq_shutdown, NULL};

/* ---- I/O faults: a VFS shim ------------------------------------------ */

enum { IO_READ, IO_WRITE, IO_SYNC, IO_KINDS };
static const char *const IO_NAME[IO_KINDS] = {"read", "write", "sync"};
static long io_n[IO_KINDS], io_fail_at[IO_KINDS], io_failures;

typedef struct shim_file {
    sqlite3_file base;
    sqlite3_file *real; /* follows this struct in the same block */
} shim_file;

static sqlite3_vfs *real_vfs;

static int io_fails(int kind)
{
    return io_fail_at[kind] && ++io_n[kind] == io_fail_at[kind] ? (io_failures++, 1) : 0;
}

/* isolab's own file writes (not SQLite's): a full disk, a failed sync */
ssize_t __real_write(int fd, const void *b, size_t n);
ssize_t __wrap_write(int fd, const void *b, size_t n);
int __real_fsync(int fd);
int __wrap_fsync(int fd);
ssize_t __wrap_write(int fd, const void *b, size_t n)
{
    if (io_fails(IO_WRITE)) return errno = ENOSPC, -1;
    return __real_write(fd, b, n);
}
int __wrap_fsync(int fd)
{
    if (io_fails(IO_SYNC)) return errno = EIO, -1;
    return __real_fsync(fd);
}

#define REAL(f) (((shim_file *)(f))->real)
static int sh_close(sqlite3_file *f) { return REAL(f)->pMethods ? REAL(f)->pMethods->xClose(REAL(f)) : SQLITE_OK; }
static int sh_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o)
{
    return io_fails(IO_READ) ? SQLITE_IOERR_READ : REAL(f)->pMethods->xRead(REAL(f), b, n, o);
}
static int sh_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o)
{
    return io_fails(IO_WRITE) ? SQLITE_IOERR_WRITE : REAL(f)->pMethods->xWrite(REAL(f), b, n, o);
}
static int sh_truncate(sqlite3_file *f, sqlite3_int64 n) { return REAL(f)->pMethods->xTruncate(REAL(f), n); }
static int sh_sync(sqlite3_file *f, int fl)
{
    return io_fails(IO_SYNC) ? SQLITE_IOERR_FSYNC : REAL(f)->pMethods->xSync(REAL(f), fl);
}
static int sh_size(sqlite3_file *f, sqlite3_int64 *n) { return REAL(f)->pMethods->xFileSize(REAL(f), n); }
static int sh_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int sh_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int sh_check(sqlite3_file *f, int *r) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), r); }
static int sh_fcntl(sqlite3_file *f, int op, void *a) { return REAL(f)->pMethods->xFileControl(REAL(f), op, a); }
static int sh_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int sh_dev(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int sh_shmmap(sqlite3_file *f, int i, int sz, int ext, void volatile **pp)
{
    return REAL(f)->pMethods->xShmMap(REAL(f), i, sz, ext, pp);
}
static int sh_shmlock(sqlite3_file *f, int o, int n, int fl) { return REAL(f)->pMethods->xShmLock(REAL(f), o, n, fl); }
static void sh_shmbarrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int sh_shmunmap(sqlite3_file *f, int del) { return REAL(f)->pMethods->xShmUnmap(REAL(f), del); }

/* Version 2: no memory-mapped I/O, so every page read goes through xRead. */
static const sqlite3_io_methods SHIM_IO = {2, sh_close, sh_read, sh_write, sh_truncate, sh_sync, sh_size,
                                           sh_lock, sh_unlock, sh_check, sh_fcntl, sh_sector, sh_dev,
                                           sh_shmmap, sh_shmlock, sh_shmbarrier, sh_shmunmap, NULL, NULL};

static int sh_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)v;
    shim_file *s = (shim_file *)f;
    s->real = (sqlite3_file *)(s + 1);
    s->real->pMethods = NULL;
    int rc = real_vfs->xOpen(real_vfs, name, s->real, flags, out);
    f->pMethods = s->real->pMethods ? &SHIM_IO : NULL;
    return rc;
}
static int sh_delete(sqlite3_vfs *v, const char *n, int d) { (void)v; return real_vfs->xDelete(real_vfs, n, d); }
static int sh_access(sqlite3_vfs *v, const char *n, int fl, int *r) { (void)v; return real_vfs->xAccess(real_vfs, n, fl, r); }
static int sh_full(sqlite3_vfs *v, const char *n, int no, char *o) { (void)v; return real_vfs->xFullPathname(real_vfs, n, no, o); }
static void *sh_dlopen(sqlite3_vfs *v, const char *n) { (void)v; return real_vfs->xDlOpen(real_vfs, n); }
static void sh_dlerror(sqlite3_vfs *v, int n, char *m) { (void)v; real_vfs->xDlError(real_vfs, n, m); }
static void (*sh_dlsym(sqlite3_vfs *v, void *h, const char *s))(void) { (void)v; return real_vfs->xDlSym(real_vfs, h, s); }
static void sh_dlclose(sqlite3_vfs *v, void *h) { (void)v; real_vfs->xDlClose(real_vfs, h); }
static int sh_random(sqlite3_vfs *v, int n, char *o) { (void)v; return real_vfs->xRandomness(real_vfs, n, o); }
static int sh_sleep(sqlite3_vfs *v, int us) { (void)v; return real_vfs->xSleep(real_vfs, us); }
static int sh_time(sqlite3_vfs *v, double *t) { (void)v; return real_vfs->xCurrentTime(real_vfs, t); }
static int sh_lasterr(sqlite3_vfs *v, int n, char *m) { (void)v; return real_vfs->xGetLastError(real_vfs, n, m); }
static int sh_time64(sqlite3_vfs *v, sqlite3_int64 *t) { (void)v; return real_vfs->xCurrentTimeInt64(real_vfs, t); }

static sqlite3_vfs shim_vfs = {2, 0, 512, NULL, "isolab-fault", NULL, sh_open, sh_delete, sh_access, sh_full,
                               sh_dlopen, sh_dlerror, sh_dlsym, sh_dlclose, sh_random, sh_sleep, sh_time,
                               sh_lasterr, sh_time64, NULL, NULL, NULL};

/* ---- running commands and checking the database ----------------------- */

static int last_rc;
static char dir[256], base_db[300], loaded_db[300], test_db[300], seed_file[300], err_file[300], seeds_dir[4096];

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    assert_non_null(a);
    assert_non_null(b);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0) assert_int_equal(fwrite(buf, 1, n, b), n);
    fclose(a);
    assert_int_equal(fclose(b), 0);
}

static void remove_db(const char *path)
{
    char side[320];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

/* Runs isolab with argv (NULL-terminated), stdout to /dev/null and stderr
 * to err_file; returns the exit status. */
static int run_isolab(const char *const *args)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)"isolab";
    argv[argc++] = (char *)"--db";
    argv[argc++] = test_db;
    for (; args[argc - 3]; argc++) argv[argc] = (char *)args[argc - 3];
    argv[argc] = NULL;
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2);
    int devnull = open("/dev/null", O_WRONLY), ef = open(err_file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(out >= 0 && err >= 0 && devnull >= 0 && ef >= 0);
    dup2(devnull, 1);
    dup2(ef, 2);
    int rc = last_rc = isl_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    close(out);
    close(err);
    close(devnull);
    close(ef);
    return rc;
}

/* The last non-empty line of the last command's stderr: its error message
 * when it failed (notes, and lesson's claim lines, come before). */
static const char *last_err(void)
{
    static char line[1100];
    char next[1100];
    line[0] = '\0';
    FILE *f = fopen(err_file, "r");
    if (!f) return line;
    while (fgets(next, sizeof next, f))
        if (next[strspn(next, " \t\r\n")]) memcpy(line, next, sizeof line);
    fclose(f);
    line[strcspn(line, "\n")] = '\0';
    return line;
}

/* The state of test_db as seen by a fresh connection: -1 when it does not
 * exist; else the number of runs, after checking integrity, foreign keys
 * and that every run is complete. */
static long db_runs(const char *what, long k)
{
    if (access(test_db, F_OK) != 0) return -1;
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open_v2(test_db, &db, SQLITE_OPEN_READWRITE, real_vfs->zName), SQLITE_OK);
    sqlite3_stmt *q = NULL;
    static const char sql[] =
        "SELECT (SELECT group_concat(integrity_check) FROM pragma_integrity_check),"
        " (SELECT count(*) FROM pragma_foreign_key_check),"
        " (SELECT count(*) FROM run),"
        " (SELECT count(*) FROM run r WHERE r.finished_at IS NULL"
        "   OR (r.kind = 'run' AND (SELECT count(*) FROM fact_status WHERE run_id = r.id)"
        "       != (SELECT count(*) FROM fact) * (SELECT count(*) FROM bundle) * (SELECT count(*) FROM channel))"
        "   OR (r.kind = 'removal' AND (SELECT count(*) FROM removal_sweep WHERE run_id = r.id)"
        "       != (SELECT count(*) FROM fact) + 1)"
        "   OR (r.kind = 'addition' AND (SELECT count(*) FROM addition_sweep WHERE run_id = r.id)"
        "       != (SELECT count(*) FROM axis) + 1)"
        "   OR (r.kind = 'samples' AND (SELECT count(*) FROM sample_sweep WHERE run_id = r.id)"
        "       != (SELECT count(*) FROM sample_count))"
        "   OR (r.kind = 'bundles' AND (SELECT count(*) FROM bundle_sweep WHERE run_id = r.id)"
        "       != (1 << (SELECT count(*) FROM bundle_sweep_mechanism WHERE run_id = r.id))"
        "          * (SELECT count(*) FROM bundle_sweep_channel WHERE run_id = r.id))"
        "   OR (r.kind = 'check' AND (SELECT count(*) FROM claim_result WHERE run_id = r.id)"
        "       != (SELECT count(*) FROM claim))),"
        " (SELECT count(*) FROM fact)";
    if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK || sqlite3_step(q) != SQLITE_ROW)
        fail_msg("%s, fault %ld: cannot check the database: %s (exit %d: %s)", what, k, sqlite3_errmsg(db),
                 last_rc, last_err());
    const char *integrity = (const char *)sqlite3_column_text(q, 0);
    if (!integrity || strcmp(integrity, "ok") != 0) fail_msg("%s, fault %ld: integrity: %s", what, k, integrity);
    if (sqlite3_column_int(q, 1) != 0) fail_msg("%s, fault %ld: foreign key check failed", what, k);
    if (sqlite3_column_int(q, 3) != 0) fail_msg("%s, fault %ld: an incomplete run is present", what, k);
    if (sqlite3_column_int(q, 4) < 24) fail_msg("%s, fault %ld: the model is incomplete", what, k);
    long runs = sqlite3_column_int(q, 2);
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
    return runs;
}

/* Some line of stderr is "isolab: ..." or "isolab CMD: ..." (a message may
 * have a hint on the lines after it; notes and lesson's claims come
 * before). */
static int clean_message(void)
{
    FILE *f = fopen(err_file, "r");
    char line[1100];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f)) {
        const char *colon = strstr(line, ": ");
        found = !strncmp(line, "isolab", 6) && colon && !memchr(line, '\n', (size_t)(colon - line));
    }
    if (f) fclose(f);
    return found;
}

typedef struct command {
    const char *cmd;     /* its isl_commands name */
    const char *name;    /* as the output shows it */
    const char *args[8];
    int creates;  /* init: the database does not exist before */
    int multi;    /* several transactions: a failure may keep some runs */
    int loaded;   /* starts from the base with seed_file loaded (its lesson: M03/K06) */
    int cost;     /* its CPU time with FAULT_POINTS=8, tenths of a second as measured (the "# NAME
                   * ... CPU-s" lines of FAULT_POINTS=8 FAULT_ONLY=NAME): FAULT_SHARD balances it */
} command;

static char out_file[300], out_dir[300];

static const command COMMANDS[] = {
    {"init", "init", {"init", NULL}, 1, 0, 0, 22},
    {"init", "init --seeds", {"init", "--seeds", seeds_dir, NULL}, 1, 0, 0, 34},
    {"load", "load", {"load", seed_file, NULL}, 0, 0, 0, 20},
    {"load", "load --replace", {"load", "--replace", seed_file, NULL}, 0, 0, 1, 25},
    {"unload", "unload", {"unload", "M03/K06", NULL}, 0, 0, 1, 18},
    {"run", "run", {"run", NULL}, 0, 0, 0, 18},
    {"sweep", "sweep samples", {"sweep", "samples", NULL}, 0, 0, 0, 19},
    {"sweep", "sweep removal", {"sweep", "removal", NULL}, 0, 0, 0, 19},
    {"sweep", "sweep addition", {"sweep", "addition", NULL}, 0, 0, 0, 20},
    {"sweep bundles", "sweep bundles", {"sweep", "bundles", NULL}, 0, 0, 0, 18},
    {"frontier", "frontier", {"frontier", "--channel", "sampling-profile", NULL}, 0, 0, 0, 22},
    {"smallest", "smallest --format csv", {"smallest", "--max", "14", "--format", "csv", NULL}, 0, 0, 0, 21},
    {"marginal", "marginal", {"marginal", "--bundle", "strict,-user-namespace", NULL}, 0, 0, 0, 24},
    {"claim", "claim --suggest", {"claim", "--suggest", "M03/K05", NULL}, 0, 0, 0, 20},
    {"check", "check", {"check", NULL}, 0, 0, 0, 48},
    {"report", "report", {"report", NULL}, 0, 0, 0, 29},
    {"report", "report channel_comparison", {"report", "channel_comparison", NULL}, 0, 0, 0, 17},
    {"report", "report resource_axis --format csv",
     {"report", "resource_axis", "--lesson", "M03/K04", "--format", "csv", NULL}, 0, 0, 0, 16},
    {"lesson", "lesson", {"lesson", NULL}, 0, 1, 0, 58},
    {"export", "export -o", {"export", "channel_comparison", "--format", "json", "-o", out_file, NULL}, 0, 0, 0, 17},
    {"export", "export --sql", {"export", "--sql", "SELECT fact, count(*) FROM fact_status GROUP BY fact", NULL}, 0, 0, 0, 16},
    {"runs", "runs --long", {"runs", "--long", "--all", NULL}, 0, 0, 0, 16},
    {"focus", "focus", {"focus", "M03/K04", NULL}, 0, 0, 0, 18},
    {"note", "note", {"note", "1", "the first run", NULL}, 0, 0, 0, 21},
    {"rm", "rm", {"rm", "2", NULL}, 0, 0, 0, 27},
    {"prune", "prune", {"prune", "--keep", "1", NULL}, 0, 0, 0, 25},
    {"diff", "diff", {"diff", "1", "5", NULL}, 0, 0, 0, 19},
    {"plot", "plot", {"plot", "-o", out_dir, "--format", "svg", "channels", NULL}, 0, 0, 0, 27},
    {"page", "page", {"page", "-o", out_file, NULL}, 0, 0, 0, 95},
    {"probe", "probe", {"probe", "--bundle", "uts-namespace", "--order", "kernel", NULL}, 0, 0, 0, 40},
    {"import", "import", {"import", test_db, NULL}, 0, 0, 0, 20},
    {"help", "help", {"help", "export", NULL}, 0, 0, 0, 6},
    {"version", "version", {"version", NULL}, 0, 0, 0, 6},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

/* FAULT_SHARD=i/n: whether argv `index` (NCOMMANDS: the SQL functions, of
 * FUNCTIONS_COST) is in shard i of n. The shards are balanced by cost: the
 * costliest argv first, each to the shard with the least so far (ties to
 * the lower index and shard), so every shard computes the same split.
 * Without FAULT_SHARD every argv is in. */
enum { FUNCTIONS_COST = 6, MAX_SHARDS = 16 };
static int in_shard(size_t index)
{
    const char *shard = getenv("FAULT_SHARD");
    unsigned si, sn;
    if (!shard || sscanf(shard, "%u/%u", &si, &sn) != 2 || sn == 0) return 1;
    if (sn > MAX_SHARDS) sn = MAX_SHARDS;
    long load[MAX_SHARDS] = {0};
    char placed[NCOMMANDS + 1] = {0};
    for (size_t step = 0; step <= NCOMMANDS; step++) {
        size_t pick = 0;
        int most = -1;
        for (size_t k = 0; k <= NCOMMANDS; k++) {
            int cost = k < NCOMMANDS ? COMMANDS[k].cost : FUNCTIONS_COST;
            if (!placed[k] && cost > most) most = cost, pick = k;
        }
        placed[pick] = 1;
        unsigned least = 0;
        for (unsigned j = 1; j < sn; j++)
            if (load[j] < load[least]) least = j;
        load[least] += most;
        if (pick == index) return least == si % sn;
    }
    return 0;
}

/* Every command of isl_commands has an argv here, and every argv names a
 * command of the table. */
static void test_table(void **state)
{
    (void)state;
    for (const isl_command *t = isl_commands; t->name; t++) {
        size_t n = 0;
        for (size_t i = 0; i < NCOMMANDS; i++) n += !strcmp(COMMANDS[i].cmd, t->name);
        if (!n) fail_msg("command '%s' has no argv in fault_inject.c's COMMANDS: add one", t->name);
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const isl_command *t = isl_commands;
        while (t->name && strcmp(t->name, COMMANDS[i].cmd)) t++;
        if (!t->name) fail_msg("'%s' names no command of isl_commands", COMMANDS[i].cmd);
    }
}

static void prepare(const command *c)
{
    remove_db(test_db);
    if (!c->creates) copy_file(c->loaded ? loaded_db : base_db, test_db);
}

/* Checks one faulted (or not) execution; returns 1 when a fault was hit.
 * A command either fails with a clean message and leaves the runs as they
 * were (some of its runs when it makes several), or succeeds and leaves
 * what its unfaulted execution left (ok_runs). */
static long ok_runs;

static int check_after(const command *c, int rc, long hit, long base_runs, long long live_before, const char *what,
                       long k)
{
    if (rc != 0 && (rc < 1 || rc > 7)) fail_msg("%s, fault %ld: exit status %d", what, k, rc);
    if (rc != 0 && !clean_message())
        fail_msg("%s, fault %ld: exit %d without an isolab message: '%s'", what, k, rc, last_err());
    if (!hit && rc != 0) fail_msg("%s: failed with no fault injected (exit %d)", what, rc);
    if (sqlite_live != live_before)
        fail_msg("%s, fault %ld: SQLite holds %lld bytes more than before", what, k, sqlite_live - live_before);
    long runs = db_runs(what, k);
    if (c->creates) {
        /* init: a complete new database, or none at all */
        if (rc == 0 && runs != 0) fail_msg("%s, fault %ld: init succeeded but the database has %ld runs", what, k, runs);
        if (rc != 0 && runs != -1) fail_msg("%s, fault %ld: a failed init left a database", what, k);
    } else if (rc == 0 ? runs != ok_runs
                       : runs != base_runs && !(c->multi && runs > base_runs && runs < ok_runs)) {
        fail_msg("%s, fault %ld: exit %d but runs went %ld -> %ld", what, k, rc, base_runs, runs);
    }
    return hit > 0;
}

/* What c does unfaulted on the base database: its allocations and I/O
 * calls (as counted now, FAULT_OWN applying), and the runs it leaves
 * (ok_runs). It must succeed (plot without gnuplot is skipped). Returns the
 * base's runs. */
static long count_alloc, count_io[IO_KINDS];

static long base_runs_of(const command *c)
{
    copy_file(c->loaded ? loaded_db : base_db, test_db);
    long r = db_runs("base", 0);
    prepare(c);
    arm(1L << 60, 0);
    memset(io_n, 0, sizeof io_n);
    for (int kind = 0; kind < IO_KINDS; kind++) io_fail_at[kind] = 1L << 60;
    int rc = run_isolab(c->args);
    fail_at = 0;
    memset(io_fail_at, 0, sizeof io_fail_at);
    count_alloc = alloc_n;
    memcpy(count_io, io_n, sizeof io_n);
    if (rc == 6 && !strcmp(c->cmd, "plot")) {
        remove_db(test_db);
        printf("# %-15s skipped: %s\n", c->name, last_err());
        skip();
    }
    if (rc != 0) fail_msg("%s: exit %d with no fault injected: %s", c->name, rc, last_err());
    ok_runs = db_runs(c->name, 0);
    remove_db(test_db);
    return r;
}

/* FAULT_STRIDE: every k when 1; FAULT_POINTS=p: at most about p points of
 * each sweep, spread over what the command does (0: no limit). */
static long stride = 1, max_points;

static long step_for(long count)
{
    long st = max_points > 0 ? (count + max_points - 1) / max_points : 1;
    return st > stride ? st : stride;
}

/* Allocation faults, once or always, at k = 1, 1 + step, ... until a run
 * meets none, after base_runs_of(c) (base_runs: what it returned); returns
 * the fault points. */
static long oom_sweep(const command *c, int always, long base_runs)
{
    char what[64];
    snprintf(what, sizeof what, "%s (allocation, fail-%s)", c->name, always ? "always" : "once");
    long st = step_for(count_alloc), k, points = 0;
    for (k = 1;; k += st, points++) {
        prepare(c);
        long long live = sqlite_live;
        arm(k, always);
        int rc = run_isolab(c->args);
        fail_at = 0;
        if (!check_after(c, rc, alloc_failures, base_runs, live, what, k)) break;
    }
    return points;
}

/* I/O faults of one kind, as oom_sweep; returns the fault points. */
static long io_sweep(const command *c, int kind, long base_runs)
{
    char what[64];
    snprintf(what, sizeof what, "%s (%s error)", c->name, IO_NAME[kind]);
    long st = step_for(count_io[kind]), n, points = 0;
    for (n = 1;; n += st, points++) {
        prepare(c);
        long long live = sqlite_live;
        memset(io_n, 0, sizeof io_n);
        io_failures = 0;
        io_fail_at[kind] = n;
        int rc = run_isolab(c->args);
        io_fail_at[kind] = 0;
        if (!check_after(c, rc, io_failures, base_runs, live, what, n)) break;
    }
    return points;
}

/* The CPU seconds of this process and its children so far (gnuplot's for
 * plot and page), for each command's cost in the output. */
static double cpu_seconds(void)
{
    struct rusage self, kids;
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &kids);
    return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec + kids.ru_stime.tv_sec)
           + (self.ru_utime.tv_usec + self.ru_stime.tv_usec + kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
}

static void test_command(void **state)
{
    const command *c = *state;
    const char *only = getenv("FAULT_ONLY");
    if ((only && strcmp(only, c->name) != 0) || !in_shard((size_t)(c - COMMANDS))) skip();
    if (getenv("FAULT_COUNT")) {
        base_runs_of(c);
        printf("# %s: %ld allocations%s, %ld reads, %ld writes, %ld syncs\n", c->name, count_alloc,
               own_only ? " of isolab's own" : "", count_io[IO_READ], count_io[IO_WRITE], count_io[IO_SYNC]);
        return;
    }
    double cpu = cpu_seconds();
    /* one unfaulted execution for every sweep: each sweep's last point
     * (no fault met) runs the command whole again */
    long base_runs = base_runs_of(c);
    long once = oom_sweep(c, 0, base_runs), always = oom_sweep(c, 1, base_runs), allocs = count_alloc;
    long io[IO_KINDS] = {0, 0, 0};
    int with_io = !getenv("FAULT_IO") || strcmp(getenv("FAULT_IO"), "0");
    for (int kind = 0; with_io && kind < IO_KINDS; kind++) io[kind] = io_sweep(c, kind, base_runs);
    printf("# %-26s %ld allocations%s: %ld fail-once, %ld fail-always points; I/O points: %ld read, %ld write, "
           "%ld sync; %.1f CPU-s\n", c->name, allocs, own_only ? " (isolab's own)" : "", once, always, io[IO_READ],
           io[IO_WRITE], io[IO_SYNC], cpu_seconds() - cpu);
    assert_true(once > 0 && always > 0);
    /* the I/O kinds each command does at all */
    for (int kind = 0; with_io && kind < IO_KINDS; kind++)
        if (count_io[kind] > 0 && io[kind] == 0) fail_msg("%s: no %s fault point", c->name, IO_NAME[kind]);
}

/* ---- the SQL functions ------------------------------------------------ */

static const char *const FN_SQL[] = {
    "SELECT (SELECT total(open_surface + open_axes + run_time + coalesce(cost_per_fact, 0)) "
    "FROM isolab_surface('strict', 'sampling-profile')) || '|' || "
    "(SELECT group_concat(fact || status || axis || position) FROM isolab_fact_status('common', NULL)) || '|' || "
    "(SELECT total(mask + size + visible + returned + open_surface + open_axes + length(members)) "
    "FROM isolab_powerset('sampling-profile', 'pid-namespace,user-namespace,control-group')) || '|' || "
    "(SELECT total(open_surface + coalesce(position, 0)) FROM isolab_removal('strict', 'system-call-tracing')) || '|' || "
    "(SELECT total(facts + open_surface) || group_concat(axis) FROM isolab_addition('pid-namespace,mount-namespace')) "
    "|| '|' || isolab_version()",
    "SELECT * FROM isolab_surface('pid-namespace,no-such', 'sampling-profile')",
};
#define NFN_SQL (sizeof FN_SQL / sizeof FN_SQL[0])

/* Runs FN_SQL[i] on a new connection; the answer (or "error: MESSAGE")
 * into out. Returns 0, or 1 when an allocation failed on the way (open,
 * register or a statement). */
static void fn_run(size_t i, char *out, size_t n)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_open_v2(test_db, &db, SQLITE_OPEN_READONLY, real_vfs->zName);
    if (rc == SQLITE_OK) rc = isl_ext_register(db);
    if (rc == SQLITE_OK) rc = sqlite3_prepare_v2(db, FN_SQL[i], -1, &q, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) snprintf(out, n, "%s", sqlite3_column_text(q, 0) ? (const char *)sqlite3_column_text(q, 0) : "NULL");
    else snprintf(out, n, "error: %s", db ? sqlite3_errmsg(db) : "no connection");
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_close(db), SQLITE_OK);
}

static void test_functions(void **state)
{
    (void)state;
    const char *only = getenv("FAULT_ONLY");
    if ((only && strcmp(only, "functions") != 0) || getenv("FAULT_COUNT") || !in_shard(NCOMMANDS)) skip();
    copy_file(base_db, test_db);
    long points = 0;
    double cpu = cpu_seconds();
    for (size_t i = 0; i < NFN_SQL; i++) {
        char want[4096], got[4096];
        arm(1L << 60, 0);
        fn_run(i, want, sizeof want);
        fail_at = 0;
        long st = step_for(alloc_n);
        if (i == 0 && !strncmp(want, "error", 5)) fail_msg("functions: %s", want);
        for (int always = 0; always < 2; always++)
            for (long k = 1;; k += st, points++) {
                long long live = sqlite_live;
                arm(k, always);
                fn_run(i, got, sizeof got);
                fail_at = 0;
                if (sqlite_live != live)
                    fail_msg("functions %zu, fault %ld: SQLite holds %lld bytes more", i, k, sqlite_live - live);
                if (!alloc_failures) {
                    if (strcmp(got, want)) fail_msg("functions %zu: '%s', want '%s'", i, got, want);
                    break;
                }
                if (strcmp(got, want) && strncmp(got, "error: ", 7))
                    fail_msg("functions %zu, fault %ld: a wrong answer '%s' (want '%s')", i, k, got, want);
            }
    }
    remove_db(test_db);
    printf("# functions                  allocation fault points: %ld; %.1f CPU-s\n", points, cpu_seconds() - cpu);
    assert_true(points > 0);
}

/* ---- the crash sweep (FAULT_SWEEP=1) ----------------------------------
 * Independent of the checks above, and of their process: each execution
 * runs in a child process, so that a crash is counted rather than ending
 * the sweep. For each argv of COMMANDS (FAULT_ONLY and FAULT_SHARD apply)
 * and k = 1, 1 + s, 1 + 2s, ... (s: FAULT_STRIDE), the k-th allocation and
 * every later one fail, until an execution meets no failed allocation. A
 * point is a crash when the child dies of a signal or its stderr holds a
 * sanitizer's report (AddressSanitizer, UndefinedBehaviorSanitizer,
 * LeakSanitizer at exit); a bad exit when it ends with a status outside
 * 0..7, or not 0 without an "isolab...: " message. One line per command,
 * then a total; exit status 1 when anything was found. */

/* 1 when the file at path holds a sanitizer's report. */
static int sanitizer_report(const char *path, char *first, size_t n)
{
    FILE *f = fopen(path, "r");
    char line[1100];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        if (strstr(line, "Sanitizer") || strstr(line, "runtime error:")) {
            found = 1;
            line[strcspn(line, "\n")] = '\0';
            snprintf(first, n, "%s", line);
        }
    if (f) fclose(f);
    return found;
}

/* One execution of c with every allocation from the k-th failing, in a
 * child; returns the allocations that failed (0: the command ran whole),
 * and what went wrong in what (empty when nothing). */
static long sweep_point(const command *c, long k, const char *child_err, char *what, size_t n)
{
    prepare(c);
    *sweep_failures = 0;
    what[0] = '\0';
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) fail_msg("fork: %s", strerror(errno));
    if (pid == 0) {
        int fd = open(child_err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0 || dup2(fd, 2) < 0) _exit(98);
        close(fd);
        arm(k, 1);
        int rc = run_isolab(c->args);
        fail_at = 0;
        exit(rc); /* LeakSanitizer's report, if any, goes to child_err */
    }
    int ws;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
    char report[1100];
    if (WIFSIGNALED(ws)) snprintf(what, n, "crash: signal %d (%s)", WTERMSIG(ws), last_err());
    else if (sanitizer_report(err_file, report, sizeof report) || sanitizer_report(child_err, report, sizeof report))
        snprintf(what, n, "crash: %s", report);
    else if (WEXITSTATUS(ws) > 7) snprintf(what, n, "bad exit: status %d (%s)", WEXITSTATUS(ws), last_err());
    else if (WEXITSTATUS(ws) != 0 && !clean_message())
        snprintf(what, n, "bad exit: status %d without an isolab message (%s)", WEXITSTATUS(ws), last_err());
    return *sweep_failures;
}

static int crash_sweep(void)
{
    const char *only = getenv("FAULT_ONLY");
    char child_err[320], counter[320];
    snprintf(counter, sizeof counter, "%s/failures", dir); /* a file shared with each child */
    int fd = open(counter, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || ftruncate(fd, sizeof *sweep_failures) != 0) return perror(counter), 2;
    sweep_failures = mmap(NULL, sizeof *sweep_failures, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (sweep_failures == MAP_FAILED) return perror("mmap"), 2;
    snprintf(child_err, sizeof child_err, "%s/child-stderr.txt", dir);
    own_only = !strcmp(getenv("FAULT_SWEEP"), "own");
    long commands = 0, points = 0, crashes = 0, bad = 0;
    for (size_t i = 0; i < NCOMMANDS; i++) {
        const command *c = &COMMANDS[i];
        if ((only && strcmp(only, c->name)) || !in_shard(i)) continue;
        long cp = 0, cc = 0, cb = 0, k;
        char what[1300];
        prepare(c); /* how many allocations it makes, for FAULT_POINTS */
        arm(1L << 60, 0);
        run_isolab(c->args);
        fail_at = 0;
        long st = step_for(alloc_n);
        for (k = 1;; k += st) {
            long failures = sweep_point(c, k, child_err, what, sizeof what);
            cp++;
            if (what[0]) {
                cc += !strncmp(what, "crash", 5), cb += !strncmp(what, "bad", 3);
                if (cc + cb <= 5) printf("# %s, allocation %ld and later fail: %s\n", c->name, k, what);
            }
            if (!failures) break;
        }
        printf("# %-26s %6ld points (k = 1..%ld, every %ld): %ld crashes, %ld bad exits\n", c->name, cp, k, st,
               cc, cb);
        fflush(stdout);
        commands++, points += cp, crashes += cc, bad += cb;
    }
    printf("crash sweep (%s allocations): %ld argvs, %ld points, %ld crashes, %ld bad exits\n",
           own_only ? "isolab's own" : "all", commands, points, crashes, bad);
    return crashes || bad;
}

int main(void)
{
    /* before SQLite is used at all */
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &MEM) != SQLITE_OK || sqlite3_initialize() != SQLITE_OK) {
        fprintf(stderr, "fault_inject: cannot install the allocator\n");
        return 1;
    }
    if (getenv("FAULT_STRIDE")) stride = atol(getenv("FAULT_STRIDE"));
    if (getenv("FAULT_POINTS")) max_points = atol(getenv("FAULT_POINTS"));
    own_only = getenv("FAULT_OWN") && !strcmp(getenv("FAULT_OWN"), "1");
    if (stride < 1) stride = 1;
    real_vfs = sqlite3_vfs_find(NULL);
    shim_vfs.szOsFile = (int)sizeof(shim_file) + real_vfs->szOsFile;
    shim_vfs.mxPathname = real_vfs->mxPathname;
    if (sqlite3_vfs_register(&shim_vfs, 1) != SQLITE_OK) return 1;

    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : (getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    snprintf(dir, sizeof dir, "%s/isolab-faults-XXXXXX", tmp);
    if (!mkdtemp(dir)) return 1;
    snprintf(base_db, sizeof base_db, "%s/base.db", dir);
    snprintf(loaded_db, sizeof loaded_db, "%s/loaded.db", dir);
    snprintf(test_db, sizeof test_db, "%s/t.db", dir);
    snprintf(seed_file, sizeof seed_file, "%s/extra.sql", dir);
    snprintf(err_file, sizeof err_file, "%s/stderr.txt", dir);
    snprintf(out_file, sizeof out_file, "%s/out.txt", dir);
    snprintf(out_dir, sizeof out_dir, "%s/plots", dir);
    /* the shipped seeds, as init --seeds reads a directory (make runs here) */
    if (!getcwd(seeds_dir, sizeof seeds_dir - 8)) return 1;
    strcat(seeds_dir, "/seeds");
    FILE *f = fopen(seed_file, "w");
    if (!f) return 1;
    /* what a load adds leaves the base's runs complete by db_runs' rules
     * (no new fact, axis, bundle, channel or sample count) */
    fputs("INSERT INTO lesson(code, title, position) VALUES ('M03/K06', 'Event Tracing', 6);\n"
          "INSERT INTO mechanism(name) VALUES ('time-namespace');\n"
          "INSERT INTO mechanism_axis(mechanism, axis) VALUES ('time-namespace', 'kernel');\n"
          "INSERT INTO left_open(mechanism, fact) VALUES ('time-namespace', 'kernel-version');\n", f);
    fclose(f);
    /* the base: a database with a run and the lesson's three sweeps, so
     * that every claim of 'check' holds on it */
    /* and a second run (5), for diff, rm and prune */
    const char *init[] = {"init", NULL}, *run[] = {"run", NULL}, *samples[] = {"sweep", "samples", NULL},
               *removal[] = {"sweep", "removal", NULL}, *addition[] = {"sweep", "addition", NULL};
    if (run_isolab(init) != 0 || run_isolab(run) != 0 || run_isolab(samples) != 0 || run_isolab(removal) != 0
        || run_isolab(addition) != 0 || run_isolab(run) != 0 || rename(test_db, base_db) != 0) {
        fprintf(stderr, "fault_inject: cannot make the base database\n");
        return 1;
    }
    const char *load[] = {"load", seed_file, NULL};
    copy_file(base_db, test_db);
    if (run_isolab(load) != 0 || rename(test_db, loaded_db) != 0) {
        fprintf(stderr, "fault_inject: cannot make the loaded database\n");
        return 1;
    }

    int failed;
    if (getenv("FAULT_SWEEP")) {
        failed = crash_sweep();
    } else {
        struct CMUnitTest tests[NCOMMANDS + 2];
        tests[0] = (struct CMUnitTest){"every command has an argv", test_table, NULL, NULL, NULL};
        for (size_t i = 0; i < NCOMMANDS; i++)
            tests[i + 1] = (struct CMUnitTest){COMMANDS[i].name, test_command, NULL, NULL, (void *)&COMMANDS[i]};
        tests[NCOMMANDS + 1] = (struct CMUnitTest){"functions", test_functions, NULL, NULL, NULL};
        failed = cmocka_run_group_tests_name("faults", tests, NULL, NULL);
    }
    char rm[400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir); /* mkdtemp's name: no quote in it */
    if (system(rm) != 0) fprintf(stderr, "fault_inject: cannot remove %s\n", dir);
    return failed;
}
