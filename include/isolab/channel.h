/* isolab: channels attached for real (src/kernel/channel.c, the kernel
 * layer: no SQLite). A channel of the model is measurable when a runner
 * stands in the registry (isl_channel_runner_at) under its name: the program that observes
 * a process from the host (perf record, strace), how it is attached, how
 * its attachment is confirmed, and how its file is read for facts.
 *
 * A probe runs a bounded workload inside a built set (isl_kernel_spawn),
 * once unobserved and once per observer condition in each round (forward
 * in odd rounds, reversed in even ones). The workload waits until the
 * observer is attached, then times its own loop: CPU (user + sys) and wall.
 * Everything found goes out through an isl_channel_sink; the store writes
 * it. Every process started is ended by pid; files live in a directory of
 * their own, removed at the end unless the caller keeps it. */
#ifndef ISOLAB_CHANNEL_H
#define ISOLAB_CHANNEL_H

#include <stddef.h>

#include "isolab/error.h"
#include "isolab/kernel.h"

/* The workloads: a bounded integer loop without syscalls, and a bounded
 * loop of real syscalls (getppid, uname, stat, capget, clock_gettime). */
typedef enum isl_workload { ISL_WORKLOAD_CPU, ISL_WORKLOAD_SYS, ISL_WORKLOAD_COUNT } isl_workload;
/* "cpu", "sys", then NULL (an option's choices) */
extern const char *const isl_workload_names[ISL_WORKLOAD_COUNT + 1];
/* The loop's default iterations for w: about a tenth of a CPU-second here. */
long isl_workload_default_iterations(isl_workload w);
/* The syscalls one iteration of w makes (0 for cpu). */
int isl_workload_syscalls_per_iteration(isl_workload w);

typedef struct isl_channel_runner isl_channel_runner;

/* The registry's i-th runner (NULL past the last): one row per channel. */
const isl_channel_runner *isl_channel_runner_at(size_t i);

/* The runner of channel (NULL: none, "not measurable here"). */
const isl_channel_runner *isl_channel_runner_find(const char *channel);
/* The runner's channel, program, Debian package, and command as shown
 * ("perf record -F F -g -p PID"). */
const char *isl_channel_runner_channel(const isl_channel_runner *r);
const char *isl_channel_runner_tool(const isl_channel_runner *r);
const char *isl_channel_runner_package(const isl_channel_runner *r);
const char *isl_channel_runner_shape(const isl_channel_runner *r);
/* 1 when the runner takes a sampling rate (--rate), else 0. */
int isl_channel_runner_rated(const isl_channel_runner *r);

/* One preflight's outcome: ok, substitute (it runs another way, e.g.
 * cpu-clock for a missing PMU), or skipped (the probe cannot run). */
typedef enum isl_check_status { ISL_CHECK_OK, ISL_CHECK_SUBSTITUTE, ISL_CHECK_SKIPPED } isl_check_status;
const char *isl_check_status_name(isl_check_status s); /* "ok", "substitute", "skipped" */

/* One condition of one round, as the workload timed it. */
typedef struct isl_channel_round {
    int round;             /* 1.. */
    int position;          /* 1.. within the round */
    int observed;          /* 0: the workload alone */
    long rate;             /* the observer's rate in Hz, 0 unobserved or unrated */
    double cpu_s, wall_s;  /* the workload's loop: user + sys CPU, wall */
    double observer_cpu_s; /* the observer's user + sys CPU (-1 unobserved) */
    double load1;          /* the host's 1-minute load average after the condition */
    long iterations;       /* the loop's */
    long syscalls;         /* the syscalls the loop made */
    long events;           /* samples or traced syscall lines in the file (-1 unobserved) */
} isl_channel_round;

/* What a probe reports. Strings are valid during the call only; a status
 * other than ISL_OK from a callback stops the probe, which returns it. */
typedef struct isl_channel_sink {
    void *ctx;
    /* each preflight, before anything runs (a skipped one ends the probe) */
    isl_status (*check)(void *ctx, const char *check, isl_check_status status, const char *message);
    /* each condition of each round, in the order run */
    isl_status (*round)(void *ctx, const isl_channel_round *r);
    /* per observer condition (rate, 0 unrated) of round 1: each fact the
     * runner reads its file for, carried "yes", "estimate" or "no", how
     * ("perf header: hostname"), the value found ("" when none), and the
     * events the file held */
    isl_status (*carried)(void *ctx, long rate, long events, const char *fact, const char *carried, const char *how,
                          const char *value);
    /* the set's steps, as isl_kernel_spawn reports them (may be NULL) */
    const isl_probe_sink *steps;
} isl_channel_sink;

/* What to measure. */
typedef struct isl_channel_plan {
    const isl_channel_runner *runner;
    isl_workload workload;
    const long *rates;     /* Hz, for a rated runner; nrates of them (at least 1) */
    size_t nrates;
    int rounds;            /* at least 1 */
    long iterations;       /* the loop's, at least 1 */
    const isl_probe_set *set; /* where the workload runs (n 0: unconfined) */
    const char *keep_dir;  /* keep the observers' files here (made if missing), or NULL: a scratch directory */
    int timeout_ms;        /* one condition's limit: its processes are ended past it */
} isl_channel_plan;

/* The preflights of runner on this host (program present and working,
 * perf_event_paranoid, Yama's ptrace_scope, a hardware PMU), each to
 * sink->check. ISL_OK when it can run; ISL_ETOOL with the reason (and the
 * Debian package or the sysctl) when a check skips it. */
isl_status isl_channel_preflight(const isl_channel_runner *runner, const isl_channel_sink *sink, isl_error *err);

/* Runs the preflights, then every round of plan, reporting to sink; the
 * observers' files are read for facts after round 1. Every process
 * started is ended by pid; the scratch directory is removed, also on
 * failure. ISL_ETOOL when a preflight skips it or a program fails (err
 * names it), ISL_EINTERRUPT on SIGINT/SIGTERM. */
isl_status isl_channel_probe(const isl_channel_plan *plan, const isl_channel_sink *sink, isl_error *err);

#endif
