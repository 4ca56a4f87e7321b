#!/bin/sh
# make bench-channels (opt-in, not part of make bench or make check; about
# a minute): the channels measured for real on this machine. perf record
# at 99, 999 and 9999 Hz and strace, each attached from the host to the cpu
# loop and the sys loop inside strict (kernel order), BENCH_CHANNEL_ROUNDS
# rounds (default 5) of the workloads' default loops; then a kernel probe
# of strict, so that channel_output_fact can say which carried facts
# return. Prints channel_cost_observed (each cost a ratio against the
# unobserved loop of the same round) and channel_output_fact beside the
# model's 3 % and 34 %. The database is kept: BENCH_CHANNEL_DB (default
# build/bench/channels.db), for 'isolab page' or a report.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
ROUNDS=${BENCH_CHANNEL_ROUNDS:-5}
DB=${BENCH_CHANNEL_DB:-$root/build/bench/channels.db}

mkdir -p "$(dirname "$DB")"
rm -f "$DB" "$DB-wal" "$DB-shm"
"$ISOLAB" --db "$DB" lesson >/dev/null 2>&1
start=$(date +%s)
for w in cpu sys; do
    "$ISOLAB" --db "$DB" probe --channel sampling-profile --workload "$w" --rounds "$ROUNDS"
    "$ISOLAB" --db "$DB" probe --channel system-call-tracing --workload "$w" --rounds "$ROUNDS"
done
"$ISOLAB" --db "$DB" probe --bundle strict --order kernel >/dev/null
echo
echo "channels measured in $(($(date +%s) - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg); database: $DB"
echo
"$ISOLAB" --db "$DB" report channel_cost_observed channel_sample_sweep channel_output_fact
