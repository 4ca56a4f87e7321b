#!/bin/sh
# Tests for 'isolab runs' and 'isolab diff': the run list with each run's
# row count, and what differs between two runs after a seed change (counts,
# facts moved in or out of the open surface, sweep rows, claim outcomes).
. "$(dirname "$0")/../lib/shlib.sh"

db=$tmp/history.db
fresh_db "$db"
check "database with runs" 0 $?

# 3 bundles x 2 channels = 6 surfaces, each with 24 fact statuses: 150 rows;
# 4 sample counts; removal: baseline + 24 facts; addition: baseline + 9 axes;
# 43 claims.
check "runs: kind, status and rows of each run" "1 run done 150
2 samples done 4
3 removal done 25
4 addition done 10
5 check done 43" "$("$ISOLAB" --db "$db" runs --all | awk 'NR > 2 { print $1, $2, $4, $6 }')"
check "runs: 'check' runs only with --all or --kind check" "1 2 3 4" "$("$ISOLAB" --db "$db" runs | awk 'NR > 2 { print $1 }' | tr '\n' ' ' | sed 's/ $//')"
check "runs: the header (column names read as labels), then a rule" "id kind started at status model digest rows
-- -------- ------------------------ ------ ---------------- ----" \
    "$("$ISOLAB" --db "$db" runs | head -n 2 | tr -s ' ')"
check "runs --kind check" "5" "$("$ISOLAB" --db "$db" runs --kind check | awk 'NR > 2 { print $1 }')"
check "runs: the model digest is the run's" "$(q "$db" "SELECT model_digest FROM run WHERE id = 1")" \
    "$("$ISOLAB" --db "$db" runs | awk '$1 == 1 { print $5 }')"

# An empty list says why on stderr (a table only: csv and json stay what a
# parser expects: the header alone, an empty array).
edb="$tmp/no runs.db"
"$ISOLAB" --db "$edb" init >/dev/null
"$ISOLAB" --db "$edb" runs >"$tmp/out.txt" 2>"$tmp/err.txt"
check "runs on a database without runs: exit 0, the header, a note naming what to run (quoted)" \
    "0|2|isolab runs: note: $edb: no runs yet: run \"isolab --db '$edb' lesson\"" \
    "$?|$(wc -l <"$tmp/out.txt" | tr -d ' ')|$(cat "$tmp/err.txt")"
"$ISOLAB" --db "$edb" runs --kind removal >/dev/null 2>"$tmp/err.txt"
check "runs --kind with nothing chosen: the note says no run matches" \
    "isolab runs: note: no run matches the options given" "$(cat "$tmp/err.txt")"
"$ISOLAB" --db "$edb" runs --format json >"$tmp/out.txt" 2>"$tmp/err.txt"
check "runs --format json without runs: an empty array, nothing on stderr" "0|[]|" \
    "$?|$(python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)))' <"$tmp/out.txt")|$(cat "$tmp/err.txt")"
"$ISOLAB" --db "$edb" runs --format csv >"$tmp/out.txt" 2>"$tmp/err.txt"
check "runs --format csv without runs: the header alone, nothing on stderr" \
    "0|id,kind,started_at,finished_at,status,model_digest,rows,argv,note|" "$?|$(cat "$tmp/out.txt")|$(cat "$tmp/err.txt")"
"$ISOLAB" --db "$edb" check >/dev/null 2>&1
"$ISOLAB" --db "$edb" runs >/dev/null 2>"$tmp/err.txt"
check "runs with check runs alone: the note says --all lists them" \
    "isolab runs: note: $edb: no runs yet but checks (\"isolab --db '$edb' runs --all\" lists them): run \"isolab --db '$edb' lesson\"" \
    "$(cat "$tmp/err.txt")"

# The profile shows memory-used instead of cpu-share: under common and strict
# (control group closes both) cpu-share no longer returns and memory-used
# does; the counts stay; under plain both stay visible.
printf "DELETE FROM channel_fact WHERE channel = 'sampling-profile' AND fact = 'cpu-share';\nINSERT INTO channel_fact(channel, fact, position) VALUES ('sampling-profile', 'memory-used', 1);\n" >"$tmp/swap.sql"
"$ISOLAB" --db "$db" load "$tmp/swap.sql" >/dev/null
"$ISOLAB" --db "$db" lesson >/dev/null 2>&1
check "diff of two surface runs names the model's change, then the facts that moved" "model: channel sampling-profile facts cpu-share,cpu-count,system-load -> memory-used,cpu-count,system-load
~ common x sampling-profile: same counts
    lost:   cpu-share (returns -> closed)
    gained: memory-used (closed -> returns)
~ strict x sampling-profile: same counts
    lost:   cpu-share (returns -> closed)
    gained: memory-used (closed -> returns)
2 differences from run 1 to run 6, after 1 change in the model" "$("$ISOLAB" --db "$db" diff 1 6)"
# Removal sweep: removing cpu-share no longer lowers the return (1 stays,
# open surface 11), removing memory-used now does (0, open surface 10).
check "diff of two removal sweeps: rows only in A, only in B" "model: channel sampling-profile facts cpu-share,cpu-count,system-load -> memory-used,cpu-count,system-load
- removal_sweep: bundle='strict', channel='sampling-profile', removed_fact='cpu-share', position=13, visible=10, returned=0, open_surface=10, open_axes=7
- removal_sweep: bundle='strict', channel='sampling-profile', removed_fact='memory-used', position=15, visible=10, returned=1, open_surface=11, open_axes=7
+ removal_sweep: bundle='strict', channel='sampling-profile', removed_fact='cpu-share', position=13, visible=10, returned=1, open_surface=11, open_axes=7
+ removal_sweep: bundle='strict', channel='sampling-profile', removed_fact='memory-used', position=15, visible=10, returned=0, open_surface=10, open_axes=7
4 differences from run 3 to run 8, after 1 change in the model" "$("$ISOLAB" --db "$db" diff 3 8)"
check "diff of two identical sample sweeps (of two models)" "model: channel sampling-profile facts cpu-share,cpu-count,system-load -> memory-used,cpu-count,system-load
0 differences from run 2 to run 7, after 1 change in the model" "$("$ISOLAB" --db "$db" diff 2 7)"
said=$("$ISOLAB" --db "$db" diff 1 999 2>&1 >"$db.out")
check "diff with a run that does not exist: exit 3 naming it, nothing on stdout" "3 isolab diff: no run 999|" \
    "$? $said|$(cat "$db.out")"
# Claims on cpu-share fail now: the returned fact, the removal sweep's
# "only cpu-share lowers the return" and "without it the surface is 10".
check "diff of two checks: the claims whose outcome changed (pass out, fail in)" \
    "- pass profile-returned-fact removal-cpu-share removal-lowers-return
+ fail profile-returned-fact removal-cpu-share removal-lowers-return" \
    "$("$ISOLAB" --db "$db" diff 5 10 \
       | sed -n "s/^\([-+]\) claim_result: lesson='M03\/K05', claim='\([^']*\)', outcome='\([a-z]*\)'.*/\1 \3 \2/p" \
       | awk '{ k = $1 " " $2; if (!(k in a)) o[++n] = k; a[k] = a[k] " " $3 } END { for (i = 1; i <= n; i++) print o[i] a[o[i]] }')"

# A cost change only changes counts; a new channel is only in the new run.
printf "UPDATE channel SET cost_pct = 5 WHERE name = 'system-call-tracing';\nINSERT INTO channel(name, lesson, cost_pct) VALUES ('extra', NULL, 1);\nINSERT INTO channel_fact(channel, fact) VALUES ('extra', 'clock');\n" >"$tmp/cost.sql"
"$ISOLAB" --db "$db" load "$tmp/cost.sql" >/dev/null && "$ISOLAB" --db "$db" run >/dev/null
check "diff: the model's changes, changed counts, and pairs only the new run has" "model: + channel extra at 1 % showing clock
model: channel system-call-tracing cost_pct 34 -> 5
+ common x extra: only in run 11
~ common x system-call-tracing: cost 34.0 -> 5.0, run time 1340 -> 1050, cost per fact 17.0 -> 2.5
+ plain x extra: only in run 11
~ plain x system-call-tracing: cost 34.0 -> 5.0, run time 1340 -> 1050
+ strict x extra: only in run 11
~ strict x system-call-tracing: cost 34.0 -> 5.0, run time 1340 -> 1050, cost per fact 17.0 -> 2.5
6 differences from run 6 to run 11, after 2 changes in the model" "$("$ISOLAB" --db "$db" diff 6 11)"

# The facts that moved, against the same question asked by the sqlite3
# shell of the fact_status view, on a synthetic model changed between runs
# (axes taken from mechanisms, facts left open, a fact added, a bundle
# dropped) and with a run of one bundle: runs whose bundle, channel and fact
# ids differ. Only the moved-fact lines (indented), as sets.
mkdir "$tmp/synth"
cp tests/synth/100_synthetic_model.sql "$tmp/synth/"
printf '%s\n' "CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);" \
    "INSERT OR REPLACE INTO synth_param(key, value) VALUES ('facts', 300), ('mechanisms', 12), ('channels', 3);" \
    >"$tmp/synth/050_params.sql"
sdb=$tmp/synth.db
"$ISOLAB" --db "$sdb" init --seeds "$tmp/synth" >/dev/null
"$ISOLAB" --db "$sdb" run >/dev/null
printf '%s\n' "DELETE FROM mechanism_axis WHERE mechanism IN ('mech-03', 'mech-08');" \
    "INSERT OR IGNORE INTO left_open SELECT 'mech-05', name FROM fact WHERE position % 7 = 0;" \
    "INSERT INTO fact(position, name, axis) VALUES (301, 'fact-zzz', 'axis-005');" \
    "DELETE FROM bundle_member WHERE bundle = 'reversed'; DELETE FROM bundle WHERE name = 'reversed';" >"$tmp/change.sql"
"$ISOLAB" --db "$sdb" load "$tmp/change.sql" >/dev/null
"$ISOLAB" --db "$sdb" run >/dev/null
"$ISOLAB" --db "$sdb" run --bundle all >/dev/null
moved_sql() {
    echo "WITH fa AS (SELECT * FROM fact_status WHERE run_id = $1), fb AS (SELECT * FROM fact_status WHERE run_id = $2),
      k AS (SELECT bundle, channel, fact FROM fa UNION SELECT bundle, channel, fact FROM fb),
      j AS (SELECT k.*, a.status AS sa, b.status AS sb FROM k
              LEFT JOIN fa a ON a.bundle = k.bundle AND a.channel = k.channel AND a.fact = k.fact
              LEFT JOIN fb b ON b.bundle = k.bundle AND b.channel = k.channel AND b.fact = k.fact),
      p AS (SELECT bundle, channel FROM surface WHERE run_id = $1 INTERSECT SELECT bundle, channel FROM surface WHERE run_id = $2)
    SELECT CASE WHEN coalesce(sa <> 'closed', 0) THEN '    lost:   ' ELSE '    gained: ' END || fact
           || ' (' || coalesce(sa, 'absent') || ' -> ' || coalesce(sb, 'absent') || ')'
      FROM j JOIN p ON p.bundle = j.bundle AND p.channel = j.channel
     WHERE coalesce(sa <> 'closed', 0) <> coalesce(sb <> 'closed', 0)"
}
for pair in "1 2" "2 1" "1 3" "3 2"; do
    set -- $pair
    sqlite3 "$sdb" "$(moved_sql "$1" "$2")" | LC_ALL=C sort >"$tmp/want.txt"
    "$ISOLAB" --db "$sdb" diff "$1" "$2" | grep '^    ' | LC_ALL=C sort >"$tmp/got.txt"
    check "diff $1 $2: the moved facts are those SQL finds ($(wc -l <"$tmp/want.txt"))" \
        "$(cat "$tmp/want.txt")" "$(cat "$tmp/got.txt")"
    cat "$tmp/want.txt" >>"$tmp/all_moved.txt"
done
check "... and there are some to find" 1 "$([ -s "$tmp/all_moved.txt" ] && echo 1)"

"$ISOLAB" --db "$db" diff 1 2 >/dev/null 2>"$tmp/e.txt"
check "diff of runs of two kinds exits 3" 3 $?
check "... and says so" "isolab diff: run 1 is a 'run' run and run 2 a 'samples' run; compare runs of one kind" "$(cat "$tmp/e.txt")"
"$ISOLAB" --db "$db" diff 1 99 >/dev/null 2>&1
check "diff of a missing run exits 3" 3 $?
# With rows for scripts (csv, tsv), a bad pair writes nothing at all, not
# even the header: a script reading stdout sees no half of a result.
for f in csv tsv json ndjson; do
    said=$("$ISOLAB" --db "$db" diff 1 99 --format $f 2>&1 >"$tmp/d.out")
    check "diff --format $f of a missing run: exit 3, nothing on stdout" "3 isolab diff: no run 99|" "$? $said|$(cat "$tmp/d.out")"
    said=$("$ISOLAB" --db "$db" diff 1 2 --format $f 2>/dev/null >"$tmp/d.out")
    check "diff --format $f of runs of two kinds: exit 3, nothing on stdout" "3|" "$?|$(cat "$tmp/d.out")"
done
check "diff --format csv of a good pair still starts with its header" \
    "change,what,kind,name,bundle,channel,attribute,before,after" \
    "$("$ISOLAB" --db "$db" diff 2 7 --format csv 2>/dev/null | head -n 1)"
"$ISOLAB" --db "$db" diff 1 x >/dev/null 2>&1
check "diff of a run id that is no number exits 2" 2 $?

finish
