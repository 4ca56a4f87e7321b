/* isolab: the model's mechanisms built with the primitives bubblewrap and
 * nsjail use (src/kernel/probe.h). Each has a preflight, run on the host
 * before anything changes (ok, skipped, refused or substitute, with the
 * message and the fix), and a builder, run in the probe's child. */
#define _GNU_SOURCE
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/landlock.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "probe.h"

/* The first number of a file (a sysctl), or def when unreadable. */
static long sysctl_long(const char *path, long def)
{
    FILE *f = fopen(path, "re");
    if (!f) return def;
    long v;
    if (fscanf(f, "%ld", &v) != 1) v = def;
    fclose(f);
    return v;
}

/* ---- preflights ---- */

static int pre_ok(int privileged, char *msg, size_t n)
{
    (void)privileged;
    msg[0] = '\0';
    (void)n;
    return ISL_STEP_OK;
}

static int pre_user(int privileged, char *msg, size_t n)
{
    if (sysctl_long("/proc/sys/user/max_user_namespaces", 1) == 0) {
        snprintf(msg, n,
                 "user namespaces are disabled (user.max_user_namespaces=0); "
                 "to allow them: sysctl -w user.max_user_namespaces=15000");
        return ISL_STEP_SKIPPED;
    }
    if (!privileged && sysctl_long("/proc/sys/kernel/apparmor_restrict_unprivileged_userns", 0) == 1) {
        snprintf(msg, n,
                 "AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1); "
                 "run as root, or allow them: sysctl -w kernel.apparmor_restrict_unprivileged_userns=0");
        return ISL_STEP_REFUSED;
    }
    if (!privileged && sysctl_long("/proc/sys/kernel/unprivileged_userns_clone", 1) == 0) {
        snprintf(msg, n,
                 "unprivileged user namespaces are disabled (kernel.unprivileged_userns_clone=0); "
                 "run as root, or: sysctl -w kernel.unprivileged_userns_clone=1");
        return ISL_STEP_REFUSED;
    }
    msg[0] = '\0';
    return ISL_STEP_OK;
}

static int pre_cgroup(int privileged, char *msg, size_t n)
{
    (void)privileged;
    if (!isl_cgroup_version()) {
        snprintf(msg, n, "no cgroup file system is mounted under /sys/fs/cgroup");
        return ISL_STEP_SKIPPED;
    }
    int e = isl_cgroup_check(msg, n);
    return !e ? ISL_STEP_OK : e == ENOENT ? ISL_STEP_SKIPPED : ISL_STEP_REFUSED;
}

static int landlock_abi(void)
{
    long v = syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    return v < 0 ? 0 : (int)v;
}

/* The active LSMs, comma-separated, from securityfs (empty when unmounted). */
static void active_lsms(char *buf, size_t n)
{
    FILE *f = fopen("/sys/kernel/security/lsm", "re");
    buf[0] = '\0';
    if (!f) return;
    if (!fgets(buf, (int)n, f)) buf[0] = '\0';
    fclose(f);
}

/* Linux 6.8 or later: the LSM syscalls exist. */
static int has_lsm_syscalls(void)
{
    struct utsname u;
    int maj = 0, min = 0;
    if (uname(&u) || sscanf(u.release, "%d.%d", &maj, &min) != 2) return 0;
    return maj > 6 || (maj == 6 && min >= 8);
}

static int pre_label(int privileged, char *msg, size_t n)
{
    (void)privileged;
    char lsms[256], notes[512] = "";
    active_lsms(lsms, sizeof lsms);
    struct stat st;
    if (stat("/sys/kernel/security/lsm", &st))
        snprintf(notes, sizeof notes,
                 "; securityfs is not mounted, so its policy files read as absent on both sides "
                 "(mount -t securityfs securityfs /sys/kernel/security)");
    if (!has_lsm_syscalls()) {
        size_t k = strlen(notes);
        snprintf(notes + k, sizeof notes - k,
                 "; Linux older than 6.8: lsm_get_self_attr and lsm_list_modules are unavailable (ENOSYS)");
    }
    const char *active = strstr(lsms, "apparmor") ? "AppArmor" : strstr(lsms, "selinux") ? "SELinux" : NULL;
    if (landlock_abi() >= 1) {
        if (active)
            snprintf(msg, n,
                     "%s is active, but isolab loads no policy of its own: a Landlock substitute "
                     "denies reads under /sys/kernel/security%s",
                     active, notes);
        else
            snprintf(msg, n,
                     "no labelling LSM (AppArmor, SELinux) is active: a Landlock substitute denies reads "
                     "under /sys/kernel/security%s",
                     notes);
        return ISL_STEP_SUBSTITUTE;
    }
    snprintf(msg, n,
             "no labelling LSM (AppArmor, SELinux) and no Landlock: boot with lsm=...,landlock "
             "or enable AppArmor%s",
             notes);
    return ISL_STEP_SKIPPED;
}

/* ---- builders (in the child) ---- */

#define FAIL(what) return snprintf(msg, n, "%s: %s", what, strerror(errno)), errno

static int build_pid(isl_build *b, char *msg, size_t n)
{
    (void)b;
    if (unshare(CLONE_NEWPID)) FAIL("unshare(CLONE_NEWPID)");
    pid_t c = fork();
    if (c < 0) FAIL("fork");
    if (c > 0) {
        /* the relay: the confined process's status is its own */
        int st;
        while (waitpid(c, &st, 0) < 0 && errno == EINTR) {}
        _exit(WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
    }
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    snprintf(msg, n, "pid %ld in the new namespace", (long)getpid());
    return 0;
}

static int build_user(isl_build *b, char *msg, size_t n)
{
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (unshare(CLONE_NEWUSER)) FAIL("unshare(CLONE_NEWUSER)");
    if (b->privileged) {
        int e = isl_build_ask(b, ISL_ASK_MAP_RANGE);
        if (e) return snprintf(msg, n, "writing the map 0 100000 65536: %s", strerror(e)), e;
        if (setresgid(0, 0, 0) || setresuid(0, 0, 0)) FAIL("becoming the namespace's root");
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* reset by the change of credentials */
        snprintf(msg, n, "map 0 100000 65536, written by the runner outside");
        return 0;
    }
    char map[64];
    int e = isl_write_text("/proc/self/setgroups", "deny");
    if (!e) snprintf(map, sizeof map, "0 %lu 1", (unsigned long)uid), e = isl_write_text("/proc/self/uid_map", map);
    if (!e) snprintf(map, sizeof map, "0 %lu 1", (unsigned long)gid), e = isl_write_text("/proc/self/gid_map", map);
    if (e) return snprintf(msg, n, "writing the self-map: %s", strerror(e)), e;
    snprintf(msg, n, "map 0 %lu 1, setgroups denied", (unsigned long)uid);
    return 0;
}

static int build_net(isl_build *b, char *msg, size_t n)
{
    (void)b;
    if (unshare(CLONE_NEWNET)) FAIL("unshare(CLONE_NEWNET)");
    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (s < 0) FAIL("socket");
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    snprintf(ifr.ifr_name, sizeof ifr.ifr_name, "lo");
    int r = ioctl(s, SIOCGIFFLAGS, &ifr);
    if (!r) ifr.ifr_flags |= IFF_UP, r = ioctl(s, SIOCSIFFLAGS, &ifr);
    int e = errno;
    close(s);
    if (r) return snprintf(msg, n, "bringing lo up: %s", strerror(e)), e;
    snprintf(msg, n, "lo up");
    return 0;
}

static int build_uts(isl_build *b, char *msg, size_t n)
{
    (void)b;
    /* another hostname than the host's, whatever the host is called */
    struct utsname u;
    const char *name = uname(&u) == 0 && !strcmp(u.nodename, "isolab-probe") ? "isolab-probe-2" : "isolab-probe";
    if (unshare(CLONE_NEWUTS)) FAIL("unshare(CLONE_NEWUTS)");
    if (sethostname(name, strlen(name))) FAIL("sethostname");
    snprintf(msg, n, "hostname %s", name);
    return 0;
}

static int build_cgroup(isl_build *b, char *msg, size_t n)
{
    int e = isl_build_ask(b, ISL_ASK_CGROUP);
    if (e) return snprintf(msg, n, "moving into isolab's cgroup: %s", strerror(e)), e;
    if (unshare(CLONE_NEWCGROUP)) FAIL("unshare(CLONE_NEWCGROUP)");
    snprintf(msg, n, "a quota of one CPU's time, on one CPU, 256 MiB; then a cgroup namespace");
    return 0;
}

/* A bind of the host's path at root/name, read-only where the kernel lets
 * it be; a symbolic link stays one. 0 or an errno. (The type "none" of a
 * bind, a remount or a propagation change is ignored by the kernel; it is
 * given so that no checker reads a null string.) */
static int bind_in(const char *root, const char *name)
{
    char src[256], dst[256], target[256];
    snprintf(src, sizeof src, "/%s", name);
    snprintf(dst, sizeof dst, "%s/%s", root, name);
    struct stat st;
    if (lstat(src, &st)) return errno == ENOENT ? 0 : errno;
    if (S_ISLNK(st.st_mode)) {
        ssize_t k = readlink(src, target, sizeof target - 1);
        if (k < 0) return errno;
        target[k] = '\0';
        return symlink(target, dst) ? errno : 0;
    }
    if (!S_ISDIR(st.st_mode)) return 0;
    if (mkdir(dst, 0755)) return errno;
    if (mount(src, dst, "none", MS_BIND, NULL)) return errno;
    mount("none", dst, "none", MS_REMOUNT | MS_BIND | MS_RDONLY, NULL); /* read-only where allowed */
    return 0;
}

/* The minimal /dev: the host's null, zero, full, random, urandom and tty
 * bound onto files of a tmpfs, and the fd links. */
static int make_dev(const char *root)
{
    char dev[256];
    snprintf(dev, sizeof dev, "%s/dev", root);
    if (mkdir(dev, 0755) || mount("tmpfs", dev, "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=64k")) return errno;
    static const char *const nodes[] = {"null", "zero", "full", "random", "urandom", "tty"};
    for (size_t i = 0; i < sizeof nodes / sizeof *nodes; i++) {
        char src[64], dst[300];
        snprintf(src, sizeof src, "/dev/%s", nodes[i]);
        snprintf(dst, sizeof dst, "%s/%s", dev, nodes[i]);
        int fd = open(dst, O_CREAT | O_WRONLY | O_CLOEXEC, 0666);
        if (fd < 0) return errno;
        close(fd);
        if (mount(src, dst, "none", MS_BIND, NULL)) return errno;
    }
    static const char *const links[][2] = {
        {"fd", "/proc/self/fd"},
        {"stdin", "/proc/self/fd/0"},
        {"stdout", "/proc/self/fd/1"},
        {"stderr", "/proc/self/fd/2"},
    };
    for (size_t i = 0; i < sizeof links / sizeof *links; i++) {
        char dst[300];
        snprintf(dst, sizeof dst, "%s/%s", dev, links[i][0]);
        if (symlink(links[i][1], dst)) return errno;
    }
    return 0;
}

static int build_mount(isl_build *b, char *msg, size_t n)
{
    (void)b;
    /* the new root is a tmpfs on /tmp: a private mount of this namespace,
     * so nothing of it appears on the host */
    static const char root[] = "/tmp";
    if (unshare(CLONE_NEWNS)) FAIL("unshare(CLONE_NEWNS)");
    if (mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL)) FAIL("making / private");
    if (mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m")) FAIL("the tmpfs root");
    static const char *const dirs[] = {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc"};
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        int e = bind_in(root, dirs[i]);
        if (e) return snprintf(msg, n, "binding /%s: %s", dirs[i], strerror(e)), e;
    }
    const char *proc = "a fresh proc", *sys = "a fresh read-only sysfs";
    char p[256];
    snprintf(p, sizeof p, "%s/proc", root);
    if (mkdir(p, 0555)) FAIL("mkdir proc");
    if (mount("proc", p, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL)) {
        /* a fresh proc needs the rights over the pid namespace */
        if (mount("/proc", p, "none", MS_BIND | MS_REC, NULL)) FAIL("mounting proc");
        proc = "the host's /proc bound (a fresh proc needs a pid namespace of this user namespace)";
    }
    snprintf(p, sizeof p, "%s/sys", root);
    if (mkdir(p, 0555)) FAIL("mkdir sys");
    if (mount("sysfs", p, "sysfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
        /* the host's, bound, would bring its mounts (the cgroup trees) along */
        sys = "/sys left empty (a fresh sysfs needs a network namespace of this user namespace)";
    snprintf(p, sizeof p, "%s/tmp", root);
    if (mkdir(p, 01777) || mount("tmpfs", p, "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777,size=1m"))
        FAIL("the tmpfs /tmp");
    int e = make_dev(root);
    if (e) return snprintf(msg, n, "the minimal /dev: %s", strerror(e)), e;
    if (chdir(root)) FAIL("chdir");
    if (syscall(SYS_pivot_root, ".", ".")) FAIL("pivot_root");
    if (umount2(".", MNT_DETACH)) FAIL("detaching the old root");
    if (chdir("/")) FAIL("chdir /");
    snprintf(msg, n, "a tmpfs root, the system directories bound read-only, %s, %s, a tmpfs /tmp, a minimal /dev",
             proc, sys);
    return 0;
}

/* Landlock: reads of files allowed beneath every entry of /, /sys and
 * /sys/kernel but /sys, /sys/kernel and /sys/kernel/security themselves. */
static int allow_entries(int ruleset, const char *dir, const char *except)
{
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT ? 0 : errno;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, except)) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") ? dir : "", e->d_name);
        int fd = open(path, O_PATH | O_CLOEXEC);
        if (fd < 0) continue;
        struct landlock_path_beneath_attr pb = {.allowed_access = LANDLOCK_ACCESS_FS_READ_FILE, .parent_fd = fd};
        long r = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &pb, 0);
        int err = errno;
        close(fd);
        if (r < 0) {
            closedir(d);
            return err;
        }
    }
    closedir(d);
    return 0;
}

static int build_label(isl_build *b, char *msg, size_t n)
{
    (void)b;
    struct landlock_ruleset_attr attr = {.handled_access_fs = LANDLOCK_ACCESS_FS_READ_FILE};
    int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (rs < 0) FAIL("landlock_create_ruleset");
    int e = allow_entries(rs, "/", "sys");
    if (!e) e = allow_entries(rs, "/sys", "kernel");
    if (!e) e = allow_entries(rs, "/sys/kernel", "security");
    if (e) {
        close(rs);
        return snprintf(msg, n, "landlock_add_rule: %s", strerror(e)), e;
    }
    if (syscall(SYS_landlock_restrict_self, rs, 0)) {
        /* without CAP_SYS_ADMIN Landlock needs no_new_privs */
        if (errno != EPERM || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || syscall(SYS_landlock_restrict_self, rs, 0)) {
            int err = errno;
            close(rs);
            return snprintf(msg, n, "landlock_restrict_self: %s", strerror(err)), err;
        }
    }
    close(rs);
    /* one message whichever way: the same substitute in every set, said once */
    snprintf(msg, n, "Landlock: reads under /sys/kernel/security denied (no_new_privs set where CAP_SYS_ADMIN "
                     "lacked)");
    return 0;
}

static int build_caps(isl_build *b, char *msg, size_t n)
{
    (void)b;
    for (int c = 0; c < 64; c++)
        if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) && errno != EINVAL) FAIL("dropping the bounding set");
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) && errno != EINVAL) FAIL("clearing ambient");
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) FAIL("PR_SET_NO_NEW_PRIVS");
    struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct d[2];
    memset(d, 0, sizeof d);
    if (syscall(SYS_capset, &h, d)) FAIL("capset");
    snprintf(msg, n, "bounding set dropped, ambient cleared, capset to zero, no_new_privs");
    return 0;
}

/* In kernel order: user, pid, net, uts, cgroup, mount, label, caps. */
const isl_kernel_mechanism isl_kernel_mechanisms[] = {
    {"pid-namespace", "unshare(CLONE_NEWPID), fork: the child is pid 1", 1, pre_ok, build_pid},
    {"mount-namespace",
     "unshare(CLONE_NEWNS), / rprivate, tmpfs root binding the system directories, fresh proc, "
     "read-only sysfs, tmpfs /tmp, minimal /dev, pivot_root, old root detached",
     5, pre_ok, build_mount},
    {"network-namespace", "unshare(CLONE_NEWNET), lo up", 2, pre_ok, build_net},
    {"user-namespace", "unshare(CLONE_NEWUSER), a uid/gid map", 0, pre_user, build_user},
    {"uts-namespace", "unshare(CLONE_NEWUTS), sethostname", 3, pre_ok, build_uts},
    {"control-group", "a cgroup of isolab's own (CPU quota, one CPU, memory limit), then unshare(CLONE_NEWCGROUP)",
     4, pre_cgroup, build_cgroup},
    {"capability-dropping", "bounding set dropped, ambient cleared, capset zero, PR_SET_NO_NEW_PRIVS", 7, pre_ok,
     build_caps},
    {"mandatory-label", "AppArmor or SELinux; else a Landlock substitute denying reads under /sys/kernel/security",
     6, pre_label, build_label},
    {NULL, NULL, 0, NULL, NULL},
};

int isl_mech_index(const char *name)
{
    for (int i = 0; isl_kernel_mechanisms[i].name; i++)
        if (!strcmp(isl_kernel_mechanisms[i].name, name)) return i;
    return -1;
}

int isl_kernel_builds(const char *mechanism) { return isl_mech_index(mechanism) >= 0; }

/* The mechanisms that need CAP_SYS_ADMIN (root, or a user namespace's). */
static int needs_admin(int mech)
{
    const char *m = isl_kernel_mechanisms[mech].name;
    return strcmp(m, "user-namespace") && strcmp(m, "capability-dropping") && strcmp(m, "mandatory-label");
}

/* The caller holds CAP_SYS_ADMIN (bit 21 of CapEff) in the init user
 * namespace. */
int isl_caller_privileged(void)
{
    FILE *f = fopen("/proc/self/status", "re");
    if (!f) return geteuid() == 0;
    char line[256];
    unsigned long long eff = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "CapEff: %llx", &eff) == 1) break;
    fclose(f);
    char ns[64], init[64] = "user:[4026531837]"; /* the init user namespace's fixed inode */
    ssize_t k = readlink("/proc/self/ns/user", ns, sizeof ns - 1);
    if (k > 0) ns[k] = '\0';
    return (eff >> CAP_SYS_ADMIN & 1) && (k <= 0 || !strcmp(ns, init));
}

isl_status isl_plan_make(const isl_probe_set *set, isl_plan *plan, isl_error *err)
{
    memset(plan, 0, sizeof *plan);
    plan->privileged = isl_caller_privileged();
    if (set->n > sizeof plan->step / sizeof *plan->step)
        return isl_fail(err, ISL_EINPUT, "a set of %zu mechanisms: at most %zu", set->n,
                        sizeof plan->step / sizeof *plan->step);
    if (!plan->privileged && set->order == ISL_ORDER_MODEL && set->n > 0)
        return isl_fail(err, ISL_EUSAGE,
                        "model order needs root: without it pid, mount, network and uts namespaces and cgroups "
                        "can only be made inside a user namespace made first, as kernel order does");
    for (size_t i = 0; i < set->n; i++) {
        isl_plan_step *s = &plan->step[plan->n++];
        s->mech = isl_mech_index(set->mechanisms[i]);
        s->name = set->mechanisms[i];
        if (s->mech < 0) {
            s->status = ISL_STEP_SKIPPED;
            snprintf(s->msg, sizeof s->msg, "not buildable: isolab has no builder for %s", set->mechanisms[i]);
        }
    }
    if (set->order == ISL_ORDER_KERNEL) /* a stable insertion sort by kernel rank; unknown names last */
        for (size_t i = 1; i < plan->n; i++)
            for (size_t j = i; j > 0; j--) {
                isl_plan_step *a = &plan->step[j - 1], *b = &plan->step[j];
                int ra = a->mech < 0 ? 99 : isl_kernel_mechanisms[a->mech].kernel_rank;
                int rb = b->mech < 0 ? 99 : isl_kernel_mechanisms[b->mech].kernel_rank;
                if (ra <= rb) break;
                isl_plan_step t = *a;
                *a = *b, *b = t;
            }
    int userns = 0; /* a user namespace comes before: it grants CAP_SYS_ADMIN */
    for (size_t i = 0; i < plan->n; i++) {
        isl_plan_step *s = &plan->step[i];
        if (s->mech < 0) continue;
        const isl_kernel_mechanism *m = &isl_kernel_mechanisms[s->mech];
        if (!plan->privileged && !userns && needs_admin(s->mech)) {
            s->status = ISL_STEP_REFUSED;
            snprintf(s->msg, sizeof s->msg,
                     "needs CAP_SYS_ADMIN: run as root, or put user-namespace in the set (kernel order makes "
                     "it first)");
            continue;
        }
        if (!plan->privileged && !userns && !strcmp(m->name, "capability-dropping")) {
            s->status = ISL_STEP_REFUSED;
            snprintf(s->msg, sizeof s->msg,
                     "dropping the bounding set needs CAP_SETPCAP: run as root, or put user-namespace in the set "
                     "(kernel order makes it first)");
            continue;
        }
        s->status = (isl_step_status)m->preflight(plan->privileged, s->msg, sizeof s->msg);
        if (!strcmp(m->name, "user-namespace") && s->status == ISL_STEP_OK) userns = 1;
    }
    return ISL_OK;
}

int isl_build_step(isl_build *b, const isl_plan_step *s, char *msg, size_t nmsg)
{
    assert(s->mech >= 0);
    msg[0] = '\0';
    return isl_kernel_mechanisms[s->mech].build(b, msg, nmsg);
}
