#!/bin/sh
# make bench: isolab's power-set sweep against SQLite's ceiling for the same
# rows. Not part of make check (timings on a shared machine are noisy).
#
# For each case, alternating the two programs (ceiling first on odd runs,
# isolab first on even ones) so that drift of the machine cancels:
#   ceiling  tests/bench/ceiling.c: the same number of rows of the same shape
#            into the same table (a fresh copy of the same database) with one
#            prepared statement in one transaction;
#   isolab   isolab sweep bundles on that database.
# Each run starts from a fresh copy of the case's database (not timed); the
# time is the whole process, start to exit. Printed: rows, median seconds,
# rows/s, median peak memory (ru_maxrss), the ratio isolab/ceiling in rows/s
# (wall clock), the same ratio in CPU time (less disturbed by other work on
# a shared machine; it leaves out waiting for the disk), and the database
# file's bytes per row for each (the rows' shape).
#   vceil    tests/bench/ceiling_vtab.c: the same rows with one INSERT ...
#            SELECT from a table-valued function computing only stand-ins,
#            with isolab's connection settings (no mutexes, no per-row
#            foreign-key check): the ceiling for the way isolab now writes;
#   before   (only when BENCH_BEFORE names another isolab binary, e.g. one
#            built from an older commit) the same sweep by that binary.
# Cases: the lesson's model with 6 of its mechanisms (1x) and all 8 (4x);
# a synthetic model (tests/synth) with M mechanisms (1x) and M + 2 (4x).
# Then 'isolab lesson' on a fresh database (tests/bench/lesson.sh), and
# unload of a large lesson against its load (tests/bench/unload.sh).
#
# Knobs (environment):
#   BENCH_RUNS=5        runs per program and case (the median is printed)
#   BENCH_M=18          synthetic mechanisms at 1x (the issue's figure is 20:
#                       BENCH_M=20 takes about four times as long)
#   BENCH_FACTS=1000 BENCH_AXES=40 BENCH_CHANNELS=1   the synthetic model
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
CEILING=${CEILING:-$root/build/bench/ceiling}
VCEIL=${VCEIL:-$root/build/bench/ceiling_vtab}
BEFORE=${BENCH_BEFORE:-}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${BENCH_RUNS:-5}
M=${BENCH_M:-18}
FACTS=${BENCH_FACTS:-1000}
AXES=${BENCH_AXES:-40}
CHANNELS=${BENCH_CHANNELS:-1}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

# rows_in DB : the bundle_sweep rows of the database's latest run
rows_in() { sqlite3 "$1" 'SELECT count(*) FROM bundle_sweep WHERE run_id = (SELECT max(id) FROM run)'; }

# first_mechanisms DB N : the first N mechanisms in mechanism order, comma-separated
first_mechanisms() {
    sqlite3 "$1" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position LIMIT $2)"
}

# one DB: run one program on a fresh copy of DB, appending "seconds kib" to
# $tmp/$1.txt and checking the rows it wrote
one() {
    what=$1
    cp "$db" "$tmp/run.db"
    if [ "$what" = ceiling ]; then
        "$MEASURE" "$CEILING" "$tmp/run.db" "$bits" "$k" "$facts" "$axes" >>"$tmp/$what.txt"
    elif [ "$what" = vceil ]; then
        "$MEASURE" "$VCEIL" "$tmp/run.db" "$bits" "$k" "$facts" "$axes" >>"$tmp/$what.txt"
    elif [ "$what" = before ]; then
        "$MEASURE" "$BEFORE" --db "$tmp/run.db" sweep bundles --mechanisms "$mechs" >>"$tmp/$what.txt"
    else
        "$MEASURE" "$ISOLAB" --db "$tmp/run.db" sweep bundles --mechanisms "$mechs" >>"$tmp/$what.txt"
    fi
    got=$(rows_in "$tmp/run.db")
    stat -c %s "$tmp/run.db" >"$tmp/$what.size"
    rm -f "$tmp/run.db" "$tmp/run.db-wal" "$tmp/run.db-shm"
    if [ "$got" != "$rows" ]; then
        echo "bench: $what wrote $got rows, expected $rows" >&2
        exit 1
    fi
}

# case NAME DB BITS K FACTS AXES : prints one line of the table and records
# the peak memory of isolab in $tmp/mem.NAME
case_() {
    name=$1 db=$2 bits=$3 k=$4 facts=$5 axes=$6
    rows=$(( (1 << bits) * k ))
    mechs=$(first_mechanisms "$db" "$bits")
    : >"$tmp/ceiling.txt"
    : >"$tmp/isolab.txt"
    : >"$tmp/vceil.txt"
    : >"$tmp/before.txt"
    i=1
    while [ "$i" -le "$RUNS" ]; do
        if [ $((i % 2)) = 1 ]; then one ceiling; one isolab; one vceil; else one vceil; one isolab; one ceiling; fi
        if [ -n "$BEFORE" ]; then one before; fi
        i=$((i + 1))
    done
    vs=$(median 1 "$tmp/vceil.txt") vc=$(median 3 "$tmp/vceil.txt")
    bs=0 bc=0
    if [ -n "$BEFORE" ]; then bs=$(median 1 "$tmp/before.txt") bc=$(median 3 "$tmp/before.txt"); fi
    echo "$name $rows $vs $vc $bs $bc" >>"$tmp/vceil.lines"
    cs=$(median 1 "$tmp/ceiling.txt") is=$(median 1 "$tmp/isolab.txt")
    ck=$(median 2 "$tmp/ceiling.txt") ik=$(median 2 "$tmp/isolab.txt")
    cc=$(median 3 "$tmp/ceiling.txt") ic=$(median 3 "$tmp/isolab.txt")
    cb=$(cat "$tmp/ceiling.size") ib=$(cat "$tmp/isolab.size") b0=$(stat -c %s "$db")
    echo "$ik" >"$tmp/mem.$name"
    echo "$name $is $ic" >>"$tmp/isolab.lines"
    awk -v n="$name" -v r="$rows" -v cs="$cs" -v is="$is" -v ck="$ck" -v ik="$ik" -v cc="$cc" -v ic="$ic" \
        -v cb="$cb" -v ib="$ib" -v b0="$b0" 'BEGIN {
        printf "%-16s %9d %8.3f %8.3f %10.0f %10.0f %6.3f %6.3f %8d %8d %5.1f %5.1f\n",
               n, r, cs, is, r / cs, r / is, cs / is, cc / ic, ck, ik, (cb - b0) / r, (ib - b0) / r }'
}

"$ISOLAB" --db "$tmp/lesson.db" init >/dev/null
mkdir "$tmp/seeds"
cp "$root/tests/synth/100_synthetic_model.sql" "$tmp/seeds/"
cat >"$tmp/seeds/050_params.sql" <<SQL
CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR REPLACE INTO synth_param(key, value) VALUES
  ('facts', $FACTS), ('axes', $AXES), ('mechanisms', $((M + 2 > 22 ? M + 2 : 22))), ('channels', $CHANNELS);
SQL
"$ISOLAB" --db "$tmp/synth.db" init --seeds "$tmp/seeds" >/dev/null
: >"$tmp/vceil.lines"
: >"$tmp/isolab.lines"

echo "isolab sweep bundles vs SQLite's ceiling (same rows, same table); median of $RUNS alternating runs"
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-16s %9s %8s %8s %10s %10s %6s %6s %8s %8s %5s %5s\n" case rows ceil_s isol_s ceil_row/s isol_row/s ratio cpu_r \
    ceil_KiB isol_KiB c_B/r i_B/r
case_ lesson-1x "$tmp/lesson.db" 6 3 24 9
case_ lesson-4x "$tmp/lesson.db" 8 3 24 9
case_ "synth-M$M-1x" "$tmp/synth.db" "$M" $((CHANNELS + 1)) "$FACTS" "$AXES"
case_ "synth-M$((M + 2))-4x" "$tmp/synth.db" $((M + 2)) $((CHANNELS + 1)) "$FACTS" "$AXES"
awk -v a="$(cat "$tmp/mem.lesson-1x")" -v b="$(cat "$tmp/mem.lesson-4x")" \
    -v c="$(cat "$tmp/mem.synth-M$M-1x")" -v d="$(cat "$tmp/mem.synth-M$((M + 2))-4x")" 'BEGIN {
    printf "isolab peak memory at 4x / 1x: lesson %.3f, synthetic %.3f (target <= 1.10)\n", b / a, d / c }'

# The ceiling for the way isolab writes now (INSERT ... SELECT from a
# table-valued function, isolab's connection settings), and isolab before.
echo
echo "isolab vs the INSERT ... SELECT ceiling (vceil) and vs ceiling.c (bind + step per row)"
printf "%-16s %9s %8s %10s %10s %7s %7s %8s %7s %7s\n" case rows vceil_s vceil_r/s isol_r/s r_vceil cpu_vc \
    before_s speedup cpu_sp
join "$tmp/vceil.lines" "$tmp/isolab.lines" | awk '{
    n = $1; r = $2; vs = $3; vc = $4; bs = $5; bc = $6; is = $7; ic = $8
    printf "%-16s %9d %8.3f %10.0f %10.0f %7.3f %7.3f ", n, r, vs, r / vs, r / is, vs / is, vc / ic
    if (bs > 0) printf "%8.3f %7.2f %7.2f\n", bs, bs / is, bc / ic; else printf "%8s %7s %7s\n", "-", "-", "-" }'
echo "r_vceil = isolab rows/s / vceil rows/s (target >= 0.85); speedup = isolab rows/s / before rows/s"
echo "(target >= 2 at 20 and 22 mechanisms: BENCH_M=20); cpu_* the same in CPU time"

sh "$root/tests/bench/lesson.sh"
sh "$root/tests/bench/unload.sh"
echo "ratio = isolab rows/s / ceiling rows/s, wall clock (target >= 0.85); cpu_r = the same in CPU time;"
echo "B/r = database bytes added per row; KiB = peak resident memory"

# ---- streaming: isolab_powerset in the sqlite3 shell vs sweep bundles -----
# The same subsets of the synthetic model's first S mechanisms (S = 20 and
# 22, BENCH_STREAM_M to change) under its first channel: isolab_powerset
# streams them through SELECT count(*), min(open_surface) in Debian's sqlite3
# shell with isolab.so loaded, writing nothing; sweep bundles writes them
# (and the no-channel rows: 2 rows per subset). Rates are rows per second
# of each, alternating, median of BENCH_RUNS; memory is the peak of each.
# The ceiling: the shell's own generate_series (SQLite's series.c, compiled
# into the shell) streaming as many rows through the same aggregate in the
# same command line, after a statement that reads the database's schema as
# the stream's statement must: a table-valued function that computes
# nothing and reads no model, so what any one costs in that shell on that
# database (strm/ser: isolab_powerset's rate as a fraction of it).
SM=${BENCH_STREAM_M:-20}
stream_case() {
    s=$1
    mechs=$(first_mechanisms "$tmp/synth.db" "$s")
    chan=$(sqlite3 "$tmp/synth.db" "SELECT name FROM channel ORDER BY rowid LIMIT 1")
    : >"$tmp/stream.txt"
    : >"$tmp/series.txt"
    : >"$tmp/sweep.txt"
    i=1
    while [ "$i" -le "$RUNS" ]; do
        "$MEASURE" sqlite3 -batch "$tmp/synth.db" ".load $root/isolab" \
            "SELECT count(*), min(open_surface) FROM isolab_powerset('$chan', '$mechs')" >>"$tmp/stream.txt"
        "$MEASURE" sqlite3 -batch "$tmp/synth.db" ".load $root/isolab" "SELECT count(*) FROM axis WHERE 0" \
            "SELECT count(*), min(value) FROM generate_series(1, $((1 << s)))" >>"$tmp/series.txt" 2>/dev/null \
            || echo "0 0 0" >>"$tmp/series.txt"
        cp "$tmp/synth.db" "$tmp/run.db"
        "$MEASURE" "$ISOLAB" --db "$tmp/run.db" sweep bundles --mechanisms "$mechs" --channel "$chan" >>"$tmp/sweep.txt"
        rm -f "$tmp/run.db" "$tmp/run.db-wal" "$tmp/run.db-shm"
        i=$((i + 1))
    done
    awk -v s="$s" -v st="$(median 1 "$tmp/stream.txt")" -v sw="$(median 1 "$tmp/sweep.txt")" \
        -v se="$(median 1 "$tmp/series.txt")" \
        -v sk="$(median 2 "$tmp/stream.txt")" -v wk="$(median 2 "$tmp/sweep.txt")" 'BEGIN {
        n = 2 ^ s
        printf "%-6s %9d %8.3f %10.0f ", "S=" s, n, st, n / st
        if (se > 0) printf "%10.0f %8.2f ", n / se, se / st; else printf "%10s %8s ", "-", "-"
        printf "%8.3f %10.0f %6.1f %8d %8d\n", sw, 2 * n / sw, (n / st) / (2 * n / sw), sk, wk }'
    median 2 "$tmp/stream.txt" >"$tmp/smem.$s"
    echo "$(median 1 "$tmp/stream.txt") $(median 1 "$tmp/sweep.txt")" >"$tmp/stimes.$s"
}
echo
echo "isolab_powerset streamed in the sqlite3 shell vs sweep bundles writing the same subsets"
printf "%-6s %9s %8s %10s %10s %8s %8s %10s %6s %8s %8s\n" case subsets stream_s stream_r/s series_r/s strm/ser \
    sweep_s sweep_r/s ratio strm_KiB swp_KiB
stream_case "$SM"
stream_case $((SM + 2))
awk -v a="$(cat "$tmp/smem.$SM")" -v b="$(cat "$tmp/smem.$((SM + 2))")" 'BEGIN {
    printf "stream peak memory at 4x / 1x: %.3f (flat: <= 1.10); ratio = stream rows/s / sweep rows/s (target >= 10)\n", b / a }'
echo "series_r/s = the shell's generate_series through the same aggregate (the ceiling for a table-valued function there)"
# Supplementary, not the target: the rates of the rows added from S to S+2
# mechanisms (3 * 2^S subsets), which leave out what each process pays
# once whatever the rows (start-up, reading the model, opening the
# database), so the ratio of what each costs per row.
awk -v s="$SM" -v a="$(cat "$tmp/stimes.$SM")" -v b="$(cat "$tmp/stimes.$((SM + 2))")" 'BEGIN {
    split(a, x, " "); split(b, y, " "); d = 3 * 2 ^ s
    if (y[1] > x[1] && y[2] > x[2])
        printf "supplementary, per row (S=%d to S=%d, fixed costs cancelled): stream %.0f r/s, sweep %.0f r/s, ratio %.1f\n",
               s, s + 2, d / (y[1] - x[1]), 2 * d / (y[2] - x[2]), (d / (y[1] - x[1])) / (2 * d / (y[2] - x[2])) }'
