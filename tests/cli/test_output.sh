#!/bin/sh
# Output errors are errors: every command whose stdout (or -o file) cannot
# be written ends with "isolab CMD: cannot write ..." and exit 7 when the
# disk is full (/dev/full); a reader that has gone (a closed pipe) ends it
# quietly, as cat.
#
# POSIX sh; env ISOLAB = the binary. Last line: "N passed, M failed".
. "$(dirname "$0")/../lib/shlib.sh"
db=$tmp/o.db
"$ISOLAB" --db "$db" lesson >/dev/null 2>&1 || { not_ok "lesson"; finish; }

# full CMD... : stdout to /dev/full must give exit 7 and a message naming it.
full() {
    "$@" >/dev/full 2>"$tmp/err"
    rc=$?
    if [ "$rc" = 7 ] && grep -q "cannot write.*No space left on device" "$tmp/err"; then
        ok "$* >/dev/full: exit 7 and says why"
    else
        not_ok "$* >/dev/full: exit $rc, stderr: $(cat "$tmp/err")"
    fi
}
full "$ISOLAB" --db "$db" export surface
full "$ISOLAB" --db "$db" export surface --format json
full "$ISOLAB" --db "$db" report
full "$ISOLAB" --db "$db" report channel_table
full "$ISOLAB" --db "$db" runs
full "$ISOLAB" --db "$db" diff 1 1
# runs that differ, and --exit-code: lost output is exit 7, not 1 ("differ")
new=$("$ISOLAB" --db "$db" run --bundle common 2>/dev/null | sed -n 's/^run \([0-9][0-9]*\):.*/\1/p')
full "$ISOLAB" --db "$db" diff --exit-code 1 "${new:-0}"
full "$ISOLAB" --db "$db" run
full "$ISOLAB" --db "$db" check
full "$ISOLAB" --db "$db" sweep removal
full "$ISOLAB" --help
full "$ISOLAB" --version
full "$ISOLAB" run --help
full "$ISOLAB" help export

# a reader that is gone: as cat | head (issue 32: pipes to head are normal
# use), no message and the status cat gives, a death by SIGPIPE (what was
# being written is no file: nothing half-written is left). The reader
# closes its end of the pipe, then says so on a FIFO; only then does isolab
# start writing (cat the same way gives the reference status).
mkfifo "$tmp/gone"
( read -r _ <"$tmp/gone"; "$ISOLAB" --db "$db" export fact_status 2>"$tmp/err"; echo $? >"$tmp/rc" ) \
    | { exec 0<&-; echo closed >"$tmp/gone"; }
rc=$(cat "$tmp/rc")
( read -r _ <"$tmp/gone"; cat "$db" 2>/dev/null; echo $? >"$tmp/catrc" ) | { exec 0<&-; echo closed >"$tmp/gone"; }
ref=$(cat "$tmp/catrc")
if [ "$rc" = "$ref" ] && [ ! -s "$tmp/err" ]; then ok "closed pipe: no message, exit $ref as cat"
else not_ok "closed pipe: exit $rc (cat: $ref), stderr: $(cat "$tmp/err")"; fi

# ---- output files: never a predictable name, never the database ----------
cd "$tmp" || exit 2
# Links planted at every name an older isolab used for its temporaries
# (NAME.tmp-PID, .NAME.tmp-PID, NAME.new-PID) for the next few hundred
# process ids, all leading to a victim file: none may be written through.
echo victim >victim.txt
pid=$(sh -c 'echo $$')
for n in $(seq "$pid" $((pid + 400))); do
    for name in out.csv.tmp-$n .out.csv.tmp-$n page.html.tmp-$n p.db.new-$n; do ln -s victim.txt "$name"; done
done
: >planted.err
for k in 1 2 3 4 5; do
    "$ISOLAB" --db "$db" export surface -o out.csv 2>>planted.err
    "$ISOLAB" --db "$db" page -o page.html 2>>planted.err
    "$ISOLAB" --db p.db init --force >/dev/null 2>>planted.err
done
check "planted symlinks at the old temporary names: the victim untouched" victim "$(cat victim.txt)"
check "planted symlinks: the outputs were written" "1 1 24" \
    "$(head -1 out.csv | grep -c '^run_id,') $(grep -c '^<!DOCTYPE html>' page.html) $(sqlite3 p.db 'SELECT count(*) FROM fact')"
# (page -o says on stderr what it wrote: no error either)
check "planted symlinks: no error" "" "$(grep -v ': note: \|^isolab page: wrote page.html (' planted.err)"
find . -name '*.tmp-*' -type l -delete
find . -name '*.new-*' -type l -delete
check "no temporary file left behind" "" "$(ls -A | grep -e 'tmp-' -e 'new-')"

# -o /dev/stdout on a pipe: a link to "pipe:[N]", no path, written into
check "export -o /dev/stdout into a pipe" "run_id" \
    "$("$ISOLAB" --db "$db" export surface -o /dev/stdout 2>&1 | head -1 | cut -d, -f1)"

# plot -o DIR where a CSV's name is the database: refused, nothing written
mkdir pl && ln -s "$db" pl/channels.csv
before=$(cksum <"$db")
"$ISOLAB" --db "$db" plot channels -o pl 2>err.txt
check "plot: a CSV whose name is the database is refused" \
    "3 isolab plot: pl/channels.csv: that is the database isolab has open ($db); nothing was written; name another file" \
    "$? $(cat err.txt)"
check "plot: the database unchanged" "$before" "$(cksum <"$db")"

# a file-size limit (ulimit -f) is a write error like a full disk: exit 7,
# its message, no temporary left (SIGXFSZ does not kill isolab)
echo old >big.csv
(ulimit -f 64; "$ISOLAB" --db "$db" export --sql \
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 100000) SELECT x FROM c' -o big.csv) 2>err.txt
check "export -o over a file-size limit: exit 7" "7 isolab export: big.csv: cannot write: File too large" "$? $(cat err.txt)"
check "export -o over a file-size limit: the old file kept, no temporary" "old" "$(cat big.csv; ls -A | grep tmp-)"

# ---- signals: temporaries removed, "interrupted; nothing was written" -----
# Each command is stopped once its temporary exists (a handshake on the
# file, or on a stand-in gnuplot that says it has started, then blocks).
# A background job of sh ignores SIGINT; env gives it back its default.
if env --default-signal=INT true 2>/dev/null; then dflt="env --default-signal=INT,TERM,HUP"; else dflt=; fi
# started MARK : the handshake MARK is there: a file matching the glob MARK,
# or (MARK "locked:DB") another process holding DB's write lock
started() {
    case $1 in
        locked:*) ! sqlite3 "${1#locked:}" 'PRAGMA busy_timeout = 0; BEGIN IMMEDIATE; ROLLBACK' >/dev/null 2>&1 ;;
        *) for f in $1; do [ -e "$f" ] && return 0; done; return 1 ;;
    esac
}
# wait_for MARK PID : loops until started MARK; 1 when PID ends first or a
# minute passes (a busy machine may take seconds to start it)
wait_for() {
    end=$(($(date +%s) + 60))
    while kill -0 "$2" 2>/dev/null && [ "$(date +%s)" -lt "$end" ]; do
        started "$1" && return 0
    done
    started "$1"
}
# stopped NAME SIG WANT_RC CMD... : runs CMD in the background; once the
# handshake $mark is there, sends SIG; checks exit, message ($said: what
# the line says after "interrupted; "), leftovers.
said="nothing was written"
stopped() {
    name=$1 sig=$2 want=$3
    shift 3
    $dflt "$@" 2>sig.err &
    bg=$!
    wait_for "$mark" $bg || not_ok "$name: never started"
    kill -"$sig" $bg
    wait $bg
    rc=$?
    check "$name: SIG$sig, exit $want and the message" "$want interrupted; $said" \
        "$rc $(sed -n 's/^isolab [a-z ]*: //p' sig.err | grep -v '^note: ')"
    check "$name: no temporary left" "" "$(find . scratch -name '*.tmp-*' -o -name 'isolab-page-*')"
}
if [ -n "$dflt" ]; then
    mkdir scratch
    echo old >slow.csv
    mark='.slow.csv.tmp-*'
    stopped "export -o" INT 130 "$ISOLAB" --db "$db" export -o slow.csv --work-limit 1000000000 \
        --sql 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c'
    check "export -o interrupted: the old file kept" old "$(cat slow.csv)"
    mkdir seeds
    printf '%s\n' "INSERT INTO axis(name) SELECT 'a' || x FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL" \
        "SELECT x + 1 FROM c) SELECT max(x) AS x FROM c);" >seeds/slow.sql
    mark='.s.db.tmp-*'
    stopped "init --seeds" TERM 143 "$ISOLAB" --db s.db init --seeds seeds --work-limit 1000000000
    check "init interrupted: no database made" absent "$([ -e s.db ] && echo present || echo absent)"
    # a stand-in gnuplot: says it started, then blocks until stopped; on
    # SIGTERM it says so in gp.stopped (a FIFO the test reads while the plot
    # runs; a plain file after it)
    mkdir bin
    printf '#!/bin/sh\ntrap '"'"'kill $s; echo stopped >"%s/gp.stopped"; exit 143'"'"' TERM\nsleep 600 & s=$!\necho $$ >"%s/gp.started"\nwait $s\n' \
        "$tmp" "$tmp" >bin/gnuplot
    chmod +x bin/gnuplot
    mkfifo gp.stopped
    timeout 60 cat gp.stopped >gp.said &
    listener=$!
    mark=gp.started
    # the plot's CSV is in place when gnuplot starts: the line says so
    said="what it had finished is kept, the rest was not written"
    PATH=$tmp/bin:$PATH stopped "plot" HUP 129 "$ISOLAB" --db "$db" plot channels -o sigplots
    wait $listener
    said="nothing was written"
    if [ "$(cat gp.said)" = stopped ]; then ok "plot: gnuplot stopped with it"
    else not_ok "plot: gnuplot still runs"; kill "$(cat gp.started)"; fi
    rm -f gp.stopped
    check "plot interrupted: no image" "" "$(ls -A sigplots | grep -v '^channels.csv$')"
    rm -f gp.started
    TMPDIR=$tmp/scratch PATH=$tmp/bin:$PATH stopped "page -o" INT 130 "$ISOLAB" --db "$db" page -o sig.html
    check "page interrupted: no page, scratch directory removed" "" "$(ls -A scratch; ls sig.html 2>/dev/null)"
    kill "$(cat gp.started)" 2>/dev/null
    # the commands that replace a database or write into one: stopped by
    # each signal, the database is the one it was, byte for byte, under its
    # own inode, and sound
    "$ISOLAB" --db f.db init >/dev/null 2>&1
    kept="$(cksum <f.db) $(ls -i f.db | awk '{ print $1 }') ok"
    for s in INT:130 TERM:143 HUP:129; do
        sig=${s%:*} want=${s#*:}
        mark='.f.db.tmp-*'
        stopped "init --force" $sig $want "$ISOLAB" --db f.db init --force --seeds seeds --work-limit 1000000000
        check "init --force interrupted by SIG$sig: the old database kept" "$kept" \
            "$(cksum <f.db) $(ls -i f.db | awk '{ print $1 }') $(q f.db 'PRAGMA integrity_check')"
        stopped "lesson --fresh" $sig $want "$ISOLAB" --db f.db lesson --fresh --seeds seeds --work-limit 1000000000
        check "lesson --fresh interrupted by SIG$sig: the old database kept" "$kept" \
            "$(cksum <f.db) $(ls -i f.db | awk '{ print $1 }') $(q f.db 'PRAGMA integrity_check')"
        mark=locked:f.db
        stopped "load" $sig $want "$ISOLAB" --db f.db load --work-limit 1000000000 seeds/slow.sql
        check "load interrupted by SIG$sig: the database as it was" "$kept" \
            "$(cksum <f.db) $(ls -i f.db | awk '{ print $1 }') $(q f.db 'PRAGMA integrity_check')"
    done
else
    echo "skip - signal tests (env --default-signal is missing)"
fi

# the runs that wrote to /dev/full are still recorded whole (run is
# committed before its line is printed) and the database is sound
check "integrity after output errors" ok "$(q "$db" 'PRAGMA integrity_check')"
finish
