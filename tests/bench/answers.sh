#!/bin/sh
# make bench-answers: the power set's answers (isolab_frontier) against the
# same question in SQL, in the same sqlite3 shell with isolab.so loaded, on
# the synthetic model (tests/synth, 1000 facts, 40 axes, 63 mechanisms,
# under its first channel). Alternating, median of BENCH_RUNS:
#   fr24    SELECT * FROM isolab_frontier(channel, <24 mechanisms>)
#   sql24   SELECT size, min(open_surface) FROM isolab_powerset(channel,
#           <24 mechanisms>) GROUP BY size   (the least open surface only)
#   fr30    isolab_frontier over 30 mechanisms (the extension's cap)
#   str24   SELECT count(*), min(open_surface) FROM isolab_powerset(channel,
#           <24 mechanisms>)   (the shell streaming the rows)
# Targets: sql24 / fr24 >= 50; fr30 <= str24; fr30's peak memory within
# 1.10 of fr24's (flat). Every time is the whole shell process, start-up
# included. Then the stretch: the exact frontier past 30 from the core
# (tests/bench/frontier_far.c), as far as BENCH_FAR_SECONDS (60) allow.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
FAR=${FAR:-$root/build/bench/frontier_far}
RUNS=${BENCH_RUNS:-5}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

mkdir "$tmp/seeds"
cp "$root/tests/synth/100_synthetic_model.sql" "$tmp/seeds/"
cat >"$tmp/seeds/050_params.sql" <<SQL
CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR REPLACE INTO synth_param(key, value) VALUES ('facts', 1000), ('axes', 40), ('mechanisms', 63), ('channels', 1);
SQL
db=$tmp/synth.db
"$ISOLAB" --db "$db" init --seeds "$tmp/seeds" >/dev/null
chan=$(sqlite3 "$db" "SELECT name FROM channel ORDER BY rowid LIMIT 1")
mechs() { sqlite3 "$db" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position LIMIT $1)"; }
m24=$(mechs 24) m30=$(mechs 30)

# q NAME SQL : one run of the shell, "seconds kib cpu" appended to $tmp/NAME
q() { "$MEASURE" sqlite3 -batch "$db" ".load $root/isolab" "$2" >>"$tmp/$1"; }
for f in fr24 sql24 fr30 str24; do : >"$tmp/$f"; done
i=1
while [ "$i" -le "$RUNS" ]; do
    if [ $((i % 2)) = 1 ]; then order="fr24 sql24 fr30 str24"; else order="str24 fr30 sql24 fr24"; fi
    for f in $order; do
        case $f in
        fr24) q fr24 "SELECT * FROM isolab_frontier('$chan', '$m24')" ;;
        sql24) q sql24 "SELECT size, min(open_surface) FROM isolab_powerset('$chan', '$m24') GROUP BY size" ;;
        fr30) q fr30 "SELECT * FROM isolab_frontier('$chan', '$m30')" ;;
        str24) q str24 "SELECT count(*), min(open_surface) FROM isolab_powerset('$chan', '$m24')" ;;
        esac
    done
    i=$((i + 1))
done
# the answers must agree: the frontier's least open surfaces are SQL's
a=$(sqlite3 -batch "$db" ".load $root/isolab" "SELECT group_concat(open_surface) FROM isolab_frontier('$chan', '$m24')")
b=$(sqlite3 -batch "$db" ".load $root/isolab" "SELECT group_concat(o) FROM (SELECT min(open_surface) AS o
      FROM isolab_powerset('$chan', '$m24') GROUP BY size ORDER BY size)")
if [ "$a" != "$b" ]; then
    echo "bench-answers: isolab_frontier ($a) differs from SQL ($b)" >&2
    exit 1
fi

echo
echo "isolab_frontier vs SQL over isolab_powerset in the sqlite3 shell (synthetic model); median of $RUNS alternating runs"
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-6s %9s %8s %8s %8s\n" case subsets seconds cpu_s KiB
for f in fr24 sql24 fr30 str24; do
    case $f in *30) n=30 ;; *) n=24 ;; esac
    printf "%-6s %9d %8.3f %8.3f %8d\n" "$f" $((1 << n)) "$(median 1 "$tmp/$f")" "$(median 3 "$tmp/$f")" \
        "$(median 2 "$tmp/$f")"
done
awk -v f24="$(median 1 "$tmp/fr24")" -v s24="$(median 1 "$tmp/sql24")" -v f30="$(median 1 "$tmp/fr30")" \
    -v t24="$(median 1 "$tmp/str24")" -v k24="$(median 2 "$tmp/fr24")" -v k30="$(median 2 "$tmp/fr30")" 'BEGIN {
    printf "sql24 / fr24 = %.1f (target >= 50); fr30 / str24 = %.3f (target <= 1); fr30 / fr24 peak memory = %.3f (flat: <= 1.10)\n",
           s24 / f24, f30 / t24, k30 / k24 }'

echo
echo "stretch: the exact frontier past 30 mechanisms from the core (n seconds open@n/2 subsets@n/2)"
"$FAR" "$db" "${BENCH_FAR_SECONDS:-60}"
