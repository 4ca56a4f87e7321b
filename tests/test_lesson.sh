#!/bin/sh
# isolab lesson, end to end: the printed tables are byte-identical to the
# lesson's printed block (tests/expected/lesson.txt), token-identical to the
# original lesson text in ../shared/lesson/, and the same tables come out of
# the plain sqlite3 shell on the .db alone.
. "$(dirname "$0")/shlib.sh"
top=$root

# The main job, in an empty directory, as a user would run it.
if (cd "$tmp" && "$ISOLAB" lesson >out.txt 2>err.txt); then ok "isolab lesson exits 0"; else not_ok "isolab lesson exits 0"; cat "$tmp/err.txt"; fi
if cmp -s "$tmp/out.txt" "$top/tests/expected/lesson.txt"; then ok "lesson output is byte-identical to the lesson's printed block"
else not_ok "lesson output is byte-identical to the lesson's printed block"; diff "$tmp/out.txt" "$top/tests/expected/lesson.txt" | head -20; fi
check "lesson is quiet: stderr is the count line alone" \
    "check: 34 passed, 0 failed, 9 pending of 43 claims (run 5)" "$(cat "$tmp/err.txt")"
mkdir "$tmp/v"
(cd "$tmp/v" && "$ISOLAB" lesson --verbose >/dev/null 2>err.txt)
if grep -q "sqlite3 isolab.db" "$tmp/v/err.txt" && [ -f "$tmp/v/isolab.db" ]; then ok "lesson --verbose names the database and a sqlite3 command"
else not_ok "lesson --verbose names the database and a sqlite3 command"; fi
check "lesson --verbose: every claim on stderr" 43 "$(grep -c -e '^pass ' -e '^pending ' -e '^FAIL ' -e '^stale ' "$tmp/v/err.txt")"

# Token-identical to the lesson as received (its whitespace was collapsed).
orig=$(ls "$top"/../shared/lesson/000_*.txt 2>/dev/null | head -n 1)
if [ -n "$orig" ]; then
    tr -s ' \n' '\n\n' <"$tmp/out.txt" | sed '/^$/d' >"$tmp/ours.tok"
    n=$(wc -l <"$tmp/ours.tok")
    tr -s ' \n' '\n\n' <"$orig" | sed '/^$/d' |
        awk -v first="facts:" -v second="24" 'f==0 && prev==first && $0==second {f=1; print prev} f {print} {prev=$0}' |
        head -n "$n" >"$tmp/orig.tok"
    if cmp -s "$tmp/ours.tok" "$tmp/orig.tok"; then ok "lesson output is token-identical to the original lesson ($n tokens)"
    else not_ok "lesson output is token-identical to the original lesson"; diff "$tmp/ours.tok" "$tmp/orig.tok" | head; fi
else
    echo "skip - ../shared/lesson/ is not here: token comparison with the original lesson"
fi

# The plain sqlite3 shell, on the database alone, from another directory.
mkdir "$tmp/elsewhere" && cp "$tmp/isolab.db" "$tmp/elsewhere/copy.db"
(cd "$tmp/elsewhere" && sqlite3 -batch -noheader -list copy.db "SELECT line FROM lesson_report WHERE lesson = 'M03/K05';") >"$tmp/shell.txt" 2>&1
if cmp -s "$tmp/shell.txt" "$top/tests/expected/lesson.txt"; then ok "sqlite3 shell: SELECT line FROM lesson_report WHERE lesson = 'M03/K05' gives the same tables"
else not_ok "sqlite3 shell: SELECT line FROM lesson_report WHERE lesson = 'M03/K05' gives the same tables"; diff "$tmp/shell.txt" "$top/tests/expected/lesson.txt" | head; fi
for v in lesson_header resource_axis channel_facts bundle_table channel_table sample_table removal_summary addition_table; do
    (cd "$tmp/elsewhere" && sqlite3 -batch -noheader copy.db "SELECT line FROM $v WHERE lesson = 'M03/K05';") >>"$tmp/blocks.txt"
    [ "$v" = addition_table ] || echo >>"$tmp/blocks.txt"
done
if cmp -s "$tmp/blocks.txt" "$top/tests/expected/lesson.txt"; then ok "sqlite3 shell: the eight views, one by one, give the same tables"
else not_ok "sqlite3 shell: the eight views, one by one, give the same tables"; fi

# A second lesson keeps the first one's runs (4 runs and a check each); the views show the latest.
(cd "$tmp" && "$ISOLAB" lesson >out2.txt 2>/dev/null)
runs=$(sqlite3 "$tmp/isolab.db" "SELECT count(*) FROM run")
if [ "$runs" = 10 ] && cmp -s "$tmp/out2.txt" "$top/tests/expected/lesson.txt"; then ok "two lessons keep 10 runs and print the same tables"
else not_ok "two lessons keep 10 runs and print the same tables (runs: $runs)"; fi

# A new database's time of making is its own (between the command's start
# and end), where its seeds came from is recorded (seed_origin: NULL for the
# built-in ones, the directory for --seeds), and it is whole.
before=$(date -u +%Y-%m-%dT%H:%M:%S)
"$ISOLAB" --db "$tmp/new.db" init >/dev/null 2>&1
after=$(date -u +%Y-%m-%dT%H:%M:%S.999Z)
stamps=$(sqlite3 "$tmp/new.db" "SELECT count(*) || ' ' || sum(applied_at >= '$before' AND applied_at <= '$after' AND length(applied_at) = 24) FROM schema_version")
check "every schema_version.applied_at is the time of making" "$(sqlite3 "$tmp/new.db" "SELECT count(*) FROM schema_version") $(sqlite3 "$tmp/new.db" "SELECT count(*) FROM schema_version")" "$stamps"
# every version from 4 (the first with this table) to the current one is
# recorded: the list worked out by seq from the version isolab reports
ver=$(sed -n 's/^#define ISL_SCHEMA_VERSION \([0-9]*\).*/\1/p' "$top/include/isolab/store.h")
check "schema_version holds every version 4..$ver" "$(seq 4 "$ver" | tr '\n' ',' | sed 's/,$//')" \
    "$(sqlite3 "$tmp/new.db" "SELECT group_concat(version, ',') FROM (SELECT version FROM schema_version ORDER BY version)")"
check "integrity_check and foreign_key_check are clean, WAL" "ok wal" "$(sqlite3 "$tmp/new.db" "PRAGMA integrity_check; PRAGMA foreign_key_check; PRAGMA journal_mode" | tr '\n' ' ' | sed 's/ $//')"
# seeds/ loaded from the directory: every claim of the built-in seeds is
# compiled as it is loaded (a new database from the built-in copy skips that)
"$ISOLAB" --db "$tmp/steps.db" init --seeds "$top/seeds" >/dev/null 2>"$tmp/steps.err"
check "init --seeds seeds/: every built-in claim compiles at load" "0" "$?$(cat "$tmp/steps.err")"
check "seed_origin: NULL for the built-in seeds, the directory for --seeds" "|$top/seeds" \
    "$(sqlite3 "$tmp/new.db" "SELECT seeds FROM seed_origin")|$(sqlite3 "$tmp/steps.db" "SELECT seeds FROM seed_origin")"

finish
