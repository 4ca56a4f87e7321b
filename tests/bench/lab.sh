#!/bin/sh
# make bench-lab: the page's lab against its budgets (not a timed test):
#   size      the page with the engine, for the eight-lesson course
#             (tests/models/eight) with a bundles sweep: at most 1.5 MB
#   first     ms to inflate, compile and open the engine and the database
#             and answer the first what-if: at most 1500 (the issue's budget
#             is from navigation in Chromium; see below)
#   change    ms one what-if change takes after the first: at most 150
# Medians of BENCH_RUNS runs. Needs the engine (make wasm) and node.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
RUNS=${BENCH_RUNS:-5}
. "$root/tests/bench/benchlib.sh"
[ -f "$root/isolab-sql.wasm" ] || { echo "bench-lab: the engine is not built (make wasm): not measured"; exit 0; }
db=$tmp/eight.db
"$ISOLAB" --db "$db" init >/dev/null && "$ISOLAB" --db "$db" load "$root/tests/models/eight/100_eight_lessons.sql" >/dev/null
"$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1 || true
"$ISOLAB" --db "$db" sweep bundles >/dev/null
ISOLAB_ENGINE_DIR=$root "$ISOLAB" --db "$db" page -o "$tmp/page.html" 2>/dev/null
size=$(wc -c <"$tmp/page.html" | tr -d ' ')
# Chromium's headless clock is virtual while --virtual-time-budget waits for
# the module (script time counts as none), so the times are the engine's in
# node, on the page's own bytes, wall clock: inflate + compile + open + the
# first what-if's queries, then a what-if change (the five queries the panel
# runs on each change), median of BENCH_RUNS.
command -v node >/dev/null 2>&1 || { echo "bench-lab: node is not installed: times not measured"; exit 0; }
cat >"$tmp/t.js" <<'JS'
const fs = require('fs'), zlib = require('zlib');
const page = fs.readFileSync(process.argv[2], 'utf8');
const block = id => zlib.gunzipSync(Buffer.from(new RegExp('id="' + id + '"[^>]*>([^<]*)<').exec(page)[1], 'base64'));
const t0 = process.hrtime.bigint();
require(process.argv[3])({wasmBinary: block('isl-engine')}).then(M => {
  const db = block('isl-db'), p = M._malloc(db.length);
  M.HEAPU8.set(db, p);
  M._isl_wasm_open(p, db.length);
  const q = s => { const n = M.lengthBytesUTF8(s) + 1, sp = M._malloc(n); M.stringToUTF8(s, sp, n);
                   const r = M.UTF8ToString(M._isl_wasm_query(sp, 200000)); M._free(sp); return r; };
  const ch = JSON.parse(q("SELECT name FROM channel ORDER BY name LIMIT 1")).rows[0].name.replace(/'/g, "''");
  const whatIf = list => ['isolab_surface', 'isolab_fact_status', 'isolab_marginal'].map(f =>
      q("SELECT * FROM " + f + "('" + list + "', '" + ch + "')"));
  // the first what-if asks the channel's frontier and smallest bundles too
  whatIf('strict');
  q("SELECT * FROM isolab_frontier('" + ch + "')"), q("SELECT * FROM isolab_smallest('" + ch + "', 8)");
  const t1 = process.hrtime.bigint();
  whatIf('strict,-user-namespace');
  const t2 = process.hrtime.bigint();
  console.log(Number(t1 - t0) / 1e6, Number(t2 - t1) / 1e6);
});
JS
: >"$tmp/times.txt"
i=0
while [ "$i" -lt "$RUNS" ]; do
    NODE_PATH= node "$tmp/t.js" "$tmp/page.html" "$root/isolab-sql.js" >>"$tmp/times.txt"
    i=$((i + 1))
done
first=$(median 1 "$tmp/times.txt"); change=$(median 2 "$tmp/times.txt")
verdict() { awk -v v="$1" -v max="$2" 'BEGIN { print (v <= max ? "within" : "OVER") }'; }
printf 'bench-lab: page with the engine, eight lessons + bundles sweep: %s bytes (budget 1500000: %s)\n' "$size" "$(verdict "$size" 1500000)"
printf 'bench-lab: the engine up and its first what-if answered: %s ms (budget 1500: %s; node, not the page)\n' "$first" "$(verdict "$first" 1500)"
printf 'bench-lab: a what-if change (three queries): %s ms (budget 150: %s)\n' "$change" "$(verdict "$change" 150)"
