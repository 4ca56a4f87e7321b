#!/bin/sh
# The plots hold up with data other than the lesson's: on the lesson's
# model, on models with 1, 6 and 8 channels (tests/models/six: one channel
# returning nothing, one with a 40-character name, two at the same cost),
# and for the axes plot under every channel, no text of an SVG overlaps
# another and none leaves the image (boxes estimated from font size and
# string length by tests/lib/svg_text_boxes.awk, itself tested first on texts
# that do overlap). The axes come in the course's order. Channels of the
# same returned count and cost are one point mark named for each of them,
# and no two marks overlap, in the plot and on the page
# (tests/lib/plot_marks.py, tested first on marks that do). Skips when
# gnuplot is not installed.
. "$(dirname "$0")/../lib/shlib.sh"

if ! command -v gnuplot >/dev/null 2>&1; then
    skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): plot layout tests not run"
fi

boxes() { LC_ALL=C awk -f tests/lib/svg_text_boxes.awk "$1" 2>/dev/null; }

# --- the checker finds what it should -------------------------------------------
cat >"$tmp/bad.svg" <<'EOF'
<svg
 viewBox="0 0 200 140"
>
	<g transform="translate(10,20)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="start">
		<text><tspan font-family="sans" >first label</tspan></text>
	</g>
	<g transform="translate(50,24)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="start">
		<text>second &amp; label</text>
	</g>
	<g transform="translate(10,60)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="start">
		<text>apart</text>
	</g>
	<g transform="translate(195,130)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="middle">
		<text>off the edge</text>
	</g>
	<g transform="translate(100,60) rotate(-45)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="end">
		<text>turned</text>
	</g>
	<g transform="translate(130,60) rotate(-45)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="end">
		<text>turned too</text>
	</g>
</svg>
EOF
check "the checker: overlapping texts, one off the edge; turned texts side by side do not count" \
    "overlap: first label | second & label|outside: off the edge" \
    "$(boxes "$tmp/bad.svg" | sed 's/&amp;/\&/' | tr '\n' '|' | sed 's/|$//')"

# the marks' checker: two series' marks on each other, each named for one
# channel of a place of two; a third mark apart, named for its own
cat >"$tmp/marks.svg" <<'EOF'
<svg>
	<g id="gnuplot_plot_1" ><title>a (L1): 6 %, 2 returned, 3.00 % per fact</title>
	<use xlink:href='#gpPt3' transform='translate(200.00,100.00) scale(7.65)' color='rgb(0, 0, 0)'/>
	</g>
	<g id="gnuplot_plot_2" ><title>b (L2): 6 %, 2 returned, 3.00 % per fact</title>
	<g transform="translate(126.75,619.45)" stroke="none" fill="black" font-family="sans" font-size="12.00"  text-anchor="start">
		<text>b (L2): 6 %, 2 returned, 3.00 % per fact</text>
	</g>
	<use xlink:href='#gpPt4' transform='translate(205.00,101.00) scale(7.65)' color='rgb(0, 0, 0)'/>
	<use xlink:href='#gpPt4' transform='translate(103.38,615.55) scale(7.65)' color='rgb(0, 0, 0)'/>
	</g>
	<g id="gnuplot_plot_3" ><title>this lesson's: c, d (L3): 1 %, 1 returned, 1.00 % per fact</title>
	<use xlink:href='#gpPt5' transform='translate(100.00,300.00) scale(7.65)' color='rgb(0, 0, 0)'/>
	</g>
</svg>
EOF
printf 'a\tL1\t2\t6.0\nb\tL2\t2\t6.0\nc\tL3\t1\t1.0\nd\tL3\t1\t1.0\n' >"$tmp/marks-rows.txt"
check "the marks' checker: a place drawn by no mark named for all, two strays on each other; the key's sample not a mark" \
    "unnamed: a (L1), b (L2) (0 marks)|stray: a (L1): 6 %, 2 returned, 3.00 % per fact|stray: b (L2): 6 %, 2 returned, 3.00 % per fact|overlap: a (L1): 6 %, 2 returned, 3.00 % per fact | b (L2): 6 %, 2 returned, 3.00 % per fact" \
    "$(python3 tests/lib/plot_marks.py "$tmp/marks.svg" "$tmp/marks-rows.txt" | tr '\n' '|' | sed 's/|$//')"

# svg_clean DIR LABEL : every SVG in DIR has no overlapping text and none outside
svg_clean() {
    for f in "$1"/*.svg; do
        out=$(boxes "$f")
        if [ -z "$out" ]; then ok "$2: $(basename "$f") has no overlapping text, none outside"
        else not_ok "$2: $(basename "$f") has no overlapping text, none outside"; echo "$out" | sed 's/^/    /'; fi
    done
}

# model DB SEED... : a database from the course's seeds plus SEEDs, with
# every run the plots read
model() {
    db=$1; shift
    "$ISOLAB" --db "$db" init >/dev/null || return 1
    for s; do "$ISOLAB" --db "$db" load "$s" >/dev/null || return 1; done
    "$ISOLAB" --db "$db" run >/dev/null && "$ISOLAB" --db "$db" sweep samples >/dev/null \
        && "$ISOLAB" --db "$db" sweep bundles >/dev/null
}

# --- the lesson, 6 channels, 8 channels --------------------------------------
model "$tmp/lesson.db"
check "the lesson's database" 0 $?
"$ISOLAB" --db "$tmp/lesson.db" plot --format svg -o "$tmp/lesson" >/dev/null
check "the lesson's plots" 0 $?
svg_clean "$tmp/lesson" "lesson"

model "$tmp/six.db" tests/models/six/100_six_channels.sql
check "the six-channel model's database" 0 $?
check "six channels, one returning nothing, one of 40 characters" "6|0|40" \
    "$(q "$tmp/six.db" "SELECT count(*), min(returned), max(length(channel)) FROM channel_comparison" | tr '|' '|')"
"$ISOLAB" --db "$tmp/six.db" plot --format svg -o "$tmp/six" >/dev/null
check "the six-channel model's plots" 0 $?
svg_clean "$tmp/six" "six channels"
grep -q 'whole-memory-snapshot-with-page-contents (T/P2): 80 %, 4 returned, 20.00 % per fact<' "$tmp/six/channels.svg" \
    && ok "six channels: the long name is drawn whole with its numbers" || not_ok "six channels: the long name is drawn whole with its numbers"
grep -q 'event-counters (T/P3): 1 %, returns nothing<' "$tmp/six/channels.svg" \
    && ok "six channels: the channel returning nothing is in the key" || not_ok "six channels: the channel returning nothing is in the key"

# the axes plot under each channel (plot --channel)
q "$tmp/six.db" "SELECT channel FROM lesson_channel ORDER BY ord" >"$tmp/channels.txt"
while read -r c; do
    "$ISOLAB" --db "$tmp/six.db" plot axes --channel "$c" --format svg -o "$tmp/axes/$c" >/dev/null 2>&1 \
        && mv "$tmp/axes/$c/axes.svg" "$tmp/axes/$c.svg"
done <"$tmp/channels.txt"
check "axes: one image per channel" 6 "$(ls "$tmp/axes"/*.svg | wc -l | tr -d ' ')"
svg_clean "$tmp/axes" "axes per channel"
check "axes: each image names its channel" 6 \
    "$(while read -r c; do grep -c "<title>.*with channel $c, per bundle.*</title>" "$tmp/axes/$c.svg"; done <"$tmp/channels.txt" | grep -c '^1$')"
check "axes: 100 % reached with the memory channel (resource under strict: 25 % -> 100 %)" 2 \
    "$(grep -c '25 % → 100 %' "$tmp/axes/whole-memory-snapshot-with-page-contents.svg")"

cat >"$tmp/two-more.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('T/P5', 'Plot test: more', 15);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('packet-capture-twin', 'T/P5', 6), ('sees-everything', 'T/P5', 100);
INSERT INTO channel_fact(channel, fact) SELECT 'packet-capture-twin', fact FROM channel_fact WHERE channel = 'packet-capture';
INSERT INTO channel_fact(channel, fact) SELECT 'sees-everything', name FROM fact;
EOF
model "$tmp/eight.db" tests/models/six/100_six_channels.sql "$tmp/two-more.sql"
check "the eight-channel model's database" 0 $?
"$ISOLAB" --db "$tmp/eight.db" plot channels axes --format svg -o "$tmp/eight" >/dev/null
check "the eight-channel model's plots" 0 $?
svg_clean "$tmp/eight" "eight channels"
# eight channels in the key: packet-capture-twin shares packet-capture's line
check "eight channels: seven key lines, one per mark (the twins share one)" 7 "$(grep -v '<title>' "$tmp/eight/channels.svg" | grep -c -e ' returned, ' -e 'returns nothing<')"

# --- channels of the same values: one mark, named for every one of them ---------
# (packet-capture-twin has packet-capture's cost and facts; sees-everything
# returns 14 facts, so the x axis spans 15 counts and points set
# side by side by a fixed fraction of a count would still cover each other.)
# rows DB [LESSON] : what the channels plot stands for, from
# channel_comparison (not plot_channels): channel, lesson, returned, cost
rows() {
    "$ISOLAB" --db "$1" export channel_comparison ${2:+--lesson "$2"} --format tsv | awk -F'\t' '
        NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["returned"] != "" { print $c["channel"] "\t" $c["lesson"] "\t" $c["returned"] "\t" $c["cost_pct"] }'
}
rows "$tmp/eight.db" >"$tmp/eight-rows.txt"
check "eight channels: two of them at one place (an independent count of channels sharing returned and cost)" \
    "packet-capture packet-capture-twin" \
    "$(awk -F'\t' '{ n[$3 " " $4]++; c[$3 " " $4] = c[$3 " " $4] " " $1 } END { for (k in n) if (n[k] > 1) print substr(c[k], 2) }' \
        "$tmp/eight-rows.txt")"
check "eight channels: one mark per place, named for every channel of it, no two marks overlapping" "" \
    "$(python3 tests/lib/plot_marks.py "$tmp/eight/channels.svg" "$tmp/eight-rows.txt")"
check "eight channels: the twins' key line names both" 1 \
    "$(grep -v '<title>' "$tmp/eight/channels.svg" | grep -c '>packet-capture (T/P4), packet-capture-twin (T/P5): 6 %, 2 returned, 3.00 % per fact<')"
check "eight channels: the CSV says so (mark, first_in_mark, mark_channels, mark_names)" \
    "packet-capture|1|2|packet-capture (T/P4), packet-capture-twin (T/P5) packet-capture-twin|0|2|packet-capture (T/P4), packet-capture-twin (T/P5)" \
    "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["channel"] ~ /^packet-capture/ {
        printf "%s%s|%s|%s|", s, $c["channel"], $c["first_in_mark"], $c["mark_channels"]; s = " "
        for (i = c["mark_names"]; i <= NF; i++) printf "%s%s", (i > c["mark_names"] ? "," : ""), $i }' "$tmp/eight/channels.csv" | tr -d '"')"
# the page draws the same: T/P5's channels plot, the twin its focus (the
# mark's second channel: the key line is still the lesson's)
cp "$tmp/eight.db" "$tmp/focus.db"
printf "INSERT INTO lesson_focus(lesson, bundle, channel) VALUES ('T/P5', 'strict', 'packet-capture-twin');\n" >"$tmp/focus.sql"
"$ISOLAB" --db "$tmp/focus.db" load "$tmp/focus.sql" >/dev/null 2>&1 && "$ISOLAB" --db "$tmp/focus.db" run >/dev/null 2>&1 \
    && "$ISOLAB" --db "$tmp/focus.db" page --lesson T/P5 -o "$tmp/eight.html" 2>/dev/null
check "eight channels, the page of T/P5 (the twin its focus)" 0 $?
rows "$tmp/focus.db" T/P5 >"$tmp/p5-rows.txt"
check "eight channels, the page: T/P5's channels plot, one mark per place, named for all, none overlapping" "" \
    "$(python3 tests/lib/plot_marks.py "$tmp/eight.html" "$tmp/p5-rows.txt" plot-T-P5-channels)"
check "eight channels, the page: the plot is there, the twins' mark this lesson's" "1 1" \
    "$(grep -c '<figure id="plot-T-P5-channels">' "$tmp/eight.html") $(grep -v '<title>' "$tmp/eight.html" | grep -c ">this lesson's: packet-capture (T/P4), packet-capture-twin (T/P5): 6 %, 2 returned, 3.00 % per fact<")"

mkdir -p "$tmp/one-seeds" && cp seeds/000_course_model.sql seeds/020_*.sql "$tmp/one-seeds/"
"$ISOLAB" --db "$tmp/one.db" init --seeds "$tmp/one-seeds" >/dev/null && "$ISOLAB" --db "$tmp/one.db" run >/dev/null \
    && "$ISOLAB" --db "$tmp/one.db" sweep bundles >/dev/null && "$ISOLAB" --db "$tmp/one.db" sweep samples >/dev/null
check "the one-channel model's database" 0 $?
"$ISOLAB" --db "$tmp/one.db" plot --format svg -o "$tmp/one" >/dev/null
check "the one-channel model's plots" 0 $?
svg_clean "$tmp/one" "one channel"

# --- the axes in the course's order --------------------------------------------
want=$(q "$tmp/six.db" "SELECT axis FROM fact GROUP BY axis ORDER BY min(position)" | tr '\n' ' ')
got=$(sed -n 's|^\t\t<text>\([a-z-]*\)</text>$|\1|p' "$tmp/six/axes.svg" \
      | awk -v w="$want" 'BEGIN { n = split(w, a, " "); for (i = 1; i <= n; i++) is[a[i]] = 1 } is[$0] { printf "%s ", $0 }')
check "axes: the x axis lists the axes by their first fact's position" "$want" "$got"

finish
