#!/bin/sh
# Tests for what isolab does on a terminal and on Ctrl-C: claim outcomes
# coloured on a terminal (a pseudo-terminal made by script(1)) and never
# when piped or with NO_COLOR set; SIGINT during a long sweep prints
# "interrupted" and what was kept, exits 130 and leaves no part of the run.
. "$(dirname "$0")/../lib/shlib.sh"

db=$tmp/t.db
fresh_db "$db"
check "database with runs" 0 $?

esc=$(printf '\033')
have_pty=0
command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1 && have_pty=1
# The progress line is shown at every tick (4096 rows) rather than after a
# second (ISOLAB_PROGRESS_ROWS, src/cli/progress.c): inputs of some 10^4
# rows show it, and a command that shows none fails.
ISOLAB_PROGRESS_ROWS=1
export ISOLAB_PROGRESS_ROWS
# progress_ok NAME FILE WHAT TOTAL WRITTEN : FILE (a terminal's output, \r
# made \n) has progress lines "isolab: D of T WHAT, ..." (each with a
# total) with T = TOTAL and D <= T each, the last one "TOTAL of TOTAL ... 0 s
# left", and the command wrote WRITTEN = TOTAL rows.
progress_ok() {
    if ! grep -q "^isolab: [0-9]* .*$3/s" "$2"; then
        not_ok "$1: a progress line"
        return
    fi
    check "$1: each line with a total, done never above it, which is $4 $3" "" \
        "$(grep "^isolab: [0-9]* .*$3/s" "$2" | sed "s/^isolab: \([0-9]*\) of \([0-9]*\) $3, .*/\1 \2/" \
            | awk -v t="$4" 'NF != 2 || $1 > $2 || $2 != t')"
    check "$1: the last line is the whole, 0 s left, and the rows written" "$4 of $4 $3 0 s left|$4" \
        "$(grep "^isolab: [0-9]* of [0-9]* $3, " "$2" | tail -n 1 | sed "s/^isolab: \([0-9]* of [0-9]* $3\), [0-9]* $3\/s, \(.* left\).*/\1 \2/")|$5"
}
# on_tty CMD : CMD's output on a pseudo-terminal (script(1)), or skip.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "'$ISOLAB' --db '$db' check" /dev/null >"$tmp/tty.out" 2>&1 </dev/null
    if grep -q "${esc}\[32mpass${esc}\[0m" "$tmp/tty.out"; then ok "check on a terminal: pass in green"
    else not_ok "check on a terminal: pass in green"; head -3 "$tmp/tty.out"; fi
    NO_COLOR=1 script -qec "'$ISOLAB' --db '$db' check" /dev/null >"$tmp/nc.out" 2>&1 </dev/null
    check "check on a terminal with NO_COLOR: no escape sequence" 0 "$(grep -c "$esc" "$tmp/nc.out")"
    TERM=dumb script -qec "'$ISOLAB' --db '$db' check" /dev/null >"$tmp/dumb.out" 2>&1 </dev/null
    check "check on a dumb terminal: no escape sequence" 0 "$(grep -c "$esc" "$tmp/dumb.out")"
else
    echo "skip - no script(1) to make a pseudo-terminal"
fi
"$ISOLAB" --db "$db" check >"$tmp/pipe.out" 2>&1
check "check piped: no escape sequence" 0 "$(grep -c "$esc" "$tmp/pipe.out")"
check "check piped: the words padded as before" "pass     M03/K05 facts = 24 -- the process is described by 24 facts" \
    "$(grep ' facts = ' "$tmp/pipe.out")"

# A seed is untrusted: a claim's statement holding ESC[2J (clear the screen)
# reaches the screen escaped in every format (\033[2J as a table shows it,
# JSON's \u001b), exact (the ESC byte) when piped or written to a file.
edb=$tmp/esc.db
printf "%s\n" "INSERT INTO lesson(code, title, position) VALUES ('T/09', 'Escapes', 90);" \
    "INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES ('T/09', 'esc', 'it returns ' || char(27) || '[2Jmemory-used', 1, '1');" \
    >"$tmp/esc.sql"
"$ISOLAB" --db "$edb" init >/dev/null && "$ISOLAB" --db "$edb" load "$tmp/esc.sql" >/dev/null
check "a claim statement with ESC[2J loads" 0 $?
esql="SELECT statement FROM claim WHERE name = 'esc'"
for f in csv tsv; do
    qq=; [ $f = csv ] && qq='"' # CSV quotes a field with a space
    "$ISOLAB" --db "$edb" export --sql "$esql" --format $f >"$tmp/esc.$f"
    check "export --format $f piped: the exact bytes, ESC kept" "statement|${qq}it returns ${esc}[2Jmemory-used${qq}" \
        "$(tr '\n' '|' <"$tmp/esc.$f" | sed 's/|$//')"
    "$ISOLAB" --db "$edb" export --sql "$esql" --format $f -o "$tmp/esc-o.$f"
    check "export --format $f -o FILE: the exact bytes" "" "$(cmp "$tmp/esc.$f" "$tmp/esc-o.$f" 2>&1)"
    if [ "$have_pty" = 1 ]; then
        script -qec "'$ISOLAB' --db '$edb' export --sql \"$esql\" --format $f" /dev/null >"$tmp/esc-tty.$f" 2>&1 </dev/null
        check "export --format $f on a terminal: no ESC reaches it, the statement shown escaped" \
            "0|statement|${qq}it returns \\033[2Jmemory-used${qq}" \
            "$(grep -c "$esc" "$tmp/esc-tty.$f")|$(tr -d '\r' <"$tmp/esc-tty.$f" | tr '\n' '|' | sed 's/|$//')"
    fi
done
if [ "$have_pty" = 1 ]; then
    for f in table json ndjson; do
        script -qec "'$ISOLAB' --db '$edb' export --sql \"$esql\" --format $f" /dev/null >"$tmp/esc-tty.$f" 2>&1 </dev/null
        check "export --format $f on a terminal: no ESC reaches it either" 0 "$(grep -c "$esc" "$tmp/esc-tty.$f")"
    done
fi

# synth_db DB [PARAMS] : a new database DB of the synthetic model
# (tests/synth), with PARAMS as synth_param rows ('key', value), ...
synth_db() {
    mkdir "$1.seeds"
    cp tests/synth/100_synthetic_model.sql "$1.seeds/"
    [ -z "${2:-}" ] || printf "CREATE TEMP TABLE IF NOT EXISTS synth_param(key TEXT PRIMARY KEY, value INTEGER NOT NULL);\nINSERT OR REPLACE INTO synth_param VALUES %s;\n" \
        "$2" >"$1.seeds/050_params.sql"
    "$ISOLAB" --db "$1" init --seeds "$1.seeds" >/dev/null
}

# --- Ctrl-C: a sweep of 2^20 bundles, interrupted once it writes ----------
big=$tmp/big.db
synth_db "$big"
"$ISOLAB" --db "$big" run >/dev/null
before=$(q "$big" "SELECT count(*) FROM run")
# a background job of sh ignores SIGINT; env gives it back its default
if env --default-signal=INT true 2>/dev/null; then dflt="env --default-signal=INT"; else dflt=; fi
$dflt "$ISOLAB" --db "$big" sweep bundles >"$tmp/sb.out" 2>"$tmp/sb.err" &
pid=$!
# the handshake: the sweep's rows reach the write-ahead log
n=0
while [ "$(stat -c %s "$big-wal" 2>/dev/null || echo 0)" -lt 1000000 ] && [ $n -lt 600 ] && kill -0 $pid 2>/dev/null; do
    sleep 0.05
    n=$((n + 1))
done
kill -INT $pid
wait $pid
check "Ctrl-C on sweep bundles: exit 130" 130 $?
# (a sweep of 2^20 bundles is announced first: its size note, then the end)
check "Ctrl-C: 'interrupted' and what was kept, after the size note" \
    "isolab sweep bundles: note: 2^20 = 1048576 bundles x 2 channels and no channel: 3145728 rows to write
isolab sweep bundles: interrupted; nothing was written" "$(sed 's/, about .*//' "$tmp/sb.err")"
check "Ctrl-C: nothing on stdout" "" "$(cat "$tmp/sb.out")"
check "Ctrl-C: no run added, no row of it" "$before|0" \
    "$(q "$big" "SELECT (SELECT count(*) FROM run), (SELECT count(*) FROM bundle_sweep)")"
check "Ctrl-C: the database is intact" "ok" "$(q "$big" "PRAGMA integrity_check")"

# --- a whole sweep on a terminal: its progress, and honest row counts -----
# 2^15 bundles of the synthetic model's first 15 mechanisms (a bundles
# sweep ticks every 65,536 rows: one tick, then the last line)
mid=$tmp/mid.db
synth_db "$mid" "('mechanisms', 15)"
"$ISOLAB" --db "$mid" run >/dev/null
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
    script -qec "'$ISOLAB' --db '$mid' sweep bundles" /dev/null </dev/null | tr '\r' '\n' >"$tmp/pty.out"
    # the rows written: every bundle x (channels + none), a row per
    # mechanism, per channel and one for none
    total=$((32768 * 3 + $(q "$mid" "SELECT (SELECT count(*) FROM mechanism) + (SELECT count(*) FROM channel) + 1")))
    progress=$(grep -c ' rows/s, ' "$tmp/pty.out")
    check "progress: lines shown" 1 "$([ "$progress" -gt 1 ] && echo 1)"
    check "progress: done never above the total, which is the rows the sweep writes" "" \
        "$(sed -n 's/^isolab: \([0-9]*\) of \([0-9]*\) rows.*/\1 \2/p' "$tmp/pty.out" | awk -v t=$total '$1 > $2 || $2 != t')"
    check "progress: the last line is the whole, 0 s left" "$total of $total rows 0 s left" \
        "$(grep ' rows/s, ' "$tmp/pty.out" | tail -n 1 | sed 's/^isolab: \([0-9]* of [0-9]* rows\), [0-9]* rows\/s, \(.* left\).*/\1 \2/')"
    id=$(q "$mid" "SELECT max(id) FROM run")
    check "sweep bundles: 'rows written' is the progress's total" "$total" \
        "$(sed -n 's/.* \([0-9]*\) rows written to .*/\1/p' "$tmp/pty.out")"
    check "sweep bundles: 'rows written' is runs' row count for the run" \
        "$("$ISOLAB" --db "$mid" runs --kind bundles --format csv | sed -n "s/^$id,\([^,]*,\)\{5\}\([0-9]*\),.*/\2/p")" \
        "$(sed -n 's/.* \([0-9]*\) rows written to .*/\1/p' "$tmp/pty.out")"
    check "... and the rows the tables hold" "$(q "$mid" "SELECT (SELECT count(*) FROM bundle_sweep WHERE run_id = $id)
        + (SELECT count(*) FROM bundle_sweep_mechanism WHERE run_id = $id) + (SELECT count(*) FROM bundle_sweep_channel WHERE run_id = $id)")" \
        "$(sed -n 's/.* \([0-9]*\) rows written to .*/\1/p' "$tmp/pty.out")"
fi
if [ "$have_pty" = 1 ]; then
    script -qec "'$ISOLAB' --db '$mid' export bundle_sweep -o '$tmp/bs.csv'" /dev/null </dev/null | tr '\r' '\n' >"$tmp/ex.out"
    progress_ok "export -o of a table on a terminal" "$tmp/ex.out" rows \
        "$(q "$mid" "SELECT count(*) FROM bundle_sweep")" "$(($(wc -l <"$tmp/bs.csv") - 1))"
fi
"$ISOLAB" --db "$mid" export bundle_sweep -o "$tmp/bs2.csv" 2>"$tmp/ex2.err"
check "export piped: no progress" "" "$(cat "$tmp/ex2.err")"
"$ISOLAB" --db "$mid" sweep bundles --mechanisms mech-01,mech-02 >"$tmp/small.out" 2>"$tmp/small.err"
check "sweep bundles piped: no progress" "" "$(cat "$tmp/small.err")"

# --- progress of the long commands, each with its total ---------------------
# A model of 20,000 facts: its removal sweep, a run, the diff of two runs
# and an export each tick several times; on a terminal each shows its
# progress against a total counted by the sqlite3 shell, and nothing when
# piped.
wide=$tmp/wide.db
synth_db "$wide" "('facts', 20000), ('mechanisms', 3), ('channels', 1)"
pair="--bundle $(q "$wide" "SELECT name FROM bundle ORDER BY position LIMIT 1") --channel $(q "$wide" "SELECT name FROM channel LIMIT 1")"
facts=$(q "$wide" "SELECT count(*) FROM fact")
"$ISOLAB" --db "$wide" sweep removal $pair >/dev/null 2>"$tmp/sw.err"
check "sweep removal piped: no progress" "" "$(cat "$tmp/sw.err")"
"$ISOLAB" --db "$wide" run >/dev/null 2>"$tmp/run.err"
check "run piped: no progress" "" "$(cat "$tmp/run.err")"
"$ISOLAB" --db "$wide" diff 2 2 >"$tmp/d.out" 2>"$tmp/d.err"
check "diff piped: the count, no progress" "0 differences from run 2 to run 2|" "$(cat "$tmp/d.out")|$(cat "$tmp/d.err")"
if [ "$have_pty" = 1 ]; then
    script -qec "'$ISOLAB' --db '$wide' sweep removal $pair" /dev/null </dev/null | tr '\r' '\n' >"$tmp/sw.out"
    progress_ok "sweep removal on a terminal" "$tmp/sw.out" rows "$((facts + 1))" \
        "$(sed -n 's/.*, \([0-9]*\) rows written to .*/\1/p' "$tmp/sw.out")"
    script -qec "'$ISOLAB' --db '$wide' run" /dev/null </dev/null | tr '\r' '\n' >"$tmp/run.out"
    progress_ok "run on a terminal" "$tmp/run.out" rows \
        "$(q "$wide" "SELECT (SELECT count(*) FROM bundle) * (SELECT count(*) FROM channel) * ($facts + 1)")" \
        "$(sed -n 's/.*, \([0-9]*\) rows written to .*/\1/p' "$tmp/run.out")"
    script -qec "'$ISOLAB' --db '$wide' diff 2 4" /dev/null </dev/null | tr '\r' '\n' >"$tmp/dt.out"
    total=$(q "$wide" "SELECT count(*) FROM fact_status_row WHERE run_id IN (2, 4)")
    if grep -q ' fact statuses/s, ' "$tmp/dt.out"; then
        check "diff on a terminal: done never above the total, which is both runs' fact statuses" "" \
            "$(sed -n 's/^isolab: \([0-9]*\) of \([0-9]*\) fact statuses, .*/\1 \2/p' "$tmp/dt.out" | awk -v t="$total" '$1 > $2 || $2 != t')"
        check "diff on a terminal: the progress line blanked, then the output" \
            "0 differences from run 2 to run 4" "$(grep -v '^isolab' "$tmp/dt.out" | sed '/^ *$/d')"
    else
        not_ok "diff on a terminal: a progress line"
    fi
fi

# --- hints: a printed command pastes into a shell as it is --------------------
mkdir -p "$tmp/w/dir with spaces"
(cd "$tmp/w" && "$ISOLAB" --db "dir with spaces/my lab.db" init >/dev/null \
    && "$ISOLAB" --db "dir with spaces/my lab.db" plot channels >/dev/null 2>"$tmp/hint.err")
hint=$(sed -n 's/.*; run "\(.*\)" first$/\1/p' "$tmp/hint.err")
check "plot's hint names the database, quoted" "isolab --db 'dir with spaces/my lab.db' run" "$hint"
(cd "$tmp/w" && eval "\"\$ISOLAB\" ${hint#isolab }" >/dev/null 2>&1)
check "... pasted, it runs and writes the run there" "1" "$(q "$tmp/w/dir with spaces/my lab.db" "SELECT count(*) FROM run")"
check "... and leaves no stray file" "dir with spaces" "$(ls "$tmp/w")"
(cd "$tmp/w" && "$ISOLAB" --db "dir with spaces/my lab.db" lesson --verbose >/dev/null 2>"$tmp/lh.err")
lhint=$(sed -n 's/^  sqlite3 //p' "$tmp/lh.err")
check "lesson's sqlite3 hint, pasted, prints the channel table" \
    "$(cd "$tmp/w" && "$ISOLAB" --db "dir with spaces/my lab.db" report channel_table 2>/dev/null)" \
    "$(cd "$tmp/w" && eval "sqlite3 $lhint")"

# --- one list of exit statuses: isolab help's is docs/guarantees.md's ------
"$ISOLAB" help | sed -n '/^exit status:/,$p' | sed 1d | sed 's/^  //' >"$tmp/codes.help"
sed -n 's/^| \([0-9][0-9]*\) | \(.*\) |$/\1 \2/p' docs/guarantees.md >"$tmp/codes.readme"
sed -i 's/^\([0-9]*\) */\1 /' "$tmp/codes.help"
if [ -s "$tmp/codes.help" ] && cmp -s "$tmp/codes.help" "$tmp/codes.readme"; then
    ok "docs/guarantees.md's exit statuses are isolab help's"
else
    not_ok "docs/guarantees.md's exit statuses are isolab help's"; diff "$tmp/codes.help" "$tmp/codes.readme"
fi
finish
