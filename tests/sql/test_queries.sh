#!/bin/sh
# Tests for the saved queries in queries/*.sql.
#
# For each case a fresh database is built from schema/*.sql, seeds/*.sql and
# fixture files; every query file is installed the way the tool installs it
# (CREATE VIEW <file name> AS <file content, trailing ';' stripped>) and the
# views' output is compared with the expected text.
#
#   case 1  lesson_rows.sql                 -> tests/expected/lesson.txt
#   case 2  lesson_rows.sql + no_return_rows.sql
#                                           -> tests/fixtures/no_return_expected.txt
#   case 3  lesson_rows.sql + edge_rows.sql -> single lines (rounding, repr,
#                                              non-ASCII padding and order)
#
# POSIX sh (make check runs it with sh); uses sqlite3 from PATH. Exits
# non-zero when a check fails; the last line is "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"

VIEWS="lesson_header resource_axis channel_facts bundle_table channel_table
sample_table removal_summary addition_table lesson_report"
BLOCKS="lesson_header resource_axis channel_facts bundle_table channel_table
sample_table removal_summary addition_table"

if ! command -v sqlite3 >/dev/null 2>&1; then
    not_ok "sqlite3 on PATH"
    finish
fi

# The content of a query file as the tool uses it: trailing blanks and one
# trailing semicolon removed.
query_text() {
    local sql
    sql=$(cat "$1") || return 1
    sql="${sql%"${sql##*[![:space:]]}"}"
    sql="${sql%;}"
    printf '%s' "$sql"
}

# The tool reads views with trusted_schema off: only innocuous functions
# may be used in them, so the tests read them the same way.

# run_kinds' rows, which isolab writes from src/core/kind.c after the schema
# files (no schema file holds them; test_store compares them with kind.c)
"$ISOLAB" --db "$tmp/kinds.db" init >/dev/null &&
    sqlite3 -batch "$tmp/kinds.db" ".mode insert run_kinds" "SELECT * FROM run_kinds" >"$tmp/kinds.sql" ||
    { not_ok "run_kinds' rows from a new database"; finish; }

# make_db DB FIXTURE... : schema + run_kinds + seeds + fixtures, stopping at the first error.
make_db() {
    local db=$1
    shift
    cat schema/*.sql "$tmp/kinds.sql" seeds/*.sql "$@" | sqlite3 -batch -bail "$db" >"$tmp/load.out" 2>&1
}

# install_views DB CASE : install every query file as the tool does (file
# name order, CREATE VIEW <name> AS <text>), then check each view: its name
# is not a table's, it is one SELECT (the text fits in a FROM-clause
# subquery), and it has exactly one column, named 'line'.
install_views() {
    local db=$1 name=$2 f v sql out
    for f in queries/*.sql; do
        v=$(basename "$f" .sql)
        sql=$(query_text "$f")
        if [ -n "$(q "$db" "SELECT name FROM sqlite_schema WHERE type = 'table' AND name = '$v'")" ]; then
            not_ok "$name: view name $v collides with a table"
        elif out=$(q "$db" "CREATE VIEW $v AS
$sql" 2>&1) && [ -z "$out" ]; then
            ok "$name: CREATE VIEW $v"
        else
            not_ok "$name: CREATE VIEW $v ($out)"
        fi
    done
    for v in $VIEWS; do
        if [ ! -f "queries/$v.sql" ]; then
            not_ok "$name: queries/$v.sql exists"
            continue
        fi
        sql=$(query_text "queries/$v.sql")
        if ! out=$(q "$db" "SELECT count(*) FROM (
$sql
)" 2>&1); then
            not_ok "$name: $v.sql is a single SELECT ($out)"
        elif [ "$(q "$db" "SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_table_info('$v') LIMIT 2)")" != lesson,line ]; then
            not_ok "$name: view $v's first columns are 'lesson' and 'line'"
        else
            ok "$name: $v is one SELECT whose first columns are 'lesson' and 'line'"
        fi
    done
}

# block K FILE : the K-th block of FILE (blocks are separated by empty lines).
block() { awk -v k="$1" 'BEGIN { b = 1 } /^$/ { b++; next } b == k' "$2"; }

# check_output DB CASE EXPECTED : the report, every block view, and .read.
check_output() {
    local db=$1 name=$2 expected=$3 v k=0
    : >"$tmp/diff.txt"
    if q "$db" "SELECT line FROM lesson_report WHERE lesson = 'M03/K05'" >"$tmp/report.txt" 2>"$tmp/err.txt" \
        && diff -u "$expected" "$tmp/report.txt" >"$tmp/diff.txt"; then
        ok "$name: lesson_report equals ${expected#"$root"/}"
    else
        not_ok "$name: lesson_report equals ${expected#"$root"/}"
        cat "$tmp/err.txt" "$tmp/diff.txt"
    fi
    for v in $BLOCKS; do
        k=$((k + 1))
        block "$k" "$expected" >"$tmp/want.txt"
        : >"$tmp/diff.txt"
        if q "$db" "SELECT line FROM $v WHERE lesson = 'M03/K05'" >"$tmp/got.txt" 2>"$tmp/err.txt" \
            && diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/diff.txt"; then
            ok "$name: view $v equals block $k"
        else
            not_ok "$name: view $v equals block $k"
            cat "$tmp/err.txt" "$tmp/diff.txt"
        fi
    done
    for v in $VIEWS; do
        q "$db" "SELECT * FROM $v" >"$tmp/view.txt" 2>&1
        if q "$db" ".read queries/$v.sql" >"$tmp/read.txt" 2>&1 \
            && cmp -s "$tmp/view.txt" "$tmp/read.txt"; then
            ok "$name: .read queries/$v.sql prints the view's rows"
        else
            not_ok "$name: .read queries/$v.sql prints the view's rows"
            diff -u "$tmp/view.txt" "$tmp/read.txt"
        fi
    done
}

# has_line DB CASE VIEW LINE : VIEW prints exactly LINE among its lines.
has_line() {
    if q "$1" "SELECT line FROM $3 WHERE lesson = 'M03/K05'" 2>&1 | grep -qxF -- "$4"; then
        ok "$2: $3 prints '$4'"
    else
        not_ok "$2: $3 prints '$4'"
        q "$1" "SELECT line FROM $3 WHERE lesson = 'M03/K05'" 2>&1 | sed 's/^/    got: /'
    fi
}

# --- case 1: the lesson ---------------------------------------------------
db1=$tmp/lesson.db
if make_db "$db1" tests/fixtures/lesson_rows.sql; then
    ok "lesson: database built"
    install_views "$db1" lesson
    check_output "$db1" lesson "$root/tests/expected/lesson.txt"
    n=$(q "$db1" "SELECT count(*) FROM lesson_report WHERE lesson = 'M03/K05'")
    if [ "$n" = 43 ]; then ok "lesson: 43 lines"; else not_ok "lesson: 43 lines (got $n)"; fi
    # Run 1 also computed strict x system-call-tracing, the focus of
    # M03/K04: its first five tables (worked out by hand in
    # tests/expected/lesson_K04.txt) are there, its sweeps are not.
    k=0
    for v in lesson_header resource_axis channel_facts bundle_table channel_table; do
        k=$((k + 1))
        block "$k" tests/expected/lesson_K04.txt >"$tmp/want.txt"
        q "$db1" "SELECT line FROM $v WHERE lesson = 'M03/K04'" >"$tmp/got.txt" 2>&1
        if diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/diff.txt"; then ok "lesson: M03/K04's $v equals block $k"
        else not_ok "lesson: M03/K04's $v equals block $k"; cat "$tmp/diff.txt"; fi
    done
    check "lesson: M03/K04 has no sweep of its own: titles and the command, no empty header" "SAMPLE COUNT SWEEP (returned fact does not depend on sample count)
  (not run yet: isolab lesson M03/K04)|FACT SET SWEEP -- removal
  (not run yet: isolab lesson M03/K04)|FACT SET SWEEP -- addition (one new fact per axis)
  (not run yet: isolab lesson M03/K04)" \
        "$(q "$db1" "SELECT line FROM sample_table WHERE lesson = 'M03/K04'")|$(q "$db1" "SELECT line FROM removal_summary WHERE lesson = 'M03/K04'")|$(q "$db1" "SELECT line FROM addition_table WHERE lesson = 'M03/K04'")"
    check "lesson: under another bundle (param), the marker names the sweep that computes it" \
        "  (not run yet: isolab sweep removal --bundle common --channel sampling-profile)" \
        "$(q "$db1" "UPDATE param SET value = 'common' WHERE key = 'bundle'; SELECT line FROM removal_summary WHERE lesson = 'M03/K05' AND n = 2")"
    q "$db1" "UPDATE param SET value = NULL WHERE key = 'bundle'"
    check "lesson: lesson_report holds both lessons" "M03/K04|30
M03/K05|43" "$(q "$db1" "SELECT lesson, count(*) FROM lesson_report GROUP BY lesson ORDER BY lesson")"
    # lesson_blocks: a lesson without lesson_block rows prints the eight in
    # the lesson's order (tests/expected/lesson.txt: header, axis, facts,
    # bundles, channels, samples, removal, addition); one with rows, those
    # by position, with its titles, its own tables after a standard one of
    # the same number; lesson_report lays out exactly those
    check "lesson_blocks: no lesson_block row, the eight of the lesson, each with its data view" \
        "1|lesson_header||| 2|resource_axis|page_lesson_axis|| 3|channel_facts|page_lesson_facts|| 4|bundle_table|page_lesson_bundles|| 5|channel_table|page_lesson_channels|| 6|sample_table|page_lesson_samples|| 7|removal_summary|page_lesson_removal|| 8|addition_table|page_lesson_addition||" \
        "$(q "$db1" "SELECT position, block, data_view, title, own_position FROM lesson_blocks WHERE lesson = 'M03/K04'" | tr '\n' ' ' | sed 's/ $//')"
    q "$db1" "INSERT INTO lesson_block(lesson, position, block, title) VALUES ('M03/K04', 3, 'bundle_table', 'BUNDLES'),
                ('M03/K04', 1, 'resource_axis', NULL);
              INSERT INTO lesson_table(lesson, position, title, query) VALUES ('M03/K04', 1, 'MINE', 'SELECT 1 AS x')"
    check "lesson_blocks: the lesson's rows by position, its title, its own table after the block of its number" \
        "1|resource_axis|page_lesson_axis|| 1|||MINE|1 3|bundle_table|page_lesson_bundles|BUNDLES|" \
        "$(q "$db1" "SELECT position, block, data_view, title, own_position FROM lesson_blocks WHERE lesson = 'M03/K04'" | tr '\n' ' ' | sed 's/ $//')"
    { block 2 tests/expected/lesson_K04.txt; echo; echo MINE; echo "  (the lesson's own table: lesson_table, position 1)"
      echo; echo BUNDLES; block 4 tests/expected/lesson_K04.txt | sed 1d; } >"$tmp/want.txt"
    q "$db1" "SELECT line FROM lesson_report WHERE lesson = 'M03/K04'" >"$tmp/got.txt"
    if diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/diff.txt"; then ok "lesson_report: the blocks of lesson_blocks, titled, in order"
    else not_ok "lesson_report: the blocks of lesson_blocks, titled, in order"; cat "$tmp/diff.txt"; fi
    q "$db1" "DELETE FROM lesson_block WHERE lesson = 'M03/K04'; DELETE FROM lesson_table WHERE lesson = 'M03/K04'"
    check "lesson: a lesson with no current result has no rows" "0" \
        "$(q "$db1" "UPDATE model_state SET digest = 'another-model'; SELECT count(*) FROM lesson_report")"
else
    not_ok "lesson: database built"
    cat "$tmp/load.out"
fi

# --- case 2: the channel returns nothing ----------------------------------
db2=$tmp/no_return.db
if make_db "$db2" tests/fixtures/lesson_rows.sql tests/fixtures/no_return_rows.sql; then
    ok "no-return: database built"
    install_views "$db2" no-return
    check_output "$db2" no-return "$root/tests/fixtures/no_return_expected.txt"
    has_line "$db2" no-return channel_table \
        "  sampling-profile          0         10   2.5  1025                 -"
    has_line "$db2" no-return sample_table \
        "     100      100               0                 -"
    has_line "$db2" no-return sample_table \
        "  100000   100000               0                 -"
    has_line "$db2" no-return removal_summary \
        "  facts whose removal lowers the return: []"
else
    not_ok "no-return: database built"
    cat "$tmp/load.out"
fi

# --- case 3: formatting edges ---------------------------------------------
db3=$tmp/edge.db
if make_db "$db3" tests/fixtures/lesson_rows.sql tests/fixtures/edge_rows.sql; then
    ok "edge: database built"
    install_views "$db3" edge
    has_line "$db3" edge channel_table \
        "  sampling-profile          8         18     1  1010              0.12"
    has_line "$db3" edge channel_table \
        "  system-call-tracing       8         18     5  1050              0.62"
    has_line "$db3" edge removal_summary \
        "  baseline open surface 12 | changes it 3 | does not 0"
    has_line "$db3" edge removal_summary \
        "  facts whose removal lowers the return: ['cpu-share', \"o'clock\"]"
    # one fact lowers the return (2 -> 1) without zeroing it: not the lesson's words
    q "$db3" "DELETE FROM removal_sweep WHERE removed_fact = 'o''clock'"
    has_line "$db3" edge removal_summary "  facts whose removal lowers the return: ['cpu-share']"
    # one fact whose removal leaves nothing returned: the lesson's words
    q "$db3" "UPDATE removal_sweep SET returned = 0 WHERE removed_fact = 'cpu-share'"
    has_line "$db3" edge removal_summary "  the only fact zeroing out the return: ['cpu-share']"
    q "$db3" "SELECT line FROM addition_table WHERE lesson = 'M03/K05'" >"$tmp/got.txt" 2>&1
    cat >"$tmp/want.txt" <<'EOF'
FACT SET SWEEP -- addition (one new fact per axis)
  +host       facts 25  open surface 11
  +kernel     facts 25  open surface 12  <-- grows
  +çekirdek   facts 25  open surface 12  <-- grows
EOF
    : >"$tmp/diff.txt"
    if diff -u "$tmp/want.txt" "$tmp/got.txt" >"$tmp/diff.txt"; then
        ok "edge: addition_table pads and orders a non-ASCII axis"
    else
        not_ok "edge: addition_table pads and orders a non-ASCII axis"
        cat "$tmp/diff.txt"
    fi
else
    not_ok "edge: database built"
    cat "$tmp/load.out"
fi

# ---- order is data: bundles and channels by position, not rowid -----------
# Two bundles whose seed gives positions against their insertion order, one
# with none (it takes the next place); a VACUUM in between. The lists and
# views follow the positions: plain, common, strict (1-3 from the seed),
# then zz-first (4, inserted last but placed), aa-late (5), mid (6: none given).
pdb=$tmp/pos.db
cat >"$tmp/pos.sql" <<'EOF'
INSERT INTO bundle(name, position) VALUES ('aa-late', 5), ('zz-first', 4);
INSERT INTO bundle(name) VALUES ('mid');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('aa-late', 1, 'pid-namespace'), ('zz-first', 1, 'uts-namespace'), ('mid', 1, 'mount-namespace');
EOF
if "$ISOLAB" --db "$pdb" init >/dev/null 2>&1 && "$ISOLAB" --db "$pdb" load "$tmp/pos.sql" >/dev/null 2>&1 \
   && sqlite3 "$pdb" VACUUM && "$ISOLAB" --db "$pdb" run --channel sampling-profile >/dev/null 2>&1; then
    check "position: bundles listed by position" "plain common strict zz-first aa-late mid" \
        "$(q "$pdb" "SELECT group_concat(bundle, ' ') FROM (SELECT DISTINCT bundle FROM axis_visibility)")"
    check "position: plot_axes numbers them in that order, plain (every axis wholly visible) left out and named" \
        "common strict zz-first aa-late mid|plain" \
        "$(q "$pdb" "SELECT group_concat(bundle, ' ') || '|' || max(left_out) FROM (SELECT DISTINCT bundle, left_out FROM plot_axes ORDER BY bundle_no)")"
else
    not_ok "position: database built"
fi

# --- page_runs ------------------------------------------------------------
# A bundles sweep's note counts the mechanisms it swept (run_param keeps
# them as one comma-separated value).
pdb=$tmp/page_runs.db
"$ISOLAB" --db "$pdb" init >/dev/null 2>&1 \
    && "$ISOLAB" --db "$pdb" sweep bundles --channel sampling-profile \
         --mechanisms pid-namespace,mount-namespace,control-group >/dev/null 2>&1
check "page_runs: a bundles sweep of 3 mechanisms says '3 swept'" "bundles|channel: sampling-profile; mechanisms: 3 swept" \
    "$(q "$pdb" "SELECT kind, note FROM page_runs WHERE kind = 'bundles'")"

# --- page_claims, page_lessons.claims ------------------------------------
# 'check --lesson M03/K04' (a lesson stating no claims) writes a check run
# of its own; M03/K05's 43 claims stay those of the check before it, and
# page_runs lists both checks.
cdb=$tmp/page_claims.db
"$ISOLAB" --db "$cdb" lesson >/dev/null 2>&1 && "$ISOLAB" --db "$cdb" check --lesson M03/K04 >/dev/null 2>&1
check "page_claims: each lesson's claims from the latest check of it" "M03/K05|43|1|$(q "$cdb" "SELECT min(id) FROM run WHERE kind = 'check'")" \
    "$(q "$cdb" "SELECT lesson, count(*), count(DISTINCT run_id), min(run_id) FROM page_claims GROUP BY lesson")"
check "page_runs: the latest check and the one the claims come from" "$(q "$cdb" "SELECT group_concat(id, ' ') FROM run WHERE kind = 'check'")" \
    "$(q "$cdb" "SELECT group_concat(run_id, ' ') FROM page_runs WHERE kind = 'check'")"
check "page_lessons: how many claims each lesson states" "M03/K04|0 M03/K05|43" \
    "$(q "$cdb" "SELECT lesson || '|' || claims FROM page_lessons" | tr '\n' ' ' | sed 's/ $//')"

# --- stale_result: what-if results -----------------------------------------
# Runs of member lists (what-if bundles, run_param 'members') and a named
# run, then a cost change: every result is stale. Rows worked by hand: the
# named run is 'isolab run'; each what-if pair its own newest run (run 1
# computed all three channels, run 6 system-call-tracing again) with
# 'run --members LIST --channel C'; each what-if sweep 'sweep KIND
# --bundle LIST --channel C'; a name holding a quote or a $ in single
# quotes, each ' written '\''.
wdb=$tmp/whatif.db
# (odd.sql: a bundle and a channel whose names hold a space, a quote and a
# $; cost.sql: a cost change. The migration tests below use them too.)
cat >"$tmp/odd.sql" <<'EOF'
INSERT INTO bundle(name) VALUES ('b x''$y');
INSERT INTO bundle_member(bundle, position, mechanism)
  SELECT 'b x''$y', position, mechanism FROM bundle_member WHERE bundle = 'strict';
INSERT INTO channel(name, cost_pct) VALUES ('c ''$z', 7);
INSERT INTO channel_fact(channel, position, fact) VALUES ('c ''$z', 1, 'hostname');
EOF
# a change every result reads (the baseline run time): every pair stale
printf "UPDATE setting SET value = value + 1 WHERE key = 'baseline_time';\n" >"$tmp/cost.sql"
# strict without user-namespace (position 7 of 8): the list strict,-user-namespace no longer reads
printf "DELETE FROM bundle_member WHERE bundle = 'strict' AND mechanism = 'user-namespace';
UPDATE bundle_member SET position = 7 WHERE bundle = 'strict' AND position = 8;\n" >"$tmp/whatif_drop.sql"
if "$ISOLAB" --db "$wdb" init >/dev/null 2>&1 && "$ISOLAB" --db "$wdb" load "$tmp/odd.sql" >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" run --members strict,-user-namespace >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" run --members "b x'\$y,-user-namespace" --channel "c '\$z" >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" sweep samples --bundle strict,-user-namespace --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" sweep removal --bundle "b x'\$y,-user-namespace" --channel "c '\$z" >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" run --bundle strict --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$wdb" run --members strict,-user-namespace --channel system-call-tracing >/dev/null 2>&1; then
    check "stale_result: nothing stale while the model is the runs' own" 0 "$(q "$wdb" "SELECT count(*) FROM stale_result")"
    "$ISOLAB" --db "$wdb" load "$tmp/cost.sql" >/dev/null 2>&1
    check "stale_result: a what-if run's pairs and sweeps, each with the command that redoes it" \
"removal|4|b x'\$y,-user-namespace|c '\$z|isolab sweep removal --bundle 'b x'\\''\$y,-user-namespace' --channel 'c '\\''\$z'
run|5|||isolab run
run|2|b x'\$y,-user-namespace|c '\$z|isolab run --members 'b x'\\''\$y,-user-namespace' --channel 'c '\\''\$z'
run|1|strict,-user-namespace|c '\$z|isolab run --members strict,-user-namespace --channel 'c '\\''\$z'
run|1|strict,-user-namespace|sampling-profile|isolab run --members strict,-user-namespace --channel sampling-profile
run|6|strict,-user-namespace|system-call-tracing|isolab run --members strict,-user-namespace --channel system-call-tracing
samples|3|strict,-user-namespace|sampling-profile|isolab sweep samples --bundle strict,-user-namespace --channel sampling-profile" \
        "$(q "$wdb" "SELECT * FROM stale_result ORDER BY kind, bundle, channel")"
    check "missing_result: a what-if focus names its own run, not 'isolab run' (run 5 is newer)" \
        "isolab run --members strict,-user-namespace --channel 'c '\\''\$z'" \
        "$(q "$wdb" "UPDATE param SET value = 'strict,-user-namespace' WHERE key = 'bundle';
                     UPDATE param SET value = 'c ''\$z' WHERE key = 'channel';
                     SELECT stale_command FROM missing_result WHERE kind = 'run';
                     UPDATE param SET value = NULL;")"
    "$ISOLAB" --db "$wdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1
    check "stale_result: a what-if pair run again is gone, the others stay" \
        "removal|b x'\$y,-user-namespace|c '\$z run|| run|b x'\$y,-user-namespace|c '\$z run|strict,-user-namespace|c '\$z run|strict,-user-namespace|system-call-tracing samples|strict,-user-namespace|sampling-profile" \
        "$(q "$wdb" "SELECT kind || '|' || coalesce(bundle, '') || '|' || coalesce(channel, '') FROM stale_result ORDER BY kind, bundle, channel" | tr '\n' ' ' | sed 's/ $//')"
    cp "$wdb" "$tmp/whatif_paste.db"
    "$ISOLAB" --db "$wdb" load "$tmp/whatif_drop.sql" >/dev/null 2>&1
    check "stale_result: a list the model no longer reads is named still (strict,-user-namespace: user-namespace is no member)" \
        "removal|b x'\$y,-user-namespace|c '\$z run|| run|b x'\$y,-user-namespace|c '\$z run|strict,-user-namespace|c '\$z run|strict,-user-namespace|sampling-profile run|strict,-user-namespace|system-call-tracing samples|strict,-user-namespace|sampling-profile" \
        "$(q "$wdb" "SELECT kind || '|' || coalesce(bundle, '') || '|' || coalesce(channel, '') FROM stale_result ORDER BY kind, bundle, channel" | tr '\n' ' ' | sed 's/ $//')"
    # its command, pasted, says why the result cannot be redone
    out=$(eval "\"\$ISOLAB\" --db \"\$wdb\" $(q "$wdb" "SELECT substr(command, 8) FROM stale_result WHERE kind = 'run' AND bundle = 'strict,-user-namespace' AND channel = 'sampling-profile'")" 2>&1)
    check "stale_result: a list the model no longer reads: its command fails naming the item" \
        "3|isolab run: '-user-namespace': that mechanism is not among the members before it" "$?|$out"
    # every command, pasted into a shell, brings its result up to date
    wpdb=$tmp/whatif_paste.db
    q "$wpdb" "SELECT command FROM stale_result" >"$tmp/whatif_cmds"
    pasted=0
    while IFS= read -r cmd; do
        eval "\"\$ISOLAB\" --db \"\$wpdb\" ${cmd#isolab }" >/dev/null 2>&1 && pasted=$((pasted + 1))
    done <"$tmp/whatif_cmds"
    check "stale_result: its 6 commands, pasted, each run and leave nothing stale" "6|0" \
        "$pasted|$(q "$wpdb" "SELECT count(*) FROM stale_result")"
else
    not_ok "stale_result: what-if database built"
fi

# --- each view defined once ------------------------------------------------
# A schema file creates only the views that INSTEAD OF triggers write
# through; every other view is a saved query (queries/NAME.sql), and no
# schema file drops or creates one again, so a new database executes no
# superseded text.
drops=
for f in "$root"/schema/*.sql; do
    for v in $(sed -n 's/^CREATE VIEW \([a-z_]*\).*/\1/p' "$f"); do
        if grep -q "INSTEAD OF .* ON $v\$" "$f" && [ ! -f "$root/queries/$v.sql" ]; then
            ok "schema view $v: written through INSTEAD OF triggers, defined once"
        else not_ok "schema view $v ($(basename "$f")): no INSTEAD OF trigger, or a saved query too"; fi
    done
    grep -q '^DROP VIEW' "$f" && drops="$drops $(basename "$f")"
done
check "no schema file drops a view" "" "$drops"

# --- schema version 8 -> 9: the latest runs looked up through indexes -------
# A database of schema version 8 holding runs of two models: the older
# model's results (stale where the current one has none) and, after the
# model changed, a partial run and sweeps. It is made by an isolab of today
# and taken back to version 8: every table, index and trigger that schema
# files 001-011 do not make is dropped, the views version 8 had are put back
# as it made them (tests/fixtures/old_views: today they are saved queries,
# reinstalled on open; swept_pair, which version 8 lacked, is dropped).
# Opening it migrates it to today's version; each view schema/012 rewrote
# gives the rows the old one gave.
mdb=$tmp/v8.db
cat "$root"/schema/00*.sql "$root"/schema/01[01]_*.sql "$root"/tests/fixtures/old_views/v1.sql \
    "$root"/tests/fixtures/old_views/v8.sql | sqlite3 "$tmp/ref8.db"
if "$ISOLAB" --db "$mdb" lesson >/dev/null 2>&1 && "$ISOLAB" --db "$mdb" sweep bundles --mechanisms \
       "$(q "$mdb" "SELECT group_concat(name) FROM (SELECT name FROM mechanism ORDER BY position LIMIT 3)")" >/dev/null 2>&1 \
   && "$ISOLAB" --db "$mdb" load "$tmp/cost.sql" >/dev/null 2>&1 \
   && "$ISOLAB" --db "$mdb" run --bundle strict >/dev/null 2>&1 \
   && "$ISOLAB" --db "$mdb" run --bundle strict --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$mdb" sweep samples --bundle strict --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$mdb" sweep removal --bundle plain --channel sampling-profile >/dev/null 2>&1; then
    MIGRATED="current_run current_surface_run latest_sweep current_sweep stale_result"
    sqlite3 "$mdb" "ATTACH '$tmp/ref8.db' AS ref;
        SELECT 'DROP ' || type || ' \"' || name || '\";' FROM main.sqlite_schema
         WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%'
           AND name NOT IN (SELECT name FROM ref.sqlite_schema)
        UNION ALL SELECT 'DROP VIEW swept_pair;'
        UNION ALL SELECT 'DROP VIEW \"' || name || '\";' FROM ref.sqlite_schema r WHERE type = 'view'
           AND sql IS NOT (SELECT sql FROM main.sqlite_schema m WHERE m.name = r.name)
           AND name IN (SELECT name FROM main.sqlite_schema)
        UNION ALL SELECT sql || ';' FROM ref.sqlite_schema r WHERE type = 'view'
           AND sql IS NOT (SELECT sql FROM main.sqlite_schema m WHERE m.name = r.name);" >"$tmp/v8.sql"
    { cat "$tmp/v8.sql"; echo "DELETE FROM schema_version WHERE version > 8; PRAGMA user_version = 8;"; } | sqlite3 "$mdb"
    check "version 8: made" "8 0" "$(q "$mdb" "PRAGMA user_version") $(q "$mdb" "SELECT count(*) FROM sqlite_schema WHERE name = 'surface_pair'")"
    for v in $MIGRATED; do q "$mdb" "SELECT * FROM $v" >"$tmp/v8.$v"; done
    check "version 8: the old model's results stale where the new one has none" "addition bundles removal run" \
        "$(q "$mdb" "SELECT group_concat(kind, ' ') FROM (SELECT kind FROM stale_result ORDER BY kind)")"
    "$ISOLAB" --db "$mdb" runs >/dev/null 2>&1
    check "version 8: migrated, with the indexes" "$(q "$tmp/pos.db" "PRAGMA user_version") 2" \
        "$(q "$mdb" "PRAGMA user_version") $(q "$mdb" "SELECT count(*) FROM sqlite_schema WHERE name IN ('surface_pair', 'run_current')")"
    for v in $MIGRATED; do
        # (since schema version 27 a bundles sweep is judged per channel: stale_result
        # has a row more for each channel it swept, beside the one for no channel)
        case $v in stale_result) w="WHERE kind <> 'bundles' OR channel IS NULL" ;; *) w= ;; esac
        q "$mdb" "SELECT * FROM $v $w" >"$tmp/v9.$v"
        if [ -s "$tmp/v8.$v" ] && cmp -s "$tmp/v8.$v" "$tmp/v9.$v"; then ok "version 8 migrated: $v gives the same rows"
        else not_ok "version 8 migrated: $v gives the same rows"; diff "$tmp/v8.$v" "$tmp/v9.$v"; fi
    done
    check "version 8 migrated: the lookups go through the indexes" "surface_pair run_current" \
        "$(q "$mdb" "EXPLAIN QUERY PLAN SELECT * FROM current_surface_run" | grep -o 'INDEX surface_pair' | sed 's/INDEX //' | uniq) $(q "$mdb" "EXPLAIN QUERY PLAN SELECT * FROM current_run" | grep -o 'INDEX run_current' | sed 's/INDEX //' | uniq)"
else
    not_ok "version 8: database built"
fi

# --- version 13 -> 14: stale_result's commands quoted for the shell -----------
# A database with a stale sweep of a bundle and channel whose names hold a
# space, a quote and a $, taken back to version 13 (stale_result as
# schema/012 made it, tests/fixtures/old_views): opened, it is migrated and
# the command is quoted.
qdb=$tmp/v13.db
"$ISOLAB" --db "$qdb" init >/dev/null && "$ISOLAB" --db "$qdb" load "$tmp/odd.sql" >/dev/null \
    && "$ISOLAB" --db "$qdb" sweep removal --bundle "b x'\$y" --channel "c '\$z" >/dev/null \
    && "$ISOLAB" --db "$qdb" load "$tmp/cost.sql" >/dev/null
{ echo "DROP VIEW stale_result;"; cat "$root/tests/fixtures/old_views/v13_stale_result.sql"
  echo "DELETE FROM schema_version WHERE version > 13; PRAGMA user_version = 13;"; } | sqlite3 "$qdb"
check "version 13: its stale_result names the sweep unquoted" "13|isolab sweep removal --bundle b x'\$y --channel c '\$z" \
    "$(q "$qdb" "PRAGMA user_version")|$(q "$qdb" "SELECT command FROM stale_result")"
"$ISOLAB" --db "$qdb" runs >/dev/null 2>&1
check "version 13 migrated: the command quoted for the shell, the rest of the row as it was" \
    "$(q "$tmp/pos.db" "PRAGMA user_version")|removal|b x'\$y|c '\$z|isolab sweep removal --bundle 'b x'\\''\$y' --channel 'c '\\''\$z'" \
    "$(q "$qdb" "PRAGMA user_version")|$(q "$qdb" "SELECT kind, bundle, channel, command FROM stale_result")"
check "version 13 migrated: schema_version records 14 up to the current version, each once" \
    "$(seq 14 "$(q "$tmp/pos.db" "PRAGMA user_version")" | tr '\n' ' ')" \
    "$(q "$qdb" "SELECT version FROM schema_version WHERE version > 13 ORDER BY version" | tr '\n' ' ')"

# --- schema version 14 -> 15: current_focus made cheaper to compile -------
# A database of today taken back to version 14 (current_focus as schema/009
# made it, tests/fixtures/old_views/v8.sql); opening it migrates it, and current_focus gives the rows the old
# view gave, whichever of param's values are set (one lesson with no
# position, so the fallback's order is exercised too).
fdb=$tmp/focus14.db
if "$ISOLAB" --db "$fdb" lesson >/dev/null 2>&1 \
   && "$ISOLAB" --db "$fdb" load tests/fixtures/next_lessons.sql >/dev/null 2>&1; then
    old=$(sed -n '/^CREATE VIEW current_focus AS/,/^  FROM f, p;/p' "$root/tests/fixtures/old_views/v8.sql")
    q "$fdb" "DROP VIEW current_focus; $old DELETE FROM schema_version WHERE version > 14; PRAGMA user_version = 14;"
    sets="SELECT 1 WHERE 0;
UPDATE param SET value = 'common' WHERE key = 'bundle';
UPDATE param SET value = 'test-memory-channel' WHERE key = 'channel';
UPDATE param SET value = 'M03/K04' WHERE key = 'lesson';
UPDATE param SET value = NULL;
UPDATE lesson SET position = NULL WHERE code = 'M03/K05';
DELETE FROM lesson_focus WHERE lesson = 'M03/K04';"
    focus() { printf '%s\n' "$sets" | while IFS= read -r u; do q "$1" "$u SELECT * FROM current_focus;"; done; }
    cp "$fdb" "$tmp/focus14.copy" && focus "$tmp/focus14.copy" >"$tmp/focus14.focus"
    "$ISOLAB" --db "$fdb" runs >/dev/null 2>&1
    check "version 14: migrated" "$(q "$tmp/pos.db" "PRAGMA user_version")" "$(q "$fdb" "PRAGMA user_version")"
    focus "$fdb" >"$tmp/focus15.focus"
    if [ "$(wc -l <"$tmp/focus14.focus")" = 7 ] && cmp -s "$tmp/focus14.focus" "$tmp/focus15.focus"; then
        ok "version 14 migrated: current_focus gives the same rows"
    else not_ok "version 14 migrated: current_focus gives the same rows"; diff "$tmp/focus14.focus" "$tmp/focus15.focus"; fi
else
    not_ok "version 14: database built"
fi

# --- schema version 15 -> 16: stale_result names what-if results ----------
# A database of today with stale results of the model's bundles and of a
# member list, taken back to version 15 (stale_result as schema/017 made
# it, tests/fixtures/old_views, which leaves the list out). Opened, it is migrated: the rows of the
# model's bundles are those the old view gave, in its order, and the
# list's run and sweep are named (rows worked by hand).
vdb=$tmp/v15.db
if "$ISOLAB" --db "$vdb" lesson >/dev/null 2>&1 \
   && "$ISOLAB" --db "$vdb" sweep removal --bundle common --channel system-call-tracing >/dev/null 2>&1 \
   && "$ISOLAB" --db "$vdb" run --members strict,-user-namespace --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$vdb" sweep samples --bundle strict,-user-namespace --channel sampling-profile >/dev/null 2>&1 \
   && "$ISOLAB" --db "$vdb" load "$tmp/cost.sql" >/dev/null 2>&1; then
    { echo "DROP VIEW stale_result;"; cat "$root/tests/fixtures/old_views/v15_stale_result.sql"
      echo "DELETE FROM schema_version WHERE version > 15; PRAGMA user_version = 15;"; } | sqlite3 "$vdb"
    q "$vdb" "SELECT * FROM stale_result" >"$tmp/v15.stale"
    check "version 15: its stale_result leaves the list out" "15|5|0" \
        "$(q "$vdb" "PRAGMA user_version")|$(wc -l <"$tmp/v15.stale" | tr -d ' ')|$(grep -c ',-user-namespace' "$tmp/v15.stale")"
    "$ISOLAB" --db "$vdb" runs >/dev/null 2>&1
    check "version 15: migrated" "$(q "$tmp/pos.db" "PRAGMA user_version")|1" \
        "$(q "$vdb" "PRAGMA user_version")|$(q "$vdb" "SELECT count(*) FROM schema_version WHERE version = 16")"
    q "$vdb" "SELECT * FROM stale_result" >"$tmp/v16.stale"
    if grep -v ',-user-namespace' "$tmp/v16.stale" | cmp -s - "$tmp/v15.stale"; then
        ok "version 15 migrated: the model's bundles' rows as the old view gave them, in its order"
    else not_ok "version 15 migrated: the model's bundles' rows as the old view gave them"; diff "$tmp/v15.stale" "$tmp/v16.stale"; fi
    check "version 15 migrated: the list's sweep and run named" \
"samples|$(q "$vdb" "SELECT max(id) FROM run WHERE kind = 'samples'")|strict,-user-namespace|sampling-profile|isolab sweep samples --bundle strict,-user-namespace --channel sampling-profile
run|$(q "$vdb" "SELECT max(id) FROM run WHERE kind = 'run'")|strict,-user-namespace|sampling-profile|isolab run --members strict,-user-namespace --channel sampling-profile" \
        "$(grep ',-user-namespace' "$tmp/v16.stale")"
else
    not_ok "version 15: database built"
fi

# --- a new kind of run is one row of run_kinds ---------------------------------
# Its scope says how its results go stale, and stale_result, swept_pair,
# lesson_not_run and the stale note follow that row alone: a made-up
# 'survey' of the whole model (scope 'model') and 'census' of one bundle x
# channel (scope 'pair'), each with one run an older model computed,
# written in the sqlite3 shell. The commands are the kinds' own words.
ndb=$tmp/newkind.db
if fresh_db "$ndb" && q "$ndb" "INSERT INTO run_kinds(kind_no, kind, result_tables, command, claims_read, scope)
    VALUES (90, 'survey', '', 'survey', 0, 'model'), (91, 'census', '', 'census', 0, 'pair');
  INSERT INTO run(id, kind, started_at, model_digest)
    VALUES (900, 'survey', '2026-01-01T00:00:00.000Z', 'old'), (901, 'census', '2026-01-01T00:00:00.000Z', 'old');
  INSERT INTO run_param(run_id, key, value) VALUES (901, 'bundle', 'common'), (901, 'channel', 'system-call-tracing');"
then
    check "a kind of scope 'model' and one of scope 'pair': stale_result names each by its row of run_kinds" \
"survey|900|||isolab survey
census|901|common|system-call-tracing|isolab census --bundle common --channel system-call-tracing" \
        "$(q "$ndb" "SELECT * FROM stale_result")"
    check "... swept_pair and lesson_not_run list the 'pair' kind (one line per lesson: never censused)" \
        "census|common|system-call-tracing|2" \
        "$(q "$ndb" "SELECT * FROM swept_pair WHERE kind = 'census'")|$(q "$ndb" "SELECT count(*) FROM lesson_not_run WHERE kind = 'census'")"
    "$ISOLAB" --db "$ndb" report >"$tmp/nk.txt" 2>"$tmp/nk.err"
    check "... the note names their commands, the lesson's tables unchanged" \
        "isolab report: note: some results were computed from an older model than the database holds now and are not shown;
  to bring everything up to date, run: 'isolab --db $ndb census --bundle common --channel system-call-tracing', 'isolab --db $ndb survey'|$(cat "$tmp/lesson.out")" \
        "$(cat "$tmp/nk.err")|$(cat "$tmp/nk.txt")"
else
    not_ok "a database with runs of two made-up kinds"
fi

# --- a kind of scope 'mechanisms' goes stale with what it read ----------------
# A probe written in the sqlite3 shell, of an older model: current while its
# run_scope digest is model_scope's (the facts, mechanisms and bundles as
# they are), stale once it is another; a probe with no run_scope row (an
# isolab before schema version 27) is judged by its model digest alone.
sdb=$tmp/scope.db
if fresh_db "$sdb" && q "$sdb" "INSERT INTO run(id, kind, started_at, model_digest)
    VALUES (910, 'probe', '2026-01-01T00:00:00.000Z', 'old');
  INSERT INTO run_scope(run_id, scope, digest) SELECT 910, scope, digest FROM model_scope WHERE scope = 'mechanisms';"
then
    check "probe scope: run_kinds says 'mechanisms', model_scope holds its digest" "mechanisms|1" \
        "$(q "$sdb" "SELECT scope FROM run_kinds WHERE kind = 'probe'")|$(q "$sdb" "SELECT count(*) FROM model_scope WHERE scope = 'mechanisms' AND length(digest) = 16")"
    check "a probe of an older model that read what the model holds: current, not stale" "probe|910|0" \
        "$(q "$sdb" "SELECT * FROM current_run WHERE kind = 'probe'")|$(q "$sdb" "SELECT count(*) FROM stale_result WHERE kind = 'probe'")"
    q "$sdb" "UPDATE run_scope SET digest = 'another' WHERE run_id = 910"
    check "... that read other mechanisms: stale, with its command" "0|probe|910|||isolab probe" \
        "$(q "$sdb" "SELECT count(*) FROM current_run WHERE kind = 'probe'")|$(q "$sdb" "SELECT * FROM stale_result WHERE kind = 'probe'")"
    q "$sdb" "DELETE FROM run_scope WHERE run_id = 910"
    check "... and with no run_scope row, an older model's: stale" "probe|910|||isolab probe" \
        "$(q "$sdb" "SELECT * FROM stale_result WHERE kind = 'probe'")"
else
    not_ok "a database with a probe written by hand"
fi

# a database of version 19 (run_kinds without scope, no run_retired, as
# schema/020 made them; a what-if run retired by hand cannot be) migrated:
# run_kinds holds the scopes, run_retired is there, and the lesson's stale
# note is as before
mdb=$tmp/v19.db
if cp "$ndb" "$mdb" && q "$mdb" "DELETE FROM run WHERE id >= 900; DROP TABLE run_retired;
    $(sed -n '/^DROP TABLE IF EXISTS run_kinds;$/,/^  (8, /p' "$root/schema/020_run_kinds_title_guard.sql")
    DELETE FROM schema_version WHERE version > 19; PRAGMA user_version = 19;" \
   && "$ISOLAB" --db "$mdb" runs >/dev/null 2>&1; then
    check "version 19 migrated: run_kinds's scopes, run_retired, user_version" \
        "pairs pair pair pair channels none none none none mechanisms none|0|$(q "$ndb" "PRAGMA user_version")" \
        "$(q "$mdb" "SELECT group_concat(scope, ' ') FROM (SELECT scope FROM run_kinds ORDER BY kind_no)")|$(q "$mdb" "SELECT count(*) FROM run_retired")|$(q "$mdb" "PRAGMA user_version")"
else
    not_ok "version 19: database built and opened"
fi

# a database of version 25 (no lesson_table, lesson_report without
# own_position, as schema/028 left them) migrated: the table is there, the
# view has its column, and the lesson prints as before
mdb=$tmp/v25.db
if "$ISOLAB" --db "$mdb" lesson >/dev/null 2>&1 \
   && q "$mdb" "DROP VIEW lesson_report; DROP TABLE lesson_table;
    DELETE FROM schema_version WHERE version > 25; PRAGMA user_version = 25;" \
   && "$ISOLAB" --db "$mdb" report >"$tmp/v25.txt" 2>/dev/null; then
    check "version 25 migrated: lesson_table, lesson_report's own_position, user_version" \
        "1|1|$(q "$ndb" "PRAGMA user_version")" \
        "$(q "$mdb" "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'lesson_table'")|$(q "$mdb" "SELECT count(*) FROM pragma_table_info('lesson_report') WHERE name = 'own_position'")|$(q "$mdb" "PRAGMA user_version")"
    if cmp -s "$tmp/v25.txt" "$root/tests/expected/lesson.txt"; then ok "version 25 migrated: the lesson's report as before"
    else not_ok "version 25 migrated: the lesson's report as before"; fi
else
    not_ok "version 25: database built and opened"
fi


# a database of version 26 (run_kinds without the scope 'mechanisms', no
# run_scope or model_scope, as schema/029 left them), with a probe of the
# model as it is and a bundles sweep of it: migrated, the tables are there,
# and the probe and each channel of the sweep (no run_scope row says what
# they read) are current by their model digest
mdb=$tmp/v26.db
if fresh_db "$mdb" && q "$mdb" "DROP TABLE run_scope; DROP TABLE model_scope;
    $(sed -n '/^DROP TABLE IF EXISTS run_kinds;$/,/^);$/p' "$root/schema/024_kind_scope_retired.sql")
    INSERT INTO run(id, kind, started_at, model_digest)
    SELECT 920, 'probe', '2026-01-01T00:00:00.000Z', digest FROM model_state;
    INSERT INTO run(id, kind, started_at, model_digest)
    SELECT 921, 'bundles', '2026-01-01T00:00:00.000Z', digest FROM model_state;
    INSERT INTO bundle_sweep_channel(run_id, channel_id, channel) VALUES (921, 0, NULL), (921, 1, 'sampling-profile');
    DELETE FROM schema_version WHERE version > 26; PRAGMA user_version = 26;" \
   && "$ISOLAB" --db "$mdb" runs >/dev/null 2>&1; then
    check "version 26 migrated: run_scope, model_scope, the probe's scope, user_version" \
        "2|mechanisms|$(q "$ndb" "PRAGMA user_version")" \
        "$(q "$mdb" "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('run_scope', 'model_scope')")|$(q "$mdb" "SELECT scope FROM run_kinds WHERE kind = 'probe'")|$(q "$mdb" "PRAGMA user_version")"
    check "... its probe current, by its model digest" "probe|920" "$(q "$mdb" "SELECT * FROM current_run WHERE kind = 'probe'")"
    check "... its bundles sweep current under no channel and sampling-profile" "921|0|
921|1|sampling-profile" "$(q "$mdb" "SELECT * FROM current_bundle_sweep ORDER BY channel_id")"
    q "$mdb" "UPDATE channel SET cost_pct = cost_pct + 1 WHERE name = 'sampling-profile'"
    "$ISOLAB" --db "$mdb" report bundle_smallest >/dev/null 2>&1
    check "... the model changed: the sweep judged by its model digest, every channel stale; model_scope a row per channel and none" \
        "0|2|$(($(q "$mdb" "SELECT count(*) FROM channel") + 1))" \
        "$(q "$mdb" "SELECT count(*) FROM current_bundle_sweep")|$(q "$mdb" "SELECT count(*) FROM stale_result WHERE kind = 'bundles'")|$(q "$mdb" "SELECT count(*) FROM model_scope WHERE scope = 'channels'")"
else
    not_ok "version 26: database built and opened"
fi

finish
