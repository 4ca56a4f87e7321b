#!/bin/sh
# make bench: 'unload' and 'load --replace' of a large lesson against its
# load. A lesson bringing N facts (BENCH_UNLOAD_FACTS, default 300000) is
# loaded into a fresh database, replaced, and unloaded; each is timed
# (CPU seconds, the median of BENCH_RUNS, default 3). Before schema part
# 20 every row a gone lesson brought scanned lesson_brings (10,000 facts:
# 7.5 s of CPU to unload what loaded in 0.05 s; 300,000: unending). The
# target: unload at most 2x the load, load --replace (an unload and a
# load) at most 3x. Exits 1 when a target is missed.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
RUNS=${BENCH_RUNS:-3}
N=${BENCH_UNLOAD_FACTS:-300000}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

{ echo "INSERT INTO lesson(code, title, position) VALUES ('M99/K01', 'Big', 990);"
  echo "INSERT INTO axis(name) VALUES ('bench-axis');"
  echo "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $N)"
  echo "INSERT INTO fact(name, axis, position) SELECT 'bench-fact-' || i, 'bench-axis', 100000 + i FROM c;"
} >"$tmp/big.sql"
"$ISOLAB" --db "$tmp/base.db" init >/dev/null 2>&1
i=0
while [ "$i" -lt "$RUNS" ]; do
    cp "$tmp/base.db" "$tmp/run.db"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" load "$tmp/big.sql" >>"$tmp/load.txt"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" load --replace "$tmp/big.sql" >>"$tmp/replace.txt"
    "$MEASURE" "$ISOLAB" --db "$tmp/run.db" unload M99/K01 >>"$tmp/unload.txt"
    left=$(sqlite3 "$tmp/run.db" "SELECT count(*) FROM fact WHERE axis = 'bench-axis'")
    [ "$left" = 0 ] || { echo "unload left $left facts" >&2; exit 1; }
    i=$((i + 1))
done
echo
echo "a lesson of $N facts: load, load --replace, unload (CPU seconds, median of $RUNS)"
awk -v l="$(median 3 "$tmp/load.txt")" -v r="$(median 3 "$tmp/replace.txt")" -v u="$(median 3 "$tmp/unload.txt")" 'BEGIN {
    printf "load %.2f s  load --replace %.2f s (%.2fx, target <= 3)  unload %.2f s (%.2fx, target <= 2)\n",
           l, r, r / l, u, u / l
    exit !(u <= 2 * l && r <= 3 * l) }'
