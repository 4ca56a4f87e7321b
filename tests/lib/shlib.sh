# Helpers shared by the shell tests (sourced, not run): counters, a scratch
# directory removed on exit, and checks that print "ok"/"FAIL" lines.
# The sourcing test sets nothing first; it ends with `finish`.
set -u
# the top directory: the suite's folder's parent (tests/LAYER/test_X.sh), or
# its own parent (a suite still at tests/test_X.sh)
root=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$root/Makefile" ] || root=$(cd "$root/.." && pwd)
cd "$root" || exit 2
ISOLAB=${ISOLAB:-./isolab}
case $ISOLAB in /*) ;; *) ISOLAB=$root/$ISOLAB ;; esac

passed=0
failed=0
ok()     { passed=$((passed + 1)); echo "ok   - $1"; }
not_ok() { failed=$((failed + 1)); echo "FAIL - $1"; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}

# skip_suite REASON : the whole suite cannot run here (a tool is missing):
# exit 77, which make check counts as skipped. Under CI=true a skip is a
# failure, since CI installs every tool.
skip_suite() {
    if [ "${CI:-}" = true ]; then
        echo "FAIL - $1 (CI=true: every tool must be installed)"
        exit 1
    fi
    echo "skip - $1"
    exit 77
}

# check NAME WANT GOT : ok when the strings are equal, else shows both.
check() {
    if [ "$2" = "$3" ]; then
        ok "$1"
    else
        not_ok "$1"
        printf '    want: %s\n    got:  %s\n' "$2" "$3"
    fi
}

# q DB SQL : the sqlite3 shell's plain output of SQL, read as isolab reads
# its views (trusted_schema off).
q() { sqlite3 -batch -noheader -list -cmd 'PRAGMA trusted_schema = OFF' "$1" "$2"; }

# fresh_db DB : a database with the lesson's runs and one check run.
fresh_db() { "$ISOLAB" --db "$1" lesson --fresh >"$tmp/lesson.out" 2>"$tmp/lesson.err"; }

# The page's lab (the engine of make wasm) only where a suite asks for it
# (tests/page/test_page_lab.sh): every other suite's page is written without it,
# wherever isolab finds an engine.
ISOLAB_ENGINE_DIR=
export ISOLAB_ENGINE_DIR
