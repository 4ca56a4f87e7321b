#!/bin/sh
# Tests for 'isolab sweep bundles' end to end and for the synthetic model
# generator (tests/synth). The sweep is checked against 'isolab run', which
# computes each named bundle in its own order with the surface engine:
#   - the lesson's model: plain, common and strict x both channels (strict
#     applies user-namespace out of table order; the lesson's mechanisms
#     touch disjoint facts, so order cannot change it: test_powerset.c
#     checks that premise);
#   - a synthetic model whose mechanisms share axes and leave open facts of
#     other axes: plain and all (every mechanism in position order, the
#     power set's order for the full mask).
# Also: the limit of 30 mechanisms, nothing written on failure, no progress
# output when stderr is not a terminal, and the generator's shape.
#
# POSIX sh; env ISOLAB = the binary. Last line "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"


# synth_db DB "('facts', N), ..." : a synthetic model with these parameters
synth_db() {
    rm -rf "$tmp/seeds"
    mkdir "$tmp/seeds"
    cp tests/synth/100_synthetic_model.sql "$tmp/seeds/"
    printf '%s\n' "CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);" \
        "INSERT OR REPLACE INTO synth_param(key, value) VALUES $2;" >"$tmp/seeds/050_params.sql"
    "$ISOLAB" --db "$1" init --seeds "$tmp/seeds" >/dev/null
}

# The surface rows of the latest 'run' run that differ from the bundle sweep
# row of the same bundle (mask of its members' bits) and channel, in the
# latest 'bundles' run; and how many were compared. Ends in a WHERE clause
# that a caller may extend with "AND ...".
AGREE="
WITH r AS (SELECT max(id) AS id FROM run WHERE kind = 'run'),
     b AS (SELECT max(id) AS id FROM run WHERE kind = 'bundles'),
masks AS (
  SELECT x.name AS bundle, coalesce(sum(1 << m.bit), 0) AS mask
    FROM bundle x
    LEFT JOIN bundle_member bm ON bm.bundle = x.name
    LEFT JOIN bundle_sweep_mechanism m ON m.run_id = (SELECT id FROM b) AND m.mechanism = bm.mechanism
   GROUP BY x.name
)
SELECT count(*),
       sum(w.visible IS NOT s.visible OR w.returned IS NOT s.returned
           OR w.open_surface IS NOT s.open_surface OR w.open_axes IS NOT s.open_axes)
  FROM surface s
  JOIN r ON s.run_id = r.id
  JOIN masks k ON k.bundle = s.bundle
  LEFT JOIN bundle_sweep_named w ON w.run_id = (SELECT id FROM b) AND w.channel = s.channel AND w.mask = k.mask
 WHERE 1"

# --- the lesson's model ----------------------------------------------------
db=$tmp/lesson.db
"$ISOLAB" --db "$db" init >/dev/null
"$ISOLAB" --db "$db" run >/dev/null
if "$ISOLAB" --db "$db" sweep bundles >"$tmp/out.txt" 2>"$tmp/err.txt"; then
    ok "lesson: sweep bundles runs"
else
    not_ok "lesson: sweep bundles runs"; cat "$tmp/err.txt"
fi
check "lesson: nothing on stderr when it is not a terminal" "" "$(cat "$tmp/err.txt")"
check "lesson: 2^8 bundles x (2 channels + none) rows" 768 "$(q "$db" 'SELECT count(*) FROM bundle_sweep')"
check "lesson: plain, common, strict x 2 channels agree with run" "6|0" "$(q "$db" "$AGREE")"
check "lesson: strict, no channel: 14 of 24 closed, 7 axes open" "10|0|10|7" \
    "$(q "$db" "SELECT visible, returned, open_surface, open_axes FROM bundle_sweep_named WHERE channel = '' AND size = 8")"
check "lesson: report bundle_smallest prints a line per channel and none" 3 \
    "$("$ISOLAB" --db "$db" report bundle_smallest | wc -l | tr -d ' ')"

# a failure part-way leaves no trace of the run: the log may grow to 32 KiB
# (32 blocks: KiB in dash and bash; SIGXFSZ ignored, a write past
# it fails), and the sweep writes some 70 KiB of it
(ulimit -f 32 && trap '' XFSZ && "$ISOLAB" --db "$db" sweep bundles >/dev/null 2>"$tmp/err.txt")
rc=$?
if [ "$rc" -eq 4 ] && grep -q 'File too large' "$tmp/err.txt"; then
    ok "lesson: a write failing part-way fails the sweep, saying why"
else
    not_ok "lesson: a write failing part-way fails the sweep (exit $rc)"; cat "$tmp/err.txt"
fi
check "lesson: the failed sweep left no run and no rows" "1|768|8|3" \
    "$(q "$db" "SELECT (SELECT count(*) FROM run WHERE kind = 'bundles'), (SELECT count(*) FROM bundle_sweep),
                       (SELECT count(*) FROM bundle_sweep_mechanism), (SELECT count(*) FROM bundle_sweep_channel)")"
# a trigger of the database's own on isolab's table is refused before anything
q "$db" "CREATE TRIGGER stop_sweep BEFORE INSERT ON bundle_sweep WHEN NEW.mask = 100
         BEGIN SELECT RAISE(ABORT, 'stopped by the test'); END;"
"$ISOLAB" --db "$db" sweep bundles >/dev/null 2>"$tmp/err.txt"
rc=$?
if [ "$rc" -eq 4 ] && grep -q "trigger 'stop_sweep' on isolab's table 'bundle_sweep'" "$tmp/err.txt"; then
    ok "lesson: a trigger of the database's own on bundle_sweep refuses the sweep, named"
else
    not_ok "lesson: a trigger of the database's own on bundle_sweep refuses the sweep (exit $rc)"; cat "$tmp/err.txt"
fi
check "lesson: the failed sweep left no run and no rows" "1|768|8|3" \
    "$(q "$db" "SELECT (SELECT count(*) FROM run WHERE kind = 'bundles'), (SELECT count(*) FROM bundle_sweep),
                       (SELECT count(*) FROM bundle_sweep_mechanism), (SELECT count(*) FROM bundle_sweep_channel)")"

# --- the synthetic model: order matters, agreement with run ----------------
db=$tmp/synth.db
synth_db "$db" "('facts', 300), ('axes', 12), ('mechanisms', 9), ('channels', 3), ('shows', 20)"
check "synthetic: facts, axes, mechanisms, channels as asked" "300|12|9|3" \
    "$(q "$db" "SELECT (SELECT count(*) FROM fact), (SELECT count(*) FROM axis), (SELECT count(*) FROM mechanism),
                       (SELECT count(*) FROM channel)")"
"$ISOLAB" --db "$db" run >/dev/null
"$ISOLAB" --db "$db" sweep bundles >/dev/null
check "synthetic: 2^9 x 4 rows" 2048 "$(q "$db" 'SELECT count(*) FROM bundle_sweep')"
check "synthetic: plain and all x 3 channels agree with run" "6|0" \
    "$(q "$db" "$AGREE AND s.bundle IN ('plain', 'all')")"
check "synthetic: the order of mechanisms matters (reversed differs from all)" 1 \
    "$(q "$db" "SELECT count(*) > 0 FROM surface a JOIN surface r ON r.run_id = a.run_id AND r.channel = a.channel
                 WHERE a.bundle = 'all' AND r.bundle = 'reversed' AND a.open_surface <> r.open_surface")"
check "synthetic: some channel returns facts under some bundle" 1 \
    "$(q "$db" 'SELECT max(returned) > 0 FROM bundle_sweep')"

# --- the generator at its largest ------------------------------------------
db=$tmp/big.db
synth_db "$db" "('facts', 10000), ('axes', 60), ('mechanisms', 24), ('channels', 4)"
check "generator: 10000 facts, 60 axes, 24 mechanisms, 4 channels" "10000|60|24|4" \
    "$(q "$db" "SELECT (SELECT count(*) FROM fact), (SELECT count(*) FROM axis), (SELECT count(*) FROM mechanism),
                       (SELECT count(*) FROM channel)")"
check "generator: some axes are closed by more than one mechanism" 1 \
    "$(q "$db" "SELECT count(*) > 0 FROM (SELECT axis FROM mechanism_axis GROUP BY axis HAVING count(*) > 1)")"
check "generator: some left-open facts lie outside their mechanism's axes" 1 \
    "$(q "$db" "SELECT count(*) > 0 FROM left_open l JOIN fact f ON f.name = l.fact
                 WHERE f.axis NOT IN (SELECT axis FROM mechanism_axis x WHERE x.mechanism = l.mechanism)")"
check "generator: every channel shows facts" 0 \
    "$(q "$db" "SELECT count(*) FROM channel c WHERE NOT EXISTS (SELECT 1 FROM channel_fact x WHERE x.channel = c.name)")"
"$ISOLAB" --db "$db" sweep bundles --mechanisms mech-03,mech-01,mech-24 --channel channel-02 >/dev/null
check "generator: a chosen sweep on 10000 facts: bits in mechanism order" "0|mech-01 1|mech-03 2|mech-24" \
    "$(q "$db" "SELECT bit || '|' || mechanism FROM bundle_sweep_mechanism ORDER BY bit" | tr '\n' ' ' | sed 's/ $//')"

# --- more than 30 mechanisms -----------------------------------------------
db=$tmp/many.db
synth_db "$db" "('facts', 100), ('axes', 10), ('mechanisms', 31), ('channels', 1)"
"$ISOLAB" --db "$db" sweep bundles >/dev/null 2>"$tmp/err.txt"
check "31 mechanisms: refused as bad input (exit 3)" 3 "$?"
if grep -q '31 mechanisms chosen, but at most 30' "$tmp/err.txt" && grep -q -- '--mechanisms' "$tmp/err.txt"; then
    ok "31 mechanisms: the message gives the count, the limit and the way out"
else
    not_ok "31 mechanisms: the message"; cat "$tmp/err.txt"
fi
check "31 mechanisms: no run written" 0 "$(q "$db" 'SELECT count(*) FROM run')"
"$ISOLAB" --db "$db" sweep bundles --mechanisms mech-31,mech-01 >/dev/null
check "31 mechanisms: choosing two of them works" 8 "$(q "$db" 'SELECT count(*) FROM bundle_sweep')"

# --- diff of two bundle sweeps: rows looked up, not spilled to disk ---------
# Two sweeps of 14 mechanisms (2 x 2^14 x 2 rows): comparing them by key
# needs no temporary file; under a 2 MiB file-size limit (ulimit -f, SIGXFSZ
# ignored so that a write past it fails) a sort spilled to disk would fail.
db=$tmp/diff.db
synth_db "$db" "('facts', 300), ('axes', 12), ('mechanisms', 14), ('channels', 1)"
"$ISOLAB" --db "$db" sweep bundles >/dev/null
"$ISOLAB" --db "$db" sweep bundles >/dev/null
out=$( (trap '' XFSZ; ulimit -f 2048; "$ISOLAB" --db "$db" diff 1 2 2>&1); echo "exit $?")
check "diff of two 14-mechanism sweeps within a 2 MiB file limit" "0 differences from run 1 to run 2
exit 0" "$out"
# one row changed in run 2: one line for it in each run, the rest the same
q "$db" "UPDATE bundle_sweep SET visible = visible + 1 WHERE run_id = 2 AND mask = 5 AND channel_id = 0" >/dev/null
out=$( (trap '' XFSZ; ulimit -f 2048; "$ISOLAB" --db "$db" diff 1 2 2>&1); echo "exit $?")
printf '%s\n' "$out" >"$tmp/diff.txt"
check "diff: one changed sweep row is one - and one + line" "1|1|2 differences from run 1 to run 2|exit 0" \
    "$(grep -c '^- bundle_sweep: ' "$tmp/diff.txt")|$(grep -c '^+ bundle_sweep: ' "$tmp/diff.txt")|$(sed -n '$!p' "$tmp/diff.txt" | tail -1)|$(tail -1 "$tmp/diff.txt")"
# --- a full temporary directory is named as such ---------------------------
# Sweeps of two different sets of 13 mechanisms are compared by name, which
# sorts in SQLite's temporary directory; pointed (SQLITE_TMPDIR) at a 64 KiB
# tmpfs it fills while the database's disk has room. Needs mount (root);
# without it this part is said to be skipped.
db=$tmp/temp.db
synth_db "$db" "('facts', 300), ('axes', 12), ('mechanisms', 14), ('channels', 1)"
first=$(q "$db" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position LIMIT 13)")
last=$(q "$db" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position LIMIT 13 OFFSET 1)")
"$ISOLAB" --db "$db" sweep bundles --mechanisms "$first" >/dev/null
"$ISOLAB" --db "$db" sweep bundles --mechanisms "$last" >/dev/null
mkdir "$tmp/small"
if mount -t tmpfs -o size=64k tmpfs "$tmp/small" 2>/dev/null; then
    SQLITE_TMPDIR=$tmp/small "$ISOLAB" --db "$db" diff 1 2 >/dev/null 2>"$tmp/err.txt"
    rc=$?
    umount "$tmp/small"
    check "full temporary directory: exit 4" 4 "$rc"
    check "full temporary directory: named, not the database's disk" \
        "isolab diff: $db: the temporary directory $tmp/small is full (comparing runs; the database's disk has room); nothing of it was written; point SQLITE_TMPDIR (or TMPDIR) at a directory with room" \
        "$(cat "$tmp/err.txt")"
else
    echo "skip - full temporary directory: cannot mount a small tmpfs here"
fi

# --- a channel's rows stay current while what they read is unchanged --------
# A sweep's rows under a channel read the mechanisms (with the facts and the
# bundles) and that channel; under no channel the mechanisms alone. Loading
# a lesson that brings channels of its own leaves the lesson's rows as they
# were, shown, with no note; the new channels have no rows (missing, with
# the command that computes them). A channel's cost changed makes its rows
# stale (the others stay); a mechanism changed makes every row stale.
db=$tmp/scope.db
"$ISOLAB" --db "$db" lesson >/dev/null 2>&1
"$ISOLAB" --db "$db" sweep bundles >/dev/null
for v in bundle_smallest bundle_frontier bundle_marginal; do
    "$ISOLAB" --db "$db" report "$v" --format csv >"$tmp/before.$v"
done
"$ISOLAB" --db "$db" report plot_frontier --format csv >"$tmp/before.plot"
"$ISOLAB" --db "$db" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1
new=$(q "$db" "SELECT group_concat(name, ',') FROM channel WHERE lesson = 'M03/K06'")
[ -n "$new" ] || not_ok "the tracing lesson brings channels of its own"
for v in bundle_smallest bundle_frontier bundle_marginal; do
    "$ISOLAB" --db "$db" report "$v" --format csv >"$tmp/after.$v" 2>"$tmp/after.$v.err"
    if cmp -s "$tmp/before.$v" "$tmp/after.$v" && [ "$(wc -l <"$tmp/after.$v")" -gt 2 ]; then
        ok "a lesson of channels loaded after the sweep: $v prints every row it printed"
    else not_ok "a lesson of channels loaded after the sweep: $v prints every row it printed"
        diff "$tmp/before.$v" "$tmp/after.$v"; fi
    if [ -s "$tmp/after.$v.err" ]; then not_ok "... and no note ($v)"; cat "$tmp/after.$v.err"
    else ok "... and no note ($v)"; fi
done
"$ISOLAB" --db "$db" report --lesson M03/K05 >/dev/null 2>"$tmp/report.err"
check "report --lesson M03/K05: no note asks for a bundles sweep" 0 "$(grep -c 'sweep bundles' "$tmp/report.err")"
"$ISOLAB" --db "$db" report plot_frontier --format csv >"$tmp/after.plot"
if cmp -s "$tmp/before.plot" "$tmp/after.plot"; then ok "... plot_frontier of sampling-profile as before"
else not_ok "... plot_frontier of sampling-profile as before"; fi
check "... no stale result of the sweep, no row for the new channels" "0|0" \
    "$(q "$db" "SELECT count(*) FROM stale_result WHERE kind = 'bundles'")|$(q "$db" "SELECT count(*) FROM bundle_smallest WHERE ',$new,' LIKE '%,' || channel || ',%'")"
check "... the new lesson's channel: bundles missing, with the command that computes it" "bundles||isolab sweep bundles" \
    "$("$ISOLAB" --db "$db" report missing_result --lesson M03/K06 --format csv | awk -F, '$2 == "bundles" { print $2 "|" $3 "|" $4 }' | tr -d '"')"
"$ISOLAB" --db "$db" plot frontier --lesson M03/K06 -o "$tmp/f.svg" >/dev/null 2>"$tmp/plot.err"
check "... plot frontier of the new lesson names the sweep" 1 "$(grep -c "run 'isolab --db [^ ]* sweep bundles' first" "$tmp/plot.err")"
# what sampling-profile's rows read changed: its cost
cp "$db" "$tmp/cost.db"
q "$tmp/cost.db" "UPDATE channel SET cost_pct = cost_pct + 1 WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$tmp/cost.db" report bundle_smallest --format csv >"$tmp/cost.out" 2>"$tmp/cost.err"
check "sampling-profile's cost changed: its rows stale, not shown; the others shown" \
    "bundles|sampling-profile|0|$(grep -vc 'sampling-profile' "$tmp/before.bundle_smallest")" \
    "$(q "$tmp/cost.db" "SELECT kind || '|' || channel FROM stale_result WHERE kind = 'bundles'")|$(grep -c 'sampling-profile' "$tmp/cost.out")|$(wc -l <"$tmp/cost.out" | tr -d ' ')"
check "... and the note names the sweep" 1 "$(grep -c "'isolab --db [^ ]*cost.db sweep bundles'" "$tmp/cost.err")"
# what every row read changed: a mechanism's left-open fact
q "$db" "INSERT INTO left_open(mechanism, fact) VALUES ('control-group', 'clock')"
"$ISOLAB" --db "$db" report bundle_smallest --format csv >"$tmp/mech.out" 2>"$tmp/mech.err"
check "a mechanism changed: every row stale (the header alone), each channel swept stale" \
    "1|$(q "$db" "SELECT count(*) FROM bundle_sweep_channel WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')")" \
    "$(wc -l <"$tmp/mech.out" | tr -d ' ')|$(q "$db" "SELECT count(*) FROM stale_result WHERE kind = 'bundles'")"
check "... and the note names the sweep" 1 "$(grep -c "'isolab --db [^ ]*scope.db sweep bundles'" "$tmp/mech.err")"

# A sweep of 2^20 rows or more says its size before it starts (rows: every
# bundle x (channels + none); about 32 bytes a row): 20 mechanisms under
# one channel (2^20 x 2 rows), 19 under one (2^19 x 2), 21 under one; 18 under
# one (2^19 rows) says nothing. The file is held small (ulimit -f), so
# each sweep stops soon after.
db=$tmp/announce.db
synth_db "$db" "('facts', 40), ('axes', 4), ('mechanisms', 21), ('channels', 1)"
nc=$(q "$db" "SELECT count(*) FROM channel")
first=$(q "$db" "SELECT name FROM channel ORDER BY position LIMIT 1")
# sweep N [OPTION...]: the first line a sweep of the first N mechanisms says on stderr
sweep() {
    list=$(q "$db" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position LIMIT $1)")
    shift
    (ulimit -f 256; trap '' XFSZ; "$ISOLAB" --db "$db" sweep bundles --mechanisms "$list" "$@" >/dev/null 2>"$tmp/big.err")
    head -n 1 "$tmp/big.err"
}
# note M C: the note of M mechanisms and C channels
note() {
    rows=$(( (1 << $1) * ($2 + 1) ))
    echo "isolab sweep bundles: note: 2^$1 = $((1 << $1)) bundles x $2 channel$([ "$2" = 1 ] || echo s) and no channel: $rows rows to write, about $(( (rows * 32 + 999999) / 1000000 )) MB of $db; this takes a while"
}
check "sweep bundles of 21 mechanisms: its rows and size said first" "$(note 21 "$nc")" "$(sweep 21)"
check "sweep bundles of 20 mechanisms and one channel (2^21 rows): said" "$(note 20 1)" \
    "$(sweep 20 --channel "$first")"
check "sweep bundles of 19 mechanisms and one channel (2^20 rows): said" "$(note 19 1)" "$(sweep 19 --channel "$first")"
check "sweep bundles of 18 mechanisms and one channel (2^19 rows): no such note" 0 \
    "$(sweep 18 --channel "$first" | grep -c 'rows to write')"

finish
