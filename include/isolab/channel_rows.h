/* isolab: a channel measured for real, in the store (schema/027_channel_probe.sql):
 * the rows of one run of kind "channel-probe". The store speaks of data
 * only: the lab hands it what the kernel layer (isolab/channel.h) reported. */
#ifndef ISOLAB_CHANNEL_ROWS_H
#define ISOLAB_CHANNEL_ROWS_H

#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* What one probe measured, and where (channel_probe). */
typedef struct isl_channel_probe_row {
    const char *channel, *workload, *bundle, *build_order, *command, *machine, *release;
    int64_t iterations, rounds;
} isl_channel_probe_row;

/* One round's condition (channel_probe_round); rate 0 is stored NULL, and
 * observer_cpu_s and events are stored NULL when observed is 0. */
typedef struct isl_channel_round_row {
    int64_t round, position;
    int observed;
    int64_t rate;
    double cpu_s, wall_s, observer_cpu_s, load_avg;
    int64_t iterations, syscalls, events;
} isl_channel_round_row;

/* The row of channel_probe for run c->run_id. */
isl_status isl_store_put_channel_probe(isl_run_ctx *c, const isl_channel_probe_row *r);
/* One preflight passed ("ok" or "substitute") of run c->run_id. */
isl_status isl_store_put_channel_check(isl_run_ctx *c, const char *check, const char *status, const char *message);
/* One condition of one round of run c->run_id. */
isl_status isl_store_put_channel_round(isl_run_ctx *c, const isl_channel_round_row *r);
/* One fact read from the observer's file at rate (0: stored NULL) with
 * events in it: carried "yes", "estimate" or "no", how, the value found. */
isl_status isl_store_put_channel_output(isl_run_ctx *c, int64_t rate, int64_t events, const char *fact,
                                        const char *carried, const char *how, const char *value);

#endif
