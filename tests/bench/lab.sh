#!/bin/sh
# make bench-lab: the page's lab against its budgets (not a timed test):
#   size      the page with the engine, for the eight-lesson course
#             (tests/models/eight) with a bundles sweep: at most 1.5 MB
#   first     ms from navigation to the first what-if shown, in headless
#             Chromium: at most 1500
#   change    ms one what-if change takes after the first: at most 150
# Medians of BENCH_RUNS runs. Needs the engine (make wasm), Chromium and node.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
RUNS=${BENCH_RUNS:-5}
. "$root/tests/bench/benchlib.sh"
[ -f "$root/isolab-sql.wasm.gz" ] || { echo "bench-lab: the engine is not built (make wasm): not measured"; exit 0; }
db=$tmp/eight.db
"$ISOLAB" --db "$db" init >/dev/null && "$ISOLAB" --db "$db" load "$root/tests/models/eight/100_eight_lessons.sql" >/dev/null
"$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1 || true
"$ISOLAB" --db "$db" sweep bundles >/dev/null
ISOLAB_ENGINE_DIR=$root "$ISOLAB" --db "$db" page -o "$tmp/page.html" 2>/dev/null
size=$(wc -c <"$tmp/page.html" | tr -d ' ')
verdict() { awk -v v="$1" -v max="$2" 'BEGIN { print (v <= max ? "within" : "OVER") }'; }
printf 'bench-lab: page with the engine, eight lessons + bundles sweep: %s bytes (budget 1500000: %s)\n' "$size" "$(verdict "$size" 1500000)"
# The times in headless Chromium (tests/bench/lab_chromium.js: the DevTools
# protocol on a pipe, no virtual time, a fresh browser each run): from
# navigation to the first what-if shown, and a what-if change (a mechanism
# switched: the surface, the facts and the questions asked again, laid
# out), medians of BENCH_RUNS runs of 5 changes each. The budgets are for
# an idle two-core machine: the load is printed beside them.
browser=$(command -v chromium || command -v chromium-browser) || { echo "bench-lab: chromium is not installed: times not measured"; exit 0; }
command -v node >/dev/null 2>&1 || { echo "bench-lab: node is not installed: times not measured"; exit 0; }
load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
NODE_PATH= node "$root/tests/bench/lab_chromium.js" "$tmp/page.html" "$browser" "$RUNS" 5 >"$tmp/times.txt"
first=$(median 1 "$tmp/times.txt"); change=$(median 2 "$tmp/times.txt")
printf 'bench-lab: Chromium, navigation to the first what-if shown: %s ms (budget 1500: %s)\n' "$first" "$(verdict "$first" 1500)"
printf 'bench-lab: Chromium, a what-if change shown: %s ms (budget 150: %s)\n' "$change" "$(verdict "$change" 150)"
printf 'bench-lab: load average while measured: %s on %s cores (the budgets are for an idle machine)\n' "$load" "$(nproc 2>/dev/null || echo '?')"
