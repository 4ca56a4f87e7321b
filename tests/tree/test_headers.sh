#!/bin/sh
# Headers by floor: a file of src/store or src/cli (and their subfolders)
# should include no header that belongs to a file above it. A header
# belongs to the files that define what it declares (its names that an
# object of build/obj defines, from nm); a file is above another when it
# reaches it by calls (the file call graph from nm, as test_circles.sh
# reads it) and is not reached by it, or when its folder is higher in
# docs/HACKING.md's order. A header's own includes count as the file's.
# At most 2 such files (docs/HACKING.md, "Layers"); each is printed as the
# file, the header and the file above it that the header belongs to.
. "$(dirname "$0")/../lib/shlib.sh"
MAX=2

objs=$(find build/obj -name '*.o' | sort | while read -r o; do
    s=${o#build/obj/}; [ -f "src/${s%.o}.c" ] && echo "$o"; done)
[ -n "$objs" ] || { not_ok "no objects of src in build/obj: run make first"; finish; }
for o in $objs; do
    nm "$o" | sed "s|^|${o#build/obj/} |" || exit 2
done >"$tmp/nm" || { not_ok "nm failed"; finish; }
order=$(sed -n 's/^Folders, lowest first: `\(.*\)`\.*$/\1/p' docs/HACKING.md)
[ -n "$order" ] || { not_ok "no 'Folders, lowest first:' line in docs/HACKING.md"; finish; }

# "inc FILE HEADER" for each project header a source or header includes
# (isolab/X.h from include/, any other beside the file), and "id HEADER NAME"
# for each name a header spells outside its comments
files=$(find src include -name '*.[ch]' | sort)
for f in $files; do
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
        case $h in
        isolab/*) p=include/$h ;;
        *) p=$(dirname "$f")/$h ;;
        esac
        [ -f "$p" ] && echo "inc $f $p"
    done
done >"$tmp/inc"
for h in $(find src include -name '*.h' | sort); do
    cc -fpreprocessed -dD -E -P "$h" 2>/dev/null | grep -oE '[A-Za-z_][A-Za-z0-9_]*' | sort -u | sed "s|^|id $h |"
done >"$tmp/ids"

found=$(awk -v order="$order" '
    # the place in the order of the folder of object f (main.o: main); -1: none
    function rank(f,   d, i) {
        d = f; if (f ~ /\//) sub(/\/.*/, "", d); else sub(/\.o$/, "", d)
        for (i = 1; i <= nl; i++) if (lname[i] == d) return i
        return -1
    }
    BEGIN { nl = split(order, lname, " ") }
    FILENAME ~ /nm$/ && NF == 4 && $3 ~ /^[TDRBC]$/ { def[$4] = $1; file[$1] = 1; next }
    FILENAME ~ /nm$/ && NF == 3 && $2 == "U" { use[++n] = $1; sym[n] = $3; file[$1] = 1; next }
    FILENAME ~ /nm$/ { file[$1] = 1; next }
    $1 == "inc" { inc[$2, $3] = 1; incl[++ni] = $2 SUBSEP $3; next }
    $1 == "id" { ids[++nd] = $2 SUBSEP $3; next }
    END {
        for (i = 1; i <= n; i++)
            if ((sym[i] in def) && def[sym[i]] != use[i]) reach[use[i], def[sym[i]]] = 1
        for (k in file) for (i in file) if ((i, k) in reach) for (j in file) if ((k, j) in reach) reach[i, j] = 1
        # the headers each file includes, directly or through a header
        do {
            more = 0
            for (a in inc) {
                split(a, p, SUBSEP)
                for (b in inc) {
                    split(b, q, SUBSEP)
                    if (q[1] == p[2] && !((p[1], q[2]) in inc)) { inc[p[1], q[2]] = 1; more = 1 }
                }
            }
        } while (more)
        # the files a header belongs to
        for (i = 1; i <= nd; i++) {
            split(ids[i], p, SUBSEP)
            if (p[2] in def) owner[p[1], def[p[2]]] = 1
        }
        for (a in inc) {
            split(a, p, SUBSEP)
            f = p[1]
            if (f !~ /^src\/(store|cli)\/.*\.c$/) continue
            o = f; sub(/^src\//, "", o); sub(/\.c$/, ".o", o)
            for (b in owner) {
                split(b, q, SUBSEP)
                if (q[1] != p[2] || q[2] == o) continue
                above = ((q[2], o) in reach) && !((o, q[2]) in reach)
                if (!above && rank(q[2]) > rank(o)) above = 1
                if (above) print f, p[2], q[2]
            }
        }
    }' "$tmp/nm" "$tmp/inc" "$tmp/ids" | sort -u)
[ -z "$found" ] || printf '%s\n' "$found" | awk '{ print "    " $1 " includes " $2 ", of " $3 }'
count=$(printf '%s\n' "$found" | awk 'NF { f[$1] = 1 } END { n = 0; for (k in f) n++; print n }')
echo "    $count files include a header of a file above them"
check "at most $MAX files of src/store and src/cli include a header of a file above them" yes \
    "$([ "$count" -le $MAX ] && echo yes || echo "no: $count")"
finish
