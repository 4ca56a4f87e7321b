#!/bin/sh
# make bench (and make bench-lesson): 'isolab lesson' on a fresh database,
# the whole process from start to exit, against a baseline in the same run.
#
# The target is 25 ms (median, idle machine): the lesson's main job should
# feel instant. A shared machine's load moves every figure, so the baseline
# (isolab as of BENCH_BASE, by default the release before this one;
# built by make in build/bench/base) runs alternately with it, and their
# ratio is the figure that holds across machines and loads.
#
# Printed: the median wall-clock and CPU milliseconds of LESSON_RUNS runs
# of each (alternating, the baseline first on odd runs), the ratio
# isolab/baseline, and the target.
#
# Knobs (environment): LESSON_RUNS=11; ISOLAB, ISOLAB_BASE (the binaries).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
ISOLAB_BASE=${ISOLAB_BASE:-$root/build/bench/base/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${LESSON_RUNS:-11}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

# one NAME BINARY: 'BINARY lesson' on a fresh database, appending
# "seconds kib cpu" to $tmp/NAME.txt; its stdout must be the lesson's
one() {
    rm -f "$tmp/fresh.db" "$tmp/fresh.db-wal" "$tmp/fresh.db-shm"
    "$MEASURE" "$2" --db "$tmp/fresh.db" lesson 2>/dev/null >>"$tmp/$1.txt"
}

base=
[ -x "$ISOLAB_BASE" ] && base=yes
: >"$tmp/isolab.txt"
: >"$tmp/base.txt"
i=1
while [ "$i" -le "$RUNS" ]; do
    if [ -n "$base" ] && [ $((i % 2)) = 1 ]; then one base "$ISOLAB_BASE"; fi
    one isolab "$ISOLAB"
    if [ -n "$base" ] && [ $((i % 2)) = 0 ]; then one base "$ISOLAB_BASE"; fi
    i=$((i + 1))
done
"$ISOLAB" --db "$tmp/check.db" lesson 2>/dev/null | cmp -s - "$root/tests/expected/lesson.txt" \
    || { echo "bench: isolab lesson does not print tests/expected/lesson.txt" >&2; exit 1; }

is=$(median 1 "$tmp/isolab.txt") ic=$(median 3 "$tmp/isolab.txt")
printf "isolab lesson on a fresh database: %.1f ms wall, %.1f ms CPU (median of %d; target < 25 ms idle)\n" \
    "$(echo "$is" | awk '{ print $1 * 1000 }')" "$(echo "$ic" | awk '{ print $1 * 1000 }')" "$RUNS"
if [ -n "$base" ]; then
    bs=$(median 1 "$tmp/base.txt") bc=$(median 3 "$tmp/base.txt")
    awk -v is="$is" -v ic="$ic" -v bs="$bs" -v bc="$bc" -v n="$RUNS" 'BEGIN {
        printf "  baseline (build/bench/base): %.1f ms wall, %.1f ms CPU (median of %d, alternating)\n", bs * 1000, bc * 1000, n
        printf "  ratio isolab/baseline: %.3f wall, %.3f CPU\n", is / bs, ic / bc }'
else
    echo "  no baseline: build/bench/base/isolab is missing (make builds it from git: BENCH_BASE)"
fi
