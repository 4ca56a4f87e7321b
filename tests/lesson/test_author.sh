#!/bin/sh
# A course author's day: two lessons of this suite's own (written below in a
# temporary directory, not shipped), taken through the author's loop. Every
# expected value is worked by hand from the course model (seeds/000) and the
# two lessons:
#
#   strict leaves 10 facts visible (own-process-number, root-filesystem-tree,
#   file-ownership, cpu-count, the four kernel facts, file-permissions,
#   security-label) on 7 axes, and closes the other 14.
#
#   M04/K01 (position 8), kernel-log at 2 %: hostname (host, closed),
#   memory-used (resource, closed), kernel-version (visible). Under strict
#   it returns 2, open surface 10 + 2 = 12, open axes 7 + host = 8, run
#   1020, 1.00 per fact. Removing hostname or memory-used leaves 1
#   returned: "facts whose removal lowers the return"; 12 removals change
#   the surface (the 10 visible, the 2 returned), 12 do not.
#
#   M04/K02 (position 9), memory-probe at 1 %: memory-limit (closed),
#   cpu-count (visible). Returns 1, open surface 11, open axes 7, run 1010.
#   Removing memory-limit leaves nothing returned: the lesson's words, "the
#   only fact zeroing out the return".
#
# Each lesson claims it has the cheapest channel "so far" and counts the
# channels so far (3, then 4): true only of the course as it knew it.
. "$(dirname "$0")/../lib/shlib.sh"

db=$tmp/course.db
work=$tmp/lessons
mkdir -p "$work"
cat >"$work/a.sql" <<'EOF'
-- A test lesson: reading the kernel log.
INSERT INTO lesson(code, title, position) VALUES ('M04/K01', 'Kernel Log Reading', 8);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('kernel-log', 'M04/K01', 2);
INSERT INTO channel_fact(channel, position, fact) VALUES
  ('kernel-log', 1, 'hostname'),
  ('kernel-log', 2, 'memory-used'),
  ('kernel-log', 3, 'kernel-version');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M04/K01', 'strict', 'kernel-log', 'host');
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M04/K01', 'returns', 'under strict the log returns 2 facts', 2,
   '(SELECT returned FROM channel_comparison WHERE channel = ''kernel-log'')'),
  ('M04/K01', 'cheapest', 'the log is the cheapest channel so far', 'kernel-log',
   '(SELECT group_concat(channel, '' '') FROM channel_comparison WHERE part_of IS NULL AND cost_pct = (SELECT min(cost_pct) FROM channel_comparison WHERE part_of IS NULL))'),
  ('M04/K01', 'channels', 'the course has three channels so far', 3,
   '(SELECT count(*) FROM lesson_channel WHERE part_of IS NULL)');
EOF
cat >"$work/b.sql" <<'EOF'
-- A test lesson: probing memory pressure.
INSERT INTO lesson(code, title, position) VALUES ('M04/K02', 'Memory Pressure Probing', 9);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('memory-probe', 'M04/K02', 1);
INSERT INTO channel_fact(channel, position, fact) VALUES
  ('memory-probe', 1, 'memory-limit'),
  ('memory-probe', 2, 'cpu-count');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M04/K02', 'strict', 'memory-probe', 'resource');
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M04/K02', 'returns', 'under strict the probe returns 1 fact', 1,
   '(SELECT returned FROM channel_comparison WHERE channel = ''memory-probe'')'),
  ('M04/K02', 'cheapest', 'the probe is the cheapest channel so far', 'memory-probe',
   '(SELECT group_concat(channel, '' '') FROM channel_comparison WHERE part_of IS NULL AND cost_pct = (SELECT min(cost_pct) FROM channel_comparison WHERE part_of IS NULL))'),
  ('M04/K02', 'channels', 'the course has four channels so far', 4,
   '(SELECT count(*) FROM lesson_channel WHERE part_of IS NULL)');
EOF

# --- 1: load, lesson ---------------------------------------------------------
"$ISOLAB" --db "$db" lesson --verbose >/dev/null 2>"$tmp/k05.err"
check "the shipped lesson: 34 pass, 9 pending" "check: 34 passed, 0 failed, 9 pending of 43 claims (run 5)" \
    "$(grep '^check:' "$tmp/k05.err")"
"$ISOLAB" --db "$db" load "$work/a.sql" >/dev/null 2>&1
check "load the first lesson" 0 $?
"$ISOLAB" --db "$db" lesson M04/K01 >"$tmp/a.out" 2>"$tmp/a.err"
check "lesson M04/K01 exits 0" 0 $?
check "M04/K01: its channel line, removal lines (hand-worked)" \
"  kernel-log                2         12     2  1020              1.00
  baseline open surface 12 | changes it 12 | does not 12
  facts whose removal lowers the return: ['hostname', 'memory-used']" \
    "$(grep -e '^  kernel-log ' -e 'baseline open' -e 'removal lowers' -e 'zeroing' "$tmp/a.out")"
check "M04/K01: its three claims pass" "check: 3 passed, 0 failed, 0 pending of 3 claims (run 10)" \
    "$(grep '^check:' "$tmp/a.err")"

# --- 2: the course grows: earlier verdicts stay --------------------------------
"$ISOLAB" --db "$db" load "$work/b.sql" >/dev/null 2>&1
check "load the second lesson" 0 $?
"$ISOLAB" --db "$db" lesson --all >"$tmp/all.out" 2>"$tmp/all.err"
check "lesson --all exits 0" 0 $?
check "M04/K02: the lesson's words where true (one fact, zeroing the return)" \
    "  the only fact zeroing out the return: ['memory-limit']" \
    "$(sed -n '/^== M04\/K02/,$p' "$tmp/all.out" | grep -e 'zeroing' -e 'removal lowers')"
# the whole course: the probe (1 %) is cheapest, four channels besides K06/K07
check "the whole course: memory-probe is the cheapest, 4 channels" "memory-probe|4" \
    "$(q "$db" "SELECT (SELECT channel FROM channel_comparison ORDER BY cost_pct LIMIT 1), (SELECT count(*) FROM lesson_channel)")"
check "every verdict as each lesson knew the course: K05 34 + 9 pending, 3 + 3 of ours" \
    "check: 40 passed, 0 failed, 9 pending of 49 claims" "$(grep '^check:' "$tmp/all.err" | sed 's/ (run [0-9]*)$//')"
"$ISOLAB" --db "$db" check --lesson M03/K05 >"$tmp/k05b.out" 2>&1
check "K05's verdicts unchanged by lessons 8 and 9" \
    "$(grep -e '^pass' -e '^pending' -e '^FAIL' "$tmp/k05.err")" \
    "$(grep -e '^pass' -e '^pending' -e '^FAIL' "$tmp/k05b.out")"
check "course_scope is left as it was (NULL)" "" "$(q "$db" "SELECT lesson FROM course_scope")"

# --- 3: a claim over missing results is pending, never a pass ------------------
printf "INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES ('M04/K02', 'no-bundles', 'x', 0, '(SELECT count(*) FROM bundle_sweep_named)');\n" >"$tmp/empty.sql"
"$ISOLAB" --db "$db" load "$tmp/empty.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db" check --lesson M04/K02 >"$tmp/empty.out" 2>&1
check "counting the rows of an empty view (no bundles sweep) is pending, not a pass" \
    "pending  M04/K02 no-bundles: it reads results not computed yet; 'isolab --db $db sweep bundles' computes them -- x" \
    "$(grep no-bundles "$tmp/empty.out")"

# --- 4: stale results, said once, with commands to paste -----------------------
# A database whose path needs quoting; a bundles sweep and a sweep of a pair
# that is no lesson's focus, then the first lesson loaded, then a model change.
db2="$tmp/my course.db"
mkdir -p "$tmp/bin" && ln -s "$ISOLAB" "$tmp/bin/isolab"
"$ISOLAB" --db "$db2" lesson >/dev/null 2>&1
"$ISOLAB" --db "$db2" sweep bundles >/dev/null 2>&1
"$ISOLAB" --db "$db2" sweep removal --bundle common --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$db2" load "$work/a.sql" >/dev/null 2>&1
# a lesson loaded with a channel of its own: the results of the others
# read nothing it changed and stay current, the bundles sweep's rows of
# each channel included (its new channel is not swept yet: no stale note)
"$ISOLAB" --db "$db2" report >"$tmp/r.out" 2>"$tmp/r.err"
check "a lesson loaded beside: every result current, no stale note" "0|0" \
    "$?|$(grep -c 'older model' "$tmp/r.err")"
# a change every result reads but the bundles sweep (the baseline run time)
printf "UPDATE setting SET value = 1200 WHERE key = 'baseline_time';\n" >"$tmp/baseline.sql"
"$ISOLAB" --db "$db2" load "$tmp/baseline.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db2" report >"$tmp/r.out" 2>"$tmp/r.err"
check "report after the load: the stale note, two lines, every command in it" \
"isolab report: note: some results were computed from an older model than the database holds now and are not shown;
  to bring everything up to date, run: \"isolab --db '$db2' lesson --all\", \"isolab --db '$db2' sweep removal --bundle common --channel sampling-profile\"" \
    "$(cat "$tmp/r.err")"
# pasting them, one after the other, brings everything up to date
sed -n 's/^  to bring everything up to date, run: //p' "$tmp/r.err" | grep -o '"[^"]*"' | tr -d '"' >"$tmp/cmds"
check "two commands to paste" 2 "$(wc -l <"$tmp/cmds")"
while IFS= read -r cmd; do (cd "$tmp" && PATH="$tmp/bin:$PATH" sh -c "$cmd") >/dev/null 2>&1; done <"$tmp/cmds"
"$ISOLAB" --db "$db2" report >"$tmp/r2.out" 2>"$tmp/r2.err"
check "after them, no note and the tables again" "0||43" "$?|$(cat "$tmp/r2.err")|$(wc -l <"$tmp/r2.out" | tr -d ' ')"
"$ISOLAB" --db "$db2" plot --help >/dev/null 2>&1
check "stale_result is empty" 0 "$(q "$db2" "SELECT count(*) FROM stale_result")"
# only the bundles sweep stale (kernel-log's rows, swept, then its cost
# changed): the note names it alone
"$ISOLAB" --db "$db2" sweep bundles >/dev/null 2>&1
printf "UPDATE channel SET cost_pct = 5 WHERE name = 'kernel-log';\n" >"$tmp/cost.sql"
"$ISOLAB" --db "$db2" load "$tmp/cost.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db2" lesson --all >/dev/null 2>&1
"$ISOLAB" --db "$db2" sweep removal --bundle common --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$db2" export channel_comparison >/dev/null 2>"$tmp/x.err"
check "only the bundles sweep stale: 'isolab sweep bundles' alone" \
    "  to bring everything up to date, run: \"isolab --db '$db2' sweep bundles\"" "$(sed -n 2p "$tmp/x.err")"
# report with nothing to print says so
"$ISOLAB" --db "$tmp/empty.db" init >/dev/null 2>&1
"$ISOLAB" --db "$tmp/empty.db" report >"$tmp/e.out" 2>"$tmp/e.err"
check "report with nothing to print says so on stderr" \
    "3||isolab report: $tmp/empty.db: no results yet: run 'isolab --db $tmp/empty.db lesson' (or 'isolab --db $tmp/empty.db run')" \
    "$?|$(cat "$tmp/e.out")|$(cat "$tmp/e.err")"
# results, but none for the view named: the view has nothing to print
"$ISOLAB" --db "$tmp/empty.db" run >/dev/null 2>&1
"$ISOLAB" --db "$tmp/empty.db" report bundle_smallest >"$tmp/e.out" 2>"$tmp/e.err"
check "report of a view with no current rows says so on stderr" \
    "0||isolab report: note: bundle_smallest has nothing to print: no current results for it" \
    "$?|$(cat "$tmp/e.out")|$(cat "$tmp/e.err")"

# --- 5: edit, load --replace, claims; unload -------------------------------------
db3=$tmp/loop.db
"$ISOLAB" --db "$db3" lesson >/dev/null 2>&1
"$ISOLAB" --db "$db3" check >/dev/null 2>&1
model_rows() {   # every model table's rows, in key order
    for t in axis fact mechanism mechanism_axis left_open bundle bundle_member lesson channel channel_fact \
             channel_part setting sample_count claim lesson_focus param lesson_announces lesson_brings; do
        echo "== $t"; q "$1" "SELECT * FROM $t" | sort
    done
}
model_rows "$db3" >"$tmp/model0.txt"
digest0=$(q "$db3" "SELECT digest FROM model_state")
"$ISOLAB" --db "$db3" load "$work/a.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db3" lesson M04/K01 >/dev/null 2>&1
runs=$(q "$db3" "SELECT count(*) FROM run")
"$ISOLAB" --db "$db3" load "$work/a.sql" >/dev/null 2>"$tmp/e.txt"
check "loading a loaded lesson again is refused, naming the command that replaces it, ready to paste" \
    "3|isolab load: $work/a.sql:2: the lesson is loaded already ('isolab --db $db3 load --replace $work/a.sql' replaces it)" \
    "$?|$(cat "$tmp/e.txt")"
# ... with --db and the file quoted for the shell; pasted as printed, it replaces the lesson
mkdir -p "$tmp/my dir" "$tmp/pbin" && ln -sf "$ISOLAB" "$tmp/pbin/isolab" && cp "$work/a.sql" "$tmp/my dir/a 1.sql"
(cd "$tmp/my dir" && "$ISOLAB" --db "my lab.db" init >/dev/null && "$ISOLAB" --db "my lab.db" load "a 1.sql" >/dev/null \
    && "$ISOLAB" --db "my lab.db" load "a 1.sql" 2>"$tmp/e2.txt")
check "... names are quoted" "isolab load: a 1.sql:2: the lesson is loaded already (\"isolab --db 'my lab.db' load --replace 'a 1.sql'\" replaces it)" \
    "$(cat "$tmp/e2.txt")"
paste=$(sed -n 's/.*already ("\(.*\)" replaces it)$/\1/p' "$tmp/e2.txt")
said=$(cd "$tmp/my dir" && PATH="$tmp/pbin:$PATH" sh -c "$paste" 2>&1)
rc=$?
check "... pasted, it loads the file again" "0|loaded 1 file into my lab.db" "$rc|$(printf '%s\n' "$said" | tail -n 1)"
check "... and says what it did: the lesson replaced, the rows it wrote per table (a.sql by hand: 1 channel, 3 facts, 3 claims)" \
    "a 1.sql: lesson M04/K01 replaced; wrote channel 1, channel_fact 3, claim 3, lesson 1, lesson_focus 1" \
    "$(printf '%s\n' "$said" | head -n 1)"
# the edit-and-reload loop keeps the default lesson: M04/K01 (position 8)
# in focus, M04/K02 (position 9) loaded, M04/K01 replaced: still M04/K01
kf=$tmp/keepfocus.db
"$ISOLAB" --db "$kf" init >/dev/null && "$ISOLAB" --db "$kf" load "$work/a.sql" "$work/b.sql" >/dev/null 2>&1 \
    && "$ISOLAB" --db "$kf" focus M04/K01 >/dev/null && "$ISOLAB" --db "$kf" load --replace "$work/a.sql" >/dev/null 2>&1
check "load --replace of the lesson in focus keeps it the default" "0|M04/K01" \
    "$?|$(q "$kf" "SELECT value FROM param WHERE key = 'lesson'")"
"$ISOLAB" --db "$kf" load --replace "$work/b.sql" >/dev/null 2>&1
check "... and replacing another lesson leaves it so" "0|M04/K01" "$?|$(q "$kf" "SELECT value FROM param WHERE key = 'lesson'")"
# a bundle given no position gets one from the schema's trigger, and the
# file writes it again: one row each (by hand: 1 bundle, 2 members)
cat >"$tmp/solo.sql" <<'SQL'
INSERT INTO bundle(name) VALUES ('solo');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES ('solo', 1, 'pid-namespace'), ('solo', 2, 'mount-namespace');
UPDATE bundle SET name = 'solo' WHERE name = 'solo';
SQL
check "load counts each row it wrote once (a position the schema gives, a row written twice)" \
    "$tmp/solo.sql: wrote bundle 1, bundle_member 2" \
    "$(cd "$tmp/my dir" && "$ISOLAB" --db "my lab.db" load "$tmp/solo.sql" 2>&1 | head -n 1)"
# claims written as rows are told as the claim_measure rows the file wrote,
# not as the claims they become (by hand: 1 claim in SQL, 2 as rows)
cat >"$tmp/rows.sql" <<'SQL'
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES ('M03/K05', 'in-sql', 'x', 1, '1');
INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact) VALUES
  ('M03/K05', 'as-row-1', 'x', 11, 'open_surface', 'strict', 'sampling-profile', NULL),
  ('M03/K05', 'as-row-2', 'x', 'RETURNS', 'status', 'strict', 'sampling-profile', 'cpu-share');
SQL
check "load tells the claim_measure rows a file wrote as such" \
    "$tmp/rows.sql: wrote claim 1, claim_measure 2" \
    "$(cd "$tmp/my dir" && "$ISOLAB" --db "my lab.db" load "$tmp/rows.sql" 2>&1 | head -n 1)"
# a lesson at a position another lesson announces is told so on load (the
# performance profiling lesson announces 6 and 7: its claims about lesson 6
# then check the new one)
printf "INSERT INTO lesson(code, title, position) VALUES ('M03/K06', 'Mine', 6);\n" >"$tmp/k06.sql"
check "load of a lesson at an announced position: a note naming the lesson that announces it" \
    "isolab load: note: $tmp/k06.sql: its lesson at position 6 is the one M03/K05 announces: M03/K05's claims about lesson 6 now check it (see lesson_announces; a position no lesson announces leaves them pending)" \
    "$(cd "$tmp/my dir" && "$ISOLAB" --db "my lab.db" load "$tmp/k06.sql" 2>&1 >/dev/null)"
# the author edits the cost: 2 -> 4; the profile (3 %) is then the cheapest
sed "s/('kernel-log', 'M04\/K01', 2)/('kernel-log', 'M04\/K01', 4)/" "$work/a.sql" >"$work/a2.sql"
check "the edit changed one line" 1 "$(diff "$work/a.sql" "$work/a2.sql" | grep -c '^>')"
"$ISOLAB" --db "$db3" load --replace "$work/a2.sql" >/dev/null 2>"$tmp/e.txt"
check "load --replace of a lesson another file loaded: refused, naming that file and --take-over; nothing changed" \
    "3|isolab load: $work/a2.sql: lesson 'M04/K01' is loaded already, from $(cd "$work" && pwd -P)/a.sql; nothing was loaded ('isolab --db $db3 load --take-over $work/a2.sql' takes it over from that file)|2.0" \
    "$?|$(cat "$tmp/e.txt")|$(q "$db3" "SELECT cost_pct FROM channel WHERE name = 'kernel-log'")"
"$ISOLAB" --db "$db3" load --take-over "$work/a2.sql" >/dev/null 2>&1
check "load --take-over exits 0; the lesson's rows are the file's; runs kept" "0|4.0|3|1|$runs" \
    "$?|$(q "$db3" "SELECT cost_pct FROM channel WHERE name = 'kernel-log'")|$(q "$db3" "SELECT count(*) FROM claim WHERE lesson = 'M04/K01'")|$(q "$db3" "SELECT count(*) FROM lesson WHERE code = 'M04/K01'")|$(q "$db3" "SELECT count(*) FROM run")"
"$ISOLAB" --db "$db3" check --lesson M04/K01 >"$tmp/c.out" 2>&1
check "before a new run its claims over results are stale, not FAIL" "0|stale" \
    "$?|$(awk '$3 == "cheapest:" { print $1 }' "$tmp/c.out")"
"$ISOLAB" --db "$db3" lesson M04/K01 >/dev/null 2>"$tmp/l.err"
check "after 'lesson' the cost claim fails: the profile (3 %) is cheaper than 4 %" \
    "1|FAIL     M04/K01 cheapest: expected kernel-log, actual sampling-profile (the value differs) -- the log is the cheapest channel so far" \
    "$?|$(grep 'cheapest:' "$tmp/l.err")"
"$ISOLAB" --db "$db3" load --take-over "$work/a.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db3" lesson M04/K01 >/dev/null 2>"$tmp/l.err"
check "the edit undone: its claims pass again" "0|check: 3 passed, 0 failed, 0 pending of 3 claims" \
    "$?|$(grep '^check:' "$tmp/l.err" | sed 's/ (run [0-9]*)$//')"
runs=$(q "$db3" "SELECT count(*) FROM run")
"$ISOLAB" --db "$db3" unload M04/K01 >"$tmp/u.out" 2>&1
check "unload exits 0" "0|removed 1 lesson from $db3" "$?|$(cat "$tmp/u.out")"
check "after load then unload, the model digest is the one before" "$digest0" "$(q "$db3" "SELECT digest FROM model_state")"
model_rows "$db3" >"$tmp/model1.txt"
if cmp -s "$tmp/model0.txt" "$tmp/model1.txt"; then ok "... and every model table holds the rows it held before"
else not_ok "... and every model table holds the rows it held before"; diff "$tmp/model0.txt" "$tmp/model1.txt" | head; fi
check "runs are kept" "$runs" "$(q "$db3" "SELECT count(*) FROM run")"
"$ISOLAB" --db "$db3" unload M04/K01 >/dev/null 2>"$tmp/e.txt"
check "unload of an unknown lesson exits 3" "3|isolab unload: no lesson 'M04/K01' in the lesson table; did you mean 'M03/K04' or 'M03/K05'?" "$?|$(cat "$tmp/e.txt")"

# a lesson that brings an axis and a fact of its own; another lesson uses the fact
cat >"$work/c.sql" <<'EOF'
INSERT INTO axis(name) VALUES ('terminal');
INSERT INTO fact(position, name, axis) VALUES (25, 'tty-name', 'terminal');
INSERT INTO lesson(code, title, position) VALUES ('M04/K03', 'Terminal Probing', 10);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('tty-probe', 'M04/K03', 5);
INSERT INTO channel_fact(channel, position, fact) VALUES ('tty-probe', 1, 'tty-name'), ('tty-probe', 2, 'hostname');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M04/K03', 'strict', 'tty-probe', 'terminal');
EOF
cat >"$work/d.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('M04/K04', 'Terminal Again', 11);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('tty-log', 'M04/K04', 1);
INSERT INTO channel_fact(channel, position, fact) VALUES ('tty-log', 1, 'tty-name');
EOF
"$ISOLAB" --db "$db3" load "$work/c.sql" "$work/d.sql" >/dev/null 2>&1
check "lesson_brings records what the first file added" "M04/K03|axis|terminal
M04/K03|fact|tty-name" "$(q "$db3" "SELECT * FROM lesson_brings ORDER BY 1, 2, 3")"
"$ISOLAB" --db "$db3" unload M04/K03 >/dev/null 2>&1
check "unload keeps the fact and axis another lesson uses" "1|1|0" \
    "$(q "$db3" "SELECT count(*) FROM fact WHERE name = 'tty-name'")|$(q "$db3" "SELECT count(*) FROM axis WHERE name = 'terminal'")|$(q "$db3" "SELECT count(*) FROM channel WHERE name = 'tty-probe'")"
"$ISOLAB" --db "$db3" unload M04/K04 >/dev/null 2>&1
check "... and removes them with their last user (rows only an unloaded lesson brought)" "0|0|$digest0" \
    "$(q "$db3" "SELECT count(*) FROM fact WHERE name = 'tty-name'")|$(q "$db3" "SELECT count(*) FROM axis WHERE name = 'terminal'")|$(q "$db3" "SELECT digest FROM model_state")"
# replacing a lesson whose file adds shared rows before its lesson row
"$ISOLAB" --db "$db3" load "$work/c.sql" >/dev/null 2>&1
sed 's/5);$/6);/' "$work/c.sql" >"$work/c2.sql"
"$ISOLAB" --db "$db3" load --take-over "$work/c2.sql" >/dev/null 2>"$tmp/e.txt"
check "load --take-over of a file that adds an axis and a fact first" "0||6.0|M04/K03|axis|terminal
M04/K03|fact|tty-name" \
    "$?|$(cat "$tmp/e.txt")|$(q "$db3" "SELECT cost_pct FROM channel WHERE name = 'tty-probe'")|$(q "$db3" "SELECT * FROM lesson_brings ORDER BY 1, 2, 3")"
"$ISOLAB" --db "$db3" unload M04/K03 >/dev/null 2>&1
model_rows "$db3" >"$tmp/model2.txt"
if cmp -s "$tmp/model0.txt" "$tmp/model2.txt"; then ok "load, load --replace, unload: every model row as before"
else not_ok "load, load --replace, unload: every model row as before"; diff "$tmp/model0.txt" "$tmp/model2.txt" | head; fi
# a replace that fails leaves everything as it was
"$ISOLAB" --db "$db3" load "$work/a.sql" >/dev/null 2>&1
cp "$db3" "$tmp/before.db"
printf "INSERT INTO lesson(code, title, position) VALUES ('M04/K01', 'Kernel Log Reading', 8);\nINSERT INTO channel(name, lesson, cost_pct) VALUES ('kernel-log', 'M04/K01', -5);\n" >"$work/bad.sql"
"$ISOLAB" --db "$db3" load --take-over "$work/bad.sql" >/dev/null 2>&1
check "a failed load --take-over exits 3 and removes nothing" "3|1|3" \
    "$?|$(q "$db3" "SELECT count(*) FROM channel WHERE name = 'kernel-log'")|$(q "$db3" "SELECT count(*) FROM claim WHERE lesson = 'M04/K01'")"

# a file that adds nothing (the template as it ships: all comments) is told so
cp "$db3" "$tmp/t.db"
"$ISOLAB" --db "$tmp/t.db" load seeds/900_lesson_template.sql >"$tmp/t.out" 2>"$tmp/t.err"
check "load of the template as shipped: exit 0, a note that it adds nothing and how to start" \
    "0|loaded 1 file into $tmp/t.db|isolab load: note: seeds/900_lesson_template.sql adds nothing: it wrote no row (the lesson template as it ships is all comments: copy it and remove the '-- ' in front of its SQL lines, as its first lines say)" \
    "$?|$(cat "$tmp/t.out")|$(cat "$tmp/t.err")"
# the template made a lesson ('-- ' removed), a status word in its own
# table's query misspelt: refused at load, with the row's line and the hint
cp "$db3" "$tmp/t.db"
sed -e 's/^-- //' -e "s/''returns''/''retuns''/" seeds/900_lesson_template.sql >"$tmp/tpl.sql"
"$ISOLAB" --db "$tmp/t.db" load "$tmp/tpl.sql" >/dev/null 2>"$tmp/t.err"
check "load of the template with a status misspelt in its table: exit 3, the file, line, position and hint" \
    "3|isolab load: $tmp/tpl.sql:$(grep -n "'WHAT EACH PROBE" "$tmp/tpl.sql" | cut -d: -f1): lesson_table row of lesson M09/K01 at position 10: its query 'SELECT p.part, group_concat(s.fact, ', ') FROM lesson_scope ...' compares a column with what is not there: no status named 'retuns'; did you mean 'returns'?|0" \
    "$?|$(cat "$tmp/t.err")|$(q "$tmp/t.db" "SELECT count(*) FROM lesson WHERE code = 'M09/K01'")"
# --replace of the same file replaces; a built-in lesson is another file's
printf "INSERT INTO lesson(code, title, position) VALUES ('M03/K05', 'Mine', 5);\n" >"$work/k5.sql"
"$ISOLAB" --db "$tmp/t.db" load --replace "$work/k5.sql" >/dev/null 2>"$tmp/t.err"
check "load --replace of a built-in lesson: refused, naming where it came from" \
    "3|isolab load: $work/k5.sql: lesson 'M03/K05' is loaded already, from the seeds the database was made from; nothing was loaded ('isolab --db $tmp/t.db load --take-over $work/k5.sql' takes it over from that file)" \
    "$?|$(cat "$tmp/t.err")"
"$ISOLAB" --db "$tmp/t.db" load "$work/k5.sql" >/dev/null 2>"$tmp/t.err"
check "load (no --replace) of a built-in lesson: the hint is --take-over, not --replace" \
    "3|isolab load: $work/k5.sql:1: the lesson is loaded already: lesson 'M03/K05' from the seeds the database was made from ('isolab --db $tmp/t.db load --take-over $work/k5.sql' takes it over from that file)" \
    "$?|$(cat "$tmp/t.err")"

# --- 6: lesson --fresh: from the seeds the database was made from -------------
mkdir -p "$tmp/my seeds"
cp seeds/000_course_model.sql seeds/010_M03_K04_system_call_tracing.sql seeds/020_M03_K05_performance_profiling.sql \
    "$work/a.sql" "$tmp/my seeds/"
db4=$tmp/fresh.db
"$ISOLAB" --db "$db4" init --seeds "$tmp/my seeds" >/dev/null 2>&1
check "init --seeds records the directory" "$tmp/my seeds|M03/K04 M03/K05 M04/K01" \
    "$(q "$db4" "SELECT seeds FROM seed_origin")|$(q "$db4" "SELECT group_concat(code, ' ') FROM (SELECT code FROM lesson ORDER BY position)")"
"$ISOLAB" --db "$db4" load "$work/b.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db4" lesson --fresh >/dev/null 2>"$tmp/f.err"
check "lesson --fresh: from the recorded seeds, said so; the loaded lesson it lost named, with its load command" \
"0|isolab lesson: note: a new $db4 from the seeds in $tmp/my seeds (the directory it was made from)
isolab lesson: note: the old database's lesson M04/K02 is not in those seeds and is gone; to load it again, run: 'isolab --db $db4 load $work/b.sql'" \
    "$?|$(grep '^isolab lesson: note' "$tmp/f.err")"
check "... the seeds' own lessons are there, M04/K01 among them" "M03/K04 M03/K05 M04/K01" \
    "$(q "$db4" "SELECT group_concat(code, ' ') FROM (SELECT code FROM lesson ORDER BY position)")"
"$ISOLAB" --db "$db4" lesson --fresh --seeds seeds >/dev/null 2>"$tmp/f2.err"
check "lesson --fresh --seeds DIR: from DIR, said so, and what it lost" \
"0|isolab lesson: note: a new $db4 from the seeds in seeds
isolab lesson: note: the old database's 5 runs (ids 1-5) are dropped
isolab lesson: note: the old database's lesson M04/K01 is not in those seeds and is gone; no file of it is known" \
    "$?|$(grep '^isolab lesson: note' "$tmp/f2.err")"
"$ISOLAB" --db "$db4" lesson --seeds seeds >/dev/null 2>"$tmp/f3.err"
check "--seeds without --fresh is a usage error" 2 $?

# --- 7: what-if you can keep: run --members --------------------------------------
# strict without user-namespace: user-id-mapping and file-ownership stay
# visible (11), the profile still returns cpu-share: open surface 12, open
# axes 7 (the user axis was open already through file-ownership).
db5=$tmp/members.db
"$ISOLAB" --db "$db5" lesson >/dev/null 2>&1
digest5=$(q "$db5" "SELECT digest FROM model_state")
"$ISOLAB" --db "$db5" run --members strict,-user-namespace --channel sampling-profile --note "no user namespace" \
    >"$tmp/m.out" 2>&1
check "run --members: one ad-hoc bundle x one channel" "0|run 6: 1 bundle x 1 channel, 25 rows written to $db5" \
    "$?|$(cat "$tmp/m.out")"
check "its rows under the list's name; the list in run_param; the model's digest kept" \
    "11|1|12|7|bundle=strict,-user-namespace channel=sampling-profile members=strict,-user-namespace|$digest5" \
    "$(q "$db5" "SELECT visible, returned, open_surface, open_axes FROM surface WHERE run_id = 6" | tr -d '\n')|$(q "$db5" "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT * FROM run_param WHERE run_id = 6 ORDER BY key)")|$(q "$db5" "SELECT model_digest FROM run WHERE id = 6")"
check "the comparison view takes it by name (export --bundle LIST)" "sampling-profile,12,7" \
    "$("$ISOLAB" --db "$db5" export channel_comparison --bundle strict,-user-namespace | awk -F, '$3 == "sampling-profile" { print $3 "," $9 "," $10 }')"
"$ISOLAB" --db "$db5" run --bundle common,mandatory-label --channel sampling-profile >/dev/null 2>&1
check "run --bundle LIST is a member list too (common + mandatory-label: 12)" "12" \
    "$(q "$db5" "SELECT open_surface FROM current_surface WHERE bundle = 'common,mandatory-label'")"
"$ISOLAB" --db "$db5" run --members strict,x >/dev/null 2>"$tmp/e.txt"
check "an unknown item: exit 3, named" "3|isolab run: no bundle or mechanism named 'x'" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$db5" run --members common,-mandatory-label >/dev/null 2>"$tmp/e.txt"
check "taking out what is not there: exit 3, named" \
    "3|isolab run: '-mandatory-label': that mechanism is not among the members before it" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$db5" run --members strict,-user-namespace --bundle strict >/dev/null 2>"$tmp/e.txt"
check "a member list runs alone (exit 2)" 2 $?

# --- 8: provenance: diff across a model change; export model --------------------
# run 1 computed the shipped model; then the first lesson's cost goes 2 -> 5
# and a fact new-fact on kernel is added; a run of strict x kernel-log under
# the new model: kernel's new fact is visible (11), kernel-log still returns
# hostname and memory-used (2), open surface 13; cost 5, run time 1050.
db6=$tmp/prov.db
"$ISOLAB" --db "$db6" init >/dev/null 2>&1
"$ISOLAB" --db "$db6" load "$work/a.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db6" run --bundle strict --channel kernel-log >/dev/null 2>&1
printf "UPDATE channel SET cost_pct = 5 WHERE name = 'kernel-log';\nINSERT INTO fact(position, name, axis) VALUES (25, 'new-fact', 'kernel');\n" >"$work/edit.sql"
"$ISOLAB" --db "$db6" load "$work/edit.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db6" run --bundle strict --channel kernel-log >/dev/null 2>&1
check "each distinct model kept once" 2 "$(q "$db6" "SELECT count(DISTINCT digest) FROM model_record")"
"$ISOLAB" --db "$db6" diff 1 2 >"$tmp/d.out" 2>&1
check "diff across a model change: the model's changes first, then the results'" \
"0|model: + fact new-fact on kernel
model: channel kernel-log cost_pct 2 -> 5
~ strict x kernel-log: visible 10 -> 11, open surface 12 -> 13, cost 2.0 -> 5.0, run time 1020 -> 1050, cost per fact 1.0 -> 2.5
    gained: new-fact (absent -> visible)
1 difference from run 1 to run 2, after 2 changes in the model" "$?|$(cat "$tmp/d.out")"
"$ISOLAB" --db "$db6" export model --run 1 >"$tmp/model.sql" 2>"$tmp/x.err"
check "export model --run 1 exits 0" 0 $?
mkdir -p "$tmp/model1" && cp "$tmp/model.sql" "$tmp/model1/"
"$ISOLAB" --db "$tmp/again.db" init --seeds "$tmp/model1" >/dev/null 2>&1
check "its SQL, loaded as the only seed file, gives the model of run 1 (the same digest)" \
    "$(q "$db6" "SELECT model_digest FROM run WHERE id = 1")" "$(q "$tmp/again.db" "SELECT digest FROM model_state")"
"$ISOLAB" --db "$db6" export model --run 9 >/dev/null 2>"$tmp/e.txt"
check "export model of no run: exit 3" "3|isolab export: no run 9" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$db6" export model >/dev/null 2>&1
check "export model without --run: exit 2" 2 $?

# --- 9: page and plots with the course's own lessons ----------------------------
if command -v gnuplot >/dev/null 2>&1; then
    "$ISOLAB" --db "$db" plot channels --lesson M04/K01 -o "$tmp/plots" --format svg >/dev/null 2>"$tmp/p.err"
    check "plot channels --lesson M04/K01: its channel in the channels plot's data" "0|2,1.0" \
        "$?|$(awk -F, '$3 == "kernel-log" { print $7 "," $10 }' "$tmp/plots/channels.csv")"
else
    echo "skip - gnuplot is not installed: plots not drawn"
fi
"$ISOLAB" --db "$db" page -o "$tmp/page.html" >/dev/null 2>&1
check "the page holds both lessons' tables, the lesson's words where true" "0|1|1" \
    "$?|$(grep -c 'facts whose removal lowers the return: \[&#39;hostname&#39;, &#39;memory-used&#39;\]\|facts whose removal lowers the return: \[.hostname., .memory-used.\]' "$tmp/page.html" | awk '{ print ($1 > 0) }')|$(grep -c "the only fact zeroing out the return: \[.memory-limit.\]\|the only fact zeroing out the return: \[&#39;memory-limit&#39;\]" "$tmp/page.html" | awk '{ print ($1 > 0) }')"

# --- 10: names that help -----------------------------------------------------
# A name one or two edits from a name of the model gets "did you mean"; one
# far from all, the names when there are few (worked by hand from seeds/000:
# 'host-interface' is one letter short of the fact 'host-interfaces').
ndb=$tmp/names.db
"$ISOLAB" --db "$ndb" init >/dev/null
cat >"$tmp/typo.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('M09/K01', 'Typo', 90);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('typo-probe', 'M09/K01', 2);
INSERT INTO channel_fact(channel, position, fact) VALUES
  ('typo-probe', 1, 'hostname'),
  ('typo-probe', 2, 'host-interface');
EOF
"$ISOLAB" --db "$ndb" load "$tmp/typo.sql" >/dev/null 2>"$tmp/e.txt"
check "a seed's misspelt fact: did you mean, with file and line" \
    "3|isolab load: $tmp/typo.sql:5: channel_fact.fact = 'host-interface' has no match in fact(name); did you mean 'host-interfaces'?" \
    "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" run --channel sampling-profil >/dev/null 2>"$tmp/e.txt"
check "a command's misspelt channel: did you mean" \
    "3|isolab run: no channel named 'sampling-profil'; did you mean 'sampling-profile'?" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" run --members strict,-user-namespac >/dev/null 2>"$tmp/e.txt"
check "a member list's misspelt mechanism: did you mean" \
    "3|isolab run: no mechanism named 'user-namespac'; did you mean 'user-namespace'?" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" run --bundle tight >/dev/null 2>"$tmp/e.txt"
check "a bundle far from every name: the three bundles" \
    "3|isolab run: no bundle named 'tight' (bundles: plain, common, strict)" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" frontier --mechanisms pid-namespace,nosuch >/dev/null 2>"$tmp/e.txt"
check "eleven bundles and mechanisms, none near: no list" \
    "3|isolab frontier: no bundle or mechanism named 'nosuch'" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" export channel_comparisn >/dev/null 2>"$tmp/e.txt"
check "a misspelt saved query: did you mean" \
    "3|isolab export: no table or view named 'channel_comparisn'; did you mean 'channel_comparison'?" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$ndb" lesson M03/K4 >/dev/null 2>"$tmp/e.txt"
check "a misspelt lesson: did you mean" \
    "3|isolab lesson: no lesson 'M03/K4' with a focus (see the table lesson_focus); did you mean 'M03/K04'?" "$?|$(cat "$tmp/e.txt")"
# a name taken: which lesson has it, and from which file
cat >"$tmp/mine.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('M09/K02', 'Mine', 91);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('shared-probe', 'M09/K02', 2);
INSERT INTO channel_fact(channel, position, fact) VALUES ('shared-probe', 1, 'hostname');
EOF
cat >"$tmp/theirs.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('M09/K03', 'Theirs', 92);
INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('shared-probe', 'M09/K03', 4);
EOF
"$ISOLAB" --db "$ndb" load "$tmp/mine.sql" >/dev/null 2>&1
"$ISOLAB" --db "$ndb" load "$tmp/theirs.sql" >/dev/null 2>"$tmp/e.txt"
check "a duplicate channel names the lesson and the file that have it" \
    "3|isolab load: $tmp/theirs.sql:3: channel.name = 'shared-probe': UNIQUE constraint failed: channel.name (lesson M09/K02 has a channel of that name, from $tmp/mine.sql)" \
    "$?|$(cat "$tmp/e.txt")"
sed "s/'shared-probe', 'M09/'sampling-profile', 'M09/" "$tmp/theirs.sql" >"$tmp/theirs2.sql"
"$ISOLAB" --db "$ndb" load "$tmp/theirs2.sql" >/dev/null 2>"$tmp/e.txt"
check "... a built-in lesson's: the built-in seeds" \
    "3|isolab load: $tmp/theirs2.sql:3: channel.name = 'sampling-profile': UNIQUE constraint failed: channel.name (lesson M03/K05 has a channel of that name, from the built-in seeds)" \
    "$?|$(cat "$tmp/e.txt")"

# --- 11: a lesson's own tables (lesson_table) -----------------------------------
# M04/K01 chooses no standard tables, so it prints the eight; two of its own
# go at positions 2 (after the axis table, the second of the eight) and 9
# (after the last). Worked by hand: its facts in channel_fact order are
# hostname (host, closed by strict, returned), memory-used (resource,
# closed, returned) and kernel-version (kernel, visible already); their
# names have 8, 11 and 14 letters.
odb=$tmp/own.db
"$ISOLAB" --db "$odb" init >/dev/null
cat >"$tmp/own.sql" <<'EOF'
INSERT INTO lesson_table(lesson, position, title, layout, query) VALUES
  ('M04/K01', 2, 'FACTS BY AXIS', 'list',
   'SELECT fact, axis, status FROM page_lesson_facts WHERE lesson = :lesson ORDER BY n'),
  ('M04/K01', 9, 'NAME LENGTHS', 'table',
   'SELECT fact, length(fact) AS letters FROM page_lesson_facts WHERE lesson = :lesson ORDER BY n');
EOF
"$ISOLAB" --db "$odb" load "$work/a.sql" "$tmp/own.sql" >/dev/null 2>&1
check "load: a lesson's own tables" "0|2" "$?|$(q "$odb" "SELECT count(*) FROM lesson_table")"
"$ISOLAB" --db "$odb" lesson M04/K01 >"$tmp/own.out" 2>/dev/null
check "lesson: the list layout, a line per row, after the axis table" "HOST AXIS (the uts namespace's axis)
  hostname            RETURNS

FACTS BY AXIS
  hostname: host, RETURNS
  memory-used: resource, RETURNS
  kernel-version: kernel, already visible

fact shown by channel    axis      status under strict bundle" "$(sed -n '3,11p' "$tmp/own.out")"
check "lesson: the table layout, headed by the query's names, numbers to the right, last" "
NAME LENGTHS
fact              letters
  hostname              8
  memory-used          11
  kernel-version       14" "$(tail -n 6 "$tmp/own.out")"
"$ISOLAB" --db "$odb" report --lesson M04/K01 >"$tmp/own.rep" 2>/dev/null
if cmp -s "$tmp/own.out" "$tmp/own.rep"; then ok "report --lesson: the same lines"
else not_ok "report --lesson: the same lines"; diff "$tmp/own.out" "$tmp/own.rep"; fi
check "report --format csv: its rows as lines of the lesson" "M04/K01,\"  hostname: host, RETURNS\"" \
    "$("$ISOLAB" --db "$odb" report --lesson M04/K01 --format csv 2>/dev/null | grep 'hostname: host')"
check "export lesson_table: the seed's rows" "M04/K01|2|FACTS BY AXIS|list M04/K01|9|NAME LENGTHS|table" \
    "$("$ISOLAB" --db "$odb" export lesson_table --format tsv | awk -F '\t' 'NR > 1 { printf "%s%s|%s|%s|%s", sep, $1, $2, $3, $5; sep = " " }')"

# a query that cannot be one is refused at load, with the file, the line
# of its row, the query and why; nothing of the file written
bad() { # bad WHAT QUERY WHY [WRONG: what is wrong with it, default "does not compile"]
    printf "INSERT INTO lesson_table(lesson, position, title, query) VALUES\n  ('M04/K01', 12, 'T',\n   '%s');\n" "$2" >"$tmp/bad.sql"
    "$ISOLAB" --db "$odb" load "$tmp/bad.sql" >/dev/null 2>"$tmp/e.txt"
    check "load refuses a lesson's table: $1" "3|isolab load: $tmp/bad.sql:2: lesson_table row of lesson M04/K01 at position 12: its query '$(printf '%s' "$2" | sed "s/''/'/g")' ${4:-does not compile}: $3|2" \
        "$?|$(cat "$tmp/e.txt")|$(q "$odb" "SELECT count(*) FROM lesson_table")"
}
bad "a misspelt column" "SELECT facts FROM page_lesson_facts" "no such column: facts; did you mean 'fact'?"
bad "a misspelt status column" "SELECT fact, statuss FROM current_fact_status" "no such column: statuss; did you mean 'status'?"
bad "a misspelt view" "SELECT fact FROM current_fact_stats" "no such table: current_fact_stats; did you mean 'current_fact_status'?"
# a name it compares a column with that the model lacks finds no row: the
# claims' check of names (a status near a stored word, a channel, a fact)
bad "a misspelt status word" "SELECT 1 FROM current_fact_status WHERE status = ''retuns''" \
    "no status named 'retuns'; did you mean 'returns'?" "compares a column with what is not there"
bad "a misspelt channel" "SELECT 1 FROM surface s WHERE s.channel = ''sampling-profil''" \
    "no channel named 'sampling-profil'; did you mean 'sampling-profile'?" "compares a column with what is not there"
bad "a misspelt fact" "SELECT 1 FROM current_fact_status WHERE fact == ''hostnme''" \
    "no fact named 'hostnme'; did you mean 'hostname'?" "compares a column with what is not there"
cat >"$tmp/ok.sql" <<'SQL'
INSERT INTO lesson_table(lesson, position, title, query) VALUES
  ('M04/K01', 12, 'T', 'SELECT count(*) AS n FROM probe_step WHERE status = ''skipped''');
SQL
"$ISOLAB" --db "$odb" load "$tmp/ok.sql" >/dev/null 2>"$tmp/e.txt"
check "load takes a status word of another table (a probe step's), near no fact status" "0||3" \
    "$?|$(cat "$tmp/e.txt")|$(q "$odb" "SELECT count(*) FROM lesson_table")"
q "$odb" "DELETE FROM lesson_table WHERE position = 12"
bad "a write" "DELETE FROM fact" "it would do more than read"
bad "a setting" "PRAGMA user_version" "it would do more than read"
bad "two statements" "SELECT 1; SELECT 2" "more than one statement"
bad "a function not allowed" "SELECT load_extension(''x'')" "the function load_extension is not allowed (SQLite's ordinary functions and isolab's own are)"
bad "an unbounded table" "SELECT * FROM isolab_frontier" "the table isolab_frontier is not allowed (it computes a power set in one step, beyond the reach of the work budget)"
bad "a parameter but :lesson" "SELECT :bundle" "the parameter :bundle is not :lesson (the one a lesson's table is given)"
printf "CREATE TEMP VIEW mine AS SELECT 1 AS one;\nINSERT INTO lesson_table(lesson, position, title, query) VALUES ('M04/K01', 12, 'T', 'SELECT one FROM mine');\n" >"$tmp/bad.sql"
"$ISOLAB" --db "$odb" load "$tmp/bad.sql" >/dev/null 2>"$tmp/e.txt"
check "load refuses a lesson's table over the load's own TEMP view" "3|isolab load: $tmp/bad.sql:2: lesson_table row of lesson M04/K01 at position 12: its query 'SELECT one FROM mine' does not compile: the TEMP table or view mine goes with the load: the query reads the database's own" \
    "$?|$(cat "$tmp/e.txt")"
# bounded as it runs: at most 1000 rows, and the work budget; a query that
# cannot run says so in its place, the lesson printed all the same
cat >"$tmp/big.sql" <<'EOF'
INSERT INTO lesson_table(lesson, position, title, query) VALUES
  ('M04/K01', 10, 'MANY', 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1500) SELECT i FROM c'),
  ('M04/K01', 11, 'ENDLESS', 'WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT max(i) AS i FROM c');
EOF
"$ISOLAB" --db "$odb" load "$tmp/big.sql" >/dev/null 2>&1
"$ISOLAB" --db "$odb" lesson M04/K01 --work-limit 1 >"$tmp/big.out" 2>/dev/null
check "lesson: 1000 rows of 1500, said; an endless query stopped by the work budget, said" \
    "0|1000|  (the first 1000 rows: the query gives more)|ENDLESS|  (not shown: its query exceeded the work budget (1 million steps))" \
    "$?|$(sed -n '/^MANY$/,/^$/p' "$tmp/big.out" | grep -c '^ *[0-9][0-9]*$')|$(sed -n '/^MANY$/,/^$/p' "$tmp/big.out" | grep '(the first')|$(tail -n 2 "$tmp/big.out" | tr '\n' '|' | sed 's/|$//')"
"$ISOLAB" --db "$odb" unload M04/K01 >/dev/null 2>&1
check "unload: the lesson's own tables go with it" 0 "$(q "$odb" "SELECT count(*) FROM lesson_table")"


# --- 12: a title names the bundle and channel in use ----------------------------
# The tracing lesson (lessons/030) titles its tracepoints and its own table
# with {channel} and {bundle}: under its focus (strict x in-kernel-tracing)
# they read as the seed's comments say, under --bundle common as common,
# under --channel net-tracepoint as that channel; and so in the shell's
# lesson_report, which reads the same rule.
tdb=$tmp/titles.db
"$ISOLAB" --db "$tdb" init >/dev/null && "$ISOLAB" --db "$tdb" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$tdb" lesson M03/K06 >/dev/null 2>&1
check "the tracing lesson loaded and run" 0 $?
titles() { grep -E '^(TRACEPOINTS|AXES) '; }
check "report --lesson M03/K06: its titles say strict" \
    "TRACEPOINTS (each tracepoint of in-kernel-tracing under strict)
AXES (what in-kernel-tracing returns on each axis under strict)" \
    "$("$ISOLAB" --db "$tdb" report --lesson M03/K06 2>/dev/null | titles)"
check "report --lesson M03/K06 --bundle common: its titles say common" \
    "TRACEPOINTS (each tracepoint of in-kernel-tracing under common)
AXES (what in-kernel-tracing returns on each axis under common)" \
    "$("$ISOLAB" --db "$tdb" report --lesson M03/K06 --bundle common 2>/dev/null | titles)"
check "report --lesson M03/K06 --channel net-tracepoint: its own table's title says that channel" \
    "AXES (what net-tracepoint returns on each axis under strict)" \
    "$("$ISOLAB" --db "$tdb" report --lesson M03/K06 --channel net-tracepoint 2>/dev/null | grep '^AXES ')"
check "the shell's lesson_report: the focus's names, no placeholder left" \
    "TRACEPOINTS (each tracepoint of in-kernel-tracing under strict)|AXES (what in-kernel-tracing returns on each axis under strict)|0" \
    "$(q "$tdb" "SELECT group_concat(line, '|') FROM lesson_report WHERE lesson = 'M03/K06' AND (line LIKE 'TRACEPOINTS%' OR line LIKE 'AXES%')")|$(q "$tdb" "SELECT count(*) FROM lesson_report WHERE line LIKE '%{%'")"
check "the seed keeps the placeholders (export lesson_block)" "TRACEPOINTS (each tracepoint of {channel} under {bundle})" \
    "$(q "$tdb" "SELECT title FROM lesson_block WHERE lesson = 'M03/K06' AND title IS NOT NULL")"
# a word in braces that is no placeholder: refused at load (exit 3), with
# the file, the row's line, the value and the placeholder it is near;
# nothing written. Braces around no word are the title's own text.
printf "INSERT INTO lesson(code, title, position) VALUES ('T/12', 'Titles', 12);\nINSERT INTO lesson_block(lesson, position, block, title) VALUES\n  ('T/12', 1, 'lesson_header', '{ } {x y} {'),\n  ('T/12', 2, 'bundle_table', 'BUNDLES under {bundel}');\n" >"$tmp/bt.sql"
"$ISOLAB" --db "$tdb" load "$tmp/bt.sql" >/dev/null 2>"$tmp/bt.err"
check "load refuses an unknown placeholder in lesson_block.title: file, line, value, did you mean" \
    "3|isolab load: $tmp/bt.sql:4: lesson_block.title = 'BUNDLES under {bundel}': {bundel} is no placeholder a title takes; did you mean '{bundle}'?|0" \
    "$?|$(cat "$tmp/bt.err")|$(q "$tdb" "SELECT count(*) FROM lesson WHERE code = 'T/12'")"
printf "INSERT INTO lesson_table(lesson, position, title, query) VALUES\n  ('M03/K06', 12, 'PER {lesson}', 'SELECT 1 AS one');\n" >"$tmp/bt.sql"
"$ISOLAB" --db "$tdb" load "$tmp/bt.sql" >/dev/null 2>"$tmp/bt.err"
check "... and in lesson_table.title, none near: the placeholders there are" \
    "3|isolab load: $tmp/bt.sql:2: lesson_table.title = 'PER {lesson}': {lesson} is no placeholder a title takes (placeholders: {bundle}, {channel})" \
    "$?|$(cat "$tmp/bt.err")"
printf "UPDATE lesson_block SET title = 'X {chanel}' WHERE lesson = 'M03/K06' AND position = 5;\n" >"$tmp/bt.sql"
"$ISOLAB" --db "$tdb" load "$tmp/bt.sql" >/dev/null 2>"$tmp/bt.err"
check "... and a title an UPDATE sets" \
    "3|isolab load: $tmp/bt.sql:1: lesson_block.title = 'X {chanel}': {chanel} is no placeholder a title takes; did you mean '{channel}'?" \
    "$?|$(cat "$tmp/bt.err")"
# a name put into a title is escaped as every name printed: a channel whose
# name holds U+202E (which reverses what a terminal shows) reaches the
# title as \u202e
printf "%s\n" "INSERT INTO lesson(code, title, position) VALUES ('T/12', 'Titles', 12);" \
    "INSERT INTO channel(name, lesson, cost_pct) VALUES ('rev' || char(8238) || 'x', 'T/12', 1);" \
    "INSERT INTO channel_fact(channel, position, fact) VALUES ('rev' || char(8238) || 'x', 1, 'hostname');" \
    "INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('T/12', 'strict', 'rev' || char(8238) || 'x', 'host');" \
    "INSERT INTO lesson_block(lesson, position, block, title) VALUES ('T/12', 1, 'bundle_table', 'BUNDLES ({channel})');" >"$tmp/bt.sql"
"$ISOLAB" --db "$tdb" load "$tmp/bt.sql" >/dev/null 2>&1 && "$ISOLAB" --db "$tdb" lesson T/12 >"$tmp/bt.out" 2>/dev/null
check "a channel name with U+202E in a title: printed escaped" '0|BUNDLES (rev\u202ex)' \
    "$(grep -c "$(printf '\342\200\256')" "$tmp/bt.out")|$(head -n 1 "$tmp/bt.out")"

# --- 12: the sweeps a lesson computes -------------------------------------------
# Those whose tables it prints (lesson_blocks.sweep), and those its own
# tables or its claims read, so that they stay checkable: the tracing
# lesson prints no sample count sweep, so 'lesson M03/K06' makes none
swept() { q "$1" "SELECT group_concat(kind, ' ') FROM (SELECT DISTINCT kind FROM run WHERE kind IN ('samples', 'removal', 'addition') ORDER BY kind)"; }
sdb=$tmp/sweeps.db
"$ISOLAB" --db "$sdb" init >/dev/null && "$ISOLAB" --db "$sdb" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1
"$ISOLAB" --db "$sdb" lesson M03/K06 >/dev/null 2>"$tmp/sw.err"
check "lesson M03/K06 (no sample table): its removal and addition sweeps, no samples; its claims pass" \
    "0|addition removal|check: 8 passed, 0 failed, 0 pending of 8 claims" "$?|$(swept "$sdb")|$(sed 's/ (run [0-9]*)$//' "$tmp/sw.err")"
check "... and its sample sweep not run names the sweep's own command, not the lesson's (lesson_not_run)" \
    "  (not run yet: isolab sweep samples --bundle strict --channel in-kernel-tracing)" \
    "$(q "$sdb" "SELECT line FROM lesson_not_run WHERE lesson = 'M03/K06'")"
# a claim of it that reads the sample count sweep: then it is made, and the
# claim passes (the sample counts grow a thousandfold, as M03/K05 states)
cat >"$tmp/sw.sql" <<'SQL'
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M03/K06', 'tracing-samples', 'the sample count grows a thousandfold', 1000,
   '(SELECT max(samples) / min(samples) FROM current_sample_sweep WHERE bundle = ''strict'' AND channel = ''in-kernel-tracing'')');
SQL
"$ISOLAB" --db "$sdb" load "$tmp/sw.sql" >/dev/null 2>&1
"$ISOLAB" --db "$sdb" check --lesson M03/K06 >"$tmp/sw.out" 2>&1
check "... a claim of it over the sample sweep before: pending, naming the sweep of its pair (the lesson makes none)" \
    "pending  M03/K06 tracing-samples: it reads results not computed yet; 'isolab --db $sdb sweep samples --bundle strict --channel in-kernel-tracing' computes them -- the sample count grows a thousandfold" \
    "$(grep tracing-samples "$tmp/sw.out")"
"$ISOLAB" --db "$sdb" lesson M03/K06 >/dev/null 2>"$tmp/sw.err"
check "... then 'lesson M03/K06' makes its sample sweep too, and the claim passes" \
    "0|addition removal samples|check: 9 passed, 0 failed, 0 pending of 9 claims" "$?|$(swept "$sdb")|$(sed 's/ (run [0-9]*)$//' "$tmp/sw.err")"
# a lesson whose own table reads the removal sweep, printing no sweep table
cat >"$tmp/t13.sql" <<'SQL'
INSERT INTO lesson(code, title, position) VALUES ('T/13', 'Sweeps', 13);
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('T/13', 'common', 'sampling-profile', 'host');
INSERT INTO lesson_block(lesson, position, block, title) VALUES ('T/13', 1, 'lesson_header', NULL);
INSERT INTO lesson_table(lesson, position, title, query) VALUES
  ('T/13', 2, 'REMOVED', 'SELECT count(*) AS rows FROM current_removal_sweep s JOIN lesson_scope x
                           ON x.bundle = s.bundle AND x.channel = s.channel WHERE x.lesson = :lesson');
SQL
tdb13=$tmp/t13.db
"$ISOLAB" --db "$tdb13" init >/dev/null && "$ISOLAB" --db "$tdb13" load "$tmp/t13.sql" >/dev/null 2>&1
"$ISOLAB" --db "$tdb13" lesson T/13 >"$tmp/t13.out" 2>/dev/null
check "a lesson whose own table reads the removal sweep: that sweep alone, its 25 rows (one baseline, 24 facts)" \
    "0|removal|25" "$?|$(swept "$tdb13")|$(sed -n '$p' "$tmp/t13.out" | tr -d ' ')"

finish
