/* isolab kernel layer: channels attached for real (include/isolab/channel.h).
 * The runners' registry, the workloads, the preflights, the rounds and the
 * reading of each observer's file. No SQLite: rows go to a sink. */
#define _GNU_SOURCE
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/capability.h>

#include "isolab/channel.h"

/* ---- the workloads: run inside the confined process ---- */

const char *const isl_workload_names[ISL_WORKLOAD_COUNT + 1] = {"cpu", "sys", NULL};

long isl_workload_default_iterations(isl_workload w)
{
    assert(w < ISL_WORKLOAD_COUNT);
    return w == ISL_WORKLOAD_CPU ? 60000000L : 8000L;
}

int isl_workload_syscalls_per_iteration(isl_workload w)
{
    assert(w < ISL_WORKLOAD_COUNT);
    return w == ISL_WORKLOAD_CPU ? 0 : 5;
}

static double seconds(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* What the confined process is given: the workload, and the read end of
 * the pipe its start is released by. */
typedef struct work_ctx {
    isl_workload workload;
    long iterations;
    int go_fd;
    int go_wr;             /* the write end, closed in the child */
} work_ctx;

/* Writes all of line to fd; 0, or -1. */
static int put_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The cpu loop: integers only (xorshift), no syscall; its result is used
 * so that the compiler keeps it. */
static uint64_t cpu_loop(long n)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (long i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    return x;
}

/* The sys loop: five real syscalls an iteration, each a decoded result a
 * tracer sees (the parent's pid, the host name, an owner's mode, the
 * capability set, the clock). */
static long sys_loop(long n)
{
    struct utsname u;
    struct stat st;
    struct timespec ts;
    struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct d[2];
    long sum = 0;
    for (long i = 0; i < n; i++) {
        sum += syscall(SYS_getppid);
        sum += uname(&u);
        sum += stat("/etc/passwd", &st);
        sum += syscall(SYS_capget, &h, d);
        sum += syscall(SYS_clock_gettime, CLOCK_REALTIME, &ts);
    }
    return sum;
}

/* The confined process: says it is ready, waits for the release (the
 * observer attached), times its loop, says what it took. Its exit status:
 * 0, or 3 when never released. */
static int workload_main(void *ctx, int out_fd)
{
    work_ctx *w = ctx;
    close(w->go_wr);
    char line[160];
    int n = snprintf(line, sizeof line, "ready %ld\n", (long)getpid());
    if (put_all(out_fd, line, (size_t)n)) return 2;
    char go;
    ssize_t r;
    while ((r = read(w->go_fd, &go, 1)) < 0 && errno == EINTR) {}
    if (r != 1) return 3;
    /* a look at the mount table once, for a tracer to see */
    int fd = open("/proc/self/mountinfo", O_RDONLY | O_CLOEXEC);
    char buf[256];
    if (fd >= 0) {
        if (read(fd, buf, sizeof buf) < 0) buf[0] = 0;
        close(fd);
    }
    double c0 = seconds(CLOCK_PROCESS_CPUTIME_ID), w0 = seconds(CLOCK_MONOTONIC);
    unsigned long long sink = w->workload == ISL_WORKLOAD_CPU ? (unsigned long long)cpu_loop(w->iterations)
                                                              : (unsigned long long)sys_loop(w->iterations);
    double c1 = seconds(CLOCK_PROCESS_CPUTIME_ID), w1 = seconds(CLOCK_MONOTONIC);
    n = snprintf(line, sizeof line, "done %.9f %.9f %llu\n", c1 - c0, w1 - w0, sink & 1);
    return put_all(out_fd, line, (size_t)n) ? 2 : 0;
}

/* ---- small host helpers ---- */

/* Reads up to size - 1 bytes of path into buf (NUL-ended); the length, or -1. */
static ssize_t read_text(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t n = 0;
    ssize_t r;
    while (n + 1 < size && ((r = read(fd, buf + n, size - 1 - n)) > 0 || (r < 0 && errno == EINTR)))
        if (r > 0) n += (size_t)r;
    close(fd);
    buf[n] = 0;
    return (ssize_t)n;
}

/* The value after "key" on its line of a /proc status-like file, or -1. */
static long long status_field(const char *text, const char *key, int base)
{
    const char *p = strstr(text, key);
    return p ? strtoll(p + strlen(key), NULL, base) : -1;
}

static double load1(void)
{
    char b[128];
    return read_text("/proc/loadavg", b, sizeof b) > 0 ? strtod(b, NULL) : -1;
}

/* The capability bits this process holds (CapEff), 0 when unreadable. */
static unsigned long long own_caps(void)
{
    char b[4096];
    long long v = read_text("/proc/self/status", b, sizeof b) > 0 ? status_field(b, "CapEff:", 16) : -1;
    return v < 0 ? 0 : (unsigned long long)v;
}

static int popcount(unsigned long long v)
{
    int n = 0;
    for (; v; v &= v - 1) n++;
    return n;
}

/* The program's path in $PATH (into out), 1 when found executable. */
static int find_program(const char *name, char *out, size_t size)
{
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        if (n && (size_t)snprintf(out, size, "%.*s/%s", (int)n, p, name) < size && access(out, X_OK) == 0) return 1;
        p += n + (p[n] == ':');
    }
    return 0;
}

/* Starts argv[0] (found in $PATH) with stdin from /dev/null and stdout and
 * stderr to the files out and errf (NULL: /dev/null); its pid, or -1. */
static pid_t start(char *const argv[], const char *out, const char *errf)
{
    pid_t pid = fork();
    if (pid) return pid;
    int in = open("/dev/null", O_RDONLY);
    int o = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int e = open(errf ? errf : "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (in < 0 || o < 0 || e < 0 || dup2(in, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
    /* in isolab's process group: a Ctrl-C ends it with isolab (perf then
     * writes its file and exits) */
    signal(SIGINT, SIG_DFL);
    execvp(argv[0], argv);
    _exit(127);
}

/* Waits for pid up to ms; past it, SIGINT, then SIGKILL 2 s later. *cpu
 * (may be NULL) gets its user + sys CPU seconds, *status its wait status.
 * 0 when it ended by itself, 1 or 2 when it was ended (by SIGINT, by
 * SIGKILL), -1 when waiting failed. */
static int finish(pid_t pid, int ms, double *cpu, int *status)
{
    int ended = 0;
    for (long waited = 0;; waited += 5) {
        struct rusage ru;
        int ws = 0;
        pid_t r = wait4(pid, &ws, WNOHANG, &ru);
        if (r == pid) {
            if (cpu) *cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
                            ru.ru_stime.tv_usec / 1e6;
            if (status) *status = ws;
            return ended;
        }
        if (r < 0 && errno != EINTR) return -1;
        if (waited >= ms && ended < 1) kill(pid, SIGINT), ended = 1;
        if (waited >= ms + 2000 && ended < 2) kill(pid, SIGKILL), ended = 2;
        struct timespec t = {0, 5000000};
        nanosleep(&t, NULL);
    }
}

/* Runs argv to its end (at most 60 s), stdout to out; 0 when it exited 0. */
static int run_to_file(char *const argv[], const char *out, const char *errf)
{
    pid_t pid = start(argv, out, errf);
    int ws = 0;
    if (pid < 0 || finish(pid, 60000, NULL, &ws)) return -1;
    return WIFEXITED(ws) && WEXITSTATUS(ws) == 0 ? 0 : -1;
}

/* The last non-empty line of file path, control characters as '?' (into
 * out; "" when none). */
static const char *last_line(const char *path, char *out, size_t size)
{
    char b[4096];
    out[0] = 0;
    if (read_text(path, b, sizeof b) <= 0) return out;
    char *end = b + strlen(b);
    while (end > b && (end[-1] == '\n' || end[-1] == ' ')) *--end = 0;
    char *p = strrchr(b, '\n');
    snprintf(out, size, "%s", p ? p + 1 : b);
    for (char *q = out; *q; q++)
        if ((unsigned char)*q < 32 || *q == 127) *q = '?';
    return out;
}

/* ---- the host's values the files are compared with ---- */

typedef struct host_ref {
    char hostname[256];
    char release[256];
    long cpus;
    long long mem_kb;
    int caps;                /* the bits of this process's CapEff */
    char passwd_mode[16];    /* "0644" */
    char mount_head[40];     /* the first bytes of this process's mountinfo */
    time_t t0;               /* when the probe began */
} host_ref;

static void host_read(host_ref *h)
{
    struct utsname u;
    memset(h, 0, sizeof *h);
    if (uname(&u) == 0) {
        snprintf(h->hostname, sizeof h->hostname, "%s", u.nodename);
        snprintf(h->release, sizeof h->release, "%s", u.release);
    }
    h->cpus = sysconf(_SC_NPROCESSORS_ONLN);
    char b[4096];
    h->mem_kb = read_text("/proc/meminfo", b, sizeof b) > 0 ? status_field(b, "MemTotal:", 10) : -1;
    h->caps = popcount(own_caps());
    struct stat st;
    if (stat("/etc/passwd", &st) == 0) snprintf(h->passwd_mode, sizeof h->passwd_mode, "0%o", (unsigned)(st.st_mode & 07777));
    if (read_text("/proc/self/mountinfo", b, 33) > 0) snprintf(h->mount_head, sizeof h->mount_head, "%.32s", b);
    h->t0 = time(NULL);
}

/* ---- one observed condition ---- */

/* What a runner is given for one condition. */
typedef struct cond {
    const char *dir;       /* where its files go */
    char file[1024];       /* the observer's output */
    char log[1024];        /* its stderr */
    char ctl[1024], ack[1024]; /* perf's control FIFOs */
    long rate;
    const char *event;     /* perf's event (NULL: its default) */
    pid_t target;          /* the workload's host pid */
    pid_t target_ppid;     /* its parent's, on the host */
    pid_t observer;
    int ctl_fd, ack_fd;
} cond;

/* n as text in b (64 bytes at least). */
static const char *number(char *b, long n)
{
    snprintf(b, 64, "%ld", n);
    return b;
}

/* One fact read from a file. */
typedef struct fact_out {
    const char *fact;
    const char *carried;   /* "yes", "estimate", "no" */
    const char *how;
    char value[256];
} fact_out;

/* What a file gave: the facts and the events counted. */
typedef struct reading {
    fact_out f[16];
    size_t n;
    long events;
} reading;

static void put_fact(reading *r, const char *fact, int carried, const char *how, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void put_fact(reading *r, const char *fact, int carried, const char *how, const char *fmt, ...)
{
    assert(r->n < sizeof r->f / sizeof r->f[0]);
    fact_out *f = &r->f[r->n++];
    f->fact = fact;
    f->carried = carried == 2 ? "estimate" : carried ? "yes" : "no";
    f->how = how;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->value, sizeof f->value, fmt, ap);
    va_end(ap);
}

struct isl_channel_runner {
    const char *channel, *tool, *package, *shape;
    int rated;
    int ptraces;           /* attaches by ptrace: Yama's scope applies */
    int perf_events;       /* opens perf events: perf_event_paranoid and the PMU apply */
    /* starts the observer on c->target, its files in c; ISL_OK or ISL_ETOOL */
    isl_status (*attach)(cond *c, isl_error *err);
    /* after the workload's end: counts its events into r; with facts, also
     * reads which facts its file carried */
    isl_status (*read)(cond *c, const host_ref *h, int facts, reading *r, isl_error *err);
};

/* Waits until ready() holds, up to ms; 0 when it did. */
static int wait_until(int (*ready)(cond *), cond *c, int ms)
{
    for (int waited = 0; waited <= ms; waited += 2) {
        if (ready(c)) return 0;
        if (c->observer > 0 && waitpid(c->observer, NULL, WNOHANG) != 0) return -1; /* it ended (or was reaped) */
        struct timespec t = {0, 2000000};
        nanosleep(&t, NULL);
    }
    return -1;
}

/* perf record -F F -g -p PID, started disabled with a control FIFO; it is
 * attached once it answers "enable" with "ack". */
static int perf_acked(cond *c)
{
    struct pollfd p = {c->ack_fd, POLLIN, 0};
    char b[16];
    if (poll(&p, 1, 0) != 1) return 0;
    ssize_t n = read(c->ack_fd, b, sizeof b - 1);
    return n >= 3 && !memcmp(b, "ack", 3);
}

static isl_status perf_attach(cond *c, isl_error *err)
{
    char rate[32], pid[32], control[2100];
    snprintf(rate, sizeof rate, "%ld", c->rate);
    snprintf(pid, sizeof pid, "%ld", (long)c->target);
    snprintf(c->ctl, sizeof c->ctl, "%s/ctl-%ldhz", c->dir, c->rate);
    snprintf(c->ack, sizeof c->ack, "%s/ack-%ldhz", c->dir, c->rate);
    snprintf(control, sizeof control, "fifo:%s,%s", c->ctl, c->ack);
    unlink(c->ctl);
    unlink(c->ack);
    if (mkfifo(c->ctl, 0600) || mkfifo(c->ack, 0600))
        return isl_fail(err, ISL_ETOOL, "cannot make perf's control FIFO in %s: %s", c->dir, strerror(errno));
    /* read-write: neither open waits for perf, nor does a read see EOF */
    c->ctl_fd = open(c->ctl, O_RDWR | O_CLOEXEC);
    c->ack_fd = open(c->ack, O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (c->ctl_fd < 0 || c->ack_fd < 0)
        return isl_fail(err, ISL_ETOOL, "cannot open perf's control FIFO %s: %s", c->ctl, strerror(errno));
    char *argv[20];
    int n = 0;
    argv[n++] = "perf", argv[n++] = "record", argv[n++] = "-F", argv[n++] = rate, argv[n++] = "-g";
    if (c->event) argv[n++] = "-e", argv[n++] = (char *)c->event;
    argv[n++] = "-p", argv[n++] = pid, argv[n++] = "-o", argv[n++] = c->file, argv[n++] = "-D", argv[n++] = "-1";
    argv[n++] = "--control", argv[n++] = control, argv[n] = NULL;
    if ((c->observer = start(argv, NULL, c->log)) < 0)
        return isl_fail(err, ISL_ETOOL, "cannot start perf: %s", strerror(errno));
    if (put_all(c->ctl_fd, "enable\n", 7) || wait_until(perf_acked, c, 20000)) {
        char l[300];
        return isl_fail(err, ISL_ETOOL, "perf record did not attach to pid %ld: %s", (long)c->target,
                        last_line(c->log, l, sizeof l)[0] ? l : "no acknowledgement on its control FIFO");
    }
    return ISL_OK;
}

/* Reads "# key : value" of perf's header text into out. */
static int header_value(const char *text, const char *key, char *out, size_t size)
{
    char k[64];
    snprintf(k, sizeof k, "# %s : ", key);
    const char *p = strstr(text, k);
    if (!p) return out[0] = 0, 0;
    p += strlen(k);
    snprintf(out, size, "%.*s", (int)strcspn(p, "\n"), p);
    return 1;
}

static isl_status perf_read(cond *c, const host_ref *h, int facts, reading *r, isl_error *err)
{
    char pids[1100], hdr[1100], l[300];
    snprintf(pids, sizeof pids, "%s.pids", c->file);
    snprintf(hdr, sizeof hdr, "%s.header", c->file);
    char *script[] = {"perf", "script", "-F", "pid", "-i", c->file, NULL};
    if (run_to_file(script, pids, c->log))
        return isl_fail(err, ISL_ETOOL, "perf script could not read %s: %s", c->file, last_line(c->log, l, sizeof l));
    /* the samples: one line each, the pid of the sampled thread */
    FILE *f = fopen(pids, "r");
    if (!f) return isl_fail(err, ISL_ETOOL, "cannot read %s: %s", pids, strerror(errno));
    long events = 0, own = 0, other = 0, other_pid = 0;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        long p = strtol(line, NULL, 10);
        if (p <= 0) continue;
        events++;
        if (p == (long)c->target) own++;
        else other++, other_pid = p;
    }
    fclose(f);
    r->events = events;
    if (!facts) return ISL_OK;
    char *report[] = {"perf", "report", "--header-only", "-i", c->file, NULL};
    if (run_to_file(report, hdr, c->log))
        return isl_fail(err, ISL_ETOOL, "perf report could not read %s: %s", c->file, last_line(c->log, l, sizeof l));
    char *text = malloc(1 << 16);
    if (!text) return isl_fail(err, ISL_ENOMEM, "out of memory");
    if (read_text(hdr, text, 1 << 16) < 0) text[0] = 0;
    char v[256];
    header_value(text, "hostname", v, sizeof v);
    put_fact(r, "hostname", v[0] && !strcmp(v, h->hostname), "perf header: hostname", "%s", v);
    header_value(text, "os release", v, sizeof v);
    put_fact(r, "kernel-version", v[0] && !strcmp(v, h->release), "perf header: os release", "%s", v);
    header_value(text, "nrcpus online", v, sizeof v);
    put_fact(r, "cpu-count", v[0] && strtol(v, NULL, 10) == h->cpus, "perf header: nrcpus online", "%s", v);
    header_value(text, "total memory", v, sizeof v);
    put_fact(r, "memory-limit", v[0] && strtoll(v, NULL, 10) == h->mem_kb, "perf header: total memory", "%s", v);
    free(text);
    put_fact(r, "own-process-number", own > 0, "sample pids", "%s", own ? number(v, (long)c->target) : "");
    put_fact(r, "other-process-list", other > 0, "sample pids", "%s", other ? number(v, other_pid) : "");
    put_fact(r, "cpu-share", events > 0 ? 2 : 0, "sample count x period", "%ld samples", events);
    put_fact(r, "system-load", 0, "not in the file", "%s", "");
    return ISL_OK;
}

/* strace -f -p PID: attached once the target's TracerPid is strace's. */
static int traced(cond *c)
{
    char path[64], b[4096];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)c->target);
    return read_text(path, b, sizeof b) > 0 && status_field(b, "TracerPid:", 10) == (long long)c->observer;
}

static isl_status strace_attach(cond *c, isl_error *err)
{
    char pid[32];
    snprintf(pid, sizeof pid, "%ld", (long)c->target);
    char *argv[] = {"strace", "-f", "-p", pid, "-o", c->file, NULL};
    if ((c->observer = start(argv, NULL, c->log)) < 0)
        return isl_fail(err, ISL_ETOOL, "cannot start strace: %s", strerror(errno));
    if (wait_until(traced, c, 20000)) {
        char l[300];
        return isl_fail(err, ISL_ETOOL, "strace did not attach to pid %ld: %s", (long)c->target,
                        last_line(c->log, l, sizeof l)[0] ? l : "TracerPid never set");
    }
    return ISL_OK;
}

/* The text between the first `open` after `key` and the next `close`. */
static int between(const char *line, const char *key, char open, char close, char *out, size_t size)
{
    const char *p = strstr(line, key);
    if (!p || !(p = strchr(p + strlen(key), open))) return out[0] = 0, 0;
    p++;
    snprintf(out, size, "%.*s", (int)strcspn(p, (char[]){close, 0}), p);
    return 1;
}

static isl_status strace_read(cond *c, const host_ref *h, int facts, reading *r, isl_error *err)
{
    FILE *f = fopen(c->file, "r");
    if (!f) return isl_fail(err, ISL_ETOOL, "cannot read strace's file %s: %s", c->file, strerror(errno));
    char line[4096], node[256] = "", mode[64] = "", caps[2048] = "", mounts[128] = "", v[64];
    long events = 0, own = 0, ppid = -1;
    long long clock = -1;
    int mountinfo = 0; /* the line after its openat */
    while (fgets(line, sizeof line, f)) {
        char *p = line;
        long pid = strtol(line, &p, 10);
        while (*p == ' ') p++;
        if (!strncmp(p, "+++", 3) || !strncmp(p, "---", 3)) continue;
        events++;
        if (pid == (long)c->target) own++;
        int after_open = mountinfo;
        mountinfo = 0;
        if (!strncmp(p, "getppid()", 9) && ppid < 0) ppid = strtol(strrchr(p, '=') + 1, NULL, 10);
        else if (!strncmp(p, "uname(", 6) && !node[0]) between(p, "nodename=", '"', '"', node, sizeof node);
        else if (strstr(p, "\"/etc/passwd\"") && !mode[0] && between(p, "st_mode=", '|', ',', v, sizeof v))
            snprintf(mode, sizeof mode, "%s", v);
        else if (!strncmp(p, "capget(", 7) && !caps[0] && strstr(p, "effective="))
            snprintf(caps, sizeof caps, "%.*s", (int)strcspn(strstr(p, "effective="), ","), strstr(p, "effective="));
        else if (!strncmp(p, "clock_gettime(CLOCK_REALTIME", 28) && clock < 0 && strstr(p, "tv_sec="))
            clock = strtoll(strstr(p, "tv_sec=") + 7, NULL, 10);
        else if (strstr(p, "\"/proc/self/mountinfo\"")) mountinfo = 1;
        else if (after_open && !strncmp(p, "read(", 5) && !mounts[0]) between(p, "read(", '"', '"', mounts, sizeof mounts);
    }
    fclose(f);
    r->events = events;
    if (!facts) return ISL_OK;
    /* the capability names decoded: 1<<CAP_X|... (capget's effective set) */
    int ncaps = 0;
    for (const char *p = caps; (p = strstr(p, "CAP_")); p += 4) ncaps++;
    put_fact(r, "own-process-number", own > 0, "line pid prefix", "%s", own ? number(v, (long)c->target) : "");
    put_fact(r, "ancestor-process-chain", ppid > 0 && ppid == (long)c->target_ppid, "getppid result", "%s",
             ppid >= 0 ? number(v, ppid) : "");
    put_fact(r, "hostname", node[0] && !strcmp(node, h->hostname), "uname result: nodename", "%s", node);
    put_fact(r, "file-permissions", mode[0] && !strcmp(mode, h->passwd_mode), "stat result: st_mode of /etc/passwd",
             "%s", mode);
    put_fact(r, "file-ownership", 0, "stat result: no owner (strace -v would show it)", "%s", "");
    put_fact(r, "capability-set", ncaps > 0 && ncaps >= h->caps, "capget result: effective set",
             "%d capabilities", ncaps);
    put_fact(r, "clock", clock > 0 && clock >= (long long)h->t0 - 5 && clock <= (long long)time(NULL) + 5,
             "clock_gettime result", "%s", clock > 0 ? number(v, (long)clock) : "");
    /* strace writes a newline as \\n */
    char *q = mounts;
    for (const char *m = mounts; *m; m++) *q++ = m[0] == '\\' && m[1] == 'n' ? (m++, '\n') : *m;
    *q = 0;
    put_fact(r, "root-filesystem-tree", mounts[0] && !strncmp(mounts, h->mount_head, strlen(mounts)),
             "read of /proc/self/mountinfo (its first 32 bytes)", "%s", mounts);
    put_fact(r, "other-mounts", 0, "read of /proc/self/mountinfo: 32 bytes shown, no other mount", "%s", "");
    return ISL_OK;
}

/* The registry: a channel is measurable here when it has a row. */
static const isl_channel_runner runners[] = {
    {"sampling-profile", "perf", "linux-perf", "perf record -F F -g -p PID", 1, 0, 1, perf_attach, perf_read},
    {"system-call-tracing", "strace", "strace", "strace -f -p PID", 0, 1, 0, strace_attach, strace_read},
    {NULL, NULL, NULL, NULL, 0, 0, 0, NULL, NULL},
};

const isl_channel_runner *isl_channel_runner_find(const char *channel)
{
    for (const isl_channel_runner *r = runners; r->channel; r++)
        if (!strcmp(r->channel, channel)) return r;
    return NULL;
}

const isl_channel_runner *isl_channel_runner_at(size_t i)
{
    return i < sizeof runners / sizeof runners[0] - 1 ? &runners[i] : NULL;
}

const char *isl_channel_runner_channel(const isl_channel_runner *r) { return r->channel; }
const char *isl_channel_runner_tool(const isl_channel_runner *r) { return r->tool; }
const char *isl_channel_runner_package(const isl_channel_runner *r) { return r->package; }
const char *isl_channel_runner_shape(const isl_channel_runner *r) { return r->shape; }
int isl_channel_runner_rated(const isl_channel_runner *r) { return r->rated; }

const char *isl_check_status_name(isl_check_status s)
{
    static const char *const names[] = {"ok", "substitute", "skipped"};
    assert(s <= ISL_CHECK_SKIPPED);
    return names[s];
}

/* ---- preflights ---- */

#define CAP_BIT(n) (1ull << (n))

/* Reports one check; a skipped one ends the probe with its reason. */
static isl_status check(const isl_channel_sink *sink, isl_error *err, const char *name, isl_check_status s,
                        const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static isl_status check(const isl_channel_sink *sink, isl_error *err, const char *name, isl_check_status s,
                        const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    isl_status st = sink && sink->check ? sink->check(sink->ctx, name, s, msg) : ISL_OK;
    if (!st && s == ISL_CHECK_SKIPPED) st = isl_fail(err, ISL_ETOOL, "%s", msg);
    return st;
}

/* The event perf samples on: the hardware PMU's default, or cpu-clock. */
static int have_pmu(void)
{
    struct stat st;
    return stat("/sys/bus/event_source/devices/cpu", &st) == 0 || stat("/sys/bus/event_source/devices/cpu_core", &st) == 0;
}

isl_status isl_channel_preflight(const isl_channel_runner *r, const isl_channel_sink *sink, isl_error *err)
{
    char path[4096], b[64];
    if (!find_program(r->tool, path, sizeof path))
        return check(sink, err, "program", ISL_CHECK_SKIPPED, "%s is not installed: it is in the Debian package %s "
                     "(apt-get install %s)", r->tool, r->package, r->package);
    char *version[] = {(char *)r->tool, "--version", NULL};
    if (run_to_file(version, NULL, NULL))
        return check(sink, err, "program", ISL_CHECK_SKIPPED, "%s --version fails: %s does not run on this kernel "
                     "(the Debian package %s for it)", path, r->tool, r->package);
    isl_status st = check(sink, err, "program", ISL_CHECK_OK, "%s", path);
    unsigned long long caps = own_caps();
    if (!st && r->perf_events) {
        long paranoid = read_text("/proc/sys/kernel/perf_event_paranoid", b, sizeof b) > 0 ? strtol(b, NULL, 10) : 2;
        int privileged = (caps & (CAP_BIT(38) | CAP_BIT(21))) != 0; /* CAP_PERFMON, CAP_SYS_ADMIN */
        if (!privileged && paranoid > 2)
            st = check(sink, err, "perf_event_paranoid", ISL_CHECK_SKIPPED, "kernel.perf_event_paranoid is %ld: "
                       "sampling another process needs at most 2 without CAP_PERFMON (sysctl kernel.perf_event_paranoid=2)",
                       paranoid);
        else st = check(sink, err, "perf_event_paranoid", ISL_CHECK_OK, "%ld%s", paranoid,
                        privileged ? " (the caller holds CAP_PERFMON or CAP_SYS_ADMIN)"
                        : paranoid == 2 ? " (an unprivileged caller samples its own processes, user space only)" : "");
        if (!st && !have_pmu())
            st = check(sink, err, "pmu", ISL_CHECK_SUBSTITUTE,
                       "no hardware PMU (/sys/bus/event_source/devices/cpu): cpu-clock used");
        else if (!st) st = check(sink, err, "pmu", ISL_CHECK_OK, "hardware PMU: perf's default event");
    }
    if (!st && r->ptraces) {
        long scope = read_text("/proc/sys/kernel/yama/ptrace_scope", b, sizeof b) > 0 ? strtol(b, NULL, 10) : -1;
        int ptracer = (caps & CAP_BIT(19)) != 0; /* CAP_SYS_PTRACE */
        if (scope >= 3)
            st = check(sink, err, "yama", ISL_CHECK_SKIPPED, "Yama's ptrace_scope is %ld: no process may attach to "
                       "another (it stays so until reboot)", scope);
        else if (scope >= 1 && !ptracer)
            st = check(sink, err, "yama", ISL_CHECK_SKIPPED, "Yama's ptrace_scope is %ld: attaching to a process that "
                       "is not one's child needs CAP_SYS_PTRACE (sysctl kernel.yama.ptrace_scope=0)", scope);
        else st = check(sink, err, "yama", ISL_CHECK_OK, scope < 0 ? "no Yama" : "ptrace_scope %ld", scope);
    }
    return st;
}

/* ---- the rounds ---- */

/* The directory the files go in: keep (made when missing, refused when it
 * holds anything) or a new scratch directory; into dir. */
static isl_status open_dir(const char *keep, char *dir, size_t size, isl_error *err)
{
    if (!keep) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, size, "%s/isolab-channel-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir)) return isl_fail(err, ISL_ETOOL, "cannot make a scratch directory %s: %s", dir, strerror(errno));
        return ISL_OK;
    }
    if ((size_t)snprintf(dir, size, "%s", keep) >= size) return isl_fail(err, ISL_EINPUT, "%s: the name is too long", keep);
    if (mkdir(dir, 0700) && errno != EEXIST) return isl_fail(err, ISL_EINPUT, "cannot make %s: %s", dir, strerror(errno));
    DIR *d = opendir(dir);
    if (!d) return isl_fail(err, ISL_EINPUT, "cannot open %s: %s", dir, strerror(errno));
    struct dirent *e;
    int used = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) used = 1;
    closedir(d);
    return used ? isl_fail(err, ISL_EINPUT, "%s is not empty: --keep wants a new or empty directory", dir) : ISL_OK;
}

/* Removes the scratch directory dir and the files in it. */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char path[4096];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            (size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < sizeof path)
            unlink(path);
    closedir(d);
    rmdir(dir);
}

/* Reads one line from fd within ms into b; 0, or -1 (timeout, EOF). */
static int read_line(int fd, char *b, size_t size, int ms)
{
    size_t n = 0;
    for (;;) {
        struct pollfd p = {fd, POLLIN, 0};
        int r = poll(&p, 1, ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        ssize_t k = read(fd, b + n, 1);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return -1;
        if (b[n] == '\n' || n + 2 >= size) {
            b[n + (b[n] != '\n')] = 0;
            return 0;
        }
        n++;
    }
}

/* One condition: the workload spawned in the set, observed at rate (or
 * not), released, timed, ended; its row in *row, the facts into r when
 * not NULL. */
static isl_status run_condition(const isl_channel_plan *p, const isl_channel_sink *sink, const host_ref *h,
                                const char *dir, int observed, long rate, const char *event, int round,
                                isl_channel_round *row, reading *r, isl_error *err)
{
    int go[2];
    if (pipe(go)) return isl_fail(err, ISL_ETOOL, "cannot make a pipe: %s", strerror(errno));
    fcntl(go[1], F_SETFD, FD_CLOEXEC);
    work_ctx w = {p->workload, p->iterations, go[0], go[1]};
    isl_confined c;
    memset(&c, 0, sizeof c);
    c.fd = -1;
    isl_status st = isl_kernel_spawn(p->set, sink->steps, workload_main, &w, &c, err);
    close(go[0]);
    if (st) {
        close(go[1]);
        return st;
    }
    cond k = {.dir = dir, .rate = rate, .event = event, .target = c.pid, .observer = -1, .ctl_fd = -1, .ack_fd = -1};
    const char *tool = p->runner->tool;
    if (p->runner->rated) {
        snprintf(k.file, sizeof k.file, "%s/%s-%ldhz-r%d.data", dir, tool, rate, round);
        snprintf(k.log, sizeof k.log, "%s/%s-%ldhz-r%d.log", dir, tool, rate, round);
    } else {
        snprintf(k.file, sizeof k.file, "%s/%s-r%d.txt", dir, tool, round);
        snprintf(k.log, sizeof k.log, "%s/%s-r%d.log", dir, tool, round);
    }
    char line[256];
    int ms = p->timeout_ms;
    if (read_line(c.fd, line, sizeof line, ms) || strncmp(line, "ready ", 6))
        st = isl_fail(err, ISL_ETOOL, "the workload (pid %ld) did not start within %d ms", (long)c.pid, ms);
    char stat_path[64], stat[512];
    snprintf(stat_path, sizeof stat_path, "/proc/%ld/stat", (long)c.pid);
    const char *paren = read_text(stat_path, stat, sizeof stat) > 0 ? strrchr(stat, ')') : NULL;
    if (paren) k.target_ppid = (pid_t)strtol(paren + 4, NULL, 10); /* ") S PPID" */
    if (!st && observed) st = p->runner->attach(&k, err);
    if (!st && put_all(go[1], "g", 1)) st = isl_fail(err, ISL_ETOOL, "the workload (pid %ld) ended before its start", (long)c.pid);
    close(go[1]);
    double cpu = 0, wall = 0;
    if (!st && (read_line(c.fd, line, sizeof line, ms) || sscanf(line, "done %lf %lf", &cpu, &wall) != 2))
        st = isl_fail(err, ISL_ETOOL, "the workload (pid %ld) did not finish within %d ms", (long)c.pid, ms);
    int status = 0;
    isl_error e2;
    isl_status rs = isl_kernel_reap(&c, st ? 0 : ms, &status, &e2);
    if (!st && rs) st = isl_fail(err, rs, "%s", e2.msg);
    double ocpu = -1;
    if (k.observer > 0) {
        /* it ends with the workload; if not, SIGINT makes it write its file */
        int ws = 0, ended = finish(k.observer, st ? 0 : 10000, &ocpu, &ws);
        if (!st && (ended || !WIFEXITED(ws) || WEXITSTATUS(ws))) {
            char l[300];
            st = isl_fail(err, ISL_ETOOL, "%s %s (pid %ld): %s", tool, ended ? "did not end with the workload" : "failed",
                          (long)k.observer, last_line(k.log, l, sizeof l));
        }
    }
    if (k.ctl_fd >= 0) close(k.ctl_fd);
    if (k.ack_fd >= 0) close(k.ack_fd);
    if (k.ctl[0]) unlink(k.ctl), unlink(k.ack);
    if (!st && status != 0) st = isl_fail(err, ISL_ETOOL, "the workload (pid %ld) exited with status %d", (long)c.pid, status);
    *row = (isl_channel_round){round, 0, observed, rate, cpu, wall, ocpu, load1(), p->iterations,
                               p->iterations * isl_workload_syscalls_per_iteration(p->workload), -1};
    if (!st && observed) {
        reading counted = {.n = 0};
        if (!r) r = &counted;
        st = p->runner->read(&k, h, r != &counted, r, err);
        row->events = r->events;
    }
    return st;
}

isl_status isl_channel_probe(const isl_channel_plan *p, const isl_channel_sink *sink, isl_error *err)
{
    assert(p->runner && p->rounds >= 1 && p->iterations >= 1 && p->set && sink && sink->round && sink->carried);
    assert(!p->runner->rated || p->nrates >= 1);
    isl_status st = isl_channel_preflight(p->runner, sink, err);
    if (st) return st;
    const char *event = p->runner->perf_events && !have_pmu() ? "cpu-clock" : NULL;
    char dir[512];
    if ((st = open_dir(p->keep_dir, dir, sizeof dir, err))) return st;
    host_ref h;
    host_read(&h);
    /* the conditions: unobserved, then each rate (or the observer) */
    size_t n = 1 + (p->runner->rated ? p->nrates : 1);
    for (int round = 1; !st && round <= p->rounds; round++) {
        for (size_t i = 0; !st && i < n; i++) {
            size_t k = round % 2 ? i : n - 1 - i; /* forward, then reversed */
            long rate = k && p->runner->rated ? p->rates[k - 1] : 0;
            isl_channel_round row;
            reading r = {.n = 0};
            int facts = round == 1 && k > 0;
            st = run_condition(p, sink, &h, dir, k > 0, rate, event, round, &row, facts ? &r : NULL, err);
            row.position = (int)i + 1;
            if (!st) st = sink->round(sink->ctx, &row);
            for (size_t j = 0; !st && facts && j < r.n; j++)
                st = sink->carried(sink->ctx, rate, r.events, r.f[j].fact, r.f[j].carried, r.f[j].how, r.f[j].value);
        }
    }
    if (!p->keep_dir) remove_dir(dir);
    return st;
}
