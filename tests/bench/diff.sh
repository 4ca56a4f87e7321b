#!/bin/sh
# make bench-diff (part of make bench): 'diff' of two bundle sweeps against
# the sweep's own time. The synthetic model (tests/synth, 10000 facts, 60
# axes, 16 mechanisms, 1 channel: BENCH_DIFF_MECHANISMS) is swept twice;
# each sweep and the diff of the two are timed (CPU seconds, the median of
# BENCH_RUNS, default 3). Before, the diff compared the rows with EXCEPT on
# bundle_sweep_named (16 mechanisms: 5 s of CPU against a 0.1 s sweep, a
# temp file of many MiB; 19: minutes); now both runs' rows are read once in
# key order and merged (0.15 s). The target: the diff at most 2x the sweep.
# Exits 1 when missed.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${BENCH_RUNS:-3}
M=${BENCH_DIFF_MECHANISMS:-16}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

mkdir "$tmp/seeds"
cp "$root/tests/synth/100_synthetic_model.sql" "$tmp/seeds/"
cat >"$tmp/seeds/050_params.sql" <<SQL
CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR REPLACE INTO synth_param(key, value) VALUES ('facts', 10000), ('axes', 60), ('mechanisms', $M), ('channels', 1);
SQL
"$ISOLAB" --db "$tmp/base.db" init --seeds "$tmp/seeds" >/dev/null
i=0
while [ "$i" -lt "$RUNS" ]; do
    rm -f "$tmp/run.db"*
    cp "$tmp/base.db" "$tmp/run.db"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" sweep bundles >>"$tmp/sweep.txt"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" sweep bundles >>"$tmp/sweep.txt"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" diff 1 2 >>"$tmp/diff.txt"
    same=$("$ISOLAB" --db "$tmp/run.db" diff 1 2 | tail -1)
    [ "$same" = "0 differences from run 1 to run 2" ] || { echo "bench-diff: $same" >&2; exit 1; }
    i=$((i + 1))
done
echo
echo "diff of two sweeps of $M mechanisms against a sweep (CPU seconds, median of $RUNS; peak KiB)"
awk -v s="$(median 3 "$tmp/sweep.txt")" -v d="$(median 3 "$tmp/diff.txt")" \
    -v sk="$(median 2 "$tmp/sweep.txt")" -v dk="$(median 2 "$tmp/diff.txt")" 'BEGIN {
    printf "sweep %.2f s (%d KiB)  diff %.2f s (%d KiB, %.2fx, target <= 2)\n", s, sk, d, dk, (s > 0 ? d / s : 0)
    exit !(d <= 2 * s) }'
