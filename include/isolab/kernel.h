/* isolab: the kernel layer (src/kernel). Builds the model's mechanisms for
 * real, with the primitives bubblewrap and nsjail use, reads each fact on
 * the host and inside, and decides by one rule per fact whether the inside
 * reveals the host. Kernel interfaces only: no SQLite, no model tables.
 * Everything it finds goes out through an isl_probe_sink, as the core's
 * sweeps hand their rows to a callback; the store writes them.
 *
 * Names are the model's: a fact or mechanism is measurable only when its
 * name is in isl_kernel_facts / isl_kernel_mechanisms (the registries); a
 * lesson's own fact is reported unmeasured, its own mechanism not
 * buildable, never guessed and never read from a path a seed names. */
#ifndef ISOLAB_KERNEL_H
#define ISOLAB_KERNEL_H

#include <stddef.h>
#include <sys/types.h>

#include "isolab/error.h"

/* What a probe is run under to have a cgroup delegated to it: a step's
 * message that ends with it is followed, where it is shown, by the
 * probe's own command line, so that it can be run as printed. */
#define ISL_DELEGATE_SCOPE "systemd-run --user --scope -p Delegate=yes"

struct isl_kernel_readout; /* the readings of one side (src/kernel/probe.h) */
struct isl_build;          /* a builder's state in the child (src/kernel/probe.h) */

/* A source of a fact and when its reading reveals the host's: given the
 * host's reading before, the inside's and the host's after (the one
 * before again when the fact does not drift), 1 when it reveals; NULL
 * for a source recorded beside the judged ones (CapPrm beside CapEff), or
 * judged together with the others by the fact's own rule. */
typedef struct isl_kernel_source {
    const char *source;
    int (*reveals)(const char *host, const char *inside, const char *after);
} isl_kernel_source;

/* The facts with a reader: the model's name, the reader (every source of
 * the fact, on the side it runs on), whether the fact drifts (read on the
 * host before and after the inside reading), its sources (ending with a
 * NULL source; a reading's source is one of them), and the rule: NULL for
 * "visible when any source reveals, closed when none does though the
 * host's could be read, unmeasured else", or a fact's own, returning an
 * isl_seen and the deciding sources in via. Ends with a NULL name. */
typedef struct isl_kernel_fact {
    const char *name;
    void (*read)(struct isl_kernel_readout *ro);
    int drifts;
    const isl_kernel_source *sources;
    int (*rule)(int fact, const struct isl_kernel_readout *host, const struct isl_kernel_readout *inside,
                const struct isl_kernel_readout *after, char *via, size_t nvia);
} isl_kernel_fact;
extern const isl_kernel_fact isl_kernel_facts[];

/* The mechanisms with a builder: the model's name, the primitive built,
 * the position in kernel order, the preflight (an isl_step_status and
 * msg, decided before anything changes; privileged: the caller holds
 * CAP_SYS_ADMIN) and the builder (run in the child: 0 or an errno, msg).
 * Ends with a NULL name. */
typedef struct isl_kernel_mechanism {
    const char *name;
    const char *primitive;
    int kernel_rank;
    int (*preflight)(int privileged, char *msg, size_t nmsg);
    int (*build)(struct isl_build *b, char *msg, size_t nmsg);
} isl_kernel_mechanism;
extern const isl_kernel_mechanism isl_kernel_mechanisms[];

/* 1 when fact has a reader (mechanism a builder), else 0. */
int isl_kernel_reads(const char *fact);
int isl_kernel_builds(const char *mechanism);

/* The two orders a set is built in: the set's own (as the model applies
 * it) and the kernel's (user, pid, net, uts, cgroup, mount, label, caps). */
typedef enum isl_probe_order { ISL_ORDER_MODEL, ISL_ORDER_KERNEL } isl_probe_order;
/* "model" / "kernel". */
const char *isl_probe_order_name(isl_probe_order o);

/* Where a reading was taken: on the host just before the inside reading,
 * inside the confined process, on the host just after. */
typedef enum isl_side { ISL_SIDE_HOST, ISL_SIDE_INSIDE, ISL_SIDE_HOST_AFTER } isl_side;
const char *isl_side_name(isl_side s); /* "host", "inside", "host-after" */

/* A mechanism's step: built, skipped (the kernel lacks it), refused (it
 * needs a privilege), built as a substitute (e.g. Landlock for a label),
 * or failed while building. Decided by a preflight before anything
 * changes, but for "failed". */
typedef enum isl_step_status {
    ISL_STEP_OK, ISL_STEP_SKIPPED, ISL_STEP_REFUSED, ISL_STEP_SUBSTITUTE, ISL_STEP_FAILED
} isl_step_status;
const char *isl_step_status_name(isl_step_status s); /* "ok", "skipped", ... */

/* A fact as the kernel showed it. */
typedef enum isl_seen { ISL_SEEN_VISIBLE, ISL_SEEN_CLOSED, ISL_SEEN_UNMEASURED } isl_seen;
const char *isl_seen_name(isl_seen s); /* "visible", "closed", "unmeasured" */

/* The machine a probe ran on: its provenance. */
typedef struct isl_probe_env {
    char release[128];     /* uname().release */
    char hostname[128];    /* uname().nodename: the default machine label */
    long uid;              /* the caller's real uid */
    int privileged;        /* 1 when the caller holds CAP_SYS_ADMIN in the init user namespace */
    char lsms[256];        /* the active LSMs, comma-separated ("" when unreadable) */
    int cgroup_version;    /* 1, 2, or 0 when no cgroup file system is mounted */
} isl_probe_env;

/* Reads the host's provenance into env. ISL_OK, or ISL_ETOOL with err. */
isl_status isl_probe_env_read(isl_probe_env *env, isl_error *err);

/* One set to build and read: the mechanisms by the model's names in the
 * set's own order (n may be 0: plain; at most 16), the order to build them
 * in, and the facts to report, in the model's fact order (a name without a
 * reader is reported unmeasured). */
typedef struct isl_probe_set {
    const char *const *mechanisms;
    size_t n;
    isl_probe_order order;
    const char *const *facts;
    size_t nfacts;
    int timeout_ms;        /* the whole set, build and readings: its child is ended past it (<= 0: 10 s) */
} isl_probe_set;

/* What a probe reports, in this order: each step, each reading, each fact's
 * outcome. Strings are valid during the call only. A status other than
 * ISL_OK from a callback stops the probe, which returns it. */
typedef struct isl_probe_sink {
    void *ctx;
    /* one per mechanism of the set, in build order */
    isl_status (*step)(void *ctx, const char *mechanism, const char *primitive, isl_step_status status,
                       const char *message);
    /* one per source and side; value is the text read, or "error: ENAME"
     * (the errno's name) when the source could not be read */
    isl_status (*reading)(void *ctx, isl_side side, const char *fact, const char *source, const char *value);
    /* one per fact of the set, in its order; via names the sources that
     * decided it ("/sys/class/net"), or why it is unmeasured */
    isl_status (*observed)(void *ctx, const char *fact, isl_seen seen, const char *via);
} isl_probe_sink;

/* Builds set (each step preflighted: a skipped or refused step is
 * reported and the set built without it; a name without a builder is
 * skipped as not buildable; without root, a step needing CAP_SYS_ADMIN is
 * refused unless a user namespace comes first), reads every fact inside
 * and on the host (the drifting ones just before and just after), decides
 * each fact by its rule, and reports all to sink. Sweeps the leftovers of
 * killed probes first. Nothing outlives the call on the host: the child's
 * namespaces die with it, the cgroups made and the scratch file are
 * removed. ISL_OK when the set was read (whatever its steps' status);
 * ISL_ETOOL with err when the child could not run or passed timeout_ms
 * (ended by pid); ISL_EUSAGE when the order cannot work for this caller
 * (model order unprivileged), with why; ISL_EINPUT for more than 16
 * mechanisms; ISL_ENOMEM; or a sink callback's status. */
isl_status isl_probe_set_run(const isl_probe_set *set, const isl_probe_sink *sink, isl_error *err);

/* A process confined in a built set, for a channel to observe from the
 * host (src/kernel/channel.c). */
typedef struct isl_confined {
    pid_t pid;             /* the host's pid of the process that runs fn */
    pid_t runner;          /* the child isl_kernel_spawn forked (pid is it or its descendant) */
    int fd;                /* read end of fn's out_fd */
    struct isl_kernel_spawned *priv; /* the runner's state: the cgroup, the pids seen */
} isl_confined;

/* Builds set as isl_probe_set_run does (steps to sink->step; sink or its
 * step may be NULL; no scratch file, no listener, no readings) and runs
 * fn(ctx, out_fd) inside it; returns once fn has started, with c filled
 * in, to be given to isl_kernel_reap. fn's return value (0..255) is the
 * confined process's exit status. ISL_ETOOL when the build did not reach
 * fn within set->timeout_ms (nothing is left then). */
isl_status isl_kernel_spawn(const isl_probe_set *set, const isl_probe_sink *sink, int (*fn)(void *ctx, int out_fd),
                            void *ctx, isl_confined *c, isl_error *err);
/* Waits for c's processes up to timeout_ms, ends them by pid past it, closes
 * c->fd; *status (may be NULL) gets fn's exit status, -1 when ended. */
isl_status isl_kernel_reap(isl_confined *c, int timeout_ms, int *status, isl_error *err);

/* Removes what a probe of isolab's killed midway, its janitor killed too,
 * left behind: the empty isolab-probe-PID-* cgroups and the
 * /tmp/isolab-probe-PID-* scratch directories of dead pids (only a real
 * directory of this uid that no one else may write to; a symbolic link or
 * another's directory is left alone); the numbers removed in *cgroups and
 * *scratch. */
isl_status isl_kernel_sweep_leftovers(size_t *cgroups, size_t *scratch, isl_error *err);

#endif
