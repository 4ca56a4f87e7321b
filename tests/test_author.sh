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
. "$(dirname "$0")/shlib.sh"

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
"$ISOLAB" --db "$db" lesson >/dev/null 2>"$tmp/k05.err"
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
    "pending  M04/K02 no-bundles: it reads results not computed yet; 'isolab sweep bundles' computes them -- x" \
    "$(grep no-bundles "$tmp/empty.out")"

# --- 4: stale results, said once, with commands to paste -----------------------
# A database whose path needs quoting; a bundles sweep and a sweep of a pair
# that is no lesson's focus, then a model change (the first lesson loaded).
db2="$tmp/my course.db"
mkdir -p "$tmp/bin" && ln -s "$ISOLAB" "$tmp/bin/isolab"
"$ISOLAB" --db "$db2" lesson >/dev/null 2>&1
"$ISOLAB" --db "$db2" sweep bundles >/dev/null 2>&1
"$ISOLAB" --db "$db2" sweep removal --bundle common --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$db2" load "$work/a.sql" >/dev/null 2>&1
"$ISOLAB" --db "$db2" report >"$tmp/r.out" 2>"$tmp/r.err"
check "report after the load: the stale note, two lines, every command in it" \
"isolab report: note: some results were computed from an older model than the database holds now and are not shown;
  to bring everything up to date, run: \"isolab --db '$db2' lesson --all\", \"isolab --db '$db2' sweep removal --bundle common --channel sampling-profile\", \"isolab --db '$db2' sweep bundles\"" \
    "$(cat "$tmp/r.err")"
# pasting them, one after the other, brings everything up to date
sed -n 's/^  to bring everything up to date, run: //p' "$tmp/r.err" | grep -o '"[^"]*"' | tr -d '"' >"$tmp/cmds"
check "three commands to paste" 3 "$(wc -l <"$tmp/cmds")"
while IFS= read -r cmd; do (cd "$tmp" && PATH="$tmp/bin:$PATH" sh -c "$cmd") >/dev/null 2>&1; done <"$tmp/cmds"
"$ISOLAB" --db "$db2" report >"$tmp/r2.out" 2>"$tmp/r2.err"
check "after them, no note and the tables again" "0||43" "$?|$(cat "$tmp/r2.err")|$(wc -l <"$tmp/r2.out" | tr -d ' ')"
"$ISOLAB" --db "$db2" plot --help >/dev/null 2>&1
check "stale_result is empty" 0 "$(q "$db2" "SELECT count(*) FROM stale_result")"
# only the bundles sweep stale: the note names it alone
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
    "0||isolab report: note: lesson_report has nothing to print: no current results for it ('isolab lesson' computes the lesson's)" \
    "$?|$(cat "$tmp/e.out")|$(cat "$tmp/e.err")"

finish
