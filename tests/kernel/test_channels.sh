#!/bin/sh
# isolab probe --channel, from the command line: perf and strace attached
# for real to a workload inside strict (root, namespaces), on small loops
# and one round (the figures come from make bench-channels, never from
# here). Qualitative only, never a timing: the sample count grows with the
# rate; strace's cost on the sys loop exceeds perf's at 99 Hz; the perf
# file carries the host's hostname, which is not the sandbox's (as strace's
# uname result shows it); every sample count carried the same facts; the
# files are kept only with --keep and no scratch directory is left; a
# missing program skips naming its Debian package; a channel without a
# program is not measurable here; usage errors; the lesson's printed block
# stays byte-identical. First, the views on rows worked by hand. Where
# perf, strace or namespaces are missing the suite then skips, saying why
# (a failure under CI=true).
#
# POSIX sh; env ISOLAB = the binary. Last line "N passed, M failed".
set -u
. "$(dirname "$0")/../lib/shlib.sh"

"$ISOLAB" probe --help >"$tmp/help" 2>&1
check "probe --help exits 0" 0 $?
for o in --channel --rate --workload --rounds --iterations --keep; do
    if grep -q -- "$o" "$tmp/help"; then ok "probe --help lists $o"; else not_ok "probe --help lists $o"; fi
done

# the views on rows worked by hand (no kernel needed): each round's cost
# against its own unobserved loop, the median and range over the rounds,
# an even count's median the mean of the middle two; a fact carried by
# either workload's file is carried
H=$tmp/hand.db
"$ISOLAB" --db "$H" init >/dev/null 2>&1 || not_ok "init of the hand-worked database"
q "$H" "INSERT INTO run(id, kind, started_at, status) VALUES
  (900, 'channel-probe', '2026-12-01', 'done'), (901, 'channel-probe', '2026-12-01', 'done'),
  (902, 'channel-probe', '2026-12-01', 'done');
INSERT INTO channel_probe VALUES
  (900, 'sampling-profile', 'cpu', 'strict', 'kernel', 'perf', 1, 3, 'm', 'r'),
  (901, 'system-call-tracing', 'sys', 'strict', 'kernel', 'strace', 1, 2, 'm', 'r'),
  (902, 'system-call-tracing', 'cpu', 'strict', 'kernel', 'strace', 1, 1, 'm', 'r');
INSERT INTO channel_probe_round VALUES
  (900, 1, 1, 'unobserved', NULL, 1.0, 2.0, NULL, 1, 1, 0, NULL), (900, 1, 2, 'observed', 99, 1.01, 2.2, 0.1, 1, 1, 0, 10),
  (900, 2, 1, 'observed', 99, 2.1, 2.0, 0.1, 1, 1, 0, 20), (900, 2, 2, 'unobserved', NULL, 2.0, 2.0, NULL, 1, 1, 0, NULL),
  (900, 3, 1, 'unobserved', NULL, 1.0, 1.0, NULL, 1, 1, 0, NULL), (900, 3, 2, 'observed', 99, 1.5, 1.1, 0.1, 1, 1, 0, 10),
  (901, 1, 1, 'unobserved', NULL, 1.0, 1.0, NULL, 1, 1, 5, NULL), (901, 1, 2, 'observed', NULL, 2.0, 4.0, 0.5, 1, 1, 5, 5),
  (901, 2, 1, 'observed', NULL, 4.0, 4.0, 0.5, 1, 1, 5, 5), (901, 2, 2, 'unobserved', NULL, 1.0, 1.0, NULL, 1, 1, 5, NULL),
  (902, 1, 1, 'unobserved', NULL, 1.0, 1.0, NULL, 1, 1, 0, NULL), (902, 1, 2, 'observed', NULL, 1.0, 1.0, 0.1, 1, 1, 0, 3);
INSERT INTO channel_probe_output VALUES
  (900, 99, 10, 'hostname', 'yes', 'perf header: hostname', 'h'),
  (901, NULL, 5, 'hostname', 'yes', 'uname result: nodename', 'h'),
  (902, NULL, 3, 'hostname', 'no', 'uname result: nodename', '');" >/dev/null
check "channel_cost_observed on rows worked by hand (medians 5 % and 10 %, range 1 to 50; an even count: 200 %)" \
    "sampling-profile|cpu|99|3|5.0|10.0|1.0|50.0|3.0
system-call-tracing|cpu||1|0.0|0.0|0.0|0.0|34.0
system-call-tracing|sys||2|200.0|300.0|100.0|300.0|34.0" \
    "$(q "$H" "SELECT channel, workload, rate, rounds, round(cpu_cost_pct, 3), round(wall_cost_pct, 3), round(cpu_cost_min, 3),
                      round(cpu_cost_max, 3), model_cost_pct FROM channel_cost_observed")"
check "channel_output_fact: a fact one workload's file carried is carried" "system-call-tracing|hostname|yes" \
    "$(q "$H" "SELECT channel, fact, carried FROM channel_output_fact WHERE channel = 'system-call-tracing' AND fact = 'hostname'")"
check "channel_output_fact: the model's facts of the channel not read from the file" "5|no" \
    "$(q "$H" "SELECT count(*), group_concat(DISTINCT carried) FROM channel_output_fact
                WHERE channel = 'system-call-tracing' AND how = 'not read from the file'")"
check "channel_sample_sweep: samples at 99 Hz, least and most over the rounds" "99|10|10|20|1|hostname" \
    "$(q "$H" "SELECT rate, samples, samples_min, samples_max, facts_carried, facts FROM channel_sample_sweep
                WHERE channel = 'sampling-profile'")"

[ "$(id -u)" = 0 ] || skip_suite "not root: strict is built in kernel order as root here"
unshare --user --map-root-user --pid --fork --mount --net --uts true 2>"$tmp/unshare.err" ||
    skip_suite "namespaces are not available here: $(head -n 1 "$tmp/unshare.err")"
for p in perf strace; do
    "$p" --version >/dev/null 2>&1 || skip_suite "$p does not run here"
done

A=$tmp/a.db
fresh_db "$A" || { not_ok "lesson --fresh"; cat "$tmp/lesson.err"; finish; }
mkdir "$tmp/scratch"
export TMPDIR="$tmp/scratch"

# usage errors, before anything runs
"$ISOLAB" --db "$A" probe --rate 99 --subsets >/dev/null 2>"$tmp/err"
check "--rate (the lesson's channel) with --subsets: usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --channel system-call-tracing --rate 99 >/dev/null 2>"$tmp/err"
check "--rate for a channel without one: usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --channel sampling-profile --workload disk >/dev/null 2>"$tmp/err"
check "--workload disk: usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --channel no-such-channel >/dev/null 2>"$tmp/err"
check "an unknown channel: exit 3" 3 $?
check "nothing was written by the refused probes" 0 "$(q "$A" "SELECT count(*) FROM run WHERE kind = 'channel-probe'")"

# a missing program skips, naming the Debian package; nothing is written
PATH=/nonexistent "$ISOLAB" --db "$A" probe --channel sampling-profile >/dev/null 2>"$tmp/err"
check "perf missing: skipped (exit 6)" 6 $?
if grep -q "linux-perf" "$tmp/err"; then ok "the skip names the package linux-perf"
else not_ok "the skip names the package linux-perf"; cat "$tmp/err"; fi
PATH=/nonexistent "$ISOLAB" --db "$A" probe --channel system-call-tracing >/dev/null 2>"$tmp/err"
check "strace missing: skipped (exit 6)" 6 $?
if grep -q "package strace" "$tmp/err"; then ok "the skip names the package strace"
else not_ok "the skip names the package strace"; cat "$tmp/err"; fi

# a channel of a lesson with no program to attach it
cat >"$tmp/channel.sql" <<'EOF'
INSERT INTO channel(name, lesson, cost_pct) VALUES ('memory-pressure-events', NULL, 5);
INSERT INTO channel_fact(channel, fact) VALUES ('memory-pressure-events', 'memory-used');
EOF
"$ISOLAB" --db "$A" load "$tmp/channel.sql" >/dev/null 2>"$tmp/err" || { not_ok "a channel added"; cat "$tmp/err"; }
"$ISOLAB" --db "$A" probe --channel memory-pressure-events >/dev/null 2>"$tmp/err"
check "a channel without a program: exit 3" 3 $?
if grep -q "not measurable here" "$tmp/err"; then ok "it is said to be not measurable here"
else not_ok "it is said to be not measurable here"; cat "$tmp/err"; fi

# perf on the cpu loop inside strict at 99 and 9999 Hz, its files kept
# (no --channel: the lesson's, sampling-profile; no --bundle: the focus's, strict)
if "$ISOLAB" --db "$A" probe --rate 99 --rate 9999 --rounds 1 --iterations 40000000 \
    --keep "$tmp/kept" >"$tmp/out" 2>"$tmp/err"; then ok "perf on the cpu loop inside strict"
else not_ok "perf on the cpu loop inside strict"; cat "$tmp/err"; finish; fi
run=$(q "$A" "SELECT max(id) FROM run WHERE kind = 'channel-probe'")
check "the run's channel, bundle and order: the lesson's" "sampling-profile|strict|kernel" \
    "$(q "$A" "SELECT channel, bundle, build_order FROM channel_probe WHERE run_id = $run")"
check "one round: unobserved, 99 Hz, 9999 Hz, forward" "1|unobserved|
2|observed|99
3|observed|9999" "$(q "$A" "SELECT position, condition, rate FROM channel_probe_round WHERE run_id = $run ORDER BY position")"
s99=$(q "$A" "SELECT events FROM channel_probe_round WHERE run_id = $run AND rate = 99")
s9999=$(q "$A" "SELECT events FROM channel_probe_round WHERE run_id = $run AND rate = 9999")
if [ "${s99:-0}" -ge 1 ] && [ "${s9999:-0}" -gt "$s99" ]; then ok "the sample count grows with the rate ($s99 at 99 Hz, $s9999 at 9999 Hz)"
else not_ok "the sample count grows with the rate ($s99 at 99 Hz, $s9999 at 9999 Hz)"; fi
# the files, read by perf itself: its samples are the rows' counts
n=$(perf script -F pid -i "$tmp/kept/perf-9999hz-r1.data" 2>/dev/null | grep -c .)
check "the kept file holds the samples counted" "$s9999" "$n"
check "the same facts at every sample count" 1 \
    "$(q "$A" "SELECT count(DISTINCT facts) FROM channel_sample_sweep WHERE channel = 'sampling-profile' AND bundle = 'strict'")"
check "the cpu share is an estimate at every count" "estimate|estimate" \
    "$(q "$A" "SELECT group_concat(carried, '|') FROM channel_probe_output WHERE run_id = $run AND fact = 'cpu-share'")"

# strace on the sys loop inside strict: the sandbox's hostname in its uname results
if "$ISOLAB" --db "$A" probe --channel system-call-tracing --workload sys --rounds 1 --iterations 2000 \
    >"$tmp/out" 2>"$tmp/err"; then ok "strace on the sys loop inside strict"
else not_ok "strace on the sys loop inside strict"; cat "$tmp/err"; finish; fi
inside=$(q "$A" "SELECT o.value FROM channel_probe_output o JOIN channel_probe p USING (run_id)
                  WHERE p.channel = 'system-call-tracing' AND o.fact = 'hostname' ORDER BY o.run_id DESC LIMIT 1")
perfhost=$(q "$A" "SELECT value FROM channel_probe_output WHERE run_id = $run AND fact = 'hostname' AND rate = 99")
host=$(uname -n)
check "perf's header carries the host's hostname" "$host" "$perfhost"
if [ -n "$inside" ] && [ "$inside" != "$host" ]; then ok "... which is not the sandbox's ($inside, from strace's uname results)"
else not_ok "... which is not the sandbox's ('$inside', from strace's uname results)"; fi
check "channel_output_fact: hostname carried by perf under strict" "yes|perf header: hostname" \
    "$(q "$A" "SELECT carried, how FROM channel_output_fact WHERE channel = 'sampling-profile' AND bundle = 'strict' AND fact = 'hostname'")"

# perf at 99 Hz on the same sys loop: strace's cost exceeds it
if "$ISOLAB" --db "$A" probe --channel sampling-profile --workload sys --rate 99 --rounds 1 --iterations 2000 \
    >"$tmp/out" 2>"$tmp/err"; then ok "perf at 99 Hz on the sys loop inside strict"
else not_ok "perf at 99 Hz on the sys loop inside strict"; cat "$tmp/err"; fi
check "strace's cost on the sys loop exceeds perf's at 99 Hz" 1 \
    "$(q "$A" "SELECT (SELECT cpu_cost_pct FROM channel_cost_observed WHERE channel = 'system-call-tracing' AND workload = 'sys')
                    > (SELECT cpu_cost_pct FROM channel_cost_observed WHERE channel = 'sampling-profile' AND workload = 'sys' AND rate = 99)")"
check "channel_cost_observed: the model's costs beside" "3.0|34.0" \
    "$(q "$A" "SELECT group_concat(DISTINCT model_cost_pct) FROM (SELECT model_cost_pct FROM channel_cost_observed ORDER BY channel)" | tr ',' '|')"
check "a channel without a rate has rate NULL" 1 \
    "$(q "$A" "SELECT count(*) FROM channel_cost_observed WHERE channel = 'system-call-tracing' AND rate IS NULL")"

# the files: kept with --keep, no scratch directory left without it
if [ -f "$tmp/kept/perf-99hz-r1.data" ]; then ok "--keep kept perf's files"; else not_ok "--keep kept perf's files"; ls "$tmp/kept"; fi
check "no scratch directory left" "" "$(ls "$tmp/scratch")"
check "no workload, perf or strace left running" "" "$(pgrep -f "$tmp" || true)"

# the columns the README names, and the report as a table
check "channel_cost_observed's columns" "channel,workload,rate,rounds,cpu_cost_pct,wall_cost_pct,cpu_cost_min,cpu_cost_max,model_cost_pct" \
    "$(q "$A" "SELECT group_concat(name, ',') FROM pragma_table_info('channel_cost_observed')")"
check "channel_output_fact's columns" "channel,bundle,fact,carried,how,model_shows,returns" \
    "$(q "$A" "SELECT group_concat(name, ',') FROM pragma_table_info('channel_output_fact')")"
"$ISOLAB" --db "$A" report channel_cost_observed channel_output_fact >"$tmp/report" 2>"$tmp/err"
check "report channel_cost_observed channel_output_fact exits 0" 0 $?
if grep -q "sampling-profile" "$tmp/report" && grep -q "perf header: hostname" "$tmp/report"; then ok "... and prints both tables"
else not_ok "... and prints both tables"; cat "$tmp/report"; fi

# the lesson's printed block is byte-identical
"$ISOLAB" --db "$A" lesson >"$tmp/lesson.after" 2>/dev/null
if cmp -s "$tmp/lesson.after" tests/expected/lesson.txt; then ok "after channel probes, isolab lesson is byte-identical"
else not_ok "after channel probes, isolab lesson is byte-identical"; diff "$tmp/lesson.after" tests/expected/lesson.txt | head; fi

finish
