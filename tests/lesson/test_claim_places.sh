#!/bin/sh
# Tests that a claim's failure points at its cause (issue 32, item 5):
#   1  a claim whose SQL gives no value names each quoted channel, bundle,
#      mechanism ... it compares a column with that the model does not
#      have, and the file and line of the claim; a name the model has is
#      not named; a claim with every name right still says where it is
#   2  a lesson file in seeds/ whose claim does not compile fails the build
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
   '(SELECT max(position) FROM channel_fact WHERE channel = ''sampling-profile'' AND position > 9)');
SQL
db=$tmp/k99.db
"$ISOLAB" --db "$db" init >/dev/null 2>&1 && "$ISOLAB" --db "$db" load "$tmp/k99.sql" >/dev/null 2>&1
check "the lesson file loads" 0 $?
"$ISOLAB" --db "$db" check --lesson M03/K99 >"$tmp/out.txt" 2>/dev/null
check "check exits 1 (claims fail)" 1 $?
# the place is the file's absolute path and the line of the claim's row
where=$(cd "$tmp" && pwd -P)/k99.sql
check "a misspelt channel is named, with the claim's file and line" \
    "FAIL     M03/K99 profile-facts: expected 3, actual NULL (no value: no channel named 'sampling-profil'; the claim is at $where:6) -- the profile returns 3 facts" \
    "$(grep ' profile-facts:' "$tmp/out.txt")"
check "a misspelt bundle is named; the mechanism the model has is not" \
    "FAIL     M03/K99 strict-members: expected control-group, actual NULL (no value: no bundle named 'strikt'; the claim is at $where:8) -- strict has control-group" \
    "$(grep ' strict-members:' "$tmp/out.txt")"
check "every name right: no name, still the claim's place" \
    "FAIL     M03/K99 no-row: expected 1, actual NULL (no value (has a run computed it?); the claim is at $where:11) -- no row" \
    "$(grep ' no-row:' "$tmp/out.txt")"
check "the reason is stored in claim_result" \
    "no value: no channel named 'sampling-profil'; the claim is at $where:6" \
    "$(q "$db" "SELECT reason FROM claim_result WHERE claim = 'profile-facts'")"
# the file now a FIFO that no one writes: named alone, never waited on
# (timeout: only a guard against the hang, far above the run's time)
mv "$tmp/k99.sql" "$tmp/k99.keep" && mkfifo "$tmp/k99.sql"
timeout 120 "$ISOLAB" --db "$db" check --lesson M03/K99 >"$tmp/out.txt" 2>/dev/null
check "the claim's file a FIFO: check ends (exit 1), the file named alone" \
    "1 FAIL     M03/K99 profile-facts: expected 3, actual NULL (no value: no channel named 'sampling-profil'; the claim is at $where) -- the profile returns 3 facts" \
    "$? $(grep ' profile-facts:' "$tmp/out.txt")"
rm "$tmp/k99.sql" && mv "$tmp/k99.keep" "$tmp/k99.sql"

# --- 2: a lesson in seeds/ is compiled when isolab is built ------------------
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
    "isolab init: seeds/030_M03_K06_typo.sql:6: claim 'cost' of lesson M03/K06: its actual_sql does not compile: no such column: cost_pc" \
    "$(grep 'cost_pc' "$tmp/make.out")"
if [ -e "$tree/isolab" ]; then not_ok "no ./isolab is left from the failed build"
else ok "no ./isolab is left from the failed build"; fi
rm "$tree/seeds/030_M03_K06_typo.sql"
(cd "$tree" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make isolab) >"$tmp/make.out" 2>&1
check "without it the build succeeds" 0 $?
[ -x "$tree/isolab" ] && ok "./isolab is built" || not_ok "./isolab is built"

finish
