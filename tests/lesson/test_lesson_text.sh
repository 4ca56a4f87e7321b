#!/bin/sh
# isolab lesson, end to end: the printed tables are byte-identical to the
# lesson's printed block (tests/expected/lesson.txt), token-identical to the
# original lesson text in ../shared/lesson/, and the same tables come out of
# the plain sqlite3 shell on the .db alone.
. "$(dirname "$0")/../lib/shlib.sh"
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

# The tutorial's "Using it" commands in order, as printed (those that need
# no gnuplot), then isolab lesson: the lesson's block, byte for byte. The
# what-if run among them (a member list's row under the profile) and the
# template load change no lesson's printed block.
walk=$tmp/walk
mkdir -p "$walk" && ln -s "$ISOLAB" "$walk/isolab" && cp -r "$top/seeds" "$walk/seeds"
awk '/^## Using it/ { f = 1; next } f && /^## / { exit } f && /^    \.\/isolab / { print substr($0, 5) }' docs/tutorial.md |
    grep -v -e ' plot' -e ' page' >"$tmp/walk.sh"
check "the tutorial's Using it block has its commands" yes "$([ "$(wc -l <"$tmp/walk.sh")" -gt 30 ] && echo yes)"
(cd "$walk" && "$ISOLAB" lesson >/dev/null 2>&1 && sh "$tmp/walk.sh" >/dev/null 2>&1)
(cd "$walk" && "$ISOLAB" lesson >out.txt 2>/dev/null; "$ISOLAB" lesson M03/K04 >k04.txt 2>/dev/null)
if cmp -s "$walk/out.txt" "$top/tests/expected/lesson.txt"; then ok "after the tutorial's commands: isolab lesson is the lesson's block"
else not_ok "after the tutorial's commands: isolab lesson is the lesson's block"; diff "$walk/out.txt" "$top/tests/expected/lesson.txt" | head; fi
if cmp -s "$walk/k04.txt" "$top/tests/expected/lesson_K04.txt"; then ok "after the tutorial's commands: isolab lesson M03/K04 is K04's block"
else not_ok "after the tutorial's commands: isolab lesson M03/K04 is K04's block"; diff "$walk/k04.txt" "$top/tests/expected/lesson_K04.txt" | head; fi
(cd "$walk" && sqlite3 -batch -noheader -list isolab.db "SELECT line FROM lesson_report WHERE lesson = 'M03/K05';") >"$walk/shell.txt"
if cmp -s "$walk/shell.txt" "$top/tests/expected/lesson.txt"; then ok "after the tutorial's commands: lesson_report in the shell is the lesson's block"
else not_ok "after the tutorial's commands: lesson_report in the shell is the lesson's block"; fi
check "after the what-if run: the axes plot's panels are the course's bundles" "common strict" \
    "$("$ISOLAB" --db "$walk/isolab.db" export plot_axes --format csv 2>/dev/null | awk -F, 'NR > 1 { print $1 }' | uniq | tr '\n' ' ' | sed 's/ $//')"
check "the what-if list's panel when --bundle names it" "common strict strict,-user-namespace" \
    "$("$ISOLAB" --db "$walk/isolab.db" export plot_axes --format tsv --bundle strict,-user-namespace 2>/dev/null | awk -F'\t' 'NR > 1 { print $1 }' | uniq | tr '\n' ' ' | sed 's/ $//')"

# A later lesson that adds a bundle and a channel (position 8): K05's and
# K04's blocks stay the lesson's; its own tables list the new bundle
# (plain, common, strict, namespaces-only) and both earlier channels.
cat >"$walk/later.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('M04/K01', 'Kernel Log Reading', 8);
INSERT INTO bundle(name) VALUES ('namespaces-only');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('namespaces-only', 1, 'pid-namespace'), ('namespaces-only', 2, 'mount-namespace');
INSERT INTO channel(name, lesson, cost_pct) VALUES ('kernel-log', 'M04/K01', 2);
INSERT INTO channel_fact(channel, position, fact) VALUES ('kernel-log', 1, 'hostname'), ('kernel-log', 2, 'memory-used');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M04/K01', 'namespaces-only', 'kernel-log', 'host');
EOF
(cd "$walk" && "$ISOLAB" load later.sql >/dev/null 2>&1 && "$ISOLAB" lesson --all >/dev/null 2>&1)
(cd "$walk" && "$ISOLAB" lesson >out.txt 2>/dev/null; "$ISOLAB" lesson M03/K04 >k04.txt 2>/dev/null;
 "$ISOLAB" lesson M04/K01 >k01.txt 2>/dev/null)
if cmp -s "$walk/out.txt" "$top/tests/expected/lesson.txt"; then ok "a later lesson's bundle and channel: isolab lesson is the lesson's block"
else not_ok "a later lesson's bundle and channel: isolab lesson is the lesson's block"; diff "$walk/out.txt" "$top/tests/expected/lesson.txt" | head; fi
if cmp -s "$walk/k04.txt" "$top/tests/expected/lesson_K04.txt"; then ok "a later lesson's bundle and channel: K04's block as it was"
else not_ok "a later lesson's bundle and channel: K04's block as it was"; diff "$walk/k04.txt" "$top/tests/expected/lesson_K04.txt" | head; fi
check "the later lesson's own bundle table lists its bundle after the course's" "plain common strict namespaces-only" \
    "$(sed -n '/^bundle /,/^$/p' "$walk/k01.txt" | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ' | sed 's/ $//')"
check "the later lesson's channel table: its channel, then the earlier lessons'" "kernel-log system-call-tracing sampling-profile" \
    "$(sed -n '/^channel /,/^$/p' "$walk/k01.txt" | awk 'NR > 1 && NF { print $1 }' | tr '\n' ' ' | sed 's/ $//')"
(cd "$walk" && "$ISOLAB" sweep bundles >/dev/null 2>&1)
check "K05's plots: its course's bundles and channels, not the later lesson's" "common strict|system-call-tracing sampling-profile|common plain strict" \
    "$("$ISOLAB" --db "$walk/isolab.db" export plot_axes --lesson M03/K05 --format tsv 2>/dev/null | awk -F'\t' 'NR > 1 { print $1 }' | uniq | tr '\n' ' ' | sed 's/ $//')|$("$ISOLAB" --db "$walk/isolab.db" export plot_channels --lesson M03/K05 --format tsv 2>/dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "channel") c = i; next } { print $c }' | tr '\n' ' ' | sed 's/ $//')|$("$ISOLAB" --db "$walk/isolab.db" export plot_frontier --lesson M03/K05 --format tsv 2>/dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "named") c = i; next } $c != "" && $c != "\"\"" { print $c }' | sort | tr '\n' ' ' | sed 's/ $//')"
check "K04's plots: the channels of the course as K04 knew it" "system-call-tracing" \
    "$("$ISOLAB" --db "$walk/isolab.db" export plot_channels --lesson M03/K04 --format tsv 2>/dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "channel") c = i; next } { print $c }' | tr '\n' ' ' | sed 's/ $//')"
check "the later lesson's plots name its bundle" "common namespaces-only plain strict" \
    "$("$ISOLAB" --db "$walk/isolab.db" export plot_frontier --lesson M04/K01 --format tsv 2>/dev/null | awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "named") c = i; next } $c != "" && $c != "\"\"" { print $c }' | sort | tr '\n' ' ' | sed 's/ $//')"

# A lesson's tables print names from data: escaped, as every text printed
# (U+202E would turn the rest of the terminal's line around).
bidi=$tmp/bidi
mkdir "$bidi"
printf "%s\n" "INSERT INTO lesson(code, title, position) VALUES ('M09/K03', 'Bidi', 9);" \
    "INSERT INTO channel(name, lesson, cost_pct) VALUES ('rlo' || char(0x202e) || 'abc', 'M09/K03', 2);" \
    "INSERT INTO channel_fact(channel, position, fact) VALUES ('rlo' || char(0x202e) || 'abc', 1, 'hostname');" \
    "INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('M09/K03', 'strict', 'rlo' || char(0x202e) || 'abc', 'host');" >"$bidi/bidi.sql"
(cd "$bidi" && "$ISOLAB" --db bidi.db init >/dev/null 2>&1 && "$ISOLAB" --db bidi.db load bidi.sql >/dev/null 2>&1 &&
 "$ISOLAB" --db bidi.db lesson M09/K03 >out.txt 2>/dev/null)
check "lesson: a channel's U+202E is shown escaped, never raw" "0|yes" \
    "$(grep -c "$(printf '\342\200\256')" "$bidi/out.txt")|$(grep -q 'rlo\\u202eabc' "$bidi/out.txt" && echo yes)"

# Each of the lesson's text blocks is a layout over one data view (the
# page's, which export and --format read too): none reads the results
# itself, so no rule is computed twice (the SQL without its comments).
for pair in resource_axis:page_lesson_axis channel_facts:page_lesson_facts bundle_table:page_lesson_bundles \
            channel_table:page_lesson_channels sample_table:page_lesson_samples removal_summary:lesson_removal \
            addition_table:page_lesson_addition page_lesson_removal:lesson_removal; do
    block=${pair%%:*} data=${pair#*:}
    sql=$(sed 's/--.*$//' "$top/queries/$block.sql")
    reads=$(printf '%s\n' "$sql" | grep -o -w -e current_surface -e current_sweep -e fact_status -e sample_sweep \
        -e removal_sweep -e addition_sweep -e bundle_member | sort -u | tr '\n' ' ')
    check "$block: a layout over $data, reading no result of its own" "yes|" \
        "$(printf '%s\n' "$sql" | grep -q -w "$data" && echo yes)|$reads"
done

finish
