/* cmocka suite: the kernel layer (src/kernel) on this machine. The
 * expected outcomes are the kernel's documented behaviour: plain shows
 * every fact, the robust closures close, and seven structural differences
 * from the model appear (each test says why), in both orders where the
 * order decides. Nothing may be left behind on the host, even by a probe
 * killed midway. Needs root and
 * namespaces; without them the suite skips with the reason (fails under
 * CI=true). */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <sched.h>
#include <sys/prctl.h>
#include <grp.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"
#include "isolab/kernel.h"

/* The lesson's 24 facts in its order, typed in from the lesson. */
static const char *const FACTS[24] = {
    "other-process-list", "own-process-number", "ancestor-process-chain", "root-filesystem-tree",
    "other-mounts",       "shared-temp-directory", "host-interfaces",     "host-routing-table",
    "listening-ports",    "user-id-mapping",     "file-ownership",        "hostname",
    "cpu-share",          "memory-limit",        "memory-used",           "cpu-count",
    "kernel-version",     "kernel-settings",     "system-load",           "clock",
    "capability-set",     "file-permissions",    "security-label",        "policy-rules",
};

#define PID "pid-namespace"
#define MNT "mount-namespace"
#define NET "network-namespace"
#define USR "user-namespace"
#define UTS "uts-namespace"
#define CG "control-group"
#define CAPS "capability-dropping"
#define LABEL "mandatory-label"
static const char *const COMMON[] = {PID, MNT, NET, UTS, CG, CAPS};
static const char *const STRICT[] = {PID, MNT, NET, UTS, CG, CAPS, USR, LABEL};

/* What one probe reported. */
typedef struct outcome {
    isl_seen seen[32];
    char via[32][512];
    size_t nfacts;
    char step_name[16][64];
    isl_step_status step[16];
    char step_msg[16][1100];
    size_t nsteps;
    size_t nreadings;
    char reading[512][2][96]; /* the first 512 readings' fact and source */
} outcome;

static isl_status on_step(void *ctx, const char *m, const char *prim, isl_step_status s, const char *msg)
{
    outcome *o = ctx;
    (void)prim;
    if (o->nsteps < 16) {
        snprintf(o->step_name[o->nsteps], 64, "%s", m);
        snprintf(o->step_msg[o->nsteps], 1100, "%s", msg);
        o->step[o->nsteps++] = s;
    }
    return ISL_OK;
}

static isl_status on_reading(void *ctx, isl_side side, const char *fact, const char *source, const char *value)
{
    outcome *o = ctx;
    (void)side, (void)value;
    if (o->nreadings < 512) {
        snprintf(o->reading[o->nreadings][0], 96, "%s", fact);
        snprintf(o->reading[o->nreadings][1], 96, "%s", source);
    }
    o->nreadings++;
    return ISL_OK;
}

static isl_status on_observed(void *ctx, const char *fact, isl_seen seen, const char *via)
{
    outcome *o = ctx;
    (void)fact;
    if (o->nfacts < 32) {
        snprintf(o->via[o->nfacts], 512, "%s", via);
        o->seen[o->nfacts++] = seen;
    }
    return ISL_OK;
}

static size_t fact_at(const char *name)
{
    for (size_t i = 0; i < 24; i++)
        if (!strcmp(FACTS[i], name)) return i;
    fail_msg("no fact %s", name);
    return 0;
}

/* Probes the set in order; the test fails unless it ran. */
static void probe_facts(const char *const *m, size_t n, isl_probe_order order, const char *const *facts,
                        size_t nfacts, outcome *o)
{
    memset(o, 0, sizeof *o);
    isl_probe_set set = {m, n, order, facts, nfacts, 10000};
    isl_probe_sink sink = {o, on_step, on_reading, on_observed};
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_probe_set_run(&set, &sink, &err);
    if (st) fail_msg("probe of %zu mechanisms, %s order: status %d: %s", n, isl_probe_order_name(order), st, err.msg);
    assert_int_equal(o->nfacts, nfacts);
    assert_int_equal(o->nsteps, n);
}

static void probe(const char *const *m, size_t n, isl_probe_order order, outcome *o)
{
    probe_facts(m, n, order, FACTS, 24, o);
}

static void want(const outcome *o, const char *fact, isl_seen seen, const char *what)
{
    size_t i = fact_at(fact);
    if (o->seen[i] != seen)
        fail_msg("%s: %s is %s (via %s), want %s", what, fact, isl_seen_name(o->seen[i]), o->via[i],
                 isl_seen_name(seen));
}

static void want_via(const outcome *o, const char *fact, const char *source)
{
    size_t i = fact_at(fact);
    if (!strstr(o->via[i], source)) fail_msg("%s: via '%s', want it to name %s", fact, o->via[i], source);
}

static const isl_probe_order BOTH[2] = {ISL_ORDER_MODEL, ISL_ORDER_KERNEL};

/* Whether the LSM syscalls of Linux 6.8 answer (lsm_list_modules), and
 * whether Landlock does: a kernel without them, or a checker that does
 * not know them (valgrind), shows the label facts otherwise. */
static int lsm_syscalls(void)
{
    uint64_t ids[32];
    uint32_t size = sizeof ids;
    return syscall(461, ids, &size, 0) >= 0 || errno != ENOSYS;
}

static int landlock(void) { return syscall(SYS_landlock_create_ruleset, NULL, 0, 1) >= 1; }

static void test_plain_all_visible(void **state)
{
    (void)state;
    if (!lsm_syscalls())
        print_message("no lsm_list_modules(2) here: the label facts may read unmeasured, as said\n");
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(NULL, 0, BOTH[k], &o);
        for (size_t i = 0; i < 24; i++)
            if (lsm_syscalls() || (strcmp(FACTS[i], "security-label") && strcmp(FACTS[i], "policy-rules")) ||
                o.seen[i] != ISL_SEEN_UNMEASURED)
                want(&o, FACTS[i], ISL_SEEN_VISIBLE, "plain");
        assert_true(o.nreadings > 24 * 2);
    }
}

/* The closures every kernel of the course's kind shows, both orders. */
static void test_robust_closures(void **state)
{
    (void)state;
    static const struct {
        const char *set[2];
        size_t n;
        const char *facts[2];
    } cases[] = {
        {{UTS}, 1, {"hostname"}},
        {{NET}, 1, {"listening-ports", "host-routing-table"}},
        {{CAPS}, 1, {"capability-set"}},
        {{MNT}, 1, {"other-mounts", "shared-temp-directory"}},
        {{PID, MNT}, 2, {"other-process-list"}},
        {{USR}, 1, {"user-id-mapping"}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (int k = 0; k < 2; k++) {
            outcome o;
            probe(cases[c].set, cases[c].n, BOTH[k], &o);
            for (size_t f = 0; f < 2 && cases[c].facts[f]; f++)
                want(&o, cases[c].facts[f], ISL_SEEN_CLOSED, cases[c].set[cases[c].n - 1]);
        }
}

/* 1: a pid namespace alone leaves the host's /proc. */
static void test_pid_alone_leaves_proc(void **state)
{
    (void)state;
    const char *set[] = {PID};
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(set, 1, BOTH[k], &o);
        want(&o, "other-process-list", ISL_SEEN_VISIBLE, "pid alone");
        want(&o, "ancestor-process-chain", ISL_SEEN_VISIBLE, "pid alone");
        want_via(&o, "other-process-list", "/proc");
    }
}

/* 2: a pid namespace with a fresh /proc closes own-process-number. */
static void test_pid_with_proc_closes_own_number(void **state)
{
    (void)state;
    const char *set[] = {PID, MNT};
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(set, 2, BOTH[k], &o);
        want(&o, "own-process-number", ISL_SEEN_CLOSED, "pid + mount");
        want(&o, "ancestor-process-chain", ISL_SEEN_CLOSED, "pid + mount");
    }
}

/* 3: sysfs keeps the network namespace it was mounted in: in common's own
 * order the mount comes before the net step, and /sys/class/net shows the
 * host's interfaces; kernel order (net first) closes it. */
static void test_sysfs_keeps_its_network(void **state)
{
    (void)state;
    outcome o;
    probe(COMMON, 6, ISL_ORDER_MODEL, &o);
    want(&o, "host-interfaces", ISL_SEEN_VISIBLE, "common, model order");
    want_via(&o, "host-interfaces", "/sys/class/net");
    probe(COMMON, 6, ISL_ORDER_KERNEL, &o);
    want(&o, "host-interfaces", ISL_SEEN_CLOSED, "common, kernel order");
    /* alone, the net namespace leaves the host's sysfs in either order */
    const char *net[] = {NET};
    for (int k = 0; k < 2; k++) {
        probe(net, 1, BOTH[k], &o);
        want(&o, "host-interfaces", ISL_SEEN_VISIBLE, "net alone");
        want_via(&o, "host-interfaces", "/sys/class/net");
    }
}

/* 4: a user namespace shows owners outside its map as the overflow id. */
static void test_user_closes_ownership(void **state)
{
    (void)state;
    const char *set[] = {USR};
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(set, 1, BOTH[k], &o);
        want(&o, "file-ownership", ISL_SEEN_CLOSED, "user alone");
    }
}

/* 5: strict in its own order makes the user namespace after the drop,
 * which gives a full set back; kernel order drops last. */
static void test_strict_order_and_capabilities(void **state)
{
    (void)state;
    outcome o;
    probe(STRICT, 8, ISL_ORDER_MODEL, &o);
    want(&o, "capability-set", ISL_SEEN_VISIBLE, "strict, model order");
    assert_string_equal(o.step_name[6], USR);
    probe(STRICT, 8, ISL_ORDER_KERNEL, &o);
    want(&o, "capability-set", ISL_SEEN_CLOSED, "strict, kernel order");
    /* kernel order: user, pid, net, uts, cgroup, mount, label, caps */
    static const char *const korder[] = {USR, PID, NET, UTS, CG, MNT, LABEL, CAPS};
    for (size_t i = 0; i < 8; i++) assert_string_equal(o.step_name[i], korder[i]);
}

/* 6: /proc/stat, /proc/meminfo and sysinfo(2) ignore the control group. */
static void test_cgroup_leaves_resources(void **state)
{
    (void)state;
    const char *set[] = {CG};
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(set, 1, BOTH[k], &o);
        assert_int_equal(o.step[0], ISL_STEP_OK);
        want(&o, "cpu-share", ISL_SEEN_VISIBLE, "cgroup alone");
        want(&o, "memory-limit", ISL_SEEN_VISIBLE, "cgroup alone");
        want(&o, "memory-used", ISL_SEEN_VISIBLE, "cgroup alone");
        want_via(&o, "cpu-share", "/proc/stat:cpu");
        want_via(&o, "memory-limit", "sysinfo().totalram");
        want_via(&o, "memory-used", "sysinfo()");
    }
}

/* 7: no path rule stops lsm_list_modules(2). */
static void test_label_leaves_policy(void **state)
{
    (void)state;
    if (!lsm_syscalls() || !landlock()) {
        print_message("skipped: %s does not answer here\n", landlock() ? "lsm_list_modules(2)" : "Landlock");
        return;
    }
    const char *set[] = {LABEL};
    for (int k = 0; k < 2; k++) {
        outcome o;
        probe(set, 1, BOTH[k], &o);
        assert_true(o.step[0] == ISL_STEP_OK || o.step[0] == ISL_STEP_SUBSTITUTE);
        want(&o, "policy-rules", ISL_SEEN_VISIBLE, "label alone");
        want_via(&o, "policy-rules", "lsm_list_modules()");
    }
}

/* 1 when source is one of fact's sources in the registry. */
static int has_source(const char *fact, const char *source)
{
    for (size_t f = 0; isl_kernel_facts[f].name; f++)
        if (!strcmp(isl_kernel_facts[f].name, fact))
            for (const isl_kernel_source *k = isl_kernel_facts[f].sources; k && k->source; k++)
                if (!strcmp(k->source, source)) return 1;
    return 0;
}

/* Every reading's source is one of its fact's sources in the registry,
 * and each of those is read (but the cgroup files of the other version):
 * a rule cannot judge a source under a name no reader gives it. */
static void test_readings_are_judged(void **state)
{
    (void)state;
    outcome *o = malloc(sizeof *o);
    assert_non_null(o);
    probe(NULL, 0, ISL_ORDER_MODEL, o);
    assert_true(o->nreadings <= 512);
    for (size_t i = 0; i < o->nreadings; i++)
        if (!has_source(o->reading[i][0], o->reading[i][1]))
            fail_msg("%s: the source %s is read, and not in the registry", o->reading[i][0], o->reading[i][1]);
    for (size_t f = 0; isl_kernel_facts[f].name; f++)
        for (const isl_kernel_source *k = isl_kernel_facts[f].sources; k && k->source; k++) {
            if (!strncmp(k->source, "/sys/fs/cgroup/", 15)) continue;
            int read = 0;
            for (size_t i = 0; i < o->nreadings && !read; i++)
                read = !strcmp(o->reading[i][0], isl_kernel_facts[f].name) && !strcmp(o->reading[i][1], k->source);
            if (!read)
                fail_msg("%s: the registry names %s, which no reader reads", isl_kernel_facts[f].name, k->source);
        }
    free(o);
}

/* The provenance a probe's run keeps, against what the system says
 * (uname(2), the cgroup file system, the test's own privilege). */
static void test_env(void **state)
{
    (void)state;
    isl_probe_env env;
    isl_error err;
    assert_int_equal(isl_probe_env_read(&env, &err), ISL_OK);
    struct utsname u;
    assert_int_equal(uname(&u), 0);
    assert_string_equal(env.release, u.release);
    assert_string_equal(env.hostname, u.nodename);
    assert_int_equal(env.uid, (long)getuid());
    assert_int_equal(env.privileged, 1); /* root here, as main checked */
    struct stat st;
    assert_int_equal(env.cgroup_version, stat("/sys/fs/cgroup/cgroup.controllers", &st) == 0 ? 2 : 1);
    if (lsm_syscalls()) assert_non_null(strstr(env.lsms, "capability"));
}

/* Names without a reader or builder: said so, never guessed. */
static void test_unknown_names(void **state)
{
    (void)state;
    assert_true(isl_kernel_reads("hostname"));
    assert_false(isl_kernel_reads("new-fact"));
    assert_true(isl_kernel_builds(CAPS));
    assert_false(isl_kernel_builds("made-up-mechanism"));
    size_t n = 0;
    for (; isl_kernel_facts[n].name; n++) assert_string_equal(isl_kernel_facts[n].name, FACTS[n]);
    assert_int_equal(n, 24);
    const char *set[] = {"made-up-mechanism", UTS};
    const char *facts[] = {"hostname", "new-fact"};
    outcome o;
    probe_facts(set, 2, ISL_ORDER_MODEL, facts, 2, &o);
    assert_string_equal(o.step_name[0], "made-up-mechanism");
    assert_int_equal(o.step[0], ISL_STEP_SKIPPED);
    assert_non_null(strstr(o.step_msg[0], "not buildable"));
    assert_int_equal(o.step[1], ISL_STEP_OK);
    assert_int_equal(o.seen[0], ISL_SEEN_CLOSED);
    assert_int_equal(o.seen[1], ISL_SEEN_UNMEASURED);
}

/* ---- in a child of the test's ---- */

/* Waits for c, a child checking what it says by its exit status (0: all
 * held, else the number of the check that failed). */
static void child_passed(pid_t c, const char *what)
{
    int st;
    assert_int_equal(waitpid(c, &st, 0), c);
    assert_true(WIFEXITED(st));
    if (WEXITSTATUS(st)) fail_msg("%s: check %d failed", what, WEXITSTATUS(st));
}


/* An unused uid: none in the password database. */
static uid_t unused_uid(void)
{
    for (uid_t u = 61000; u < 62000; u++)
        if (!getpwuid(u)) return u;
    return 0;
}

/* Runs as an unused uid in a forked child (no user is created): kernel
 * order through the user namespace closes what it should, model order is
 * refused, a cgroup is refused with the delegation line. */
static void test_unprivileged(void **state)
{
    (void)state;
    uid_t u = unused_uid();
    assert_true(u > 0);
    pid_t c = fork();
    assert_true(c >= 0);
    if (c == 0) {
        if (setgroups(0, NULL) || setresgid(u, u, u) || setresuid(u, u, u)) _exit(10);
        prctl(PR_SET_DUMPABLE, 1); /* as a user's own process is: its /proc/self is its own */
        int bad = 0;
        outcome *o = calloc(1, sizeof *o);
        isl_probe_sink sink = {o, on_step, on_reading, on_observed};
        isl_error err;
        isl_probe_set set = {STRICT, 8, ISL_ORDER_KERNEL, FACTS, 24, 10000};
        if (isl_probe_set_run(&set, &sink, &err) != ISL_OK) _exit(11);
        static const char *const closed[] = {"hostname", "user-id-mapping", "listening-ports", "other-mounts",
                                             "other-process-list", "file-ownership"};
        for (size_t i = 0; i < sizeof closed / sizeof *closed; i++)
            if (o->seen[fact_at(closed[i])] != ISL_SEEN_CLOSED) bad = 12;
        for (size_t i = 0; i < o->nsteps; i++) {
            if (!strcmp(o->step_name[i], CG) && (o->step[i] != ISL_STEP_REFUSED ||
                                                 !strstr(o->step_msg[i], "systemd-run --user --scope -p Delegate=yes")))
                bad = 13;
            if (!strcmp(o->step_name[i], USR) && o->step[i] != ISL_STEP_OK) bad = 14;
        }
        set.order = ISL_ORDER_MODEL;
        memset(o, 0, sizeof *o);
        if (isl_probe_set_run(&set, &sink, &err) != ISL_EUSAGE || !strstr(err.msg, "kernel order")) bad = 15;
        /* without a user namespace, what needs CAP_SYS_ADMIN is refused with the way out */
        const char *pid[] = {PID};
        isl_probe_set alone = {pid, 1, ISL_ORDER_KERNEL, FACTS, 24, 10000};
        memset(o, 0, sizeof *o);
        if (isl_probe_set_run(&alone, &sink, &err) != ISL_OK || o->step[0] != ISL_STEP_REFUSED ||
            !strstr(o->step_msg[0], "user-namespace"))
            bad = 16;
        /* dropping the bounding set needs CAP_SETPCAP: decided before anything is built */
        const char *caps[] = {CAPS};
        isl_probe_set drop = {caps, 1, ISL_ORDER_KERNEL, FACTS, 24, 10000};
        memset(o, 0, sizeof *o);
        if (isl_probe_set_run(&drop, &sink, &err) != ISL_OK || o->nsteps != 1 || o->step[0] != ISL_STEP_REFUSED ||
            !strstr(o->step_msg[0], "CAP_SETPCAP") || !strstr(o->step_msg[0], "user-namespace"))
            bad = 17;
        free(o);
        _exit(bad);
    }
    char what[64];
    snprintf(what, sizeof what, "unprivileged run as uid %lu", (unsigned long)u);
    child_passed(c, what);
}

/* Writes text to path: 0 or -1. */
static int put_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY);
    if (fd < 0) return -1;
    ssize_t k = write(fd, text, strlen(text));
    close(fd);
    return k == (ssize_t)strlen(text) ? 0 : -1;
}

/* A preflight names the condition and its fix before anything changes:
 * user namespaces disabled, in a user namespace of the test's own where
 * user.max_user_namespaces is its own to set to 0. */
static void test_preflight_userns_disabled(void **state)
{
    (void)state;
    pid_t c = fork();
    assert_true(c >= 0);
    if (c == 0) {
        if (unshare(CLONE_NEWUSER) || put_text("/proc/self/uid_map", "0 0 1") ||
            put_text("/proc/self/setgroups", "deny") || put_text("/proc/self/gid_map", "0 0 1") ||
            put_text("/proc/sys/user/max_user_namespaces", "0"))
            _exit(10);
        outcome *o = calloc(1, sizeof *o);
        isl_probe_sink sink = {o, on_step, on_reading, on_observed};
        isl_error err;
        const char *set[] = {USR, UTS};
        isl_probe_set s = {set, 2, ISL_ORDER_KERNEL, FACTS, 24, 10000};
        int bad = 0;
        if (isl_probe_set_run(&s, &sink, &err) != ISL_OK) bad = 11;
        else if (o->step[0] != ISL_STEP_SKIPPED || !strstr(o->step_msg[0], "user.max_user_namespaces=0") ||
                 !strstr(o->step_msg[0], "sysctl -w user.max_user_namespaces="))
            bad = 12;
        else if (o->step[1] != ISL_STEP_REFUSED || o->seen[fact_at("hostname")] != ISL_SEEN_VISIBLE)
            bad = 13;
        free(o);
        _exit(bad);
    }
    child_passed(c, "user namespaces disabled");
}

/* ---- nothing left behind ---- */

/* Appends the output of a command to buf (the snapshot). */
static void snapshot_cmd(char *buf, size_t n, const char *cmd)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t k = strlen(buf);
    k += fread(buf + k, 1, n - 1 - k, p);
    buf[k] = '\0';
    pclose(p);
}

/* The host's mount table as this process sees it, every directory of
 * the cgroup trees beneath this process's own cgroups but isolab's (other
 * probes may run beside, make check's -j), and the isolab-probe entries
 * of the cgroup trees and of /tmp that name pid. */
static void snapshot(char *buf, size_t n, pid_t pid)
{
    buf[0] = '\0';
    snapshot_cmd(buf, n, "cat /proc/self/mountinfo");
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "sed -n 's/^[0-9]*:\\([^:]*\\):\\(.*\\)/\\1 \\2/p' /proc/%ld/cgroup | while read c p; do "
             "for d in /sys/fs/cgroup/$c /sys/fs/cgroup/${c#name=} /sys/fs/cgroup/unified; do "
             "[ -d \"$d$p\" ] && find \"$d$p\" -type d; done; done | grep -v /isolab-probe- | sort -u; "
             "find /sys/fs/cgroup -type d -name 'isolab-probe-%ld-*' | sort; ls -d /tmp/isolab-probe-%ld-* 2>/dev/null",
             (long)getpid(), (long)pid, (long)pid);
    snapshot_cmd(buf, n, cmd);
}

/* Fails, naming the lines either snapshot has alone, unless they agree. */
static void same_host(const char *before, const char *after)
{
    if (!strcmp(before, after)) return;
    const char *sides[2][2] = {{before, after}, {after, before}};
    for (int k = 0; k < 2; k++)
        for (const char *l = sides[k][0]; *l;) {
            size_t n = strcspn(l, "\n");
            char line[1200];
            snprintf(line, sizeof line, "\n%.*s\n", (int)(n < 1100 ? n : 1100), l);
            if (!strstr(sides[k][1], line + 1) || (l != sides[k][0] && !strstr(sides[k][1], line)))
                print_error("only %s: %s", k ? "after" : "before", line + 1);
            l += n + (l[n] == '\n');
        }
    fail_msg("the host differs after the probes");
}

static void test_leave_nothing(void **state)
{
    (void)state;
    enum { N = 1 << 20 };
    char *before = malloc(N), *after = malloc(N);
    assert_non_null(before);
    assert_non_null(after);
    snapshot(before, N, getpid());
    const char *cg[] = {CG};
    outcome o;
    for (int k = 0; k < 2; k++) {
        probe(STRICT, 8, BOTH[k], &o);
        probe(cg, 1, BOTH[k], &o);
    }
    /* a set past its time: ended by pid, reported, nothing left either */
    isl_probe_set late = {STRICT, 8, ISL_ORDER_KERNEL, FACTS, 24, 1};
    isl_probe_sink sink = {&o, on_step, on_reading, on_observed};
    isl_error err;
    assert_int_equal(isl_probe_set_run(&late, &sink, &err), ISL_ETOOL);
    assert_non_null(strstr(err.msg, "1 ms"));
    snapshot(after, N, getpid());
    same_host(before, after);
    free(before), free(after);
}

/* The isolab-probe-PID-* directories left in the cgroup trees: their
 * number; *busy counts those still holding a process. */
static size_t leftovers(pid_t pid, size_t *busy)
{
    char cmd[256], line[1024];
    snprintf(cmd, sizeof cmd, "find /sys/fs/cgroup -type d -name 'isolab-probe-%ld-*'", (long)pid);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = 0;
    *busy = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        char procs[1100], buf[64] = "";
        snprintf(procs, sizeof procs, "%s/cgroup.procs", line);
        FILE *f = fopen(procs, "r");
        if (f) {
            if (fgets(buf, sizeof buf, f) && buf[0]) ++*busy;
            fclose(f);
        }
        n++;
    }
    pclose(p);
    return n;
}

/* A probe killed with SIGKILL while its set is built leaves at most empty
 * cgroups of isolab's own, which the sweep removes, and no process. */
static void test_killed_midway(void **state)
{
    (void)state;
    enum { N = 1 << 20 };
    char *before = malloc(N), *after = malloc(N);
    assert_non_null(before);
    assert_non_null(after);
    snapshot(before, N, 0);
    pid_t c = fork();
    assert_true(c >= 0);
    if (c == 0) {
        outcome *o = calloc(1, sizeof *o);
        isl_probe_sink sink = {o, on_step, on_reading, on_observed};
        isl_probe_set set = {STRICT, 8, ISL_ORDER_KERNEL, FACTS, 24, 10000};
        isl_error err;
        for (;;) isl_probe_set_run(&set, &sink, &err);
    }
    /* wait until a process of its set is inside its cgroup: mid-build */
    size_t busy = 0;
    for (int tries = 0; tries < 5000 && !busy; tries++) {
        leftovers(c, &busy);
        if (!busy) nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    assert_true(busy > 0);
    assert_int_equal(kill(c, SIGKILL), 0);
    assert_int_equal(waitpid(c, NULL, 0), c);
    /* its children die with it; what is left holds no process */
    size_t n = 0;
    for (int tries = 0; tries < 300; tries++) {
        n = leftovers(c, &busy);
        if (!busy) break;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    assert_int_equal(busy, 0);
    /* its janitor removes its scratch directory, before any sweep */
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -d /tmp/isolab-probe-%ld-* 2>/dev/null", (long)c);
    for (int tries = 0; tries < 300; tries++) {
        after[0] = '\0';
        snapshot_cmd(after, N, cmd);
        if (!after[0]) break;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    assert_string_equal(after, "");
    size_t swept, swept_scratch;
    isl_error err;
    assert_int_equal(isl_kernel_sweep_leftovers(&swept, &swept_scratch, &err), ISL_OK);
    assert_true(swept <= n);
    assert_int_equal(leftovers(c, &busy), 0);
    /* nothing differs */
    for (int tries = 0; tries < 300; tries++) {
        snapshot(after, N, c);
        if (!strcmp(before, after)) break;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    same_host(before, after);
    free(before), free(after);
}

/* What a janitor killed with its probe leaves, a dead pid's empty cgroup
 * and scratch directory, the sweep removes; a live pid's it keeps. */
static void test_sweep_removes_leftovers(void **state)
{
    (void)state;
    pid_t dead = fork();
    assert_true(dead >= 0);
    if (dead == 0) _exit(0);
    assert_int_equal(waitpid(dead, NULL, 0), dead);
    char own[512] = "", line[600], dir[1200], live[1200], tmpdir[128], file[160];
    FILE *f = fopen("/proc/self/cgroup", "r");
    assert_non_null(f);
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%*d:memory:%511s", own) == 1) break;
    fclose(f);
    assert_true(own[0] == '/');
    snprintf(dir, sizeof dir, "/sys/fs/cgroup/memory%s/isolab-probe-%ld-0", strcmp(own, "/") ? own : "", (long)dead);
    snprintf(live, sizeof live, "/sys/fs/cgroup/memory%s/isolab-probe-%ld-999", strcmp(own, "/") ? own : "",
             (long)getpid());
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_int_equal(mkdir(live, 0755), 0);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/isolab-probe-%ld-XXXXXX", (long)dead);
    assert_non_null(mkdtemp(tmpdir));
    snprintf(file, sizeof file, "%s/owned", tmpdir);
    int fd = open(file, O_CREAT | O_WRONLY, 0640);
    assert_true(fd >= 0);
    close(fd);
    size_t n, ns;
    isl_error err;
    assert_int_equal(isl_kernel_sweep_leftovers(&n, &ns, &err), ISL_OK);
    assert_true(n >= 1 && ns >= 1); /* and any another probe of the machine left */
    struct stat st;
    assert_true(stat(dir, &st) < 0 && errno == ENOENT);
    assert_true(stat(tmpdir, &st) < 0 && errno == ENOENT);
    assert_int_equal(stat(live, &st), 0); /* a live probe's own */
    assert_int_equal(rmdir(live), 0);
}

/* /tmp is anyone's: the sweep follows no symbolic link and leaves a
 * directory another uid owns, or one others may write to, alone (each of
 * a dead pid's name, so only the checks keep them). */
static void test_sweep_leaves_what_is_not_its_own(void **state)
{
    (void)state;
    pid_t dead = fork();
    assert_true(dead >= 0);
    if (dead == 0) _exit(0);
    assert_int_equal(waitpid(dead, NULL, 0), dead);
    char victim[] = "/tmp/isolab-victim-XXXXXX", owned[64], link[96], other[96], open_dir[96], f[128];
    assert_non_null(mkdtemp(victim));
    snprintf(owned, sizeof owned, "%s/owned", victim);
    int fd = open(owned, O_CREAT | O_WRONLY, 0640);
    assert_true(fd >= 0);
    close(fd);
    snprintf(link, sizeof link, "/tmp/isolab-probe-%ld-link", (long)dead);
    assert_int_equal(symlink(victim, link), 0);
    snprintf(other, sizeof other, "/tmp/isolab-probe-%ld-other", (long)dead);
    assert_int_equal(mkdir(other, 0755), 0);
    snprintf(open_dir, sizeof open_dir, "/tmp/isolab-probe-%ld-open", (long)dead);
    assert_int_equal(mkdir(open_dir, 0755), 0);
    assert_int_equal(chmod(open_dir, 0777), 0);
    snprintf(f, sizeof f, "%s/owned", open_dir);
    fd = open(f, O_CREAT | O_WRONLY, 0640);
    assert_true(fd >= 0);
    close(fd);
    int as_root = geteuid() == 0;
    if (as_root) assert_int_equal(chown(other, 65534, 65534), 0);
    size_t n, ns;
    isl_error err;
    assert_int_equal(isl_kernel_sweep_leftovers(&n, &ns, &err), ISL_OK);
    struct stat st;
    assert_int_equal(stat(owned, &st), 0);  /* not through the link */
    assert_int_equal(lstat(link, &st), 0);  /* nor the link itself */
    assert_int_equal(stat(f, &st), 0);      /* others could write there */
    if (as_root) assert_int_equal(stat(other, &st), 0); /* another's */
    unlink(f), rmdir(open_dir), unlink(link), rmdir(other), unlink(owned), rmdir(victim);
}

/* ---- spawn ---- */

static int say_and_exit(void *ctx, int fd)
{
    (void)ctx;
    char buf[64];
    int k = snprintf(buf, sizeof buf, "pid %ld", (long)getpid());
    if (write(fd, buf, (size_t)k) != k) return 1;
    return 7;
}

static int sleep_long(void *ctx, int fd)
{
    (void)ctx, (void)fd;
    sleep(30);
    return 0;
}

static void test_spawn_and_reap(void **state)
{
    (void)state;
    const char *set[] = {PID, MNT, CG};
    isl_probe_set s = {set, 3, ISL_ORDER_KERNEL, NULL, 0, 10000};
    isl_confined c;
    isl_error err;
    assert_int_equal(isl_kernel_spawn(&s, NULL, say_and_exit, NULL, &c, &err), ISL_OK);
    assert_true(c.pid > 1);
    char buf[64] = "";
    ssize_t k = read(c.fd, buf, sizeof buf - 1);
    assert_true(k > 0);
    buf[k] = '\0';
    assert_string_equal(buf, "pid 1"); /* pid 1 of its own namespace */
    int status;
    assert_int_equal(isl_kernel_reap(&c, 5000, &status, &err), ISL_OK);
    assert_int_equal(status, 7);

    /* past its time: ended by pid, none left */
    assert_int_equal(isl_kernel_spawn(&s, NULL, sleep_long, NULL, &c, &err), ISL_OK);
    pid_t inner = c.pid, runner = c.runner;
    assert_int_equal(isl_kernel_reap(&c, 100, &status, &err), ISL_ETOOL);
    assert_int_equal(status, -1);
    assert_true(kill(runner, 0) < 0 && errno == ESRCH);
    for (int tries = 0; tries < 200 && kill(inner, 0) == 0; tries++) nanosleep(&(struct timespec){0, 5000000}, NULL);
    assert_true(kill(inner, 0) < 0 && errno == ESRCH);
}

/* Whether this machine can build the sets: root and every namespace. */
static const char *cannot_run(void)
{
    if (geteuid() != 0) return "needs root (the kernel layer's tests build namespaces and cgroups as root)";
    pid_t c = fork();
    if (c < 0) return "fork failed";
    if (c == 0)
        _exit(unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWUTS | CLONE_NEWCGROUP) ? 1
                                                                                                              : 0);
    int st;
    if (waitpid(c, &st, 0) != c || !WIFEXITED(st) || WEXITSTATUS(st))
        return "namespaces are not available here (unshare of user, mount, pid, net, uts, cgroup failed)";
    return NULL;
}

int main(void)
{
    const char *why = cannot_run();
    if (why) {
        const char *ci = getenv("CI");
        if (ci && !strcmp(ci, "true")) {
            printf("FAIL - %s (CI=true: the kernel layer must be tested)\n", why);
            return 1;
        }
        printf("skip - %s\n", why);
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_all_visible),
        cmocka_unit_test(test_robust_closures),
        cmocka_unit_test(test_pid_alone_leaves_proc),
        cmocka_unit_test(test_pid_with_proc_closes_own_number),
        cmocka_unit_test(test_sysfs_keeps_its_network),
        cmocka_unit_test(test_user_closes_ownership),
        cmocka_unit_test(test_strict_order_and_capabilities),
        cmocka_unit_test(test_cgroup_leaves_resources),
        cmocka_unit_test(test_label_leaves_policy),
        cmocka_unit_test(test_env),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_readings_are_judged),
        cmocka_unit_test(test_unprivileged),
        cmocka_unit_test(test_preflight_userns_disabled),
        cmocka_unit_test(test_leave_nothing),
        cmocka_unit_test(test_killed_midway),
        cmocka_unit_test(test_sweep_removes_leftovers),
        cmocka_unit_test(test_sweep_leaves_what_is_not_its_own),
        cmocka_unit_test(test_spawn_and_reap),
    };
    return cmocka_run_group_tests_name("kernel", tests, NULL, NULL);
}
