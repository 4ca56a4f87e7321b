#!/bin/sh
# The record keeps what it holds (issue 33): nothing is replaced until its
# replacement is known to be good, damage is called damage, and every wait
# is bounded. POSIX sh; env ISOLAB = the binary. Last line: "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"
cd "$tmp" || exit 2

# sum FILE : its bytes' checksum, or "absent"
sum() { if [ -e "$1" ]; then cksum <"$1"; else echo absent; fi; }

# refused NAME STATUS STDERR_LINE FILE CMD... : CMD exits STATUS, its
# stderr's last line is STDERR_LINE, and FILE is byte for byte as before.
refused() {
    name=$1 want_rc=$2 want_err=$3 f=$4
    shift 4
    before=$(sum "$f")
    "$@" >out.txt 2>err.txt
    rc=$?
    check "$name" "$want_rc|$want_err|$before" "$rc|$(tail -n 1 err.txt)|$(sum "$f")"
}

# ---- item 2: lesson --fresh and init --force check before they replace ----
"$ISOLAB" --db k.db lesson >/dev/null 2>&1
"$ISOLAB" --db k.db run >/dev/null 2>&1
refused "lesson NOPE --fresh: refused, the database untouched" 3 \
    "isolab lesson: no lesson 'NOPE' with a focus (see the table lesson_focus) (lessons with a focus: M03/K04, M03/K05)" k.db \
    "$ISOLAB" --db k.db lesson NOPE --fresh
refused "lesson M03/K05 M03/K04 NOPE --fresh: the same" 3 \
    "isolab lesson: no lesson 'NOPE' with a focus (see the table lesson_focus) (lessons with a focus: M03/K04, M03/K05)" k.db \
    "$ISOLAB" --db k.db lesson M03/K05 M03/K04 NOPE --fresh
mkdir nofocus
cp "$root"/seeds/*.sql nofocus/
for f in nofocus/*.sql; do sed -i '/lesson_focus/,/;/d' "$f"; done
refused "lesson --fresh --seeds DIR whose seeds give no focus: refused first" 3 \
    "isolab lesson: no lesson has a focus (see lesson_focus)" k.db \
    "$ISOLAB" --db k.db lesson --fresh --seeds nofocus
mkdir badseeds
printf 'INSERT INTO nosuchtable VALUES (1);\n' >badseeds/001_bad.sql
before=$(sum k.db)
"$ISOLAB" --db k.db init --force --seeds badseeds >/dev/null 2>err.txt
check "init --force with a failing seed: exit 3, the database untouched" "3|$before" "$?|$(sum k.db)"

sqlite3 foreign.db 'CREATE TABLE t(x); INSERT INTO t VALUES (1);'
refused "init --force on another program's SQLite file: refused, what it is said" 4 \
    "isolab init: foreign.db: not an isolab database (application_id 0); --force replaces only an isolab database: remove or rename it yourself if it is to go" foreign.db \
    "$ISOLAB" --db foreign.db init --force
refused "lesson --fresh on it: the same" 4 \
    "isolab lesson: foreign.db: not an isolab database (application_id 0); --fresh replaces only an isolab database: remove or rename it yourself if it is to go" foreign.db \
    "$ISOLAB" --db foreign.db lesson --fresh
sqlite3 app.db 'PRAGMA application_id = 7; CREATE TABLE t(x);'
refused "init --force on a file of another application_id" 4 \
    "isolab init: app.db: not an isolab database (application_id 7); --force replaces only an isolab database: remove or rename it yourself if it is to go" app.db \
    "$ISOLAB" --db app.db init --force
cp k.db newer.db
sqlite3 newer.db 'PRAGMA user_version = 99'
refused "init --force on a newer schema" 4 \
    "isolab init: newer.db: schema version 99 is newer than this isolab's ($(sqlite3 k.db 'PRAGMA user_version')); use a newer isolab" newer.db \
    "$ISOLAB" --db newer.db init --force
refused "lesson --fresh on a newer schema" 4 \
    "isolab lesson: newer.db: schema version 99 is newer than this isolab's ($(sqlite3 k.db 'PRAGMA user_version')); use a newer isolab" newer.db \
    "$ISOLAB" --db newer.db lesson --fresh

mkfifo ff
timeout 10 "$ISOLAB" --db ff lesson --fresh >out.txt 2>err.txt
check "lesson --fresh on a FIFO: refused at once" "3|isolab lesson: ff: a FIFO; --fresh replaces only a regular file" \
    "$?|$(cat err.txt)"

cp k.db drop.db
printf "INSERT INTO bundle(name) VALUES ('extra-bundle');\n" >extra.sql
"$ISOLAB" --db drop.db load extra.sql >/dev/null 2>&1
runs=$(sqlite3 drop.db 'SELECT count(*) FROM run')
ids=$(sqlite3 drop.db "SELECT min(id) || '-' || max(id) FROM run")
"$ISOLAB" --db drop.db lesson --fresh >/dev/null 2>err.txt
check "lesson --fresh names the runs it drops" \
    "isolab lesson: note: the old database's $runs runs (ids $ids) are dropped" \
    "$(grep 'runs (' err.txt)"

# ---- item 3: a user's view runs under the work budget ---------------------
# (timeout only guards against a hang; the budget is steps, not seconds)
"$ISOLAB" --db v.db init >/dev/null 2>&1
q v.db "CREATE VIEW forever AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c" >/dev/null
timeout 120 "$ISOLAB" --db v.db export --list --work-limit 1 >out.txt 2>err.txt
check "export --list with a never-ending view: listed, its rows not counted" "0|forever view" \
    "$?|$(grep '^forever ' out.txt | tr -s ' ' | sed 's/ $//')"
timeout 120 "$ISOLAB" --db v.db export forever --work-limit 1 -o f.csv >out.txt 2>err.txt
check "export of a never-ending view: stopped by the budget, nothing written" \
    "3|isolab export: v.db: the view 'forever' exceeded the work budget (1 million steps): stopped (raise the budget with --work-limit)|absent" \
    "$?|$(cat err.txt)|$(sum f.csv)"

# ---- item 8: readers name a dangling param or lesson_focus row ------------
"$ISOLAB" --db d.db lesson >/dev/null 2>&1
cp d.db f.db
q d.db "INSERT INTO bundle(name) VALUES ('brief');
INSERT INTO bundle_member(bundle, position, mechanism) SELECT 'brief', 1, name FROM mechanism LIMIT 1;
UPDATE param SET value = 'brief' WHERE key = 'bundle';
DELETE FROM bundle_member WHERE bundle = 'brief'; DELETE FROM bundle WHERE name = 'brief';" >/dev/null
q f.db "PRAGMA foreign_keys = OFF; UPDATE lesson_focus SET channel = 'nowhere' WHERE lesson = 'M03/K04'" >/dev/null
focus_row=$(q f.db "SELECT '(lesson ''' || lesson || ''', bundle ''' || bundle || ''', channel ''nowhere'', axis '
    || coalesce('''' || axis || '''', 'NULL') || ')' FROM lesson_focus WHERE lesson = 'M03/K04'")
for cmd in "export channel_comparison" report "page -o p.html" plot; do
    # shellcheck disable=SC2086
    "$ISOLAB" --db d.db $cmd >out.txt 2>err.txt
    check "$cmd with a dangling param: the row named, exit 3" \
        "3|isolab ${cmd%% *}: param row 'bundle': value 'brief' names no bundle; set it to one, or to NULL" \
        "$?|$(tail -n 1 err.txt)"
    # shellcheck disable=SC2086
    "$ISOLAB" --db f.db $cmd >out.txt 2>err.txt
    check "$cmd with a lesson_focus row naming no channel: the row named, exit 3" \
        "3|isolab ${cmd%% *}: lesson_focus row $focus_row: channel 'nowhere' names no channel (written with foreign keys off?); correct or delete the row" \
        "$?|$(tail -n 1 err.txt)"
done

# ---- item 4: each run keeps the count of rows it wrote ----------------------
# Another database's -wal copied beside the file: SQLite replays it (its
# pages for ours, every one well formed), and run 1 loses the rows of the
# bundle 'plain' with nothing in SQLite calling that damage.
"$ISOLAB" --db a.db lesson >/dev/null 2>&1
cp a.db b.db
wrote=$(q a.db "SELECT count(*) FROM surface WHERE run_id = 1")
lost=$(q a.db "SELECT count(*) FROM surface WHERE run_id = 1 AND bundle = 'plain'")
has=$(($(q a.db "SELECT (SELECT count(*) FROM surface WHERE run_id = 1) + (SELECT count(*) FROM fact_status_row WHERE run_id = 1)") - lost))
all=$(q a.db "SELECT (SELECT count(*) FROM surface WHERE run_id = 1) + (SELECT count(*) FROM fact_status_row WHERE run_id = 1)")
printf "PRAGMA journal_mode = WAL;\nPRAGMA wal_autocheckpoint = 0;\nDELETE FROM surface WHERE run_id = 1 AND bundle = 'plain';\n.shell cp b.db-wal a.db-wal\n" \
    | sqlite3 b.db >/dev/null
check "the foreign -wal took rows of run 1 (the case is set up)" "$((wrote - lost))" \
    "$(q a.db "SELECT count(*) FROM surface WHERE run_id = 1")"
for cmd in runs "diff 1 1" check "export surface" report "page -o p.html"; do
    # shellcheck disable=SC2086
    "$ISOLAB" --db a.db $cmd >out.txt 2>err.txt
    check "$cmd on a file that lost rows: damage, exit 4" \
        "4|isolab ${cmd%% *}: a.db: damaged: run 1 has $has of its $all rows" "$?|$(tail -n 1 err.txt)"
done
check "... and nothing of the page written" "absent" "$(sum p.html)"

# named CMD... : the command's name as isolab's messages give it
named() { case "$1" in "sweep bundles"*) echo "sweep bundles" ;; *) echo "${1%% *}" ;; esac; }

# ---- writers find damage before they write ---------------------------------
# One page of bundle_sweep's b-tree overwritten with random bytes: run never
# reads that table and wrote into the file all the same ("6006 rows
# written"). Every writer now stops first, as the readers do; the file is
# byte for byte as before.
"$ISOLAB" --db w.db lesson >/dev/null 2>&1 && "$ISOLAB" --db w.db sweep bundles >/dev/null 2>&1
q w.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
page=$(q w.db "SELECT max(pageno) FROM dbstat WHERE name = 'bundle_sweep' AND pagetype = 'leaf'")
size=$(q w.db "PRAGMA page_size")
head -c "$size" /dev/urandom | dd of=w.db bs="$size" seek="$((page - 1))" conv=notrunc 2>/dev/null
printf "INSERT INTO bundle(name) VALUES ('extra-bundle');\n" >extra.sql
for cmd in run "sweep bundles" "sweep removal" lesson "load extra.sql" "unload M03/K05" check; do
    before=$(sum w.db)
    # shellcheck disable=SC2086
    "$ISOLAB" --db w.db $cmd >out.txt 2>err.txt
    check "$cmd on a file with a page of random bytes in bundle_sweep: exit 4, damaged, nothing written" \
        "4|isolab $(named "$cmd"): w.db: damaged: SQLite finds the file malformed (...); restore it from a copy|$before" \
        "$?|$(tail -n 1 err.txt | sed 's/malformed (.*); restore/malformed (...); restore/')|$(sum w.db)"
done
check "... and it names the page" 1 "$(grep -c "(Page $page: " err.txt)"
# rows lost with every page well formed: a writer stops as the readers do
"$ISOLAB" --db lost.db lesson >/dev/null 2>&1
q lost.db "DELETE FROM surface WHERE run_id = 1 AND bundle = 'plain'" >/dev/null
lost_has=$(q lost.db "SELECT (SELECT count(*) FROM surface WHERE run_id = 1) + (SELECT count(*) FROM fact_status_row WHERE run_id = 1)")
lost_all=$(q lost.db "SELECT row_count FROM run_written WHERE run = 1")
refused "run on a file whose run 1 lost rows: exit 4, damaged, nothing written" 4 \
    "isolab run: lost.db: damaged: run 1 has $lost_has of its $lost_all rows" lost.db "$ISOLAB" --db lost.db run

# ---- a trigger on isolab's tables that is not isolab's: refused at open -----
# A shared database's trigger runs inside isolab's writes: one forges what a
# run stores, another deletes every earlier run's rows. Every command that
# opens the file refuses it, names it and its table, and prints the DROP
# TRIGGER that removes it; nothing is written.
"$ISOLAB" --db t.db lesson >/dev/null 2>&1
cp t.db fudge.db
q fudge.db "CREATE TRIGGER fudge AFTER INSERT ON surface WHEN NEW.bundle = 'strict' BEGIN
    UPDATE surface SET open_surface = 1, returned = 0 WHERE rowid = NEW.rowid; END" >/dev/null
cp t.db evil.db
q evil.db "CREATE TRIGGER evil AFTER INSERT ON run BEGIN DELETE FROM surface; DELETE FROM bundle_sweep; END" >/dev/null
printf "INSERT INTO bundle(name) VALUES ('extra-bundle');\n" >extra.sql
for t in fudge:surface evil:run; do
    trig=${t%%:*} table=${t#*:}
    for cmd in run "sweep bundles" lesson "load extra.sql" check runs report export "page -o p.html"; do
        # shellcheck disable=SC2086
        refused "$cmd on a file with the trigger '$trig' on $table: exit 4, named with its DROP TRIGGER, nothing written" 4 \
            "isolab $(named "$cmd"): $trig.db: trigger '$trig' on isolab's table '$table' is not one of isolab's own: it would run inside isolab's writes and change what isolab records; remove it in the sqlite3 shell: DROP TRIGGER \"$trig\";" \
            "$trig.db" "$ISOLAB" --db "$trig.db" $cmd
    done
done
check "... and no page written" absent "$(sum p.html)"
sqlite3 fudge.db 'DROP TRIGGER "fudge";'
"$ISOLAB" --db fudge.db run --bundle strict >out.txt 2>err.txt
check "the DROP TRIGGER as printed: run works again, strict's rows as a fresh database's" \
    "0|$(q t.db "SELECT group_concat(channel || ' ' || returned || ' ' || open_surface, ', ') FROM surface WHERE run_id = 1 AND bundle = 'strict'")" \
    "$?|$(q fudge.db "SELECT group_concat(channel || ' ' || returned || ' ' || open_surface, ', ') FROM surface WHERE run_id = (SELECT max(id) FROM run) AND bundle = 'strict'")"
# a name with a quote and an escape: shown escaped; the command to remove
# it names it by its bytes' hex, so it works as printed
cp t.db odd.db
q odd.db "CREATE TRIGGER \"it's \"\"odd\"\"$(printf '\033')[2J\" BEFORE DELETE ON Run BEGIN SELECT 1; END" >/dev/null
refused "a trigger whose name holds quotes and ESC: the name escaped, a shell command that drops it by its hex" 4 \
    "isolab runs: odd.db: trigger 'it's \"odd\"\\033[2J' on isolab's table 'Run' is not one of isolab's own: it would run inside isolab's writes and change what isolab records; remove it with this shell command: sqlite3 odd.db \"SELECT 'DROP TRIGGER ' || quote(name) || ';' FROM sqlite_schema WHERE type = 'trigger' AND hex(name) IN ('6974277320226F6464221B5B324A')\" | sqlite3 odd.db" \
    odd.db "$ISOLAB" --db odd.db runs
# several foreign triggers, names of ESC, a newline and U+202E among them:
# the first three named, the rest counted, and the printed line, pasted in
# a shell, removes every one of them
cp t.db many.db
q many.db "CREATE TRIGGER \"x$(printf '\033')[31mRED
$(printf '\342\200\256')evil\" AFTER INSERT ON surface BEGIN SELECT 1; END;
CREATE TRIGGER t2 AFTER INSERT ON run BEGIN SELECT 1; END;
CREATE TRIGGER \"it's\" AFTER INSERT ON run BEGIN SELECT 1; END;
CREATE TRIGGER t4 AFTER DELETE ON run BEGIN SELECT 1; END;" >/dev/null
"$ISOLAB" --db many.db runs >out.txt 2>err.txt
st=$?
check "four foreign triggers: exit 4, the first three named, the fourth counted" \
    "4|isolab runs: many.db: 4 triggers are not isolab's own: 'x\\033[31mRED\\n\\u202eevil' on isolab's table 'surface', 't2' on isolab's table 'run', 'it's' on isolab's table 'run' and 1 more; they would run inside isolab's writes and change what isolab records; remove them with this shell command:" \
    "$st|$(sed 's/ sqlite3 many.db .*//' err.txt)"
sh -c "$(sed 's/.*remove them with this shell command: //' err.txt)" >/dev/null 2>&1
"$ISOLAB" --db many.db runs >/dev/null 2>err.txt
check "... the printed line, pasted in a shell, removes them all: isolab opens the file" "0|0|" \
    "$?|$(q many.db "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name IN ('t2', 't4', 'it''s') OR name LIKE 'x%RED%'")|$(cat err.txt)"
cp t.db two.db
q two.db "CREATE TRIGGER a1 AFTER INSERT ON run BEGIN SELECT 1; END; CREATE TRIGGER a2 AFTER INSERT ON surface BEGIN SELECT 1; END;" >/dev/null
refused "two printable foreign triggers: both named, both DROP TRIGGERs" 4 \
    "isolab runs: two.db: 2 triggers are not isolab's own: 'a1' on isolab's table 'run', 'a2' on isolab's table 'surface'; they would run inside isolab's writes and change what isolab records; remove them in the sqlite3 shell: DROP TRIGGER \"a1\"; DROP TRIGGER \"a2\";" \
    two.db "$ISOLAB" --db two.db runs
# isolab's own trigger redefined (its name kept) is not isolab's either
cp t.db own.db
q own.db "DROP TRIGGER isolab_cost; CREATE TRIGGER isolab_cost AFTER DELETE ON isolab_object BEGIN DELETE FROM run; END" >/dev/null
refused "isolab's trigger redefined on another table: refused, said to be changed" 4 \
    "isolab runs: own.db: trigger 'isolab_cost' on isolab's table 'isolab_object' is not one of isolab's own (changed since isolab installed it): it would run inside isolab's writes and change what isolab records; remove it in the sqlite3 shell: DROP TRIGGER \"isolab_cost\";" \
    own.db "$ISOLAB" --db own.db runs
sqlite3 own.db 'DROP TRIGGER "isolab_cost";'
"$ISOLAB" --db own.db runs >/dev/null 2>err.txt
check "... dropped: isolab installs its own again" "0|1" \
    "$?|$(q own.db "SELECT count(*) FROM sqlite_schema WHERE name = 'isolab_cost' AND tbl_name = 'channel'")"
# the user's own views, indexes, and tables with their triggers stay allowed
cp t.db mine.db
q mine.db "CREATE VIEW my_strict AS SELECT * FROM surface WHERE bundle = 'strict';
CREATE INDEX my_open ON surface(open_surface); CREATE TABLE my_notes(x);
CREATE TRIGGER my_log AFTER INSERT ON my_notes BEGIN SELECT 1; END;" >/dev/null
"$ISOLAB" --db mine.db run >out.txt 2>err.txt
check "a user's own view, index, table and trigger on it: run works, nothing said" "0|" "$?|$(cat err.txt)"

# ---- item 9: the small ones -------------------------------------------------
"$ISOLAB" --db s.db init >/dev/null 2>&1
for d in 2026-02-30 2026-02-29 2026-04-31 2100-02-29; do
    "$ISOLAB" --db s.db runs --since "$d" >out.txt 2>err.txt
    check "runs --since $d: no such day, refused" \
        "2|isolab runs: --since: '$d' is not a date (2026-12-01, 2026-12-01T14:30) or a time ago (90m, 2h, 3d)" \
        "$?|$(head -n 1 err.txt)"
done
"$ISOLAB" --db s.db runs --since 2028-02-29 >out.txt 2>err.txt
check "runs --since 2028-02-29 (a leap day): taken" "0|0" "$?|$(grep -c 'not a date' err.txt)"

printf "INSERT INTO lesson(code, title, position) VALUES ('M09/K09', 'Nine', 99);\n" >nine.sql
"$ISOLAB" --db s.db load nine.sql >/dev/null 2>&1
printf "DROP TRIGGER temp.isl_no_replace;\nINSERT INTO lesson(code, title, position) VALUES ('M09/K09', 'Again', 98);\n" >drop.sql
refused "a seed dropping isolab's TEMP trigger: refused" 3 \
    "isolab load: drop.sql:1: a seed file may write only the model's tables and TEMP objects of its own; isolab's own TEMP object isl_no_replace is refused" \
    s.db "$ISOLAB" --db s.db load drop.sql
printf "DELETE FROM temp.isl_defined;\n" >wipe.sql
refused "a seed writing isolab's TEMP table: refused" 3 \
    "isolab load: wipe.sql:1: a seed file may write only the model's tables and TEMP objects of its own; a write to isolab's own TEMP table isl_defined is refused" \
    s.db "$ISOLAB" --db s.db load wipe.sql
printf "INSERT INTO axis(name) VALUES (zeroblob(20000000));\n" >huge.sql
refused "a seed value longer than a statement may be: refused" 3 \
    "isolab load: huge.sql:1: string or blob too big" \
    s.db "$ISOLAB" --db s.db load huge.sql
# printf() past the limit gives NULL, which no name may be; SQLite's own
# printf takes half a minute to get there (18 min under ASan): the guard's
# NULL comes at once, so 20 s is far more than it needs
printf "INSERT INTO axis(name) VALUES (printf('%%.*c', 999999999, 'x'));\n" >huge2.sql
refused "printf of 10^9 characters in a seed: NULL at once, refused, nothing written" 3 \
    "isolab load: huge2.sql:1: axis.name = NULL: CHECK constraint failed: typeof(name) = 'text' AND length(name) > 0" \
    s.db timeout 20 "$ISOLAB" --db s.db load huge2.sql
if command -v gnuplot >/dev/null 2>&1; then
    ISOLAB_TOOL_TIMEOUT=soon "$ISOLAB" --db k.db plot channels -o plots >out.txt 2>err.txt
    check "a bad ISOLAB_TOOL_TIMEOUT: refused, exit 3, nothing written" \
        "3|isolab plot: ISOLAB_TOOL_TIMEOUT: 'soon' is not a number of seconds from 1 to 86400|absent" \
        "$?|$(tail -n 1 err.txt)|$(sum plots)"
else
    echo "skip - a bad ISOLAB_TOOL_TIMEOUT (no gnuplot)"
fi
# (the man page's ENVIRONMENT is checked by test_install.sh, which makes it)

# A database made from seeds with no lesson focus (the test model): report
# advised 'isolab lesson', which fails ("no lesson has a focus"); and a
# seeds directory moved away was not said to be the one it was made from
cp -r "$root/tests/models/alt" altseeds
"$ISOLAB" --db alt.db init --seeds altseeds >/dev/null 2>&1 && "$ISOLAB" --db alt.db run >/dev/null 2>&1
"$ISOLAB" --db alt.db report >out.txt 2>err.txt
check "report on a database whose lessons have no focus: says so, advises no lesson" \
    "0|isolab report: note: lesson_report has nothing to print: no lesson has a focus (see the table lesson_focus)" \
    "$?|$(cat err.txt)"
mv altseeds altseeds-moved
refused "lesson --fresh with its seeds directory moved: the directory named as the one it was made from" 3 \
    "isolab lesson: the seeds directory alt.db was made from, $tmp/altseeds, cannot be read (No such file or directory: moved or removed?); give the directory with 'isolab --db alt.db lesson --fresh --seeds DIR'" \
    alt.db "$ISOLAB" --db alt.db lesson --fresh

# init --force and lesson --fresh read the old file's header; where fopen
# failed to allocate (NULL, errno left 0) they said "cannot replace:
# Success", exit 3. The header is read with open and read now, which
# allocate nothing: a fopen that fails on that file (a shim) changes nothing.
cat >nofopen.c <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* fopen of a path ending in $NOFOPEN fails as an allocation in it does */
static FILE *shim(const char *sym, const char *path, const char *mode)
{
    const char *name = getenv("NOFOPEN");
    size_t n = name ? strlen(name) : 0, k = strlen(path);
    if (n && k >= n && !strcmp(path + k - n, name)) return errno = 0, NULL;
    FILE *(*real)(const char *, const char *) = (FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT, sym);
    return real(path, mode);
}
FILE *fopen(const char *path, const char *mode) { return shim("fopen", path, mode); }
FILE *fopen64(const char *path, const char *mode) { return shim("fopen64", path, mode); }
EOF
if command -v cc >/dev/null 2>&1 && cc -shared -fPIC -o nofopen.so nofopen.c -ldl 2>/dev/null; then
    cp k.db shim.db
    for cmd in "init --force" "lesson --fresh"; do
        # shellcheck disable=SC2086
        NOFOPEN=shim.db LD_PRELOAD=$tmp/nofopen.so ASAN_OPTIONS=verify_asan_link_order=0 \
            "$ISOLAB" --db shim.db $cmd >out.txt 2>err.txt
        check "$cmd where fopen cannot allocate: replaced all the same, never 'Success'" "0|0" \
            "$?|$(grep -c 'Success' err.txt)"
    done
else
    echo "skip - init --force where fopen cannot allocate (no cc)"
fi

# A seed reading a full-text table the database holds: FTS5 asks PRAGMA
# data_version as it connects (FTS3/4: page_size), which the seed's rules
# refused with a reason about transactions
"$ISOLAB" --db fts.db init >/dev/null 2>&1
q fts.db "CREATE VIRTUAL TABLE my_notes USING fts5(x); INSERT INTO my_notes VALUES ('from-fts5');
CREATE VIRTUAL TABLE my_notes4 USING fts4(x); INSERT INTO my_notes4 VALUES ('from-fts4');" >/dev/null
printf "INSERT INTO axis(name) SELECT x FROM my_notes;\nINSERT INTO axis(name) SELECT x FROM my_notes4;\n" >fts.sql
"$ISOLAB" --db fts.db load fts.sql >out.txt 2>err.txt
check "a seed reading FTS5 and FTS4 tables: loaded" "0|from-fts4,from-fts5" \
    "$?|$(q fts.db "SELECT group_concat(name, ',') FROM (SELECT name FROM axis WHERE name LIKE 'from-fts%' ORDER BY name)")"
printf "PRAGMA page_size = 512;\n" >pagesize.sql
refused "a seed setting page_size: still refused" 3 \
    "isolab load: pagesize.sql:1: 'PRAGMA page_size = 512' is not allowed in a seed file: isolab applies each load in one transaction, with its own settings" \
    fts.db "$ISOLAB" --db fts.db load pagesize.sql

# A file given twice to load: it was advised 'load --replace F F' (or
# --take-over), which failed the same way. Now the file is named as given
# twice, and one lesson from two files of one load is said as such.
"$ISOLAB" --db twice.db init >/dev/null 2>&1
printf "INSERT INTO lesson(code, title, position) VALUES ('M09/K11', 'Eleven', 97);\n" >eleven.sql
cp eleven.sql eleven-copy.sql
"$ISOLAB" --db twice.db load eleven.sql >/dev/null 2>&1
for opt in "" --replace --take-over; do
    before=$(sum twice.db)
    # shellcheck disable=SC2086
    "$ISOLAB" --db twice.db load $opt eleven.sql eleven.sql >out.txt 2>err.txt
    check "load $opt F F: exit 2, the file named as given twice, nothing written" \
        "2|isolab load: file 'eleven.sql' is named twice|$before" "$?|$(head -n 1 err.txt)|$(sum twice.db)"
done
"$ISOLAB" --db twice.db load --replace eleven.sql ./eleven.sql >out.txt 2>err.txt
check "load --replace F ./F: the same file by two names, exit 2" \
    "2|isolab load: './eleven.sql' is 'eleven.sql' again: give each file once" "$?|$(head -n 1 err.txt)"
cp twice.db twice-new.db
"$ISOLAB" --db twice-new.db unload M09/K11 >/dev/null 2>&1
for opt in "" --replace --take-over; do
    db=twice.db
    [ -z "$opt" ] && db=twice-new.db # the lesson not loaded yet
    # shellcheck disable=SC2086
    "$ISOLAB" --db $db load $opt eleven.sql eleven-copy.sql >out.txt 2>err.txt
    check "load $opt F G, both defining one lesson: exit 3, both files named, no command advised that fails" \
        "3|isolab load: eleven-copy.sql: lesson 'M09/K11' is defined by eleven.sql too, given earlier in this load; a lesson comes from one file: load one of them" \
        "$?|$(cat err.txt)"
done
"$ISOLAB" --db twice.db load --replace eleven.sql >out.txt 2>err.txt
check "... and loading one of them, as said, works" 0 "$?"

# A file size limit (ulimit -f) met while a database is made: said as such
# (SQLite, rolling back, loses the EFBIG: it said "I/O error (COMMIT)")
(ulimit -f 200 && trap '' XFSZ && "$ISOLAB" --db fsize.db init) >out.txt 2>err.txt
check "init under ulimit -f: exit 4, File too large and the limit said, nothing left" \
    "4|isolab init: fsize.db: File too large (COMMIT): this process may write files of at most N bytes (ulimit -f); nothing of it was written|absent" \
    "$?|$(sed 's/at most [0-9]* bytes/at most N bytes/' err.txt)|$(sum fsize.db)"

# A new database that does not fit names the file asked for, never the
# temporary it was built in (it said "DIR/.x.db.tmp-XXXXXX: disk full").
mkdir "$tmp/full"
if mount -t tmpfs -o size=64k tmpfs "$tmp/full" 2>/dev/null; then
    "$ISOLAB" --db "$tmp/full/x.db" init >/dev/null 2>"$tmp/full.err"
    rc=$?
    left=$(ls -A "$tmp/full")
    umount "$tmp/full"
    check "init on a full disk: exit 4, the file named, nothing left" \
        "4|isolab init: $tmp/full/x.db: disk full (COMMIT); nothing of it was written|" "$rc|$(cat "$tmp/full.err")|$left"
else
    echo "skip - init on a full disk: cannot mount a small tmpfs here"
fi

finish
