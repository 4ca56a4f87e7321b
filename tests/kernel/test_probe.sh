#!/bin/sh
# isolab probe and import, from the command line: a probe of this machine
# (root, namespaces) writes one run of kind 'probe'; observed_vs_model shows
# plain visible everywhere and agreeing; its model column is the model's
# own rule (the 'run' run's fact_status, computed apart); it stays current
# when lessons bring channels alone, and goes stale when a mechanism or a
# fact changes; a second
# database probed as --machine other, edited to stand for another kernel,
# is imported and shows both machines and the cell where kernels differ;
# import refuses another model (both digests named), a file that is no
# isolab database and one whose table is a view; observed rows leave the
# lesson's printed block byte-identical and check unchanged; model order
# is refused without privileges; usage errors and --help.
# Where namespaces are not available the suite skips, saying why (a
# failure under CI=true).
#
# POSIX sh; env ISOLAB = the binary. Last line "N passed, M failed".
set -u
. "$(dirname "$0")/../lib/shlib.sh"

# --help first: it needs no kernel
for c in probe import; do
    "$ISOLAB" "$c" --help >"$tmp/help" 2>&1
    check "$c --help exits 0" 0 $?
done
"$ISOLAB" probe --help >"$tmp/help" 2>&1
for w in ok skipped refused substitute failed; do
    if grep -q "step (.*\b$w\b" "$tmp/help"; then ok "probe --help lists the step status $w"; else not_ok "probe --help lists the step status $w"; fi
done
for o in --bundle --members --order --subsets --machine; do
    if grep -q -- "$o" "$tmp/help"; then ok "probe --help lists $o"; else not_ok "probe --help lists $o"; fi
done

# where a probe can run at all
[ "$(id -u)" = 0 ] || skip_suite "not root: a probe of every set in both orders needs root"
unshare --user --map-root-user --pid --fork --mount --net --uts true 2>"$tmp/unshare.err" ||
    skip_suite "namespaces are not available here: $(head -n 1 "$tmp/unshare.err")"

A=$tmp/a.db
fresh_db "$A" || { not_ok "lesson --fresh"; cat "$tmp/lesson.err"; finish; }
cp "$tmp/lesson.out" "$tmp/lesson.before"

# usage errors, before anything is probed
"$ISOLAB" --db "$A" probe --subsets --bundle plain >/dev/null 2>"$tmp/err"
check "probe --subsets --bundle: usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --machine '' >/dev/null 2>"$tmp/err"
check "probe --machine '': usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --bundle no-such-bundle >/dev/null 2>"$tmp/err"
check "probe --bundle no-such-bundle: exit 3" 3 $?
if grep -q "no-such-bundle" "$tmp/err"; then ok "the unknown name is said"; else not_ok "the unknown name is said"; cat "$tmp/err"; fi
"$ISOLAB" --db "$A" probe --bundle plain --members plain >/dev/null 2>"$tmp/err"
check "a set named twice: usage error (exit 2)" 2 $?
"$ISOLAB" --db "$A" probe --order sideways >/dev/null 2>"$tmp/err"
check "probe --order sideways: usage error (exit 2)" 2 $?
check "nothing was written by the refused probes" 0 "$(q "$A" "SELECT count(*) FROM run WHERE kind = 'probe'")"

# the page without a probe says how to run one
"$ISOLAB" --db "$A" page --static -o "$tmp/before.html" 2>/dev/null
if grep -q "No probe of the model as it is now" "$tmp/before.html" && grep -q "isolab --db [^ ]*a.db probe" "$tmp/before.html"; then
    ok "page without a probe: the section says how to run one"
else not_ok "page without a probe: the section says how to run one"; fi

# the observed views without a probe say how to make one, not a lesson's command
for v in observed_vs_model observed_summary observed_differences observed_kernel_differences; do
    "$ISOLAB" --db "$A" report "$v" >/dev/null 2>"$tmp/err"
    if grep -q "no probe yet: run 'isolab --db [^ ]*a.db probe'" "$tmp/err" && ! grep -q "isolab lesson" "$tmp/err"; then
        ok "report $v without a probe: the note advises isolab probe"
    else not_ok "report $v without a probe: the note advises isolab probe"; cat "$tmp/err"; fi
done

# the probe of this machine: plain, each mechanism and every bundle, both orders
host=$(uname -n)
if "$ISOLAB" --db "$A" probe >"$tmp/probe.out" 2>"$tmp/probe.err"; then ok "probe exits 0"
else not_ok "probe exits 0"; cat "$tmp/probe.err"; finish; fi
check "probe writes one run of kind probe" 1 "$(q "$A" "SELECT count(*) FROM run WHERE kind = 'probe'")"
sets=$(q "$A" "SELECT 2 * ((SELECT count(*) FROM bundle) + (SELECT count(*) FROM mechanism))")
check "plain, each mechanism and every bundle in both orders: $sets sets" "$sets" \
    "$(q "$A" "SELECT count(*) FROM probe_set")"
check "the provenance: machine (host name), uid 0, privileged, cgroup version" "$host|0|1|1" \
    "$(q "$A" "SELECT machine, uid, privileged, cgroup_version IN (1, 2) FROM probe_provenance")"
check "the kernel release is uname -r's" "$(uname -r)" "$(q "$A" "SELECT kernel_release FROM probe_provenance")"
check "every set has a row per fact of the model" 0 \
    "$(q "$A" "SELECT count(*) FROM probe_set s WHERE (SELECT count(*) FROM probe_fact f WHERE f.run_id = s.run_id
                AND f.set_no = s.set_no) <> (SELECT count(*) FROM fact)")"
check "probe_measurable names the registries' facts, all of the model's" \
    "$(q "$A" "SELECT count(*) FROM fact")" \
    "$(q "$A" "SELECT count(*) FROM probe_measurable m JOIN fact f ON f.name = m.name WHERE m.what = 'fact'")"
check "every step has a status and a primitive" 0 \
    "$(q "$A" "SELECT count(*) FROM probe_step WHERE primitive = '' OR status NOT IN ('ok', 'skipped', 'refused', 'substitute', 'failed')")"

# observed_vs_model: its columns, and plain observes all 24, agreeing
check "observed_vs_model's columns" "machine,kernel_release,bundle,build_order,fact,model_visible,observed_visible,agree,via" \
    "$("$ISOLAB" --db "$A" export observed_vs_model --format csv | head -n 1)"
nfacts=$(q "$A" "SELECT count(*) FROM fact")
"$ISOLAB" --db "$A" report observed_vs_model --format csv >"$tmp/ovm.csv" 2>"$tmp/err"
check "report observed_vs_model: plain visible and agreeing in both orders, every fact" "$((2 * nfacts))" \
    "$(grep -c "^$host,[^,]*,plain,\(model\|kernel\),[^,]*,1,1,1," "$tmp/ovm.csv")"
"$ISOLAB" --db "$A" report observed_vs_model >"$tmp/ovm.txt" 2>&1
check "report observed_vs_model as a table: a line per fact and set, two heading lines" "$((sets * nfacts + 2))" \
    "$(wc -l <"$tmp/ovm.txt" | tr -d ' ')"
check "via: the deciding sources, ', '-separated (a source's name may hold a space)" \
    "uname().nodename, /proc/sys/kernel/hostname" \
    "$(q "$A" "SELECT DISTINCT via FROM observed_vs_model WHERE bundle = 'plain' AND fact = 'hostname'")"
# model_visible is the model's rule: the 'run' run's fact_status, computed apart
check "model_visible = the model's fact_status for every bundle (visible or left-open)" 0 \
    "$(q "$A" "SELECT count(*) FROM observed_vs_model o
                JOIN fact_status s ON s.bundle = o.bundle AND s.fact = o.fact AND s.channel = 'sampling-profile'
                 AND s.run_id = (SELECT max(id) FROM run WHERE kind = 'run')
               WHERE o.model_visible <> (s.status IN ('visible', 'left-open'))")"
check "... and every bundle of the model was compared so" "$((2 * nfacts * $(q "$A" "SELECT count(*) FROM bundle")))" \
    "$(q "$A" "SELECT count(*) FROM observed_vs_model o JOIN bundle b ON b.name = o.bundle")"
check "observed_summary: plain agrees on every fact in both orders" "$nfacts|$nfacts" \
    "$(q "$A" "SELECT group_concat(agree, '|') FROM observed_summary WHERE bundle = 'plain'")"
check "observed_differences lists exactly the disagreeing cells" \
    "$(q "$A" "SELECT count(*) FROM observed_vs_model WHERE agree = 0")" \
    "$(q "$A" "SELECT count(*) FROM observed_differences")"
# an explanation comes only from a mechanism the probe built: the step of an
# explained cell's mechanism, edited to 'refused' in a copy, explains nothing
cp "$A" "$tmp/unbuilt.db"
cell=$(q "$A" "SELECT bundle || '|' || build_order || '|' || fact || '|' || mechanism FROM observed_differences
               WHERE mechanism IS NOT NULL LIMIT 1")
if [ -n "$cell" ]; then
    IFS='|' read -r cb co cf cm <<EOF3
$cell
EOF3
    sqlite3 "$tmp/unbuilt.db" "UPDATE probe_step SET status = 'refused' WHERE mechanism = '$cm'
        AND (run_id, set_no) IN (SELECT run_id, set_no FROM latest_probe WHERE bundle = '$cb' AND build_order = '$co')"
    check "an explanation of a mechanism not built is not drawn ($cm, $cf in $cb, $co order)" 0 \
        "$(q "$tmp/unbuilt.db" "SELECT count(*) FROM observed_differences WHERE bundle = '$cb' AND build_order = '$co'
                                AND fact = '$cf' AND mechanism = '$cm'")"
else not_ok "this kernel shows an explained difference (PROBE.md's seven)"; fi
for v in observed_vs_model observed_summary observed_differences observed_kernel_differences probe_set probe_fact; do
    if "$ISOLAB" --db "$A" export --list | grep -q "^$v .*[0-9]  [A-Z]"; then ok "export --list names and describes $v"
    else not_ok "export --list names and describes $v"; fi
done

# observed rows never change the lesson's printed block, its claims or check
"$ISOLAB" --db "$A" lesson >"$tmp/lesson.after" 2>"$tmp/lesson.err"
if cmp -s "$tmp/lesson.after" tests/expected/lesson.txt; then ok "after a probe, isolab lesson is byte-identical to the lesson's block"
else not_ok "after a probe, isolab lesson is byte-identical to the lesson's block"; diff "$tmp/lesson.after" tests/expected/lesson.txt | head; fi
check "after a probe, check counts as before" "check: 34 passed, 0 failed, 9 pending of 43 claims" \
    "$(sed 's/ (run [0-9]*)$//' "$tmp/lesson.err")"

# the page: the section of each lesson, a matrix per machine
"$ISOLAB" --db "$A" page --static -o "$tmp/page.html" 2>/dev/null
check "page: a section 'The kernel beside the model' per lesson" "$(q "$A" "SELECT count(*) FROM lesson")" \
    "$(grep -c '<h3>The kernel beside the model</h3>' "$tmp/page.html")"
check "page: every disagreement of a lesson's bundles is marked" \
    "$(q "$A" "SELECT count(*) FROM lesson l JOIN observed_differences d ON d.bundle IN (SELECT name FROM bundle)")" \
    "$(grep -o '<td class="nw st st-[a-z]* differs">' "$tmp/page.html" | wc -l | tr -d ' ')"
check "page: ... and explained once per difference (fact, values, sources, explanation)" \
    "$(q "$A" "SELECT count(*) FROM lesson l JOIN (SELECT DISTINCT fact, model_visible, observed_visible, via, explanation
                FROM observed_differences WHERE bundle IN (SELECT name FROM bundle))")" \
    "$(grep -c '^<li id="kernel-' "$tmp/page.html")"
if grep -q '^<li id="kernel-.*No explanation is on record' "$tmp/page.html"; then
    not_ok "page: every difference on this kernel has an explanation"
else ok "page: every difference on this kernel has an explanation"; fi

# a second machine: a database probed as --machine other, then edited to
# stand for another kernel that shows one closed cell visible
B=$tmp/b.db
"$ISOLAB" --db "$B" init >/dev/null
if "$ISOLAB" --db "$B" probe --machine other --bundle plain --bundle common >/dev/null 2>"$tmp/err"; then
    ok "probe --machine other --bundle plain --bundle common"
else not_ok "probe --machine other --bundle plain --bundle common"; cat "$tmp/err"; fi
check "--bundle: only those sets, both orders" 4 "$(q "$B" "SELECT count(*) FROM probe_set")"
sqlite3 "$B" "UPDATE probe_provenance SET kernel_release = '5.15.0-other';
              UPDATE probe_fact SET observed = 'visible', via = 'edited'
               WHERE fact = 'hostname' AND set_no IN (SELECT set_no FROM probe_set WHERE bundle = 'common');"
check "common closes hostname on this kernel (in both orders)" 0 \
    "$(q "$A" "SELECT count(*) FROM observed_vs_model WHERE bundle = 'common' AND fact = 'hostname' AND observed_visible <> 0")"
if "$ISOLAB" --db "$A" import "$B" >"$tmp/import.out" 2>"$tmp/err"; then ok "import exits 0"
else not_ok "import exits 0"; cat "$tmp/err"; fi
check "import says what it copied" "imported 1 probe run ($(q "$B" "SELECT row_count FROM run_written w JOIN run r ON r.id = w.run WHERE r.kind = 'probe'") rows) from $B into $A" \
    "$(cat "$tmp/import.out")"
check "observed_vs_model: both machines" "$(printf '%s\n' "$host" other | sort)" \
    "$(q "$A" "SELECT DISTINCT machine FROM observed_vs_model" | sort)"
check "the imported run keeps its provenance" "other|5.15.0-other" \
    "$(q "$A" "SELECT machine, kernel_release FROM probe_provenance WHERE machine = 'other'")"
check "the imported run's rows are counted (runs reads it without damage)" 0 \
    "$("$ISOLAB" --db "$A" runs --kind probe >/dev/null 2>&1; echo $?)"
check "observed_kernel_differences: the edited cell, in both orders" \
    "common|model|hostname|0|other (5.15.0-other)|$host ($(uname -r))
common|kernel|hostname|0|other (5.15.0-other)|$host ($(uname -r))" \
    "$(q "$A" "SELECT * FROM observed_kernel_differences")"
"$ISOLAB" --db "$A" page --static -o "$tmp/two.html" 2>/dev/null
check "page with two machines: a matrix per machine in each lesson" "$((2 * $(q "$A" "SELECT count(*) FROM lesson")))" \
    "$(grep -c '<table class="kernel">' "$tmp/two.html")"
check "... every note's id once on the page" "" "$(grep -o ' id="kernel-[^"]*"' "$tmp/two.html" | sort | uniq -d)"
# other was probed for plain and common only: each lesson's matrix of it
# says which of the lesson's bundles are not probed, with the command
if grep -q "Not probed on other for the model as it is now: [^<]*strict" "$tmp/two.html" &&
    grep -q "isolab --db [^ ]*a.db probe [^<]*--bundle strict" "$tmp/two.html"; then
    ok "page: the bundles a machine has no probe of are said, with the command"
else not_ok "page: the bundles a machine has no probe of are said, with the command"; fi
check "... never for a bundle probed there (plain, common)" 0 \
    "$(grep -o 'Not probed on other[^<]*' "$tmp/two.html" | grep -c ': \(.*, \)\{0,1\}\(plain\|common\)\(,\|\.\)')"
check "... nor for the machine that probed them all" 0 "$(grep -c "Not probed on $host " "$tmp/two.html")"
"$ISOLAB" --db "$A" import "$B" >"$tmp/import2.out" 2>"$tmp/err"
check "importing again copies nothing" "imported 0 probe runs (0 rows) from $B into $A" "$(cat "$tmp/import2.out")"
if grep -q "1 probe run of .* was here already" "$tmp/err"; then ok "... and says the run was here already"
else not_ok "... and says the run was here already"; cat "$tmp/err"; fi

# prune keeps each machine's latest probe of each set, whatever --keep
"$ISOLAB" --db "$A" probe --bundle plain --order kernel >/dev/null 2>&1
rows=$(q "$A" "SELECT count(*) FROM observed_vs_model")
"$ISOLAB" --db "$A" prune --keep 0 --kind probe --all >/dev/null 2>"$tmp/err"
check "prune --keep 0 --kind probe: the three probe runs each hold a latest set, kept" "3|$rows" \
    "$(q "$A" "SELECT count(*) FROM run WHERE kind = 'probe'")|$(q "$A" "SELECT count(*) FROM observed_vs_model")"
check "the newer probe of plain in kernel order is the one shown" \
    "$(q "$A" "SELECT max(id) FROM run WHERE kind = 'probe'")" \
    "$(q "$A" "SELECT run_id FROM latest_probe WHERE machine = '$host' AND bundle = 'plain' AND build_order = 'kernel'")"

# a probe records the model's side: after the model changes it is stale, not shown, and the note says so
cp "$A" "$tmp/stale.db"
sqlite3 "$tmp/stale.db" "INSERT INTO axis(name) VALUES ('an-axis-no-fact-is-on')"
"$ISOLAB" --db "$tmp/stale.db" report observed_vs_model --format csv >"$tmp/stale.out" 2>"$tmp/stale.err"
check "after a model change: observed_vs_model shows no probe of the older model (its header alone)" 1 \
    "$(wc -l <"$tmp/stale.out" | tr -d ' ')"
if grep -q "isolab --db [^ ]*stale.db probe" "$tmp/stale.err"; then ok "... and the stale note names isolab probe"
else not_ok "... and the stale note names isolab probe"; cat "$tmp/stale.err"; fi

# a probe reads the facts, mechanisms and bundles, never a channel: lessons that bring channels
# alone (the tracing lesson; three channels over facts of the course) leave it current
cp "$A" "$tmp/chan.db"
rows=$(q "$A" "SELECT count(*) FROM observed_vs_model")
cat >"$tmp/channels.sql" <<'SQL'
INSERT INTO lesson(code, title, position) VALUES ('T/C1', 'Three channels more', 9);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('chan-a', 'T/C1', 1), ('chan-b', 'T/C1', 2), ('chan-c', 'T/C1', 3);
INSERT INTO channel_fact(channel, position, fact) VALUES
  ('chan-a', 1, 'clock'), ('chan-b', 1, 'own-process-number'), ('chan-c', 1, 'listening-ports');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('T/C1', 'strict', 'chan-a', 'network');
SQL
for f in "$(dirname "$0")/../../lessons/030_M03_K06_in_kernel_tracing.sql" "$tmp/channels.sql"; do
    "$ISOLAB" --db "$tmp/chan.db" load "$f" >/dev/null 2>"$tmp/err" || { not_ok "load $f"; cat "$tmp/err"; }
done
check "lessons of channels alone loaded: no probe is stale" 0 \
    "$(q "$tmp/chan.db" "SELECT count(*) FROM stale_result WHERE kind = 'probe'")"
"$ISOLAB" --db "$tmp/chan.db" report observed_vs_model --format csv >"$tmp/chan.out" 2>"$tmp/chan.err"
check "... observed_vs_model keeps every row (and its header)" "$((rows + 1))" "$(wc -l <"$tmp/chan.out" | tr -d ' ')"
if grep -q "probe" "$tmp/chan.err"; then not_ok "... and no note asks for a probe"; cat "$tmp/chan.err"
else ok "... and no note asks for a probe"; fi
# what it read changed: a mechanism's left-open fact, a fact more
cp "$tmp/chan.db" "$tmp/mech.db"
sqlite3 "$tmp/mech.db" "INSERT INTO left_open(mechanism, fact) VALUES ('control-group', 'clock')"
"$ISOLAB" --db "$tmp/mech.db" report observed_vs_model --format csv >"$tmp/mech.out" 2>"$tmp/mech.err"
check "a mechanism's row changed: the probe is stale, its rows not shown" "1|1" \
    "$(q "$tmp/mech.db" "SELECT count(*) FROM stale_result WHERE kind = 'probe'")|$(wc -l <"$tmp/mech.out" | tr -d ' ')"
if grep -q "isolab --db [^ ]*mech.db probe" "$tmp/mech.err"; then ok "... and the stale note names isolab probe"
else not_ok "... and the stale note names isolab probe"; cat "$tmp/mech.err"; fi
sqlite3 "$tmp/chan.db" "INSERT INTO fact(name, axis, position) SELECT 'a-fact-no-probe-read', 'network', max(position) + 1 FROM fact"
"$ISOLAB" --db "$tmp/chan.db" report observed_summary --format csv >"$tmp/chan.out" 2>/dev/null
check "a fact more: the probe is stale, observed_summary its header alone" "1|1" \
    "$(q "$tmp/chan.db" "SELECT count(*) FROM stale_result WHERE kind = 'probe'")|$(wc -l <"$tmp/chan.out" | tr -d ' ')"

# import compares what a probe reads: a database whose lesson brought channels takes the probe of one
# without them, and shows its rows; a run with no run_scope row, of its file's model as it is, too
for k in 1 2; do
    D=$tmp/d$k.db
    "$ISOLAB" --db "$D" init >/dev/null && "$ISOLAB" --db "$D" load "$tmp/channels.sql" >/dev/null 2>&1
    cp "$B" "$tmp/b$k.db"
    [ "$k" = 2 ] && sqlite3 "$tmp/b$k.db" "DELETE FROM run_scope"
    "$ISOLAB" --db "$D" import "$tmp/b$k.db" >/dev/null 2>"$tmp/err"
    rc=$?
    check "import into a model with channels more ($k): exit 0, observed_vs_model holds the file's rows" \
        "0|$(q "$B" "SELECT count(*) FROM observed_vs_model")" "$rc|$(q "$D" "SELECT count(*) FROM observed_vs_model")"
done

# import refusals: another model (both digests), no isolab database, a view for a table
C=$tmp/c.db
"$ISOLAB" --db "$C" init >/dev/null
sqlite3 "$C" "INSERT INTO axis(name) VALUES ('an-axis-of-another-course')"
"$ISOLAB" --db "$C" runs >/dev/null 2>&1 # isolab records the model's digest as it reads it
"$ISOLAB" --db "$C" run --bundle plain >/dev/null 2>&1
ours=$(q "$A" "SELECT digest FROM model_scope WHERE scope = 'mechanisms'")
theirs=$(q "$C" "SELECT digest FROM model_scope WHERE scope = 'mechanisms'")
runs_before=$(q "$A" "SELECT count(*) FROM run")
"$ISOLAB" --db "$A" import "$C" >/dev/null 2>"$tmp/err"
check "import of another model: exit 3" 3 $?
if grep -q "$ours" "$tmp/err" && grep -q "$theirs" "$tmp/err" && [ "$ours" != "$theirs" ]; then
    ok "... naming both digests"
else not_ok "... naming both digests ($ours, $theirs)"; cat "$tmp/err"; fi
sqlite3 "$tmp/plain.db" "CREATE TABLE t(x)"
"$ISOLAB" --db "$A" import "$tmp/plain.db" >/dev/null 2>"$tmp/err"
check "import of a database that is not isolab's: exit 4" 4 $?
cp "$B" "$tmp/view.db"
sqlite3 "$tmp/view.db" "DROP TABLE probe_fact; CREATE VIEW probe_fact AS SELECT * FROM probe_set"
"$ISOLAB" --db "$A" import "$tmp/view.db" >/dev/null 2>"$tmp/err"
check "import of a file whose table is a view: exit 4" 4 $?
if grep -q "probe_fact" "$tmp/err"; then ok "... naming the table"; else not_ok "... naming the table"; cat "$tmp/err"; fi
# another's labels are shown on terminals and pages: a machine label with
# ESC, a newline and U+202E is refused by the rule --machine follows
cp "$B" "$tmp/label.db"
sqlite3 "$tmp/label.db" "UPDATE probe_provenance SET machine = 'lab' || char(27) || '[31m' || char(10) || char(8238) || 'x'"
"$ISOLAB" --db "$A" import "$tmp/label.db" >"$tmp/out" 2>"$tmp/err"
check "import of a machine label with ESC, newline, U+202E: exit 3" 3 $?
if grep -q 'lab\\033\[31m\\n\\u202ex' "$tmp/err" && ! grep -q "$(printf '\033')" "$tmp/err"; then
    ok "... naming it escaped"
else not_ok "... naming it escaped"; cat -v "$tmp/err"; fi
"$ISOLAB" --db "$A" probe --machine "$(printf 'lab\342\200\256x')" --bundle plain >/dev/null 2>"$tmp/err"
check "probe --machine with U+202E: usage error (exit 2), the same rule" 2 $?
# a label written into a database by hand: the page shows it escaped
cp "$A" "$tmp/bidi.db"
sqlite3 "$tmp/bidi.db" "UPDATE probe_provenance SET machine = 'lab' || char(8238) || 'x' WHERE machine = 'other'"
"$ISOLAB" --db "$tmp/bidi.db" page --static -o "$tmp/bidi.html" 2>/dev/null
if grep -q 'lab\\u202ex' "$tmp/bidi.html" && ! grep -q "$(printf '\342\200\256')" "$tmp/bidi.html"; then
    ok "page: a label's U+202E shown as \\u202e, never raw"
else not_ok "page: a label's U+202E shown as \\u202e, never raw"; grep -c "$(printf '\342\200\256')" "$tmp/bidi.html"; fi
check "the refused imports wrote nothing" "$runs_before" "$(q "$A" "SELECT count(*) FROM run")"
if [ ! -e "$B-wal" ] && [ ! -e "$B-shm" ] && [ ! -e "$tmp/plain.db-wal" ] && [ ! -e "$tmp/view.db-shm" ]; then
    ok "the files imported or refused have nothing left beside them (no -wal, no -shm)"
else not_ok "the files imported or refused have nothing left beside them (no -wal, no -shm)"; ls "$tmp"; fi

# --subsets and --members on a model of two mechanisms (positions 3 and 5)
mkdir "$tmp/two"
cp seeds/*.sql "$tmp/two/" && rm -f "$tmp/two/9"*
cat >"$tmp/two/050_two.sql" <<'EOF2'
DELETE FROM bundle_member WHERE bundle IN ('common', 'strict');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES ('common', 1, 'network-namespace'),
  ('common', 2, 'uts-namespace'), ('strict', 1, 'uts-namespace'), ('strict', 2, 'network-namespace');
DELETE FROM left_open WHERE mechanism NOT IN ('uts-namespace', 'network-namespace');
DELETE FROM mechanism_axis WHERE mechanism NOT IN ('uts-namespace', 'network-namespace');
DELETE FROM mechanism WHERE name NOT IN ('uts-namespace', 'network-namespace');
EOF2
T=$tmp/two.db
"$ISOLAB" --db "$T" init --seeds "$tmp/two" >/dev/null 2>"$tmp/err" || { not_ok "a model of two mechanisms"; cat "$tmp/err"; }
"$ISOLAB" --db "$T" probe --subsets --order kernel >/dev/null 2>"$tmp/err"
check "probe --subsets: every subset in mechanism order, named by its members (the empty one: plain)" \
"plain|
network-namespace|network-namespace
uts-namespace|uts-namespace
network-namespace,uts-namespace|network-namespace,uts-namespace" \
    "$(q "$T" "SELECT bundle, members FROM probe_set WHERE build_order = 'kernel' ORDER BY set_no")"
"$ISOLAB" --db "$T" probe --members strict,-uts-namespace --bundle strict --order model >/dev/null 2>"$tmp/err"
check "probe --members LIST --bundle B: each set as given, its members in its own order" \
"strict,-uts-namespace|model|network-namespace
strict|model|uts-namespace,network-namespace" \
    "$(q "$T" "SELECT bundle, build_order, members FROM probe_set WHERE run_id = (SELECT max(id) FROM run) ORDER BY bundle DESC")"
check "... the model's column for a member list: the model's rule in its own order (host-interfaces closed, hostname visible)" \
    "host-interfaces|0
hostname|1" \
    "$(q "$T" "SELECT fact, model_visible FROM observed_vs_model WHERE bundle = 'strict,-uts-namespace'
               AND fact IN ('hostname', 'host-interfaces') ORDER BY fact")"

# without privileges: model order is refused with the reason
mkdir "$tmp/nobody" && chmod 711 "$tmp" && chmod 777 "$tmp/nobody"
N=$tmp/nobody/n.db
"$ISOLAB" --db "$N" init >/dev/null && chmod 666 "$N"
setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all "$ISOLAB" --db "$N" probe --order model \
    --bundle uts-namespace >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -ne 0 ] && [ "$rc" -ne 70 ]; then ok "model order without privileges is refused (exit $rc)"
else not_ok "model order without privileges is refused (exit $rc)"; fi
if grep -q "model order" "$tmp/err"; then ok "... saying why: $(head -n 1 "$tmp/err")"; else not_ok "... saying why"; cat "$tmp/err"; fi
check "... and writes nothing" 0 "$(q "$N" "SELECT count(*) FROM run WHERE kind = 'probe'")"
if setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all "$ISOLAB" --db "$N" probe \
    --bundle uts-namespace --bundle plain >/dev/null 2>"$tmp/err"; then
    ok "without --order, unprivileged: the probe runs"
    check "... in kernel order only, unprivileged, as nobody" "kernel|0|$(id -u nobody)" \
        "$(q "$N" "SELECT group_concat(DISTINCT build_order), (SELECT privileged || '|' || uid FROM probe_provenance)
                   FROM probe_set")"
    if grep -q "kernel order only" "$tmp/err"; then ok "... and says so"; else not_ok "... and says so"; cat "$tmp/err"; fi
    # uts-namespace alone, unprivileged: no user namespace owns it, so it is
    # refused; what the kernel showed says nothing of it
    check "... a refused step's facts (its axes, by the model) are unmeasured, the step named, no agreement" \
        "$(q "$N" "SELECT count(*) FROM fact f JOIN mechanism_axis a ON a.axis = f.axis WHERE a.mechanism = 'uts-namespace'")|||not built: uts-namespace refused" \
        "$(q "$N" "SELECT count(*), max(observed_visible), max(agree), group_concat(DISTINCT via) FROM observed_vs_model
                   WHERE bundle = 'uts-namespace' AND fact IN (SELECT f.name FROM fact f JOIN mechanism_axis a
                   ON a.axis = f.axis WHERE a.mechanism = 'uts-namespace')")"
    check "... so no explanation is drawn for a mechanism not built" 0 \
        "$(q "$N" "SELECT count(*) FROM observed_differences WHERE bundle = 'uts-namespace'")"
    "$ISOLAB" --db "$N" probe --bundle uts-namespace --order kernel >/dev/null 2>"$tmp/err"
    check "an unprivileged probe is a machine of its own: a privileged one does not replace it" \
        "$host|$host (unprivileged)" \
        "$(q "$N" "SELECT group_concat(machine, '|') FROM (SELECT DISTINCT machine FROM observed_vs_model
                   WHERE bundle = 'uts-namespace' ORDER BY machine)")"
    check "... each step not built as asked said once, with its reason" \
        "$(q "$N" "SELECT count(*) FROM (SELECT DISTINCT mechanism, status, message FROM probe_step
                    WHERE status <> 'ok' AND run_id = (SELECT max(id) FROM run))")" \
        "$(grep -c '^isolab probe: note: [a-z-]* \(skipped\|refused\|substitute\|failed\) in [0-9]* sets\{0,1\}: .' "$tmp/err")"
else
    not_ok "without --order, unprivileged: the probe runs"; cat "$tmp/err"
fi

# the cgroup fix, unprivileged, is a command to run as printed: systemd-run's
# words, then this probe's own command line
# (and the label, alone and after a user namespace: a Landlock substitute
# either way, said once, whatever each set needed for it)
setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all "$ISOLAB" --db "$N" probe \
    --members mandatory-label --members user-namespace,mandatory-label >/dev/null 2>"$tmp/err"
if [ "$(q "$N" "SELECT count(DISTINCT status) || group_concat(DISTINCT status) FROM probe_step
                WHERE mechanism = 'mandatory-label' AND run_id = (SELECT max(id) FROM run)")" = 1substitute ]; then
    check "an unprivileged label substitute in two sets: said once" 1 \
        "$(grep -c '^isolab probe: note: mandatory-label substitute in 2 sets' "$tmp/err")"
else ok "# skip: a labelling LSM is active here (no substitute)"; fi
if setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all "$ISOLAB" --db "$N" probe \
    --members user-namespace,control-group >/dev/null 2>"$tmp/err" &&
    [ "$(q "$N" "SELECT status FROM probe_step WHERE mechanism = 'control-group' AND run_id = (SELECT max(id) FROM run)")" != ok ]; then
    if grep -qF "systemd-run --user --scope -p Delegate=yes $ISOLAB --db $N probe --members user-namespace,control-group" "$tmp/err"
    then ok "the cgroup's fix: systemd-run ... followed by the probe's command, to run as printed"
    else not_ok "the cgroup's fix: systemd-run ... followed by the probe's command, to run as printed"; cat "$tmp/err"; fi
else ok "# skip: a cgroup is delegated to nobody here (no fix to print)"; fi
# leftovers in /tmp: /tmp is anyone's, so the sweep follows no symbolic
# link (a link named as a dead probe's scratch directory, to a directory
# holding "owned"), and a dead probe's own scratch directory is removed
# and called so, apart from the control groups
S=$tmp/sweep.db
"$ISOLAB" --db "$S" init >/dev/null
dead=$(sh -c 'echo $$')
mkdir "$tmp/victim" && : >"$tmp/victim/owned"
ln -s "$tmp/victim" "/tmp/isolab-probe-$dead-evil"
mkdir -m 700 "/tmp/isolab-probe-$dead-left" && : >"/tmp/isolab-probe-$dead-left/owned"
"$ISOLAB" --db "$S" probe --bundle plain --order model >/dev/null 2>"$tmp/sweep.err"
check "the sweep follows no symbolic link in /tmp: the file it points at is kept" yes \
    "$([ -e "$tmp/victim/owned" ] && echo yes)"
check "... nor removes the link" yes "$([ -L "/tmp/isolab-probe-$dead-evil" ] && echo yes)"
check "a dead probe's scratch directory is removed" no "$([ -e "/tmp/isolab-probe-$dead-left" ] && echo yes || echo no)"
if grep -q "^isolab probe: note: removed [0-9]* scratch director" "$tmp/sweep.err"; then
    ok "... and called a scratch directory: $(grep 'scratch director' "$tmp/sweep.err")"
else not_ok "... and called a scratch directory"; cat "$tmp/sweep.err"; fi
rm -f "/tmp/isolab-probe-$dead-evil"; rm -rf "/tmp/isolab-probe-$dead-left"

# diff of two probe runs: rows matched by bundle, order and fact (the sets
# numbered the other way round), the readings that change on every run
# left out; a set only one run built is said by its bundle
D=$tmp/diff.db
"$ISOLAB" --db "$D" init >/dev/null
"$ISOLAB" --db "$D" probe --bundle uts-namespace --bundle plain --order model >/dev/null 2>&1
"$ISOLAB" --db "$D" probe --bundle plain --bundle uts-namespace --order model >/dev/null 2>&1
check "diff of two probe runs of the same sets, numbered apart: no difference" "0 differences from run 1 to run 2" \
    "$("$ISOLAB" --db "$D" diff 1 2 2>&1)"
"$ISOLAB" --db "$D" probe --bundle plain --order model >/dev/null 2>&1
"$ISOLAB" --db "$D" diff 2 3 >"$tmp/diff.out" 2>&1
check "diff of a run without uts-namespace: its set, steps and facts only in the first, by bundle" \
    "$((1 + 1 + $(q "$D" "SELECT count(*) FROM fact")))|0" \
    "$(grep -c "^- probe_[a-z]*: bundle='uts-namespace', build_order='model'" "$tmp/diff.out")|$(grep -c 'set_no\|^[-+] probe_reading' "$tmp/diff.out")"

finish
