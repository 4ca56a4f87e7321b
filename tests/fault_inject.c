/* Fault injection: out-of-memory and I/O errors at every point of init,
 * load, run, each sweep and check, through public APIs only.
 *
 *   - Allocation: SQLite's allocator is replaced (SQLITE_CONFIG_MALLOC) and
 *     isolab's own malloc/calloc/realloc calls are wrapped at link time
 *     (ld --wrap, see the Makefile), sharing one counter. For k = 1, 2, ...
 *     the k-th allocation fails (fail-once), or it and every later one
 *     (fail-always), until a command runs with no allocation failed.
 *     FAULT_STRIDE=s tries every s-th k only (make check: 151, so it stays
 *     quick; make test-faults-full: every k). FAULT_ONLY=name runs one
 *     command; FAULT_SHARD=i/n the commands whose index is i modulo n (make
 *     check runs two shards side by side); FAULT_COUNT=1 prints each
 *     command's allocation and I/O counts.
 *   - I/O: a VFS shim over the default VFS fails the n-th xRead, xWrite or
 *     xSync, for n = 1, 2, ... until the command does fewer; isolab's own
 *     write and fsync calls (a new database copied from the built-in
 *     image) are wrapped at link time and counted as writes and syncs.
 *
 * After every fault the command (isl_main, as the binary runs it) must end
 * cleanly: status 0, or a documented status with an "isolab[ CMD]: " message on
 * stderr, never a crash or an abort; the database must pass integrity and
 * foreign-key checks and either be unchanged or hold the complete new run;
 * SQLite's outstanding memory must be back where it was. Built with
 * AddressSanitizer, so LeakSanitizer checks isolab's own memory at exit.
 *
 * The SQL functions (src/ext) get the same allocation faults on a connection
 * of their own: opening it, registering them, preparing and stepping a
 * query over every function, a bad-name query, finalizing and closing. Each
 * must give its unfaulted answer or an error (never a wrong answer), and
 * SQLite's memory must come back.
 *
 * Not a tests/test_*.c suite: it runs once, sanitized (make test-faults).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "isolab/cli.h"
#include "isolab/ext.h"

/* ---- allocation faults ----------------------------------------------- */

static long alloc_n;         /* allocations counted since arming */
static long fail_at;         /* 0: disarmed */
static int fail_always;
static long alloc_failures;  /* allocations made to fail */
static long long sqlite_live; /* bytes SQLite holds through our allocator */

static int alloc_fails(void)
{
    if (!fail_at) return 0;
    long n = ++alloc_n;
    if (n == fail_at || (fail_always && n > fail_at)) {
        alloc_failures++;
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

void *__wrap_malloc(size_t n) { return alloc_fails() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return alloc_fails() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return alloc_fails() ? NULL : __real_realloc(p, n); }

/* SQLite's allocator: a size header in front of each block. */
static void *sq_malloc(int n)
{
    if (alloc_fails()) return NULL;
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
    if (alloc_fails()) return NULL;
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

/* The first line of the last command's stderr. */
static const char *last_err(void)
{
    static char line[1100];
    line[0] = '\0';
    FILE *f = fopen(err_file, "r");
    if (!f) return line;
    if (!fgets(line, sizeof line, f)) line[0] = '\0';
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

/* The first line of stderr is "isolab: ..." or "isolab CMD: ...". */
static int clean_message(void)
{
    const char *e = last_err();
    if (strncmp(e, "isolab", 6) != 0) return 0;
    const char *colon = strstr(e, ": ");
    const char *nl = strchr(e, '\n');
    return colon && (!nl || colon < nl);
}

typedef struct command {
    const char *name;
    const char *args[6];
    int creates;  /* init: the database does not exist before */
    int copies;   /* init from the built-in image: no SQLite I/O at all */
    int loaded;   /* starts from the base with seed_file loaded (its lesson: M03/K06) */
} command;

static const command COMMANDS[] = {
    {"init", {"init", NULL}, 1, 1, 0},
    {"init --seeds", {"init", "--seeds", seeds_dir, NULL}, 1, 0, 0},
    {"load", {"load", seed_file, NULL}, 0, 0, 0},
    {"load --replace", {"load", "--replace", seed_file, NULL}, 0, 0, 1},
    {"unload", {"unload", "M03/K06", NULL}, 0, 0, 1},
    {"run", {"run", NULL}, 0, 0, 0},
    {"sweep samples", {"sweep", "samples", NULL}, 0, 0, 0},
    {"sweep removal", {"sweep", "removal", NULL}, 0, 0, 0},
    {"sweep addition", {"sweep", "addition", NULL}, 0, 0, 0},
    {"sweep bundles", {"sweep", "bundles", NULL}, 0, 0, 0},
    {"check", {"check", NULL}, 0, 0, 0},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void prepare(const command *c)
{
    remove_db(test_db);
    if (!c->creates) copy_file(c->loaded ? loaded_db : base_db, test_db);
}

/* Checks one faulted (or not) execution; returns 1 when a fault was hit. */
static int check_after(const command *c, int rc, long hit, long base_runs, long long live_before, const char *what,
                       long k)
{
    if (rc != 0 && (rc < 1 || rc > 5)) fail_msg("%s, fault %ld: exit status %d", what, k, rc);
    if (rc != 0 && !clean_message()) fail_msg("%s, fault %ld: exit %d without an isolab message", what, k, rc);
    if (!hit && rc != 0) fail_msg("%s: failed with no fault injected (exit %d)", what, rc);
    if (sqlite_live != live_before)
        fail_msg("%s, fault %ld: SQLite holds %lld bytes more than before", what, k, sqlite_live - live_before);
    long runs = db_runs(what, k);
    if (c->creates) {
        /* init: a complete new database, or none at all */
        if (rc == 0 && runs != 0) fail_msg("%s, fault %ld: init succeeded but the database has %ld runs", what, k, runs);
        if (rc != 0 && runs != -1) fail_msg("%s, fault %ld: a failed init left a database", what, k);
    } else if (!strncmp(c->name, "load", 4) || !strcmp(c->name, "unload")) {
        if (runs != base_runs) fail_msg("%s, fault %ld: %s changed the runs", what, k, c->name);
    } else if (rc == 0 ? runs != base_runs + 1 : runs != base_runs) {
        fail_msg("%s, fault %ld: exit %d but runs went %ld -> %ld", what, k, rc, base_runs, runs);
    }
    return hit > 0;
}

static long base_runs_of(void)
{
    copy_file(base_db, test_db);
    long r = db_runs("base", 0);
    remove_db(test_db);
    return r;
}

/* Allocation faults for every k, once or always; returns the fault points. */
static long stride = 1; /* FAULT_STRIDE: every k when 1 */

static long oom_sweep(const command *c, int always)
{
    char what[64];
    snprintf(what, sizeof what, "%s (allocation, fail-%s)", c->name, always ? "always" : "once");
    long base_runs = base_runs_of(), k, points = 0;
    for (k = 1;; k += stride, points++) {
        prepare(c);
        long long live = sqlite_live;
        alloc_n = 0;
        alloc_failures = 0;
        fail_always = always;
        fail_at = k;
        int rc = run_isolab(c->args);
        fail_at = 0;
        if (!check_after(c, rc, alloc_failures, base_runs, live, what, k)) break;
    }
    return points;
}

/* I/O faults of one kind for every n; returns the fault points. */
static long io_sweep(const command *c, int kind)
{
    char what[64];
    snprintf(what, sizeof what, "%s (%s error)", c->name, IO_NAME[kind]);
    long base_runs = base_runs_of(), n;
    for (n = 1;; n++) {
        prepare(c);
        long long live = sqlite_live;
        memset(io_n, 0, sizeof io_n);
        io_failures = 0;
        io_fail_at[kind] = n;
        int rc = run_isolab(c->args);
        io_fail_at[kind] = 0;
        if (!check_after(c, rc, io_failures, base_runs, live, what, n)) break;
    }
    return n - 1;
}

static void test_command(void **state)
{
    const command *c = *state;
    const char *only = getenv("FAULT_ONLY"), *shard = getenv("FAULT_SHARD");
    if (only && strcmp(only, c->name) != 0) skip();
    unsigned si, sn;
    if (shard && sscanf(shard, "%u/%u", &si, &sn) == 2 && sn > 0 && (size_t)(c - COMMANDS) % sn != si % sn) skip();
    if (getenv("FAULT_COUNT")) {
        prepare(c);
        alloc_n = 0;
        fail_at = 1L << 60;
        memset(io_n, 0, sizeof io_n);
        for (int kind = 0; kind < IO_KINDS; kind++) io_fail_at[kind] = 1L << 60;
        int rc = run_isolab(c->args);
        fail_at = 0;
        memset(io_fail_at, 0, sizeof io_fail_at);
        printf("# %s: exit %d, %ld allocations, %ld reads, %ld writes, %ld syncs\n", c->name, rc, alloc_n,
               io_n[IO_READ], io_n[IO_WRITE], io_n[IO_SYNC]);
        return;
    }
    long once = oom_sweep(c, 0), always = oom_sweep(c, 1);
    long io[IO_KINDS];
    for (int kind = 0; kind < IO_KINDS; kind++) io[kind] = io_sweep(c, kind);
    printf("# %-15s allocation faults (every %ld%s): %ld fail-once, %ld fail-always; I/O faults: %ld read, %ld write, %ld sync\n",
           c->name, stride, stride == 1 ? "" : "th", once, always, io[IO_READ], io[IO_WRITE], io[IO_SYNC]);
    assert_true(once > 0 && always > 0 && io[IO_WRITE] > 0 && io[IO_SYNC] > 0 && (c->copies || io[IO_READ] > 0));
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
    if (only && strcmp(only, "functions") != 0) skip();
    copy_file(base_db, test_db);
    long points = 0;
    for (size_t i = 0; i < NFN_SQL; i++) {
        char want[4096], got[4096];
        fn_run(i, want, sizeof want);
        if (i == 0 && !strncmp(want, "error", 5)) fail_msg("functions: %s", want);
        for (int always = 0; always < 2; always++)
            for (long k = 1;; k += stride, points++) {
                long long live = sqlite_live;
                alloc_n = 0;
                alloc_failures = 0;
                fail_always = always;
                fail_at = k;
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
    printf("# functions       allocation faults (every %ld%s): %ld\n", stride, stride == 1 ? "" : "th", points);
    assert_true(points > 0);
}

int main(void)
{
    /* before SQLite is used at all */
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &MEM) != SQLITE_OK || sqlite3_initialize() != SQLITE_OK) {
        fprintf(stderr, "fault_inject: cannot install the allocator\n");
        return 1;
    }
    if (getenv("FAULT_STRIDE")) stride = atol(getenv("FAULT_STRIDE"));
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
    const char *init[] = {"init", NULL}, *run[] = {"run", NULL}, *samples[] = {"sweep", "samples", NULL},
               *removal[] = {"sweep", "removal", NULL}, *addition[] = {"sweep", "addition", NULL};
    if (run_isolab(init) != 0 || run_isolab(run) != 0 || run_isolab(samples) != 0 || run_isolab(removal) != 0
        || run_isolab(addition) != 0 || rename(test_db, base_db) != 0) {
        fprintf(stderr, "fault_inject: cannot make the base database\n");
        return 1;
    }
    const char *load[] = {"load", seed_file, NULL};
    copy_file(base_db, test_db);
    if (run_isolab(load) != 0 || rename(test_db, loaded_db) != 0) {
        fprintf(stderr, "fault_inject: cannot make the loaded database\n");
        return 1;
    }

    struct CMUnitTest tests[NCOMMANDS + 1];
    for (size_t i = 0; i < NCOMMANDS; i++) {
        tests[i] = (struct CMUnitTest){COMMANDS[i].name, test_command, NULL, NULL, (void *)&COMMANDS[i]};
    }
    tests[NCOMMANDS] = (struct CMUnitTest){"functions", test_functions, NULL, NULL, NULL};
    int failed = cmocka_run_group_tests_name("faults", tests, NULL, NULL);
    remove_db(test_db);
    unlink(base_db);
    unlink(loaded_db);
    unlink(seed_file);
    unlink(err_file);
    rmdir(dir);
    return failed;
}
