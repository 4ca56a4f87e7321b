/* isolab store: opening a database (its checks, migration and verification)
 * and creating one; the connection itself is conn.c's. */
/* realpath() is XSI */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "isolab/db.h"
#include "isolab/embedded.h"
#include "isolab/escape.h"
#include "isolab/ext.h"
#include "isolab/history.h"
#include "isolab/measurable.h"
#include "isolab/outfile.h"
#include "isolab/run.h"
#include "migrate.h"
#include "script.h"
#include "store_int.h"
#include "verify.h"

static unsigned wait_seconds = 10;
static unsigned long long work_millions = ISL_WORK_LIMIT_DEFAULT_M;

void isl_store_set_limits(unsigned wait_s, unsigned long long work_limit)
{
    wait_seconds = wait_s;
    work_millions = work_limit ? work_limit : ISL_WORK_LIMIT_DEFAULT_M;
}

static isl_status store_new(const char *path, int flags, isl_store **out, isl_error *err)
{
    isl_store *s = calloc(1, sizeof *s);
    if (!s || !(s->path = strdup(path))) {
        free(s);
        return isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    s->work_limit = work_millions;
    s->wait_s = wait_seconds;
    isl_status st = isl_base_open(path, flags, s->wait_s, &s->db, err);
    /* isolab's SQL functions (src/ext) on every connection of a store: here alone */
    if (!st && isl_ext_register(s->db) != SQLITE_OK) st = isl_db_fail(s, err, "registering SQL functions");
    if (st) {
        isl_store_close(s);
        return st;
    }
    sqlite3_wal_hook(s->db, isl_db_committed, s);
    struct stat sb;
    if (stat(path, &sb) == 0) s->dev = sb.st_dev, s->ino = sb.st_ino;
    *out = s;
    return ISL_OK;
}

/* 1 when the -wal file beside db holds something, -1 when out of memory. */
static int has_log(const char *db)
{
    char *wal = sqlite3_mprintf("%s-wal", db);
    struct stat sb;
    int logged = !wal ? -1 : stat(wal, &sb) == 0 && sb.st_size > 0;
    sqlite3_free(wal);
    return logged;
}

/* What is wrong with the file at path before SQLite reads it: missing, not
 * a regular file, empty, too short or without SQLite's header, or shorter
 * than its header says (truncated). ISL_OK when none of these. */
static isl_status check_file(const char *path, isl_error *err)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (errno == ENOENT) return isl_fail_why(err, ISL_EDB, ISL_R_MISSING, "%s: no such database", path);
        if (errno == ELOOP) return isl_fail(err, ISL_EDB, "%s: a symbolic link loop, not a database", path);
        return isl_fail(err, ISL_EDB, "%s: cannot open: %s", path, strerror(errno));
    }
    if (!S_ISREG(sb.st_mode)) return isl_fail(err, ISL_EDB, "%s: %s, not a database file", path, isl_file_kind(sb.st_mode));
    if (sb.st_size == 0) return isl_fail(err, ISL_EDB, "%s: empty file (0 bytes), not a database", path);
    unsigned char h[100];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(h, 1, sizeof h, f) : 0;
    /* the size is taken after the header is read: another process's
     * checkpoint may grow the file meanwhile, never shrink it below the
     * count the header had */
    struct stat after;
    if (f && fstat(fileno(f), &after) == 0) sb.st_size = after.st_size;
    if (f) fclose(f);
    if (!f) return ISL_OK; /* unreadable: SQLite says so below */
    if (n < sizeof h || memcmp(h, "SQLite format 3", 16) != 0)
        return isl_fail(err, ISL_EDB, "%s: %lld bytes, not a database (no SQLite header)", path,
                        (long long)sb.st_size);
    unsigned page = (unsigned)h[16] << 8 | h[17];
    if (page == 1) page = 65536;
    uint32_t pages = (uint32_t)h[28] << 24 | (uint32_t)h[29] << 16 | (uint32_t)h[30] << 8 | h[31];
    /* the page count is valid when the change counter it was written with
     * matches; but while a log holds pages, a checkpoint by another
     * process writes page 1 (the new count) before the pages that extend
     * the file, so a file shorter than its header is then no damage */
    if (!has_log(path) && memcmp(h + 24, h + 92, 4) == 0 && (long long)page * pages > (long long)sb.st_size)
        return isl_fail_why(err, ISL_EDB, ISL_R_DAMAGED, "%s: damaged: %lld bytes, shorter than the %lld its header records "
                        "(truncated); restore it from a copy", path, (long long)sb.st_size,
                        (long long)page * pages);
    return ISL_OK;
}

static isl_status check_pages(isl_store *s, isl_error *err);

isl_status isl_store_open(const char *path, isl_store **out, isl_error *err)
{
    *out = NULL;
    isl_status cst = check_file(path, err);
    if (cst) return cst;
    isl_store *s;
    isl_status st = store_new(path, SQLITE_OPEN_READWRITE, &s, err);
    if (st) return st;
    long long app = 0, ver = 0;
    /* SQLite falls back to read-only when the file is not writable; refuse
     * before anything (even a -shm file) is made. */
    if (sqlite3_db_readonly(s->db, "main") == 1)
        st = isl_fail(err, ISL_EDB, "%s: database is read-only (no permission to write it)", path);
    if (!st) st = isl_base_int(s->db, s->path, "PRAGMA application_id", &app, err);
    if (!st) st = isl_base_int(s->db, s->path, "PRAGMA user_version", &ver, err);
    if (!st && app != ISL_APPLICATION_ID)
        st = isl_fail(err, ISL_EDB, "%s: not an isolab database (application_id %lld)", path, app);
    if (!st && ver > ISL_SCHEMA_VERSION) st = isl_store_newer_schema(s, path, ver, err);
    /* before anything runs that a trigger could act on */
    if (!st) st = isl_read_triggers(s->db, path, err);
    /* NORMAL in WAL syncs at checkpoints: a power loss may take back the last
     * runs, which can be rerun, for no fsync per run. Set once the file is
     * known to be isolab's: the pragma reads it. */
    if (!st) st = isl_db_exec(s, "PRAGMA synchronous = NORMAL", err);
    /* a migration writes, whatever the command: into a sound file only */
    if (!st && ver < ISL_SCHEMA_VERSION) st = check_pages(s, err);
    if (!st && ver < ISL_SCHEMA_VERSION) st = isl_store_migrate(s, err);
    if (!st) st = isl_store_verify(s, 0, err);
    if (st) isl_store_close(s);
    else *out = s;
    return st;
}

/* The file as SQLite's full check reads it (every page of every table and
 * index, each index against its table): ISL_EDB naming the first fault.
 * 1 ms on the shipped lesson's file, 16 ms on one of 1.2 MB (40 bundles
 * sweeps), beside 150 ms for a lesson. */
static isl_status check_pages(isl_store *s, isl_error *err)
{
    char *fault = NULL;
    isl_status st = isl_db_fault(s, &fault, err);
    if (!st && fault) {
        char shown[ISL_ESCAPE_MAX(200)];
        isl_escape(fault, shown, sizeof shown);
        st = isl_fail_why(err, ISL_EDB, ISL_R_DAMAGED, "%s: damaged: SQLite finds the file malformed (%s); restore "
                          "it from a copy", s->path, shown);
    }
    sqlite3_free(fault);
    return st;
}

isl_status isl_store_check_damage(isl_store *s, isl_error *err)
{
    isl_status st = check_pages(s, err);
    return st ? st : isl_store_check_rows(s, 0, 0, err);
}

static isl_status wal_row(void *ctx, sqlite3_stmt *q)
{
    *(int *)ctx = !strcmp(isl_base_text(q, 0), "wal");
    return ISL_OK;
}

/* Puts the database in WAL mode; SQLite reports a refusal only by
 * returning the old mode. */
static isl_status set_wal(isl_store *s, isl_error *err)
{
    int wal = 0;
    isl_status st = isl_db_rows(s, "switching to WAL mode", "PRAGMA journal_mode = WAL", wal_row, &wal, err, NULL);
    return st || wal ? st : isl_fail(err, ISL_EDB, "%s: cannot switch to WAL mode", s->path);
}

/* Takes the write lock of the database at path, about to be replaced, so no
 * writer is in the middle of a run there: *out holds it (NULL: no database).
 * It keeps its log files on close (PERSIST_WAL): their names are the new one's. */
static isl_status lock_old(const char *path, sqlite3 **out, isl_error *err)
{
    sqlite3 *db = NULL;
    isl_error ignored;
    int on = 1;
    *out = NULL;
    if (isl_base_open(path, SQLITE_OPEN_READWRITE, wait_seconds, &db, &ignored)) return ISL_OK;
    int rc = sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &on);
    if (rc != SQLITE_OK) {
        sqlite3_close(db);
        return isl_fail(err, ISL_EDB, "%s: cannot keep its log files for the new one: %s", path, sqlite3_errstr(rc));
    }
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK) {
        *out = db;
        return ISL_OK;
    }
    int prim = sqlite3_errcode(db) & 0xff;
    sqlite3_close(db);
    if (prim == SQLITE_BUSY)
        return isl_fail_why(err, ISL_EDB, ISL_R_LOCKED_OLD, "%s: another process holds the write lock; "
                            "waited %u s", path, wait_seconds);
    if (prim == SQLITE_NOMEM) return isl_fail(err, ISL_ENOMEM, "out of memory");
    return ISL_OK; /* not a database: nothing to lock */
}

/* A failure while the new database was its temporary names the file the
 * user asked for: the first TMP in err's message becomes PATH. */
static void name_target(isl_error *err, const char *tmp, const char *path)
{
    const char *at = strstr(err->msg, tmp);
    if (!at) return;
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%.*s%s%s", (int)(at - err->msg), err->msg, path, at + strlen(tmp));
    memcpy(err->msg, msg, sizeof msg);
}

static isl_status create_at(const char *path, const char *seeds_dir, isl_store_check_fn check, void *ctx,
                            isl_error *err);

/* The big-endian 32-bit number at h[at]. */
static long long be32(const unsigned char *h, int at)
{
    return (long long)((uint32_t)h[at] << 24 | (uint32_t)h[at + 1] << 16 | (uint32_t)h[at + 2] << 8 | h[at + 3]);
}

/* What the regular file at path (given: as the user named it) is, when it
 * is not a file a new database may replace: empty, or an isolab database
 * of this or an older schema (application_id and user_version read from
 * SQLite's header, so a damaged one is replaced as well). */
static isl_status check_replaceable(const char *given, const char *path, off_t size, isl_error *err)
{
    unsigned char h[100];
    if (!size) return ISL_OK;
    /* read with open and read, which allocate nothing: fopen's failure to
     * allocate its FILE left errno 0 ("cannot replace: Success") */
    int fd = open(path, O_RDONLY | O_NOCTTY);
    if (fd < 0) return isl_fail(err, errno == ENOMEM ? ISL_ENOMEM : ISL_EINPUT, "%s: cannot replace: %s", given, strerror(errno));
    ssize_t n = 0, got;
    while (n < (ssize_t)sizeof h && ((got = read(fd, h + n, sizeof h - (size_t)n)) > 0 || (got < 0 && errno == EINTR)))
        n += got > 0 ? got : 0;
    close(fd);
    if (n < (ssize_t)sizeof h || memcmp(h, "SQLite format 3", 16) != 0)
        return isl_fail(err, ISL_EINPUT, "%s: not an SQLite database (%lld bytes, no SQLite header); only a database "
                        "is replaced: remove or rename it yourself if it is to go", given, (long long)size);
    long long app = be32(h, 68), ver = be32(h, 60);
    if (app != ISL_APPLICATION_ID)
        return isl_fail_why(err, ISL_EDB, ISL_R_NOT_ISOLAB, "%s: not an isolab database (application_id %lld)", given, app);
    if (ver > ISL_SCHEMA_VERSION)
        return isl_fail_why(err, ISL_EDB, ISL_R_NEWER_SCHEMA,
                            "%s: schema version %lld is newer than this isolab's (%d); use a newer isolab", given, ver,
                            ISL_SCHEMA_VERSION);
    return ISL_OK;
}

/* The first n bytes of a, then b: malloc'd, or NULL. */
static char *join(const char *a, size_t n, const char *b)
{
    size_t len = n + strlen(b) + 1;
    char *p = malloc(len);
    if (p) snprintf(p, len, "%.*s%s", (int)n, a, b);
    return p;
}

/* Where the symbolic link given leads, which is no file (a dangling link):
 * the file to be, by its directory's real path and its own name, into
 * *end (to free). A link to a link is followed (40 at most, as the kernel
 * does); a relative target is from its link's directory, which must exist. */
static isl_status dangling_end(const char *given, char **end, isl_error *err)
{
    char *at = join(given, strlen(given), ""), target[4096];
    struct stat sb;
    int e = ELOOP;
    for (int hops = 0; at && hops < 40; hops++) {
        ssize_t n = readlink(at, target, sizeof target - 1);
        if (n < 0 || (size_t)n >= sizeof target - 1) {
            e = n < 0 ? errno : ENAMETOOLONG;
            break;
        }
        target[n] = '\0';
        const char *slash = strrchr(at, '/');
        char *next = join(at, target[0] != '/' && slash ? (size_t)(slash - at) + 1 : 0, target);
        free(at), at = next;
        if (at && lstat(at, &sb) != 0) e = errno;
        else if (at && !S_ISLNK(sb.st_mode)) e = EEXIST; /* there now: as realpath saw it not */
        if (!at || e != ELOOP) break;
    }
    const char *slash = at ? strrchr(at, '/') : NULL, *name = slash ? slash + 1 : at;
    char *dir = !at ? NULL : slash ? join(at, slash > at ? (size_t)(slash - at) : 1, "") : join(".", 1, "");
    char *real = dir && e == ENOENT ? realpath(dir, NULL) : NULL;
    int de = dir && e == ENOENT && !real ? errno : 0; /* the directory cannot be reached */
    isl_status st = ISL_OK;
    if (real && *name) {
        size_t len = strlen(real) + strlen(name) + 2;
        if ((*end = malloc(len))) snprintf(*end, len, "%s/%s", strcmp(real, "/") ? real : "", name);
        else st = isl_fail(err, ISL_ENOMEM, "out of memory");
    } else if (!dir || de == ENOMEM) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    else if (de && *name)
        st = isl_fail(err, ISL_EINPUT, "%s: a dangling symbolic link to %s, whose directory %s cannot be reached (%s); "
                      "create it, or give the database's own path", given, at, dir, strerror(de));
    else st = isl_fail(err, ISL_EINPUT, "%s: a symbolic link that leads to no file (%s); give the database's own path",
                       given, strerror(e == ENOENT || e == EEXIST ? EINVAL : e));
    free(at), free(dir), free(real);
    return st;
}

/* The file a new database at given replaces (*real: the path through a
 * symbolic link, to free), checked as isl_store_replaceable says; through
 * a dangling link, the file to be where it leads (nothing to replace). */
static isl_status replaced_file(const char *given, char **real, isl_error *err)
{
    struct stat lsb, sb;
    *real = NULL;
    if (lstat(given, &lsb) != 0) return ISL_OK;
    const char *path = given;
    if (S_ISLNK(lsb.st_mode)) {
        if (!(*real = realpath(given, NULL)) && errno != ENOENT)
            return isl_fail(err, errno == ENOMEM ? ISL_ENOMEM : ISL_EINPUT,
                            "%s: a symbolic link that leads to no file (%s); give the database's own path", given,
                            strerror(errno));
        if (!*real) return dangling_end(given, real, err);
        path = *real;
    }
    if (stat(path, &sb) != 0) return isl_fail(err, ISL_EINPUT, "%s: cannot replace: %s", given, strerror(errno));
    if (!S_ISREG(sb.st_mode))
        return isl_fail_why(err, ISL_EINPUT, ISL_R_NOT_REGULAR, "%s: %s", given, isl_file_kind(sb.st_mode));
    return check_replaceable(given, path, sb.st_size, err);
}

isl_status isl_store_replaceable(const char *path, isl_error *err)
{
    char *real = NULL;
    isl_status st = replaced_file(path, &real, err);
    free(real);
    return st;
}

isl_status isl_store_create(const char *given, const char *seeds_dir, int force, isl_error *err)
{
    return isl_store_create_checked(given, seeds_dir, force, NULL, NULL, err);
}

/* Only a regular file is replaced, through a symbolic link as every output
 * is; a dangling link's file to be is created, as a missing one is. */
isl_status isl_store_create_checked(const char *given, const char *seeds_dir, int force, isl_store_check_fn check,
                                    void *ctx, isl_error *err)
{
    struct stat lsb, sb;
    char *real = NULL;
    if (lstat(given, &lsb) != 0) return create_at(given, seeds_dir, check, ctx, err);
    if (S_ISLNK(lsb.st_mode) && stat(given, &sb) != 0) { /* nothing to replace */
        isl_status st = dangling_end(given, &real, err);
        if (!st) st = create_at(real, seeds_dir, check, ctx, err);
        free(real);
        return st;
    }
    if (!force) return isl_fail_why(err, ISL_EINPUT, ISL_R_EXISTS, "%s: already exists", given);
    sqlite3 *old = NULL;
    isl_status st = replaced_file(given, &real, err);
    const char *path = real ? real : given;
    if (!st) st = lock_old(path, &old, err);
    if (!st) st = create_at(path, seeds_dir, check, ctx, err);
    if (old) sqlite3_exec(old, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close(old);
    free(real);
    return st;
}

/* path as an SQLite URI of a file read as immutable ("file:PATH?immutable=1",
 * %, ? and # escaped): no lock taken, no -wal or -shm made beside it;
 * sqlite3_free() it (NULL: out of memory). */
static char *immutable_uri(const char *path)
{
    sqlite3_str *u = sqlite3_str_new(NULL);
    sqlite3_str_appendall(u, "file:");
    for (const char *p = path; *p; p++)
        if (*p == '%' || *p == '?' || *p == '#') sqlite3_str_appendf(u, "%%%02X", (unsigned)(unsigned char)*p);
        else sqlite3_str_appendchar(u, 1, *p);
    sqlite3_str_appendall(u, "?immutable=1");
    return sqlite3_str_finish(u);
}

isl_status isl_store_open_readonly(const char *path, isl_store **out, isl_error *err)
{
    *out = NULL;
    isl_status st = check_file(path, err);
    isl_store *s = NULL;
    /* a file whose log holds nothing is read as immutable, so that reading
     * another's database leaves nothing beside it; one with a log is read
     * through it, as SQLite reads any database */
    int logged = st ? 0 : has_log(path);
    char *uri = st || logged ? NULL : immutable_uri(path);
    if (!st && (logged < 0 || (!logged && !uri))) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st) st = store_new(uri ? uri : path, SQLITE_OPEN_READONLY | (uri ? SQLITE_OPEN_URI : 0), &s, err);
    sqlite3_free(uri);
    if (st) return st;
    /* messages name the file as the user gave it */
    char *named = strdup(path);
    if (!named) return isl_store_close(s), isl_fail(err, ISL_ENOMEM, "out of memory");
    free(s->path), s->path = named;
    long long app = 0, ver = 0;
    st = isl_base_int(s->db, s->path, "PRAGMA application_id", &app, err);
    if (!st) st = isl_base_int(s->db, s->path, "PRAGMA user_version", &ver, err);
    if (!st && app != ISL_APPLICATION_ID)
        st = isl_fail(err, ISL_EDB, "%s: not an isolab database (application_id %lld)", path, app);
    if (!st && ver > ISL_SCHEMA_VERSION) st = isl_store_newer_schema(s, path, ver, err);
    if (!st && ver < ISL_SCHEMA_VERSION)
        st = isl_fail(err, ISL_EDB, "%s: schema version %lld, older than this isolab's (%d): it is read as it is, "
                      "never migrated; open it once with this isolab on its own machine", path, ver, ISL_SCHEMA_VERSION);
    if (!st) st = isl_store_verify_tables(s, err);
    if (st) isl_store_close(s);
    else *out = s;
    return st;
}

/* Removes the -wal and -shm files beside db: 0, or -1 when out of memory. */
static int remove_logs(const char *db)
{
    char *wal = sqlite3_mprintf("%s-wal", db), *shm = sqlite3_mprintf("%s-shm", db);
    if (wal) unlink(wal);
    if (shm) unlink(shm);
    sqlite3_free(wal);
    sqlite3_free(shm);
    return wal && shm ? 0 : -1;
}

/* Fills the new database of s in one transaction, then switches it to WAL. */
static isl_status fill_new(isl_store *s, const char *seeds_dir, isl_error *err)
{
    char pragma[96], *real = seeds_dir ? realpath(seeds_dir, NULL) : NULL;
    snprintf(pragma, sizeof pragma, "PRAGMA application_id = %d; PRAGMA user_version = %d",
             ISL_APPLICATION_ID, ISL_SCHEMA_VERSION);
    /* a new file is private until it is renamed into place: no sync per
     * step, one fsync of the finished file before the rename */
    isl_status st = isl_db_exec(s, "PRAGMA synchronous = OFF", err);
    if (!st) st = isl_db_exec(s, "BEGIN IMMEDIATE", err);
    if (!st) st = isl_db_exec(s, "PRAGMA defer_foreign_keys = ON", err);
    if (!st) st = isl_store_exec_files(s, isl_schema_files, "schema", NULL, ISL_SCRIPT_SCHEMA, err);
    if (!st) st = isl_db_exec(s, pragma, err);
    if (!st) st = isl_store_record_versions(s, 3, err);
    if (!st) st = isl_store_put_measurable(s, err);
    if (!st) st = isl_install_views(s->db, 0, err);
    if (!st) st = seeds_dir ? isl_store_load_dir(s, seeds_dir, err)
                            : isl_store_exec_files(s, isl_seed_files, "seeds", NULL, ISL_SCRIPT_BUILTIN, err);
    /* the seeds directory, by its absolute path */
    if (!st && seeds_dir)
        st = isl_db_rows(s, "recording the seeds directory", "UPDATE seed_origin SET seeds = ?1 WHERE id = 1", NULL,
                         NULL, err, "t", real ? real : seeds_dir);
    free(real);
    if (!st) st = isl_drop_temp_objects(s, err);
    if (!st) st = isl_store_verify(s, 1, err);
    if (!st) st = isl_store_settle_model(s, err);
    if (!st) st = isl_db_exec(s, "COMMIT", err);
    /* WAL: readers (the sqlite3 shell) never block isolab's writes and
     * never see a half-written run. Switched on only now that the content
     * is in the file itself: a log left behind by a failed checkpoint at
     * close would not follow the file when it is renamed. */
    if (!st) st = set_wal(s, err);
    return st;
}

static isl_status create_at(const char *path, const char *seeds_dir, isl_store_check_fn check, void *ctx,
                            isl_error *err)
{
    /* a temporary beside path, renamed onto it when complete (outfile.h) */
    isl_outfile o;
    isl_status st = isl_outfile_open(&o, path, ISL_OUT_BY_NAME | ISL_OUT_SQLITE, NULL, err);
    if (st) return st == ISL_EOUTPUT ? (err->status = ISL_EDB) : st; /* a database not made: exit 4 */
    const char *tmp = o.tmp;
    isl_store *s = NULL;
    st = store_new(tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &s, err);
    if (!st) st = fill_new(s, seeds_dir, err);
    if (!st && check) st = check(s, ctx, err);
    isl_store_close(s);
    /* whatever the close did, nothing may have stayed in a log; and a stale
     * log of a replaced database must not be replayed into the new one */
    int had_log = st ? 0 : has_log(tmp);
    if (!st && (had_log < 0 || remove_logs(tmp) != 0 || remove_logs(path) != 0))
        st = isl_fail(err, ISL_ENOMEM, "out of memory");
    if (!st && had_log) st = isl_fail(err, ISL_EDB, "%s: cannot create: its log could not be written back", path);
    if (st) name_target(err, tmp, path), isl_outfile_abort(&o);
    else if ((st = isl_outfile_commit(&o, err)) == ISL_EOUTPUT) st = err->status = ISL_EDB;
    return st;
}

isl_status isl_store_read_begin(isl_store *s, isl_error *err)
{
    return isl_db_exec(s, "BEGIN", err);
}

void isl_store_read_end(isl_store *s)
{
    /* nothing of main's was written: the end cannot lose a change */
    if (!sqlite3_get_autocommit(s->db)) sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
}
