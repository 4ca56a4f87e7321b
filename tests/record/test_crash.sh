#!/bin/sh
# Crash test: isolab is killed with SIGKILL at random moments while it
# writes long runs and sweeps (a model of 300+ facts, so a run writes
# thousands of rows), and after every kill the database must be whole:
#   - PRAGMA integrity_check is "ok" and foreign_key_check is empty;
#   - every run row has finished_at and exactly the rows its kind writes
#     (run: bundles x channels surfaces and x facts statuses; removal:
#     facts + 1; addition: axes + 1; samples: one per sample count);
#   - the number of runs grew by 1 when the process finished, and by 0 or 1
#     when it was killed (it may have committed just before the signal).
# Some kills land in 'isolab init --force': the database is then either the
# old one or the new complete one.
#
# env ISOLAB = the binary; CRASH_KILLS (attempts, default 600); CRASH_SEED
# to replay.
# POSIX sh plus sleep with fractions of a second (coreutils). Last line:
# "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"   # counters, $tmp (removed on exit), $ISOLAB
KILLS=${CRASH_KILLS:-600}   # at most; stops after 200 mid-command kills
SEED=${CRASH_SEED:-$$}
cd "$tmp" || exit 2

# A big model: 300 more facts over the nine axes, a channel showing every
# tenth of them.
awk 'BEGIN {
    split("process mount network user host resource kernel privilege label", ax, " ");
    print "INSERT INTO fact(position, name, axis) VALUES";
    for (i = 1; i <= 300; i++) printf "  (%d, '\''extra-%d'\'', '\''%s'\'')%s\n", 24 + i, i, ax[i % 9 + 1], i < 300 ? "," : ";";
    print "INSERT INTO channel(name, lesson, cost_pct) VALUES ('\''wide-channel'\'', NULL, 7);";
    print "INSERT INTO channel_fact(channel, fact) VALUES";
    for (i = 10; i <= 300; i += 10) printf "  ('\''wide-channel'\'', '\''extra-%d'\'')%s\n", i, i < 300 ? "," : ";";
}' >big.sql
"$ISOLAB" --db base.db init >/dev/null && "$ISOLAB" --db base.db load big.sql >/dev/null || {
    not_ok "building the big model"; echo "$passed passed, $failed failed"; exit 1; }

# check DB : prints nothing when the database is whole, else what is wrong.
check() {
    sqlite3 -batch "$1" "
PRAGMA integrity_check;
SELECT 'foreign key: ' || \"table\" || ' row ' || rowid FROM pragma_foreign_key_check;
WITH n AS (SELECT (SELECT count(*) FROM fact) AS nf, (SELECT count(*) FROM axis) AS na,
                  (SELECT count(*) FROM bundle) AS nb, (SELECT count(*) FROM channel) AS nc,
                  (SELECT count(*) FROM sample_count) AS ns)
SELECT 'incomplete run ' || r.id || ' (' || r.kind || ')' FROM run r, n
 WHERE r.finished_at IS NULL
    OR (r.kind = 'run' AND ((SELECT count(*) FROM surface WHERE run_id = r.id) != n.nb * n.nc
                        OR (SELECT count(*) FROM fact_status WHERE run_id = r.id) != n.nb * n.nc * n.nf))
    OR (r.kind = 'removal' AND (SELECT count(*) FROM removal_sweep WHERE run_id = r.id) != n.nf + 1)
    OR (r.kind = 'addition' AND (SELECT count(*) FROM addition_sweep WHERE run_id = r.id) != n.na + 1)
    OR (r.kind = 'samples' AND (SELECT count(*) FROM sample_sweep WHERE run_id = r.id) != n.ns)
    OR r.kind NOT IN ('run', 'removal', 'addition', 'samples');
SELECT 'runs ' || count(*) || ' facts ' || (SELECT count(*) FROM fact) FROM run;" 2>&1 | grep -v '^ok$'
}
now_ms() { date +%s%3N; }

# How long each command takes (ms), to spread its kills over its life.
cp base.db c.db
time_of() {
    t0=$(now_ms)
    "$ISOLAB" --db c.db "$@" >/dev/null 2>&1
    echo $(( $(now_ms) - t0 + 1 ))
}
t_run=$(time_of run)
t_removal=$(time_of sweep removal --channel wide-channel)
t_addition=$(time_of sweep addition)
t_init=$(time_of init --force)
echo "# seed $SEED; commands take run $t_run, removal $t_removal, addition $t_addition, init $t_init ms"

# kind and delay (s): most kills in the long run, some in the sweeps and init
awk -v n="$KILLS" -v seed="$SEED" -v r="$t_run" -v rm="$t_removal" -v ad="$t_addition" -v it="$t_init" \
    'BEGIN { srand(seed); split(r " " r " " r " " rm " " ad " " it, t, " ");
             for (i = 0; i < n; i++) { k = int(rand() * 6) + 1; printf "%d %.4f\n", k, rand() * t[k] * 0.7 / 1000 } }' >plan.txt
killed=0 finished=0 damaged=0 lost=0 i=0
cp base.db c.db
before=0
while read -r kind delay && [ "$killed" -lt 200 ]; do
    i=$((i + 1))
    [ $((i % 10)) -eq 0 ] && { rm -f c.db c.db-wal c.db-shm; cp base.db c.db; before=0; }
    case $kind in
    1|2|3) set -- run ;;
    4) set -- sweep removal --channel wide-channel ;;
    5) set -- sweep addition ;;
    6) set -- init --force ;;
    esac
    what=$*
    "$ISOLAB" --db c.db "$@" >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    rc=$?
    out=$(check c.db)
    problems=$(printf '%s\n' "$out" | grep -v '^runs ')
    set -- $(printf '%s\n' "$out" | grep '^runs ')
    after=${2:-none} facts=${4:-0}
    if [ "$rc" -eq 137 ]; then killed=$((killed + 1)); elif [ "$rc" -eq 0 ]; then finished=$((finished + 1)); fi
    if [ -n "$problems" ]; then
        damaged=$((damaged + 1))
        not_ok "kill $i ($what, after ${delay}s): $problems"
    elif [ "$kind" = 6 ]; then
        # init: the old database (its runs) or a new one with none, never a mix
        [ "$after" = "$before" ] || [ "$after" = 0 ] || { lost=$((lost + 1)); not_ok "kill $i (init): $before -> $after runs"; }
        [ "$facts" -ge 24 ] || { damaged=$((damaged + 1)); not_ok "kill $i (init): model missing"; }
    elif [ "$rc" -eq 0 ] && [ "$after" != $((before + 1)) ]; then
        lost=$((lost + 1))
        not_ok "kill $i ($what): finished, but runs went $before -> $after"
    elif [ "$rc" -ne 0 ] && [ "$after" != "$before" ] && [ "$after" != $((before + 1)) ]; then
        lost=$((lost + 1))
        not_ok "kill $i ($what): runs went $before -> $after"
    fi
    before=$after
    rm -f .c.db.tmp-*   # what a killed init leaves (never the database itself)
done <plan.txt

# The checker itself must see a run missing one row.
cp base.db v.db
"$ISOLAB" --db v.db run >/dev/null
sqlite3 v.db "DELETE FROM fact_status WHERE fact = 'clock' AND bundle = 'plain' AND channel = 'wide-channel'"
case $(check v.db) in *"incomplete run 1 (run)"*) ok "the check notices a run missing one row" ;;
    *) not_ok "the check missed a run missing one row" ;; esac

[ "$killed" -ge 200 ] && ok "$killed processes killed mid-command (>= 200), $finished finished first" \
    || not_ok "only $killed processes were killed mid-command ($finished finished first); need 200"
[ "$damaged" -eq 0 ] && ok "0 of $i checks found a damaged or incomplete database" || not_ok "$damaged damaged"
[ "$lost" -eq 0 ] && ok "0 runs lost or half-present" || not_ok "$lost runs lost"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
