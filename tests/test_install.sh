#!/bin/sh
# Tests for 'make install' and 'make uninstall': a staged install into a
# DESTDIR holds the binary, the extension, the man page, the bash completion
# and the seeds and saved queries; the man page renders clean under
# 'groff -man -ww' and names every command and option; the completion
# offers commands, options, choices and the names of the line's database;
# uninstall leaves no file behind.
. "$(dirname "$0")/shlib.sh"
command -v make >/dev/null 2>&1 || skip_suite "make is not installed"

stage=$tmp/stage
dirs="PREFIX=/usr DESTDIR=$stage"
if make -s -C "$root" install $dirs >"$tmp/install.log" 2>&1; then ok "make install into a staging DESTDIR"
else not_ok "make install into a staging DESTDIR"; cat "$tmp/install.log"; finish; fi

for f in bin/isolab lib/isolab/isolab.so share/man/man1/isolab.1 share/bash-completion/completions/isolab; do
    [ -f "$stage/usr/$f" ] && ok "installed /usr/$f" || not_ok "installed /usr/$f"
done
check "the seeds in DATADIR/isolab/seeds" "$(cd seeds && ls *.sql)" "$(cd "$stage/usr/share/isolab/seeds" && ls)"
check "the saved queries in DATADIR/isolab/queries" "$(cd queries && ls *.sql)" "$(cd "$stage/usr/share/isolab/queries" && ls)"
bin=$stage/usr/bin/isolab
"$bin" --db "$tmp/seeded.db" init --seeds "$stage/usr/share/isolab/seeds" >/dev/null 2>&1
check "init --seeds from the installed seeds" 0 $?

# --- the man page -----------------------------------------------------------
man=$stage/usr/share/man/man1/isolab.1
if command -v groff >/dev/null 2>&1; then
    groff -man -ww -z "$man" >"$tmp/groff.err" 2>&1
    check "groff -man -ww -z: no warning" "0:" "$?:$(cat "$tmp/groff.err")"
    groff -man -Tascii "$man" 2>/dev/null | sed 's/.\x08//g' >"$tmp/man.txt"
    missing=
    for c in $("$ISOLAB" help | sed -n '/^commands:/,/^$/p' | sed '1d;/^$/d' | awk '{ print $1 }' | sort -u); do
        grep -q "^   $c" "$tmp/man.txt" || missing="$missing $c"
        for o in $("$ISOLAB" help $c 2>/dev/null | sed -n '/^options:/,$p' | awk '$1 ~ /^-/ { print $1 }'); do
            grep -q -- "$o" "$tmp/man.txt" || missing="$missing $c:$o"
        done
    done
    check "the man page names every command and option of 'isolab help'" "" "$missing"
    # ENVIRONMENT names every variable isolab reads
    envs=$(sed -n '/^ENVIRONMENT/,/^FILES/p' "$tmp/man.txt")
    for v in ISOLAB_DB NO_COLOR TERM ISOLAB_TOOL_TIMEOUT TMPDIR; do
        printf '%s\n' "$envs" | grep -q "^       $v\( \|\$\)"
        check "man page ENVIRONMENT: $v" 0 $?
    done
    for s in NAME SYNOPSIS DESCRIPTION COMMANDS "EXIT STATUS" ENVIRONMENT FILES EXAMPLES; do
        grep -q "^$s" "$tmp/man.txt" || missing="$missing [$s]"
    done
    check "the man page's sections" "" "$missing"
    "$ISOLAB" help | sed -n '/^exit status:/,$p' | sed 1d | awk '{ print $1 }' >"$tmp/codes.help"
    sed -n '/^EXIT STATUS/,/^[A-Z]/p' "$tmp/man.txt" | awk '$1 ~ /^[0-9]+$/ { print $1 }' >"$tmp/codes.man"
    check "the man page's exit statuses are isolab help's" "$(cat "$tmp/codes.help")" "$(cat "$tmp/codes.man")"
    check "the man page's FILES name the installed data directory" 1 "$(grep -c '/usr/share/isolab/seeds/' "$tmp/man.txt")"
else
    echo "skip - groff is not installed: the man page is not rendered"
fi

# --- the completion, driven as bash drives it -------------------------------
db=$tmp/c.db
fresh_db "$db"
# complete WORD... : what _isolab offers for the last word of 'isolab WORD...'
complete_() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab; printf "%s\n" "${COMPREPLY[@]}"' \
        sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" "$@" | sort | tr '\n' ' ' | sed 's/ $//'
}
if command -v bash >/dev/null 2>&1; then
    check "completion: commands" "run runs" "$(complete_ ru)"
    check "completion: a command's options" "--bundle" "$(complete_ run --bu)"
    check "completion: --format's choices" "csv json ndjson table tsv" "$(complete_ runs --format '')"
    check "completion: plot's --format" "png svg" "$(complete_ plot --format '')"
    check "completion: sweep's operands" "addition" "$(complete_ sweep a)"
    check "completion: sweep bundles" "bundles" "$(complete_ sweep b)"
    check "completion: bundles from the database on the line" \
        "$(q "$db" "SELECT name FROM bundle" | sort | tr '\n' ' ' | sed 's/ $//')" "$(complete_ --db "$db" run --bundle '')"
    check "completion: channels" "$(q "$db" "SELECT name FROM channel" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" sweep removal --channel '')"
    check "completion: lessons" "$(q "$db" "SELECT code FROM lesson" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" lesson '')"
    check "completion: run ids" "$(q "$db" "SELECT id FROM run" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" diff '')"
    check "completion: tables and views" \
        "$(q "$db" "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name LIKE 'channel\_%' ESCAPE '\\'" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" report channel_)"
    check "completion: \$ISOLAB_DB when no --db" "$(complete_ --db "$db" lesson '')" \
        "$(ISOLAB_DB=$db complete_ lesson '')"
    check "completion: no database, no names" "" "$(complete_ --db "$tmp/none.db" run --bundle '')"
else
    echo "skip - bash is not installed: the completion is not driven"
fi

# --- uninstall --------------------------------------------------------------
if make -s -C "$root" uninstall $dirs >"$tmp/uninstall.log" 2>&1; then ok "make uninstall"
else not_ok "make uninstall"; cat "$tmp/uninstall.log"; fi
check "uninstall leaves no file" "" "$(find "$stage" ! -type d)"
finish
