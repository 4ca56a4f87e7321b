/* isolab: the control groups a probe makes (src/kernel/probe.h). Each is
 * named isolab-probe-PID-SEQ beneath the caller's own cgroup of every
 * hierarchy it limits (v1: cpu, cpuset, memory; v2: the unified one), so
 * that the leftovers of a probe killed midway are known by their name and
 * their dead pid, and removed by isl_cgroup_sweep. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stddef.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

#define PREFIX "isolab-probe-"
#define DELEGATE_FIX "run the probe under a delegated scope: " ISL_DELEGATE_SCOPE

int isl_cgroup_version(void)
{
    struct stat st;
    if (!stat("/sys/fs/cgroup/cgroup.controllers", &st)) return 2;
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f) return 0;
    char line[4096];
    int v = 0;
    while (fgets(line, sizeof line, f) && !v)
        if (strstr(line, " - cgroup ")) v = 1;
    fclose(f);
    return v;
}

/* 1 when the list, its items separated by any of sep, holds tok. */
static int in_list_of(const char *list, const char *sep, const char *tok)
{
    size_t k = strlen(tok);
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, sep);
        if (m == k && !strncmp(p, tok, k)) return 1;
        p += m + (p[m] != '\0');
    }
    return 0;
}
static int in_list(const char *list, const char *tok) { return in_list_of(list, ",", tok); }
static int in_list_sp(const char *list, const char *tok) { return in_list_of(list, " \n", tok); }

/* The mount point of the v1 hierarchy holding controller, into mnt. */
static int v1_mount(const char *controller, char *mnt, size_t n)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f) return errno;
    char line[4096];
    int found = ENOENT;
    while (found && fgets(line, sizeof line, f)) {
        char *sep = strstr(line, " - cgroup ");
        if (!sep) continue;
        char mp[1024], opts[1024];
        if (sscanf(line, "%*s %*s %*s %*s %1023s", mp) != 1 || sscanf(sep + 10, "%*s %1023s", opts) != 1) continue;
        if (in_list(opts, controller)) snprintf(mnt, n, "%.500s", mp), found = 0;
    }
    fclose(f);
    return found;
}

/* The caller's own path in the hierarchy of controller (v1), or in the
 * unified one (controller NULL), from /proc/self/cgroup. */
static int own_path(const char *controller, char *path, size_t n)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f) return errno;
    char line[4096];
    int found = ENOENT;
    while (found && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2) continue;
        *c2 = '\0';
        char *ctl = c1 + 1;
        if (!controller) {
            if (!*ctl) snprintf(path, n, "%s", c2 + 1), found = 0;
            continue;
        }
        if (in_list(ctl, controller)) snprintf(path, n, "%s", c2 + 1), found = 0;
    }
    fclose(f);
    return found;
}

/* The first line of dir/file, "" when unreadable. */
static void first_line(const char *dir, const char *file, char *buf, size_t n)
{
    char path[640];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    if (isl_slurp(path, buf, n)) buf[0] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
}

/* 1 when dir hands the cpu and memory controllers to its children. */
static int delegates(const char *dir)
{
    char buf[512];
    first_line(dir, "cgroup.subtree_control", buf, sizeof buf);
    return in_list_sp(buf, "cpu") && in_list_sp(buf, "memory");
}

/* The directories isolab's cgroups go in: v1 one per controller limited,
 * v2 one. 0, or an errno with msg. */
static const char *const V1[] = {"cpu", "cpuset", "memory"};
static int parents(int version, char dirs[][512], size_t *n, char *msg, size_t nmsg)
{
    *n = 0;
    if (version == 2) {
        /* the own cgroup holds this process, so it can only hand
         * controllers down when it is the root; a delegated scope's parent
         * (systemd-run --user --scope -p Delegate=yes) does */
        char own[512], *d = dirs[(*n)++];
        if (own_path(NULL, own, sizeof own)) own[0] = '\0';
        snprintf(d, 512, "/sys/fs/cgroup%.400s", strcmp(own, "/") ? own : "");
        char *slash = strrchr(d, '/');
        if (!delegates(d) && strcmp(own, "/") && slash && slash - d >= (ptrdiff_t)strlen("/sys/fs/cgroup")) {
            *slash = '\0';
            if (!delegates(d)) *slash = '/';
        }
        return 0;
    }
    for (size_t i = 0; i < sizeof V1 / sizeof *V1; i++) {
        char mnt[512], own[512];
        if (v1_mount(V1[i], mnt, sizeof mnt)) {
            snprintf(msg, nmsg, "no cgroup v1 hierarchy holds the %s controller", V1[i]);
            return ENOENT;
        }
        if (own_path(V1[i], own, sizeof own)) own[0] = '\0';
        snprintf(dirs[(*n)++], 512, "%.200s%.300s", mnt, strcmp(own, "/") ? own : "");
    }
    return 0;
}

int isl_cgroup_check(char *msg, size_t nmsg)
{
    int v = isl_cgroup_version();
    char dirs[4][512];
    size_t n;
    int e = parents(v, dirs, &n, msg, nmsg);
    if (e) return e;
    for (size_t i = 0; i < n; i++)
        if (access(dirs[i], W_OK)) {
            snprintf(msg, nmsg, "no writable cgroup with the cpu and memory controllers (%s: %s); %s",
                     dirs[i], strerror(errno), DELEGATE_FIX);
            return EACCES;
        }
    if (v == 2) {
        if (!delegates(dirs[0])) {
            snprintf(msg, nmsg,
                     "the cgroup %s does not delegate the cpu and memory controllers to its children; %s",
                     dirs[0], DELEGATE_FIX);
            return EACCES;
        }
        snprintf(msg, nmsg, "cgroup v2, beneath %s", dirs[0]);
    } else
        snprintf(msg, nmsg, "cgroup v1: cpu, cpuset and memory hierarchies");
    return 0;
}

static int put(const char *dir, const char *file, const char *value)
{
    char path[640];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    return isl_write_text(path, value);
}

/* The first CPU of a cpuset list ("0-1,4" gives "0"). */
static void first_cpu(const char *dir, const char *file, char *out, size_t n)
{
    first_line(dir, file, out, n);
    out[strcspn(out, ",-")] = '\0';
    if (!out[0]) snprintf(out, n, "0");
}

static void copy_file(const char *from, const char *to, const char *file)
{
    char buf[256];
    first_line(from, file, buf, sizeof buf);
    if (buf[0]) put(to, file, buf);
}

int isl_cgroup_make(isl_cgroup *cg, char *msg, size_t nmsg)
{
    static unsigned seq;
    memset(cg, 0, sizeof *cg);
    int v = isl_cgroup_version();
    char dirs[4][512];
    size_t n;
    int e = parents(v, dirs, &n, msg, nmsg);
    if (e) return e;
    unsigned s = __atomic_fetch_add(&seq, 1, __ATOMIC_RELAXED);
    cg->version = v;
    for (size_t i = 0; i < n; i++) {
        char *d = cg->dir[cg->n];
        snprintf(d, sizeof cg->dir[0], "%.400s/" PREFIX "%ld-%u", dirs[i], (long)getpid(), s);
        if (mkdir(d, 0755)) {
            e = errno;
            snprintf(msg, nmsg, "mkdir %s: %s", d, strerror(e));
            isl_cgroup_remove(cg);
            return e;
        }
        cg->n++;
        char cpu[32];
        if (v == 2) {
            e = put(d, "cpu.max", "100000 100000");
            if (!e) e = put(d, "memory.max", "268435456");
            if (!e) {
                first_cpu(d, "cpuset.cpus.effective", cpu, sizeof cpu);
                put(d, "cpuset.cpus", cpu); /* where the cpuset controller is delegated too */
            }
        } else if (!strcmp(V1[i], "cpu")) {
            e = put(d, "cpu.cfs_period_us", "100000");
            if (!e) e = put(d, "cpu.cfs_quota_us", "100000");
        } else if (!strcmp(V1[i], "cpuset")) {
            first_cpu(dirs[i], "cpuset.effective_cpus", cpu, sizeof cpu);
            e = put(d, "cpuset.cpus", cpu);
            copy_file(dirs[i], d, "cpuset.mems");
        } else
            e = put(d, "memory.limit_in_bytes", "268435456");
        if (e) {
            snprintf(msg, nmsg, "limiting %s: %s", d, strerror(e));
            isl_cgroup_remove(cg);
            return e;
        }
    }
    snprintf(msg, nmsg, "%s", cg->dir[0]);
    return 0;
}

int isl_cgroup_attach(const isl_cgroup *cg, pid_t pid)
{
    char p[32];
    snprintf(p, sizeof p, "%ld", (long)pid);
    for (size_t i = 0; i < cg->n; i++) {
        int e = put(cg->dir[i], "cgroup.procs", p);
        if (e) return e;
    }
    return 0;
}

/* rmdir, retried while the kernel still counts a process that has just
 * exited (EBUSY) for up to about 200 ms. */
static int remove_dir(const char *d)
{
    for (int tries = 0;; tries++) {
        if (!rmdir(d) || errno == ENOENT) return 0;
        if (errno != EBUSY || tries == 100) return errno;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
}

int isl_cgroup_remove(isl_cgroup *cg)
{
    int first = 0;
    for (size_t i = cg->n; i-- > 0;) {
        int e = remove_dir(cg->dir[i]);
        if (e && !first) first = e;
    }
    if (!first) cg->n = 0;
    return first;
}

/* Removes the isolab-probe-PID-* directories in dir whose pid is dead and
 * that hold no process (rmdir refuses the others). */
static void sweep_dir(const char *dir, size_t *n)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strncmp(e->d_name, PREFIX, sizeof PREFIX - 1)) continue;
        long pid = strtol(e->d_name + sizeof PREFIX - 1, NULL, 10);
        if (pid <= 0 || (kill((pid_t)pid, 0) == 0 || errno == EPERM)) continue; /* alive: its own */
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!rmdir(path)) ++*n;
    }
    closedir(d);
}

void isl_cgroup_sweep(size_t *n)
{
    int v = isl_cgroup_version();
    if (!v) return;
    char dirs[4][512], msg[256];
    size_t k;
    if (parents(v, dirs, &k, msg, sizeof msg)) return; /* nothing isolab could have made */
    for (size_t i = 0; i < k; i++) {
        sweep_dir(dirs[i], n);
        /* and at the hierarchy's root, where a probe run elsewhere made them */
        char root[512];
        if (v == 2) snprintf(root, sizeof root, "/sys/fs/cgroup");
        else v1_mount(V1[i], root, sizeof root);
        if (strcmp(root, dirs[i])) sweep_dir(root, n);
    }
}
