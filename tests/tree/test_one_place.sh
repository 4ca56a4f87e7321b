#!/bin/sh
# One fact, one place, for two rules that were once written in many:
# - a kind of run's command words (the command that recomputes it, read
#   here from run_kinds of a new database, which isolab writes from its
#   registry src/core/kind.c) are spelled in the code of src/, include/,
#   queries/ and schema/ only by kind.c and the command table,
#   src/cli/commands.c: every hint, plot, page note, clock label and view
#   reads them there. Comments may name a command (tests/lib/code_text.py
#   leaves them out). Found: "isolab WORDS"; the words of a command of
#   several ("sweep bundles"); an argument list that begins with the first
#   word ({"run", "--bundle", ...}, words[n++] = "probe", 'isolab', 'run');
#   in SQL, a literal that begins with the first word and a space
#   ('sweep ' || ...).
# - the shell-quoting rule's characters (the words a POSIX shell reads as
#   they are) are spelled once in the SQL (queries/, schema/, the page's
#   script), in the view shell_word, and its GLOB is the only one of
#   queries/ and schema/ that matches a character outside a set of shell
#   punctuation (a set of letters, digits and '_' alone is a word's
#   boundary, as course_question finds a view's name in a claim).
. "$(dirname "$0")/../lib/shlib.sh"

"$ISOLAB" --db "$tmp/k.db" init >/dev/null 2>&1 || { not_ok "isolab init failed"; finish; }
q "$tmp/k.db" 'SELECT command FROM run_kinds ORDER BY kind_no' >"$tmp/commands" || { not_ok "no run_kinds"; finish; }
check "run_kinds names a command for every kind" \
    "$(q "$tmp/k.db" 'SELECT count(*) FROM run_kinds')" "$(grep -c . "$tmp/commands")"

files=$(find src include queries schema -name '*.[ch]' -o -name '*.sql' -o -name '*.js' | sort |
    grep -v -x -e src/core/kind.c -e src/cli/commands.c)
# shellcheck disable=SC2086
python3 tests/lib/code_text.py $files >"$tmp/code" || { not_ok "code_text.py failed"; finish; }
[ -s "$tmp/code" ] || { not_ok "no code read"; finish; }

ere() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }
: >"$tmp/found"
while read -r cmd; do
    e=$(ere "$cmd") w1=$(ere "${cmd%% *}") end='([^A-Za-z0-9_-]|$)'
    {
        grep -E "isolab $e$end" "$tmp/code"
        case $cmd in
            *' '*) grep -E "(^|[^A-Za-z0-9_-])$e$end" "$tmp/code"
                   w2=${cmd#* }; w2=$(ere "${w2%% *}")
                   grep -E "[\"']$w1[\"'] *, *[\"']$w2[\"']" "$tmp/code" ;;
            *) grep -E "\{ *\"$w1\" *(\}|, *\"--)|\] *= *\"$w1\" *[;,]" "$tmp/code" ;;
        esac
        grep -E "[\"']isolab[\"'] *, *[\"']$w1[\"']" "$tmp/code"
        grep -E "^[^:]*\.sql:[0-9]+:.*'$w1 " "$tmp/code"
    } | sed "s|^|$cmd: |" >>"$tmp/found"
done <"$tmp/commands"
sort -u "$tmp/found" >"$tmp/found.u"
check "no kind's command words outside src/core/kind.c and src/cli/commands.c" "" "$(cat "$tmp/found.u")"

python3 tests/lib/code_text.py queries/*.sql schema/*.sql src/wasm/lab.js >"$tmp/sql" || { not_ok "code_text.py failed"; finish; }
# the characters a shell reads as they are, in the order every spelling of the rule gives them
check "the shell-quoting characters are spelled once in SQL and the page's script" "queries/shell_word.sql" \
    "$(grep -F '_./:=@%+,-' "$tmp/sql" | cut -d: -f1)"
check "one GLOB of a character outside a set of shell punctuation in queries/ and schema/: shell_word's" \
    "queries/shell_word.sql" "$(grep -E "^[^:]*\.sql:.*GLOB +'\*\[\^[^]']*[./:=@%+,]" "$tmp/sql" | cut -d: -f1)"
finish
