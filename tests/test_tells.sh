#!/bin/sh
# Tests for what isolab tells and when (issue 32, items 7 and 11):
#   1  the stale note: never before an error; none once the model is back
#      at the digest its results were computed from; lesson --fresh names
#      each lost file once
#   2  a closed pipe: no message, the status cat gives (SIGPIPE)
. "$(dirname "$0")/shlib.sh"

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

# --- 2: a closed pipe ----------------------------------------------------------
# the reference: what cat gives when its reader has gone (POSIX shells: 141)
yes | head -c 1000000 >"$tmp/big.txt"
ref=$({ cat "$tmp/big.txt"; echo $? >"$tmp/cat.rc"; } | head -n 1 >/dev/null; cat "$tmp/cat.rc")
# (a million rows: more than a pipe holds, so the writer meets the closed end)
many="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) SELECT x FROM c"
{ "$ISOLAB" --db "$db" export --sql "$many" 2>"$tmp/pipe.err"; echo $? >"$tmp/pipe.rc"; } | head -n 1 >/dev/null
check "export | head -1: no message, the status cat gives ($ref)" "$ref|" "$(cat "$tmp/pipe.rc")|$(cat "$tmp/pipe.err")"

finish
