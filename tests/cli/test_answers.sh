#!/bin/sh
# Tests for 'isolab frontier', 'isolab smallest' and 'isolab marginal': the
# power set's answers computed without its rows, recorded as runs. Expected
# values come from a stored 'sweep bundles' of the same model, queried with
# plain SQL in the sqlite3 shell (no isolab code answers the question):
#   - frontier: per size, the least open surface, how many subsets reach
#     it, the first in mask order and its members;
#   - smallest --max N: the subsets of the fewest members with open surface
#     <= N, in mask order;
#   - marginal --bundle B: each mechanism toggled in B (the sweep's subset
#     with that bit flipped; B and each toggle apply in mechanism order, so
#     the sweep's order is the bundle's) and the difference from B.
# On the lesson's model (disjoint mechanisms) and tests/models/alt (shared
# axes, a left-open fact of another axis). Also: run kinds and run_param,
# the printed formats, report bundle_frontier from frontier runs when no
# bundles sweep is current, and bad input (nothing written).
#
# POSIX sh; env ISOLAB = the binary. Last line "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"

# The latest bundles sweep's rows of channel $2 ('' none) as a CTE "s".
S="WITH s AS (SELECT * FROM bundle_sweep_named
               WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles') AND channel = :ch)"
LATEST="(SELECT max(id) FROM run WHERE kind = :kind)"

# sq DB CH SQL : SQL with :ch bound to CH.
sq() { sqlite3 -batch -noheader -list -cmd 'PRAGMA trusted_schema = OFF' -cmd ".param set :ch '$2'" "$1" "$3"; }

want_frontier() {
    sq "$1" "$2" "$S, b AS (SELECT size, min(open_surface) AS o FROM s GROUP BY size)
        SELECT b.size, b.o, (SELECT count(*) FROM s WHERE s.size = b.size AND s.open_surface = b.o),
               (SELECT min(mask) FROM s WHERE s.size = b.size AND s.open_surface = b.o),
               (SELECT members FROM s WHERE s.mask = (SELECT min(mask) FROM s WHERE s.size = b.size AND s.open_surface = b.o))
          FROM b ORDER BY b.size"
}
got_frontier() {
    q "$1" "SELECT size, open_surface, bundles, mask, members FROM answer_frontier
             WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'frontier') ORDER BY size"
}
want_smallest() {
    sq "$1" "$2" "$S SELECT size, open_surface, mask, members FROM s
        WHERE open_surface <= $3 AND size = (SELECT min(size) FROM s WHERE open_surface <= $3) ORDER BY mask"
}
got_smallest() {
    q "$1" "SELECT size, open_surface, mask, members FROM answer_smallest
             WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'smallest') ORDER BY rank"
}
# want_marginal DB CH MEMBERS : MEMBERS comma-separated in mechanism order
want_marginal() {
    sq "$1" "$2" "$S, x AS (SELECT x.bit, x.mechanism FROM bundle_sweep_mechanism x
                  WHERE x.run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')),
        b AS (SELECT mask, open_surface FROM s WHERE members = '$3')
        SELECT x.mechanism, (b.mask >> x.bit) & 1, t.open_surface, t.open_surface - b.open_surface
          FROM x, b JOIN s t ON t.mask = ((b.mask | (1 << x.bit)) - (b.mask & (1 << x.bit)))
         ORDER BY x.bit"
}
got_marginal() {
    q "$1" "SELECT mechanism, in_bundle, open_surface, delta FROM answer_marginal
             WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'marginal') ORDER BY position"
}

# answers TAG DB MAXES MARGINAL-BUNDLES : every check on one model
answers() {
    tag=$1 db=$2
    "$ISOLAB" --db "$db" sweep bundles >/dev/null || not_ok "$tag: sweep bundles"
    for ch in '' $(q "$db" 'SELECT name FROM channel ORDER BY name'); do
        opt=${ch:+--channel $ch}
        opt=${opt:---no-channel}
        # shellcheck disable=SC2086
        "$ISOLAB" --db "$db" frontier $opt >/dev/null 2>"$tmp/err" || { not_ok "$tag: frontier $opt"; cat "$tmp/err"; }
        check "$tag: frontier ${ch:-(no channel)} = the sweep's" "$(want_frontier "$db" "$ch")" "$(got_frontier "$db")"
        for max in $3; do
            # shellcheck disable=SC2086
            "$ISOLAB" --db "$db" smallest --max "$max" $opt >/dev/null || not_ok "$tag: smallest --max $max $opt"
            check "$tag: smallest --max $max ${ch:-(no channel)} = the sweep's" \
                "$(want_smallest "$db" "$ch" "$max")" "$(got_smallest "$db")"
        done
        for b in $4; do
            # shellcheck disable=SC2086
            "$ISOLAB" --db "$db" marginal --bundle "$b" $opt >/dev/null || not_ok "$tag: marginal --bundle $b $opt"
            # a bundle's members in mechanism order ('' when it has none); a list as given
            members=$(q "$db" "SELECT CASE WHEN EXISTS (SELECT 1 FROM bundle WHERE name = '$b')
                               THEN coalesce((SELECT group_concat(mechanism, ',') FROM (SELECT m.name AS mechanism
                               FROM mechanism m JOIN bundle_member x ON x.mechanism = m.name
                               WHERE x.bundle = '$b' ORDER BY m.position)), '') ELSE '$b' END")
            check "$tag: marginal --bundle $b ${ch:-(no channel)} = the sweep's" \
                "$(want_marginal "$db" "$ch" "$members")" "$(got_marginal "$db")"
        done
    done
}

lesson=$tmp/lesson.db alt=$tmp/alt.db
"$ISOLAB" --db "$lesson" init >/dev/null
"$ISOLAB" --db "$alt" init --seeds tests/models/alt >/dev/null
answers lesson "$lesson" "24 16 12 10 9" "plain common strict pid-namespace,control-group"
answers alt "$alt" "3 2 1 0" "none one twothen"

# a test that can fail: the expected side is not empty and varies
check "lesson: the frontier has a row per size 0..8" 9 "$(want_frontier "$lesson" '' | wc -l | tr -d ' ')"
check "lesson: smallest --max 10 has rows" 1 "$(want_smallest "$lesson" '' 10 | grep -c . | awk '{print ($1 > 0)}')"

# the runs: kinds and parameters
"$ISOLAB" --db "$lesson" frontier --channel system-call-tracing --mechanisms control-group,pid-namespace >/dev/null
check "frontier run's parameters" "channel=system-call-tracing mechanisms=pid-namespace,control-group" \
    "$(q "$lesson" "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_param
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'frontier') ORDER BY key)")"
check "frontier over 2 mechanisms: 3 rows" 3 "$(q "$lesson" "SELECT count(*) FROM answer_frontier
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'frontier')")"
"$ISOLAB" --db "$lesson" smallest --max 14 >/dev/null
check "smallest run's parameters" "channel=sampling-profile max=14 mechanisms=$(q "$lesson" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position)")" \
    "$(q "$lesson" "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_param
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'smallest') ORDER BY key)")"
"$ISOLAB" --db "$lesson" marginal --bundle strict,-user-namespace >/dev/null
check "marginal run's parameters" "bundle=strict,-user-namespace channel=sampling-profile" \
    "$(q "$lesson" "SELECT group_concat(key || '=' || value, ' ') FROM run_param
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'marginal')")"

# without --channel, the channel of the lesson in focus, as report and plot
# take it: sampling-profile (M03/K05's), system-call-tracing once param's
# lesson is M03/K04; --no-channel for none
dch=$tmp/dch.db
"$ISOLAB" --db "$dch" init >/dev/null
"$ISOLAB" --db "$dch" frontier >/dev/null
"$ISOLAB" --db "$dch" marginal --bundle strict >/dev/null
q "$dch" "UPDATE param SET value = 'M03/K04' WHERE key = 'lesson'"
"$ISOLAB" --db "$dch" smallest --max 14 >/dev/null
"$ISOLAB" --db "$dch" frontier --no-channel >/dev/null
check "frontier, marginal, smallest default to the focus lesson's channel; --no-channel is none" \
    "frontier:sampling-profile marginal:sampling-profile smallest:system-call-tracing frontier:-" \
    "$(q "$dch" "SELECT group_concat(kind || ':' || coalesce((SELECT value FROM run_param p WHERE p.run_id = r.id AND key = 'channel'), '-'), ' ') FROM (SELECT * FROM run ORDER BY id) r")"
"$ISOLAB" --db "$dch" frontier --channel sampling-profile --no-channel >/dev/null 2>"$tmp/err"
check "--channel with --no-channel: a usage error" "2|isolab frontier: --channel and --no-channel: choose one" "$?|$(head -1 "$tmp/err")"

# printing: csv is the export of the run's rows; the table has them too
"$ISOLAB" --db "$lesson" frontier --format csv >"$tmp/f.csv"
run=$(q "$lesson" "SELECT max(id) FROM run WHERE kind = 'frontier'")
"$ISOLAB" --db "$lesson" export answer_frontier --run "$run" --format csv >"$tmp/e.csv"
if [ -s "$tmp/f.csv" ] && cmp -s "$tmp/f.csv" "$tmp/e.csv"; then ok "frontier --format csv prints the run's rows"
else not_ok "frontier --format csv prints the run's rows"; fi
"$ISOLAB" --db "$lesson" frontier >"$tmp/f.txt"
check "frontier prints a table: header (labels), units, rule, 9 rows" "12 run" \
    "$(wc -l <"$tmp/f.txt" | tr -d ' ') $(head -1 "$tmp/f.txt" | cut -d' ' -f1)"
"$ISOLAB" --db "$lesson" marginal --bundle strict --format ndjson >"$tmp/m.json"
check "marginal --format ndjson: one object per mechanism" \
    "$(q "$lesson" 'SELECT count(*) FROM mechanism')" "$(grep -c '^{"run_id": ' "$tmp/m.json")"

# report bundle_frontier: from the frontier runs when no bundles sweep is current
fr=$tmp/fr.db
"$ISOLAB" --db "$fr" init >/dev/null
"$ISOLAB" --db "$fr" frontier --no-channel >/dev/null
"$ISOLAB" --db "$fr" frontier --channel sampling-profile >/dev/null
# expected: the sweep's bundle_frontier with the first bundle of each size
check "bundle_frontier from frontier runs = the sweep's, first bundle per size" \
    "$(q "$lesson" "SELECT channel, size, open_surface, min(mask) FROM bundle_frontier
                     WHERE channel IN ('', 'sampling-profile') GROUP BY channel, size ORDER BY channel <> '', size")" \
    "$(q "$fr" "SELECT channel, size, open_surface, mask FROM bundle_frontier")"
check "report bundle_frontier prints them" "$(q "$fr" 'SELECT count(*) FROM bundle_frontier')" \
    "$("$ISOLAB" --db "$fr" report bundle_frontier | grep -c 'open surface')"
"$ISOLAB" --db "$fr" sweep bundles --channel system-call-tracing >/dev/null
check "a current bundles sweep comes first" 0 \
    "$(q "$fr" "SELECT count(*) FROM bundle_frontier b JOIN run r ON r.id = b.run_id WHERE r.kind <> 'bundles'")"

# bad input: the exit code, a message, and no run written
bad() {
    want=$1; shift
    before=$(q "$fr" 'SELECT count(*) FROM run')
    "$ISOLAB" --db "$fr" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    after=$(q "$fr" 'SELECT count(*) FROM run')
    if [ "$rc" = "$want" ] && [ "$before" = "$after" ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; then
        ok "$* : exit $want, nothing written"
    else
        not_ok "$* : exit $want, nothing written (exit $rc, runs $before -> $after)"; cat "$tmp/err"
    fi
}
bad 2 smallest
bad 2 smallest --max -1
bad 2 smallest --max 3x
bad 2 marginal
bad 2 frontier --format xml
bad 3 frontier --channel nosuch
bad 3 frontier --mechanisms pid-namespace,nosuch
bad 3 marginal --bundle nosuch
bad 3 marginal --bundle strict,-nosuch

# --- one rule for members: a bundle's own repeats, one grammar, positions ---
# A model worked by hand: f1 on x, f2 and f3 on y, at positions 10, 20, 30
# (gaps); a closes x, b closes y and leaves f1 open; the bundle 'again' is
# a, b, a. Applied in order: a closes f1, b closes f2 and f3 and reopens
# f1, a closes f1 again: nothing visible. Channel c shows f2 and f3: under
# again it returns both, open surface 2, open axes 1 (y). Without the
# repeat (a, b) f1 stays visible: open surface 3.
rep=$tmp/repeats
mkdir -p "$rep"
cp "$root/tests/fixtures/repeats/010_model.sql" "$rep/"
rdb=$tmp/repeats.db
"$ISOLAB" --db "$rdb" init --seeds "$rep" >/dev/null 2>&1
"$ISOLAB" --db "$rdb" run --bundle again --channel c >/dev/null 2>&1
check "run --bundle again: its repeat applies (visible 0, returned 2, open surface 2, axes 1)" "0|2|2|1" \
    "$(q "$rdb" "SELECT visible, returned, open_surface, open_axes FROM surface WHERE run_id = 1")"
"$ISOLAB" --db "$rdb" run --members again --channel c >/dev/null 2>"$tmp/err"
check "run --members again: the bundle's repeats are its members, as run --bundle" "0|0|2|2|1" \
    "$?|$(q "$rdb" "SELECT visible, returned, open_surface, open_axes FROM surface WHERE run_id = 2")"
"$ISOLAB" --db "$rdb" run --members again,b --channel c >/dev/null 2>"$tmp/err"
check "a mechanism of an earlier item is still named twice" "3|isolab run: mechanism 'b' is named twice" "$?|$(cat "$tmp/err")"
"$ISOLAB" --db "$rdb" run --members again,-a --channel c >/dev/null 2>"$tmp/err"
check "-a takes every occurrence out (b alone: f1 visible, open surface 3)" "0|1|2|3" \
    "$?|$(q "$rdb" "SELECT visible, returned, open_surface FROM surface WHERE run_id = 3")"
"$ISOLAB" --db "$rdb" marginal --bundle again --channel c --format csv >"$tmp/m.csv" 2>"$tmp/err"
check "marginal --bundle again: toggling a (in it twice) takes both out; b out leaves a, a" "0|a,1,3,1 b,1,2,0" \
    "$?|$(awk -F, 'NR > 1 { print $4 "," $5 "," $6 "," $7 }' "$tmp/m.csv" | tr '\n' ' ' | sed 's/ $//')"
if sqlite3 -batch ':memory:' ".load $root/isolab" "SELECT 1" >/dev/null 2>&1; then
    check "isolab_surface('again', 'c') as run --bundle again" "0|2|2|1" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT visible, returned, open_surface, open_axes FROM isolab_surface('again', 'c')")"
    check "isolab_fact_status: the facts' positions (10, 20, 30)" "10,20,30" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT group_concat(position) FROM isolab_fact_status('again', 'c')")"
else
    echo "skip - the sqlite3 shell cannot load isolab.so here"
fi
check "fact_status.position: the facts' positions, not their ranks" "10,20,30" \
    "$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM fact_status WHERE run_id = 1 ORDER BY position)")"
"$ISOLAB" --db "$rdb" sweep removal --bundle again --channel c >/dev/null 2>&1
check "removal_sweep.position: the removed facts' positions" "10,20,30" \
    "$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM removal_sweep WHERE removed_fact IS NOT NULL ORDER BY position)")"
# --mechanisms: one grammar (a member list, read as a set) for frontier,
# smallest and sweep bundles
"$ISOLAB" --db "$rdb" frontier --mechanisms again >/dev/null 2>&1
"$ISOLAB" --db "$rdb" sweep bundles --mechanisms again >/dev/null 2>&1
"$ISOLAB" --db "$rdb" smallest --max 3 --mechanisms again,-b >/dev/null 2>&1
"$ISOLAB" --db "$rdb" sweep bundles --mechanisms again,-b >/dev/null 2>&1
check "frontier, sweep bundles, smallest, sweep bundles --mechanisms: one grammar" "frontier=a,b bundles=a,b smallest=a bundles=a" \
    "$(q "$rdb" "SELECT group_concat(r.kind || '=' || p.value, ' ') FROM (SELECT * FROM run WHERE kind IN ('frontier', 'bundles', 'smallest') ORDER BY id) r JOIN run_param p ON p.run_id = r.id AND p.key = 'mechanisms'")"
# the list's grammar is the member list's, item texts unjudged before it:
# a,-a,a is the set {a} (worked by hand: no channel, f1 f2 f3 visible; a
# closes f1, so size 0 has 3 open, size 1 has 2; at most 2: a alone)
"$ISOLAB" --db "$rdb" frontier --mechanisms a,-a,a --format csv >"$tmp/f.csv" 2>"$tmp/err"
check "frontier --mechanisms a,-a,a: the set {a}, as worked by hand" "0|0,3 1,2" \
    "$?|$(awk -F, 'NR > 1 { print $3 "," $4 }' "$tmp/f.csv" | tr '\n' ' ' | sed 's/ $//')"
"$ISOLAB" --db "$rdb" smallest --max 2 --mechanisms a,-a,a --format csv >"$tmp/s.csv" 2>"$tmp/err"
check "smallest --max 2 --mechanisms a,-a,a: a" "0|a" "$?|$(awk -F, 'NR > 1 { print $NF }' "$tmp/s.csv")"
"$ISOLAB" --db "$rdb" sweep bundles --mechanisms a,-a,a >/dev/null 2>"$tmp/err"
check "sweep bundles --mechanisms a,-a,a: swept over a" "0|a" \
    "$?|$(q "$rdb" "SELECT p.value FROM run r JOIN run_param p ON p.run_id = r.id AND p.key = 'mechanisms' WHERE r.kind = 'bundles' ORDER BY r.id DESC LIMIT 1")"
"$ISOLAB" --db "$rdb" frontier --mechanisms a,b,a >/dev/null 2>"$tmp/err"
check "frontier --mechanisms a,b,a: the member list's own error" "3|isolab frontier: mechanism 'a' is named twice" \
    "$?|$(cat "$tmp/err")"
if sqlite3 -batch ':memory:' ".load $root/isolab" "SELECT 1" >/dev/null 2>&1; then
    check "isolab_frontier(NULL, 'a,-a,a') as frontier --mechanisms a,-a,a" "0|3 1|2" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT size, open_surface FROM isolab_frontier(NULL, 'a,-a,a')" | tr '\n' ' ' | sed 's/ $//')"
    check "isolab_members('again,-b'): the members in order, the bundle's repeat kept" "1|a 2|a" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT position, mechanism FROM isolab_members('again,-b')" | tr '\n' ' ' | sed 's/ $//')"
    check "isolab_members: the command line's error" "isolab_members: mechanism 'b' is named twice" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT * FROM isolab_members('again,b')" 2>&1 | sed 's/^Error: stepping, //; s/^Error: //')"
    # the shell's quoting, worked by hand (POSIX: plain as is, else in
    # single quotes, each quote as '\'')
    check "isolab_shell: each word quoted as isolab quotes a command it prints" \
        "isolab run --members strict,-user-namespace 'it'\\''s' 'a b' '\$x'\\''s' ''" \
        "$(sqlite3 -batch "$rdb" ".load $root/isolab" "SELECT isolab_shell('isolab', 'run', '--members', 'strict,-user-namespace', NULL, 'it''s', 'a b', '\$x''s', '')")"
fi
# a name both a bundle and a mechanism is refused where it is written
printf "INSERT INTO bundle(name) VALUES ('a');\n" >"$tmp/clash.sql"
"$ISOLAB" --db "$rdb" load "$tmp/clash.sql" >/dev/null 2>"$tmp/err"
check "load: a bundle named like a mechanism is refused" "3|1" "$?|$(grep -c "a member list could not tell them apart" "$tmp/err")"
check "the shell: a mechanism named like a bundle is refused" "1" \
    "$(sqlite3 "$rdb" "INSERT INTO mechanism(name) VALUES ('again')" 2>&1 | grep -c 'could not tell them apart')"

# the migration to schema version 19 gives stored rows the facts' positions:
# this database taken back to version 18 as isolab 18 wrote it (ranks 1..3)
sqlite3 "$rdb" "UPDATE fact_status_fact SET position = fact_id;
  UPDATE removal_sweep SET position = (SELECT count(*) FROM fact f JOIN fact g ON g.position <= f.position WHERE f.name = removal_sweep.removed_fact) WHERE removed_fact IS NOT NULL;
  DROP TRIGGER isolab_list_name_both_mechanism; DROP TRIGGER isolab_list_name_both_mechanism_update;
  DROP TRIGGER isolab_list_name_both_bundle; DROP TRIGGER isolab_list_name_both_bundle_update;
  DELETE FROM schema_version WHERE version > 18; PRAGMA user_version = 18;"
check "version 18: the ranks as isolab 18 wrote them" "1,2,3|1,2,3" \
    "$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM fact_status WHERE run_id = 1 ORDER BY position)")|$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM removal_sweep WHERE removed_fact IS NOT NULL ORDER BY position)")"
"$ISOLAB" --db "$rdb" runs >/dev/null 2>&1
check "version 18 migrated: the facts' positions from each run's model record, the guard back" "10,20,30|10,20,30|4" \
    "$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM fact_status WHERE run_id = 1 ORDER BY position)")|$(q "$rdb" "SELECT group_concat(position) FROM (SELECT position FROM removal_sweep WHERE removed_fact IS NOT NULL ORDER BY position)")|$(q "$rdb" "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'isolab_list_name_both%'")"

# --- answers say what they cover -------------------------------------------
cov=$tmp/cover.db
"$ISOLAB" --db "$cov" init >/dev/null 2>&1
"$ISOLAB" --db "$cov" frontier --mechanisms pid-namespace,mount-namespace >/dev/null 2>&1
check "report bundle_frontier: a partial frontier says what it covers" "3 3" \
    "$("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | grep -c '(over 2 of 8 mechanisms)$') $("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | wc -l | tr -d ' ')"
"$ISOLAB" --db "$cov" frontier >/dev/null 2>&1
"$ISOLAB" --db "$cov" frontier --mechanisms pid-namespace >/dev/null 2>&1
check "bundle_frontier by default: the latest over every mechanism (mechanisms NULL)" "2|0|1" \
    "$(q "$cov" "SELECT DISTINCT run_id FROM bundle_frontier")|$("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | grep -c 'over')|$(q "$cov" "SELECT DISTINCT mechanisms IS NULL FROM bundle_frontier")"
"$ISOLAB" --db "$cov" sweep bundles --mechanisms common >/dev/null 2>&1
check "bundle_smallest: a sweep of 6 mechanisms says so, and names them" "3|pid-namespace,mount-namespace,network-namespace,uts-namespace,control-group,capability-dropping" \
    "$("$ISOLAB" --db "$cov" report bundle_smallest 2>/dev/null | grep -c '(over 6 of 8 mechanisms)$')|$(q "$cov" "SELECT DISTINCT mechanisms FROM bundle_smallest")"

finish
