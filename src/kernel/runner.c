/* isolab: the runner (include/isolab/kernel.h). A probe forks a child that
 * builds the set's mechanisms step by step and reads every fact inside;
 * the host is read just before and just after. The child's records come
 * back over a socket pair (SOCK_SEQPACKET: one record a packet; each
 * carries its sender's pid as the kernel translates it, so the runner
 * knows every process of the set by its host pid), and the child asks
 * the runner for what only the host can do (a user namespace's range map,
 * the move into isolab's cgroup). A janitor process, forked first, removes
 * the scratch file and the cgroups should the probe be killed midway. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

/* ---- names ---- */

const char *isl_probe_order_name(isl_probe_order o) { return o == ISL_ORDER_KERNEL ? "kernel" : "model"; }

const char *isl_side_name(isl_side s)
{
    return s == ISL_SIDE_HOST ? "host" : s == ISL_SIDE_INSIDE ? "inside" : "host-after";
}

const char *isl_step_status_name(isl_step_status s)
{
    static const char *const n[] = {"ok", "skipped", "refused", "substitute", "failed"};
    return (unsigned)s < 5 ? n[s] : "?";
}

const char *isl_seen_name(isl_seen s)
{
    static const char *const n[] = {"visible", "closed", "unmeasured"};
    return (unsigned)s < 3 ? n[s] : "?";
}

isl_status isl_probe_env_read(isl_probe_env *env, isl_error *err)
{
    memset(env, 0, sizeof *env);
    struct utsname u;
    if (uname(&u)) return isl_fail(err, ISL_ETOOL, "uname: %s", strerror(errno));
    snprintf(env->release, sizeof env->release, "%s", u.release);
    snprintf(env->hostname, sizeof env->hostname, "%s", u.nodename);
    env->uid = (long)getuid();
    env->privileged = isl_caller_privileged();
    isl_lsm_list(env->lsms, sizeof env->lsms);
    env->cgroup_version = isl_cgroup_version();
    return ISL_OK;
}

/* ---- the runner's state ---- */

enum { MSG_STEP = 'S', MSG_READING = 'R', MSG_END = 'E', MSG_GO = 'G' };
#define MAX_PACKET 65536
#define MAX_PIDS 8

struct isl_kernel_spawned {
    isl_plan plan;
    char built[16][512];        /* each step's message from the child */
    isl_step_status status[16]; /* each step's status, after building */
    isl_cgroup cg;
    char scratch_dir[64], scratch[96];
    int listen_fd, sock, jfd;
    pid_t janitor, child, go_pid;
    pid_t pids[MAX_PIDS];       /* every process of the set seen, host pids */
    size_t npids;
    int ended;                  /* the child's socket end closed */
    int done;                   /* the child's end (or go) received */
    isl_readout host, inside, after;
};
typedef struct isl_kernel_spawned runner;

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The caller's handlers (a command line's, removing its files and saying
 * so) are not the child's: a signal ends it plainly, and none is blocked. */
static void plain_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) signal(sigs[i], SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/* ---- the janitor ---- */

/* The janitor reads lines "f PATH" (a file), "d PATH" (a directory),
 * "c PATH" (a cgroup) and "x" (all removed by the runner: nothing to do).
 * When the pipe ends without "x", the probe died: it removes what it was
 * told of, newest first, waiting for the set's last processes to leave
 * the cgroups (they die with the probe: PR_SET_PDEATHSIG). */
static void janitor_main(int fd)
{
    plain_signals();
    signal(SIGINT, SIG_IGN), signal(SIGHUP, SIG_IGN), signal(SIGTERM, SIG_IGN), signal(SIGQUIT, SIG_IGN);
    char buf[8192];
    size_t n = 0;
    for (;;) {
        ssize_t k = read(fd, buf + n, sizeof buf - 1 - n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        n += (size_t)k;
        if (n == sizeof buf - 1) break;
    }
    buf[n] = '\0';
    char *lines[64];
    size_t nl = 0;
    for (char *l = strtok(buf, "\n"); l && nl < 64; l = strtok(NULL, "\n")) {
        if (!strcmp(l, "x")) _exit(0);
        lines[nl++] = l;
    }
    while (nl-- > 0) {
        char *l = lines[nl];
        if (l[0] == 'f') unlink(l + 2);
        else if (l[0] == 'd') rmdir(l + 2);
        else if (l[0] == 'c')
            for (int tries = 0; tries < 500 && rmdir(l + 2) && errno == EBUSY; tries++)
                nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    _exit(0);
}

static int janitor_start(runner *r)
{
    int p[2]; /* a socket, not a pipe: sent to with MSG_NOSIGNAL, a janitor gone raises no SIGPIPE */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, p)) return errno;
    pid_t j = fork();
    if (j < 0) {
        int e = errno;
        close(p[0]), close(p[1]);
        return e;
    }
    if (j == 0) {
        close(p[1]);
        janitor_main(p[0]);
    }
    close(p[0]);
    r->janitor = j, r->jfd = p[1];
    return 0;
}

static void janitor_tell(runner *r, char what, const char *path)
{
    char line[700];
    int k = snprintf(line, sizeof line, "%c %s\n", what, path);
    if (r->jfd >= 0) isl_wire_send(r->jfd, line, (size_t)k); /* the janitor gone: nothing to be done */
}

static void janitor_end(runner *r)
{
    if (r->jfd < 0) return;
    isl_wire_send(r->jfd, "x\n", 2);
    close(r->jfd);
    r->jfd = -1;
    while (waitpid(r->janitor, NULL, 0) < 0 && errno == EINTR) {}
}

/* ---- leftovers ---- */

/* Removes the scratch directories /tmp/isolab-probe-PID-* of dead pids
 * (their janitor killed too): the file "owned" in each, then the
 * directory. /tmp is anyone's: an entry is opened without following a
 * symbolic link and removed only when it is a real directory owned by
 * this uid that no one else may write to (so no one else can have put
 * anything in it, and, /tmp being sticky, no one else can swap it);
 * everything else is left alone. */
static void sweep_scratch(size_t *n)
{
    int tmp = open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (tmp < 0) return;
    DIR *d = fdopendir(tmp);
    if (!d) {
        close(tmp);
        return;
    }
    struct dirent *e;
    static const char prefix[] = "isolab-probe-";
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, prefix, sizeof prefix - 1)) continue;
        char *end;
        long pid = strtol(e->d_name + sizeof prefix - 1, &end, 10);
        if (pid <= 0 || *end != '-') continue;
        if (kill((pid_t)pid, 0) == 0 || errno == EPERM) continue; /* alive: its own */
        int fd = openat(tmp, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) continue;
        struct stat st;
        int ours = !fstat(fd, &st) && S_ISDIR(st.st_mode) && st.st_uid == geteuid() && !(st.st_mode & 022);
        if (ours && unlinkat(fd, "owned", 0) && errno != ENOENT) ours = 0;
        close(fd);
        if (ours && !unlinkat(tmp, e->d_name, AT_REMOVEDIR)) ++*n;
    }
    closedir(d);
}

isl_status isl_kernel_sweep_leftovers(size_t *cgroups, size_t *scratch, isl_error *err)
{
    (void)err;
    *cgroups = *scratch = 0;
    isl_cgroup_sweep(cgroups);
    sweep_scratch(scratch);
    return ISL_OK;
}

/* ---- the child ---- */

static void send_step(int sock, size_t i, isl_step_status st, const char *msg)
{
    char p[600];
    size_t k = strlen(msg) > 500 ? 500 : strlen(msg);
    p[0] = MSG_STEP, p[1] = (char)i, p[2] = (char)st;
    memcpy(p + 3, msg, k);
    isl_wire_send(sock, p, 3 + k);
}

/* Sends one reading; the child ends with ENOMEM when it cannot (a
 * reading left out would decide its fact as if unread). */
static void send_reading(int sock, const isl_reading *r)
{
    size_t ns = strlen(r->source), nv = strlen(r->value);
    if (ns > 1000) ns = 1000;
    if (2 + ns + 1 + nv > MAX_PACKET) nv = MAX_PACKET - 3 - ns;
    char *p = malloc(2 + ns + 1 + nv);
    if (!p) _exit(ENOMEM);
    p[0] = MSG_READING, p[1] = (char)r->fact;
    memcpy(p + 2, r->source, ns);
    p[2 + ns] = '\0';
    memcpy(p + 3 + ns, r->value, nv);
    isl_wire_send(sock, p, 3 + ns + nv);
    free(p);
}

/* Builds each step the preflight let through, then reads every fact (or
 * runs fn, for a spawn). Never returns. */
static void child_main(runner *r, pid_t parent, int (*fn)(void *, int), void *ctx, int out_fd)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    plain_signals();
    if (getppid() != parent) _exit(111);
    isl_build b = {.sock = r->sock, .privileged = r->plan.privileged};
    for (size_t i = 0; i < r->plan.n; i++) {
        const isl_plan_step *s = &r->plan.step[i];
        if (s->status != ISL_STEP_OK && s->status != ISL_STEP_SUBSTITUTE) continue;
        char msg[512];
        int e = isl_build_step(&b, s, msg, sizeof msg);
        send_step(r->sock, i, e ? ISL_STEP_FAILED : s->status, msg);
    }
    if (fn) {
        char go = MSG_GO;
        isl_wire_send(r->sock, &go, 1);
        close(r->sock);
        _exit(fn(ctx, out_fd) & 0xff);
    }
    /* the host's cgroup version: inside, the trees may not be mounted */
    isl_readout ro = {.scratch = r->scratch[0] ? r->scratch : NULL, .cgroup_version = r->host.cgroup_version};
    isl_read_all(&ro, ISL_READ_ALL);
    if (ro.oom) _exit(ENOMEM);
    for (size_t i = 0; i < ro.n; i++) send_reading(r->sock, &ro.r[i]);
    char end = MSG_END;
    isl_wire_send(r->sock, &end, 1);
    _exit(0);
}

/* ---- the runner's side ---- */

static void note_pid(runner *r, pid_t pid)
{
    if (pid <= 0 || pid == r->child) return;
    for (size_t i = 0; i < r->npids; i++)
        if (r->pids[i] == pid) return;
    if (r->npids < MAX_PIDS) r->pids[r->npids++] = pid;
}

static int write_map(pid_t pid, const char *file, const char *map)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/%s", (long)pid, file);
    return isl_write_text(path, map);
}

/* Handles one packet: 1 to go on, 0 at the child's end or its go. */
static int handle(runner *r, const char *p, size_t n, pid_t from)
{
    note_pid(r, from);
    if (n == 0) return 1;
    int reply;
    switch (p[0]) {
    case ISL_ASK_MAP_RANGE:
        reply = write_map(from, "uid_map", "0 100000 65536\n");
        if (!reply) reply = write_map(from, "gid_map", "0 100000 65536\n");
        isl_wire_send(r->sock, &reply, sizeof reply);
        return 1;
    case ISL_ASK_CGROUP:
        reply = r->cg.n ? isl_cgroup_attach(&r->cg, from) : ENOENT;
        isl_wire_send(r->sock, &reply, sizeof reply);
        return 1;
    case MSG_STEP:
        if (n >= 3 && (unsigned char)p[1] < r->plan.n) {
            size_t i = (unsigned char)p[1];
            r->status[i] = (isl_step_status)p[2];
            snprintf(r->built[i], sizeof r->built[i], "%.*s", (int)(n - 3), p + 3);
        }
        return 1;
    case MSG_READING: {
        size_t ns = n > 2 ? strnlen(p + 2, n - 2) : 0;
        if (n < 3 || 2 + ns >= n) return 1;
        char *v = malloc(n - ns - 2);
        if (!v) return r->inside.oom = 1, 1;
        memcpy(v, p + 3 + ns, n - ns - 3);
        v[n - ns - 3] = '\0';
        if ((unsigned char)p[1] < 64) isl_ro_put(&r->inside, (unsigned char)p[1], p + 2, v);
        free(v);
        return 1;
    }
    case MSG_END:
        return 0;
    case MSG_GO:
        r->go_pid = from;
        return 0;
    }
    return 1;
}

/* Waits up to the deadline for the child to exit: its status, or -1 past
 * the deadline. */
static int wait_child(runner *r, long deadline)
{
    int fd = (int)syscall(SYS_pidfd_open, r->child, 0);
    for (;;) {
        int st;
        pid_t w = waitpid(r->child, &st, WNOHANG);
        if (w == r->child) {
            if (fd >= 0) close(fd);
            r->child = 0;
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        }
        if (w < 0 && errno != EINTR) {
            if (fd >= 0) close(fd);
            return -1;
        }
        long left = deadline - now_ms();
        if (left <= 0) {
            if (fd >= 0) close(fd);
            return -1;
        }
        if (fd >= 0) poll(&(struct pollfd){fd, POLLIN, 0}, 1, (int)left);
        else nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
}

/* Ends every process of the set by pid, innermost first, and reaps the
 * child: the relays reap the rest, so the child is given a moment to do
 * so before it is ended too (none is left a zombie of another's). */
static void end_all(runner *r)
{
    for (size_t i = r->npids; i-- > 0;) kill(r->pids[i], SIGKILL);
    if (r->child > 0 && wait_child(r, now_ms() + 500) < 0 && r->child > 0) {
        kill(r->child, SIGKILL);
        while (waitpid(r->child, NULL, 0) < 0 && errno == EINTR) {}
        r->child = 0;
    }
}

/* Services the child's packets until its end (or go), its exit or the
 * deadline; with ready_only, only those already there. 0, ETIMEDOUT, or
 * EPIPE when it ended without its end. */
static int service(runner *r, long deadline, int ready_only)
{
    if (r->done) return 0;
    char *p = malloc(MAX_PACKET + 1);
    if (!p) return ENOMEM;
    int rc = 0;
    for (;;) {
        long left = deadline - now_ms();
        if (left <= 0) { rc = ETIMEDOUT; break; }
        struct pollfd pf = {r->sock, POLLIN, 0};
        int k = poll(&pf, 1, ready_only ? 0 : (int)left);
        if (k < 0 && errno == EINTR) continue;
        if (k == 0 && ready_only) break;
        if (k <= 0) { rc = k ? errno : ETIMEDOUT; break; }
        union {
            struct cmsghdr h;
            char b[CMSG_SPACE(sizeof(struct ucred))];
        } cbuf;
        struct iovec iov = {p, MAX_PACKET};
        struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf.b, .msg_controllen = sizeof cbuf.b};
        ssize_t n = recvmsg(r->sock, &m, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { r->ended = 1, rc = EPIPE; break; }
        pid_t from = 0;
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_CREDENTIALS) {
                struct ucred u;
                memcpy(&u, CMSG_DATA(c), sizeof u);
                from = u.pid;
            }
        if (!handle(r, p, (size_t)n, from)) {
            r->done = 1;
            break;
        }
    }
    free(p);
    return rc;
}

/* The listening port the host shows (127.0.0.1, a port of the kernel's
 * choosing), so that listening-ports has one to find. */
static int open_listener(void)
{
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (bind(s, (struct sockaddr *)&a, sizeof a) || listen(s, 1)) {
        close(s);
        return -1;
    }
    return s;
}

/* The scratch file: /tmp/isolab-probe-PID-XXXXXX/owned, mode 0640, owned
 * by 64000:64001 when the caller may give it away. */
static int make_scratch(runner *r)
{
    snprintf(r->scratch_dir, sizeof r->scratch_dir, "/tmp/isolab-probe-%ld-XXXXXX", (long)getpid());
    if (!mkdtemp(r->scratch_dir)) return r->scratch_dir[0] = '\0', errno;
    janitor_tell(r, 'd', r->scratch_dir);
    chmod(r->scratch_dir, 0755);
    snprintf(r->scratch, sizeof r->scratch, "%s/owned", r->scratch_dir);
    janitor_tell(r, 'f', r->scratch);
    int fd = open(r->scratch, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0640);
    if (fd < 0) return r->scratch[0] = '\0', errno;
    if (r->plan.privileged && fchown(fd, 64000, 64001)) {} /* its owner is then the caller: still a reading */
    close(fd);
    return 0;
}

static void cleanup(runner *r)
{
    if (r->sock >= 0) close(r->sock), r->sock = -1;
    if (r->child > 0) end_all(r);
    if (r->listen_fd >= 0) close(r->listen_fd), r->listen_fd = -1;
    if (r->scratch[0]) unlink(r->scratch), r->scratch[0] = '\0';
    if (r->scratch_dir[0]) rmdir(r->scratch_dir), r->scratch_dir[0] = '\0';
    if (r->cg.n) isl_cgroup_remove(&r->cg);
    janitor_end(r);
    isl_ro_free(&r->host), isl_ro_free(&r->inside), isl_ro_free(&r->after);
}

/* Everything up to the fork: the plan, the janitor, the cgroup, the
 * scratch file and listener (readings only), the host's readings of the
 * facts that drift. */
static isl_status prepare(runner *r, const isl_probe_set *set, int readings, isl_error *err)
{
    memset(r, 0, sizeof *r);
    r->listen_fd = r->sock = r->jfd = -1;
    isl_status st = isl_plan_make(set, &r->plan, err);
    if (st) return st;
    for (size_t i = 0; i < r->plan.n; i++) r->status[i] = r->plan.step[i].status;
    size_t swept_cgroups, swept_scratch;
    isl_kernel_sweep_leftovers(&swept_cgroups, &swept_scratch, NULL);
    int e = janitor_start(r);
    if (e) return isl_fail(err, ISL_ETOOL, "fork: %s", strerror(e));
    for (size_t i = 0; i < r->plan.n; i++) {
        isl_plan_step *s = &r->plan.step[i];
        if (s->mech < 0 || strcmp(isl_kernel_mechanisms[s->mech].name, "control-group") || s->status != ISL_STEP_OK)
            continue;
        char msg[512];
        e = isl_cgroup_make(&r->cg, msg, sizeof msg);
        for (size_t k = 0; k < r->cg.n; k++) janitor_tell(r, 'c', r->cg.dir[k]);
        if (e) r->status[i] = ISL_STEP_FAILED, snprintf(r->built[i], sizeof r->built[i], "%s", msg);
    }
    if (readings) {
        if (make_scratch(r)) r->scratch[0] = '\0';
        r->listen_fd = open_listener();
        r->host.scratch = r->inside.scratch = r->after.scratch = r->scratch[0] ? r->scratch : NULL;
        r->host.cgroup_version = r->after.cgroup_version = isl_cgroup_version();
        isl_read_all(&r->host, ISL_READ_DRIFTING);
    }
    return ISL_OK;
}

/* Forks the child that builds r's plan, then reads (fn NULL) or runs fn. */
static isl_status fork_child(runner *r, int (*fn)(void *, int), void *ctx, int out_fd, isl_error *err)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv))
        return isl_fail(err, ISL_ETOOL, "socketpair: %s", strerror(errno));
    int one = 1;
    setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &one, sizeof one);
    pid_t parent = getpid();
    /* a step the child skips must not see the parent's plan change: the
     * plan is copied with the fork */
    for (size_t i = 0; i < r->plan.n; i++)
        if (r->status[i] == ISL_STEP_FAILED) r->plan.step[i].status = ISL_STEP_FAILED;
    pid_t c = fork();
    if (c < 0) {
        int e = errno;
        close(sv[0]), close(sv[1]);
        return isl_fail(err, ISL_ETOOL, "fork: %s", strerror(e));
    }
    if (c == 0) {
        close(sv[0]);
        r->sock = sv[1];
        if (r->listen_fd >= 0) close(r->listen_fd);
        if (r->jfd >= 0) close(r->jfd);
        child_main(r, parent, fn, ctx, out_fd);
    }
    close(sv[1]);
    r->sock = sv[0], r->child = c;
    return ISL_OK;
}

/* The steps, readings and outcomes to the sink, in that order. */
static isl_status report(runner *r, const isl_probe_set *set, const isl_probe_sink *sink)
{
    isl_status st = ISL_OK;
    for (size_t i = 0; i < r->plan.n && !st; i++) {
        const isl_plan_step *s = &r->plan.step[i];
        const char *prim = s->mech >= 0 ? isl_kernel_mechanisms[s->mech].primitive : "";
        char msg[1100];
        if (r->status[i] == ISL_STEP_FAILED || !s->msg[0]) snprintf(msg, sizeof msg, "%s", r->built[i]);
        else if (r->built[i][0]) snprintf(msg, sizeof msg, "%s; %s", s->msg, r->built[i]);
        else snprintf(msg, sizeof msg, "%s", s->msg);
        if (sink->step) st = sink->step(sink->ctx, s->name, prim, r->status[i], msg);
    }
    const isl_readout *sides[3] = {&r->host, &r->inside, &r->after};
    for (size_t f = 0; f < set->nfacts && !st; f++) {
        int fi = isl_fact_index(set->facts[f]);
        if (fi < 0 || !sink->reading) continue;
        for (int sd = 0; sd < 3 && !st; sd++)
            for (size_t k = 0; k < sides[sd]->n && !st; k++)
                if (sides[sd]->r[k].fact == fi)
                    st = sink->reading(sink->ctx, (isl_side)sd, set->facts[f], sides[sd]->r[k].source,
                                       sides[sd]->r[k].value);
    }
    for (size_t f = 0; f < set->nfacts && !st; f++) {
        int fi = isl_fact_index(set->facts[f]);
        char via[2048];
        isl_seen seen;
        if (fi < 0) seen = ISL_SEEN_UNMEASURED, snprintf(via, sizeof via, "no reader in isolab for this fact");
        else seen = isl_fact_decide(fi, &r->host, &r->inside, &r->after, via, sizeof via);
        if (sink->observed) st = sink->observed(sink->ctx, set->facts[f], seen, via);
    }
    return st;
}

isl_status isl_probe_set_run(const isl_probe_set *set, const isl_probe_sink *sink, isl_error *err)
{
    assert(set && sink);
    runner *r = malloc(sizeof *r);
    if (!r) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_status st = prepare(r, set, 1, err);
    if (st) {
        cleanup(r);
        free(r);
        return st;
    }
    long deadline = now_ms() + (set->timeout_ms > 0 ? set->timeout_ms : 10000);
    st = fork_child(r, NULL, NULL, -1, err);
    if (!st) {
        /* what does not drift is read on the host while the child builds,
         * answering its requests between two facts */
        int e = 0;
        for (int f = 0; isl_kernel_facts[f].name && !e; f++)
            if (!isl_kernel_facts[f].drifts) isl_read_fact(&r->host, f), e = service(r, deadline, 1);
        if (!e) e = service(r, deadline, 0);
        if (e == ETIMEDOUT) {
            end_all(r);
            st = isl_fail(err, ISL_ETOOL, "the probe's child passed its %d ms and was ended",
                          set->timeout_ms > 0 ? set->timeout_ms : 10000);
        } else {
            int code = wait_child(r, deadline);
            if (code < 0) {
                end_all(r);
                st = isl_fail(err, ISL_ETOOL, "the probe's child passed its time and was ended");
            } else if (code == ENOMEM)
                st = isl_fail(err, ISL_ENOMEM, "out of memory in the probe's child");
            else if (e || code)
                st = isl_fail(err, ISL_ETOOL, "the probe's child ended before its readings (%s %d)",
                              code >= 128 ? "signal" : "exit status", code >= 128 ? code - 128 : code);
        }
    }
    if (!st) {
        isl_read_all(&r->after, ISL_READ_DRIFTING);
        if (r->inside.oom || r->host.oom || r->after.oom) st = isl_fail(err, ISL_ENOMEM, "out of memory");
    }
    if (!st) {
        if (r->sock >= 0) close(r->sock), r->sock = -1;
        if (r->listen_fd >= 0) close(r->listen_fd), r->listen_fd = -1;
        st = report(r, set, sink);
    }
    cleanup(r);
    free(r);
    return st;
}

isl_status isl_kernel_spawn(const isl_probe_set *set, const isl_probe_sink *sink, int (*fn)(void *ctx, int out_fd),
                            void *ctx, isl_confined *c, isl_error *err)
{
    assert(set && fn && c);
    memset(c, 0, sizeof *c);
    c->fd = -1;
    runner *r = malloc(sizeof *r);
    if (!r) return isl_fail(err, ISL_ENOMEM, "out of memory");
    isl_status st = prepare(r, set, 0, err);
    int p[2] = {-1, -1};
    if (!st && pipe2(p, O_CLOEXEC)) st = isl_fail(err, ISL_ETOOL, "pipe: %s", strerror(errno));
    if (!st) st = fork_child(r, fn, ctx, p[1], err);
    if (p[1] >= 0) close(p[1]);
    if (!st) {
        long deadline = now_ms() + (set->timeout_ms > 0 ? set->timeout_ms : 10000);
        int e = service(r, deadline, 0);
        if (e || !r->go_pid)
            st = isl_fail(err, ISL_ETOOL, "the confined process did not start (%s)", strerror(e ? e : EPIPE));
    }
    if (!st && sink && sink->step) {
        isl_probe_sink steps = {sink->ctx, sink->step, NULL, NULL};
        isl_probe_set none = *set;
        none.nfacts = 0;
        st = report(r, &none, &steps);
    }
    if (st) {
        if (p[0] >= 0) close(p[0]);
        cleanup(r);
        free(r);
        return st;
    }
    close(r->sock), r->sock = -1;
    c->pid = r->go_pid, c->runner = r->child, c->fd = p[0], c->priv = r;
    return ISL_OK;
}

isl_status isl_kernel_reap(isl_confined *c, int timeout_ms, int *status, isl_error *err)
{
    runner *r = c->priv;
    assert(r);
    int code = wait_child(r, now_ms() + timeout_ms);
    isl_status st = ISL_OK;
    if (code < 0) {
        end_all(r);
        st = isl_fail(err, ISL_ETOOL, "the confined process passed its %d ms and was ended", timeout_ms);
    }
    if (status) *status = code < 0 || code >= 128 ? -1 : code;
    if (c->fd >= 0) close(c->fd), c->fd = -1;
    cleanup(r);
    free(r);
    c->priv = NULL;
    return st;
}
