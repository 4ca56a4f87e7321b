#!/bin/sh
# make bench (and make bench-page): 'isolab page' and 'isolab plot' on a
# course of eight lessons (tests/models/eight, every lesson's runs and a
# bundles sweep), the whole process from start to exit, against isolab as
# of PAGE_BASE (650f80a: the page before every lesson had its own plots;
# built by make in build/bench/page-base), alternating in the same run.
# The target (issue 32): the page in at most 1.5x the baseline's time,
# every lesson's plots kept (the baseline draws four plots, isolab 32).
# The time is the wall clock, what a user waits for; the CPU seconds
# (isolab's and gnuplot's, which now draws while isolab reads) are
# printed beside it, and are the wall clock of a machine with one core.
# The page is timed without the lab's engine (ISOLAB_ENGINE_DIR=), as the
# baseline has none; with the engine built, also with it ("page+lab":
# the engine and the database compressed into the page).
#
# Printed: the median wall-clock and CPU seconds of PAGE_RUNS runs of each,
# the plots each page holds, and the ratios isolab/baseline.
#
# Knobs (environment): PAGE_RUNS=7; ISOLAB, ISOLAB_PAGE_BASE (the binaries).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
BASE=${ISOLAB_PAGE_BASE:-$root/build/bench/page-base/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${PAGE_RUNS:-7}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

command -v gnuplot >/dev/null 2>&1 || { echo "bench page: gnuplot is not installed: not measured"; exit 0; }
[ -x "$BASE" ] || { echo "bench page: no baseline ($BASE; make builds it from git: PAGE_BASE)"; exit 0; }

# course NAME BINARY: the eight-lesson database $tmp/NAME.db
course() {
    "$2" --db "$tmp/$1.db" init >/dev/null 2>&1
    "$2" --db "$tmp/$1.db" load "$root/tests/models/eight/100_eight_lessons.sql" >/dev/null 2>&1
    "$2" --db "$tmp/$1.db" lesson --all >/dev/null 2>&1 || true
    "$2" --db "$tmp/$1.db" sweep bundles >/dev/null 2>&1
}
course isolab "$ISOLAB"
course base "$BASE"

whats="page plot"
[ -f "$root/isolab-sql.wasm.gz" ] && whats="page page+lab plot"
for what in $whats; do
    : >"$tmp/isolab-$what.txt"
    : >"$tmp/base-$what.txt"
done
# one NAME BINARY WHAT: appends "seconds kib cpu" to $tmp/NAME-WHAT.txt
one() {
    case $3 in
        page) ISOLAB_ENGINE_DIR= "$MEASURE" "$2" --db "$tmp/$1.db" page -o "$tmp/$1.html" 2>/dev/null >>"$tmp/$1-$3.txt" ;;
        page+lab) ISOLAB_ENGINE_DIR=$root "$MEASURE" "$2" --db "$tmp/$1.db" page -o "$tmp/$1-lab.html" 2>/dev/null \
            >>"$tmp/$1-$3.txt" ;;
        plot) "$MEASURE" "$2" --db "$tmp/$1.db" plot --format svg -o "$tmp/$1-plots" 2>/dev/null >>"$tmp/$1-$3.txt" ;;
    esac
}
i=1
while [ "$i" -le "$RUNS" ]; do
    for what in $whats; do
        if [ $((i % 2)) = 1 ]; then one base "$BASE" $what; one isolab "$ISOLAB" $what
        else one isolab "$ISOLAB" $what; one base "$BASE" $what; fi
    done
    i=$((i + 1))
done
ip=$(grep -c '^<svg' "$tmp/isolab.html" || true) bp=$(grep -c '^<svg' "$tmp/base.html" || true)
for what in $whats; do
    awk -v w="$what" -v n="$RUNS" -v ip="$ip" -v bp="$bp" \
        -v is="$(median 1 "$tmp/isolab-$what.txt")" -v ic="$(median 3 "$tmp/isolab-$what.txt")" \
        -v bs="$(median 1 "$tmp/base-$what.txt")" -v bc="$(median 3 "$tmp/base-$what.txt")" 'BEGIN {
        printf "isolab %s, eight lessons: %.3f s wall, %.3f s CPU (median of %d)%s\n", w, is, ic, n,
            w == "page" ? sprintf(", %d plots", ip) : w == "page+lab" ? ", the baseline without a lab" : ""
        printf "  baseline 650f80a: %.3f s wall, %.3f s CPU%s\n", bs, bc, w == "page" ? sprintf(", %d plots", bp) : ""
        printf "  ratio isolab/baseline: %.2f wall (target <= 1.5), %.2f CPU\n", is / bs, ic / bc }'
done
