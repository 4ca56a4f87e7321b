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

. "$(dirname "$0")/shlib.sh"

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
check "smallest run's parameters" "max=14 mechanisms=$(q "$lesson" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position)")" \
    "$(q "$lesson" "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key, value FROM run_param
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'smallest') ORDER BY key)")"
"$ISOLAB" --db "$lesson" marginal --bundle strict,-user-namespace >/dev/null
check "marginal run's parameters" "bundle=strict,-user-namespace" \
    "$(q "$lesson" "SELECT group_concat(key || '=' || value, ' ') FROM run_param
                     WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'marginal')")"

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
"$ISOLAB" --db "$fr" frontier >/dev/null
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

# --- answers say what they cover -------------------------------------------
cov=$tmp/cover.db
"$ISOLAB" --db "$cov" init >/dev/null 2>&1
"$ISOLAB" --db "$cov" frontier --mechanisms pid-namespace,mount-namespace >/dev/null 2>&1
check "report bundle_frontier: a partial frontier says what it covers" "3 3" \
    "$("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | grep -c '(over 2 of 8 mechanisms)$') $("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | wc -l | tr -d ' ')"
"$ISOLAB" --db "$cov" frontier >/dev/null 2>&1
"$ISOLAB" --db "$cov" frontier --mechanisms pid-namespace >/dev/null 2>&1
check "bundle_frontier by default: the latest over every mechanism, named" "2|0|$(q "$cov" "SELECT group_concat(name, ',') FROM (SELECT name FROM mechanism ORDER BY position)")" \
    "$(q "$cov" "SELECT DISTINCT run_id FROM bundle_frontier")|$("$ISOLAB" --db "$cov" report bundle_frontier 2>/dev/null | grep -c 'over')|$(q "$cov" "SELECT DISTINCT mechanisms FROM bundle_frontier")"
"$ISOLAB" --db "$cov" sweep bundles --mechanisms pid-namespace,mount-namespace,network-namespace,uts-namespace,control-group,capability-dropping >/dev/null 2>&1
check "bundle_smallest: a sweep of 6 mechanisms says so" "3" \
    "$("$ISOLAB" --db "$cov" report bundle_smallest 2>/dev/null | grep -c '(over 6 of 8 mechanisms)$')"

finish
