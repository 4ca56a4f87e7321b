#!/bin/sh
# The documentation's commands run as printed: every indented block of
# README.md and of each docs/*.md page, in order, in a fresh copy of the
# tree (the files git tracks, with the build outputs already made so that
# 'make lesson' does not compile again). The README starts from that copy
# (its first command is 'make lesson'); each docs page from a copy of its
# own in which 'make lesson' has run, the set-up every page starts from.
# docs/HACKING.md and docs/PERFORMANCE.md are left out by name: they are
# the maintainer's pages (benchmarks of minutes, figures, a drawing).
#
# The one rule for whoever writes a page: an indented block is commands,
# and is run; what a page shows but must not run (output, a drawing, a
# command that installs or takes minutes) is a fenced block (```), which is
# never run. A shell line must exit 0 and write the file it names (-o FILE,
# > FILE, gnuplot's set output); a "$ sqlite3 DB" block's "sqlite>" lines
# are fed to the sqlite3 shell, which must exit 0 and print no error. The
# what-if session (the fenced block between "<!-- what-if session -->"
# markers: typed lines and their output) is run where it stands and its
# output compared. 'make check' is left out: it is what runs this test.
# A './isolab CMD' line whose CMD this isolab does not have (a command a
# page documents ahead of its build) is skipped with the rest of its block,
# except under CI=true; so is './isolab probe' where no namespace can be
# made. Every docs/*.md page is listed in the README's "Where to go next",
# every link between pages leads to a file and heading that exist, and
# every file a page's commands write is one git ignores. The README
# stays a first read: at most 200 lines.
# Skips without gnuplot (the plots' commands need it), unless CI=true.
. "$(dirname "$0")/../lib/shlib.sh"

command -v gnuplot >/dev/null 2>&1 \
    || skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): README commands not run"
command -v git >/dev/null 2>&1 && git -C "$root" rev-parse --git-dir >/dev/null 2>&1 \
    || skip_suite "not a git checkout: the tracked files cannot be listed"
[ -x "$root/isolab" ] || { not_ok "./isolab is built (make isolab)"; finish; }

# the pages walked: README.md, then every docs/*.md but the maintainer's
pages=README.md
for f in docs/*.md; do
    case $f in docs/HACKING.md | docs/PERFORMANCE.md) continue ;; esac
    pages="$pages $f"
done

# every page of docs/ is listed in the README's contents
for f in docs/*.md; do
    check "README lists $f" yes "$(grep -q "](\($f\|<$f>\))" README.md && echo yes)"
done

# anchors PAGE : the anchors of PAGE's headings, as GitHub makes them
anchors() {
    sed -n 's/^#\{1,6\} //p' "$1" | tr 'A-Z' 'a-z' | sed -e 's/[^a-z0-9 _-]//g' -e 's/ /-/g'
}

# every link of a page to a page of the tree leads to a file there, and a
# link to a heading (#anchor) to a heading that exists
for page in $pages docs/HACKING.md docs/PERFORMANCE.md; do
    grep -o '](\([^)]*\))' "$page" | sed 's/^](\(.*\))$/\1/' | grep -v '^[a-z]*:' |
        while IFS= read -r link; do
            file=${link%%#*}
            dir=$(dirname "$page")
            [ -z "$file" ] && target=$page || target=$dir/$file
            if [ ! -e "$target" ]; then echo "$page: $link: no file $target"; continue; fi
            case $link in
                *'#'*) anchors "$target" | grep -qx -- "${link#*#}" || echo "$page: $link: no such heading" ;;
            esac
        done
done >"$tmp/links.txt"
check "every link between the pages leads to a file and heading" "" "$(head -5 "$tmp/links.txt")"

# fresh DIR : a fresh copy of the tracked files with the build outputs, with
# their times, so make finds isolab up to date; the extension's objects too
# but not isolab.so itself, which 'make lesson' must link (the what-if
# session loads it right after set-up)
fresh() {
    mkdir -p "$1"
    git -C "$root" ls-files -z | xargs -0 cp -p --parents -t "$1"
    check "a fresh copy of the tracked files" 0 $?
    (cd "$root" && cp -pr --parents isolab build/obj build/.deps build/embed build/embedded.c build/libisolab.a \
        build/pic build/libisolab-pic.a "$1") 2>/dev/null
    rm -f "$1"/*.db "$1"/*.db-wal "$1"/*.db-shm
}

# blocks FILE : FILE's indented lines, a blank line after each block; the
# what-if session's opening marker as the line "@what-if"; nothing of a
# fenced block
blocks() {
    awk '/^<!-- what-if session -->$/ { if (inblock) print ""; inblock = 0; print "@what-if"; next }
         /^```/ { if (inblock) print ""; inblock = 0; fenced = !fenced; next }
         fenced { next }
         /^    / { print substr($0, 5); inblock = 1; next }
         inblock { print ""; inblock = 0 }
         END { if (inblock) print "" }' "$1"
}

# run_sql PAGE DIR DB LINES : the typed lines of a "$ sqlite3 DB" block
run_sql() {
    (cd "$2" && sqlite3 -bail "$3" <"$tmp/session.sql") >"$tmp/out.txt" 2>"$tmp/err.txt"
    rc=$?
    if [ "$rc" = 0 ] && [ ! -s "$tmp/err.txt" ] && [ -s "$tmp/out.txt" ]; then ok "$1: sqlite3 $3 session ($4 lines)"
    else not_ok "$1: sqlite3 $3 session ($4 lines): exit $rc"; sed 's/^/    /' "$tmp/err.txt" | head -5; fi
}

# whatif PAGE DIR : PAGE's what-if session in DIR, its output as printed
whatif() {
    sed -n '/^<!-- what-if session -->$/,/^<!-- end what-if session -->$/p' "$root/$1" |
        sed '/^<!--/d; /^```/d; /^\$ /d' >"$tmp/whatif.md"
    sed -n 's/^sqlite> //p; s/^   \.\.\.> //p' "$tmp/whatif.md" >"$tmp/whatif.sql"
    sed '/^sqlite> /d; /^   \.\.\.> /d' "$tmp/whatif.md" >"$tmp/whatif.want"
    (cd "$2" && sqlite3 -batch isolab.db <"$tmp/whatif.sql") >"$tmp/whatif.got" 2>&1
    if [ -s "$tmp/whatif.sql" ] && cmp -s "$tmp/whatif.want" "$tmp/whatif.got"; then
        ok "$1: the what-if session"
    else
        not_ok "$1: the what-if session"
        diff "$tmp/whatif.want" "$tmp/whatif.got" | head -10 | sed 's/^/    /'
    fi
}

# unknown DIR LINE : the command an './isolab' LINE names, when DIR's isolab
# has no such command (empty otherwise)
unknown() {
    case $2 in ./isolab\ *) ;; *) return ;; esac
    set -f
    # shellcheck disable=SC2086
    set -- "$1" ${2#./isolab }
    set +f
    d=$1
    shift
    while [ $# -gt 0 ]; do
        case $1 in
            --db) shift 2 ;;
            -*) shift ;;
            '#'*) return ;;
            *) "$d/isolab" help "$1" >/dev/null 2>&1 || echo "$1"; return ;;
        esac
    done
}

# no_namespaces : true when this machine cannot make a namespace
no_namespaces() { ! unshare -n true 2>/dev/null && ! unshare -U -r -n true 2>/dev/null; }

# later PAGE LINE WHY : a line left out here, and why (a failure under CI=true)
later() {
    if [ "${CI:-}" = true ]; then not_ok "$1: $2 ($3; CI=true: every command must run)"
    else echo "skip - $1: $2 ($3)"; fi
}

# walk PAGE DIR : run PAGE's blocks in DIR, in order
walk() {
    page=$1 dir=$2 db="" lines=0 after=""
    blocks "$root/$page" >"$tmp/blocks.txt"
    while IFS= read -r line; do
        case $line in
            '@what-if') whatif "$page" "$dir"; continue ;;
            '$ sqlite3 '*) db=${line#'$ sqlite3 '}; : >"$tmp/session.sql"; lines=0; continue ;;
            'sqlite> '* | '   ...> '*)
                if [ -n "$db" ]; then
                    printf '%s\n' "$line" | sed -e 's/^sqlite> //' -e 's/^   \.\.\.> //' >>"$tmp/session.sql"
                    lines=$((lines + 1))
                else
                    not_ok "$page: a sqlite> line outside a sqlite3 session: $line"
                fi
                continue ;;
            '')
                [ -n "$db" ] && run_sql "$page" "$dir" "$db" "$lines"
                db="" after=""
                continue ;;
        esac
        cmd=$(printf '%s' "$line" | sed 's/  *#.*$//')
        case $line in
            'make check'*) echo "skip - $page: $line (this test runs under it)"; continue ;;
        esac
        if [ -n "$after" ]; then later "$page" "$cmd" "after $after, in the same block"; continue; fi
        new=$(unknown "$dir" "$cmd")
        if [ -n "$new" ]; then
            after="'isolab $new'"
            later "$page" "$cmd" "this isolab has no command $new yet"
            continue
        fi
        case $line in
            './isolab probe'*) if no_namespaces; then
                after="'isolab probe'"
                later "$page" "$cmd" "no namespace can be made here"
                continue
            fi ;;
        esac
        (cd "$dir" && sh -c "$line") >"$tmp/out.txt" 2>"$tmp/err.txt" </dev/null
        rc=$?
        # the file it says it writes (-o FILE, > FILE, set output 'FILE')
        made=$(printf '%s' "$cmd" | sed -n -e "s/.*set output '\([^']*\)'.*/\1/p" -e 's/.* -o \([^ ]*\.[a-z]*\)\( .*\)*$/\1/p' \
            -e 's/.* > *\([^ ]*\)$/\1/p' | head -1)
        if [ "$rc" = 0 ] && { [ -z "$made" ] || [ -s "$dir/$made" ]; }; then ok "$page: $cmd"
        elif [ "$rc" = 0 ]; then not_ok "$page: $cmd (exit 0, but $made is missing or empty)"
        else not_ok "$page: $cmd (exit $rc)"; tail -n 5 "$tmp/err.txt" | sed 's/^/    /'; fi
    done <"$tmp/blocks.txt"
    [ -n "$db" ] && run_sql "$page" "$dir" "$db" "$lines"
    return 0
}

check "the README is a first read: at most 200 lines" yes "$([ "$(wc -l <README.md)" -le 200 ] && echo yes)"
check "the README shows commands" yes "$([ -n "$(blocks "$root/README.md")" ] && echo yes)"
check "the README's first command is the set-up" "make lesson" \
    "$(blocks "$root/README.md" | sed -n '1s/  *#.*$//p')"

# the set-up every docs page starts from
base=$tmp/base
fresh "$base"
(cd "$base" && make lesson) >"$tmp/setup.out" 2>&1
check "docs pages' set-up: make lesson" 0 $?

# strays DIR : the files in DIR, build/ aside, that git neither tracks nor
# ignores (what a page's commands wrote and a commit could take in)
strays() {
    git -C "$root" ls-files | sort >"$tmp/tracked.txt"
    (cd "$1" && find . -path ./build -prune -o -type f -print) | sed 's|^\./||' | sort |
        comm -23 - "$tmp/tracked.txt" | git -C "$root" check-ignore --stdin -n -v | sed -n 's/^::	//p'
}

for page in $pages; do
    dir=$tmp/page
    rm -rf "$dir"
    if [ "$page" = README.md ]; then fresh "$dir"; else cp -pr "$base" "$dir"; fi
    walk "$page" "$dir"
    check "$page: every file its commands write is ignored by git" "" "$(strays "$dir" | head -5 | tr '\n' ' ')"
done

finish
