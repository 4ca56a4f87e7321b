#!/bin/sh
# Every name survives every plot (issue 32.2, 33.5): a course whose lesson
# T/N1 names its channel a"b,c, its bundle with spaces, a hyphen and
# quotes, an axis the same, a channel of 10,000 characters, and the
# README's what-if bundle strict,-user-namespace; isolab plot draws every
# plot as SVG (and the page draws them inline), and an independent reader
# (python3's XML parser) reads each plot's texts and titles back: every
# name is there whole, as it is in the database, and the panels of the
# axes plot are titled by each bundle's whole name. Skips when gnuplot is
# not installed.
. "$(dirname "$0")/../lib/shlib.sh"

if ! command -v gnuplot >/dev/null 2>&1; then
    skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): plot name tests not run"
fi

long=$(awk 'BEGIN { while (n++ < 1000) printf "long-name-"; }')
chan='a"b,c'
bund='my bundle "quoted" - it'"'"'s'
axis='axis, "odd" one'
cat >"$tmp/names.sql" <<EOF
INSERT INTO lesson(code, title, position) VALUES ('T/N1', 'Names: "quoted", with commas', 20);
INSERT INTO axis(name) VALUES ('axis, "odd" one');
INSERT INTO fact(name, axis, position) VALUES ('fact, "odd"', 'axis, "odd" one', 100);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('a"b,c', 'T/N1', 7), ('$long', 'T/N1', 9);
INSERT INTO channel_fact(channel, position, fact) VALUES
  ('a"b,c', 1, 'fact, "odd"'), ('a"b,c', 2, 'cpu-share'), ('$long', 1, 'other-mounts');
INSERT INTO bundle(name, position) VALUES ('my bundle "quoted" - it''s', 50);
INSERT INTO bundle_member(bundle, position, mechanism)
  SELECT 'my bundle "quoted" - it''s', position, name FROM mechanism ORDER BY position LIMIT 3;
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('T/N1', 'my bundle "quoted" - it''s', 'a"b,c', 'axis, "odd" one');
EOF

db=$tmp/names.db
# (the new fact changes the counts of M03/K05's claims: lesson --all exits 1)
"$ISOLAB" --db "$db" init >/dev/null 2>&1 && "$ISOLAB" --db "$db" load "$tmp/names.sql" >/dev/null 2>&1 \
    && { "$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1; [ $? -le 1 ]; } \
    && "$ISOLAB" --db "$db" sweep bundles --channel "$chan" >/dev/null 2>&1 \
    && "$ISOLAB" --db "$db" run --members strict,-user-namespace --channel "$chan" >/dev/null 2>&1
check "a course with hostile names, its runs, a what-if run" 0 $?
check "the names are in the database whole" "$chan|$bund|$axis|10000" \
    "$(sqlite3 "$db" "SELECT (SELECT name FROM channel WHERE lesson = 'T/N1' AND length(name) < 10), \
       (SELECT name FROM bundle WHERE position = 50), (SELECT name FROM axis WHERE name LIKE 'axis,%'), \
       (SELECT max(length(name)) FROM channel)")"

# texts FILE : every <title> and every <text> of an SVG (or of each SVG in
# an HTML page), one a line, as an XML reader reads them
texts() {
    python3 - "$1" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
doc = open(sys.argv[1], encoding='utf-8').read()
for svg in re.findall(r'<svg\b.*?</svg>', doc, re.S):
    root = ET.fromstring(svg)
    for e in root.iter():
        tag = e.tag.split('}')[-1]
        if tag in ('title', 'text'):
            print(''.join(e.itertext()).replace('\n', ' '))
EOF
}
# has FILE TEXT NAME : TEXT is a whole line of texts FILE
has() {
    texts "$1" >"$tmp/texts.txt"
    if grep -qxF -- "$2" "$tmp/texts.txt"; then ok "$3"
    else not_ok "$3"; grep -F -- "${2%% *}" "$tmp/texts.txt" | head -3 | cut -c1-200 | sed 's/^/    /'; fi
}

"$ISOLAB" --db "$db" plot --lesson T/N1 --format svg -o "$tmp/n1" >/dev/null 2>"$tmp/err.txt"
check "plot --lesson T/N1 (every plot): exit 0" "0:" "$?:$(cat "$tmp/err.txt")"
# numbers CHANNEL [LESSON]: the channel's numbers in the channels plot's key,
# as plot_channels gives them (under LESSON's focus)
numbers() {
    "$ISOLAB" --db "$db" export plot_channels ${2:+--lesson "$2"} --format json | python3 -c '
import json, sys
r = [r for r in json.load(sys.stdin) if r["channel"] == sys.argv[1]][0]
print("%g %%, " % r["cost_pct"] + ("returns nothing" if r["returned"] == 0 else
      "%d returned, %.2f %% per fact" % (r["returned"], r["cost_per_fact"])))' "$1"
}
ret=$(numbers "$chan" T/N1)
has "$tmp/n1/channels.svg" "this lesson's: $chan (T/N1): $ret" "channels: the key names a\"b,c whole"
has "$tmp/n1/channels.svg" "Cost of each channel against the facts it returns, under bundle $bund" "channels: the title names the bundle whole"
has "$tmp/n1/samples.svg" "Sample count sweep under bundle $bund, channel $chan: output grows, returned facts stay flat" \
    "samples: the title names bundle and channel whole"
has "$tmp/n1/axes.svg" "bundle $bund" "axes: a panel titled with the bundle's whole name"
# a what-if list has a panel of its own when --bundle names it
"$ISOLAB" --db "$db" plot axes --lesson T/N1 --bundle strict,-user-namespace --format svg -o "$tmp/wi" >/dev/null 2>&1
has "$tmp/wi/axes.svg" "bundle strict,-user-namespace" "axes: the what-if's panel titled strict,-user-namespace, not cut at the comma"
has "$tmp/n1/axes.svg" "$axis" "axes: the axis named whole on the x axis"
check "axes: one panel per bundle of plot_axes, titled with its whole name" \
    "$("$ISOLAB" --db "$db" export plot_axes --lesson T/N1 --format json | python3 -c '
import json, sys
print("\n".join(sorted({"bundle " + r["bundle"] for r in json.load(sys.stdin)})))')" \
    "$(texts "$tmp/n1/axes.svg" | grep '^bundle ' | sort -u)"
has "$tmp/n1/frontier.svg" "Every bundle of the power-set sweep under channel $chan: open surface against size" \
    "frontier: the title names the channel whole"
n=$(sqlite3 "$db" "SELECT count(*) FROM bundle_member WHERE bundle LIKE 'my bundle%'")
o=$("$ISOLAB" --db "$db" export plot_frontier --lesson T/N1 --format json | python3 -c '
import json, sys
print([r for r in json.load(sys.stdin) if r["named"].startswith("my bundle")][0]["open_surface"])')
has "$tmp/n1/frontier.svg" "$bund: $n mechanisms, open surface $o" "frontier: the named bundle's key line names it whole"
check "the CSV beside each plot is still isolab export's" "same" \
    "$("$ISOLAB" --db "$db" export plot_channels --lesson T/N1 | cmp -s - "$tmp/n1/channels.csv" && echo same)"

# a 10,000-character channel: the axes plot under it names it whole (gnuplot
# reads at most 1,024 characters of a data file's field)
"$ISOLAB" --db "$db" plot axes --channel "$long" --format svg -o "$tmp/long" >/dev/null 2>"$tmp/err.txt"
check "axes under a 10,000-character channel: exit 0" "0:" "$?:$(cat "$tmp/err.txt")"
texts "$tmp/long/axes.svg" >"$tmp/long.txt"
t=$(head -n 1 "$tmp/long.txt")
check "axes under it: its title holds the 10,000 characters whole" \
    "Visible share of each axis's facts without and with channel $long, per bundle" "${t% (not drawn*}"
"$ISOLAB" --db "$db" plot channels --format svg -o "$tmp/long" >/dev/null 2>&1
has "$tmp/long/channels.svg" "$long (T/N1): $(numbers "$long")" "channels: the 10,000-character channel's key line whole"
check "channels: one key line per channel with a result" \
    "$(sqlite3 "$db" "SELECT count(*) FROM plot_channels")" \
    "$(texts "$tmp/long/channels.svg" | grep -v '^equal cost' | grep -c -e ' returned, ' -e 'returns nothing$' -e 'no run yet$' | awk '{ print $1 / 2 }')"

# the page: every plot of T/N1 inline, its names whole
"$ISOLAB" --db "$db" page --lesson T/N1 -o "$tmp/page.html" 2>"$tmp/err.txt"
check "page --lesson T/N1: exit 0, no note" "0:" "$?:$(grep -v 'stale\|^  \|: wrote ' "$tmp/err.txt")"
check "page: T/N1's four plots inline" 4 "$(grep -c '^<svg' "$tmp/page.html")"
has "$tmp/page.html" "bundle $bund" "page: the axes panel of the bundle named whole"
has "$tmp/page.html" "this lesson's: $chan (T/N1): $ret" "page: the channels key names a\"b,c whole"
has "$tmp/page.html" "$bund: $n mechanisms, open surface $o" "page: the frontier names the bundle whole"

finish
