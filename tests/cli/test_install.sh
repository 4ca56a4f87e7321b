#!/bin/sh
# Tests for 'make install' and 'make uninstall': a staged install into a
# DESTDIR holds the binary, the extension, the man page, the bash completion
# and the seeds and saved queries; the man page renders clean under
# 'groff -man -ww' and names every command and option; the completion
# offers commands, options, choices and the names of the line's database;
# uninstall leaves no file behind.
. "$(dirname "$0")/../lib/shlib.sh"
command -v make >/dev/null 2>&1 || skip_suite "make is not installed"
# the makes below are a user's, not make check's: none of its jobserver
# (whose absence a nested make warns of, into the output compared)
unset MAKEFLAGS MFLAGS MAKELEVEL

stage=$tmp/stage
dirs="PREFIX=/usr DESTDIR=$stage"
if make -s -C "$root" install $dirs >"$tmp/install.log" 2>&1; then ok "make install into a staging DESTDIR"
else not_ok "make install into a staging DESTDIR"; cat "$tmp/install.log"; finish; fi

(cd "$stage" && find . ! -type d | sort) >"$tmp/files.txt"
for f in bin/isolab lib/isolab/isolab.so share/man/man1/isolab.1 share/bash-completion/completions/isolab; do
    [ -f "$stage/usr/$f" ] && ok "installed /usr/$f" || not_ok "installed /usr/$f"
done
check "the seeds in DATADIR/isolab/seeds" "$(cd seeds && ls *.sql)" "$(cd "$stage/usr/share/isolab/seeds" && ls)"
check "the saved queries in DATADIR/isolab/queries" "$(cd queries && ls *.sql)" "$(cd "$stage/usr/share/isolab/queries" && ls)"
check "the course's loadable lessons in DATADIR/isolab/lessons" "$(cd lessons && ls *.sql)" "$(cd "$stage/usr/share/isolab/lessons" && ls)"
bin=$stage/usr/bin/isolab
"$bin" --db "$tmp/seeded.db" init --seeds "$stage/usr/share/isolab/seeds" >/dev/null 2>&1
check "init --seeds from the installed seeds" 0 $?
"$bin" --db "$tmp/seeded.db" load "$stage/usr/share/isolab/lessons/030_M03_K06_in_kernel_tracing.sql" >/dev/null 2>&1
check "load of an installed lesson" "0 1" "$? $(sqlite3 "$tmp/seeded.db" "SELECT count(*) FROM lesson WHERE code = 'M03/K06'")"
if [ -f "$root/isolab-sql.wasm.gz" ]; then
    # the page's engine (make wasm) beside the extension, found there by the page
    for f in isolab-sql.wasm isolab-sql.wasm.gz isolab-sql.js; do
        [ -f "$stage/usr/lib/isolab/$f" ] && ok "installed /usr/lib/isolab/$f" || not_ok "installed /usr/lib/isolab/$f"
    done
    ISOLAB_ENGINE_DIR=$stage/usr/lib/isolab "$bin" --db "$tmp/seeded.db" page -o "$tmp/lab.html" 2>/dev/null
    check "the installed engine: the page carries the lab" "0 1" "$? $(grep -c '<script nonce=' "$tmp/lab.html")"
else
    echo "skip - the page's engine is not built (make wasm): not installed"
fi

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

# --- drafts stay drafts: make and make install build in the seeds git
# tracks (a copy of the Makefile and seeds/ in a git repository of its own,
# one seed left untracked, one under drafts/); outside git, seeds/*.sql
if command -v git >/dev/null 2>&1; then
    tree=$tmp/tree
    mkdir -p "$tree/seeds" "$tree/drafts"
    cp Makefile "$tree/" && cp seeds/*.sql "$tree/seeds/"
    echo "-- a draft" >"$tree/seeds/950_draft.sql"
    echo "-- a draft" >"$tree/drafts/960_draft.sql"
    show='show-seeds: ; @echo $(notdir $(SEEDS))'
    (cd "$tree" && git init -q && git add Makefile $(cd "$root" && git ls-files -- 'seeds/*.sql' 2>/dev/null || ls seeds/*.sql))
    check "make's seeds in git: the tracked ones, no draft" "$(cd seeds && ls *.sql | tr '\n' ' ' | sed 's/ $//')" \
        "$(make -s -C "$tree" --eval "$show" show-seeds 2>/dev/null)"
    check "make install in git: no draft installed" 0 \
        "$(make -n -C "$tree" install DESTDIR="$tmp/dd" 2>/dev/null | grep -c 'draft')"
    rm -rf "$tree/.git"
    check "make's seeds outside git: every seeds/*.sql, drafts/ never" \
        "$(cd seeds && ls *.sql | tr '\n' ' ')950_draft.sql" "$(make -s -C "$tree" --eval "$show" show-seeds 2>/dev/null)"
else
    echo "skip - git is not installed: the tracked seeds are not checked"
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
    # every plot 'isolab help plot' names, channel_cost (a measurement) too
    check "completion: plot's names" "axes channel_cost channels frontier samples" "$(complete_ plot '')"
    check "completion: sweep's operands" "addition" "$(complete_ sweep a)"
    check "completion: sweep bundles" "bundles" "$(complete_ sweep b)"
    check "completion: bundles from the database on the line" \
        "$(q "$db" "SELECT name FROM bundle" | sort | tr '\n' ' ' | sed 's/ $//')" "$(complete_ --db "$db" report --bundle '')"
    check "completion: channels" "$(q "$db" "SELECT name FROM channel" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" sweep removal --channel '')"
    check "completion: lessons" "$(q "$db" "SELECT code FROM lesson" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" lesson '')"
    check "completion: run ids" "$(q "$db" "SELECT id FROM run" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" diff '')"
    check "completion: tables and views" \
        "$(q "$db" "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name LIKE 'channel\_%' ESCAPE '\\'" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" report channel_)"
    # report with nothing typed: the course's questions (course_question:
    # the views a claim names, and the comparisons), not the page's, the
    # plots' or the record's own views
    check "completion: report's first offer, the course's questions" \
        "axis_visibility bundle_frontier bundle_marginal bundle_smallest channel_comparison channel_cost_observed channel_overlap channel_shows current_addition_sweep current_fact_status current_removal_sweep current_sample_sweep current_surface lesson_channel lesson_report observed_vs_model" \
        "$(complete_ --db "$db" report '')"
    check "completion: report with a word typed: every table and view" \
        "$(q "$db" "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND substr(name, 1, 5) = 'page_'" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$db" report page_)"
    # a member list completes item by item: the typed items stay, the last
    # one from the bundles and mechanisms; after '-', only the mechanisms of
    # what is named before it (the course's common: the six namespaces,
    # control group and capabilities of seeds/000, no user namespace, no
    # mandatory label), less those a '-' took out
    check "completion: --members, the first item" "strict" "$(complete_ --db "$db" run --members st)"
    check "completion: --members, an item after a comma" "strict,uts-namespace" \
        "$(complete_ --db "$db" run --members strict,uts)"
    check "completion: --members, a '-' item: the mechanisms" "strict,-user-namespace" \
        "$(complete_ --db "$db" run --members strict,-user)"
    common6="capability-dropping control-group mount-namespace network-namespace pid-namespace uts-namespace"
    check "completion: --members common,-: only common's six members" \
        "$(for m in $common6; do printf 'common,-%s ' "$m"; done | sed 's/ $//')" \
        "$(complete_ --db "$db" run --members common,-)"
    check "completion: --mechanisms common,-: only common's six members" \
        "$(for m in $common6; do printf 'common,-%s ' "$m"; done | sed 's/ $//')" \
        "$(complete_ --db "$db" frontier --mechanisms common,-)"
    check "completion: --members -: nothing named before it, nothing to take out" "" \
        "$(complete_ --db "$db" run --members -)"
    check "completion: a mechanism named in the list can be taken out" \
        "common,mandatory-label,-mandatory-label common,mandatory-label,-mount-namespace" \
        "$(complete_ --db "$db" run --members common,mandatory-label,-m)"
    check "completion: a mechanism a '-' took out is not offered again" "" \
        "$(complete_ --db "$db" run --members strict,-user-namespace,-user)"
    # and isolab's own rule agrees (the installed extension's isolab_members):
    # every '-' offered after common is taken, every other one refused
    ext=$stage/usr/lib/isolab/isolab
    if sqlite3 -batch ':memory:' ".load $ext" "SELECT 1" >/dev/null 2>&1; then
        offered=$(complete_ --db "$db" run --members common,-)
        wrong=
        for m in $(q "$db" "SELECT name FROM mechanism"); do
            sqlite3 -batch "$db" ".load $ext" "SELECT count(*) FROM isolab_members('common,-$m')" >/dev/null 2>&1
            taken=$?
            case " $offered " in *" common,-$m "*) [ $taken = 0 ] || wrong="$wrong offered:$m" ;;
                                 *) [ $taken != 0 ] || wrong="$wrong not-offered:$m" ;; esac
        done
        check "completion: after common,- exactly what isolab_members takes" "" "$wrong"
    else
        echo "skip - the installed extension does not load: the offer is not checked against isolab_members"
    fi
    # a --bundle that takes a member list completes it item by item too
    check "completion: run --bundle, a list's '-' item" "strict,-user-namespace" \
        "$(complete_ --db "$db" run --bundle strict,-us)"
    check "completion: marginal --bundle common,-: common's members" \
        "$(for m in $common6; do printf 'common,-%s ' "$m"; done | sed 's/ $//')" \
        "$(complete_ --db "$db" marginal --bundle common,-)"
    check "completion: sweep --bundle, an item after a comma" "common,mandatory-label" \
        "$(complete_ --db "$db" sweep samples --bundle common,man)"
    check "completion: probe --bundle, a mechanism as the first item" "pid-namespace" \
        "$(complete_ --db "$db" probe --bundle pid)"
    # the comparisons' --bundle (report, export, plot) take a bundle, or a
    # member list a run computed: those lists, whole, once a run has one
    check "completion: report --bundle strict,: no list computed, nothing" "" \
        "$(complete_ --db "$db" report --bundle strict,)"
    cp "$db" "$tmp/w.db"
    "$ISOLAB" --db "$tmp/w.db" run --members strict,-user-namespace >/dev/null 2>&1
    check "completion: report --bundle strict,: the list a run computed" "strict,-user-namespace" \
        "$(complete_ --db "$tmp/w.db" report --bundle strict,)"
    check "completion: export --bundle: the bundles, then the lists" "common plain strict strict,-user-namespace" \
        "$(complete_ --db "$tmp/w.db" export channel_comparison --bundle '')"
    check "completion: plot --bundle s: the bundle and the list" "strict strict,-user-namespace" \
        "$(complete_ --db "$tmp/w.db" plot --bundle s)"
    check "completion: \$ISOLAB_DB when no --db" "$(complete_ --db "$db" lesson '')" \
        "$(ISOLAB_DB=$db complete_ lesson '')"
    check "completion: no database, no names" "" "$(complete_ --db "$tmp/none.db" run --bundle '')"

    # Each candidate is an element of its own: the count, not the joined text.
    # (IFS=' ' around compgen once made 'run runs' one element, 'run\nruns'.)
    count_() {
        bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab; echo ${#COMPREPLY[@]}' \
            sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" "$@"
    }
    check "completion: 'ru' is two candidates" 2 "$(count_ ru)"
    check "completion: --format's five choices are five candidates" 5 "$(count_ runs --format '')"
    check "completion: a database's three bundles are three candidates" 3 "$(count_ --db "$db" report --bundle '')"

    # Names from the database are data: offered shell-quoted, as themselves,
    # and a TAB runs nothing ($(...), backquotes) and globs nothing (*, ~).
    hostile=$tmp/hostile
    mkdir "$hostile"
    cp "$db" "$hostile/h.db"
    sqlite3 "$hostile/h.db" "INSERT INTO bundle(name) VALUES ('\$(touch pwned)'), ('\`touch pwned2\`'), ('*'), ('~root'), ('a b'), ('it''s'), ('back\\slash'), ('semi;colon'), ('\$HOME')"
    # and names holding controls that reorder or hide what a terminal shows
    # (right-to-left override U+202E, isolate U+2067, the C1 control NEL)
    sqlite3 "$hostile/h.db" "INSERT INTO bundle(name) VALUES ('ab' || char(0x202e) || 'cd'), (char(0x202e) || 'x'), \
        ('it''s ' || char(0x2067) || 'q'), ('c1' || char(0x85) || 'z')"
    names=$(cd "$hostile" && bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab
            for w in "${COMPREPLY[@]}"; do eval "printf \"%s\\n\" $w"; done' \
            sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" --db h.db report --bundle '')
    check "completion: hostile names complete as themselves (each word, read back by the shell)" \
        "$(q "$hostile/h.db" "SELECT name FROM bundle ORDER BY rowid")" "$names"
    check "completion: hostile names ran and globbed nothing" "h.db" "$(ls "$hostile")"
    # what the screen shows: no candidate holds a C1 or bidirectional control
    # raw (the list of escape.h, read here apart from isolab's code)
    raw=$(cd "$hostile" && bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab; printf "%s\n" "${COMPREPLY[@]}"' \
            sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" --db h.db report --bundle '' \
          | python3 -c '
import sys
bad = set(range(0x80, 0xa0)) | {0x61c, 0x200e, 0x200f, 0x2066, 0x2067, 0x2068, 0x2069} | set(range(0x202a, 0x202f))
for line in sys.stdin.buffer.read().decode("utf-8", "replace").splitlines():
    if any(ord(c) in bad for c in line): print(ascii(line))')
    check "completion: no C1 or bidirectional control reaches the screen raw" "" "$raw"
    check "completion: a hostile name is offered by its own prefix" '\$\(touch\ pwned\)' \
        "$(cd "$hostile" && complete_ --db h.db report --bundle '$(')"

    # The typed prefix filters in SQL (bound, as hex digits): among 300,000
    # names, the 111 that start with b2999 (2999, 29990-29999, 299900-
    # 299999, the last rows) are all offered, where reading every name in
    # the shell was cut at its second; 111,111 that start with b2 are cut
    # at 1000, said in an entry no TAB puts on the line
    sqlite3 "$tmp/many.db" "CREATE TABLE run_param(run_id, key, value); CREATE TABLE bundle(name TEXT); WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL
        SELECT i + 1 FROM r WHERE i < 300000) INSERT INTO bundle SELECT 'b' || i FROM r"
    check "completion: all 111 of 300,000 names that start with the typed b2999" \
        "$(awk 'BEGIN { print "b2999"; for (i = 29990; i < 30000; i++) print "b" i; for (i = 299900; i < 300000; i++) print "b" i }' | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$tmp/many.db" report --bundle b2999)"
    check "completion: 111,111 names that start with b2: the first 1000, and a note" \
        "1001 1000 (only the first 1000 names: type more of the name)" \
        "$(count_ --db "$tmp/many.db" report --bundle b2) $(complete_ --db "$tmp/many.db" report --bundle b2 | tr ' ' '\n' | grep -c '^b2') $(complete_ --db "$tmp/many.db" report --bundle b2 | grep -o '(.*)')"

    # The database is read, never written: an old schema stays as it was
    # (no migration), and no -wal or -shm is left beside it.
    cat "$root"/schema/00[123]_*.sql "$root"/seeds/000_*.sql >"$tmp/v1.sql"
    printf 'PRAGMA application_id = %d; PRAGMA user_version = 1;\n' 1230196556 >>"$tmp/v1.sql"
    mkdir "$tmp/old" && sqlite3 "$tmp/old/v1.db" <"$tmp/v1.sql"
    before=$(cksum <"$tmp/old/v1.db")
    check "completion: an old-schema database's bundles and mechanisms" \
        "$(q "$tmp/old/v1.db" "SELECT name FROM bundle UNION ALL SELECT name FROM mechanism" | sort | tr '\n' ' ' | sed 's/ $//')" \
        "$(complete_ --db "$tmp/old/v1.db" run --bundle '')"
    check "completion: an old-schema database is byte-identical after a TAB, nothing beside it" \
        "$before v1.db" "$(cksum <"$tmp/old/v1.db") $(ls "$tmp/old")"

    # Every lookup is bounded: a never-ending view is listed, never counted,
    # and a 'bundle' that never ends, or that would write a file, is cut off
    # (a second) or refused (safe mode) without a side effect.
    cp "$db" "$tmp/forever.db"
    sqlite3 "$tmp/forever.db" "CREATE VIEW forever AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r"
    check "completion: a never-ending view is offered at once" "forever" \
        "$(cd "$tmp" && timeout 20 bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab; printf "%s\n" "${COMPREPLY[@]}"' \
            sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" --db forever.db report fore)"
    mkdir "$tmp/evil"
    sqlite3 "$tmp/evil/e.db" "CREATE TABLE run_param(run_id, key, value); CREATE VIEW bundle AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS name FROM r WHERE x < 0; CREATE VIEW channel AS SELECT writefile('written', 'x') AS name"
    check "completion: a never-ending 'bundle' ends the lookup (timeout 20 not reached), said" \
        "(cut at 1 s: type more of the name)|no name read in time|0:" \
        "$(cd "$tmp/evil" && timeout 20 bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _isolab; printf "%s|" "${COMPREPLY[@]}"' \
            sh "$stage/usr/share/bash-completion/completions/isolab" "$bin" --db e.db report --bundle ''; echo "$?:")"
    check "completion: a 'channel' that writes a file writes none" "e.db" \
        "$(cd "$tmp/evil" && complete_ --db e.db sweep removal --channel '' >/dev/null; ls "$tmp/evil")"

    # As a person meets it: an interactive bash under tmux, TAB typed.
    if command -v tmux >/dev/null 2>&1; then
        sock=$tmp/tmux.sock
        tm() { tmux -S "$sock" "$@"; }
        # screen_ WANT : wait (at most 10 s) for WANT on the screen, then print it
        screen_() {
            for _ in $(seq 100); do
                tm capture-pane -p -t t >"$tmp/screen" 2>/dev/null
                grep -qF -- "$1" "$tmp/screen" && break
                sleep 0.1
            done
            cat "$tmp/screen"
        }
        tm -f /dev/null new-session -d -s t -x 120 -y 20 \
            "cd '$stage/usr/bin' && PS1='$ ' HISTFILE=/dev/null bash --norc --noprofile -i"
        # prompt_ : wait (at most 10 s) until the screen is one bare prompt, so
        # no key is typed ahead of bash and echoed by the terminal instead
        prompt_() {
            for _ in $(seq 100); do
                [ "$(tm capture-pane -p -t t 2>/dev/null | sed 's/ *$//' | grep -v '^$')" = '$' ] && return
                sleep 0.1
            done
        }
        prompt_
        tm send-keys -t t ". '$stage/usr/share/bash-completion/completions/isolab'" Enter 'clear' Enter
        prompt_
        tm send-keys -t t 'isolab ru' Tab
        check "completion in a real bash: 'isolab ru<TAB>' puts 'run' on the line" '$ isolab run' \
            "$(screen_ 'isolab run' | grep -F 'isolab' | sed 's/ *$//')"
        tm send-keys -t t Tab Tab
        shown=$(screen_ 'runs' | grep -v '^\$' | tr -s ' ' | sed 's/ *$//' | grep -v '^$')
        check "completion in a real bash: then <TAB><TAB> lists run and runs" "run runs" "$shown"
        tm send-keys -t t C-u 'clear' Enter
        prompt_
        tm send-keys -t t "./isolab --db '$db' run --bundle st" Tab
        check "completion in a real bash: './isolab … --bundle st<TAB>' puts 'strict' on the line" \
            "\$ ./isolab --db '$db' run --bundle strict" "$(screen_ 'strict' | grep -F './isolab' | sed 's/ *$//')"
        # <TAB><TAB> after common,- lists only what can be taken out of common
        tm send-keys -t t C-u 'clear' Enter
        prompt_
        tm send-keys -t t "./isolab --db '$db' run --members common,-" Tab Tab
        check "completion in a real bash: '--members common,-<TAB><TAB>' lists common's six members" \
            "$(for m in $common6; do printf 'common,-%s ' "$m"; done)" \
            "$(screen_ 'common,-uts-namespace' | grep -v '^\$' | tr -s ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ')"
        tm send-keys -t t C-u 'clear' Enter
        prompt_
        tm send-keys -t t "./isolab --db '$tmp/w.db' report --bundle strict," Tab
        check "completion in a real bash: 'report --bundle strict,<TAB>' puts the list a run computed" \
            "\$ ./isolab --db '$tmp/w.db' report --bundle strict,-user-namespace" \
            "$(screen_ 'user-namespace' | grep -F './isolab' | sed 's/ *$//')"
        tm kill-server 2>/dev/null
    elif [ "${CI:-}" = true ]; then
        not_ok "tmux is not installed: completion in a real bash is not tried (CI=true)"
    else
        echo "skip - tmux is not installed: completion in a real bash is not tried"
    fi
else
    echo "skip - bash is not installed: the completion is not driven"
fi

# --- uninstall --------------------------------------------------------------
if make -s -C "$root" uninstall $dirs >"$tmp/uninstall.log" 2>&1; then ok "make uninstall"
else not_ok "make uninstall"; cat "$tmp/uninstall.log"; fi
check "uninstall leaves no file" "" "$(find "$stage" ! -type d)"

# a DESTDIR holding quotes and spaces: the same files installed there,
# and removed again
odd="$tmp/it's a ''stage"
make -s -C "$root" install PREFIX=/usr DESTDIR="$odd" >"$tmp/install.log" 2>&1
check "make install into a DESTDIR with quotes: the same files" "0:$(cat "$tmp/files.txt")" \
    "$?:$(cat "$tmp/install.log")$(cd "$odd" 2>/dev/null && find . ! -type d | sort)"
make -s -C "$root" uninstall PREFIX=/usr DESTDIR="$odd" >"$tmp/uninstall.log" 2>&1
check "make uninstall there leaves no file" "0:" "$?:$(cat "$tmp/uninstall.log")$(find "$odd" ! -type d 2>&1)"
finish
