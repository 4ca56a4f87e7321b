#!/bin/sh
# Tests for 'isolab export': CSV identical to the sqlite3 shell's
# 'sqlite3 -csv -header' for the same query, for every table and view of a
# database with runs and for a table of awkward values; CSV, TSV and JSON
# read back by Python's csv and json modules give the values Python's
# sqlite3 module reads from the database; --run, -o, and names that are not
# a table or view of the database.
. "$(dirname "$0")/../lib/shlib.sh"

db=$tmp/export.db
fresh_db "$db"
check "database with runs" 0 $?
# awkward values: separators, quotes, newlines, empty text vs NULL, non-ASCII,
# extreme numbers
sqlite3 "$db" "CREATE TABLE awkward(id INTEGER PRIMARY KEY, t TEXT, r REAL, i INTEGER);
INSERT INTO awkward(t, r, i) VALUES
  ('a,b', 1.5, 1), ('say \"hi\"', 0.1, NULL), ('two' || char(10) || 'lines', 17.0 / 3, -5),
  ('', 1e300, 0), (NULL, 3.0, 9223372036854775807), ('tab' || char(9) || 'here', -2.5e-10, 2),
  ('crlf' || char(13, 10) || 'end', 123456.789, 3), ('ünï çødé', 1e15, -9223372036854775808),
  ('it''s', 0.0, 4), (' lead and trail ', NULL, 5);"

# The query export runs for each table and view, as NAME|QUERY lines:
# tables in primary key (or rowid) order, views as they are.
q "$db" "SELECT s.name || '|' || CASE WHEN s.type = 'view' THEN 'SELECT * FROM \"' || s.name || '\"'
    WHEN l.wr = 1 THEN 'SELECT * FROM \"' || s.name || '\" ORDER BY ' || (SELECT group_concat('\"' || name || '\"', ', ')
        FROM (SELECT name FROM pragma_table_info(s.name) WHERE pk > 0 ORDER BY pk))
    ELSE 'SELECT * FROM \"' || s.name || '\" ORDER BY rowid' END
  FROM sqlite_schema s LEFT JOIN pragma_table_list l ON l.schema = 'main' AND l.name = s.name
  WHERE s.type IN ('table', 'view') AND s.name NOT LIKE 'sqlite%' ORDER BY s.name" >"$tmp/queries.txt"

# --- CSV equals the sqlite3 shell's, for every table and view ---------------
# the shell's CSV of every query, and each one's column names (for no rows
# the shell prints nothing, isolab the header alone), each from one sqlite3
mkdir "$tmp/want"
awk -F'|' -v d="$tmp/want" '{ printf ".output %s/%s.csv\n%s;\n", d, $1, $2 }' "$tmp/queries.txt" \
    | sqlite3 -batch -csv -header -cmd 'PRAGMA trusted_schema = OFF' "$db"
awk -F'|' -v d="$tmp/want" -v sq="'" '{ printf ".output %s/%s.head\nSELECT group_concat(name, %s,%s) FROM pragma_table_info(%s%s%s);\n",
    d, $1, sq, sq, sq, $1, sq }' "$tmp/queries.txt" | sqlite3 -batch -noheader -list -cmd 'PRAGMA trusted_schema = OFF' "$db"
n=0
bad=""
for name in $(cut -d'|' -f1 "$tmp/queries.txt"); do
    n=$((n + 1))
    "$ISOLAB" --db "$db" export "$name" >"$tmp/a.csv" 2>"$tmp/err.txt" || bad="$bad $name(exit)"
    want=$tmp/want/$name.csv
    [ -s "$want" ] || want=$tmp/want/$name.head
    cmp -s "$tmp/a.csv" "$want" || bad="$bad $name"
done
check "CSV of all $n tables and views equals sqlite3 -csv -header (header only when empty)" "" "$bad"
check "an empty table exports its header" "channel,part,position" "$("$ISOLAB" --db "$db" export channel_part)"
[ "$n" -ge 30 ] && ok "at least 30 tables and views compared" || not_ok "at least 30 tables and views compared ($n)"
"$ISOLAB" --db "$db" export surface --run 1 >"$tmp/a.csv"
sqlite3 -csv -header "$db" 'SELECT * FROM surface WHERE run_id = 1 ORDER BY run_id, bundle, channel' >"$tmp/b.csv"
if cmp -s "$tmp/a.csv" "$tmp/b.csv"; then ok "export surface --run 1 equals sqlite3's"; else not_ok "export surface --run 1 equals sqlite3's"; diff "$tmp/a.csv" "$tmp/b.csv"; fi
check "--run keeps only that run's rows" "7" "$(wc -l <"$tmp/a.csv" | tr -d ' ')"

# --- standard parsers read the values back -----------------------------------
for f in csv tsv json; do "$ISOLAB" --db "$db" export awkward --format $f -o "$tmp/awkward.$f"; done
"$ISOLAB" --db "$db" export channel_comparison --format json >"$tmp/cmp.json"
if ! command -v python3 >/dev/null 2>&1; then
    echo "skip - python3 is not installed: parser round trips not run"
else
    out=$(python3 - "$db" "$tmp" <<'PY' 2>&1
import csv, json, sqlite3, sys
db, tmp = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
cur = con.execute("SELECT * FROM awkward ORDER BY rowid")
cols = [d[0] for d in cur.description]
want = [list(r) for r in cur.fetchall()]
def text(v):           # CSV/TSV carry text; NULL is an empty field
    return "" if v is None else v
def same(got, w, how):  # CSV/TSV reals carry SQLite's text: 15 significant digits
    if isinstance(w, float):
        return float(got) == float("%.15g" % w) if how != "json" else got == w and isinstance(got, float)
    if isinstance(w, int):
        return (int(got) if how != "json" else got) == w
    return got == (w if how == "json" else text(w))
bad = []
for how, rows in (("csv", list(csv.reader(open(f"{tmp}/awkward.csv", newline=""), strict=True))),
                  ("tsv", list(csv.reader(open(f"{tmp}/awkward.tsv", newline=""), delimiter="\t", strict=True)))):
    if rows[0] != cols: bad.append(f"{how} header {rows[0]}")
    if len(rows) - 1 != len(want): bad.append(f"{how} has {len(rows) - 1} rows")
    for g, w in zip(rows[1:], want):
        for x, y in zip(g, w):
            if not same(x, y, how) if y is not None else x != "": bad.append(f"{how}: {x!r} != {y!r}")
rows = json.load(open(f"{tmp}/awkward.json"))
if [list(r.keys()) for r in rows] != [cols] * len(want): bad.append("json keys")
for g, w in zip(rows, want):
    for c, y in zip(cols, w):
        if not (g[c] is None if y is None else same(g[c], y, "json")): bad.append(f"json: {g[c]!r} != {y!r}")
cmp = json.load(open(f"{tmp}/cmp.json"))
prof = [r for r in cmp if r["channel"] == "sampling-profile"][0]
if not (prof["returned"] == 1 and prof["cost_per_fact"] == 3.0 and prof["part_of"] is None
        and type(prof["returned"]) is int): bad.append(f"json channel_comparison {prof}")
print("\n".join(bad) if bad else "round trip ok")
PY
)
    check "CSV, TSV and JSON read back by Python give the database's values" "round trip ok" "$out"
fi
check "TSV quotes only fields with a tab, newline or quote (and empty ones)" \
    "1	a,b	1.5	1|9	it's	0.0	4|10	 lead and trail 		5" \
    "$(grep -e '^1	' -e '^9	' -e '^10	' "$tmp/awkward.tsv" | paste -sd '|' -)"
check "JSON: NULL is null, numbers are numbers" \
    '  {"id": 5, "t": null, "r": 3.0, "i": 9223372036854775807},' "$(grep '"id": 5' "$tmp/awkward.json")"
check "JSON of an empty result is []" "[]" "$("$ISOLAB" --db "$db" export claim_result --run 2 --format json)"

# --- names and options ---------------------------------------------------------
expect_exit() {  # NAME WANT CMD... : the command exits WANT and writes no stdout
    local name=$1 want=$2 got
    shift 2
    "$@" >"$tmp/o.txt" 2>"$tmp/e.txt"
    got=$?
    if [ "$got" = "$want" ] && [ ! -s "$tmp/o.txt" ]; then ok "$name"; else not_ok "$name (exit $got)"; cat "$tmp/e.txt"; fi
}
expect_exit "an unknown name exits 3" 3 "$ISOLAB" --db "$db" export nosuch
expect_exit "a quoted injection is only an unknown name" 3 "$ISOLAB" --db "$db" export 'surface"; DROP TABLE run; --'
check "... and the run table is still there" "5" "$(q "$db" "SELECT count(*) FROM run")"
expect_exit "sqlite_schema is not exported" 3 "$ISOLAB" --db "$db" export sqlite_schema
expect_exit "--run on a relation without run_id exits 3" 3 "$ISOLAB" --db "$db" export lesson_channel --run 1
expect_exit "--run of a missing run exits 3" 3 "$ISOLAB" --db "$db" export surface --run 99
expect_exit "an unknown format exits 2" 2 "$ISOLAB" --db "$db" export surface --format xml
expect_exit "no name exits 2" 2 "$ISOLAB" --db "$db" export
"$ISOLAB" --db "$db" export surface -o "$tmp/s.csv"
"$ISOLAB" --db "$db" export surface >"$tmp/s2.csv"
if cmp -s "$tmp/s.csv" "$tmp/s2.csv"; then ok "-o FILE holds what stdout gets"; else not_ok "-o FILE holds what stdout gets"; fi
echo keep >"$tmp/keep.csv"
"$ISOLAB" --db "$db" export nosuch -o "$tmp/keep.csv" 2>/dev/null
check "a failed export leaves -o FILE as it was, and no temporary file" "keep|1" \
    "$(cat "$tmp/keep.csv")|$(ls "$tmp" | grep -c keep)"

finish
