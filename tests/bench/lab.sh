#!/bin/sh
# make bench-lab: the page's lab against its budgets (not a timed test):
#   size      the page with the engine, for the eight-lesson course
#             (tests/models/eight) with a bundles sweep: at most 1.5 MB
#   first     ms from navigation to the first answer shown (the lab's
#             data-first-ms) in headless Chromium: at most 1500
#   change    ms one what-if change takes after the first (data-change-ms,
#             the address changed to another member list): at most 150
# Medians of BENCH_RUNS loads. Needs the engine (make wasm) and Chromium.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
RUNS=${BENCH_RUNS:-5}
. "$root/tests/bench/benchlib.sh"
browser=$(command -v chromium || command -v chromium-browser) || { echo "bench-lab: chromium is not installed: not measured"; exit 0; }
[ -f "$root/isolab-sql.wasm" ] || { echo "bench-lab: the engine is not built (make wasm): not measured"; exit 0; }
db=$tmp/eight.db
"$ISOLAB" --db "$db" init >/dev/null && "$ISOLAB" --db "$db" load "$root/tests/models/eight/100_eight_lessons.sql" >/dev/null
"$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1 || true
"$ISOLAB" --db "$db" sweep bundles >/dev/null
ISOLAB_ENGINE_DIR=$root "$ISOLAB" --db "$db" page -o "$tmp/page.html" 2>/dev/null
size=$(wc -c <"$tmp/page.html" | tr -d ' ')
# a copy that changes the what-if once the lab is up, then records the change
n=$(sed -n 's/.*<script nonce="\([0-9a-f]*\)">.*/\1/p' "$tmp/page.html")
sed '/^<\/body>$/,$d' "$tmp/page.html" >"$tmp/run.html"
cat >>"$tmp/run.html" <<HTML
<script nonce="$n">
window.isolabLab.ready.then(function () {
  var lab = document.getElementById('lab'), first = lab.getAttribute('data-first-ms');
  addEventListener('hashchange', function () {
    setTimeout(function () {
      var p = document.createElement('pre');
      p.id = 'bench';
      p.textContent = first + ' ' + lab.getAttribute('data-change-ms');
      document.body.appendChild(p);
    }, 0);
  }, {once: true});
  var box = document.querySelector('#lab-whatif input[type=checkbox]');
  location.hash = '#members=' + encodeURIComponent(box.getAttribute('data-mechanism'));
});
</script>
</body>
</html>
HTML
: >"$tmp/times.txt"
i=0
while [ "$i" -lt "$RUNS" ]; do
    "$browser" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
        --user-data-dir="$(mktemp -d "$tmp/p.XXXXXX")" --virtual-time-budget=30000 --dump-dom "file://$tmp/run.html" 2>/dev/null \
        | sed -n 's/.*<pre id="bench">\([0-9]*\) \([0-9]*\)<\/pre>.*/\1 \2/p' >>"$tmp/times.txt"
    i=$((i + 1))
done
first=$(median 1 "$tmp/times.txt"); change=$(median 2 "$tmp/times.txt")
verdict() { awk -v v="$1" -v max="$2" 'BEGIN { print (v <= max ? "within" : "OVER") }'; }
printf 'bench-lab: page with the engine, eight lessons + bundles sweep: %s bytes (budget 1500000: %s)\n' "$size" "$(verdict "$size" 1500000)"
printf 'bench-lab: first answer %s ms after navigation (budget 1500: %s)\n' "$first" "$(verdict "$first" 1500)"
printf 'bench-lab: a what-if change %s ms (budget 150: %s)\n' "$change" "$(verdict "$change" 150)"
