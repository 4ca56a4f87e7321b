#!/bin/sh
# The page's lab as a person meets it (make wasm; src/wasm/lab.js): in
# headless Chromium, tests/lib/page_lab_ui.js toggles mechanisms, keeps a what-if
# to compare, and reads back what the screen shows; each reading is checked
# against the command line or the sqlite3 shell with isolab.so on the same
# database, or against a model worked by hand. Skips without emcc or
# Chromium (fails under CI=true).
. "$(dirname "$0")/../lib/shlib.sh"

here=$(cd "$(dirname "$0")/../.." && pwd)
browser=$(command -v chromium || command -v chromium-browser) \
    || skip_suite "chromium is not installed (tools/deps.sh page installs it): the lab's tests not run"
[ -f "$here/isolab-sql.wasm.gz" ] || skip_suite "the engine is not built (make wasm): the lab's tests not run"
command -v python3 >/dev/null 2>&1 || skip_suite "python3 is not installed: the lab's tests not run"

# act PAGE STEPS WIDTH : the readings of the steps (a JSON list) on the page,
# in a window WIDTH px wide
act() {
    n=$(sed -n 's/.*<script nonce="\([0-9a-f]*\)">.*/\1/p' "$1")
    sed '/^<\/body>$/,$d' "$1" >"$1.ui.html"
    { printf '<script type="application/json" id="test-steps">%s</script>\n<script nonce="%s">\n' "$2" "$n"
      cat "$here/tests/lib/page_lab_ui.js"; printf '</script>\n</body>\n</html>\n'; } >>"$1.ui.html"
    NODE_PATH= timeout 300 node - "$1.ui.html" "$browser" "${3:-1280}" >"$tmp/readings.txt" 2>&1 <<JS
const browser = require('$here/tests/lib/cdp.js'), [page, chromium, width] = process.argv.slice(2);
(async () => {
  const b = browser(chromium);
  const {targetId} = await b.send('Target.createTarget', {url: 'about:blank'});
  const {sessionId} = await b.send('Target.attachToTarget', {targetId, flatten: true});
  await b.send('Emulation.setDeviceMetricsOverride', {width: +width, height: 900, deviceScaleFactor: 1, mobile: false}, sessionId);
  await b.send('Page.navigate', {url: 'file://' + page}, sessionId);
  let text = 'no report';
  for (let i = 0; i < 1200; i++) {
    await new Promise(done => setTimeout(done, 100));
    const r = await b.send('Runtime.evaluate', {returnByValue: true, expression:
      "(function (r) { return r && r.getAttribute('data-done') ? r.textContent : null; })(document.getElementById('test-report'))"}, sessionId);
    if (r.result && r.result.value !== null && r.result.value !== undefined) { text = r.result.value; break; }
  }
  process.stdout.write(text);
  await b.close();
})();
JS
}
# reading NAME : the text of that reading (its lines)
reading() {
    python3 - "$tmp/readings.txt" "$1" <<'PY'
import signal, sys
signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # read by head: no trace when it stops reading
blocks = dict(b.split("\n", 1) if "\n" in b else (b, "") for b in open(sys.argv[1]).read().split("=== ")[1:])
print(blocks.get(sys.argv[2], "no reading " + sys.argv[2]).rstrip("\n"))
PY
}
x() { sqlite3 -batch -noheader -list -cmd ".load $here/isolab" "$@"; }

# --- a bundle that repeats a mechanism: the list is the engine's -----------------
# the repeats model worked by hand (tests/fixtures/repeats, with d): f1 on x,
# f2 f3 on y; a closes x, b closes y and leaves f1 open, d closes y; again =
# a, b, a. Under again with d on: a closes f1, b closes f2 f3 and reopens f1,
# a closes f1 again, d: visible 0, channel c (f2, f3) returns 2. Taking
# again's a,b,a as the set a,b then d (the lab's old reading) leaves f1
# open: visible 1.
rep=$tmp/repeats
mkdir -p "$rep"
cp "$here/tests/fixtures/repeats/010_model.sql" "$rep/"
printf "INSERT INTO mechanism(position, name) VALUES (3, 'd');\nINSERT INTO mechanism_axis(mechanism, axis) VALUES ('d', 'y');\n" \
    >"$rep/020_d.sql"
rdb=$tmp/repeats.db
"$ISOLAB" --db "$rdb" init --seeds "$rep" >/dev/null 2>&1 && "$ISOLAB" --db "$rdb" run --members again,d --channel c >/dev/null 2>&1 \
    && ISOLAB_ENGINE_DIR=$here "$ISOLAB" --db "$rdb" page -o "$tmp/repeats.html" 2>/dev/null
check "the repeats model: run --members again,d and its page with the lab" "0 1" "$? $(grep -c '<script nonce=' "$tmp/repeats.html")"
act "$tmp/repeats.html" '[{"go": "#members=again&channel=c"}, {"read": "start", "what": "list"},
  {"toggle": "d"}, {"read": "list", "what": "list"}, {"read": "cmd", "what": "command"}, {"read": "surface", "what": "surface"},
  {"toggle": "a"}, {"read": "a off", "what": "list"}, {"toggle": "a"}, {"read": "a on", "what": "list"},
  {"toggle": "d"}, {"read": "d off", "what": "list"}, {"read": "moves", "what": "moves"}]'
want=$(python3 - "$rdb" <<'PY'
import sqlite3, sys
r = sqlite3.connect(sys.argv[1]).execute("SELECT visible, returned, open_surface, open_axes, cost_pct, run_time, "
    "cost_per_fact FROM surface WHERE bundle = 'again,d' AND channel = 'c'").fetchone()
cols = ["visible", "returned", "open_surface", "open_axes", "cost_pct", "run_time", "cost_per_fact"]
fmt = lambda v: "null" if v is None else (repr(float(v)) if isinstance(v, float) else str(v))
print('[\n  {' + ', '.join('"%s": %s' % (c, fmt(v)) for c, v in zip(cols, r)) + '}\n]')
PY
)
check "again, then d switched on: the list again,d, as the command line writes it" "again|again,d" "$(reading start)|$(reading list)"
check "its shell command, quoted by the command line's rule" "isolab run --members again,d --channel c" "$(reading cmd)"
check "its surface: the rows run --members again,d stored" "$want" "$(reading surface)"
check "the surface shows visible 0, as worked by hand (the old lab's set a,b,d gave 1)" 0 \
    "$(reading surface | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["visible"])')"
check "a switched off and on again, d off: again,d,-a, again,d, again (a toggle switched back is no item)" \
    "again,d,-a|again,d|again" "$(reading 'a off')|$(reading 'a on')|$(reading 'd off')"
check "a list that repeats a mechanism cannot be moved name by name (a,b,a would name a twice)" \
    "0 of 8 move buttons enabled" "$(reading moves)"

# --- two members on one axis: why each fact, by MODEL.md's visible() ------------
# Worked by hand: hidepid-mount closes the process axis and leaves nothing
# open; pid-namespace closes it and leaves own-process-number open. After
# pid-namespace then hidepid-mount all three process facts are closed, by
# hidepid-mount (it closed own-process-number again: not pid-namespace,
# which left it open); after hidepid-mount then pid-namespace, pid-namespace
# closed two and left own-process-number open. Under strict, cpu-count is
# left open by control-group and closed by none.
hdb=$tmp/hidepid.db
printf "%s\n" "INSERT INTO mechanism(name, position) VALUES ('hidepid-mount', 9);" \
    "INSERT INTO mechanism_axis(mechanism, axis) VALUES ('hidepid-mount', 'process');" >"$tmp/hidepid.sql"
"$ISOLAB" --db "$hdb" init >/dev/null 2>&1 && "$ISOLAB" --db "$hdb" load "$tmp/hidepid.sql" >/dev/null 2>&1 \
    && "$ISOLAB" --db "$hdb" run --members pid-namespace,hidepid-mount --channel sampling-profile >/dev/null 2>&1 \
    && ISOLAB_ENGINE_DIR=$here "$ISOLAB" --db "$hdb" page -o "$tmp/hidepid.html" 2>/dev/null
check "a lesson's mechanism on the process axis: the page with the lab" "0 1" "$? $(grep -c '<script nonce=' "$tmp/hidepid.html")"
act "$tmp/hidepid.html" '[{"go": "#members=pid-namespace,hidepid-mount&channel=sampling-profile"}, {"read": "ph", "what": "facts"},
  {"go": "#members=hidepid-mount,pid-namespace&channel=sampling-profile"}, {"read": "hp", "what": "facts"},
  {"go": "#members=strict&channel=sampling-profile"}, {"read": "st", "what": "facts"}]'
# why FACTS-READING AXIS : fact=status/closed by/left open by on that axis
why() {
    reading "$1" | python3 -c '
import sys
rows = [r.split(" | ") for r in sys.stdin.read().split("\n") if r]
h = rows[0]
c = lambda r, k: "" if r[h.index(k)] in ("NULL", "null") else r[h.index(k)]
print(" ".join("%s=%s/%s/%s" % (c(r, "fact"), c(r, "status"), c(r, "closed by"), c(r, "left open by"))
               for r in rows[1:] if c(r, "axis") == sys.argv[1]))' "$2"
}
check "pid-namespace then hidepid-mount: each process fact closed by hidepid-mount" \
    "other-process-list=closed/hidepid-mount/ own-process-number=closed/hidepid-mount/ ancestor-process-chain=closed/hidepid-mount/" \
    "$(why ph process)"
check "hidepid-mount then pid-namespace: closed by and left open by pid-namespace" \
    "other-process-list=closed/pid-namespace/ own-process-number=left open//pid-namespace ancestor-process-chain=closed/pid-namespace/" \
    "$(why hp process)"
check "strict: cpu-count left open by control-group, closed by none (as the page's axis table)" \
    "cpu-share=RETURNS/control-group/ memory-limit=closed/control-group/ memory-used=closed/control-group/ cpu-count=left open//control-group" \
    "$(why st resource)"

# --- the shipped course, with a lesson whose channel has parts -------------------
db=$tmp/lab.db
fresh_db "$db" && "$ISOLAB" --db "$db" sweep bundles >/dev/null
cat >"$tmp/parts.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('T/01', 'Parts', 50);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('tp', 'T/01', 6), ('tp-a', 'T/01', 3), ('tp-b', 'T/01', 3);
INSERT INTO channel_part(channel, part, position) VALUES ('tp', 'tp-a', 1), ('tp', 'tp-b', 2);
INSERT INTO channel_fact(channel, fact, position) VALUES ('tp-a', 'hostname', 1), ('tp-b', 'memory-used', 1),
  ('tp-b', 'policy-rules', 2);
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('T/01', 'common', 'tp', NULL);
EOF
"$ISOLAB" --db "$db" load "$tmp/parts.sql" >/dev/null 2>&1 && "$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1
ISOLAB_ENGINE_DIR=$here "$ISOLAB" --db "$db" page -o "$tmp/lab.html" 2>/dev/null
check "the shipped course and a lesson of a channel with parts: the page with the lab" "0 1" \
    "$? $(grep -c '<script nonce=' "$tmp/lab.html")"
act "$tmp/lab.html" '[{"go": "#members=strict,-user-namespace&channel=sampling-profile"},
  {"read": "start", "what": "start"}, {"read": "list", "what": "list"},
  {"toggle": "user-namespace"}, {"read": "back", "what": "list"}, {"read": "back start", "what": "start"},
  {"toggle": "pid-namespace"}, {"read": "pid off", "what": "list"}, {"read": "pid off cmd", "what": "command"},
  {"go": "#members=strict&channel=sampling-profile"}, {"read": "facts", "what": "facts"},
  {"read": "classes", "what": "classes"}, {"read": "colours", "what": "colours"},
  {"read": "links", "what": "links"}, {"read": "order", "what": "order"}, {"read": "queries", "what": "query-list"},
  {"click": "Keep this what-if as A, to compare"}, {"toggle": "user-namespace"},
  {"read": "compare", "what": "compare"}, {"read": "commands", "what": "compare-commands"},
  {"go": "#members=common&channel=tp"}, {"read": "parts", "what": "facts"},
  {"go": "#members=strict&channel=sampling-profile"}, {"click": "\u2193"}, {"read": "moved", "what": "list"}]'

check "a link's list: start from shows it, the list is it" "strict,-user-namespace|strict,-user-namespace" \
    "$(reading start)|$(reading list)"
check "user-namespace switched on: strict again, start from strict" "strict|strict" "$(reading back)|$(reading 'back start')"
check "pid-namespace switched off: the short form, and its command" \
    "strict,-pid-namespace|isolab run --members strict,-pid-namespace --channel sampling-profile" \
    "$(reading 'pid off')|$(reading 'pid off cmd')"

check "the first mechanism moved later: the list is strict's members in the order shown" \
    "$(q "$db" "SELECT mechanism FROM bundle_member WHERE bundle = 'strict' ORDER BY position" |
       awk 'NR == 1 { first = $0; next } NR == 2 { printf "%s,%s", $0, first; next } { printf ",%s", $0 }')" \
    "$(reading moved)"

# one status vocabulary: the lab's words are the lesson tables', one colour
check "the fact table: status first, the lesson tables' words, each with its class" \
    "RETURNS=st st-returns nw
closed=st st-closed nw
left open=st st-left-open
visible=st st-visible nw" "$(reading classes | python3 -c '
import sys; order = ["RETURNS", "closed", "left open", "visible"]
rows = [r for r in sys.stdin.read().split("\n") if r.split("=")[0] in order]
print("\n".join(sorted(rows, key=lambda r: order.index(r.split("=")[0]))))')"
check "RETURNS has the lesson tables' colour in the lab too" "rgb(253, 226, 216) rgb(253, 226, 216)" "$(reading colours)"

# the why: the page's closed by and left open by (page_lesson_axis) for
# every fact on the lesson's axis, the lab's the same; the channel that
# returns each
q "$db" "SELECT fact || ' ' || status || ' ' || coalesce(closed_by, '') || ' ' || coalesce(left_open_by, '') FROM page_lesson_axis WHERE lesson = 'M03/K05' ORDER BY n" >"$tmp/axis.txt"
reading facts | python3 -c '
import sys
rows = [r.split(" | ") for r in sys.stdin.read().split("\n") if r]
head = rows[0]
want = {l.split(" ")[0] for l in open(sys.argv[1]).read().split("\n") if l}
for r in rows[1:]:
    c = lambda k: "" if r[head.index(k)] in ("NULL", "null") else r[head.index(k)]
    if r[head.index("fact")] in want: print(r[head.index("fact")], r[0], c("closed by"), c("left open by"))' "$tmp/axis.txt" >"$tmp/lab-axis.txt"
check "closed by, left open by: the page's, for each fact on the lesson's axis (page_lesson_axis)" "$(cat "$tmp/axis.txt")" "$(cat "$tmp/lab-axis.txt")"
check "... four of them (hand-picked: cpu-count left open by control-group)" "4 1" \
    "$(wc -l <"$tmp/axis.txt" | tr -d ' ') $(grep -c '^cpu-count left open  control-group$' "$tmp/axis.txt")"
check "the fact table's columns: status first, then the why" "status | fact | axis | position | closed by | left open by | returned by" \
    "$(reading facts | head -1)"
x "$db" "SELECT fact FROM isolab_fact_status('strict', 'sampling-profile') WHERE status = 'returns' ORDER BY position" |
    sed 's/$/ sampling-profile/' >"$tmp/returns.txt"
check "returned by: sampling-profile for each fact it returns (the shell's isolab_fact_status)" "$(cat "$tmp/returns.txt")" \
    "$(reading facts | awk -F' [|] ' '$1 == "RETURNS" { print $2, $7 }')"
x "$db" "SELECT f.fact || ' ' || (SELECT group_concat(part, ',') FROM (SELECT p.part FROM channel_part p JOIN channel_fact cf ON cf.channel = p.part WHERE p.channel = 'tp' AND cf.fact = f.fact ORDER BY p.position)) FROM isolab_fact_status('common', 'tp') f WHERE f.status = 'returns' ORDER BY f.position" >"$tmp/parts.txt"
check "a channel with parts: each fact it returns, by the part that shows it" "$(cat "$tmp/parts.txt")" \
    "$(reading parts | awk -F' [|] ' '$1 == "RETURNS" { print $2, $7 }')"
check "... and there are some (hand-picked: hostname by tp-a)" 1 "$(grep -c '^hostname tp-a$' "$tmp/parts.txt")"

# every lesson's section links to the lab at its own bundle and channel
q "$db" "SELECT lesson || ' #members=' || bundle || '&channel=' || channel FROM lesson_focus ORDER BY lesson" >"$tmp/focus.txt"
check "each lesson links to the lab at its focus (T/01: common under tp, a channel with parts)" "$(cat "$tmp/focus.txt")" \
    "$(reading links | sort)"
focus=$(q "$db" "SELECT lesson FROM current_focus" | head -1 | sed 's/[^A-Za-z0-9]/-/g')
check "the body in the order of the contents, the lesson in focus first" \
    "$(reading order | head -1)|lesson-$focus" "$(reading order | sed -n 2p)|$(reading order | sed -n 2p | cut -d' ' -f1)"

# two what-ifs side by side: the facts that changed are the shell's
x "$db" "SELECT a.fact FROM isolab_fact_status('strict', 'sampling-profile') a JOIN isolab_fact_status('strict,-user-namespace', 'sampling-profile') b USING (fact) WHERE a.status <> b.status ORDER BY a.position" >"$tmp/changed.txt"
check "A strict, B strict,-user-namespace: the facts marked changed are those whose status differs in the shell" \
    "$(cat "$tmp/changed.txt")" "$(reading compare | grep '\[lab-changed\]$' | awk -F' [|] ' '{ print $3 }')"
check "... and some did (worked from the lesson: user-namespace closes the user axis)" 1 "$([ -s "$tmp/changed.txt" ] && echo 1)"
check "the two shell commands" "isolab run --members strict --channel sampling-profile
isolab run --members strict,-user-namespace --channel sampling-profile" "$(reading commands)"

# the query list: the course's questions (the views its claims read, and
# the comparisons every lesson asks) first
want=$(python3 - "$db" <<'PY'
import re, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
views = [r[0] for r in db.execute("SELECT name FROM sqlite_schema WHERE type = 'view'")]
claims = " ".join(r[0] for r in db.execute("SELECT actual_sql FROM claim"))
compare = {"channel_comparison", "axis_visibility", "channel_overlap", "bundle_frontier", "bundle_smallest",
           "bundle_marginal", "lesson_report", "current_surface", "current_fact_status", "observed_vs_model",
           "channel_cost_observed"}
asks = sorted(v for v in views if v in compare or re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % v, claims))
print("the course\u2019s questions: " + " ".join(asks))
print("every view: " + " ".join(sorted(v for v in views if v not in asks)))
PY
)
check "the query list: the course's questions first, the rest under every view" "$want" "$(reading queries)"

# --- every JSON the lab offers is the named command's, byte for byte ---------------
# Each table's JSON is read from the screen with the command named beside
# it; that command, run here on the database the page carries, must print
# the same bytes. The statuses in it are the stored words ('returns',
# 'left-open': export current_fact_status's, the shell's isolab_fact_status),
# never the screen's words (RETURNS, left open).
act "$tmp/lab.html" '[{"go": "#members=strict&channel=sampling-profile"},
  {"read": "j surface", "what": "json", "in": "#lab-whatif", "n": 0},
  {"read": "j facts", "what": "json", "in": "#lab-whatif", "n": 1},
  {"read": "j frontier", "what": "json", "in": "#lab-questions", "n": 0},
  {"read": "j smallest", "what": "json", "in": "#lab-questions", "n": 1},
  {"read": "j marginal", "what": "json", "in": "#lab-questions", "n": 2},
  {"click": "Keep this what-if as A, to compare"}, {"toggle": "user-namespace"},
  {"read": "j both", "what": "json", "in": "#lab-compare", "n": 0},
  {"read": "j beside", "what": "json", "in": "#lab-compare", "n": 1},
  {"read": "shown facts", "what": "facts"},
  {"go": "#sql=SELECT%20*%20FROM%20current_fact_status"},
  {"read": "j view", "what": "json", "in": "#lab-query", "n": 0},
  {"go": "#sql=SELECT%201%20AS%20a%3B%20SELECT%202%20AS%20b"},
  {"read": "j two", "what": "json", "in": "#lab-query", "n": 0}]' 1280
# same NAME : "same" when the command named beside reading NAME prints its
# JSON exactly, else what differs
same() {
    reading "$1" >"$tmp/named.txt"
    cmd=$(head -1 "$tmp/named.txt")
    case $cmd in
    "isolab export --format json --sql "*) ;;
    *) echo "named: $cmd"; return ;;
    esac
    eval "\"\$ISOLAB\" --db \"\$db\" ${cmd#isolab }" >"$tmp/named.json" 2>/dev/null || { echo "exit $?: $cmd"; return; }
    python3 - "$tmp/named.txt" "$tmp/named.json" <<'PY'
import json, sys
shown = json.loads(open(sys.argv[1], encoding="utf-8").read().split("\n", 1)[1])
got = open(sys.argv[2], encoding="utf-8").read()
print("same" if shown == got else "differs:\n" + shown[:300] + "\n---\n" + got[:300])
PY
}
for r in surface facts frontier smallest marginal both beside view; do
    check "the lab's JSON under $r: the command named beside it prints it byte for byte" same "$(same "j $r")"
done
# the stored words, fact by fact, as isolab export current_fact_status writes them
"$ISOLAB" --db "$db" export current_fact_status --format json >"$tmp/cfs.json" 2>/dev/null
x "$db" "SELECT fact, status FROM isolab_fact_status('strict,-user-namespace', 'sampling-profile') ORDER BY position" \
    >"$tmp/b.txt"
words() {
    reading "$1" | sed 1d | python3 -c '
import json, sys
rows = json.loads(json.loads(sys.stdin.read()))
print("\n".join("%s|%s" % (r["fact"], r[sys.argv[1]]) for r in rows))' "$2"
}
check "the fact table's JSON: each status the stored word export current_fact_status gives strict" \
    "$(python3 -c '
import json, sys
print("\n".join("%s|%s" % (r["fact"], r["status"]) for r in json.load(open(sys.argv[1]))
                if r["bundle"] == "strict" and r["channel"] == "sampling-profile"))' "$tmp/cfs.json")" \
    "$(words 'j facts' status)"
check "A beside B's JSON: A's statuses, the stored words" "$(words 'j facts' status)" "$(words 'j beside' status_under_A)"
check "A beside B's JSON: B's statuses, the shell's isolab_fact_status" "$(cat "$tmp/b.txt")" \
    "$(words 'j beside' status_under_B)"
check "... among them returns and left-open (worked from the lesson: cpu-share, cpu-count)" \
    "cpu-share|returns cpu-count|left-open" "$(words 'j facts' status | grep -E '^cpu-(share|count)[|]' | tr '\n' ' ' | sed 's/ $//')"
check "the screen keeps the lesson tables' words (RETURNS, left open) for B" \
    "$(sed 's/|returns$/|RETURNS/; s/|left-open$/|left open/' "$tmp/b.txt")" \
    "$(reading 'shown facts' | awk -F' [|] ' 'NR > 1 { print $2 "|" $1 }')"
check "the query box's JSON of current_fact_status: isolab export current_fact_status --format json, byte for byte" \
    same "$(reading 'j view' | sed 1d | python3 -c '
import json, sys
print("same" if json.loads(sys.stdin.read()) == open(sys.argv[1], encoding="utf-8").read() else "differs")' "$tmp/cfs.json")"
check "two statements: no command named (export --sql takes one), the JSON still the last one's rows" \
    "The rows of the last statement that gave rows: isolab export --sql takes one statement.|[
  {\"b\": 2}
]" "$(reading 'j two' | head -1)|$(reading 'j two' | sed 1d | python3 -c 'import json, sys; print(json.loads(sys.stdin.read()), end="")')"

# --- a link with a channel the database has not ------------------------------------
# (a link is someone else's text): the engine's words once, the value named
# with the channels (two here, seeds/000) or the one meant, and the selector
# stays at a channel it has
act "$tmp/lab.html" '[{"go": "#members=strict&channel=sampling-profile"},
  {"go": "#members=strict&channel=nope"}, {"read": "nope", "what": "errors"}, {"read": "nope channel", "what": "channel"},
  {"read": "nope list", "what": "list"}, {"read": "nope cmd", "what": "command"},
  {"go": "#members=common&channel=system-call-tracin"}, {"read": "typo", "what": "errors"},
  {"read": "typo channel", "what": "channel"},
  {"toggle": "pid-namespace"}, {"read": "after", "what": "errors"},
  {"go": "#members=strcit&channel=sampling-profile"}, {"read": "bad list", "what": "errors"}]'
check "an unknown channel in a link: one error, naming it and the channels" \
    "This link’s channel: $(x "$db" "SELECT 1 FROM isolab_surface('strict', 'nope')" 2>&1 | sed 's/^Error: stepping, isolab_surface: //') — shown under sampling-profile instead." \
    "$(reading nope)"
check "... the channel selector keeps the channel it had, the list and command follow" \
    "sampling-profile|strict|isolab run --members strict --channel sampling-profile" \
    "$(reading 'nope channel')|$(reading 'nope list')|$(reading 'nope cmd')"
check "a misspelt channel in a link: one error, with the one meant" \
    "This link’s channel: no channel named 'system-call-tracin'; did you mean 'system-call-tracing'? — shown under sampling-profile instead." \
    "$(reading typo)"
check "... the selector still at a channel it has" "sampling-profile" "$(reading 'typo channel')"
check "the next change: the error is gone" "" "$(reading after)"
check "a misspelt list in a link: its error once (the surface's; no fact table repeating it)" \
    "isolab_surface: no bundle or mechanism named 'strcit'; did you mean 'strict'?" "$(reading 'bad list')"

# --- on a phone ------------------------------------------------------------------
act "$tmp/lab.html" '[{"go": "#members=strict&channel=sampling-profile"}, {"read": "first", "what": "first-column"}]' 390
check "390 px: the fact table's status comes first, on the screen" "status, inside the window 390 wide" "$(reading first)"
finish
