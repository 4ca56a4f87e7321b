/* isolab store: the rows of a channel measured for real
 * (include/isolab/channel_rows.h), each statement beside its writer. */
#include "isolab/channel_rows.h"
#include "store_int.h"

static const char ST_CHANNEL_PROBE[] = "INSERT INTO channel_probe(run_id, channel, workload, bundle, build_order, "
                                       "command, iterations, rounds, machine, kernel_release) VALUES "
                                       "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)";
static const char ST_CHANNEL_CHECK[] = "INSERT INTO channel_probe_check(run_id, check_name, status, message) "
                                       "VALUES (?1,?2,?3,?4)";
static const char ST_CHANNEL_ROUND[] = "INSERT INTO channel_probe_round(run_id, round, position, condition, rate, "
                                       "cpu_s, wall_s, observer_cpu_s, load_avg, iterations, syscalls, events) "
                                       "VALUES (?1,?2,?3,CASE ?4 WHEN 0 THEN 'unobserved' ELSE 'observed' END,"
                                       "nullif(?5, 0),?6,?7,CASE ?4 WHEN 0 THEN NULL ELSE ?8 END,?9,?10,?11,"
                                       "CASE ?4 WHEN 0 THEN NULL ELSE ?12 END)";
static const char ST_CHANNEL_OUTPUT[] = "INSERT INTO channel_probe_output(run_id, rate, events, fact, carried, how, "
                                        "value) VALUES (?1,nullif(?2, 0),?3,?4,?5,?6,?7)";

isl_status isl_store_put_channel_probe(isl_run_ctx *c, const isl_channel_probe_row *r)
{
    isl_status st = isl_db_put(c->store, ST_CHANNEL_PROBE, c->err, "writing the channel probe", "itttttiitt",
                               c->run_id, r->channel, r->workload, r->bundle, r->build_order, r->command,
                               r->iterations, r->rounds, r->machine, r->release);
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_channel_check(isl_run_ctx *c, const char *check, const char *status, const char *message)
{
    isl_status st = isl_db_put(c->store, ST_CHANNEL_CHECK, c->err, "writing a channel probe's check", "ittt",
                               c->run_id, check, status, message);
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_channel_round(isl_run_ctx *c, const isl_channel_round_row *r)
{
    isl_status st = isl_db_put(c->store, ST_CHANNEL_ROUND, c->err, "writing a channel probe's round",
                               "iiiiiddddiii", c->run_id, r->round, r->position, (int64_t)r->observed, r->rate,
                               r->cpu_s, r->wall_s, r->observer_cpu_s, r->load_avg, r->iterations, r->syscalls,
                               r->events);
    if (!st) isl_run_count(c, 1);
    return st;
}

isl_status isl_store_put_channel_output(isl_run_ctx *c, int64_t rate, int64_t events, const char *fact,
                                        const char *carried, const char *how, const char *value)
{
    isl_status st = isl_db_put(c->store, ST_CHANNEL_OUTPUT, c->err, "writing what a channel's file carried",
                               "iiitttt", c->run_id, rate, events, fact, carried, how, value);
    if (!st) isl_run_count(c, 1);
    return st;
}
