#!/bin/sh
# Concurrency: the database is in WAL mode (set by 'isolab init') and every
# isolab connection has a busy timeout, so
#   1. a reader in the sqlite3 shell holding a read transaction open does
#      not block isolab, which writes 100 runs meanwhile; the reader's
#      snapshot does not move, and after it ends it sees all 100;
#   2. readers polling while isolab writes never see a partial run;
#   3. two isolab processes writing at once both succeed, with 0
#      "database is locked" failures and every row present.
#
# env ISOLAB = the binary. POSIX sh; sqlite3 and stdbuf from PATH. Last
# line: "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"   # counters, $tmp, $ISOLAB; the trap below replaces its own
reader= sweeper= oldsh=
trap 'for p in $reader $sweeper $oldsh; do kill "$p" 2>/dev/null; done; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2

"$ISOLAB" --db c.db init >/dev/null || { not_ok "init"; echo "$passed passed, $failed failed"; exit 1; }
[ "$(sqlite3 c.db 'PRAGMA journal_mode')" = wal ] && ok "init leaves the database in WAL mode" \
    || not_ok "journal mode is not WAL"

# Runs whose rows are not all there (the crash test's completeness rule).
INCOMPLETE="WITH n AS (SELECT (SELECT count(*) FROM fact) AS nf, (SELECT count(*) FROM bundle) AS nb,
                  (SELECT count(*) FROM channel) AS nc, (SELECT count(*) FROM sample_count) AS ns)
SELECT count(*) FROM run r, n
 WHERE r.finished_at IS NULL
    OR (r.kind = 'run' AND ((SELECT count(*) FROM surface WHERE run_id = r.id) != n.nb * n.nc
                        OR (SELECT count(*) FROM fact_status WHERE run_id = r.id) != n.nb * n.nc * n.nf))
    OR (r.kind = 'samples' AND (SELECT count(*) FROM sample_sweep WHERE run_id = r.id) != n.ns)"

# writer N PREFIX : N isolab commands, alternating runs and sample sweeps;
# each one's status and stderr go to PREFIX.N.rc / PREFIX.N.err.
writer() {
    k=0
    while [ "$k" -lt "$1" ]; do
        k=$((k + 1))
        if [ $((k % 2)) -eq 0 ]; then set -- "$1" "$2" sweep samples; else set -- "$1" "$2" run; fi
        "$ISOLAB" --db c.db "$3" ${4:+"$4"} >/dev/null 2>"$2.$k.err"
        echo $? >"$2.$k.rc"
    done
}

# summary PREFIX : "ok" when every command exited 0 with an empty stderr,
# else the failures; also counts 'database is locked' messages.
summary() {
    bad=0
    for f in "$1".*.rc; do [ "$(cat "$f")" = 0 ] || bad=$((bad + 1)); done
    locked=$(cat "$1".*.err | grep -c 'database is locked')
    errs=$(cat "$1".*.err | head -3)
    echo "$(ls "$1".*.rc | wc -l | tr -d ' ') commands, $bad failed, $locked locked${errs:+: $errs}"
}

# ---- 1. a reader holding a read transaction ------------------------------
mkfifo to_reader
stdbuf -oL sqlite3 -batch c.db <to_reader >reader.out 2>&1 &
reader=$!
exec 3>to_reader
# the reader's first answer comes on a FIFO (.once): it holds its read
# transaction once the test has read it
mkfifo reader.ready
printf '.timeout 5000\nBEGIN;\n.once reader.ready\nSELECT %s, count(*) FROM run;\n' "'before'" >&3
read -r first <reader.ready && echo "$first" >>reader.out
grep -q '^before|0$' reader.out && ok "reader holds a read transaction (it sees 0 runs)" \
    || not_ok "reader did not start: $(cat reader.out)"

writer 100 w
s=$(summary w)
case $s in "100 commands, 0 failed, 0 locked") ok "100 writes while a reader holds its transaction: $s" ;;
    *) not_ok "writes beside a reader: $s" ;; esac

printf "SELECT 'during', count(*) FROM run;\nCOMMIT;\nSELECT 'after', count(*) FROM run;\nSELECT 'incomplete', (%s);\n.quit\n" \
    "$INCOMPLETE" >&3
exec 3>&-
wait "$reader"
reader=
grep -q '^during|0$' reader.out && ok "the reader's snapshot did not move while isolab wrote" \
    || not_ok "reader saw: $(cat reader.out)"
grep -q '^after|100$' reader.out && ok "after its transaction the reader sees all 100 runs" \
    || not_ok "reader after: $(cat reader.out)"
grep -q '^incomplete|0$' reader.out && ok "no run is incomplete" || not_ok "incomplete: $(cat reader.out)"

# ---- 2. polling readers never see a partial run --------------------------
(
    i=0 partial=0
    while [ ! -e stop ] && [ "$i" -lt 2000 ]; do
        i=$((i + 1))
        r=$(sqlite3 -batch -cmd '.timeout 5000' c.db "$INCOMPLETE" 2>&1)
        [ "$r" = 0 ] || partial=$((partial + 1))
    done
    echo "$i $partial" >poll.out
) &
poller=$!
writer 40 p
touch stop
wait "$poller"
read -r polls partial <poll.out
s=$(summary p)
case $s in "40 commands, 0 failed, 0 locked") ok "40 writes beside a polling reader: $s" ;;
    *) not_ok "writes beside a polling reader: $s" ;; esac
[ "$partial" = 0 ] && [ "$polls" -gt 0 ] && ok "$polls polls during the writes saw 0 partial runs" \
    || not_ok "$partial of $polls polls saw a partial run (or failed)"

# ---- 3. two writers at once ----------------------------------------------
before=$(sqlite3 c.db 'SELECT count(*) FROM run')
writer 50 a &
wa=$!
writer 50 b &
wb=$!
wait "$wa"
wait "$wb"
sa=$(summary a)
sb=$(summary b)
case "$sa/$sb" in "50 commands, 0 failed, 0 locked/50 commands, 0 failed, 0 locked")
    ok "two writers at once: A $sa; B $sb" ;;
    *) not_ok "two writers: A $sa; B $sb" ;; esac
after=$(sqlite3 c.db 'SELECT count(*) FROM run')
[ "$after" = $((before + 100)) ] && ok "all 100 runs of the two writers are present ($before -> $after)" \
    || not_ok "runs went $before -> $after, expected +100"
[ "$(sqlite3 c.db "$INCOMPLETE")" = 0 ] && ok "every run is complete" || not_ok "incomplete runs after two writers"
[ "$(sqlite3 c.db 'PRAGMA integrity_check')" = ok ] && ok "integrity ok" || not_ok "integrity check failed"


# ---- 4. readers with --lesson/--bundle/--channel never take the write lock --
# A second process holds the write lock (BEGIN IMMEDIATE, a handshake line
# once it has it); report, export and plot with an override answer at once
# (--wait 0: a lock wait would fail) and what they print is what they print
# with the lock free.
"$ISOLAB" --db c.db export channel_comparison --bundle common >free.csv 2>/dev/null
"$ISOLAB" --db c.db report --lesson M03/K04 >free.report 2>/dev/null
mkfifo hold.fifo
(printf 'BEGIN IMMEDIATE;\nINSERT INTO sample_count(n) VALUES (54321);\n.print held\n'; cat hold.fifo) | sqlite3 c.db >hold.out &
holder=$!
until grep -q held hold.out 2>/dev/null; do :; done
"$ISOLAB" --db c.db export channel_comparison --bundle common --wait 0 >locked.csv 2>locked.err
check "export --bundle while another process holds the write lock: at once, the same rows" \
    "0 $(cksum <free.csv)" "$? $(cksum <locked.csv)$(cat locked.err)"
"$ISOLAB" --db c.db report --lesson M03/K04 --wait 0 >locked.report 2>locked.err
check "report --lesson while another process holds the write lock: at once, the same tables" \
    "0 $(cksum <free.report)" "$? $(cksum <locked.report)$(cat locked.err)"
"$ISOLAB" --db c.db export current_focus --bundle common --channel sampling-profile --lesson M03/K05 --wait 0 \
    >locked.csv 2>locked.err
check "export with all three overrides under the lock" "0 lesson,bundle,channel M03/K05,common,sampling-profile" \
    "$? $(cut -d, -f1-3 locked.csv | tr '\n' ' ' | sed 's/ $//')$(cat locked.err)"
if command -v gnuplot >/dev/null 2>&1; then
    "$ISOLAB" --db c.db plot channels --bundle common -o lp --wait 0 >/dev/null 2>locked.err
    check "plot --bundle under the lock" "0" "$?$(cat locked.err)"
fi
echo >hold.fifo
wait "$holder"
check "the override stayed in this command: param in the file unchanged" "M03/K05||" \
    "$(sqlite3 c.db "SELECT group_concat(coalesce(value, ''), '|') FROM (SELECT value FROM param ORDER BY key = 'lesson' DESC, key)")"


# ---- 5. init --force while a writer writes: it waits, then replaces ---------
# A long load holds the write lock (the handshake: another connection cannot
# take it); init --force started then waits for it, so the load commits
# whole into the file it opened and says so, and only then is the file
# replaced: both succeed, the new database holds nothing of the load, and
# the load had ended before init did.
"$ISOLAB" --db w.db init >/dev/null 2>&1
printf '%s\n' "INSERT INTO axis(name) SELECT 'slow' || x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL" \
    "SELECT x + 1 FROM c WHERE x < 3000000) SELECT max(x) AS x FROM c);" >slow.sql
"$ISOLAB" --db w.db load --work-limit 100000 slow.sql >load.out 2>&1 &
loader=$!
until ! sqlite3 w.db "PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK;" >/dev/null 2>&1; do
    kill -0 $loader 2>/dev/null || break
done
"$ISOLAB" --db w.db init --force --wait 60 >init.out 2>&1
init_rc=$?
if kill -0 $loader 2>/dev/null; then load_running=yes; else load_running=no; fi
wait $loader
load_rc=$?
check "init --force during a load: both succeed, the load had ended first" "0 0 no" "$load_rc $init_rc $load_running"
check "the load said it loaded into the file it wrote" "loaded 1 file into w.db" "$(tail -n 1 load.out)"
check "the new database holds nothing of the load" 0 "$(sqlite3 w.db "SELECT count(*) FROM axis WHERE name LIKE 'slow%'")"


# ---- 6. init --force at three points of a writer's run ---------------------
# The writer is a bundles sweep run by isolab_paused (tests/lib/isolab_paused.c):
# isolab, stopped at a named point of its run until the test writes a line
# to pz/resume. A sqlite3 shell that opened s.db before (ask_old) keeps the
# file the sweep holds in view once another file has taken its name.
#   model:   the sweep holds no lock yet: init --force replaces at once; the
#            sweep, let go, finds another file at its path: exit 4, nothing
#            written anywhere;
#   writing, commit: the sweep holds the write lock: init --force --wait 0
#            is refused and the file kept; given time to wait, init replaces
#            the file only after the sweep has committed into it, whole;
#   commit, the file renamed over by another program (no lock taken): the
#            sweep's own check before its commit: exit 4, nothing written.
# In every case the database at the path is a new file, holding none of the
# sweep's rows, and sound.
PAUSED=${ISOLAB_PAUSED:-$root/build/tests/isolab_paused}
ino() { ls -i "$1" | awk '{ print $1 }'; }
# ask_old SQL : one line, the answer of the shell that holds the old s.db
ask_old() { printf '.once old.ans\n%s;\n' "$1" >&4; timeout 60 cat old.ans; }
# start POINT : a new s.db, the sweep on it waiting at POINT, the shell on
# s.db; 1 (and a failure) when the sweep ended without pausing.
start() {
    rm -f s.db s.db-wal s.db-shm pz/paused
    "$ISOLAB" --db s.db init >/dev/null 2>&1
    ISOLAB_PAUSE_AT=$1 ISOLAB_PAUSE_DIR=$tmp/pz "$PAUSED" --db s.db sweep bundles >sweep.out 2>sweep.err &
    sweeper=$!
    until [ -e pz/paused ]; do kill -0 "$sweeper" 2>/dev/null || break; done
    if [ ! -e pz/paused ]; then
        not_ok "$1: the sweep never paused: $(cat sweep.out sweep.err)"
        sweeper=
        return 1
    fi
    old_ino=$(ino s.db)
    sqlite3 -batch s.db <old.in >/dev/null 2>old.err &
    oldsh=$!
    exec 4>old.in
    check "$1: a shell holds the sweep's file open" "0" "$(ask_old 'SELECT count(*) FROM run')"
}
# resume : lets the sweep go on; its status in $rc
resume() {
    echo go >pz/resume
    wait "$sweeper"
    rc=$?
    sweeper=
}
# finish_case POINT : ends the shell, checks the database now at the path
finish_case() {
    printf '.quit\n' >&4
    exec 4>&-
    wait "$oldsh"
    oldsh=
    check "$1: the database at the path is another file, without the sweep's rows, sound" "new 0 ok" \
        "$([ "$(ino s.db)" != "$old_ino" ] && echo new) $(q s.db 'SELECT (SELECT count(*) FROM run)
            + (SELECT count(*) FROM bundle_sweep)') $(q s.db 'PRAGMA integrity_check')"
}
if [ -x "$PAUSED" ]; then
    mkdir pz && mkfifo pz/resume old.in old.ans
    "$ISOLAB" --db s.db init >/dev/null 2>&1
    nm=$(q s.db 'SELECT count(*) FROM mechanism')
    nc=$(q s.db 'SELECT count(*) FROM channel')
    # every subset of the mechanisms x every channel and no channel; the
    # run's count adds its mechanisms, its channels and no channel
    rows=$(((1 << nm) * (nc + 1)))
    swept="run 1: bundles sweep of $nm mechanisms ($((1 << nm)) bundles) x $nc channels and no channel,"
    swept="$swept $((rows + nm + nc + 1)) rows written to s.db"
    replaced="isolab sweep bundles: s.db: the database was replaced or removed while this command ran"
    replaced="$replaced (by 'isolab --db s.db init --force'?); nothing was written; run the command again"
    locked="isolab init: s.db: another process holds the write lock; waited 0 s; --force replaces a"
    locked="$locked database only while no one writes it: retry when it has finished, or wait longer with --wait"

    if start model; then
        "$ISOLAB" --db s.db init --force --wait 0 >init.out 2>&1
        check "model: init --force while the sweep reads its model replaces the file at once" "0 created s.db" \
            "$? $(cat init.out)"
        resume
        check "model: the sweep, let go, finds another file at its path: exit 4" "4 $replaced" \
            "$rc $(cat sweep.out sweep.err)"
        check "model: the file it held has no run" 0 "$(ask_old 'SELECT count(*) FROM run')"
        finish_case model
    fi
    for point in writing commit; do
        start $point || continue
        "$ISOLAB" --db s.db init --force --wait 0 >init.out 2>&1
        check "$point: init --force --wait 0 while the sweep holds the write lock: refused, the file kept" \
            "4 $locked $old_ino" "$? $(cat init.out) $(ino s.db)"
        "$ISOLAB" --db s.db init --force --wait 60 >init.out 2>&1 &
        initp=$!
        resume
        wait "$initp"
        irc=$?
        check "$point: init --force --wait 60 waits for the sweep: both succeed" "0 $swept 0 created s.db" \
            "$rc $(cat sweep.out sweep.err) $irc $(cat init.out)"
        check "$point: the sweep's run is whole in the file it held" "1|$rows" \
            "$(ask_old 'SELECT count(*), (SELECT count(*) FROM bundle_sweep) FROM run WHERE finished_at IS NOT NULL')"
        finish_case $point
    done
    if start commit; then
        "$ISOLAB" --db other.db init >/dev/null 2>&1
        sum=$(cksum <other.db)
        mv other.db s.db && rm -f s.db-wal s.db-shm
        resume
        check "commit, the file renamed over without the lock: the sweep's check before commit: exit 4" \
            "4 $replaced" "$rc $(cat sweep.out sweep.err)"
        check "commit, renamed over: the file it held has no run" 0 "$(ask_old 'SELECT count(*) FROM run')"
        check "commit, renamed over: the file now at the path unchanged" "$sum" "$(cksum <s.db)"
        finish_case "commit, renamed over"
    fi
else
    not_ok "no $PAUSED to pause a writer (make build/tests/isolab_paused)"
fi

# ---- 7. a signal after the commit, during the checkpoint ---------------------
# The sweep's COMMIT has put its run in the file; the checkpoint that follows
# it (seconds, for a big sweep) is where the signal comes: the run is kept,
# and the line says so (it said 'nothing was written').
if [ -x "$PAUSED" ]; then
    rm -f k.db k.db-wal k.db-shm pz/paused
    "$ISOLAB" --db k.db init >/dev/null 2>&1
    ISOLAB_PAUSE_AT=committed ISOLAB_PAUSE_DIR=$tmp/pz "$PAUSED" --db k.db sweep bundles >sweep.out 2>sweep.err &
    sweeper=$!
    until [ -e pz/paused ]; do kill -0 "$sweeper" 2>/dev/null || break; done
    if [ -e pz/paused ]; then
        kill -TERM "$sweeper"
        wait "$sweeper"
        check "a signal after the commit: exit 143, the run said to be kept" \
            "143 isolab sweep bundles: interrupted; what it had finished is kept, the rest was not written" \
            "$? $(cat sweep.out sweep.err)"
        check "... and it is, whole" "1|$rows|ok" \
            "$(q k.db "SELECT count(*), (SELECT count(*) FROM bundle_sweep) FROM run WHERE finished_at IS NOT NULL")|$(q k.db 'PRAGMA integrity_check')"
    else
        wait "$sweeper"
        not_ok "committed: the sweep never paused: $(cat sweep.out sweep.err)"
    fi
    sweeper=
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
