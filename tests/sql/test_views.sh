#!/bin/sh
# The view graph in docs/HACKING.md is the one a new database's views make
# (tools/viewgraph.sh; 'make views' writes it), and the tool finds what a
# view reads: a view of a hand-made database, its tables and views.
. "$(dirname "$0")/../lib/shlib.sh"

command -v sqlite3 >/dev/null 2>&1 || skip_suite "sqlite3 is not installed"
[ -x "$ISOLAB" ] || { not_ok "isolab is built (make isolab)"; finish; }

sqlite3 "$tmp/h.db" "CREATE TABLE a(x); CREATE TABLE b(y); CREATE VIEW v AS SELECT x AS b FROM a -- FROM b
  WHERE x IN (SELECT y FROM main.b) AND 'FROM a' <> ''; CREATE VIEW w AS SELECT * FROM v, a t JOIN \"b\" ON 1"
check "the graph of a hand-made database" "layer 1
  v                          <- a, b
layer 2
  w                          <- v, a, b" "$(sh "$root/tools/viewgraph.sh" "$tmp/h.db")"

"$ISOLAB" --db "$tmp/new.db" init >/dev/null
sh "$root/tools/viewgraph.sh" "$tmp/new.db" >"$tmp/graph"
sed -n '/<!-- view graph -->/,/<!-- end of the view graph -->/p' "$root/docs/HACKING.md" | sed '1,2d; $d' | sed '$d' >"$tmp/doc"
if [ -s "$tmp/graph" ] && cmp -s "$tmp/graph" "$tmp/doc"; then ok "docs/HACKING.md's view graph is current"
else not_ok "docs/HACKING.md's view graph is current (run make views)"; diff "$tmp/doc" "$tmp/graph"; fi
finish
