/* isolab: the kernel layer's own parts (src/kernel), shared by its files
 * and by nothing else. Readings of one side, the facts' readers and rules
 * (facts.c), the mechanisms' preflights and builders (mechs.c), the
 * control groups isolab makes (cgroup.c), the runner (runner.c). */
#ifndef ISOLAB_KERNEL_PROBE_H
#define ISOLAB_KERNEL_PROBE_H

#include <stddef.h>
#include <sys/types.h>

#include "isolab/kernel.h"

/* One reading: a fact (index into isl_kernel_facts), a source, its value. */
typedef struct isl_reading {
    int fact;
    char *source;
    char *value;
} isl_reading;

/* The readings of one side. `fact` is the fact being read (readers add
 * under it); scratch and cgroup_version are what the readers need to know
 * of the probe. oom is set when an addition could not be kept. */
struct isl_kernel_readout {
    isl_reading *r;
    size_t n, cap;
    int fact;
    const char *scratch;   /* the probe's scratch file, or NULL */
    int cgroup_version;    /* the host's (1, 2 or 0) */
    int oom;
};
typedef struct isl_kernel_readout isl_readout;

/* Adds a reading of ro->fact (value copied; NULL is an empty value). */
void isl_ro_add(isl_readout *ro, const char *source, const char *value);
void isl_ro_addf(isl_readout *ro, const char *source, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Adds "error: ENAME" for errnum. */
void isl_ro_err(isl_readout *ro, const char *source, int errnum);
/* Adds the reading of fact as is (the runner, from the child's records). */
void isl_ro_put(isl_readout *ro, int fact, const char *source, const char *value);
/* The value read of fact from source, or NULL. */
const char *isl_ro_get(const isl_readout *ro, int fact, const char *source);
void isl_ro_free(isl_readout *ro);

/* Reads every fact with a reader into ro (ISL_READ_ALL), or only the
 * facts that drift (read on the host just before and just after the
 * inside reading), or only those that do not. */
enum { ISL_READ_ALL, ISL_READ_DRIFTING, ISL_READ_STEADY };
void isl_read_all(isl_readout *ro, int which);
/* Reads one fact (an index into isl_kernel_facts) into ro. */
void isl_read_fact(isl_readout *ro, int fact);
/* Decides fact (an index) from the host's readings before (host), inside
 * and after; writes the deciding sources into via. */
isl_seen isl_fact_decide(int fact, const isl_readout *host, const isl_readout *inside, const isl_readout *after,
                         char *via, size_t nvia);
/* The index of a fact or mechanism name in its registry, or -1. */
int isl_fact_index(const char *name);
int isl_mech_index(const char *name);

/* 1 when the caller holds CAP_SYS_ADMIN in the init user namespace. */
int isl_caller_privileged(void);
/* The active LSMs, comma-separated, from lsm_list_modules(2) or securityfs
 * ("" when neither answers). */
void isl_lsm_list(char *buf, size_t n);

/* Reads path into buf (NUL-terminated, at most n - 1 bytes): 0 or an
 * errno. Writes text to path in one write: 0 or an errno. */
int isl_slurp(const char *path, char *buf, size_t n);
int isl_write_text(const char *path, const char *text);

/* "error: ENAME" for errnum into buf. */
const char *isl_errname(int errnum, char *buf, size_t n);

/* A control group of isolab's own, in every hierarchy that holds the
 * controllers it limits (v1), or in the unified one (v2). */
typedef struct isl_cgroup {
    int version;           /* 1 or 2; 0: none made */
    size_t n;
    char dir[6][512];      /* the directories made */
} isl_cgroup;

/* Where a cgroup with cpu and memory can be made by this caller: 0, or
 * an errno with msg saying why and what would grant it. */
int isl_cgroup_check(char *msg, size_t nmsg);
/* Makes one (isolab-probe-PID-SEQ) with a CPU quota of one CPU's time,
 * one CPU and a memory limit. 0, or an errno with msg. */
int isl_cgroup_make(isl_cgroup *cg, char *msg, size_t nmsg);
/* Moves pid into cg: 0 or an errno. */
int isl_cgroup_attach(const isl_cgroup *cg, pid_t pid);
/* Removes cg's directories (once empty; retried briefly): 0 or an errno. */
int isl_cgroup_remove(isl_cgroup *cg);
/* Removes the empty isolab-probe-PID-* cgroups of dead pids where this
 * caller's probes make theirs and at the hierarchies' roots; adds their
 * number to *n. */
void isl_cgroup_sweep(size_t *n);
/* The cgroup version of the host: 2 (unified with controllers), 1, 0. */
int isl_cgroup_version(void);

/* A set's plan: the mechanisms in build order, each with its preflight's
 * verdict and message. */
typedef struct isl_plan_step {
    int mech;                  /* index into isl_kernel_mechanisms, -1: no builder */
    const char *name;          /* the set's name for it */
    isl_step_status status;    /* of the preflight; FAILED set while building */
    char msg[512];
} isl_plan_step;

typedef struct isl_plan {
    isl_plan_step step[16];
    size_t n;
    int privileged;
} isl_plan;

/* What a builder may ask of its outside helper (the runner, on the host). */
enum { ISL_ASK_MAP_RANGE = 'U', ISL_ASK_CGROUP = 'C' };

/* What a builder has at hand in the child. */
typedef struct isl_build {
    int sock;              /* to the runner: requests and records */
    int privileged;        /* the caller holds CAP_SYS_ADMIN (isl_plan.privileged) */
} isl_build;

/* Preflights every mechanism of set in its build order into plan. ISL_OK,
 * ISL_EINPUT for a name without a builder, ISL_EUSAGE when the order
 * cannot work for this caller. */
isl_status isl_plan_make(const isl_probe_set *set, isl_plan *plan, isl_error *err);
/* Builds step s of plan in the calling process (a child of the runner):
 * 0, or an errno with msg. May fork (pid namespace): returns in the new
 * process only. */
int isl_build_step(isl_build *b, const isl_plan_step *s, char *msg, size_t nmsg);
/* Sends one record of n bytes over sock: 0 or an errno. */
int isl_wire_send(int sock, const void *p, size_t n);
/* Asks the runner to do what (ISL_ASK_*) for this process: 0 or an errno. */
int isl_build_ask(isl_build *b, int what);

#endif
