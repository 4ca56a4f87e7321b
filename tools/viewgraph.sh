#!/bin/sh
# viewgraph.sh DB [FILE]: the view graph of database DB, as it is in the
# file: each view, a line, with the views and tables its SQL reads (the
# names after FROM, JOIN and a FROM list's commas), in layers (a view reads
# tables and views of the layers before its own only). With FILE, the lines
# between FILE's "<!-- view graph -->" and "<!-- end of the view graph -->"
# are replaced by it. 'make views' writes docs/HACKING.md's this way;
# tests/sql/test_views.sh checks it is current.
set -eu
graph() {
sqlite3 -batch -noheader -separator "$(printf '\036')" "$1" \
    "SELECT type, name, replace(coalesce(sql, ''), char(10), char(31)) FROM sqlite_schema
      WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name" |
awk -F "$(printf '\036')" '
{ kind[$2] = $1; if ($1 == "view") { views[++n] = $2; text[$2] = $3 } }
END {
    for (i = 1; i <= n; i++) {
        v = views[i]; m = split(text[v], l, "\037"); s = ""
        for (j = 1; j <= m; j++) { sub(/--.*/, "", l[j]); s = s " " l[j] }
        gsub(/\047(\047\047|[^\047])*\047/, " ", s)   # string literals
        gsub(/"/, "", s)
        gsub(/[A-Za-z_][A-Za-z0-9_]*\./, "", s)        # schema and alias prefixes
        gsub(/[(),;]/, " & ", s)
        t = split(s, w, /[ \t]+/); deps[v] = ""; delete seen; delete from; depth = 0; expect = 0
        for (k = 1; k <= t; k++) {
            u = toupper(w[k])
            if (u == "(") { depth++; expect = 0; continue }
            if (u == ")") { from[depth--] = 0; continue }
            if (u == "FROM" || u == "JOIN") { expect = 1; from[depth] = 1; continue }
            if (u == "," && from[depth]) { expect = 1; continue }
            if (u ~ /^(WHERE|GROUP|ORDER|HAVING|LIMIT|UNION|ON|WINDOW|SELECT)$/) { from[depth] = 0; expect = 0; continue }
            if (expect && w[k] in kind && w[k] != v && !(w[k] in seen)) { seen[w[k]] = 1; deps[v] = deps[v] " " w[k] }
            expect = 0
        }
    }
    # layers: 1 + the highest layer of a view read (0: tables)
    for (changed = 1; changed;) {
        changed = 0
        for (i = 1; i <= n; i++) {
            v = views[i]; best = 1; t = split(deps[v], d, " ")
            for (k = 1; k <= t; k++) if (kind[d[k]] == "view") best = layer[d[k]] + 1 > best ? layer[d[k]] + 1 : best
            if (layer[v] != best && best <= n) { layer[v] = best; changed = 1 }
        }
    }
    for (x = 1; x <= n; x++) {
        any = 0
        for (i = 1; i <= n; i++) {
            v = views[i]; if (layer[v] != x) continue
            if (!any) printf "layer %d\n", x; any = 1
            t = split(deps[v], d, " "); out = ""
            for (k = 1; k <= t; k++) out = out (k > 1 ? ", " : "") d[k]
            printf "  %-26s <- %s\n", v, out
        }
    }
}'
}
if [ $# -lt 2 ]; then graph "$1"; exit; fi
graph "$1" >"$2.graph"
awk -v g="$2.graph" '/<!-- end of the view graph -->/ { skip = 0 } !skip { print }
    /<!-- view graph -->/ { print "```"; while ((getline l <g) > 0) print l; print "```"; skip = 1 }' "$2" >"$2.tmp"
rm -f "$2.graph"
mv "$2.tmp" "$2"
