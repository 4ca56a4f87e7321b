#!/bin/sh
# Output errors are errors: every command whose stdout (or -o file) cannot
# be written ends with "isolab CMD: cannot write ..." and exit 7, whether
# the disk is full (/dev/full) or the reader has gone (a closed pipe).
#
# POSIX sh; env ISOLAB = the binary. Last line: "N passed, M failed".
. "$(dirname "$0")/shlib.sh"
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
full "$ISOLAB" --db "$db" run
full "$ISOLAB" --db "$db" check
full "$ISOLAB" --db "$db" sweep removal
full "$ISOLAB" --help
full "$ISOLAB" --version
full "$ISOLAB" run --help
full "$ISOLAB" help export

# a reader that is gone: exit 7 too, not a silent death by SIGPIPE. The
# reader closes its end of the pipe, then says so on a FIFO; only then does
# isolab start writing.
mkfifo "$tmp/gone"
( read -r _ <"$tmp/gone"; "$ISOLAB" --db "$db" export fact_status 2>"$tmp/err"; echo $? >"$tmp/rc" ) \
    | { exec 0<&-; echo closed >"$tmp/gone"; }
rc=$(cat "$tmp/rc")
if [ "$rc" = 7 ] && grep -q "cannot write" "$tmp/err"; then ok "closed pipe: exit 7"; else not_ok "closed pipe: exit $rc, stderr: $(cat "$tmp/err")"; fi

# the runs that wrote to /dev/full are still recorded whole (run is
# committed before its line is printed) and the database is sound
check "integrity after output errors" ok "$(q "$db" 'PRAGMA integrity_check')"
finish
