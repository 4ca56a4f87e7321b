#!/bin/sh
# Tests for what isolab tells and when (issue 32, items 7 and 11):
#   1  the stale note: never before an error; none once the model is back
#      at the digest its results were computed from; lesson --fresh names
#      each lost file once; lesson --fresh and unload say where the default
#      lesson went, the way back pasted; a what-if list retired (its runs
#      kept, out of the note) or removed, as the note's hint says, pasted
#   2  a closed pipe: no message, the status cat gives (SIGPIPE)
#   3  note and page -o say on stderr what they wrote; prune keeps noted
#      runs unless --all; README outputs ignored by git
#   4  export of a comparison with rows not run (a what-if list under one
#      channel of two) names the command that computes them, pasted
#   (the man page's environment: tests/cli/test_install.sh)
. "$(dirname "$0")/../lib/shlib.sh"

db=$tmp/t.db
fresh_db "$db"
check "database with runs" 0 $?

# --- 1: the stale note ---------------------------------------------------------
cp "$db" "$tmp/s.db"
q "$tmp/s.db" "UPDATE channel SET cost_pct = 5 WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$tmp/s.db" run >/dev/null 2>&1
"$ISOLAB" --db "$tmp/s.db" report nosuch >/dev/null 2>"$tmp/e.txt"
check "an error with stale results: the error alone, no note before it" \
    "3|isolab report: no saved query named 'nosuch'" "$?|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$tmp/s.db" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "... a command that succeeds still notes them" 1 "$(grep -c 'computed from an older model' "$tmp/e.txt")"

# a lesson loaded, everything computed, the lesson unloaded: the model is
# back at the digest the first results were computed from, and they are current
cat >"$tmp/k9.sql" <<'EOS'
INSERT INTO lesson(code, title, position) VALUES ('M09/K01', 'Made-up Probing', 90);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('made-up-probe', 'M09/K01', 8);
INSERT INTO channel_fact(channel, fact, position) VALUES ('made-up-probe', 'hostname', 1);
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M09/K01', 'strict', 'made-up-probe', 'host');
EOS
cp "$db" "$tmp/u.db"
"$ISOLAB" --db "$tmp/u.db" lesson --all >/dev/null 2>&1
d0=$(q "$tmp/u.db" "SELECT digest FROM model_state")
"$ISOLAB" --db "$tmp/u.db" load "$tmp/k9.sql" >/dev/null 2>&1
"$ISOLAB" --db "$tmp/u.db" lesson --all >/dev/null 2>&1
"$ISOLAB" --db "$tmp/u.db" unload M09/K01 >/dev/null 2>&1
"$ISOLAB" --db "$tmp/u.db" check --quiet >/dev/null 2>"$tmp/e.txt"
check "unload back to the old digest: the old results are current, no stale note" \
    "0|$d0|" "$?|$(q "$tmp/u.db" "SELECT digest FROM model_state")|$(cat "$tmp/e.txt")"

# lesson --fresh after a file of two lessons: the file named once
printf "INSERT INTO lesson(code, title, position) VALUES ('M09/K01', 'A', 90), ('M09/K02', 'B', 91);\n" >"$tmp/two.sql"
cp "$db" "$tmp/f.db"
"$ISOLAB" --db "$tmp/f.db" load "$tmp/two.sql" >/dev/null 2>&1
"$ISOLAB" --db "$tmp/f.db" lesson --fresh >/dev/null 2>"$tmp/e.txt"
check "lesson --fresh: a lost file of two lessons is named once" 1 \
    "$(grep 'gone' "$tmp/e.txt" | grep -o "load [^']*two.sql" | wc -l | tr -d ' ')"

# lesson --fresh after 'isolab focus': the new database's default lesson
# is the seeds', and the note says so with the command that makes the old
# one the default again; pasted, it does
cp "$db" "$tmp/g.db"
"$ISOLAB" --db "$tmp/g.db" focus M03/K04 >/dev/null
"$ISOLAB" --db "$tmp/g.db" lesson --fresh >/dev/null 2>"$tmp/e.txt"
fnote=$(grep 'default lesson' "$tmp/e.txt")
check "lesson --fresh after focus: the focus it leaves is named" \
    "isolab lesson: note: the old database's default lesson was M03/K04; the new one's is M03/K05; to make it the default again, run: 'isolab --db $tmp/g.db focus M03/K04'" \
    "$fnote"
pasted=${fnote#*run: \'isolab }
eval "\"\$ISOLAB\" ${pasted%\'}" >/dev/null
check "the pasted focus command makes it the default again" M03/K04 \
    "$(q "$tmp/g.db" "SELECT value FROM param WHERE key = 'lesson'")"

# ... and when the default lesson was a loaded one, which the new database
# lacks: the note says it is gone, with the commands that load it and then
# make it the default; pasted into sh as printed, in that order, they do
cp "$db" "$tmp/g6.db"
"$ISOLAB" --db "$tmp/g6.db" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$tmp/g6.db" focus M03/K06 >/dev/null
"$ISOLAB" --db "$tmp/g6.db" lesson --fresh >/dev/null 2>"$tmp/e.txt"
fnote=$(grep 'default lesson' "$tmp/e.txt")
check "lesson --fresh after focus on a loaded lesson: the default named, gone, with load then focus" \
    "isolab lesson: note: the old database's default lesson was M03/K06, which is gone; the new one's is M03/K05; to load it and make it the default again, run: 'isolab --db $tmp/g6.db load $PWD/lessons/030_M03_K06_in_kernel_tracing.sql' then 'isolab --db $tmp/g6.db focus M03/K06'" \
    "$fnote"
printf '%s\n' "${fnote#*run: }" | sed "s/^'//; s/' then '/\\
/g; s/'\$//" >"$tmp/g6.sh"
check "... two commands to paste" 2 "$(wc -l <"$tmp/g6.sh" | tr -d ' ')"
ISOLAB_BIN=$ISOLAB sh -ec 'isolab() { "$ISOLAB_BIN" "$@"; }; . "$1"' sh "$tmp/g6.sh" >/dev/null 2>&1
check "... pasted into sh, in order: exit 0, the lesson back and the default again" "0|M03/K06|1" \
    "$?|$(q "$tmp/g6.db" "SELECT value FROM param WHERE key = 'lesson'")|$(q "$tmp/g6.db" "SELECT count(*) FROM lesson WHERE code = 'M03/K06'")"
# a default lesson gone with no file known (built in from other seeds): said, no command
mkdir "$tmp/k6seeds"
cp seeds/*.sql lessons/030_M03_K06_in_kernel_tracing.sql "$tmp/k6seeds/"
"$ISOLAB" --db "$tmp/g7.db" init --seeds "$tmp/k6seeds" >/dev/null 2>&1 && "$ISOLAB" --db "$tmp/g7.db" focus M03/K06 >/dev/null
"$ISOLAB" --db "$tmp/g7.db" lesson --fresh --seeds seeds >/dev/null 2>"$tmp/e.txt"
check "lesson --fresh --seeds losing the default lesson, no file known: said, no command" \
    "isolab lesson: note: the old database's default lesson was M03/K06, which is gone (no file of it is known); the new one's is M03/K05" \
    "$(grep 'default lesson' "$tmp/e.txt")"

# unload of the default lesson: stdout says what was removed, the note
# which lesson is the default now, with the commands that load the
# unloaded one again and make it the default; pasted into sh, they do
cp "$db" "$tmp/n6.db"
"$ISOLAB" --db "$tmp/n6.db" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$tmp/n6.db" focus M03/K06 >/dev/null
"$ISOLAB" --db "$tmp/n6.db" unload M03/K06 >"$tmp/o.txt" 2>"$tmp/e.txt"
check "unload of the default lesson: exit 0, the removal on stdout" "0|removed 1 lesson from $tmp/n6.db" \
    "$?|$(cat "$tmp/o.txt")"
unote=$(cat "$tmp/e.txt")
check "... the note: the default now, with load then focus" \
    "isolab unload: note: the default lesson was M03/K06, which is gone; the default now is M03/K05; to load it and make it the default again, run: 'isolab --db $tmp/n6.db load $PWD/lessons/030_M03_K06_in_kernel_tracing.sql' then 'isolab --db $tmp/n6.db focus M03/K06'" \
    "$unote"
check "... M03/K05 is current_focus's lesson" M03/K05 "$(q "$tmp/n6.db" "SELECT lesson FROM current_focus")"
printf '%s\n' "${unote#*run: }" | sed "s/^'//; s/' then '/\\
/g; s/'\$//" >"$tmp/n6.sh"
check "... two commands to paste" 2 "$(wc -l <"$tmp/n6.sh" | tr -d ' ')"
ISOLAB_BIN=$ISOLAB sh -ec 'isolab() { "$ISOLAB_BIN" "$@"; }; . "$1"' sh "$tmp/n6.sh" >/dev/null 2>&1
check "... pasted into sh, in order: exit 0, the lesson back and the default again" "0|M03/K06|M03/K06" \
    "$?|$(q "$tmp/n6.db" "SELECT value FROM param WHERE key = 'lesson'")|$(q "$tmp/n6.db" "SELECT lesson FROM current_focus")"
# a lesson that is not the default: the default stays, nothing noted
"$ISOLAB" --db "$tmp/n6.db" unload M03/K04 >/dev/null 2>"$tmp/e.txt"
check "unload of another lesson: the default stays, no note" "0|M03/K06|" \
    "$?|$(q "$tmp/n6.db" "SELECT lesson FROM current_focus")|$(cat "$tmp/e.txt")"
# every lesson unloaded: none is the default now; a built-in lesson has no file
"$ISOLAB" --db "$tmp/n6.db" unload M03/K05 M03/K06 >/dev/null 2>"$tmp/e.txt"
check "unload of every lesson: the default gone, none now" \
    "isolab unload: note: the default lesson was M03/K06, which is gone; no lesson has a focus now; to load it and make it the default again, run: 'isolab --db $tmp/n6.db load $PWD/lessons/030_M03_K06_in_kernel_tracing.sql' then 'isolab --db $tmp/n6.db focus M03/K06'" \
    "$(cat "$tmp/e.txt")"
cp "$db" "$tmp/n5.db"
"$ISOLAB" --db "$tmp/n5.db" unload M03/K05 >/dev/null 2>"$tmp/e.txt"
check "unload of the built-in default lesson: no file known, no command" \
    "isolab unload: note: the default lesson was M03/K05, which is gone (no file of it is known); the default now is M03/K04" \
    "$(cat "$tmp/e.txt")"

# a what-if list and a model change: the note names the list's commands
# and says how to retire it; each way, pasted from the note, runs
printf "UPDATE channel SET cost_pct = 4 WHERE name = 'sampling-profile';\n" >"$tmp/cost4.sql"
printf "UPDATE channel SET cost_pct = 5 WHERE name = 'sampling-profile';\n" >"$tmp/cost5.sql"
wdb=$tmp/w.db
cp "$db" "$wdb"
"$ISOLAB" --db "$wdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$wdb" sweep samples --bundle strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$wdb" load "$tmp/cost4.sql" >/dev/null 2>&1
cp "$wdb" "$tmp/w2.db"
"$ISOLAB" --db "$wdb" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "a stale what-if list: the note's third line says how to retire it, with the list and --db" \
    "  a what-if list no longer wanted: 'isolab --db $wdb rm --members strict,-user-namespace' removes its runs; 'isolab --db $wdb note --retire strict,-user-namespace' keeps them and drops it from this note" \
    "$(sed -n 3p "$tmp/e.txt")"
hint_cmd() { sed -n "3s/^  a what-if list no longer wanted: '\\([^']*\\)' removes its runs; '\\([^']*\\)' keeps them and drops it from this note\$/\\$1/p" "$2"; }
retire=$(hint_cmd 2 "$tmp/e.txt")
eval "\"\$ISOLAB\" ${retire#isolab }" >"$tmp/o.txt" 2>"$tmp/r.err"
check "note --retire, pasted: exit 0, one line on stderr, the list's two runs rows of run_retired" \
    "0|isolab note: what-if list strict,-user-namespace: 2 runs kept in $wdb, retired from the stale note|2|2" \
    "$?|$(cat "$tmp/o.txt" "$tmp/r.err")|$(q "$wdb" "SELECT count(*) FROM run_retired")|$(q "$wdb" "SELECT count(*) FROM run_param WHERE key = 'members'")"
"$ISOLAB" --db "$wdb" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "... the note names the model's stale results alone, in two lines" \
    "isolab report: note: some results were computed from an older model than the database holds now and are not shown;
  to bring everything up to date, run: 'isolab --db $wdb lesson --all'" "$(cat "$tmp/e.txt")"
check "... runs --long says which runs are retired" 2 \
    "$("$ISOLAB" --db "$wdb" runs --long | grep -c '^        retired from the stale note: 20')"
"$ISOLAB" --db "$wdb" note --retire strict >/dev/null 2>"$tmp/r.err"
check "a bundle of the model is no list: never retired" \
    "3|isolab note: no run of what-if list 'strict' (run_param members) (see 'isolab --db $wdb runs --all')|2" \
    "$?|$(cat "$tmp/r.err")|$(q "$wdb" "SELECT count(*) FROM run_retired")"
# a later run of the list is not retired: stale again, it is named again
"$ISOLAB" --db "$wdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$wdb" load "$tmp/cost5.sql" >/dev/null 2>&1
"$ISOLAB" --db "$wdb" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "a later run of a retired list: named again once stale" \
    "  to bring everything up to date, run: 'isolab --db $wdb lesson --all', 'isolab --db $wdb run --members strict,-user-namespace --channel sampling-profile'" \
    "$(sed -n 2p "$tmp/e.txt")"
# run_retired written in the shell for every run: the model's stale
# results are still named (only a list's are left out); stale_result still
# lists the list's
q "$wdb" "INSERT OR IGNORE INTO run_retired(run, retired_at) SELECT id, '2026-12-01T00:00:00.000Z' FROM run"
"$ISOLAB" --db "$wdb" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "every run in run_retired: the model's results still named, the list's not; stale_result keeps both" \
    "  to bring everything up to date, run: 'isolab --db $wdb lesson --all'|2" \
    "$(sed -n 2p "$tmp/e.txt")$(sed -n 3p "$tmp/e.txt")|$(q "$wdb" "SELECT count(*) FROM stale_result WHERE bundle LIKE '%,%'")"
# the other way: the list's runs removed
"$ISOLAB" --db "$tmp/w2.db" report channel_comparison >/dev/null 2>"$tmp/e.txt"
rmcmd=$(hint_cmd 1 "$tmp/e.txt")
eval "\"\$ISOLAB\" ${rmcmd#isolab }" >"$tmp/o.txt" 2>"$tmp/r.err"
check "rm --members, pasted: exit 0, the list's two runs and their rows gone, the others kept" \
    "0|removed 2 runs of what-if list strict,-user-namespace and their rows from $tmp/w2.db|0|0|$(q "$db" "SELECT count(*) FROM run")" \
    "$?|$(cat "$tmp/o.txt" "$tmp/r.err")|$(q "$tmp/w2.db" "SELECT count(*) FROM run_param WHERE key = 'members'")|$(q "$tmp/w2.db" "SELECT count(*) FROM surface WHERE bundle LIKE '%,%'")|$(q "$tmp/w2.db" "SELECT count(*) FROM run")"
"$ISOLAB" --db "$tmp/w2.db" report channel_comparison >/dev/null 2>"$tmp/e.txt"
check "... the note: the model's stale results alone, in two lines" \
    "isolab report: note: some results were computed from an older model than the database holds now and are not shown;
  to bring everything up to date, run: 'isolab --db $tmp/w2.db lesson --all'" "$(cat "$tmp/e.txt")"

# --- 2: a closed pipe ----------------------------------------------------------
# the reference: what cat gives when its reader has gone (POSIX shells: 141)
yes | head -c 1000000 >"$tmp/big.txt"
ref=$({ cat "$tmp/big.txt"; echo $? >"$tmp/cat.rc"; } | head -n 1 >/dev/null; cat "$tmp/cat.rc")
# (a million rows: more than a pipe holds, so the writer meets the closed end)
many="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT x FROM c"
{ "$ISOLAB" --db "$db" export --sql "$many" 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.rc"; } | head -n 1 >/dev/null
check "export | head -1: no message, the status cat gives ($ref)" "$ref|" "$(cat "$tmp/pipe.rc")|$(cat "$tmp/pipe.err")"

# --- 3: small ones ---------------------------------------------------------------
cp "$db" "$tmp/n.db"
"$ISOLAB" --db "$tmp/n.db" note 1 "the baseline" >"$tmp/o.txt" 2>"$tmp/e.txt"
check "note: stdout empty, one line on stderr saying what it wrote" \
    "0||isolab note: run 1: note set in $tmp/n.db" "$?|$(cat "$tmp/o.txt")|$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$tmp/n.db" note 1 "" 2>"$tmp/e.txt"
check "note RUN '': says the note is removed" "isolab note: run 1: note removed in $tmp/n.db" "$(cat "$tmp/e.txt")"
if command -v gnuplot >/dev/null 2>&1; then
    "$ISOLAB" --db "$db" page --lesson M03/K05 -o "$tmp/k05.html" >"$tmp/o.txt" 2>"$tmp/e.txt"
    check "page -o: stdout empty, one line on stderr naming the file and its size" \
        "0||isolab page: wrote $tmp/k05.html ($(wc -c <"$tmp/k05.html" | tr -d ' ') bytes)" \
        "$?|$(cat "$tmp/o.txt")|$(cat "$tmp/e.txt")"
fi
# prune: the 3 runs of kind run after the lesson's, one noted; --keep 1
# removes the two older un-noted ones, never the noted one; --all removes it
cp "$db" "$tmp/p.db"
for i in 1 2 3; do "$ISOLAB" --db "$tmp/p.db" run >/dev/null 2>&1; done
first=$(q "$tmp/p.db" "SELECT min(id) FROM run WHERE kind = 'run'")
"$ISOLAB" --db "$tmp/p.db" note "$first" "the run the report quotes" 2>/dev/null
"$ISOLAB" --db "$tmp/p.db" prune --keep 1 --kind run >/dev/null 2>&1
check "prune --keep 1 keeps a noted run" 1 "$(q "$tmp/p.db" "SELECT count(*) FROM run WHERE id = $first")"
"$ISOLAB" --db "$tmp/p.db" prune --keep 1 --kind run --all >/dev/null 2>&1
check "prune --keep 1 --all removes it" 0 "$(q "$tmp/p.db" "SELECT count(*) FROM run WHERE id = $first")"
# every file the README's commands write is ignored by git
if command -v git >/dev/null 2>&1 && git rev-parse --git-dir >/dev/null 2>&1; then
    for f in comparison.csv comparison.png figures/axes.svg my.svg k05.html; do
        git check-ignore -q "$f"
        check "README's output $f is ignored by git" 0 $?
    done
fi

# --- 4: text tables by display columns; bidi controls escaped ---------------------
# the reference: Python's unicodedata (East Asian W/F: 2 columns, combining: 0)
if command -v python3 >/dev/null 2>&1; then
    "$ISOLAB" --db "$db" export --format table --sql "SELECT '漢字テスト' AS name, 1 AS n UNION ALL SELECT 'ab', 22 UNION ALL SELECT 'e' || char(0x301) || 'x', 333" >"$tmp/w.txt"
    check "a table with CJK and combining text: every line's number ends at one display column" "ok" \
        "$(python3 -c 'import sys, unicodedata as u
def cols(s): return sum(0 if u.combining(c) else 2 if u.east_asian_width(c) in "WF" else 1 for c in s)
ends = {cols(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8") if l.strip() and l.strip()[-1].isdigit()}
print("ok" if len(ends) == 1 else "ends at %s" % sorted(ends))' "$tmp/w.txt")"
fi
"$ISOLAB" --db "$db" export --format table --sql "SELECT 'evil' || char(0x202e) || 'txt.exe' AS name" >"$tmp/b.txt"
check "a table cell holding U+202E shows it escaped" 'evil\u202etxt.exe' "$(sed -n 3p "$tmp/b.txt")"
"$ISOLAB" --db "$db" note 1 "$(printf 'a\342\200\256b')" 2>/dev/null
check "runs --long: a note's U+202E escaped" '        note: a\u202eb' "$("$ISOLAB" --db "$db" runs --long | grep '^        note:' | head -n 1)"
"$ISOLAB" --db "$db" note 1 "" 2>/dev/null


# --- 4: rows without results, and the command that fills them --------------------
# pasted COMMAND [WORDS] : COMMAND ("isolab ...", as a note prints it) run
# with WORDS after isolab, and checked to exit 0
pasted() {
    eval "\"\$ISOLAB\" ${2:-} ${1#isolab }" >/dev/null 2>&1
    check "... pasted: exit 0" 0 $?
}
xdb=$tmp/x.db
cp "$db" "$xdb"
"$ISOLAB" --db "$xdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$xdb" export channel_comparison --bundle strict,-user-namespace >"$tmp/x.csv" 2>"$tmp/x.err"
check "export under a what-if list run for one channel of two: exit 0, the empty row named with its command" \
    "0|isolab export: note: 1 row of channel_comparison has no results (empty cells): 'isolab --db $xdb run --bundle strict,-user-namespace --channel system-call-tracing' computes the first" \
    "$?|$(cat "$tmp/x.err")"
pasted "$(sed -n "s/.*(empty cells): '\([^']*\)' computes the first\$/\1/p" "$tmp/x.err")"
"$ISOLAB" --db "$xdb" export channel_comparison --bundle strict,-user-namespace >"$tmp/x.csv" 2>"$tmp/x.err"
check "... then every row has its results, and no note" "0||0" \
    "$?|$(cat "$tmp/x.err")|$(python3 -c 'import csv,sys; print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if not r["run_id"]))' "$tmp/x.csv")"
"$ISOLAB" --db "$db" export channel_comparison >/dev/null 2>"$tmp/x.err"
check "a comparison with every row run: no note" "" "$(cat "$tmp/x.err")"

# --- 5: report --bundle LIST: the command that computes what it lacks -------------
# The tracing lesson (lessons/030) in focus: its channel in-kernel-tracing has
# three parts, sched-, task- and net-tracepoint (by hand, from the file).
# The list run under sampling-profile only: the report has nothing of it
# under in-kernel-tracing, and says which run makes it.
bdb=$tmp/bl.db
cp "$db" "$bdb"
"$ISOLAB" --db "$bdb" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$bdb" focus M03/K06 >/dev/null && "$ISOLAB" --db "$bdb" lesson >/dev/null 2>&1 \
    && "$ISOLAB" --db "$bdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
check "the tracing lesson in focus, the list run under the profile" 0 $?
"$ISOLAB" --db "$bdb" report --bundle strict,-user-namespace >"$tmp/bl.txt" 2>"$tmp/bl.err"
check "report --bundle LIST not run under the lesson's channel: the run of that list and channel" \
    "0|isolab report: note: lesson_report has nothing to print: no current results for it ('isolab --db $bdb run --members strict,-user-namespace --channel in-kernel-tracing' computes them)" \
    "$?|$(cat "$tmp/bl.err")"
pasted "$(sed -n "s/.*('\([^']*\)' computes them)\$/\1/p" "$tmp/bl.err")"
"$ISOLAB" --db "$bdb" report --bundle strict,-user-namespace >"$tmp/bl.txt" 2>"$tmp/bl.err"
check "... then the tables, and the parts said not run, with the run that computes them with their channel" \
    "0||  (not run yet: isolab run --members strict,-user-namespace --channel in-kernel-tracing --channel sched-tracepoint --channel task-tracepoint --channel net-tracepoint)" \
    "$?|$(cat "$tmp/bl.err")|$(sed -n '/^TRACEPOINTS/{n;p;}' "$tmp/bl.txt")"
check "... never that the channel has no parts" 0 "$(grep -c 'has no parts' "$tmp/bl.txt")"
pasted "$(sed -n "s/^  (not run yet: \(isolab run .*\))\$/\1/p" "$tmp/bl.txt")" '--db "$bdb"'
"$ISOLAB" --db "$bdb" report --bundle strict,-user-namespace >"$tmp/bl.txt" 2>"$tmp/bl.err"
check "... then the three parts, each with the fact it returns (by hand: strict without user-namespace still closes all three)" \
    "sched-tracepoint other-process-list|task-tracepoint ancestor-process-chain|net-tracepoint listening-ports" \
    "$(sed -n '/^TRACEPOINTS/,/^$/p' "$tmp/bl.txt" | awk '/^  [a-z]*-tracepoint / { printf "%s%s %s", s, $1, $NF; s = "|" }')"
# a list no run has computed: refused (exit 3) with the run that computes it
"$ISOLAB" --db "$bdb" report --bundle common,-pid-namespace >"$tmp/bl.txt" 2>"$tmp/bl.err"
check "report --bundle LIST never run: exit 3, nothing printed, the run that computes it" \
    "3||isolab report: no run has computed the member list 'common,-pid-namespace'; 'isolab --db $bdb run --members common,-pid-namespace' computes it" \
    "$?|$(cat "$tmp/bl.txt")|$(cat "$tmp/bl.err")"
pasted "$(sed -n "s/.*; '\([^']*\)' computes it\$/\1/p" "$tmp/bl.err")"
"$ISOLAB" --db "$bdb" report --bundle common,-pid-namespace >"$tmp/bl.txt" 2>"$tmp/bl.err"
check "... then its tables (by hand: common leaves 12 visible; without pid-namespace the 2 process facts it closed too)" \
    "0|facts: 24 | axes: 9 | common,-pid-namespace bundle: visible 14 closed 10" "$?|$(sed -n 1p "$tmp/bl.txt")"
"$ISOLAB" --db "$bdb" report --bundle strct >/dev/null 2>"$tmp/bl.err"
check "a misspelt bundle is still a name with a hint" "isolab report: no bundle 'strct'; did you mean 'strict'?" \
    "$(cat "$tmp/bl.err")"
"$ISOLAB" --db "$bdb" report >"$tmp/bl.txt" 2>&1
check "the lesson's own pair: its parts as before, no not-run line" "0|3" \
    "$(grep -c 'not run yet' "$tmp/bl.txt")|$(sed -n '/^TRACEPOINTS/,/^$/p' "$tmp/bl.txt" | grep -c '^  [a-z]*-tracepoint ')"

# --- 6: --bundle and --channel where they change nothing ---------------------------
# fact_status is a table (every run's rows): --bundle cannot choose its rows,
# and says so; channel_comparison reads param's bundle (a view over
# current_focus): no note.
"$ISOLAB" --db "$db" export fact_status >"$tmp/fs0.csv" 2>/dev/null
"$ISOLAB" --db "$db" export fact_status --bundle strict >"$tmp/fs1.csv" 2>"$tmp/fs.err"
check "export fact_status --bundle strict: exit 0, the same rows, and a note that --bundle is not read" \
    "0||isolab export: note: fact_status does not read --bundle: its rows are every bundle's, as without it" \
    "$?|$(cmp "$tmp/fs0.csv" "$tmp/fs1.csv" 2>&1)|$(cat "$tmp/fs.err")"
"$ISOLAB" --db "$db" report fact_status --bundle strict --channel sampling-profile >/dev/null 2>"$tmp/fs.err"
check "report of it with --bundle and --channel: both named" \
    "isolab report: note: fact_status does not read --bundle or --channel: its rows are every bundle and channel's, as without them" \
    "$(cat "$tmp/fs.err")"
"$ISOLAB" --db "$db" export channel_comparison --bundle strict >/dev/null 2>"$tmp/fs.err"
check "a view that reads --bundle: no such note" "" "$(cat "$tmp/fs.err")"

finish
