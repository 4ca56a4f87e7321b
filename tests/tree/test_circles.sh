#!/bin/sh
# No circles: from nm of build/obj, no two files of src call each other,
# directly or round a loop (docs/HACKING.md, "Layers"), and no file calls
# into a folder above its own in the folders' order that HACKING.md writes
# down. Each loop found is printed as its files, each call upward as the
# two files and the symbol; a file's uses of its own symbols do not count.
. "$(dirname "$0")/../lib/shlib.sh"

# the objects of today's sources only: one left from a removed file is no file of src
objs=$(find build/obj -name '*.o' | sort | while read -r o; do
    s=${o#build/obj/}; [ -f "src/${s%.o}.c" ] && echo "$o"; done)
[ -n "$objs" ] || { not_ok "no objects of src in build/obj: run make first"; finish; }
for o in $objs; do
    nm "$o" | sed "s|^|${o#build/obj/} |" || exit 2
done >"$tmp/nm" || { not_ok "nm failed"; finish; }
loops=$(awk '
    NF == 4 && $3 ~ /^[TDRBC]$/ { def[$4] = $1 }
    NF == 3 && $2 == "U" { use[++n] = $1; sym[n] = $3 }
    { file[$1] = 1 }
    END {
        for (i = 1; i <= n; i++)
            if ((sym[i] in def) && def[sym[i]] != use[i]) reach[use[i], def[sym[i]]] = 1
        for (k in file) for (i in file) if ((i, k) in reach) for (j in file) if ((k, j) in reach) reach[i, j] = 1
        for (i in file) {
            if (done[i]) continue
            comp = ""
            for (j in file) if (j == i || ((i, j) in reach && (j, i) in reach)) { comp = comp " " j; done[j] = 1 }
            if ((i, i) in reach) print comp
        }
    }' "$tmp/nm" | while read -r line; do printf '%s\n' "$line" | tr ' ' '\n' | sort | tr "\n" " " | sed "s/ $//"; echo; done | sort)
check "no loop among the files of src" "" "$loops"
# the folders' order, lowest first, from docs/HACKING.md's one line of it
order=$(sed -n 's/^Folders, lowest first: `\(.*\)`\.*$/\1/p' docs/HACKING.md)
[ -n "$order" ] || { not_ok "no 'Folders, lowest first:' line in docs/HACKING.md"; finish; }
# each use of a symbol another object defines, from a lower folder to a higher one
up=$(awk -v order="$order" '
    # the place in the order of the folder of object f (main.o: main); -1: none
    function rank(f,   d, i) {
        d = f; if (f ~ /\//) sub(/\/.*/, "", d); else sub(/\.o$/, "", d)
        for (i = 1; i <= nl; i++) if (lname[i] == d) return i
        return -1
    }
    BEGIN { nl = split(order, lname, " ") }
    NF == 4 && $3 ~ /^[TDRBC]$/ { def[$4] = $1 }
    NF == 3 && $2 == "U" { use[++n] = $1; sym[n] = $3 }
    END {
        for (i = 1; i <= n; i++) {
            if (!(sym[i] in def) || def[sym[i]] == use[i]) continue
            ru = rank(use[i]); rd = rank(def[sym[i]])
            if (ru < 0) { print use[i] ": in no folder of the order"; continue }
            if (rd < 0) { print def[sym[i]] ": in no folder of the order"; continue }
            if (rd > ru) print use[i] " -> " def[sym[i]] " (" sym[i] ")"
        }
    }' "$tmp/nm" | sort -u)
check "no file calls into a higher folder ($order)" "" "$up"
finish
