/* isolab: the facts as a kernel shows them (src/kernel/probe.h). One
 * reader per fact reads every source of its registry entry on the side it
 * runs on; one rule per fact decides from the host's readings and the inside's
 * whether the inside reveals the host. A reading is the value read, or
 * "error: ENAME". */
#define _GNU_SOURCE
#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <net/if.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "probe.h"

/* ---- readouts ---- */

const char *isl_errname(int errnum, char *buf, size_t n)
{
    const char *name = strerrorname_np(errnum);
    if (name) snprintf(buf, n, "error: %s", name);
    else snprintf(buf, n, "error: E%d", errnum);
    return buf;
}

void isl_ro_put(isl_readout *ro, int fact, const char *source, const char *value)
{
    if (ro->n == ro->cap) {
        size_t cap = ro->cap ? 2 * ro->cap : 128;
        isl_reading *r = realloc(ro->r, cap * sizeof *r);
        if (!r) { ro->oom = 1; return; }
        ro->r = r, ro->cap = cap;
    }
    char *s = strdup(source), *v = strdup(value ? value : "");
    if (!s || !v) { free(s), free(v), ro->oom = 1; return; }
    ro->r[ro->n++] = (isl_reading){fact, s, v};
}

void isl_ro_add(isl_readout *ro, const char *source, const char *value)
{
    isl_ro_put(ro, ro->fact, source, value);
}

void isl_ro_addf(isl_readout *ro, const char *source, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    isl_ro_add(ro, source, buf);
}

void isl_ro_err(isl_readout *ro, const char *source, int errnum)
{
    char buf[64];
    isl_ro_add(ro, source, isl_errname(errnum, buf, sizeof buf));
}

const char *isl_ro_get(const isl_readout *ro, int fact, const char *source)
{
    if (!ro) return NULL;
    for (size_t i = 0; i < ro->n; i++)
        if (ro->r[i].fact == fact && !strcmp(ro->r[i].source, source)) return ro->r[i].value;
    return NULL;
}

void isl_ro_free(isl_readout *ro)
{
    for (size_t i = 0; i < ro->n; i++) free(ro->r[i].source), free(ro->r[i].value);
    free(ro->r);
    ro->r = NULL, ro->n = ro->cap = 0;
}

/* ---- a growing string and a list of names, for list values ---- */

/* oom: an addition could not be kept; a reader then marks its readout
 * (a list cut short would read as a list, and decide a fact wrongly). */
typedef struct sbuf {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_add(sbuf *b, const char *t)
{
    size_t k = strlen(t);
    if (b->n + k + 2 > b->cap) {
        size_t cap = (b->n + k + 2) * 2;
        char *s = realloc(b->s, cap);
        if (!s) { b->oom = 1; return; }
        b->s = s, b->cap = cap;
    }
    if (b->n) b->s[b->n++] = ' ';
    memcpy(b->s + b->n, t, k + 1);
    b->n += k;
}

static const char *sb_str(sbuf *b) { return b->s ? b->s : ""; }

/* Adds b as source's value and frees it. */
static void ro_add_sb(isl_readout *ro, const char *source, sbuf *b)
{
    isl_ro_add(ro, source, sb_str(b));
    if (b->oom) ro->oom = 1;
    free(b->s);
}

typedef struct tlist {
    char **t;
    size_t n, cap;
    int oom;
} tlist;

static void tl_add(tlist *l, const char *s)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        char **t = realloc(l->t, cap * sizeof *t);
        if (!t) { l->oom = 1; return; }
        l->t = t, l->cap = cap;
    }
    char *c = strdup(s);
    if (c) l->t[l->n++] = c;
    else l->oom = 1;
}

/* Adds the list l (sorted, each name once) as source's value, and frees it. */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static void ro_add_list(isl_readout *ro, const char *source, tlist *l)
{
    if (l->n) qsort(l->t, l->n, sizeof *l->t, cmp_str);
    sbuf b = {0};
    b.oom = l->oom;
    for (size_t i = 0; i < l->n; i++)
        if (!i || strcmp(l->t[i], l->t[i - 1])) sb_add(&b, l->t[i]);
    ro_add_sb(ro, source, &b);
    for (size_t i = 0; i < l->n; i++) free(l->t[i]);
    free(l->t);
}

/* ---- sources ---- */

/* Trims trailing whitespace, turns inner newlines and tabs into spaces. */
static char *flatten(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
    for (char *p = s; *p; p++)
        if (*p == '\n' || *p == '\t') *p = ' ';
    return s;
}

/* Adds the whole content of path (flattened) as a reading of source path. */
static void read_file_value(isl_readout *ro, const char *path)
{
    char buf[8192];
    int e = isl_slurp(path, buf, sizeof buf);
    if (e) isl_ro_err(ro, path, e);
    else isl_ro_add(ro, path, flatten(buf));
}

/* The value of "Key:" in a file of "Key: value" lines (status, meminfo). */
static int keyed(const char *path, const char *key, char *out, size_t n)
{
    char buf[16384];
    int e = isl_slurp(path, buf, sizeof buf);
    if (e) return e;
    size_t k = strlen(key);
    for (char *line = buf; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
        if (!strncmp(line, key, k) && line[k] == ':') {
            char *v = line + k + 1;
            while (*v == ' ' || *v == '\t') v++;
            size_t m = strcspn(v, "\n");
            snprintf(out, n, "%.*s", (int)m, v);
            flatten(out);
            return 0;
        }
    return ENOENT;
}

static void read_keyed(isl_readout *ro, const char *path, const char *key)
{
    char src[128], val[512];
    snprintf(src, sizeof src, "%s:%s", path, key);
    int e = keyed(path, key, val, sizeof val);
    if (e) isl_ro_err(ro, src, e);
    else isl_ro_add(ro, src, val);
}

/* comm and starttime of /proc/PID/stat, and its ppid. 0 or an errno. */
static int proc_stat(const char *pid, char *comm, size_t ncomm, unsigned long long *start, long *ppid)
{
    char path[64], buf[2048];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int e = isl_slurp(path, buf, sizeof buf);
    if (e) return e;
    char *l = strchr(buf, '('), *r = strrchr(buf, ')');
    if (!l || !r || r < l) return EPROTO;
    snprintf(comm, ncomm, "%.*s", (int)(r - l - 1), l + 1);
    for (char *p = comm; *p; p++)
        if (!isgraph((unsigned char)*p) || *p == '/') *p = '_'; /* a process names itself: no control bytes */
    /* after ") ": state ppid pgrp session tty tpgid flags minflt cminflt
     * majflt cmajflt utime stime cutime cstime priority nice threads
     * itrealvalue starttime (field 22) */
    char state;
    long pp;
    unsigned long long st;
    if (sscanf(r + 2, "%c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu", &state,
               &pp, &st) != 3)
        return EPROTO;
    if (start) *start = st;
    if (ppid) *ppid = pp;
    return 0;
}

static int is_number(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

/* The own ancestor chain as pids of /proc (self first). */
static size_t own_chain(long *chain, size_t max)
{
    char self[32];
    ssize_t k = readlink("/proc/self", self, sizeof self - 1);
    if (k <= 0) return 0;
    self[k] = '\0';
    size_t n = 0;
    long pid = atol(self);
    while (pid > 0 && n < max) {
        chain[n++] = pid;
        char p[32], comm[64];
        long pp;
        snprintf(p, sizeof p, "%ld", pid);
        if (proc_stat(p, comm, sizeof comm, NULL, &pp)) break;
        pid = pp;
    }
    return n;
}

static void read_process_list(isl_readout *ro)
{
    long chain[256];
    size_t nc = own_chain(chain, 256);
    DIR *d = opendir("/proc");
    if (!d) isl_ro_err(ro, "/proc", errno);
    else {
        tlist l = {0};
        struct dirent *e;
        while ((e = readdir(d))) {
            if (!is_number(e->d_name)) continue;
            long pid = atol(e->d_name);
            int own = 0;
            for (size_t i = 0; i < nc; i++) own |= chain[i] == pid;
            if (!own) tl_add(&l, e->d_name);
        }
        closedir(d);
        ro_add_list(ro, "/proc", &l);
    }
    char comm[64];
    unsigned long long start;
    int e = proc_stat("1", comm, sizeof comm, &start, NULL);
    if (e) isl_ro_err(ro, "/proc/1/stat", e);
    else isl_ro_addf(ro, "/proc/1/stat", "%s %llu", comm, start);
}

static void read_own_pid(isl_readout *ro)
{
    isl_ro_addf(ro, "getpid()", "%ld", (long)getpid());
    read_keyed(ro, "/proc/self/status", "NSpid");
    char buf[64];
    ssize_t k = readlink("/proc/self", buf, sizeof buf - 1);
    if (k < 0) isl_ro_err(ro, "readlink /proc/self", errno);
    else buf[k] = '\0', isl_ro_add(ro, "readlink /proc/self", buf);
    k = readlink("/proc/self/ns/pid", buf, sizeof buf - 1);
    if (k < 0) isl_ro_err(ro, "/proc/self/ns/pid", errno);
    else buf[k] = '\0', isl_ro_add(ro, "/proc/self/ns/pid", buf);
}

static void read_ancestors(isl_readout *ro)
{
    char self[32];
    ssize_t k = readlink("/proc/self", self, sizeof self - 1);
    if (k <= 0) { isl_ro_err(ro, "/proc/PID/stat", k < 0 ? errno : ENOENT); return; }
    self[k] = '\0';
    sbuf b = {0};
    long pid = atol(self);
    for (int hops = 0; pid > 0 && hops < 256; hops++) {
        char p[32], comm[64], tok[160];
        unsigned long long start;
        long pp;
        snprintf(p, sizeof p, "%ld", pid);
        int e = proc_stat(p, comm, sizeof comm, &start, &pp);
        if (e) {
            if (!b.n) { isl_ro_err(ro, "/proc/PID/stat", e); return; }
            break;
        }
        snprintf(tok, sizeof tok, "%ld/%s/%llu", pid, comm, start);
        sb_add(&b, tok);
        pid = pp;
    }
    ro_add_sb(ro, "/proc/PID/stat", &b);
}

static void read_dir_names(isl_readout *ro, const char *path, const char *source)
{
    DIR *d = opendir(path);
    if (!d) { isl_ro_err(ro, source, errno); return; }
    tlist l = {0};
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) tl_add(&l, e->d_name);
    closedir(d);
    ro_add_list(ro, source, &l);
}

static void read_devino(isl_readout *ro, const char *path, const char *source)
{
    struct stat st;
    if (stat(path, &st)) isl_ro_err(ro, source, errno);
    else isl_ro_addf(ro, source, "%llu:%llu", (unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
}

static void read_root_tree(isl_readout *ro)
{
    read_dir_names(ro, "/", "names in /");
    read_dir_names(ro, "/etc", "names in /etc");
    read_devino(ro, "/etc", "dev:ino of /etc");
}

/* The mount points of mountinfo, less those every set has of its own. */
static void read_mounts(isl_readout *ro)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f) { isl_ro_err(ro, "/proc/self/mountinfo", errno); return; }
    static const char *const own[] = {"/", "/proc", "/sys", "/dev", "/tmp"};
    tlist l = {0};
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        char mp[2048];
        if (sscanf(line, "%*s %*s %*s %*s %2047s", mp) != 1) continue;
        int skip = 0;
        for (size_t i = 0; i < sizeof own / sizeof *own; i++) skip |= !strcmp(mp, own[i]);
        if (!skip) tl_add(&l, mp);
    }
    fclose(f);
    ro_add_list(ro, "/proc/self/mountinfo", &l);
}

static void read_tmp(isl_readout *ro) { read_devino(ro, "/tmp", "dev:ino of /tmp"); }

static void read_interfaces(isl_readout *ro)
{
    struct if_nameindex *ifs = if_nameindex();
    if (!ifs) isl_ro_err(ro, "if_nameindex()", errno);
    else {
        tlist l = {0};
        for (struct if_nameindex *i = ifs; i->if_name; i++)
            if (strcmp(i->if_name, "lo")) tl_add(&l, i->if_name);
        if_freenameindex(ifs);
        ro_add_list(ro, "if_nameindex()", &l);
    }
    DIR *d = opendir("/sys/class/net");
    if (!d) { isl_ro_err(ro, "/sys/class/net", errno); return; }
    tlist l = {0};
    struct dirent *e;
    while ((e = readdir(d)))
        if (e->d_name[0] != '.' && strcmp(e->d_name, "lo")) tl_add(&l, e->d_name);
    closedir(d);
    ro_add_list(ro, "/sys/class/net", &l);
}

/* The rows of a /proc/net table kept by keep(), one token each. */
static void read_net_table(isl_readout *ro, const char *path, int (*keep)(char *line, char *tok, size_t n))
{
    FILE *f = fopen(path, "re");
    if (!f) { isl_ro_err(ro, path, errno); return; }
    tlist l = {0};
    char line[1024], tok[512];
    int first = 1;
    while (fgets(line, sizeof line, f)) {
        if (first && strstr(path, "ipv6_route") == NULL) { first = 0; continue; } /* a header line */
        first = 0;
        if (keep(line, tok, sizeof tok)) tl_add(&l, tok);
    }
    fclose(f);
    ro_add_list(ro, path, &l);
}

/* /proc/net/route: Iface Destination Gateway Flags ... Mask ...: not lo */
static int keep_route(char *line, char *tok, size_t n)
{
    char ifc[64], dst[16], gw[16], mask[16];
    if (sscanf(line, "%63s %15s %15s %*s %*s %*s %*s %15s", ifc, dst, gw, mask) != 4 || !strcmp(ifc, "lo"))
        return 0;
    snprintf(tok, n, "%s/%s/%s/%s", ifc, dst, mask, gw);
    return 1;
}

/* /proc/net/ipv6_route: dst dstlen src srclen nexthop metric ref use flags dev */
static int keep_route6(char *line, char *tok, size_t n)
{
    char dst[40], dl[4], nh[40], dev[64];
    if (sscanf(line, "%39s %3s %*s %*s %39s %*s %*s %*s %*s %63s", dst, dl, nh, dev) != 4 || !strcmp(dev, "lo"))
        return 0;
    snprintf(tok, n, "%s/%s/%s/%s", dev, dst, dl, nh);
    return 1;
}

/* /proc/net/tcp*: sl local rem st ...: LISTEN (0A) */
static int keep_listen(char *line, char *tok, size_t n)
{
    char local[64], st[8];
    if (sscanf(line, "%*s %63s %*s %7s", local, st) != 2 || strcmp(st, "0A")) return 0;
    snprintf(tok, n, "%s", local);
    return 1;
}

/* /proc/net/udp*: unconnected: the remote address all zeros */
static int keep_unconnected(char *line, char *tok, size_t n)
{
    char local[64], rem[64];
    if (sscanf(line, "%*s %63s %63s", local, rem) != 2 || strspn(rem, "0:") != strlen(rem)) return 0;
    snprintf(tok, n, "%s", local);
    return 1;
}

static void read_routes(isl_readout *ro)
{
    read_net_table(ro, "/proc/net/route", keep_route);
    read_net_table(ro, "/proc/net/ipv6_route", keep_route6);
}

static void read_ports(isl_readout *ro)
{
    read_net_table(ro, "/proc/net/tcp", keep_listen);
    read_net_table(ro, "/proc/net/tcp6", keep_listen);
    read_net_table(ro, "/proc/net/udp", keep_unconnected);
    read_net_table(ro, "/proc/net/udp6", keep_unconnected);
}

static void read_idmap(isl_readout *ro)
{
    read_file_value(ro, "/proc/self/uid_map");
    read_file_value(ro, "/proc/self/gid_map");
}

/* Squeezes runs of spaces (the id maps' columns are padded). */
static void squeeze(char *s)
{
    char *w = s;
    for (char *r = s; *r; r++)
        if (*r != ' ' || (w > s && w[-1] != ' ')) *w++ = *r;
    *w = '\0';
}

static void read_owner(isl_readout *ro, const char *path, const char *source)
{
    struct stat st;
    if (stat(path, &st)) isl_ro_err(ro, source, errno);
    else isl_ro_addf(ro, source, "%lu:%lu", (unsigned long)st.st_uid, (unsigned long)st.st_gid);
}

static void read_ownership(isl_readout *ro)
{
    read_owner(ro, "/etc/passwd", "owner of /etc/passwd");
    read_owner(ro, "/etc/shadow", "owner of /etc/shadow");
    if (ro->scratch) read_owner(ro, ro->scratch, "owner of the scratch file");
}

static void read_hostname(isl_readout *ro)
{
    struct utsname u;
    if (uname(&u)) isl_ro_err(ro, "uname().nodename", errno);
    else isl_ro_add(ro, "uname().nodename", u.nodename);
    read_file_value(ro, "/proc/sys/kernel/hostname");
}

/* The cgroup file of the visible root for version v: v1 under the
 * controller's hierarchy, v2 in the unified one. */
static void read_cgroup_root(isl_readout *ro, const char *v1, const char *v2, const char *key)
{
    char path[256];
    if (ro->cgroup_version == 2) snprintf(path, sizeof path, "/sys/fs/cgroup/%s", v2);
    else snprintf(path, sizeof path, "/sys/fs/cgroup/%s", v1);
    if (key) read_keyed(ro, path, key);
    else read_file_value(ro, path);
}

static void read_cpu_share(isl_readout *ro)
{
    char buf[4096];
    int e = isl_slurp("/proc/stat", buf, sizeof buf);
    unsigned long long v[10] = {0}, sum = 0;
    if (!e && sscanf(buf, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                     &v[6], &v[7]) != 8)
        e = EPROTO;
    if (e) isl_ro_err(ro, "/proc/stat:cpu", e);
    else {
        for (int i = 0; i < 8; i++) sum += v[i];
        isl_ro_addf(ro, "/proc/stat:cpu", "%llu", sum);
    }
    if (ro->cgroup_version == 2) {
        /* usage_usec is in microseconds; the v1 file in nanoseconds */
        read_cgroup_root(ro, "", "cpu.stat", "usage_usec");
        read_cgroup_root(ro, "", "cpu.max", NULL);
    } else {
        read_cgroup_root(ro, "cpuacct/cpuacct.usage", "", NULL);
        read_cgroup_root(ro, "cpu/cpu.cfs_quota_us", "", NULL);
    }
}

static int meminfo_bytes(const char *key, unsigned long long *out)
{
    char v[128];
    int e = keyed("/proc/meminfo", key, v, sizeof v);
    if (e) return e;
    *out = strtoull(v, NULL, 10) * 1024; /* "kB" */
    return 0;
}

static void read_memory_limit(isl_readout *ro)
{
    unsigned long long t;
    int e = meminfo_bytes("MemTotal", &t);
    if (e) isl_ro_err(ro, "/proc/meminfo:MemTotal", e);
    else isl_ro_addf(ro, "/proc/meminfo:MemTotal", "%llu", t);
    struct sysinfo si;
    if (sysinfo(&si)) isl_ro_err(ro, "sysinfo().totalram", errno);
    else isl_ro_addf(ro, "sysinfo().totalram", "%llu", (unsigned long long)si.totalram * si.mem_unit);
    read_cgroup_root(ro, "memory/memory.limit_in_bytes", "memory.max", NULL);
}

static void read_memory_used(isl_readout *ro)
{
    unsigned long long t, a;
    int e = meminfo_bytes("MemTotal", &t);
    if (!e) e = meminfo_bytes("MemAvailable", &a);
    if (e) isl_ro_err(ro, "/proc/meminfo:MemTotal-MemAvailable", e);
    else isl_ro_addf(ro, "/proc/meminfo:MemTotal-MemAvailable", "%llu", t - a);
    struct sysinfo si;
    if (sysinfo(&si)) isl_ro_err(ro, "sysinfo().totalram-freeram", errno);
    else
        isl_ro_addf(ro, "sysinfo().totalram-freeram", "%llu",
                    (unsigned long long)(si.totalram - si.freeram) * si.mem_unit);
    read_cgroup_root(ro, "memory/memory.usage_in_bytes", "memory.current", NULL);
}

static void read_cpu_count(isl_readout *ro)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 0) isl_ro_err(ro, "sysconf(_SC_NPROCESSORS_ONLN)", errno);
    else isl_ro_addf(ro, "sysconf(_SC_NPROCESSORS_ONLN)", "%ld", n);
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set)) isl_ro_err(ro, "sched_getaffinity()", errno);
    else isl_ro_addf(ro, "sched_getaffinity()", "%d", CPU_COUNT(&set));
    FILE *f = fopen("/proc/cpuinfo", "re");
    if (!f) { isl_ro_err(ro, "/proc/cpuinfo", errno); return; }
    char line[512];
    int k = 0;
    while (fgets(line, sizeof line, f)) k += !strncmp(line, "processor", 9);
    fclose(f);
    isl_ro_addf(ro, "/proc/cpuinfo", "%d", k);
}

static void read_kernel_version(isl_readout *ro)
{
    struct utsname u;
    if (uname(&u)) isl_ro_err(ro, "uname().release", errno);
    else isl_ro_add(ro, "uname().release", u.release);
    read_file_value(ro, "/proc/version");
}

static int cmp_equal(const char *h, const char *i, const char *a);
static const isl_kernel_source S_KERNEL_SETTINGS[] = {
    {"/proc/sys/kernel/pid_max", cmp_equal},
    {"/proc/sys/kernel/perf_event_paranoid", cmp_equal},
    {"/proc/sys/vm/overcommit_memory", cmp_equal},
    {"/proc/sys/vm/swappiness", cmp_equal},
    {"/proc/sys/fs/file-max", cmp_equal},
    {"/proc/sys/kernel/randomize_va_space", cmp_equal},
    {"/proc/sys/net/core/somaxconn", cmp_equal},
    {NULL, NULL},
};

static void read_kernel_settings(isl_readout *ro)
{
    for (const isl_kernel_source *k = S_KERNEL_SETTINGS; k->source; k++) read_file_value(ro, k->source);
}

static void read_load(isl_readout *ro)
{
    char buf[256];
    double l15;
    int e = isl_slurp("/proc/loadavg", buf, sizeof buf);
    if (!e && sscanf(buf, "%*f %*f %lf", &l15) != 1) e = EPROTO;
    if (e) isl_ro_err(ro, "/proc/loadavg", e);
    else isl_ro_addf(ro, "/proc/loadavg", "%.2f", l15);
    struct sysinfo si;
    if (sysinfo(&si)) isl_ro_err(ro, "sysinfo().loads", errno);
    else isl_ro_addf(ro, "sysinfo().loads", "%.2f", si.loads[2] / 65536.0);
}

static void read_clock(isl_readout *ro)
{
    struct timespec t;
    if (clock_gettime(CLOCK_REALTIME, &t)) isl_ro_err(ro, "CLOCK_REALTIME", errno);
    else isl_ro_addf(ro, "CLOCK_REALTIME", "%lld.%03ld", (long long)t.tv_sec, t.tv_nsec / 1000000);
    if (clock_gettime(CLOCK_BOOTTIME, &t)) isl_ro_err(ro, "CLOCK_BOOTTIME", errno);
    else isl_ro_addf(ro, "CLOCK_BOOTTIME", "%lld.%03ld", (long long)t.tv_sec, t.tv_nsec / 1000000);
}

static void read_caps(isl_readout *ro)
{
    read_keyed(ro, "/proc/self/status", "CapEff");
    read_keyed(ro, "/proc/self/status", "CapPrm");
    read_keyed(ro, "/proc/self/status", "CapBnd");
    read_keyed(ro, "/proc/self/status", "NoNewPrivs");
    read_keyed(ro, "/proc/self/status", "Seccomp");
}

static void read_mode(isl_readout *ro, const char *path, const char *source)
{
    struct stat st;
    if (stat(path, &st)) isl_ro_err(ro, source, errno);
    else isl_ro_addf(ro, source, "%04o", (unsigned)(st.st_mode & 07777));
}

static void read_permissions(isl_readout *ro)
{
    read_mode(ro, "/etc/shadow", "mode of /etc/shadow");
    read_mode(ro, "/etc/passwd", "mode of /etc/passwd");
    read_mode(ro, "/root", "mode of /root");
    if (ro->scratch) read_mode(ro, ro->scratch, "mode of the scratch file");
}

/* The LSM syscalls of Linux 6.8 (the same numbers on every architecture). */
#ifndef SYS_lsm_get_self_attr
#define SYS_lsm_get_self_attr 459
#endif
#ifndef SYS_lsm_list_modules
#define SYS_lsm_list_modules 461
#endif
#define ISL_LSM_ATTR_CURRENT 100

static const char *lsm_name(uint64_t id)
{
    static const char *const names[] = {"capability", "selinux", "smack", "tomoyo", "apparmor", "yama",
                                        "loadpin", "safesetid", "lockdown", "bpf", "landlock", "ima",
                                        "evm", "ipe"};
    return id >= 100 && id - 100 < sizeof names / sizeof *names ? names[id - 100] : NULL;
}

static void read_label(isl_readout *ro)
{
    read_file_value(ro, "/proc/self/attr/current");
    /* struct lsm_ctx { u64 id, flags, len, ctx_len; u8 ctx[]; } */
    uint64_t buf[512];
    uint32_t size = sizeof buf;
    long n = syscall(SYS_lsm_get_self_attr, ISL_LSM_ATTR_CURRENT, buf, &size, 0);
    if (n < 0 && errno == EOPNOTSUPP) isl_ro_add(ro, "lsm_get_self_attr(LSM_ATTR_CURRENT)", "no label");
    else if (n < 0) isl_ro_err(ro, "lsm_get_self_attr(LSM_ATTR_CURRENT)", errno);
    else if (n == 0) isl_ro_add(ro, "lsm_get_self_attr(LSM_ATTR_CURRENT)", "no label");
    else {
        sbuf b = {0};
        const unsigned char *p = (const unsigned char *)buf, *end = p + size;
        for (long i = 0; i < n && p + 32 <= end; i++) {
            uint64_t h[4];
            memcpy(h, p, sizeof h);
            char tok[300];
            const char *name = lsm_name(h[0]);
            snprintf(tok, sizeof tok, "%s=%.*s", name ? name : "?", (int)(h[3] > 256 ? 256 : h[3]), p + 32);
            for (char *c = tok; *c; c++)
                if (!isgraph((unsigned char)*c)) *c = '_';
            sb_add(&b, tok);
            if (h[2] < 32) break;
            p += h[2];
        }
        ro_add_sb(ro, "lsm_get_self_attr(LSM_ATTR_CURRENT)", &b);
    }
}

static void read_policy(isl_readout *ro)
{
    read_file_value(ro, "/sys/kernel/security/lsm");
    read_file_value(ro, "/sys/kernel/security/apparmor/profiles");
    uint64_t ids[32];
    uint32_t size = sizeof ids;
    long n = syscall(SYS_lsm_list_modules, ids, &size, 0);
    if (n < 0) { isl_ro_err(ro, "lsm_list_modules()", errno); return; }
    sbuf b = {0};
    for (long i = 0; i < n && i < 32; i++) {
        const char *name = lsm_name(ids[i]);
        char tok[32];
        if (!name) snprintf(tok, sizeof tok, "%llu", (unsigned long long)ids[i]);
        sb_add(&b, name ? name : tok);
    }
    ro_add_sb(ro, "lsm_list_modules()", &b);
}

void isl_lsm_list(char *buf, size_t n)
{
    uint64_t ids[32];
    uint32_t size = sizeof ids;
    long k = syscall(SYS_lsm_list_modules, ids, &size, 0);
    buf[0] = '\0';
    if (k < 0) {
        if (!isl_slurp("/sys/kernel/security/lsm", buf, n)) flatten(buf);
        return;
    }
    size_t used = 0;
    for (long i = 0; i < k && i < 32 && used < n; i++) {
        const char *name = lsm_name(ids[i]);
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? "," : "", name ? name : "?");
    }
}

/* ---- rules ---- */

/* Sources reveal when reveals(host, inside, after) says so (host and
 * inside readable; after is the host's reading after, or host again). */
typedef int (*cmp_fn)(const char *host, const char *inside, const char *after);

static int is_error(const char *v) { return !v || !strncmp(v, "error: ", 7); }

/* Appends name to via (", "-separated: a source's name may hold a space;
 * cut at nvia): no allocation, so that a rule decides the same however
 * short memory is. */
static void via_add(char *via, size_t nvia, const char *name)
{
    size_t k = strlen(via);
    if (k + 2 < nvia) snprintf(via + k, nvia - k, "%s%s", k ? ", " : "", name);
}

/* Any source of src revealing: visible via them; else closed via those
 * the host could be read from; none: unmeasured. */
static int decide_sources(const isl_kernel_source *src, int fact, const isl_readout *host, const isl_readout *inside,
                          const isl_readout *after, char *via, size_t nvia)
{
    enum { MAX = 32 };
    const char *compared[MAX];
    int reveals[MAX], nreveal = 0;
    size_t n = 0;
    for (; src->source; src++) {
        const char *h = isl_ro_get(host, fact, src->source), *i = isl_ro_get(inside, fact, src->source);
        const char *a = isl_ro_get(after, fact, src->source);
        if (!src->reveals || is_error(h)) continue; /* recorded only; nothing of the host's to find */
        if (is_error(a)) a = h;
        assert(n < MAX);
        compared[n] = src->source;
        nreveal += reveals[n++] = !is_error(i) && src->reveals(h, i, a);
    }
    via[0] = '\0';
    for (size_t k = 0; k < n; k++)
        if (reveals[k] || !nreveal) via_add(via, nvia, compared[k]);
    if (!n) snprintf(via, nvia, "no source readable on the host");
    return nreveal ? ISL_SEEN_VISIBLE : n ? ISL_SEEN_CLOSED : ISL_SEEN_UNMEASURED;
}

static int cmp_equal(const char *h, const char *i, const char *a)
{
    (void)a;
    return !strcmp(h, i);
}

/* A token of inside's list is one of the host's. */
static int cmp_shares(const char *h, const char *i, const char *a)
{
    (void)a;
    size_t hn = strlen(h);
    for (const char *p = i; *p;) {
        size_t k = strcspn(p, " ");
        for (const char *q = h; q < h + hn;) {
            size_t m = strcspn(q, " ");
            if (m == k && !strncmp(p, q, k)) return 1;
            q += m + (q[m] == ' ');
        }
        p += k + (p[k] == ' ');
    }
    return 0;
}

static int within(const char *h, const char *i, const char *a, double rel, double abs)
{
    char *e1, *e2, *e3;
    double hv = strtod(h, &e1), iv = strtod(i, &e2), av = strtod(a, &e3);
    if (e1 == h || e2 == i || e3 == a) return !strcmp(h, i); /* "max", not a number */
    double lo = hv < av ? hv : av, hi = hv < av ? av : hv;
    double tol = rel * hi > abs ? rel * hi : abs;
    return iv >= lo - tol && iv <= hi + tol;
}

static int cmp_within_5pc(const char *h, const char *i, const char *a) { return within(h, i, a, 0.05, 0); }
static int cmp_within_10pc(const char *h, const char *i, const char *a) { return within(h, i, a, 0.10, 0); }
static int cmp_memory_used(const char *h, const char *i, const char *a)
{
    return within(h, i, a, 0.25, 64.0 * 1024 * 1024);
}
static int cmp_load(const char *h, const char *i, const char *a) { return within(h, i, a, 0, 0.5); }
static int cmp_clock(const char *h, const char *i, const char *a) { return within(h, i, a, 0, 5); }

/* The id maps, their padding squeezed. */
static int cmp_map(const char *h, const char *i, const char *a)
{
    (void)a;
    char x[4096], y[4096];
    snprintf(x, sizeof x, "%s", h), snprintf(y, sizeof y, "%s", i);
    squeeze(x), squeeze(y);
    return !strcmp(x, y);
}

/* CapEff inside holds every capability of the host's. */
static int cmp_caps(const char *h, const char *i, const char *a)
{
    (void)a;
    unsigned long long hv = strtoull(h, NULL, 16), iv = strtoull(i, NULL, 16);
    return (iv & hv) == hv;
}

/* The walk ends at the host's pid 1: the last comm/starttime equal. */
static const char *chain_end(const char *v)
{
    const char *sp = strrchr(v, ' ');
    const char *last = sp ? sp + 1 : v;
    const char *slash = strchr(last, '/');
    return slash ? slash + 1 : last;
}
static int cmp_chain(const char *h, const char *i, const char *a)
{
    (void)a;
    return !strcmp(chain_end(h), chain_end(i));
}

static const isl_kernel_source S_PROCESS_LIST[] = {
    {"/proc", cmp_shares},
    {"/proc/1/stat", cmp_equal},
    {NULL, NULL},
};

/* Read for own-process-number's own rule, which judges them together. */
static const isl_kernel_source S_OWN_PID[] = {
    {"getpid()", NULL},
    {"/proc/self/status:NSpid", NULL},
    {"readlink /proc/self", NULL},
    {"/proc/self/ns/pid", NULL},
    {NULL, NULL},
};

/* Readable when: the same pid namespace, an outer number in NSpid, or
 * /proc/self naming another number than getpid(). */
static int rule_own_pid(int fact, const isl_readout *host, const isl_readout *inside, const isl_readout *after,
                        char *via, size_t nvia)
{
    (void)after;
    const char *ns_h = isl_ro_get(host, fact, "/proc/self/ns/pid");
    const char *ns_i = isl_ro_get(inside, fact, "/proc/self/ns/pid");
    const char *nspid = isl_ro_get(inside, fact, "/proc/self/status:NSpid");
    const char *self = isl_ro_get(inside, fact, "readlink /proc/self"), *pid = isl_ro_get(inside, fact, "getpid()");
    via[0] = '\0';
    if (!is_error(ns_h) && !is_error(ns_i) && !strcmp(ns_h, ns_i)) via_add(via, nvia, "/proc/self/ns/pid");
    if (!is_error(nspid) && strchr(nspid, ' ')) via_add(via, nvia, "/proc/self/status:NSpid");
    if (!is_error(self) && !is_error(pid) && strcmp(self, pid)) via_add(via, nvia, "readlink /proc/self");
    if (via[0]) return ISL_SEEN_VISIBLE;
    if (is_error(pid)) return snprintf(via, nvia, "getpid() unread inside"), ISL_SEEN_UNMEASURED;
    snprintf(via, nvia, "/proc/self/ns/pid, /proc/self/status:NSpid, readlink /proc/self");
    return ISL_SEEN_CLOSED;
}

static const isl_kernel_source S_ANCESTORS[] = {
    {"/proc/PID/stat", cmp_chain},
    {NULL, NULL},
};

static const isl_kernel_source S_ROOT_TREE[] = {
    {"names in /", cmp_equal},
    {"names in /etc", cmp_equal},
    {"dev:ino of /etc", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_MOUNTS[] = {
    {"/proc/self/mountinfo", cmp_shares},
    {NULL, NULL},
};

static const isl_kernel_source S_TMP[] = {
    {"dev:ino of /tmp", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_INTERFACES[] = {
    {"if_nameindex()", cmp_shares},
    {"/sys/class/net", cmp_shares},
    {NULL, NULL},
};

static const isl_kernel_source S_ROUTES[] = {
    {"/proc/net/route", cmp_shares},
    {"/proc/net/ipv6_route", cmp_shares},
    {NULL, NULL},
};

static const isl_kernel_source S_PORTS[] = {
    {"/proc/net/tcp", cmp_shares},
    {"/proc/net/tcp6", cmp_shares},
    {"/proc/net/udp", cmp_shares},
    {"/proc/net/udp6", cmp_shares},
    {NULL, NULL},
};

static const isl_kernel_source S_IDMAP[] = {
    {"/proc/self/uid_map", cmp_map},
    {"/proc/self/gid_map", cmp_map},
    {NULL, NULL},
};

static const isl_kernel_source S_OWNERSHIP[] = {
    {"owner of /etc/passwd", cmp_equal},
    {"owner of /etc/shadow", cmp_equal},
    {"owner of the scratch file", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_HOSTNAME[] = {
    {"uname().nodename", cmp_equal},
    {"/proc/sys/kernel/hostname", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_CPU_SHARE[] = {
    {"/proc/stat:cpu", cmp_within_5pc},
    {"/sys/fs/cgroup/cpuacct/cpuacct.usage", cmp_within_10pc},
    {"/sys/fs/cgroup/cpu.stat:usage_usec", cmp_within_10pc},
    {"/sys/fs/cgroup/cpu/cpu.cfs_quota_us", cmp_equal},
    {"/sys/fs/cgroup/cpu.max", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_MEMORY_LIMIT[] = {
    {"/proc/meminfo:MemTotal", cmp_equal},
    {"sysinfo().totalram", cmp_equal},
    {"/sys/fs/cgroup/memory/memory.limit_in_bytes", cmp_equal},
    {"/sys/fs/cgroup/memory.max", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_MEMORY_USED[] = {
    {"/proc/meminfo:MemTotal-MemAvailable", cmp_memory_used},
    {"sysinfo().totalram-freeram", cmp_memory_used},
    {"/sys/fs/cgroup/memory/memory.usage_in_bytes", cmp_memory_used},
    {"/sys/fs/cgroup/memory.current", cmp_memory_used},
    {NULL, NULL},
};

static const isl_kernel_source S_CPU_COUNT[] = {
    {"sysconf(_SC_NPROCESSORS_ONLN)", cmp_equal},
    {"sched_getaffinity()", cmp_equal},
    {"/proc/cpuinfo", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_KERNEL_VERSION[] = {
    {"uname().release", cmp_equal},
    {"/proc/version", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_LOAD[] = {
    {"/proc/loadavg", cmp_load},
    {"sysinfo().loads", cmp_load},
    {NULL, NULL},
};

static const isl_kernel_source S_CLOCK[] = {
    {"CLOCK_REALTIME", cmp_clock},
    {"CLOCK_BOOTTIME", cmp_clock},
    {NULL, NULL},
};

static const isl_kernel_source S_CAPS[] = {
    {"/proc/self/status:CapEff", cmp_caps},
    {"/proc/self/status:CapPrm", NULL},
    {"/proc/self/status:CapBnd", NULL},
    {"/proc/self/status:NoNewPrivs", NULL},
    {"/proc/self/status:Seccomp", NULL},
    {NULL, NULL},
};

static const isl_kernel_source S_PERMISSIONS[] = {
    {"mode of /etc/shadow", cmp_equal},
    {"mode of /etc/passwd", cmp_equal},
    {"mode of /root", cmp_equal},
    {"mode of the scratch file", cmp_equal},
    {NULL, NULL},
};

static const isl_kernel_source S_LABEL[] = {
    {"/proc/self/attr/current", cmp_equal},
    {"lsm_get_self_attr(LSM_ATTR_CURRENT)", cmp_equal},
    {NULL, NULL},
};

/* Equal; "no label" on both sides is equal too, and said so. */
static int rule_label(int fact, const isl_readout *host, const isl_readout *inside, const isl_readout *after,
                      char *via, size_t nvia)
{
    int seen = decide_sources(S_LABEL, fact, host, inside, after, via, nvia);
    const char *h = isl_ro_get(host, fact, "lsm_get_self_attr(LSM_ATTR_CURRENT)");
    if (seen == ISL_SEEN_VISIBLE && h && !strcmp(h, "no label") && strlen(via) + 40 < nvia)
        strcat(via, " (no label on either side)");
    return seen;
}

static const isl_kernel_source S_POLICY[] = {
    {"/sys/kernel/security/lsm", cmp_equal},
    {"/sys/kernel/security/apparmor/profiles", cmp_equal},
    {"lsm_list_modules()", cmp_equal},
    {NULL, NULL},
};

/* The registry, in the model's fact order. */
const isl_kernel_fact isl_kernel_facts[] = {
    {"other-process-list", read_process_list, 0, S_PROCESS_LIST, NULL},
    {"own-process-number", read_own_pid, 0, S_OWN_PID, rule_own_pid},
    {"ancestor-process-chain", read_ancestors, 0, S_ANCESTORS, NULL},
    {"root-filesystem-tree", read_root_tree, 0, S_ROOT_TREE, NULL},
    {"other-mounts", read_mounts, 0, S_MOUNTS, NULL},
    {"shared-temp-directory", read_tmp, 0, S_TMP, NULL},
    {"host-interfaces", read_interfaces, 0, S_INTERFACES, NULL},
    {"host-routing-table", read_routes, 0, S_ROUTES, NULL},
    {"listening-ports", read_ports, 0, S_PORTS, NULL},
    {"user-id-mapping", read_idmap, 0, S_IDMAP, NULL},
    {"file-ownership", read_ownership, 0, S_OWNERSHIP, NULL},
    {"hostname", read_hostname, 0, S_HOSTNAME, NULL},
    {"cpu-share", read_cpu_share, 1, S_CPU_SHARE, NULL},
    {"memory-limit", read_memory_limit, 0, S_MEMORY_LIMIT, NULL},
    {"memory-used", read_memory_used, 1, S_MEMORY_USED, NULL},
    {"cpu-count", read_cpu_count, 0, S_CPU_COUNT, NULL},
    {"kernel-version", read_kernel_version, 0, S_KERNEL_VERSION, NULL},
    {"kernel-settings", read_kernel_settings, 0, S_KERNEL_SETTINGS, NULL},
    {"system-load", read_load, 1, S_LOAD, NULL},
    {"clock", read_clock, 1, S_CLOCK, NULL},
    {"capability-set", read_caps, 0, S_CAPS, NULL},
    {"file-permissions", read_permissions, 0, S_PERMISSIONS, NULL},
    {"security-label", read_label, 0, S_LABEL, rule_label},
    {"policy-rules", read_policy, 0, S_POLICY, NULL},
    {NULL, NULL, 0, NULL, NULL},
};

int isl_fact_index(const char *name)
{
    for (int i = 0; isl_kernel_facts[i].name; i++)
        if (!strcmp(isl_kernel_facts[i].name, name)) return i;
    return -1;
}

int isl_kernel_reads(const char *fact) { return isl_fact_index(fact) >= 0; }

void isl_read_fact(isl_readout *ro, int fact)
{
    ro->fact = fact;
    isl_kernel_facts[fact].read(ro);
}

void isl_read_all(isl_readout *ro, int which)
{
    for (int i = 0; isl_kernel_facts[i].name; i++)
        if (which == ISL_READ_ALL || (which == ISL_READ_DRIFTING) == isl_kernel_facts[i].drifts) isl_read_fact(ro, i);
}

isl_seen isl_fact_decide(int fact, const isl_readout *host, const isl_readout *inside, const isl_readout *after,
                         char *via, size_t nvia)
{
    if (fact < 0) {
        snprintf(via, nvia, "no reader in isolab");
        return ISL_SEEN_UNMEASURED;
    }
    const isl_kernel_fact *f = &isl_kernel_facts[fact];
    if (f->rule) return (isl_seen)f->rule(fact, host, inside, after, via, nvia);
    return (isl_seen)decide_sources(f->sources, fact, host, inside, after, via, nvia);
}
