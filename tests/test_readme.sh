#!/bin/sh
# The README's commands run as printed: every indented block of README.md,
# in order, in a fresh copy of the tree (the files git tracks, with the
# build outputs already made so that 'make lesson' does not compile again).
# A shell line must exit 0 and write the file it names (-o FILE, > FILE,
# gnuplot's set output); a "$ sqlite3 DB" block's "sqlite>" lines are fed
# to the sqlite3 shell, which must exit 0 and print no error. 'make check'
# is left out: it is what runs this test. Skips without gnuplot (the plots'
# commands need it), unless CI=true.
. "$(dirname "$0")/shlib.sh"

command -v gnuplot >/dev/null 2>&1 \
    || skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): README commands not run"
command -v git >/dev/null 2>&1 && git -C "$root" rev-parse --git-dir >/dev/null 2>&1 \
    || skip_suite "not a git checkout: the tracked files cannot be listed"
[ -x "$root/isolab" ] || { not_ok "./isolab is built (make isolab)"; finish; }

fresh=$tmp/fresh
mkdir -p "$fresh"
git -C "$root" ls-files -z | xargs -0 cp -p --parents -t "$fresh"
check "a fresh copy of the tracked files" 0 $?
# the build outputs, with their times, so make finds isolab up to date; the
# extension's objects too but not isolab.so itself, which 'make lesson' must
# link (the what-if session loads it right after set-up)
(cd "$root" && cp -pr --parents isolab build/obj build/.deps build/embed build/embedded.c build/libisolab.a \
    build/pic build/libisolab-pic.a "$fresh") 2>/dev/null
rm -f "$fresh"/*.db "$fresh"/*.db-wal "$fresh"/*.db-shm

# The indented lines of README.md, a blank line between two blocks.
awk '/^    / { print substr($0, 5); inblock = 1; next } inblock { print ""; inblock = 0 }' README.md >"$tmp/blocks.txt"
check "the README shows commands" yes "$([ -s "$tmp/blocks.txt" ] && echo yes)"

run_sql() {
    (cd "$fresh" && sqlite3 -bail "$1" <"$tmp/session.sql") >"$tmp/out.txt" 2>"$tmp/err.txt"
    rc=$?
    if [ "$rc" = 0 ] && [ ! -s "$tmp/err.txt" ] && [ -s "$tmp/out.txt" ]; then ok "README: sqlite3 $1 session ($2 lines)"
    else not_ok "README: sqlite3 $1 session ($2 lines): exit $rc"; sed 's/^/    /' "$tmp/err.txt" | head -5; fi
}

# The README's what-if session in the fresh copy, its output as printed.
whatif() {
    sed -n '/^<!-- what-if session -->$/,/^<!-- end what-if session -->$/p' README.md |
        sed '/^<!--/d; /^```/d; /^\$ /d' >"$tmp/whatif.md"
    sed -n 's/^sqlite> //p; s/^   \.\.\.> //p' "$tmp/whatif.md" >"$tmp/whatif.sql"
    sed '/^sqlite> /d; /^   \.\.\.> /d' "$tmp/whatif.md" >"$tmp/whatif.want"
    (cd "$fresh" && sqlite3 -batch isolab.db <"$tmp/whatif.sql") >"$tmp/whatif.got" 2>&1
    if [ -s "$tmp/whatif.sql" ] && cmp -s "$tmp/whatif.want" "$tmp/whatif.got"; then
        ok "README: the what-if session right after make lesson"
    else
        not_ok "README: the what-if session right after make lesson"
        diff "$tmp/whatif.want" "$tmp/whatif.got" | head -10 | sed 's/^/    /'
    fi
}

db=""
lines=0
while IFS= read -r line; do
    case $line in
        '$ sqlite3 '*) db=${line#'$ sqlite3 '}; : >"$tmp/session.sql"; lines=0; continue ;;
        'sqlite> '* | '   ...> '*)
            if [ -n "$db" ]; then
                printf '%s\n' "$line" | sed -e 's/^sqlite> //' -e 's/^   \.\.\.> //' >>"$tmp/session.sql"
                lines=$((lines + 1))
            else
                not_ok "README: a sqlite> line outside a sqlite3 session: $line"
            fi
            continue ;;
        '')
            [ -n "$db" ] && run_sql "$db" "$lines"
            db=""
            continue ;;
    esac
    case $line in
        'make check'*) echo "skip - README: $line (this test runs under it)"; continue ;;
    esac
    (cd "$fresh" && sh -c "$line") >"$tmp/out.txt" 2>"$tmp/err.txt" </dev/null
    rc=$?
    cmd=$(printf '%s' "$line" | sed 's/  *#.*$//')
    # the file it says it writes (-o FILE, > FILE, set output 'FILE')
    made=$(printf '%s' "$cmd" | sed -n -e "s/.*set output '\([^']*\)'.*/\1/p" -e 's/.* -o \([^ ]*\.[a-z]*\)\( .*\)*$/\1/p' \
        -e 's/.* > *\([^ ]*\)$/\1/p' | head -1)
    if [ "$rc" = 0 ] && { [ -z "$made" ] || [ -s "$fresh/$made" ]; }; then ok "README: $cmd"
    elif [ "$rc" = 0 ]; then not_ok "README: $cmd (exit 0, but $made is missing or empty)"
    else not_ok "README: $cmd (exit $rc)"; tail -n 5 "$tmp/err.txt" | sed 's/^/    /'; fi
    # the what-if session (a fenced block: typed lines and their output) on
    # the database 'make lesson' made, right after it, as the README says
    case $cmd in 'make lesson') whatif ;; esac
done <"$tmp/blocks.txt"
[ -n "$db" ] && run_sql "$db" "$lines"

finish
