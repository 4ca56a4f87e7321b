#!/bin/sh
# The bad-input catalogue: malformed seed files, models, names, command
# lines and database files, each with the exact error isolab must print.
#
# For every case: the exit status is the documented one (include/isolab/
# error.h), stderr is exactly the expected text (program name, file, line,
# offending value), and the database and its -wal file are byte-for-byte
# what they were before (cksum before and after; a database that did not
# exist must still not exist). Names with quotes, spaces, SQL fragments and
# non-ASCII letters are valid and must work: those cases check the rows.
#
# POSIX sh; env ISOLAB = the binary. Last line: "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"   # counters, $tmp, $ISOLAB; the trap below replaces its own
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
chmod 777 "$tmp"   # the unprivileged cases below need to write here
cd "$tmp" || exit 2

# The state of a database: its bytes and its log's, or "absent".
state() {
    for f in "$1" "$1-wal"; do
        if [ -f "$f" ]; then cksum <"$f"; elif [ -e "$f" ] || [ -L "$f" ]; then ls -ld "$f" | cut -c1; else echo absent; fi
    done
}

# Runs as an unprivileged user when we are root (root may write a read-only
# file); empty when not root. Cases needing it are skipped without setpriv.
AS_USER=
if [ "$(id -u)" = 0 ]; then
    if command -v setpriv >/dev/null 2>&1; then
        AS_USER="setpriv --reuid=65534 --regid=65534 --clear-groups"
    else
        AS_USER=none
    fi
fi

# expect NAME STATUS EXPECTED_STDERR DB CMD... : runs CMD in $tmp, checks
# the status, the exact stderr, and that DB is unchanged.
expect() {
    name=$1 want_rc=$2 want_err=$3 db=$4
    shift 4
    before=$(state "$db")
    "$@" >out.txt 2>err.txt
    rc=$?
    got=$(cat err.txt)
    after=$(state "$db")
    if [ "$rc" != "$want_rc" ]; then
        not_ok "$name: exit $rc, expected $want_rc (stderr: $got)"
    elif [ "$got" != "$want_err" ]; then
        not_ok "$name: stderr was
$got
expected
$want_err"
    elif [ "$before" != "$after" ]; then
        not_ok "$name: $db changed"
    else
        ok "$name"
    fi
}

# bad_seed NAME EXPECTED_STDERR FILE : 'isolab load FILE' on a fresh copy
# of the database must fail with status 3 and that message.
bad_seed() {
    cp base.db t.db
    expect "$1" 3 "$2" t.db "$ISOLAB" --db t.db load "$3"
}

"$ISOLAB" --db base.db init >/dev/null || { not_ok "init base.db"; echo "$passed passed, $failed failed"; exit 1; }

# ---- seed files -----------------------------------------------------------
cat >syntax.sql <<'EOF'
-- a lesson with a typo on line 3
INSERT INTO axis(name) VALUES ('a1');
INSERT INTO axis(name) VALUS ('a2');
EOF
bad_seed "seed syntax error at line 3" \
    'isolab load: syntax.sql:3: near "VALUS": syntax error (near "VALUS ('"'"'a2'"'"');")' syntax.sql

printf "\n\nINSERT INTO axes(name) VALUES ('a1');\n" >table.sql
bad_seed "seed names an unknown table" 'isolab load: table.sql:3: no such table: axes' table.sql

cat >axis.sql <<'EOF'
INSERT INTO fact(position, name, axis) VALUES
  (25, 'fact-a', 'process'),
  (26, 'fact-b', 'proces'),
  (27, 'fact-c', 'mount');
EOF
bad_seed "fact on an unknown axis (row 2 of 3)" \
    "isolab load: axis.sql:3: fact.axis = 'proces' has no match in axis(name); did you mean 'process'?" axis.sql

cat >dupfact.sql <<'EOF'
INSERT INTO fact(position, name, axis) VALUES
  (25, 'fact-a', 'process'),
  (26, 'hostname', 'host');
EOF
bad_seed "duplicate fact name" \
    "isolab load: dupfact.sql:3: fact.name = 'hostname': UNIQUE constraint failed: fact.name (the course's model has a fact of that name)" dupfact.sql

printf "INSERT INTO fact(position, name, axis) VALUES (13, 'fact-a', 'process');\n" >duppos.sql
bad_seed "duplicate fact position" \
    "isolab load: duppos.sql:1: fact.position = 13: UNIQUE constraint failed: fact.position" duppos.sql

printf "INSERT INTO fact(position, name) VALUES (25, 'fact-a');\n" >noaxis.sql
bad_seed "fact without an axis" \
    "isolab load: noaxis.sql:1: fact.axis = NULL: NOT NULL constraint failed: fact.axis" noaxis.sql

printf "INSERT INTO fact(position, name, axis) VALUES ('first', 'fact-a', 'process');\n" >textpos.sql
bad_seed "non-numeric fact position" \
    "isolab load: textpos.sql:1: fact.position = 'first': CHECK constraint failed: typeof(position) = 'integer'" textpos.sql

cat >leftopen.sql <<'EOF'
INSERT INTO left_open(mechanism, fact) VALUES
  ('user-namespace', 'user-id-mapping'),
  ('uts-namespace', 'host-name');
EOF
bad_seed "left-open fact that does not exist" \
    "isolab load: leftopen.sql:3: left_open.fact = 'host-name' has no match in fact(name); did you mean 'hostname'?" leftopen.sql

cat >chanfact.sql <<'EOF'
INSERT INTO channel(name, lesson, cost_pct) VALUES ('event-tracing', NULL, 6);
INSERT INTO channel_fact(channel, fact) VALUES
  ('event-tracing', 'clock'),
  ('event-tracing', 'clocks');
EOF
bad_seed "channel fact that does not exist" \
    "isolab load: chanfact.sql:4: channel_fact.fact = 'clocks' has no match in fact(name); did you mean 'clock'?" chanfact.sql

cat >bundlemech.sql <<'EOF'
INSERT INTO bundle(name) VALUES ('tight');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('tight', 1, 'pid-namespace'),
  ('tight', 2, 'seccomp-filter');
EOF
bad_seed "bundle naming an unknown mechanism" \
    "isolab load: bundlemech.sql:4: bundle_member.mechanism = 'seccomp-filter' has no match in mechanism(name) (mechanisms: capability-dropping, control-group, mandatory-label, mount-namespace, network-namespace, pid-namespace, user-namespace, uts-namespace)" bundlemech.sql

cat >gap.sql <<'EOF'
INSERT INTO bundle(name) VALUES ('tight');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('tight', 1, 'pid-namespace'),
  ('tight', 3, 'mount-namespace');
EOF
bad_seed "bundle with a gap in its positions" \
    "isolab load: gap.sql: after loading: bundle 'tight': member position 3 follows 1; positions must run 1, 2, 3, ... without gaps" gap.sql

printf "INSERT INTO bundle_member(bundle, position, mechanism) VALUES ('strict', 8, 'pid-namespace');\n" >duppos2.sql
bad_seed "bundle position taken twice" \
    "isolab load: duppos2.sql:1: bundle_member.bundle = 'strict', bundle_member.position = 8: UNIQUE constraint failed: bundle_member.bundle, bundle_member.position" duppos2.sql

printf "INSERT INTO channel(name, lesson, cost_pct) VALUES ('cheap', NULL, -3);\n" >negcost.sql
bad_seed "negative cost" \
    "isolab load: negcost.sql:1: channel.cost_pct = -3.0: CHECK constraint failed: typeof(cost_pct) IN ('integer', 'real') AND cost_pct >= 0" negcost.sql

printf "INSERT INTO channel(name, lesson, cost_pct) VALUES ('cheap', NULL, 'three');\n" >textcost.sql
bad_seed "non-numeric cost" \
    "isolab load: textcost.sql:1: channel.cost_pct = 'three': CHECK constraint failed: typeof(cost_pct) IN ('integer', 'real') AND cost_pct >= 0" textcost.sql

printf "INSERT INTO sample_count(n) VALUES (0);\n" >zero.sql
bad_seed "zero sample count" \
    "isolab load: zero.sql:1: sample_count.n = 0: CHECK constraint failed: n > 0" zero.sql

printf "INSERT INTO sample_count(n) VALUES\n  (200),\n  (-5);\n" >negsamples.sql
bad_seed "negative sample count" \
    "isolab load: negsamples.sql:3: sample_count.n = -5: CHECK constraint failed: n > 0" negsamples.sql

# a value outside a closed list (a CHECK's IN list, read from the schema):
# the row's line, the column, the value, "did you mean" or the values, on
# one line; the nine standard tables are those of docs/authoring.md
cat >block.sql <<'EOF'
INSERT INTO lesson_block(lesson, position, block, title) VALUES
  ('M03/K05', 1, 'lesson_header', NULL),
  ('M03/K05', 2, 'part_tabel', NULL);
EOF
bad_seed "a misspelt lesson_block.block: its row, did you mean" \
    "isolab load: block.sql:3: lesson_block.block = 'part_tabel' is no value block takes; did you mean 'part_table'?" block.sql
printf "INSERT INTO lesson_block(lesson, position, block, title) VALUES\n  ('M03/K05', 1, 'tracepoints', NULL);\n" >block2.sql
bad_seed "a lesson_block.block near none: the nine values on one line" \
    "isolab load: block2.sql:2: lesson_block.block = 'tracepoints' is no value block takes (the values: lesson_header, resource_axis, channel_facts, bundle_table, channel_table, part_table, sample_table, removal_summary, addition_table)" block2.sql
printf "INSERT INTO lesson_block(lesson, position, block, title) VALUES ('M03/K05', 1, 'part_table', NULL);\nUPDATE lesson_block SET block = 'part_tabel';\n" >block3.sql
bad_seed "an UPDATE to a value outside the list: the values" \
    "isolab load: block3.sql:2: lesson_block.block is set to no value block takes (the values: lesson_header, resource_axis, channel_facts, bundle_table, channel_table, part_table, sample_table, removal_summary, addition_table)" block3.sql
printf "INSERT INTO param(key, value, about) VALUES ('lessn', NULL, 'x');\n" >paramkey.sql
bad_seed "a param key outside the list: did you mean" \
    "isolab load: paramkey.sql:1: param.key = 'lessn' is no value key takes; did you mean 'lesson'?" paramkey.sql

# claim_measure rows: each name checked as the row is loaded (the model's
# bundles, channels and facts, the measures of claim_measure_sql, the four
# statuses), at the row's line
for c in "bundle|'open_surface', 'strct', 'sampling-profile', NULL|claim_measure.bundle = 'strct' has no match in bundle(name); did you mean 'strict'?" \
         "channel|'open_surface', 'strict', 'memory-presure', NULL|claim_measure.channel = 'memory-presure' has no match in channel(name) (channels: sampling-profile, system-call-tracing)" \
         "fact|'status', 'strict', 'sampling-profile', 'memory-usd'|claim_measure.fact = 'memory-usd' has no match in fact(name); did you mean 'memory-used'?" \
         "measure|'open_surfce', 'strict', 'sampling-profile', NULL|claim_measure.measure = 'open_surfce' has no match in claim_measure_sql(measure); did you mean 'open_surface'?" \
         "far measure|'surface', 'strict', 'sampling-profile', NULL|claim_measure.measure = 'surface' has no match in claim_measure_sql(measure) (measures: visible, returned, open_surface, open_axes, cost_pct, run_time, cost_per_fact, removal_changes, removal_unchanged, addition_grows, samples_returned, status)"; do
    what=${c%%|*}; rest=${c#*|}; cols=${rest%%|*}; msg=${rest#*|}
    printf "INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact) VALUES\n  ('M03/K05', 'ok', 'x', 11, 'open_surface', 'strict', 'sampling-profile', NULL),\n  ('M03/K05', 'bad', 'x', 'returns',\n   %s);\n" "$cols" >measure.sql
    bad_seed "claim_measure: a misspelt $what refused at load, at its row" "isolab load: measure.sql:3: $msg" measure.sql
done
printf "INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact) VALUES\n  ('M03/K05', 'st', 'x', 'return', 'status', 'strict', 'sampling-profile', 'cpu-share');\n" >measure.sql
bad_seed "claim_measure: a status stated that is none" \
    "isolab load: measure.sql:2: claim_measure.expected = 'return' is no status; did you mean 'returns'?" measure.sql

printf "INSERT INTO sample_count(n) VALUES\n  (200),\n  ('many');\n" >textsamples.sql
bad_seed "non-numeric sample count" \
    "isolab load: textsamples.sql:3: sample_count row ('many'): datatype mismatch" textsamples.sql

printf "UPDATE setting SET value = -1000 WHERE key = 'baseline_time';\n" >baseline.sql
bad_seed "negative baseline time" \
    "isolab load: baseline.sql: after loading: setting 'baseline_time' = '-1000' is not a non-negative whole number" baseline.sql

printf "INSERT INTO channel(name, lesson, cost_pct) VALUES ('silent', NULL, 1);\n" >nofacts.sql
bad_seed "channel with no facts" "isolab load: nofacts.sql: after loading: channel 'silent' shows no facts" nofacts.sql

cat >commit.sql <<'EOF'
INSERT INTO axis(name) VALUES ('a1');
COMMIT;
INSERT INTO axis(name) VALUES ('a2');
EOF
bad_seed "seed that commits the load halfway" \
    "isolab load: commit.sql:2: 'COMMIT' is not allowed in a seed file: isolab applies each load in one transaction, with its own settings" commit.sql

printf "PRAGMA foreign_keys = OFF;\n" >pragma.sql
bad_seed "seed that changes the connection's settings" \
    "isolab load: pragma.sql:1: 'PRAGMA foreign_keys = OFF' is not allowed in a seed file: isolab applies each load in one transaction, with its own settings" pragma.sql

printf "ATTACH 'other.db' AS other;\n" >attach.sql
bad_seed "seed that attaches another file" \
    "isolab load: attach.sql:1: 'ATTACH 'other.db' AS other' is not allowed in a seed file: isolab applies each load in one transaction, with its own settings" attach.sql

printf "INSERT INTO axis(name) VALUES ('a1');\n\000junk\n" >nul.sql
bad_seed "seed file holding a NUL byte" "isolab load: nul.sql: not a text file (it holds a NUL byte)" nul.sql

bad_seed "missing seed file" "isolab load: missing.sql: cannot read: No such file or directory" missing.sql

mkdir seeddir
bad_seed "a directory given as a seed file" "isolab load: seeddir: cannot read: Is a directory" seeddir

cp base.db t.db
printf "INSERT INTO axis(name) VALUES ('a1');\n" >secret.sql
chmod 000 secret.sql
if [ "$AS_USER" = none ]; then
    echo "skip - unreadable seed file (root without setpriv)"
else
    chmod 666 t.db
    expect "unreadable seed file" 3 "isolab load: secret.sql: cannot read: Permission denied" t.db \
        $AS_USER "$ISOLAB" --db t.db load secret.sql
fi

# two files, the second bad: the first must not stay applied either
printf "INSERT INTO axis(name) VALUES ('a1');\n" >good.sql
cp base.db t.db
expect "second of two seed files bad: neither applied" 3 \
    "isolab load: axis.sql:3: fact.axis = 'proces' has no match in axis(name); did you mean 'process'?" t.db \
    "$ISOLAB" --db t.db load good.sql axis.sql

# init from a seed directory: nothing may be left behind
mkdir emptymodel
printf "INSERT INTO axis(name) VALUES ('process');\nINSERT INTO setting(key, value) VALUES ('baseline_time', 1000);\n" \
    >emptymodel/000_no_facts.sql
expect "init with an empty fact set" 3 "isolab init: the model has no facts" new.db \
    "$ISOLAB" --db new.db init --seeds emptymodel
mkdir badinit
cp "$root"/seeds/*.sql badinit/
cp syntax.sql badinit/030_typo.sql
expect "init with a bad seed file" 3 \
    'isolab init: badinit/030_typo.sql:3: near "VALUS": syntax error (near "VALUS ('"'"'a2'"'"');")' new.db \
    "$ISOLAB" --db new.db init --seeds badinit
if ls new.db* >/dev/null 2>&1; then not_ok "failed init left files: $(ls new.db*)"; else ok "failed init left no file"; fi
expect "init over an existing database" 3 "isolab init: base.db: already exists (use --force to replace it)" base.db \
    "$ISOLAB" --db base.db init

# ---- command line and names -----------------------------------------------
cp base.db t.db
expect "unknown command: every command as near" 2 "isolab: unknown command 'rnu'; did you mean 'run', 'runs' or 'rm'?
Try 'isolab --help'." t.db "$ISOLAB" --db t.db rnu
expect "unknown command, near none: no list of the many" 2 "isolab: unknown command 'frobnicate'
Try 'isolab --help'." t.db "$ISOLAB" --db t.db frobnicate
expect "help of an unknown command: the command it is near" 2 "isolab help: no command named 'repot'; did you mean 'report'?
Try 'isolab help --help'." t.db "$ISOLAB" --db t.db help repot
expect "unknown choice: the choice it is near" 2 "isolab report: unknown format 'jsn'; did you mean 'json'?
Try 'isolab report --help'." t.db "$ISOLAB" --db t.db report --format jsn
expect "unknown choice, near none: every choice" 2 "isolab report: unknown format 'xml' (csv, tsv, json, ndjson, table)
Try 'isolab report --help'." t.db "$ISOLAB" --db t.db report --format xml
expect "unknown global option" 2 "isolab: unknown option '--database'
Try 'isolab --help'." t.db "$ISOLAB" --database t.db run
expect "unknown run option" 2 "isolab run: unknown option '--bundles'
Try 'isolab run --help'." t.db "$ISOLAB" --db t.db run --bundles strict
expect "option missing its value" 2 "isolab run: option '--channel' needs a value
Try 'isolab run --help'." t.db "$ISOLAB" --db t.db run --channel
expect "unknown sweep: the sweep it is near" 2 "isolab sweep: unknown sweep 'remove'; did you mean 'removal'?
Try 'isolab sweep --help'." t.db "$ISOLAB" --db t.db sweep remove
expect "unknown sweep: the sweeps, none near" 2 "isolab sweep: unknown sweep 'power' (sweeps: samples, removal, addition, bundles)
Try 'isolab sweep --help'." t.db "$ISOLAB" --db t.db sweep power
# a plot is isolab's own name, as a sweep (exit 2), with the hint
expect "unknown plot: the plot it is near" 2 "isolab plot: unknown plot 'axis'; did you mean 'axes'?
Try 'isolab plot --help'." t.db "$ISOLAB" --db t.db plot axis
expect "unknown plot: the plots, none near" 2 "isolab plot: unknown plot 'pie' (plots: channels, samples, axes, frontier, channel_cost)
Try 'isolab plot --help'." t.db "$ISOLAB" --db t.db plot pie
expect "unknown bundle" 3 "isolab run: no bundle named 'stric'; did you mean 'strict'?" t.db "$ISOLAB" --db t.db run --bundle stric
expect "unknown channel" 3 "isolab sweep: no channel named 'sampling' (channels: system-call-tracing, sampling-profile)" t.db \
    "$ISOLAB" --db t.db sweep removal --channel sampling
expect "unknown bundle holding SQL" 3 "isolab run: no bundle named 'x'; DROP TABLE run; --' (bundles: plain, common, strict)" t.db \
    "$ISOLAB" --db t.db run --bundle "x'; DROP TABLE run; --"

# ---- database files -------------------------------------------------------
expect "missing database: the hint repeats --db" 4 "isolab run: nothing.db: no such database (create it with 'isolab --db nothing.db init')" nothing.db \
    "$ISOLAB" --db nothing.db run
expect "missing database with spaces: the hint quotes it for the shell" 4 \
    "isolab run: my lab.db: no such database (create it with \"isolab --db 'my lab.db' init\")" "my lab.db" \
    "$ISOLAB" --db "my lab.db" run
printf 'this is a text file, not a database\n' >text.db
expect "import of a file that does not exist: named as the source, no advice to create it" 4 \
    "isolab import: nothing.db: no such file: the database to import from does not exist" base.db \
    "$ISOLAB" --db base.db import nothing.db
expect "file that is not a database" 4 "isolab run: text.db: 36 bytes, not a database (no SQLite header)" text.db "$ISOLAB" --db text.db run
sqlite3 other.db 'CREATE TABLE t(x)'
expect "SQLite database of another program" 4 "isolab run: other.db: not an isolab database (application_id 0)" other.db \
    "$ISOLAB" --db other.db run
cp base.db future.db
# as a newer isolab leaves it: its own build's record of what it installed
sqlite3 future.db "PRAGMA user_version = 99; UPDATE isolab_object SET digest = '0123456789abcdef' WHERE name = ''"
expect "database from a newer schema" 4 \
    "isolab run: future.db: schema version 99 is newer than this isolab's (27); use a newer isolab" future.db \
    "$ISOLAB" --db future.db run
# only the number changed (the record is this build's, every object as
# recorded): said so, with the PRAGMA that sets it back, which works
cp base.db bumped.db
sqlite3 bumped.db 'PRAGMA user_version = 99'
expect "database whose version number alone was changed" 4 \
    "isolab run: bumped.db: schema version 99, but its tables, views and triggers are this isolab's (version 27): the version number was changed, not the schema; set it back with: sqlite3 bumped.db 'PRAGMA user_version = 27'" bumped.db \
    "$ISOLAB" --db bumped.db run
sqlite3 bumped.db 'PRAGMA user_version = 26'
check "... the PRAGMA as printed: the file opens again" 0 "$("$ISOLAB" --db bumped.db runs >/dev/null 2>&1; echo $?)"
cp base.db ro.db
chmod 444 ro.db
if [ "$AS_USER" = none ]; then
    echo "skip - read-only database (root without setpriv)"
else
    expect "read-only database file" 4 "isolab run: ro.db: database is read-only (no permission to write it)" ro.db \
        $AS_USER "$ISOLAB" --db ro.db run
    if ls ro.db-* >/dev/null 2>&1; then not_ok "read-only database: files left: $(ls ro.db-*)"; else ok "read-only database: no -wal/-shm left"; fi
fi
ver=$(sqlite3 base.db 'PRAGMA user_version')   # this isolab's schema version
cp base.db old.db
sqlite3 old.db 'DROP TABLE schema_version; CREATE VIEW schema_version AS SELECT 1; PRAGMA user_version = 3'
expect "older database whose migration fails" 4 \
    "isolab run: note: old.db: migrating schema version 3 to $ver (once; this may take a while)
isolab run: old.db: cannot migrate schema version 3 to $ver: schema/006_schema_version.sql:5: view schema_version already exists (near \"schema_version (\")" \
    old.db "$ISOLAB" --db old.db run
# a second process finds the lock of a migration under way: told so
cp old.db mig.db
mkfifo mig.hold
(printf 'BEGIN IMMEDIATE;\n.print held\n'; cat mig.hold) | sqlite3 mig.db >mig.held &
holder=$!
until grep -q held mig.held 2>/dev/null; do :; done
expect "a migration under way in another process" 4 \
    "isolab runs: note: mig.db: migrating schema version 3 to $ver (once; this may take a while)
isolab runs: mig.db: schema version 3 needs migrating to $ver, and another process holds the write lock (a migration under way?); waited 0 s; run the command again when it has finished, or wait longer with --wait" \
    mig.db "$ISOLAB" --db mig.db runs --wait 0
echo >mig.hold
wait $holder

# A database of the first release (schema version 1: schema files 001-003
# and its views, tests/fixtures/old_views/v1.sql) is migrated when opened,
# in one transaction, and then works.
# (the lesson seed without its focus: lesson_focus came later.)
{ cat "$root"/schema/00[123]_*.sql "$root"/tests/fixtures/old_views/v1.sql "$root"/seeds/000_*.sql; sed '/lesson_focus/,$d' "$root"/seeds/010_*.sql; } >v1.sql
printf 'PRAGMA application_id = %d; PRAGMA user_version = 1;\n' 1230196556 >>v1.sql
# Its fact statuses (a run of the old layout, names out of order) must come
# through the migration to integer keys unchanged, in the old key order.
cat >>v1.sql <<'EOF2'
INSERT INTO run(id, kind, started_at, status) VALUES (1, 'run', '2024-01-01T00:00:00Z', 'done');
INSERT INTO fact_status(run_id, bundle, channel, fact, status, axis, position) VALUES
  (1, 'strict', 'sampling-profile', 'pid', 'closed', 'process', 1),
  (1, 'strict', 'sampling-profile', 'cpu-share', 'returns', 'resource', 20),
  (1, 'strict', 'sampling-profile', 'hostname', 'left-open', 'host', 9),
  (1, 'plain', 'sampling-profile', 'pid', 'visible', 'process', 1),
  (1, 'plain', 'sampling-profile', 'cpu-share', 'visible', 'resource', 20),
  (1, 'strict', 'system-call-tracing', 'pid', 'returns', 'process', 1),
  (1, 'plain', 'system-call-tracing', 'Zed', 'visible', 'label', 30);
EOF2
sqlite3 v1.db <v1.sql
# the same with one page of channel_fact (a table no migration reads)
# overwritten: the migration wrote into the malformed file (exit 0, even
# for runs); now any command stops first, the file as it was
cp v1.db v1dmg.db
page=$(sqlite3 v1dmg.db "SELECT pageno FROM dbstat WHERE name = 'channel_fact' AND pagetype = 'leaf' LIMIT 1")
head -c 4096 /dev/zero | tr '\0' '\377' | dd of=v1dmg.db bs=4096 seek="$((page - 1))" conv=notrunc 2>/dev/null
expect "a malformed version-1 database: no migration, damaged, exit 4" 4 \
    "isolab runs: v1dmg.db: damaged: SQLite finds the file malformed (Page $page: btreeInitPage() returns error code 11); restore it from a copy" \
    v1dmg.db "$ISOLAB" --db v1dmg.db runs
sqlite3 v1.db 'SELECT * FROM fact_status ORDER BY run_id, bundle, channel, fact' >v1.before
if "$ISOLAB" --db v1.db run >v1.out 2>&1 \
   && [ "$(sqlite3 v1.db 'PRAGMA user_version')" = "$ver" ] \
   && [ "$(sqlite3 v1.db "SELECT count(*) = $(grep -c "^  ('" "$root/seeds/030_probe_explanations.sql") FROM probe_explanation")" = 1 ] \
   && [ "$(sqlite3 v1.db "SELECT count(*) = $(cat "$root/seeds/001_column_labels.sql" "$root/seeds/031_channel_labels.sql" | grep -c "^  ('") FROM column_label")" = 1 ] \
   && [ "$(sqlite3 v1.db "SELECT group_concat(position || name, ' ') FROM (SELECT * FROM bundle ORDER BY position)")" = "1plain 2common 3strict" ] \
   && [ "$(sqlite3 v1.db 'SELECT lesson, bundle, channel, axis FROM lesson_focus')" = "M03/K04|strict|system-call-tracing|mount" ] \
   && [ "$(sqlite3 v1.db "SELECT line FROM lesson_header WHERE lesson = 'M03/K04'")" = "facts: 24 | axes: 9 | strict bundle: visible 10 closed 14" ] \
   && [ "$(sqlite3 v1.db "SELECT count(*) FROM sqlite_schema WHERE name IN ('claim', 'bundle_sweep', 'schema_version', 'answer_frontier', 'answer_smallest', 'answer_marginal', 'lesson_table')")" = 7 ] \
   && [ "$(sqlite3 v1.db 'SELECT count(*) FROM surface')" = 3 ] \
   && [ "$(sqlite3 v1.db 'SELECT count(*) FROM fact_status WHERE run_id = 2')" = 72 ] \
   && [ "$(sqlite3 v1.db 'PRAGMA integrity_check')" = ok ] \
   && [ -z "$(sqlite3 v1.db 'PRAGMA foreign_key_check')" ]; then
    ok "a version-1 database is migrated to this isolab's version (bundles in seed order, the column labels, the probe explanations, the lesson's focus and views) and runs"
else
    not_ok "a version-1 database is migrated to this isolab's version (bundles in seed order, the column labels, the probe explanations, the lesson's focus and views) and runs"; cat v1.out
fi
# and it holds the objects a new database holds, each as a new one has it
# (latest_surface, which nothing read, dropped)
objs="SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
check "a migrated version-1 database has a new one's tables, views, triggers and indexes" "$(sqlite3 base.db "$objs")" \
    "$(sqlite3 v1.db "$objs")"
# latest_surface, which nothing read, is in no database of today: not a
# new one, not a migrated one, not one of today's version an older isolab
# made (its record names an older build: opened, it is dropped, silently)
cp base.db v16.db
sqlite3 v16.db "DROP VIEW IF EXISTS latest_surface; $(sed -n '/^CREATE VIEW latest_surface/,/;$/p' "$root/tests/fixtures/old_views/v1.sql")
    UPDATE isolab_object SET digest = 'an older build' WHERE type = 'build'"
check "latest_surface: in no new, migrated or reopened database; dropped without a note" "0 0 1 0 0 " \
    "$(for d in base.db v1.db v16.db; do sqlite3 $d "SELECT count(*) FROM sqlite_schema WHERE name = 'latest_surface'"
       [ $d = v16.db ] && { "$ISOLAB" --db v16.db runs 2>&1 >/dev/null | grep -c latest_surface || :; } &&
       sqlite3 $d "SELECT count(*) FROM sqlite_schema WHERE name = 'latest_surface'"; done | tr '\n' ' ')"
sqlite3 v1.db 'SELECT * FROM fact_status WHERE run_id = 1' >v1.after
if cmp -s v1.before v1.after; then ok "the migration keeps the old fact statuses, in key order"
else not_ok "the migration keeps the old fact statuses"; diff v1.before v1.after; fi
# the view keeps the table's checks: one status per run x bundle x channel x
# fact, and only the four status words
check "fact_status refuses a second status for the same fact" "UNIQUE" \
    "$(sqlite3 v1.db "INSERT INTO fact_status VALUES (1, 'strict', 'sampling-profile', 'pid', 'visible', 'process', 1)" 2>&1 | grep -o UNIQUE)"
check "fact_status refuses an unknown status" "CHECK" \
    "$(sqlite3 v1.db "INSERT INTO fact_status VALUES (1, 'strict', 'sampling-profile', 'uid', 'hidden', 'user', 5)" 2>&1 | grep -o CHECK)"
check "a status inserted through the view reads back" "1|strict|sampling-profile|uid|closed|user|5" \
    "$(sqlite3 v1.db "INSERT INTO fact_status VALUES (1, 'strict', 'sampling-profile', 'uid', 'closed', 'user', 5);
                       SELECT * FROM fact_status WHERE run_id = 1 AND fact = 'uid'")"
# deleting a run deletes its statuses, names and all
sqlite3 v1.db 'PRAGMA foreign_keys = ON; DELETE FROM run WHERE id = 1'
check "deleting a run deletes its fact status rows" "0|0|0|0" \
    "$(sqlite3 v1.db 'SELECT (SELECT count(*) FROM fact_status_row WHERE run_id = 1), (SELECT count(*) FROM fact_status_bundle WHERE run_id = 1), (SELECT count(*) FROM fact_status_channel WHERE run_id = 1), (SELECT count(*) FROM fact_status_fact WHERE run_id = 1)')"

# ---- the record: seeds confined, saved queries, limits, values, files -----
# A database with history: every case below must leave it byte-for-byte
# as it was (the expect helper compares the file and its log).
"$ISOLAB" --db base.db run >/dev/null 2>&1 || not_ok "run on base.db"
rec_seed() {   # rec_seed NAME WHAT SQL : a seed that writes outside the model
    printf '%s\n' "-- tries to change the history" "$3" >rec.sql
    bad_seed "seed confined: $1" \
        "isolab load: rec.sql:2: a seed file may write only the model's tables and TEMP objects of its own; $2 is refused" rec.sql
}
rec_seed "DELETE FROM run" "a write to table run" "DELETE FROM run;"
rec_seed "UPDATE surface" "a write to table surface" "UPDATE surface SET visible = 0;"
rec_seed "INSERT INTO run" "a write to table run" "INSERT INTO run(kind, started_at) VALUES ('run', 'now');"
rec_seed "DROP TABLE surface" "DROP TABLE surface" "DROP TABLE surface;"
rec_seed "trigger on surface" "CREATE TRIGGER t" \
    "CREATE TRIGGER t AFTER INSERT ON surface BEGIN DELETE FROM run; END;"
rec_seed "TEMP trigger on surface" "a trigger on table surface" \
    "CREATE TEMP TRIGGER t AFTER INSERT ON main.surface BEGIN DELETE FROM run; END;"
rec_seed "DROP VIEW channel_table" "DROP VIEW channel_table" \
    "DROP VIEW channel_table; CREATE VIEW channel_table AS SELECT 'fine' AS line;"
rec_seed "CREATE VIEW" "CREATE VIEW mine" "CREATE VIEW mine AS SELECT 1;"
rec_seed "CREATE TABLE" "CREATE TABLE mine" "CREATE TABLE mine(x);"
rec_seed "CREATE INDEX" "CREATE INDEX i" "CREATE INDEX i ON fact(axis);"
rec_seed "ALTER TABLE" "ALTER TABLE fact" "ALTER TABLE fact ADD COLUMN note;"
rec_seed "DROP TRIGGER" "DROP TRIGGER mechanism_position" "DROP TRIGGER mechanism_position;"
rec_seed "schema_version" "a write to table schema_version" "DELETE FROM schema_version;"
rec_seed "isolab_object" "a write to table isolab_object" "DELETE FROM isolab_object;"
rec_seed "virtual table" "CREATE VIRTUAL TABLE v" "CREATE VIRTUAL TABLE v USING fts5(x);"
printf "CREATE TEMP TRIGGER t AFTER INSERT ON axis BEGIN DELETE FROM run; END;\nINSERT INTO axis(name) VALUES ('a1');\n" >rec.sql
bad_seed "seed confined: TEMP trigger on a model table that writes the history" \
    "isolab load: rec.sql:2: a seed file may write only the model's tables and TEMP objects of its own; a write to table run is refused" rec.sql
mkdir recinit && cp "$root"/seeds/*.sql recinit/ && printf "DELETE FROM run;\n" >recinit/500_wipe.sql
expect "seed confined: init --seeds" 3 \
    "isolab init: recinit/500_wipe.sql:1: a seed file may write only the model's tables and TEMP objects of its own; a write to table run is refused" \
    new.db "$ISOLAB" --db new.db init --seeds recinit
# TEMP objects of the seed's own are fine, and gone once the load is over
printf "CREATE TEMP TABLE p(n INTEGER);\nINSERT INTO p VALUES (7);\nINSERT INTO sample_count(n) SELECT n FROM p;\n" >temp.sql
cp base.db t.db
if "$ISOLAB" --db t.db load temp.sql >/dev/null 2>err.txt && [ "$(sqlite3 t.db 'SELECT count(*) FROM sample_count WHERE n = 7')" = 1 ]; then
    ok "seed with a TEMP table of its own loads"
else
    not_ok "seed with a TEMP table of its own: $(cat err.txt)"
fi

# seed files are regular files of bounded size
mkfifo fifo.sql
bad_seed "seed file that is a FIFO" \
    "isolab load: fifo.sql: a FIFO, not a regular file: seeds are read only from regular files" fifo.sql
bad_seed "seed file that is a device" \
    "isolab load: /dev/zero: a character device, not a regular file: seeds are read only from regular files" /dev/zero
truncate -s 67108865 huge.sql
bad_seed "seed file over the size limit" \
    "isolab load: huge.sql: 67108865 bytes, more than the seed file limit of 64 MiB" huge.sql
mkdir fifodir && cp "$root"/seeds/*.sql fifodir/ && mkfifo fifodir/500_pipe.sql
expect "FIFO inside --seeds DIR" 3 \
    "isolab init: fifodir/500_pipe.sql: a FIFO, not a regular file: seeds are read only from regular files" new.db \
    "$ISOLAB" --db new.db init --seeds fifodir

# values the arithmetic cannot hold, names C would cut or a terminal obey
printf "UPDATE setting SET value = 9223372036854775807 WHERE key = 'baseline_time';\n" >big.sql
bad_seed "baseline_time beyond 64-bit run time" \
    "isolab load: big.sql:1: setting baseline_time is more than 1000000000000 time units" big.sql
printf "UPDATE channel SET cost_pct = 1e999;\n" >inf.sql
bad_seed "infinite cost" "isolab load: inf.sql:1: channel.cost_pct is more than 1000000 percent (or infinite)" inf.sql
printf "INSERT INTO channel(name, lesson, cost_pct) VALUES ('huge', NULL, 2e6);\n" >huge_cost.sql
bad_seed "cost over 1000000 percent" \
    "isolab load: huge_cost.sql:1: channel.name = 'huge', channel.lesson = NULL, channel.cost_pct = 2000000.0, channel.position = NULL: channel.cost_pct is more than 1000000 percent (or infinite)" huge_cost.sql
printf "INSERT INTO bundle(name) VALUES ('a' || char(0) || 'b');\n" >nulname.sql
bad_seed "name with a NUL byte" \
    "isolab load: nulname.sql:1: bundle.name = 'a\\000b', bundle.position = NULL: bundle.name holds a NUL byte or a control character" nulname.sql
printf "INSERT INTO bundle(name) VALUES ('x' || char(27) || '[2J');\n" >escname.sql
bad_seed "name with ESC [ 2 J" \
    "isolab load: escname.sql:1: bundle.name = 'x\\033[2J', bundle.position = NULL: bundle.name holds a NUL byte or a control character" escname.sql
printf "INSERT INTO channel(name, lesson, cost_pct) VALUES ('c' || char(10) || 'run 99: fake line', NULL, 1);\n" >nlname.sql
bad_seed "name with a newline and a forged line" \
    "isolab load: nlname.sql:1: channel.name = 'c\\nrun 99: fake line', channel.lesson = NULL, channel.cost_pct = 1.0, channel.position = NULL: channel.name holds a NUL byte or a control character" nlname.sql
# names a member list could not spell: a comma separates items, a leading
# '-' takes a mechanism out ('strict,-user-namespace')
printf "INSERT INTO mechanism(name) VALUES ('a,b');\n" >commaname.sql
bad_seed "mechanism name with a comma" \
    "isolab load: commaname.sql:1: mechanism.name = 'a,b', mechanism.position = NULL: mechanism.name holds a comma or starts with '-': a member list could not name it" commaname.sql
printf "INSERT INTO bundle(name) VALUES ('-strict');\n" >dashname.sql
bad_seed "bundle name starting with '-'" \
    "isolab load: dashname.sql:1: bundle.name = '-strict', bundle.position = NULL: bundle.name holds a comma or starts with '-': a member list could not name it" dashname.sql
printf "UPDATE mechanism SET name = 'x,y' WHERE name = 'pid-namespace';\n" >commarename.sql
bad_seed "mechanism renamed with a comma" \
    "isolab load: commarename.sql:1: mechanism.name holds a comma or starts with '-': a member list could not name it" commarename.sql
printf "INSERT INTO mechanism(name) VALUES ('m' || char(27) || ']0;owned' || char(7));\n" >oscname.sql
bad_seed "name with an OSC title sequence" \
    "isolab load: oscname.sql:1: mechanism.name = 'm\\033]0;owned\\a', mechanism.position = NULL: mechanism.name holds a NUL byte or a control character" oscname.sql
printf "INSERT INTO bundle(name) VALUES (CAST(x'61ff62' AS TEXT));\n" >utf.sql
bad_seed "name that is not UTF-8" "isolab load: utf.sql: after loading: bundle name 'a\\xffb' is not valid UTF-8" utf.sql
printf "INSERT INTO lesson(code) VALUES ('M01' || char(13));\n" >crcode.sql
bad_seed "lesson code with a carriage return" \
    "isolab load: crcode.sql:1: lesson.code = 'M01\\r', lesson.title = NULL, lesson.position = NULL: lesson.code holds a NUL byte or a control character" crcode.sql
printf "INSERT INTO axis(name) VALUES ('unterminated);\n" >unterminated.sql
bad_seed "SQLite's own message quoting a newline" \
    "isolab load: unterminated.sql:1: unrecognized token: \"'unterminated);\\n\" (near \"'unterminated);\")" unterminated.sql

# database files a user can act on
: >empty.db
expect "empty file as --db" 4 "isolab run: empty.db: empty file (0 bytes), not a database" empty.db "$ISOLAB" --db empty.db run
head -c 4096 base.db >short.db
expect "truncated database" 4 \
    "isolab run: short.db: damaged: 4096 bytes, shorter than the $(wc -c <base.db | tr -d ' ') its header records (truncated); restore it from a copy" \
    short.db "$ISOLAB" --db short.db run
mkfifo fifo.db
expect "FIFO as --db" 4 "isolab run: fifo.db: a FIFO, not a database file" fifo.db "$ISOLAB" --db fifo.db run
ln -s loop-b.db loop-a.db && ln -s loop-a.db loop-b.db
expect "symlink loop as --db" 4 "isolab run: loop-a.db: a symbolic link loop, not a database" loop-a.db "$ISOLAB" --db loop-a.db run
mkdir dir.db
expect "directory as --db" 4 "isolab run: dir.db: a directory, not a database file" dir.db "$ISOLAB" --db dir.db run
cp base.db damaged.db
sqlite3 damaged.db 'DROP TABLE fact_status_row'
expect "isolab database missing a table" 4 \
    "isolab run: damaged.db: damaged: table 'fact_status_row' is missing (isolab never re-creates a table; restore the file from a copy)" \
    damaged.db "$ISOLAB" --db damaged.db run
cp base.db squat.db
sqlite3 squat.db 'DROP VIEW channel_table; CREATE TABLE channel_table(line)'
expect "a table where a saved query belongs" 4 \
    "isolab run: squat.db: 'channel_table' is a table where isolab's saved query belongs; rename or drop it in the sqlite3 shell" \
    squat.db "$ISOLAB" --db squat.db run

# saved queries: a redefined or dropped view is noticed, restored and named
cp base.db sq.db
sqlite3 sq.db "DROP VIEW current_surface; CREATE VIEW current_surface AS SELECT * FROM surface WHERE 0; DROP VIEW channel_table"
"$ISOLAB" --db sq.db export channel_comparison >sq.out 2>sq.err
check "a redefined and a dropped saved query are named on stderr" \
"isolab export: note: sq.db: saved query 'channel_table' was dropped outside isolab; restored
isolab export: note: sq.db: saved query 'current_surface' was changed outside isolab; restored" "$(sort sq.err)"
check "the restored saved query gives the rows again" "$("$ISOLAB" --db base.db export channel_comparison)" "$(cat sq.out)"
"$ISOLAB" --db sq.db runs >/dev/null 2>sq.err
check "once restored, nothing more is said" "" "$(cat sq.err)"
# a new database records what it installed as the full check would: forced
# to compare with this build's reference, it finds nothing to restore or say
cp base.db rec.db
sqlite3 rec.db "SELECT type, name, digest FROM isolab_object ORDER BY name" >rec.before
sqlite3 rec.db "UPDATE isolab_object SET digest = 'older build' WHERE type = 'build'"
"$ISOLAB" --db rec.db runs >/dev/null 2>rec.err
check "a new database's record agrees with the reference check (nothing said)" "" "$(cat rec.err)"
check "a new database's record is the reference's, object for object" "$(cat rec.before)" \
    "$(sqlite3 rec.db "SELECT type, name, digest FROM isolab_object ORDER BY name")"
# a database of the first release gets every saved query of this version
if "$ISOLAB" --db v1.db report bundle_table >/dev/null 2>v1.err; then ok "a migrated version-1 database has the saved queries added since"
else not_ok "a migrated version-1 database: report bundle_table: $(cat v1.err)"; fi

# runaway work is stopped by the budget, the lock released
printf "INSERT INTO axis(name)\nWITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT 'a' || count(*) FROM r;\n" >runaway.sql
cp base.db t.db
expect "runaway seed statement" 3 \
    "isolab load: runaway.sql:1: the statement exceeded the work budget (1 million steps): stopped; nothing of this load was written (raise the budget with --work-limit)" \
    t.db "$ISOLAB" --db t.db load --work-limit 1 runaway.sql
cp base.db t.db
expect "work limit that is not a number" 2 "isolab load: --work-limit: 'lots' is not a number of million steps from 1 to 1000000000
Try 'isolab load --help'." t.db "$ISOLAB" --db t.db load --work-limit lots runaway.sql
cp base.db cl.db
printf "INSERT INTO claim(lesson, name, statement, actual_sql, expected) VALUES ('M03/K05', 'forever', 'never ends', '(WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r)', 1);\n" >forever.sql
"$ISOLAB" --db cl.db load forever.sql >/dev/null 2>&1
"$ISOLAB" --db cl.db check --work-limit 1 --lesson M03/K05 >cl.out 2>&1
check "runaway claim fails with the budget named" \
    "FAIL     M03/K05 forever: expected 1, actual NULL (cannot evaluate: the expression exceeded the work budget (1 million steps; raise it with --work-limit)) -- never ends" \
    "$(grep -a forever cl.out)"

# SQL from files and users calls only SQLite's ordinary functions and
# isolab's own: fts3_tokenizer (which takes a code pointer from its caller)
# and load_extension are refused by name, before anything runs
cp base.db t.db
sqlite3 t.db "CREATE VIRTUAL TABLE notes USING fts3(body); INSERT INTO notes VALUES ('a b c')"
printf "%s\n" "-- the pointer attack: point the tokenizer at 0x4141..., then tokenize" \
    "SELECT fts3_tokenizer('simple', x'4141414141414141');" \
    "SELECT * FROM notes WHERE body MATCH 'a';" >attack.sql
expect "seed calling fts3_tokenizer with an address" 3 \
    "isolab load: attack.sql:2: the function fts3_tokenizer is not allowed in a seed file (seeds may call SQLite's ordinary functions and isolab's own)" \
    t.db "$ISOLAB" --db t.db load attack.sql
printf "INSERT INTO axis(name) VALUES ('x');\nINSERT INTO axis(name) SELECT load_extension('/tmp/evil.so');\n" >ext.sql
bad_seed "seed calling load_extension" \
    "isolab load: ext.sql:2: the function load_extension is not allowed in a seed file (seeds may call SQLite's ordinary functions and isolab's own)" ext.sql
printf "INSERT INTO axis(name) SELECT sqlite_compileoption_get(0);\n" >internal.sql
bad_seed "seed calling one of SQLite's internals" \
    "isolab load: internal.sql:1: the function sqlite_compileoption_get is not allowed in a seed file (seeds may call SQLite's ordinary functions and isolab's own)" internal.sql
printf "CREATE TEMP TRIGGER t AFTER INSERT ON axis BEGIN SELECT fts3_tokenizer('simple'); END;\nINSERT INTO axis(name) VALUES ('a');\n" >trig.sql
bad_seed "seed firing a trigger that calls fts3_tokenizer" \
    "isolab load: trig.sql:2: the function fts3_tokenizer is not allowed in a seed file (seeds may call SQLite's ordinary functions and isolab's own)" trig.sql
expect "export --sql reading a library address" 3 \
    "isolab export: export --sql: the function fts3_tokenizer is not allowed (a query may call SQLite's ordinary functions and isolab's own)" \
    base.db "$ISOLAB" --db base.db export --sql "SELECT hex(fts3_tokenizer('simple'))"
expect "export --sql with a PRAGMA statement: the true reason" 3 \
    "isolab export: export --sql: only a read-only query is allowed (this one would run a PRAGMA statement; a read-only pragma is read as a table: SELECT * FROM pragma_table_info('run'))" \
    base.db "$ISOLAB" --db base.db export --sql "PRAGMA table_info(run)"
check "export --sql reads a table-valued pragma" "name id" \
    "$("$ISOLAB" --db base.db export --sql "SELECT name FROM pragma_table_info('run') LIMIT 1" 2>&1 | tr '\n' ' ' | sed 's/ $//')"
check "export --sql calls ordinary functions" "X 1 3.14 2" \
    "$("$ISOLAB" --db base.db export --sql "SELECT upper('x') AS u, json_extract('[1]', '\$[0]') AS j, round(pi(), 2) AS p, row_number() OVER () + 1 AS r" 2>&1 | tail -1 | tr ',' ' ')"
expect "export --sql runaway query: the work budget" 3 \
    "isolab export: export --sql: the query exceeded the work budget (1 million steps): stopped; raise it with --work-limit" \
    base.db sh -c "'$ISOLAB' --db base.db export --work-limit 1 --sql 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r' >/dev/null"
cp base.db cl.db
printf "INSERT INTO claim(lesson, name, statement, actual_sql, expected) VALUES ('M03/K05', 'pointer', 'reads an address', 'hex(fts3_tokenizer(''simple''))', 1);\n" >ptr.sql
bad_seed "claim calling fts3_tokenizer, refused as it is loaded" \
    "isolab load: ptr.sql:1: claim 'pointer' of lesson M03/K05: its actual_sql does not compile: the function fts3_tokenizer is not allowed (a claim may call SQLite's ordinary functions and isolab's own)" ptr.sql
# written behind isolab's back, it fails at check
sqlite3 cl.db <ptr.sql
"$ISOLAB" --db cl.db check --lesson M03/K05 >cl.out 2>&1
check "claim calling fts3_tokenizer fails, naming the function" \
    "FAIL     M03/K05 pointer: expected 1, actual NULL (cannot evaluate: the function fts3_tokenizer is not allowed (a claim may call SQLite's ordinary functions and isolab's own)) -- reads an address" \
    "$(grep -a pointer cl.out)"

# the extension's power-set answers compute inside one step, where the
# work budget cannot reach: a seed or a claim may not read them
printf "SELECT count(*) FROM isolab_frontier(NULL, 'a,b');\n" >frontier.sql
bad_seed "seed reading isolab_frontier, refused before it runs" \
    "isolab load: frontier.sql:1: the table isolab_frontier is not allowed in a seed file (it computes a power set in one step, beyond the reach of the work budget)" frontier.sql
printf "INSERT INTO claim(lesson, name, statement, actual_sql, expected) VALUES ('M03/K05', 'sweep', 'a power set', '(SELECT count(*) FROM isolab_smallest(NULL, ''a,b'', 0))', 1);\n" >smallest.sql
bad_seed "claim reading isolab_smallest, refused as it is loaded" \
    "isolab load: smallest.sql:1: claim 'sweep' of lesson M03/K05: its actual_sql does not compile: the table isolab_smallest is not allowed (it computes a power set in one step, beyond the reach of the work budget)" smallest.sql
cp base.db cl.db
sqlite3 cl.db <smallest.sql
"$ISOLAB" --db cl.db check --lesson M03/K05 >cl.out 2>&1
check "claim reading isolab_smallest fails at check, naming the limit" \
    "FAIL     M03/K05 sweep: expected 1, actual NULL (cannot evaluate: the table isolab_smallest is not allowed (it computes a power set in one step, beyond the reach of the work budget)) -- a power set" \
    "$(grep -a sweep cl.out)"

# a lock held by another process: who holds what, what to do. The holder
# says on a FIFO that it holds the lock; it holds it until its input (the
# other FIFO) closes.
cp base.db lk.db
mkfifo lk.in lk.out
stdbuf -oL sqlite3 -batch lk.db <lk.in >lk.out 2>&1 &
holder=$!
exec 4>lk.in
printf "BEGIN IMMEDIATE;\nINSERT INTO sample_count(n) VALUES (12345);\nSELECT 'holding';\n" >&4
read -r held <lk.out || held="(no answer)"
[ "$held" = holding ] && ok "the lock holder holds the write lock" || not_ok "the lock holder says: $held"
expect "write lock held by another process" 4 \
    "isolab run: lk.db: another process holds the write lock; waited 1 s (taking the write lock); retry when it has finished, or wait longer with --wait" \
    lk.db "$ISOLAB" --db lk.db run --wait 1
expect "init --force while another process writes" 4 \
    "isolab init: lk.db: another process holds the write lock; waited 1 s; --force replaces a database only while no one writes it: retry when it has finished, or wait longer with --wait" \
    lk.db "$ISOLAB" --db lk.db init --force --wait 1
exec 4>&-
wait $holder

# export -o: a regular file is replaced whole, a FIFO or device written
# into, nothing else replaced; a symlink leads to the file
if mknod fullnode c 1 7 2>/dev/null; then
    expect "export -o to a full device: written into, not replaced" 7 \
        "isolab export: fullnode: cannot write: No space left on device" base.db \
        "$ISOLAB" --db base.db export run -o fullnode
    [ -c fullnode ] && ok "export -o left the device node in place" || not_ok "export -o replaced the device node"
else
    echo "skip - export -o to a device (cannot mknod)"
fi
mkdir outdir
expect "export -o to a directory" 3 \
    "isolab export: outdir: a directory; isolab replaces only a regular file (and writes into a FIFO or a character device)" \
    base.db "$ISOLAB" --db base.db export run -o outdir
ln -s nowhere.csv dangling.csv
expect "export -o to a dangling symlink" 3 \
    "isolab export: dangling.csv: a symbolic link that leads to no file (No such file or directory); give the file's own path" \
    base.db "$ISOLAB" --db base.db export run -o dangling.csv
echo old >real.csv && ln -s real.csv link.csv
if "$ISOLAB" --db base.db export run -o link.csv 2>err.txt && [ -L link.csv ] && head -1 real.csv | grep -q '^id,'; then
    ok "export -o through a symlink replaces the file it leads to, keeps the link"
else
    not_ok "export -o through a symlink: $(cat err.txt)"
fi
mkfifo out.fifo
cat out.fifo >fifo.out &
reader=$!
if "$ISOLAB" --db base.db export run -o out.fifo 2>err.txt && wait $reader && [ -p out.fifo ] \
   && [ "$(head -1 fifo.out | cut -d, -f1)" = id ]; then
    ok "export -o into a FIFO writes through it"
else
    not_ok "export -o into a FIFO: $(cat err.txt)"
fi

# No output lands on the database: not on it, its -wal/-shm (existing or
# not), a hard link to it, a symlink to it; page -o follows export -o's
# rules (device or FIFO written into, symlink followed, nothing else)
ln base.db hard.db
ln -s base.db dblink.csv
for cmd in "export run" page; do
    set -- $cmd
    expect "$1 -o the open database" 3 \
        "isolab $1: base.db: that is the database isolab has open (base.db); nothing was written; name another file" \
        base.db "$ISOLAB" --db base.db "$@" -o base.db
    expect "$1 -o a hard link to the open database" 3 \
        "isolab $1: hard.db: that is the database isolab has open (base.db); nothing was written; name another file" \
        base.db "$ISOLAB" --db base.db "$@" -o hard.db
    expect "$1 -o a symlink to the open database" 3 \
        "isolab $1: dblink.csv: that is the database isolab has open (base.db); nothing was written; name another file" \
        base.db "$ISOLAB" --db base.db "$@" -o dblink.csv
    for side in wal shm journal; do
        expect "$1 -o the database's -$side file" 3 \
            "isolab $1: base.db-$side: that is the -$side file of the database isolab has open (base.db); nothing was written; name another file" \
            base.db "$ISOLAB" --db base.db "$@" -o base.db-$side
        [ -e base.db-$side ] && not_ok "$1 -o base.db-$side created it"
    done
    expect "$1 -o the database through a path with a directory" 3 \
        "isolab $1: ./outdir/../base.db: that is the database isolab has open (base.db); nothing was written; name another file" \
        base.db "$ISOLAB" --db base.db "$@" -o ./outdir/../base.db
done
# a -wal that exists (a reader holds the database open in WAL mode)
cp base.db w.db
mkfifo w.hold
(printf 'BEGIN;\nSELECT count(*) FROM run;\n.print held\n'; cat w.hold) | sqlite3 w.db >w.held &
holder=$!
until grep -q held w.held 2>/dev/null; do :; done
if [ -f w.db-wal ]; then
    expect "export -o an existing -wal of the open database" 3 \
        "isolab export: w.db-wal: that is the -wal file of the database isolab has open (w.db); nothing was written; name another file" \
        w.db "$ISOLAB" --db w.db export run -o w.db-wal
    cp w.db-shm shm.before
    expect "page -o an existing -shm of the open database" 3 \
        "isolab page: w.db-shm: that is the -shm file of the database isolab has open (w.db); nothing was written; name another file" \
        w.db "$ISOLAB" --db w.db page -o w.db-shm
    cmp -s w.db-shm shm.before && ok "the -shm file is unchanged" || not_ok "page -o changed the -shm file"
else
    not_ok "the sqlite3 shell left no w.db-wal to test with"
fi
echo >w.hold
wait $holder
if [ -c /dev/full ]; then
    "$ISOLAB" --db base.db page -o /dev/full 2>err.txt
    rc=$?
    check "page -o to a full device: written into, exit 7" "7 isolab page: /dev/full: cannot write: No space left on device" \
        "$rc $(grep -v ': note: ' err.txt)"
    [ -c /dev/full ] && ok "page -o left the device node in place" || not_ok "page -o replaced /dev/full"
fi
expect "page -o to a directory" 3 \
    "isolab page: outdir: a directory; isolab replaces only a regular file (and writes into a FIFO or a character device)" \
    base.db "$ISOLAB" --db base.db page -o outdir
expect "page -o to a dangling symlink" 3 \
    "isolab page: dangling.csv: a symbolic link that leads to no file (No such file or directory); give the file's own path" \
    base.db "$ISOLAB" --db base.db page -o dangling.csv
ln -s loop.html loop.html
expect "page -o to a symlink loop" 3 \
    "isolab page: loop.html: a symbolic link that leads to no file (Too many levels of symbolic links); give the file's own path" \
    base.db "$ISOLAB" --db base.db page -o loop.html
printf '<!DOCTYPE html>\nold\n' >real.html && ln -s real.html link.html
if "$ISOLAB" --db base.db page -o link.html 2>/dev/null && [ -L link.html ] && grep -q '^<!DOCTYPE html>' real.html; then
    ok "page -o through a symlink replaces the file it leads to, keeps the link"
else
    not_ok "page -o through a symlink"
fi
cat out.fifo >fifo.out &
reader=$!
if "$ISOLAB" --db base.db page -o out.fifo 2>/dev/null && wait $reader && [ -p out.fifo ] \
   && head -1 fifo.out | grep -q '^<!DOCTYPE html>'; then
    ok "page -o into a FIFO writes through it"
else
    not_ok "page -o into a FIFO"
fi
if [ -z "$(ls -a | grep 'tmp-')" ]; then ok "no temporary file left by any refused output"
else not_ok "temporaries left: $(ls -a | grep 'tmp-')"; fi

# init --force and lesson --fresh replace only an SQLite database (or an
# empty file); a text file is never turned into a database
printf 'my notes\n' >notes.txt
expect "init --force on a text file" 3 \
    "isolab init: notes.txt: not an SQLite database (9 bytes, no SQLite header); only a database is replaced: remove or rename it yourself if it is to go" \
    notes.txt "$ISOLAB" --db notes.txt init --force
expect "lesson --fresh on a text file" 3 \
    "isolab lesson: notes.txt: not an SQLite database (9 bytes, no SQLite header); only a database is replaced: remove or rename it yourself if it is to go" \
    notes.txt "$ISOLAB" --db notes.txt lesson --fresh
: >empty.db
if "$ISOLAB" --db empty.db init --force >/dev/null 2>err.txt && [ "$(sqlite3 empty.db 'SELECT count(*) FROM fact')" = 24 ]; then
    ok "init --force on an empty file makes it a database"
else
    not_ok "init --force on an empty file: $(cat err.txt)"
fi

# init --force replaces only a regular file; a symlink leads to the file
mknod chardev c 1 3 2>/dev/null || mkfifo chardev
expect "init --force on a device or FIFO" 3 "isolab init: chardev: $( [ -c chardev ] && echo 'a character device' || echo 'a FIFO'); --force replaces only a regular file" \
    chardev "$ISOLAB" --db chardev init --force
[ -c chardev ] || [ -p chardev ] && ok "init --force left the node in place" || not_ok "init --force replaced the node"
# a symbolic link that leads to no file: nothing to replace, so init makes
# the database where it leads (as 'runs' there advises), --force or not,
# and says so; into a directory that is not there, it names the link's target
ln -s nowhere.db dangling.db && ln -s nowhere2.db dangling2.db && ln -s nodir/x.db dangling3.db
"$ISOLAB" --db dangling.db runs >/dev/null 2>err.txt
check "runs on a dangling symlink: advises init" "isolab runs: dangling.db: no such database (create it with 'isolab --db dangling.db init')" \
    "$(cat err.txt)"
"$ISOLAB" --db dangling.db init >out.txt 2>err.txt
check "init on a dangling symlink: the database where it leads, said so" \
    "0|created $PWD/nowhere.db (dangling.db: a symbolic link that led to no file; the database is where it led)||link 24" \
    "$?|$(cat out.txt)|$(cat err.txt)|$([ -L dangling.db ] && echo link) $(sqlite3 nowhere.db 'SELECT count(*) FROM fact')"
"$ISOLAB" --db dangling2.db init --force >out.txt 2>err.txt
check "init --force on a dangling symlink: the same" "0|created $PWD/nowhere2.db (dangling2.db: a symbolic link that led to no file; the database is where it led)|24" \
    "$?|$(cat out.txt)|$(sqlite3 nowhere2.db 'SELECT count(*) FROM fact')"
expect "init on a dangling symlink into no directory" 3 \
    "isolab init: dangling3.db: a dangling symbolic link to nodir/x.db, whose directory nodir cannot be reached (No such file or directory); create it, or give the database's own path" \
    dangling3.db "$ISOLAB" --db dangling3.db init --force
cp base.db target.db && ln -s target.db link.db
if "$ISOLAB" --db link.db init --force >/dev/null 2>err.txt && [ -L link.db ] \
   && [ "$(sqlite3 target.db 'SELECT count(*) FROM run')" = 0 ]; then
    ok "init --force through a symlink replaces the file it leads to, keeps the link"
else
    not_ok "init --force through a symlink: $(cat err.txt)"
fi

# ---- messages ---------------------------------------------------------------
"$ISOLAB" --db nores.db init >/dev/null
expect "report on a database without results" 3 \
    "isolab report: nores.db: no results yet: run 'isolab --db nores.db lesson' (or 'isolab --db nores.db run')" nores.db "$ISOLAB" --db nores.db report
expect "export of an empty result on a database without results: a note" 0 \
    "isolab export: note: nores.db: no results yet: run 'isolab --db nores.db lesson' (or 'isolab --db nores.db run')" nores.db "$ISOLAB" --db nores.db export surface
# rows a script expects stay on stdout (a view over the model's channels,
# its results empty); the note says why they are empty and what to run
expect "export channel_comparison without results: a note, exit 0" 0 \
    "isolab export: note: nores.db: no results yet: run 'isolab --db nores.db lesson' (or 'isolab --db nores.db run')" nores.db "$ISOLAB" --db nores.db export channel_comparison
check "export channel_comparison without results: stdout is the header and one row per channel" \
    "lesson_position,lesson,channel,part_of,bundle,cost_pct,returned,open_surface,open_axes,cost_per_fact,times_dearer_per_fact,run_time,run_id|$(sqlite3 nores.db "SELECT count(*) FROM channel")" \
    "$(head -n 1 out.txt)|$(($(wc -l <out.txt) - 1))"
expect "report --format csv without results: a note, exit 0" 0 \
    "isolab report: note: nores.db: no results yet: run 'isolab --db nores.db lesson' (or 'isolab --db nores.db run')" nores.db "$ISOLAB" --db nores.db report --format csv
check "report --format csv without results: stdout is the header alone" "lesson,line" "$(cat out.txt)"
cp nores.db "no res.db"
expect "report --format json without results, --db with a space: the note quotes it" 0 \
    "isolab report: note: no res.db: no results yet: run \"isolab --db 'no res.db' lesson\" (or \"isolab --db 'no res.db' run\")" "no res.db" "$ISOLAB" --db "no res.db" report --format json
check "report --format json without results: stdout is an empty array" "[]" \
    "$(python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)))' <out.txt)"
expect "export of a model table without results: no note" 0 "" nores.db "$ISOLAB" --db nores.db export fact
{ printf "INSERT INTO axis(name) VALUES ('"; head -c 10000001 /dev/zero | tr '\0' x; printf "');\n"; } >long.sql
bad_seed "a statement over isolab's length limit names the limit" \
    "isolab load: long.sql:1: the statement is longer than isolab's limit of 10000000 bytes (10 MB) for one statement; split it into several" long.sql

expect "--lesson naming no lesson with a focus: the name in its place" 3 \
    "isolab report: no lesson 'nosuch' with a focus (see lesson_focus) (lessons with a focus: M03/K04, M03/K05)" nores.db "$ISOLAB" --db nores.db report --lesson nosuch
expect "rm naming a run twice" 2 "isolab rm: run 1 is named twice
Try 'isolab rm --help'." nores.db "$ISOLAB" --db nores.db rm 1 1
expect "prune --kind with a kind that does not exist: the kind it is near" 2 \
    "isolab prune: unknown kind of run 'bundle'; did you mean 'bundles'?
Try 'isolab prune --help'." nores.db "$ISOLAB" --db nores.db prune --keep 1 --kind bundle
expect "runs --kind with a kind near none: every kind" 2 \
    "isolab runs: unknown kind of run 'sweeps' (run, samples, removal, addition, bundles, frontier, smallest, marginal, check, probe, channel-probe)
Try 'isolab runs --help'." nores.db "$ISOLAB" --db nores.db runs --kind sweeps
for k in frontier smallest marginal; do
    expect "runs --kind $k: a kind of run isolab records" 0 "isolab runs: note: no run matches the options given" \
        nores.db "$ISOLAB" --db nores.db runs --kind "$k"
done
"$ISOLAB" --db nolessons.db init --seeds "$root/tests/synth" >/dev/null 2>&1 || not_ok "init --seeds tests/synth"
expect "runs on a model without lessons: the hint is run ('lesson' would fail there)" 0 \
    "isolab runs: note: nolessons.db: no runs yet: run 'isolab --db nolessons.db run'" nolessons.db \
    "$ISOLAB" --db nolessons.db runs
expect "report on a model without lessons: the hint is run alone" 3 \
    "isolab report: nolessons.db: no results yet: run 'isolab --db nolessons.db run'" nolessons.db \
    "$ISOLAB" --db nolessons.db report
expect "help with a word after the command: that word named" 2 "isolab help: unexpected argument 'extra'
Try 'isolab help --help'." nores.db "$ISOLAB" --db nores.db help run extra
cp nores.db esc.db
sqlite3 esc.db "CREATE VIEW \"red$(printf '\033')[31m\" AS SELECT 1 AS x"
"$ISOLAB" --db esc.db export --list >list.out 2>&1
check "export --list escapes a name's control characters" "1 0" \
    "$(grep -c 'red\\033\[31m' list.out) $(grep -c "$(printf '\033')" list.out)"

expect "--db given twice before the command" 2 "isolab: option '--db' is given twice
Try 'isolab --help'." nores.db "$ISOLAB" --db nores.db --db other.db runs
expect "--db given before and after the command" 2 "isolab runs: option '--db' is given twice
Try 'isolab runs --help'." nores.db "$ISOLAB" --db nores.db runs --db other.db

# ---- dangling rows: the model is checked when it is read -------------------
# rows the sqlite3 shell wrote with foreign keys off name nothing: every
# command that reads the model stops, naming the table, the row and value
cp base.db dg.db
sqlite3 dg.db "PRAGMA foreign_keys = OFF; INSERT INTO bundle_member(bundle, position, mechanism) VALUES ('strict', 99, 'ghost')"
ghost="bundle_member row (bundle 'strict', position 99, mechanism 'ghost'): mechanism 'ghost' names no mechanism (written with foreign keys off?); correct or delete the row"
for cmd in run "sweep removal" check lesson; do
    set -- $cmd
    expect "$cmd with a bundle member naming no mechanism" 3 "isolab $1: $ghost" dg.db "$ISOLAB" --db dg.db "$@"
done
printf "INSERT INTO axis(name) VALUES ('fine');\n" >fine.sql
expect "load into a model with a dangling row" 3 "isolab load: fine.sql: after loading: $ghost" \
    dg.db "$ISOLAB" --db dg.db load fine.sql
if [ -f "$root/isolab.so" ]; then
    check "the extension: a dangling row is an SQL error naming it" "Error: stepping, isolab_surface: $ghost" \
        "$(sqlite3 -cmd ".load $root/isolab.so" dg.db "SELECT count(*) FROM isolab_surface('strict')" 2>&1)"
fi
cp base.db dg.db
sqlite3 dg.db "PRAGMA foreign_keys = OFF; INSERT INTO fact(position, name, axis) VALUES (99, 'f99', 'nowhere')"
expect "run with a fact on an axis that does not exist" 3 \
    "isolab run: fact row (name 'f99', axis 'nowhere', position 99): axis 'nowhere' names no axis (written with foreign keys off?); correct or delete the row" \
    dg.db "$ISOLAB" --db dg.db run
# every model table with foreign keys is checked (isl_model_tables), the
# lessons a lesson announces too
cp base.db dg.db
sqlite3 dg.db "PRAGMA foreign_keys = OFF; INSERT INTO lesson_announces(lesson, position, about) VALUES ('M09/K99', 1, 'x')"
expect "run with a lesson announced by no lesson" 3 \
    "isolab run: lesson_announces row (lesson 'M09/K99', position 1, about 'x'): lesson 'M09/K99' names no lesson (written with foreign keys off?); correct or delete the row" \
    dg.db "$ISOLAB" --db dg.db run
cat >param_gone.sql <<'EOF'
INSERT INTO bundle(name) VALUES ('brief');
INSERT INTO bundle_member(bundle, position, mechanism) SELECT 'brief', 1, name FROM mechanism LIMIT 1;
UPDATE param SET value = 'brief' WHERE key = 'bundle';
DELETE FROM bundle_member WHERE bundle = 'brief';
DELETE FROM bundle WHERE name = 'brief';
EOF
bad_seed "seed leaving param naming a bundle it deleted" \
    "isolab load: param_gone.sql: after loading: param row 'bundle': value 'brief' names no bundle; set it to one, or to NULL" \
    param_gone.sql

# ---- damage is called damage ------------------------------------------------
# rows of a run whose run row was lost (what a foreign -wal replayed over
# the file does): the next run's rows collide with them
cp base.db dm.db
"$ISOLAB" --db dm.db run >/dev/null 2>&1
sqlite3 dm.db "PRAGMA foreign_keys = OFF; DELETE FROM run WHERE id = (SELECT max(id) FROM run)"
lost=$(sqlite3 dm.db "SELECT max(run_id) FROM surface")
expect "rows of a lost run: damaged, exit 4, what to do" 4 \
    "isolab run: dm.db: damaged: UNIQUE constraint failed: surface.run_id, surface.bundle, surface.channel (writing a surface); rows of run $lost were there before this run wrote any: its run table had lost them; restore it from a copy (a -wal file that did not come with this database, copied next to it, is the known way to get here)" \
    dm.db "$ISOLAB" --db dm.db run

# ---- a view of the user's over the extension's functions ------------------
# isolab registers the extension's functions on every connection it opens:
# the view's rows are those the sqlite3 shell gives with isolab.so loaded
cp base.db uv.db
sqlite3 uv.db "CREATE VIEW my_whatif AS SELECT * FROM isolab_surface('strict', 'sampling-profile')"
shell_rows=$(sqlite3 -csv -header uv.db ".load $root/isolab" "SELECT * FROM my_whatif" | tr -d '\r')
check "export of a view over the extension's functions: the shell's rows" "$shell_rows" \
    "$("$ISOLAB" --db uv.db export my_whatif 2>&1 | tr -d '\r')"
check "export --sql over the extension's function: the shell's rows" "$shell_rows" \
    "$("$ISOLAB" --db uv.db export --sql "SELECT * FROM my_whatif" 2>&1 | tr -d '\r')"
check "an isolab_ name the extension lacks is only unknown" \
    "isolab export: export --sql: no such function: isolab_nosuch" \
    "$("$ISOLAB" --db uv.db export --sql "SELECT isolab_nosuch()" 2>&1)"

# ---- valid names that look like trouble -----------------------------------
cat >names.sql <<'EOF'
-- quotes, spaces, SQL fragments and non-ASCII letters: all valid names
INSERT INTO axis(name) VALUES ('o''clock axis');
INSERT INTO fact(position, name, axis) VALUES
  (25, 'x''); DROP TABLE fact; --', 'o''clock axis'),
  (26, 'Größe des Speichers', 'o''clock axis');
INSERT INTO mechanism(name) VALUES ('clock "namespace"');
INSERT INTO mechanism_axis(mechanism, axis) VALUES ('clock "namespace"', 'o''clock axis');
INSERT INTO left_open(mechanism, fact) VALUES ('clock "namespace"', 'Größe des Speichers');
INSERT INTO bundle(name) VALUES ('strict; DELETE FROM run');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES ('strict; DELETE FROM run', 1, 'clock "namespace"');
INSERT INTO lesson(code, title) VALUES ('M99/K01', 'Übung');
INSERT INTO channel(name, lesson, cost_pct) VALUES ('tracé canal', 'M99/K01', 5);
INSERT INTO channel_fact(channel, fact) VALUES
  ('tracé canal', 'x''); DROP TABLE fact; --'), ('tracé canal', 'Größe des Speichers');
EOF
cp base.db n.db
if "$ISOLAB" --db n.db load names.sql >/dev/null 2>err.txt; then ok "load names with quotes, spaces, SQL and non-ASCII"
else not_ok "load names: $(cat err.txt)"; fi
if "$ISOLAB" --db n.db run --bundle 'strict; DELETE FROM run' --channel 'tracé canal' >/dev/null 2>err.txt; then
    ok "run on those names"
else
    not_ok "run on those names: $(cat err.txt)"
fi
# By hand: the bundle closes only the o'clock axis (facts 25, 26) and leaves
# 26 open; the channel shows 25 (returns) and 26 (left open, so visible).
# visible 24 + 1, returned 1, open surface 26, open axes 9 + 1.
got=$(sqlite3 n.db "SELECT visible, returned, open_surface, open_axes, cost_pct FROM surface
                    WHERE bundle = 'strict; DELETE FROM run' AND channel = 'tracé canal'")
[ "$got" = "25|1|26|10|5.0" ] && ok "surface of those names" || not_ok "surface of those names: $got"
got=$(sqlite3 n.db "SELECT fact || '=' || status FROM fact_status WHERE position > 24 ORDER BY position")
want="x'); DROP TABLE fact; --=returns
Größe des Speichers=left-open"
[ "$got" = "$want" ] && ok "fact statuses of those names" || not_ok "fact statuses of those names: $got"
if "$ISOLAB" --db n.db sweep removal --bundle 'strict; DELETE FROM run' --channel 'tracé canal' >/dev/null 2>err.txt \
   && [ "$(sqlite3 n.db "SELECT count(*) FROM removal_sweep WHERE removed_fact = 'x''); DROP TABLE fact; --'")" = 1 ]; then
    ok "removal sweep over those names"
else
    not_ok "removal sweep over those names: $(cat err.txt)"
fi
[ "$(sqlite3 n.db 'SELECT count(*) FROM fact')" = 26 ] && ok "the fact table is still there" || not_ok "fact table damaged"

# ---- rough edges a new user, a course author and a scripter met -----------
# report NAME... looks every NAME up before it prints anything
expect "report of a table and an unknown name" 3 "isolab report: no saved query named 'nosuch'" \
    base.db "$ISOLAB" --db base.db report run nosuch
check "... and prints nothing of the first" "" "$(cat out.txt)"
# a query that fails on its first row writes nothing, not even the header
expect "export --sql failing on its first row" 3 "isolab export: reading the rows: integer overflow" \
    base.db "$ISOLAB" --db base.db export --sql "SELECT abs(-9223372036854775808) AS a"
check "... and writes nothing" "" "$(cat out.txt)"
# one failing after its first row: the rows are out, the exit status says
# the output is incomplete, and a file is not written at all
"$ISOLAB" --db base.db export --sql "SELECT 1 AS a UNION ALL SELECT abs(-9223372036854775808)" >out.txt 2>err.txt
check "export --sql failing after a row: exit 3, the row before it" "3|a 1" "$?|$(tr '\n' ' ' <out.txt | sed 's/ $//')"
"$ISOLAB" --db base.db export -o part.csv --sql "SELECT 1 AS a UNION ALL SELECT abs(-9223372036854775808)" 2>err.txt
check "... into a file: exit 3, no file" "3|absent" "$?|$(state part.csv | head -n 1)"
# as JSON: the array stays open (no ']'), its last line ended, so that on a
# terminal the error message starts a line of its own
"$ISOLAB" --db base.db export --format json --sql "SELECT 1 AS a UNION ALL SELECT abs(-9223372036854775808)" >out.txt 2>err.txt
check "... as JSON: exit 3, the row, its line ended, no ']'" "3|[|  {\"a\": 1}|" "$?|$(tr '\n' '|' <out.txt)"
# smallest --max N no subset reaches: said on stderr, as an empty report is
cp base.db sm.db
"$ISOLAB" --db sm.db smallest --max 0 --no-channel --mechanisms user-namespace,pid-namespace --format csv >out.txt 2>err.txt
check "smallest with no subset reaching --max: exit 0, the header alone, one note" \
    "0|run_id,rank,channel,size,open_surface,mask,members|isolab smallest: note: no subset of the 2 mechanisms has an open surface of at most 0 under no channel; 'isolab --db sm.db frontier --no-channel --mechanisms user-namespace,pid-namespace' gives the least of each size" \
    "$?|$(cat out.txt)|$(cat err.txt)"
"$ISOLAB" --db sm.db smallest --max 24 --mechanisms user-namespace --format csv >out.txt 2>err.txt
check "smallest with an answer: no note" "0|2|" "$?|$(wc -l <out.txt | tr -d ' ')|$(cat err.txt)"
# --since 0m: a time ago of nothing is now
cp sm.db since.db
sqlite3 since.db "UPDATE run SET started_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')"
"$ISOLAB" --db since.db runs --since 0m >out.txt 2>err.txt
check "runs --since 0m: since now, no run of an hour ago" "0|isolab runs: note: no run matches the options given" \
    "$?|$(cat err.txt)"
"$ISOLAB" --db since.db runs --since 0d --format csv >out.txt 2>&1
check "runs --since 0d: the header alone" "0|1" "$?|$(wc -l <out.txt | tr -d ' ')"
"$ISOLAB" --db since.db runs --since 2h --format csv >out.txt 2>&1
check "runs --since 2h: the header and every run" "0|$(sqlite3 since.db "SELECT count(*) + 1 FROM run WHERE kind <> 'check'")" \
    "$?|$(wc -l <out.txt | tr -d ' ')"
# a time ago has its unit: a bare number (2026: a year?) is refused, as is a sign
for w in 2026 -0m +5m; do
    "$ISOLAB" --db since.db runs --since "$w" >out.txt 2>err.txt
    check "runs --since $w: refused, saying what WHEN may be" \
        "2||isolab runs: --since: '$w' is not a date (2026-12-01, 2026-12-01T14:30) or a time ago (90m, 2h, 3d)" \
        "$?|$(cat out.txt)|$(head -1 err.txt)"
done
# --format's default is the command's own: csv for export, table elsewhere
check "--format's help: export's default csv, runs' table" "1|1|0" \
    "$("$ISOLAB" export --help | grep -c -- '--format F .*(default csv; table with --list)')|$("$ISOLAB" runs --help | grep -c -- '--format F .*(default table)')|$("$ISOLAB" runs --help | grep -c 'export')"
"$ISOLAB" runs --help | grep -q -- "--since WHEN .*(90m, 2h, 3d; 0m: now)" && ok "runs --help says what 0m means" \
    || not_ok "runs --help says what 0m means"
# an empty note is no note, given to the run or afterwards
"$ISOLAB" --db sm.db run --bundle strict --channel sampling-profile --note "" >/dev/null 2>&1
id=$(sqlite3 sm.db "SELECT max(id) FROM run")
check "run --note '': no note (NULL)" "1" "$(sqlite3 sm.db "SELECT note IS NULL FROM run WHERE id = $id")"
"$ISOLAB" --db sm.db note "$id" "kept" && "$ISOLAB" --db sm.db note "$id" ""
check "note RUN '': no note (NULL) either" "1" "$(sqlite3 sm.db "SELECT note IS NULL FROM run WHERE id = $id")"
# an output whose path cannot be reached is not written: exit 7, as a full disk
echo text >afile
expect "export -o under a file: exit 7" 7 "isolab export: afile/x.csv: cannot write: Not a directory" \
    base.db "$ISOLAB" --db base.db export run -o afile/x.csv
"$ISOLAB" --db base.db page -o afile/x.html 2>err.txt
check "page -o under a file: exit 7" "7|isolab page: afile/x.html: cannot write: Not a directory" \
    "$?|$(grep -v ': note: ' err.txt)"
if command -v gnuplot >/dev/null 2>&1; then
    "$ISOLAB" --db sm.db plot channels -o afile >out.txt 2>err.txt
    check "plot -o a file for a directory: exit 7" "7|isolab plot: afile/channels.csv: cannot write: Not a directory" \
        "$?|$(grep -v ': note: ' err.txt)"
else
    echo "skip - plot -o a file for a directory (no gnuplot)"
fi
# lesson --fresh names the lessons it lost, in the number they are
printf "INSERT INTO lesson(code, title, position) VALUES ('M09/K01', 'One', 90);\n" >lost1.sql
printf "INSERT INTO lesson(code, title, position) VALUES ('M09/K02', 'Two', 91);\n" >lost2.sql
cp base.db fr.db
"$ISOLAB" --db fr.db load lost1.sql lost2.sql >/dev/null
"$ISOLAB" --db fr.db lesson --fresh >/dev/null 2>err.txt
check "lesson --fresh that lost two lessons: plural" \
    "isolab lesson: note: the old database's lessons M09/K01 M09/K02 are not in those seeds and are gone; to load them again, run: 'isolab --db fr.db load $tmp/lost1.sql', 'isolab --db fr.db load $tmp/lost2.sql'" \
    "$(grep 'gone' err.txt)"
"$ISOLAB" --db fr.db load lost1.sql >/dev/null
"$ISOLAB" --db fr.db lesson --fresh >/dev/null 2>err.txt
check "... one lesson: singular" \
    "isolab lesson: note: the old database's lesson M09/K01 is not in those seeds and is gone; to load it again, run: 'isolab --db fr.db load $tmp/lost1.sql'" \
    "$(grep 'gone' err.txt)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
