#!/bin/sh
# Tests for --format on every listing (runs, check, diff, report NAME,
# export --list, lesson): each format read back by an independent parser
# (python3's json and csv modules), every format giving the same rows, and
# the rows of a relation equal to what 'sqlite3 -json' gives for it.
. "$(dirname "$0")/../lib/shlib.sh"
command -v python3 >/dev/null 2>&1 || skip_suite "python3 is not installed"

db=$tmp/f.db
fresh_db "$db"
check "database with runs" 0 $?
"$ISOLAB" --db "$db" sweep removal --bundle plain >/dev/null 2>&1
"$ISOLAB" --db "$db" sweep removal --bundle common >/dev/null 2>&1

# rows FILE FORMAT OUT [FILE FORMAT OUT]... : the rows of each FILE read by
# python3 as FORMAT, written to OUT (- : stdout) as one JSON array of
# objects (every value as text, None as null), keys sorted; a FILE that
# does not parse is named on stderr, and the exit status is 1.
rows() {
    python3 - "$@" <<'EOF'
import csv, json, sys, traceback
def norm(v):
    # numbers compared to 15 significant digits (SQLite's text of a real)
    if v is None: return None
    try:
        return format(float(v), ".15g") if not isinstance(v, bool) else str(v)
    except ValueError:
        return str(v)
def rows(path, fmt):
    text = open(path, encoding="utf-8", newline="").read()
    if fmt == "json":
        data = json.loads(text)
        assert isinstance(data, list)
    elif fmt == "ndjson":
        data = [json.loads(l) for l in text.split("\n") if l]
    else:
        r = csv.reader(text.splitlines(True), delimiter="\t" if fmt == "tsv" else ",")
        head, *body = list(r)
        # CSV and TSV write NULL as an empty field
        data = [dict(zip(head, b)) for b in body]
    out = []
    for d in data:
        assert isinstance(d, dict)
        out.append({k: ("" if norm(v) is None and fmt in ("csv", "tsv") else
                        "" if norm(v) is None else norm(v)) for k, v in d.items()})
    return json.dumps(out, sort_keys=True)
failed = 0
a = sys.argv[1:]
for path, fmt, dest in zip(a[0::3], a[1::3], a[2::3]):
    try:
        text = rows(path, fmt)
    except Exception:
        print("--format %s does not parse (%s):" % (fmt, path), file=sys.stderr)
        traceback.print_exc()
        failed = 1
        continue
    if dest == "-":
        print(text)
    else:
        open(dest, "w").write(text + "\n")
sys.exit(failed)
EOF
}

# same_rows NAME CMD... : CMD --format F for json, ndjson, csv and tsv all
# parse and give the same rows; prints the json rows' count.
same_rows() {
    name=$1
    shift
    for f in json ndjson csv tsv; do
        "$@" --format $f >"$tmp/out.$f" 2>"$tmp/err.$f" || { not_ok "$name --format $f exits 0"; cat "$tmp/err.$f"; return; }
    done
    rows "$tmp/out.json" json "$tmp/rows.json" "$tmp/out.ndjson" ndjson "$tmp/rows.ndjson" \
        "$tmp/out.csv" csv "$tmp/rows.csv" "$tmp/out.tsv" tsv "$tmp/rows.tsv" 2>"$tmp/perr.txt" \
        || { not_ok "$name: every --format parses"; cat "$tmp/perr.txt"; return; }
    if cmp -s "$tmp/rows.json" "$tmp/rows.ndjson" && cmp -s "$tmp/rows.json" "$tmp/rows.csv" \
        && cmp -s "$tmp/rows.json" "$tmp/rows.tsv"; then
        ok "$name: json, ndjson, csv and tsv parse and hold the same rows"
    else
        not_ok "$name: json, ndjson, csv and tsv parse and hold the same rows"
        head -c 600 "$tmp/rows.json" "$tmp/rows.csv"
    fi
}

count() { python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$1"; }
keys() { python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))[0].keys()))' "$1"; }

same_rows runs "$ISOLAB" --db "$db" runs --all
check "runs --format json: one object per run" "$(q "$db" "SELECT count(*) FROM run")" "$(count "$tmp/out.json")"
check "runs --format json: the run table's columns and rows" "id kind started_at finished_at status model_digest rows argv note" \
    "$(keys "$tmp/out.json")"
check "runs --format json: numbers as numbers" "150" \
    "$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[0]; assert isinstance(r["id"], int); print(r["rows"])' "$tmp/out.json")"

same_rows check "$ISOLAB" --db "$db" check
check "check --format json: one object per claim" "43" "$(count "$tmp/out.json")"
check "check --format json: the count line goes to stderr" "check: 34 passed, 0 failed, 9 pending of 43 claims" \
    "$(sed 's/ (run [0-9]*)$//' "$tmp/err.json")"
check "check --format json: outcomes" "pass 34 pending 9" \
    "$(python3 -c 'import json,sys,collections; c=collections.Counter(r["outcome"] for r in json.load(open(sys.argv[1]))); print(" ".join(f"{k} {v}" for k,v in sorted(c.items())))' "$tmp/out.json")"

same_rows diff "$ISOLAB" --db "$db" diff 6 7
check "diff --format json: a row per difference, as many as the text's count" \
    "$("$ISOLAB" --db "$db" diff 6 7 | tail -n 1 | cut -d' ' -f1)" \
    "$(python3 -c 'import json,sys; print(sum(r["change"] in "+-~" for r in json.load(open(sys.argv[1]))))' "$tmp/out.json")"

# the diff's parts as fields: (change, kind, name, bundle, channel, attribute,
# before, after), the line's text kept as "what"
check "diff --format json: each row's parts as fields beside change and what" \
    "change what kind name bundle channel attribute before after" "$(keys "$tmp/out.json")"
cp "$db" "$tmp/d.db"
sqlite3 "$tmp/d.db" "UPDATE channel SET cost_pct = 5 WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$tmp/d.db" run --bundle strict --channel sampling-profile >/dev/null 2>&1
last=$(q "$tmp/d.db" "SELECT max(id) FROM run WHERE kind = 'run'")
"$ISOLAB" --db "$tmp/d.db" run --bundle strict --channel sampling-profile >/dev/null 2>&1
first=$(q "$tmp/d.db" "SELECT min(id) FROM run WHERE kind = 'run'")
"$ISOLAB" --db "$tmp/d.db" diff "$first" "$last" --format json >"$tmp/d.json" 2>/dev/null
check "diff --format json: the model's change and the surface's, structured" \
    "model channel sampling-profile None None cost_pct 3 5
~ surface None strict sampling-profile cost, run time, cost per fact 3.0, 1030, 3.0 5.0, 1050, 5.0" \
    "$(python3 -c 'import json,sys
for r in json.load(open(sys.argv[1])):
    if r["change"] == "model" or (r["bundle"], r["channel"]) == ("strict", "sampling-profile"):
        print(r["change"], r["kind"], r["name"], r["bundle"], r["channel"], r["attribute"], r["before"], r["after"])' "$tmp/d.json")"
# outcomes in one case in every machine format, as claim_result stores them
cp "$db" "$tmp/c.db"
sqlite3 "$tmp/c.db" "UPDATE channel SET cost_pct = 4 WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$tmp/c.db" run >/dev/null 2>&1
for f in json csv; do
    "$ISOLAB" --db "$tmp/c.db" check --format $f >"$tmp/c.$f" 2>/dev/null
done
check "check --format json/csv: a failed claim's outcome is 'fail', as claim_result stores it" "fail|fail|fail" \
    "$(python3 -c 'import json,sys; print(sorted(set(r["outcome"] for r in json.load(open(sys.argv[1])))-{"pass","pending","stale"})[0])' "$tmp/c.json")|$(python3 -c 'import csv,sys; print(sorted(set(r["outcome"] for r in csv.DictReader(open(sys.argv[1])))-{"pass","pending","stale"})[0])' "$tmp/c.csv")|$(q "$tmp/c.db" "SELECT DISTINCT outcome FROM claim_result WHERE outcome NOT IN ('pass', 'pending', 'stale')")"

# JSON keys made unique (a second 'a' is 'a:1'), so no value is lost; an
# infinity as 1e999 (as sqlite3 -json writes it: it reads back as one), a
# blob as its hex digits
"$ISOLAB" --db "$db" export --sql "SELECT 1 AS a, 2 AS a, 1e999 AS i, -1e999 AS j, x'00ff' AS b" --format json >"$tmp/u.json"
check "export --format json: duplicate names made unique, infinities as numbers, a blob as hex" \
    "a=1 a:1=2 i=inf j=-inf b=00ff" \
    "$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))[0]; print(" ".join(f"{k}={v}" for k,v in r.items()))' "$tmp/u.json")"
"$ISOLAB" --db "$db" export --sql "SELECT 1 AS a, 2 AS a, 3 AS 'a:1'" --format ndjson >"$tmp/u.ndjson"
check "export --format ndjson: a made name is no column's own" '{"a": 1, "a:2": 2, "a:1": 3}' "$(cat "$tmp/u.ndjson")"

same_rows "report NAME" "$ISOLAB" --db "$db" report channel_comparison
sqlite3 -json -cmd 'PRAGMA trusted_schema = OFF' "$db" "SELECT * FROM channel_comparison" >"$tmp/ref.json"
rows "$tmp/ref.json" json - >"$tmp/ref.rows"
if cmp -s "$tmp/ref.rows" "$tmp/rows.json"; then ok "report NAME --format json: the rows sqlite3 -json gives"
else not_ok "report NAME --format json: the rows sqlite3 -json gives"; cat "$tmp/ref.rows" "$tmp/rows.json"; fi

# report without NAME: the focus lesson's tables, as the text shows them,
# whatever the format (not every lesson's rows of lesson_report)
ldb=$tmp/all.db
"$ISOLAB" --db "$ldb" lesson --all >/dev/null 2>&1
"$ISOLAB" --db "$ldb" report >"$tmp/rep.txt" 2>/dev/null
"$ISOLAB" --db "$ldb" report --format json >"$tmp/rep.json" 2>/dev/null
check "report --format json: the lines the text shows, of the focus lesson alone" "M03/K05 ok" \
    "$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); t=open(sys.argv[2]).read().split("\n")[:-1]; print(" ".join(sorted(set(x["lesson"] for x in r))), "ok" if [x["line"] for x in r] == t else "differ")' "$tmp/rep.json" "$tmp/rep.txt")"
"$ISOLAB" --db "$ldb" report --lesson M03/K04 >"$tmp/rep.txt" 2>/dev/null
"$ISOLAB" --db "$ldb" report --lesson M03/K04 --format json >"$tmp/rep.json" 2>/dev/null
check "report --lesson M03/K04 --format json: that lesson's lines alone" "M03/K04 ok" \
    "$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); t=open(sys.argv[2]).read().split("\n")[:-1]; print(" ".join(sorted(set(x["lesson"] for x in r))), "ok" if [x["line"] for x in r] == t else "differ")' "$tmp/rep.json" "$tmp/rep.txt")"

# report NAME of a view keyed by lesson: --format reads the rows the text
# prints, of the lesson in focus alone (--lesson, else current_focus's),
# whichever other lessons have results; three lessons loaded and run
k6db=$tmp/k6.db
cp "$ldb" "$k6db"
"$ISOLAB" --db "$k6db" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$k6db" run >/dev/null 2>&1
check "three lessons loaded and run: resource_axis has rows of M03/K04, M03/K05 and M03/K06" "M03/K04 M03/K05 M03/K06" \
    "$(q "$k6db" "SELECT group_concat(lesson, ' ') FROM (SELECT DISTINCT lesson FROM resource_axis ORDER BY lesson)")"
# lesson_lines FILE FORMAT : the lessons of the rows (sorted, distinct), then
# "same" when their lines are those of the text in $tmp/view.txt, in order
lesson_lines() {
    python3 - "$1" "$2" "$tmp/view.txt" <<'EOF2'
import csv, json, sys
path, fmt, text = sys.argv[1:]
body = open(path, encoding="utf-8", newline="").read()
if fmt == "json": r = json.loads(body)
elif fmt == "ndjson": r = [json.loads(l) for l in body.split("\n") if l]
else: r = list(csv.DictReader(body.splitlines(True), delimiter="\t" if fmt == "tsv" else ","))
lines = open(text, encoding="utf-8").read().split("\n")[:-1]
print(" ".join(sorted(set(x["lesson"] for x in r))), "same" if [x["line"] for x in r] == lines else "differ")
EOF2
}
for name in lesson_header resource_axis channel_facts bundle_table channel_table sample_table removal_summary \
    addition_table lesson_report; do
    "$ISOLAB" --db "$k6db" report "$name" --lesson M03/K05 >"$tmp/view.txt" 2>/dev/null
    got=
    for f in csv tsv json ndjson; do
        "$ISOLAB" --db "$k6db" report "$name" --lesson M03/K05 --format $f >"$tmp/view.$f" 2>/dev/null
        got="$got$f: $(lesson_lines "$tmp/view.$f" $f); "
    done
    check "report $name --lesson M03/K05 --format csv/tsv/json/ndjson: M03/K05's rows alone, the text's lines" \
        "csv: M03/K05 same; tsv: M03/K05 same; json: M03/K05 same; ndjson: M03/K05 same; " "$got"
done
# the axis table's rows by hand, from the lesson's resource axis
"$ISOLAB" --db "$k6db" report resource_axis --lesson M03/K05 --format csv >"$tmp/ra.csv" 2>/dev/null
check "report resource_axis --lesson M03/K05 --format csv: the lesson's five lines" \
    "lesson,line,n
M03/K05,\"RESOURCE AXIS (the control group's axis)\",1
M03/K05,\"  cpu-share           RETURNS\",2
M03/K05,\"  memory-limit        closed\",3
M03/K05,\"  memory-used         closed\",4
M03/K05,\"  cpu-count           left open\",5" "$(cat "$tmp/ra.csv")"
# --format table given lists the rows, the same lesson's; without --lesson
# the lesson in focus (isolab focus) is the one read, in every format
"$ISOLAB" --db "$k6db" report resource_axis --lesson M03/K05 --format table >"$tmp/ra.table" 2>/dev/null
check "report resource_axis --lesson M03/K05 --format table: M03/K05's five rows alone" "5 0" \
    "$(grep -c '^M03/K05 ' "$tmp/ra.table") $(grep -c '^M03/K0[46] ' "$tmp/ra.table")"
cp "$k6db" "$tmp/k6f.db"
"$ISOLAB" --db "$tmp/k6f.db" focus M03/K06 >/dev/null 2>&1
"$ISOLAB" --db "$tmp/k6f.db" report channel_facts >"$tmp/view.txt" 2>/dev/null
"$ISOLAB" --db "$tmp/k6f.db" report channel_facts --format ndjson >"$tmp/view.ndjson" 2>/dev/null
check "after focus M03/K06: report channel_facts --format ndjson is M03/K06's, as its text" "M03/K06 same" \
    "$(lesson_lines "$tmp/view.ndjson" ndjson)"
# export NAME --lesson CODE: that lesson's rows; without --lesson, every row
"$ISOLAB" --db "$k6db" export resource_axis --lesson M03/K06 --format json >"$tmp/ex.json" 2>/dev/null
"$ISOLAB" --db "$k6db" report resource_axis --lesson M03/K06 >"$tmp/view.txt" 2>/dev/null
check "export resource_axis --lesson M03/K06: M03/K06's rows alone, report's lines" "M03/K06 same" \
    "$(lesson_lines "$tmp/ex.json" json)"
"$ISOLAB" --db "$k6db" export resource_axis >"$tmp/ex.csv" 2>/dev/null
check "export resource_axis without --lesson: every lesson's rows" "$(q "$k6db" "SELECT count(*) + 1 FROM resource_axis")" \
    "$(wc -l <"$tmp/ex.csv" | tr -d ' ')"

same_rows "export --list" "$ISOLAB" --db "$db" export --list
check "export --list --format json: every table and view" \
    "$(q "$db" "SELECT count(*) FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'")" \
    "$(count "$tmp/out.json")"

same_rows lesson "$ISOLAB" --db "$db" lesson
check "lesson --format json: the lesson's lines, in order" "$(cat tests/expected/lesson.txt)" \
    "$(python3 -c 'import json,sys; print("\n".join(r["line"] for r in json.load(open(sys.argv[1]))))' "$tmp/out.json")"

# an empty listing is an empty array, and a table stays the default
check "runs --since 2099-01-01 --format json: []" "[]" "$("$ISOLAB" --db "$db" runs --since 2099-01-01 --format json)"
check "runs --format table is the default" "$("$ISOLAB" --db "$db" runs)" "$("$ISOLAB" --db "$db" runs --format table)"

# check --failed and --quiet
"$ISOLAB" --db "$db" check --quiet >"$tmp/q.out" 2>&1
check "check --quiet: the count line alone" "check: 34 passed, 0 failed, 9 pending of 43 claims" \
    "$(sed 's/ (run [0-9]*)$//' "$tmp/q.out")"
printf "UPDATE channel SET cost_pct = 4 WHERE name = 'sampling-profile';\n" >"$tmp/cost.sql"
"$ISOLAB" --db "$db" load "$tmp/cost.sql" >/dev/null && "$ISOLAB" --db "$db" lesson >/dev/null 2>"$tmp/l.err"
check "lesson with failing claims: exit 1" 1 $?
check "lesson: stderr holds the failed claims and the count line" "FAIL 4
check: 1" "$(grep -c '^FAIL ' "$tmp/l.err" | sed 's/^/FAIL /'; grep -c '^check: ' "$tmp/l.err" | sed 's/^/check: /')"
check "lesson: no pass line without --verbose" "0" "$(grep -c '^pass ' "$tmp/l.err")"
"$ISOLAB" --db "$db" check --failed >"$tmp/f.out" 2>/dev/null
check "check --failed: exit 1" 1 $?
check "check --failed: the four failures and the count line" "FAIL     M03/K05 profile-cost
FAIL     M03/K05 profile-run-time
FAIL     M03/K05 profile-cost-per-fact
FAIL     M03/K05 times-cheaper
check: 30 passed, 4 failed, 9 pending of 43 claims" "$(sed -e 's/^\(FAIL .*\):.*/\1/' -e 's/ (run [0-9]*)$//' "$tmp/f.out")"

# --- runs --limit, --since, --param: the rows the sqlite3 shell selects ----
ids() { "$ISOLAB" --db "$db" runs "$@" --format csv | sed 1d | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//'; }
check "runs --limit 3: the three latest runs but checks" \
    "$(q "$db" "SELECT id FROM (SELECT id FROM run WHERE kind <> 'check' ORDER BY id DESC LIMIT 3) ORDER BY id" | tr '\n' ' ' | sed 's/ $//')" \
    "$(ids --limit 3)"
check "runs --all --limit 1: the latest run" "$(q "$db" "SELECT max(id) FROM run")" "$(ids --all --limit 1)"
check "runs --param bundle=plain: the runs with that parameter" \
    "$(q "$db" "SELECT DISTINCT run_id FROM run_param p JOIN run r ON r.id = p.run_id WHERE key = 'bundle' AND value = 'plain' AND r.kind <> 'check' ORDER BY 1" | tr '\n' ' ' | sed 's/ $//')" \
    "$(ids --param bundle=plain)"
check "runs --param twice: both must hold (and some run does)" \
    "$(q "$db" "SELECT a.run_id FROM run_param a JOIN run_param b USING (run_id) WHERE a.key = 'sweep' AND a.value = 'removal' AND b.key = 'bundle' AND b.value = 'common' ORDER BY 1" | tr '\n' ' ' | sed 's/ $//')" \
    "$(ids --param sweep=removal --param bundle=common | grep .)"
check "runs --param with a quote is a value, not SQL" "" "$(ids --param "bundle=x' OR 1=1 --")"
mid=$(q "$db" "SELECT started_at FROM run WHERE id = 8")
check "runs --since DATE: runs started at or after it" \
    "$(q "$db" "SELECT id FROM run WHERE started_at >= '$(echo "$mid" | cut -c1-19)' AND kind <> 'check' ORDER BY id" | tr '\n' ' ' | sed 's/ $//')" \
    "$(ids --since "$(echo "$mid" | cut -c1-19)")"
check "runs --since 1h: every run of this test" "$(ids)" "$(ids --since 1h)"
check "runs --since 2099-01-01: none" "" "$(ids --since 2099-01-01)"
"$ISOLAB" --db "$db" runs --since 2026-02-30x >/dev/null 2>&1
check "runs --since with a bad date: exit 2" 2 $?
"$ISOLAB" --db "$db" runs --param nokey >/dev/null 2>&1
check "runs --param without '=': exit 2" 2 $?

# --- text tables sized from the data ---------------------------------------
# With the lesson's names the tables are the lesson's, byte for byte (the
# suites test_lesson_text and test_cmd); longer names widen their column.
ldb=$tmp/long.db
"$ISOLAB" --db "$ldb" init >/dev/null && "$ISOLAB" --db "$ldb" load tests/fixtures/long_names.sql >/dev/null \
    && "$ISOLAB" --db "$ldb" lesson >"$tmp/long.txt" 2>/dev/null
# (the changed model makes some claims fail: exit 1, tables written)
check "long names: the lesson runs" 1 $?
check "long names: the channel table widens its name column" \
"channel                                 returned  open surface  cost  run   cost per fact
  sampling-profile                          1         12     3  1030              3.00
  system-call-tracing                       2         13    34  1340             17.00
  a-very-long-channel-name-of-38-chars-x    1         12     5  1050              5.00" \
    "$(sed -n '/^channel  /,/^$/p' "$tmp/long.txt" | sed '/^$/d')"
check "long names: the bundle table" \
"bundle                   visible  returned  open surface  open axes
  a-bundle-of-a-long-name      23          0         23         10" \
    "$(sed -n '/^bundle  /,/^$/p' "$tmp/long.txt" | sed -n '1p;/a-bundle/p')"
check "long names: the fact table widens its fact and axis columns" \
"fact shown by channel           axis             status under strict bundle
  cpu-share                      resource         RETURNS
  a-fact-with-a-name-of-30-chars a-long-axis-name already visible" \
    "$(sed -n '/^fact shown/,/^$/p' "$tmp/long.txt" | sed -n '1,2p;/a-fact/p')"

# aligned FILE TITLE N [E] NAME : the rows of the lesson table under the
# line TITLE (a regex; a heading line after it skipped) have N columns
# lined up (tests/lib/text_columns.py; the last E may be empty in some rows)
aligned() {
    sed -n "/$2/,/^\$/p" "$1" | sed 1d | sed '/^$/d; /^ *samples /d; /^SAMPLE/d' >"$tmp/block.txt"
    if found=$(python3 tests/lib/text_columns.py rows "$3" "$tmp/block.txt" "$4"); then ok "$5: columns line up"
    else not_ok "$5: columns line up"; printf '%s\n' "$found" | head -5 | sed 's/^/    /'; fi
}
aligned "$tmp/long.txt" '^RESOURCE AXIS' 2 0 "long names: the axis table"
aligned "$tmp/long.txt" '^fact shown' 4 1 "long names: the fact table"
aligned "$tmp/long.txt" '^bundle  ' 5 0 "long names: the bundle table"
aligned "$tmp/long.txt" '^channel  ' 6 0 "long names: the channel table"
aligned "$tmp/long.txt" '^FACT SET SWEEP -- addition' 8 2 "long names: the addition table (a 16-character axis)"
check "long names: the addition table widens its axis column" \
"  +a-long-axis-name facts 26  open surface 13  <-- grows
  +host             facts 26  open surface 12" \
    "$(sed -n '/^FACT SET SWEEP -- addition/,/^$/p' "$tmp/long.txt" | sed -n '2,3p')"
# the eight-lesson course: the 38-character channel in every lesson's table
edb=$tmp/eight.db
"$ISOLAB" --db "$edb" init >/dev/null && "$ISOLAB" --db "$edb" load tests/models/eight/100_eight_lessons.sql >/dev/null \
    && "$ISOLAB" --db "$edb" lesson T/E2 >"$tmp/eight.txt" 2>/dev/null
check "eight lessons: T/E2's tables" 0 $?
aligned "$tmp/eight.txt" '^channel  ' 6 0 "eight lessons: T/E2's channel table (a 38-character name)"
aligned "$tmp/eight.txt" '^fact shown' 4 1 "eight lessons: T/E2's fact table"
# numbers wider than the lesson's columns: the columns widen, headings along
wdb=$tmp/wide.db
"$ISOLAB" --db "$wdb" init >/dev/null && "$ISOLAB" --db "$wdb" load tests/fixtures/wide_numbers.sql >/dev/null \
    && "$ISOLAB" --db "$wdb" lesson >"$tmp/wide.txt" 2>/dev/null
check "wide numbers: the lesson runs (claims fail: exit 1)" 1 $?
aligned "$tmp/wide.txt" '^channel  ' 6 0 "wide numbers: the channel table (cost 1234.25, run 13342)"
aligned "$tmp/wide.txt" '^SAMPLE COUNT' 4 0 "wide numbers: the sample table (10000000 samples)"
check "wide numbers: the headings move with their columns" \
"channel                 returned  open surface    cost  run   cost per fact
  costly-channel            1         11 1234.25 13342           1234.25
    samples   lines   returned fact   lines per fact
  10000000 10000000               1          10000000" \
    "$(grep -E '^channel  |^  costly|^    samples|^  10000000' "$tmp/wide.txt")"

# --- text tables for people: column_label's labels, units and digits -------
# The expected header, unit line and numbers are worked by python3 from the
# CSV (raw names and values, which scripts keep) and column_label: the
# object's row, else the '*' row, else the name with '_' as a space;
# reals rounded to the row's digits.
"$ISOLAB" --db "$edb" sweep bundles >/dev/null 2>&1
"$ISOLAB" --db "$edb" report channel_comparison >"$tmp/cc.txt" 2>/dev/null
"$ISOLAB" --db "$edb" report channel_comparison --format csv >"$tmp/cc.csv" 2>/dev/null
check "report NAME --format csv keeps the column names" \
    "$(q "$edb" "SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_table_info('channel_comparison') ORDER BY cid)")" \
    "$(head -1 "$tmp/cc.csv")"
labelled() {
    python3 - "$edb" "$1" "$2" <<'EOF2'
import csv, sqlite3, sys
db, view, path = sys.argv[1:]
con = sqlite3.connect(db)
labels = {(o, c): (l, u, d) for o, c, l, u, d in con.execute('SELECT object, "column", label, unit, digits FROM column_label')}
rows = list(csv.reader(open(path, encoding='utf-8')))
def lab(c):
    return labels.get((view, c)) or labels.get(('*', c)) or (c.replace('_', ' '), None, None)
print('|'.join(lab(c)[0] for c in rows[0]))
print('|'.join(lab(c)[1] or '' for c in rows[0]))
for r in rows[1:]:
    out = []
    for c, v in zip(rows[0], r):
        d = lab(c)[2]
        try:
            out.append(('%.*f' % (d, float(v))) if d is not None and '.' in v else v)
        except ValueError:
            out.append(v)
    print('|'.join(out))
EOF2
}
# the table's cells split at two spaces or more (no label, unit or value
# here holds two spaces), its rule dropped
cells() { grep -v '^-' "$1" | sed 's/^ *//; s/  */ /g' ; }
check "report NAME: labels, units and rounded numbers from column_label" \
    "$(labelled channel_comparison "$tmp/cc.csv" | sed 's/|\{1,\}/|/g; s/^|//; s/|$//' | tr '|' ' ' | sed 's/  */ /g; s/^ //; s/ $//')" \
    "$(cells "$tmp/cc.txt" | sed 's/ $//')"
check "report NAME: cost per fact with the label's 2 digits" "17.00 3.00 2.00 20.00 3.00 12.50 0.40" \
    "$(cells "$tmp/cc.txt" | sed -n '3,$p' | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9][0-9]$/) { print $i; break } }' | tr '\n' ' ' | sed 's/ $//')"
# rule_aligned NAME ARGS... : the table a command prints has its columns
# lined up (tests/lib/text_columns.py rule: every cell inside its column's
# dashes; each text value where the same command's --format csv puts it,
# when it shows the same columns)
rule_aligned() {
    name=$1; shift
    "$@" >"$tmp/t.txt" 2>/dev/null
    csv= long=
    case "$*" in
        *--long*) long=--long ;;
        *" runs"*) ;; # (its table shows fewer columns than its CSV)
        *) "$@" --format csv >"$tmp/t.csv" 2>/dev/null && csv=$tmp/t.csv ;;
    esac
    if found=$(python3 tests/lib/text_columns.py rule $long "$tmp/t.txt" $csv); then ok "$name: columns line up"
    else not_ok "$name: columns line up"; printf '%s\n' "$found" | head -5 | sed 's/^/    /'; fi
}
rule_aligned "report channel_comparison (a 38-character channel)" "$ISOLAB" --db "$edb" report channel_comparison
rule_aligned "report axis_visibility" "$ISOLAB" --db "$edb" report axis_visibility
rule_aligned "report bundle_smallest" "$ISOLAB" --db "$edb" report bundle_smallest --format table
rule_aligned "runs" "$ISOLAB" --db "$edb" runs
rule_aligned "runs --long" "$ISOLAB" --db "$edb" runs --long
rule_aligned "export --list" "$ISOLAB" --db "$edb" export --list
rule_aligned "export --list channel_comparison" "$ISOLAB" --db "$edb" export --list channel_comparison
# its descriptions are sentences: wrapped at their spaces to fit 80 columns
# (the words checked above against the CSV, each row's lines joined)
check "export --list: no line wider than 80 columns, and some wrapped" "0 yes" \
    "$("$ISOLAB" --db "$edb" export --list | awk '{ if (length($0) > 80) n++; if (substr($0, 1, 20) == sprintf("%20s", "")) w = "yes" } END { print n + 0, w }')"
rule_aligned "frontier (a 38-character channel)" "$ISOLAB" --db "$edb" frontier --channel memory-snapshot-with-all-page-contents
rule_aligned "marginal" "$ISOLAB" --db "$edb" marginal --bundle strict --channel memory-snapshot-with-all-page-contents
rule_aligned "runs --kind check" "$ISOLAB" --db "$edb" runs --kind check
"$ISOLAB" --db "$edb" report channel_comparison | sed 's/memory-snapshot-with-all-page-contents/x/' >"$tmp/shifted.txt"
"$ISOLAB" --db "$edb" report channel_comparison --format csv | sed 's/memory-snapshot-with-all-page-contents/x/' >"$tmp/shifted.csv"
if python3 tests/lib/text_columns.py rule "$tmp/shifted.txt" "$tmp/shifted.csv" >/dev/null; then not_ok "the column test finds a shifted row"
else ok "the column test finds a shifted row"; fi
# the bundles sweep's saved queries print lines: their columns line up too
for v in "bundle_smallest 9" "bundle_frontier 7" "bundle_marginal 5"; do
    set -- $v
    "$ISOLAB" --db "$edb" report "$1" >"$tmp/block.txt" 2>/dev/null
    if found=$(python3 tests/lib/text_columns.py rows "$2" "$tmp/block.txt"); then ok "report $1 (a 38-character channel): columns line up"
    else not_ok "report $1 (a 38-character channel): columns line up"; printf '%s\n' "$found" | head -5 | sed 's/^/    /'; fi
done
# export --list NAME: each column with the label column_label gives it
"$ISOLAB" --db "$edb" export --list channel_comparison --format csv >"$tmp/cols.csv"
check "export --list NAME: its columns, labels, units and digits" \
    "$(q "$edb" "SELECT c.name || '|' || coalesce(l.label, '') || '|' || coalesce(l.unit, '') || '|' || coalesce(l.digits, '') || '|' || coalesce(l.object, '')
                   FROM pragma_table_info('channel_comparison') c
                   LEFT JOIN column_label l ON l.\"column\" = c.name
                    AND l.object = coalesce((SELECT object FROM column_label x WHERE x.\"column\" = c.name AND x.object = 'channel_comparison'), '*')
                  ORDER BY c.cid")" \
    "$(python3 -c 'import csv,sys; [print("|".join([r[0], r[2], r[3], r[4], r[5]])) for r in list(csv.reader(open(sys.argv[1], encoding="utf-8")))[1:]]' "$tmp/cols.csv")"
"$ISOLAB" --db "$edb" export --list nosuch >/dev/null 2>"$tmp/err.txt"
check "export --list with an unknown NAME: exit 3, named" "3 isolab export: no table or view named 'nosuch'" "$? $(cat "$tmp/err.txt")"

# --- version ----------------------------------------------------------------
check "version: isolab, SQLite and the schema" "isolab $(sed -n 's/.*ISOLAB_VERSION "\(.*\)"/\1/p' include/isolab/version.h)
SQLite $(sqlite3 :memory: 'SELECT sqlite_version()')
schema $(q "$db" "PRAGMA user_version")" "$("$ISOLAB" version)"
check "version --format json" "$("$ISOLAB" version | awk '{ print $2 }' | tr '\n' ' ')" \
    "$("$ISOLAB" version --format json | python3 -c 'import json,sys; r=json.load(sys.stdin)[0]; print(r["isolab"], r["sqlite"], r["schema"], end=" ")')"
finish
