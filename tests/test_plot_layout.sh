#!/bin/sh
# The plots hold up with data other than the lesson's: on the lesson's
# model, on models with 1, 6 and 8 channels (tests/models/six: one channel
# returning nothing, one with a 40-character name, two at the same cost),
# and for the axes plot under every channel, no text of an SVG overlaps
# another and none leaves the image (boxes estimated from font size and
# string length by tests/svg_text_boxes.awk, itself tested first on texts
# that do overlap). The axes come in the course's order. Skips when
# gnuplot is not installed.
. "$(dirname "$0")/shlib.sh"

if ! command -v gnuplot >/dev/null 2>&1; then
    skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): plot layout tests not run"
fi

boxes() { LC_ALL=C awk -f tests/svg_text_boxes.awk "$1" 2>/dev/null; }

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
check "eight channels: eight key lines" 8 "$(grep -v '<title>' "$tmp/eight/channels.svg" | grep -c -e ' returned, ' -e 'returns nothing<')"

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
