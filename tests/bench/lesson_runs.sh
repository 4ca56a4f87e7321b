#!/bin/sh
# make bench (and make bench-lesson-runs): the doubling test on stored runs.
# 'isolab lesson' on a fresh database, and on databases holding 155, 310 and
# 620 runs (31, 62 and 124 earlier lessons of 5 runs each: a semester of
# use), each run on a fresh copy of its database, the four alternating.
#
# Printed: the median wall-clock and CPU milliseconds of each, the ratio of
# 620 runs to the fresh database (target <= 1.2) and the growth at each
# doubling, 155 -> 310 -> 620 (target <= 1.1 each), in CPU time (less
# disturbed by other work on a shared machine than the wall clock).
#
# Knobs (environment): LESSON_RUNS=11; ISOLAB (the binary).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${LESSON_RUNS:-11}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

# the stored runs: one database grown lesson by lesson, copied at each size
i=1
while [ "$i" -le 124 ]; do
    "$ISOLAB" --db "$tmp/grow.db" lesson >/dev/null 2>&1
    case $i in 31) cp "$tmp/grow.db" "$tmp/r155.db" ;; 62) cp "$tmp/grow.db" "$tmp/r310.db" ;; esac
    i=$((i + 1))
done
cp "$tmp/grow.db" "$tmp/r620.db"
for n in 155 310 620; do
    got=$(sqlite3 "$tmp/r$n.db" "SELECT count(*) FROM run")
    [ "$got" = "$n" ] || { echo "bench: $got runs stored, expected $n" >&2; exit 1; }
done

# one NAME: 'isolab lesson' on a fresh copy of NAME's database (none: a new
# one), appending "seconds kib cpu" to $tmp/NAME.txt
one() {
    rm -f "$tmp/run.db" "$tmp/run.db-wal" "$tmp/run.db-shm"
    [ "$1" = fresh ] || cp "$tmp/$1.db" "$tmp/run.db"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" lesson 2>/dev/null >>"$tmp/$1.txt"
}

for k in fresh r155 r310 r620; do : >"$tmp/$k.txt"; done
i=1
while [ "$i" -le "$RUNS" ]; do
    if [ $((i % 2)) = 1 ]; then order="fresh r155 r310 r620"; else order="r620 r310 r155 fresh"; fi
    for k in $order; do one "$k"; done
    i=$((i + 1))
done

echo "isolab lesson with runs stored (median of $RUNS alternating runs, each on a fresh copy)"
for k in fresh r155 r310 r620; do
    printf "  %-6s %6.1f ms wall, %6.1f ms CPU\n" "$k" "$(median 1 "$tmp/$k.txt" | awk '{ print $1 * 1000 }')" \
        "$(median 3 "$tmp/$k.txt" | awk '{ print $1 * 1000 }')"
done
awk -v f="$(median 3 "$tmp/fresh.txt")" -v a="$(median 3 "$tmp/r155.txt")" -v b="$(median 3 "$tmp/r310.txt")" \
    -v c="$(median 3 "$tmp/r620.txt")" 'BEGIN {
    printf "  620 runs / fresh: %.3f (target <= 1.2); per doubling: 155 -> 310 %.3f, 310 -> 620 %.3f (target <= 1.1), CPU\n",
           c / f, b / a, c / b }'
