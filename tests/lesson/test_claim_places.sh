#!/bin/sh
# Tests that a claim's failure points at its cause (issue 32, item 5):
#   1  a claim whose SQL gives no value names each quoted channel, bundle,
#      mechanism ... it compares a column with that the model does not
#      have, and the file and line of the claim; a name the model has is
#      not named; a claim with every name right still says where it is
#      with the hint every name that names nothing gets: the name within 2
#      edits ("did you mean"), else the model's names of that kind when
#      there are few; a claim whose value differs names them too; a
#      status compared that is no status as stored but near one ('retuns',
#      'RETURNS') is named with the stored word it is near
#   2  a claim naming a table, view or column that does not exist is
#      refused at load with its file and line, and the name within 2 edits
#      among the tables and views, or the columns of those the claim names
#   3  a lesson file in seeds/ whose claim does not compile fails the build
#      of ./isolab with its file and line, and leaves no ./isolab behind
. "$(dirname "$0")/../lib/shlib.sh"

# --- 1: a claim of no value names what matched nothing ----------------------
cat >"$tmp/k99.sql" <<'SQL'
-- Lesson M03/K99: a lesson whose claims misspell names.
INSERT INTO lesson(code, title, position) VALUES
  ('M03/K99', 'Typos', 99);

INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M03/K99', 'profile-facts', 'the profile returns 3 facts', 3,
   '(SELECT max(position) FROM channel_fact WHERE channel = ''sampling-profil'')'),
  ('M03/K99', 'strict-members', 'strict has control-group', 'control-group',
   '(SELECT group_concat(mechanism) FROM bundle_member
     WHERE bundle = ''strikt'' AND mechanism = ''control-group'')'),
  ('M03/K99', 'no-row', 'no row', 1,
   '(SELECT max(position) FROM channel_fact WHERE channel = ''sampling-profile'' AND position > 9)'),
  ('M03/K99', 'tracing-facts', 'tracing returns a host fact', 1,
   '(SELECT max(position) FROM channel_fact
     WHERE channel = ''in-kernel-tracin'' AND fact = ''host-interfac'')'),
  ('M03/K99', 'far-names', 'names far from any', 1,
   '(SELECT max(f.position) FROM channel_fact JOIN fact f ON f.name = fact
     WHERE channel = ''profiler'' AND f.axis = ''disk'')'),
  ('M03/K99', 'count-facts', 'the profile returns 3 facts', 3,
   '(SELECT count(*) FROM channel_fact WHERE channel = ''sampling-profil'')'),
  ('M03/K99', 'count-right', 'the profile shows 2 facts', 2,
   '(SELECT count(*) FROM channel_fact WHERE channel = ''sampling-profile'')'),
  ('M03/K99', 'status-typo', 'strict x sampling-profile returns 3 facts', 3,
   '(SELECT count(*) FROM current_fact_status WHERE bundle = ''strict''
     AND channel = ''sampling-profile'' AND status = ''retuns'')'),
  ('M03/K99', 'status-printed', 'cpu-share returns', 'returns',
   '(SELECT status FROM current_fact_status WHERE fact = ''cpu-share'' AND status = ''RETURNS'')'),
  ('M03/K99', 'status-other', 'a probe step skipped', 1,
   '(SELECT count(*) FROM probe_step WHERE status = ''skipped'')');
SQL
db=$tmp/k99.db
"$ISOLAB" --db "$db" init >/dev/null 2>&1 && "$ISOLAB" --db "$db" load lessons/030_M03_K06_in_kernel_tracing.sql \
    "$tmp/k99.sql" >/dev/null 2>&1
check "the lesson file loads" 0 $?
# the statuses the status claims read
"$ISOLAB" --db "$db" run >/dev/null 2>&1
check "the run computes the statuses" 0 $?
"$ISOLAB" --db "$db" check --lesson M03/K99 >"$tmp/out.txt" 2>/dev/null
check "check exits 1 (claims fail)" 1 $?
# the place is the file's absolute path and the line of the claim's row
where=$(cd "$tmp" && pwd -P)/k99.sql
check "a misspelt channel is named, with the claim's file and line" \
    "FAIL     M03/K99 profile-facts: expected 3, actual NULL (no value: no channel named 'sampling-profil'; did you mean 'sampling-profile'?; the claim is at $where:6) -- the profile returns 3 facts" \
    "$(grep ' profile-facts:' "$tmp/out.txt")"
check "a misspelt bundle is named; the mechanism the model has is not" \
    "FAIL     M03/K99 strict-members: expected control-group, actual NULL (no value: no bundle named 'strikt'; did you mean 'strict'?; the claim is at $where:8) -- strict has control-group" \
    "$(grep ' strict-members:' "$tmp/out.txt")"
check "every name right: no name, still the claim's place" \
    "FAIL     M03/K99 no-row: expected 1, actual NULL (no value (has a run computed it?); the claim is at $where:11) -- no row" \
    "$(grep ' no-row:' "$tmp/out.txt")"
check "a channel of a loaded lesson and a fact, each misspelt: both named, each with its hint" \
    "FAIL     M03/K99 tracing-facts: expected 1, actual NULL (no value: no channel named 'in-kernel-tracin'; did you mean 'in-kernel-tracing'?; no fact named 'host-interfac'; did you mean 'host-interfaces'?; the claim is at $where:13) -- tracing returns a host fact" \
    "$(grep ' tracing-facts:' "$tmp/out.txt")"
check "names far from any: the 6 channels listed, not the 9 axes (past the few)" \
    "FAIL     M03/K99 far-names: expected 1, actual NULL (no value: no channel named 'profiler' (channels: system-call-tracing, sampling-profile, in-kernel-tracing, sched-tracepoint, task-tracepoint, net-tracepoint); no axis named 'disk'; the claim is at $where:16) -- names far from any" \
    "$(grep ' far-names:' "$tmp/out.txt")"
check "a value that differs over a misspelt name: the name, its hint and the claim's place" \
    "FAIL     M03/K99 count-facts: expected 3, actual 0 (the value differs: no channel named 'sampling-profil'; did you mean 'sampling-profile'?; the claim is at $where:19) -- the profile returns 3 facts" \
    "$(grep ' count-facts:' "$tmp/out.txt")"
check "a value that differs, every name right: as before" \
    "FAIL     M03/K99 count-right: expected 2, actual 3 (the value differs) -- the profile shows 2 facts" \
    "$(grep ' count-right:' "$tmp/out.txt")"
check "a misspelt status word: named with the status it is near" \
    "FAIL     M03/K99 status-typo: expected 3, actual 0 (the value differs: no status named 'retuns'; did you mean 'returns'?; the claim is at $where:23) -- strict x sampling-profile returns 3 facts" \
    "$(grep ' status-typo:' "$tmp/out.txt")"
check "a status as printed, not as stored: named with the stored word" \
    "FAIL     M03/K99 status-printed: expected returns, actual NULL (no value: no status named 'RETURNS'; did you mean 'returns'?; the claim is at $where:26) -- cpu-share returns" \
    "$(grep ' status-printed:' "$tmp/out.txt")"
check "a probe step's status, far from a fact's: not named" \
    "FAIL     M03/K99 status-other: expected 1, actual 0 (the value differs) -- a probe step skipped" \
    "$(grep ' status-other:' "$tmp/out.txt")"
check "the reason is stored in claim_result" \
    "no value: no channel named 'sampling-profil'; did you mean 'sampling-profile'?; the claim is at $where:6" \
    "$(q "$db" "SELECT reason FROM claim_result WHERE claim = 'profile-facts'")"
# the file now a FIFO that no one writes: named alone, never waited on
# (timeout: only a guard against the hang, far above the run's time)
mv "$tmp/k99.sql" "$tmp/k99.keep" && mkfifo "$tmp/k99.sql"
timeout 120 "$ISOLAB" --db "$db" check --lesson M03/K99 >"$tmp/out.txt" 2>/dev/null
check "the claim's file a FIFO: check ends (exit 1), the file named alone" \
    "1 FAIL     M03/K99 profile-facts: expected 3, actual NULL (no value: no channel named 'sampling-profil'; did you mean 'sampling-profile'?; the claim is at $where) -- the profile returns 3 facts" \
    "$? $(grep ' profile-facts:' "$tmp/out.txt")"
rm "$tmp/k99.sql" && mv "$tmp/k99.keep" "$tmp/k99.sql"

# --- 2: a table, view or column that does not exist, refused at load --------
# each case: the claim's SQL, then the end of the error after "does not compile: "
printf '%s\n' \
    "(SELECT count(*) FROM channel_comparisn)" \
    "no such table: channel_comparisn; did you mean 'channel_comparison'?" \
    "(SELECT returnd FROM channel_comparison WHERE channel = ''sampling-profile'')" \
    "no such column: returnd; did you mean 'returned'?" \
    "(SELECT max(x.postion) FROM channel_fact x)" \
    "no such column: x.postion; did you mean 'position'?" \
    "(SELECT count(*) FROM axis WHERE label = ''host'')" \
    "no such column: label (columns of the tables and views it names: name)" \
    "(SELECT count(*) FROM bundle_membership)" \
    "no such table: bundle_membership" >"$tmp/cases.txt"
n=0
while IFS= read -r sql && IFS= read -r want; do
    n=$((n + 1))
    printf "INSERT INTO lesson(code, title, position) VALUES ('M03/K98', 'Typos', 98);\n\nINSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES\n  ('M03/K98', 'typo-%s', 'x', 1,\n   '%s');\n" \
        "$n" "$sql" >"$tmp/k98.sql"
    "$ISOLAB" --db "$db" load "$tmp/k98.sql" >/dev/null 2>"$tmp/e.txt"
    check "load refuses $sql (exit 3) at the claim's line, with the hint" \
        "3|isolab load: $tmp/k98.sql:4: claim 'typo-$n' of lesson M03/K98: its actual_sql does not compile: $want" \
        "$?|$(cat "$tmp/e.txt")"
done <"$tmp/cases.txt"
check "nothing of the refused lesson was written" 0 "$(q "$db" "SELECT count(*) FROM lesson WHERE code = 'M03/K98'")"

# --- 3: a lesson in seeds/ is compiled when isolab is built ------------------
tree=$tmp/tree
mkdir -p "$tree/build"
cp -Rp Makefile src include schema seeds queries gnuplot tools "$tree/" &&
    cp -Rp build/obj build/embed build/.deps build/libisolab.a "$tree/build/" 2>/dev/null
cat >"$tree/seeds/030_M03_K06_typo.sql" <<'SQL'
-- Lesson M03/K06 with a claim over a column that does not exist.
INSERT INTO lesson(code, title, position) VALUES
  ('M03/K06', 'A typo', 6);

INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M03/K06', 'cost', 'the profile costs 3 %', 3,
   '(SELECT cost_pc FROM channel WHERE name = ''sampling-profile'')');
SQL
(cd "$tree" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make isolab) >"$tmp/make.out" 2>&1
check "make isolab fails on a seed claim that does not compile" 2 $?
check "the build names the seed's file and line and the claim" \
    "isolab init: seeds/030_M03_K06_typo.sql:6: claim 'cost' of lesson M03/K06: its actual_sql does not compile: no such column: cost_pc; did you mean 'cost_pct'?" \
    "$(grep 'cost_pc' "$tmp/make.out")"
if [ -e "$tree/isolab" ]; then not_ok "no ./isolab is left from the failed build"
else ok "no ./isolab is left from the failed build"; fi
rm "$tree/seeds/030_M03_K06_typo.sql"
(cd "$tree" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make isolab) >"$tmp/make.out" 2>&1
check "without it the build succeeds" 0 $?
[ -x "$tree/isolab" ] && ok "./isolab is built" || not_ok "./isolab is built"

finish
