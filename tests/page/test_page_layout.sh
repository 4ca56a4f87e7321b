#!/bin/sh
# 'isolab page' laid out by a real browser: headless Chromium lays the page
# out at 1280 and 390 CSS pixels wide (in an iframe of that width, since a
# headless window is never narrower than 500), and a measuring script
# (tests/lib/page_layout.js, added to a copy of the page: the page itself has
# none) reports from the DOM: any element past the viewport's edge that is
# not inside a box that scrolls, a table cell or plot cut at the edge of
# its scroll box with no scroll cue there, two text boxes of one SVG overlapping, a
# point mark overlapping another mark or a text, a text or mark past its
# SVG's own edge, a plot's text under 10 px high on a phone (at 390: the
# page shows a plot at its own size there, in a box that scrolls), a
# number with more than four decimals. The measure is tested first on a page with one of each.
# Run on the shipped course and on a course of eight lessons
# (tests/models/eight: a channel returning nothing, a 38-character name,
# a bundles sweep), whose page must stay under 1.5 MB. Screenshots of both
# widths go to PAGE_SHOTS=DIR when set (make page-screenshot: docs/).
# Skips when Chromium is missing, unless CI=true.
. "$(dirname "$0")/../lib/shlib.sh"

browser=$(command -v chromium || command -v chromium-browser) \
    || skip_suite "chromium is not installed (tools/deps.sh page installs it): page layout tests not run"
command -v gnuplot >/dev/null 2>&1 \
    || skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): page layout tests not run"
js=$root/tests/lib/page_layout.js

# chrome ARGS... : headless Chromium with its own empty profile, quiet
chrome() {
    profile=$(mktemp -d "$tmp/profile.XXXXXX")
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
        --allow-file-access-from-files --user-data-dir="$profile" "$@" 2>/dev/null
}

# frame PAGE WIDTH SCRIPT : DIR/frame-WIDTH.html, the page in an iframe WIDTH
# wide, with the measuring script added to its copy when SCRIPT is 1
frame() {
    d=$(dirname "$1"); b=$(basename "$1" .html)
    sed '/^<\/body>$/,$d' "$1" >"$d/$b-in-$2.html"
    [ "$3" = 1 ] && { printf '<script>\n'; cat "$js"; printf '</script>\n'; } >>"$d/$b-in-$2.html"
    printf '</body>\n</html>\n' >>"$d/$b-in-$2.html"
    printf '<!DOCTYPE html><html><body style="margin:0"><iframe src="%s" width="%s" height="%s" style="border:0;display:block"></iframe></body></html>\n' \
        "$b-in-$2.html" "$2" "${4:-900}" >"$d/$b-frame-$2.html"
    echo "$d/$b-frame-$2.html"
}

# measure PAGE WIDTH : the findings of page_layout.js, one a line
measure() {
    f=$(frame "$1" "$2" 1)
    chrome --window-size=1400,900 --virtual-time-budget=20000 --dump-dom "file://$f" \
        | sed -n '/<pre id="layout-report">/,/<\/pre>/p' | sed 's/<pre id="layout-report">//; s/<\/pre>.*//' | sed '/^$/d'
}

# clean PAGE LABEL : at both widths, the viewport as wide as asked and
# nothing found
clean() {
    for w in 1280 390; do
        measure "$1" "$w" >"$tmp/found.txt"
        check "$2 at $w px: laid out $w wide" "viewport $w" "$(head -1 "$tmp/found.txt")"
        n=$(sed 1d "$tmp/found.txt" | wc -l | tr -d ' ')
        if [ "$n" = 0 ]; then
            ok "$2 at $w px: nothing outside the viewport or a scroll box, nothing cut without a cue, no overlap, no plot text under 10 px on a phone, no long decimals"
        else
            not_ok "$2 at $w px: nothing outside the viewport or a scroll box, nothing cut without a cue, no overlap, no plot text under 10 px on a phone, no long decimals ($n found)"
            sed 1d "$tmp/found.txt" | head -8 | sed 's/^/    /'
        fi
    done
}

# --- the measure finds what it should ------------------------------------------
cat >"$tmp/bad.html" <<'EOF2'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body{margin:0}</style></head><body>
<p>costs 5.666666 points</p>
<div class="wide" style="width:2000px">too wide</div>
<div style="overflow-x:auto"><div style="width:2000px">wide but scrolls</div></div>
<figure id="plot-bad"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 300 100" width="300" height="100">
<defs><path id="pt" d="M-5,-5 h10 v10 h-10 z"/></defs>
<text x="10" y="20" font-size="12">first label</text><text x="40" y="24" font-size="12">second label</text>
<use xlink:href="#pt" transform="translate(200,50)"/><use xlink:href="#pt" transform="translate(204,52)"/>
<use xlink:href="#pt" transform="translate(100,80)"/><text x="95" y="84" font-size="12">under</text>
<text x="10" y="80" font-size="12">apart</text><use xlink:href="#pt" transform="translate(280,20)"/>
<text x="250" y="98" font-size="12">past the edge</text><text x="150" y="62" font-size="9.5">small</text>
<text x="120" y="40" font-size="12">10<tspan font-size="9.6" dy="-6">2</tspan></text>
</svg></figure>
</body></html>
EOF2
measure "$tmp/bad.html" 390 >"$tmp/bad.txt"
check "the measure: one element outside, two texts, a mark on a mark, a mark on a text, text under 10 px, a text past its SVG's edge, a long decimal" \
    "viewport 390|outside: div.wide|text-overlap: plot-bad: first label | second label|mark-overlap|mark-overlap: plot-bad: mark #pt | text under|small-text: plot-bad: small (9.5 px)|small-text: plot-bad: 2 (9.6 px)|clipped: plot-bad: text past the edge|decimals: 5.666666" \
    "$(sed 's/^\(outside: div.wide\).*/\1/; s/^\(mark-overlap: plot-bad: mark #pt\) @.*/mark-overlap/' "$tmp/bad.txt" | tr '\n' '|' | sed 's/|$//')"

# a cell cut at the edge of its scroll box is found, unless the box shows a cue
cat >"$tmp/cut.html" <<'EOF2'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body{margin:0}td div{width:300px}
.cue{background:linear-gradient(to left,rgba(0,0,0,.3),transparent) right/1rem 100% no-repeat}</style></head><body>
<div style="overflow-x:auto"><table id="bare"><tr><td><div>key</div></td><td><div>a</div></td><td><div>b</div></td></tr></table></div>
<div class="cue" style="overflow-x:auto"><table id="cued"><tr><td><div>key</div></td><td><div>c</div></td><td><div>d</div></td></tr></table></div>
</body></html>
EOF2
measure "$tmp/cut.html" 390 >"$tmp/cut.txt"
check "the measure: cells cut in a scroll box without a cue, none in one with a cue" "viewport 390|cut: td \"a\"|cut: td \"b\"" \
    "$(sed 's/ \[.*//' "$tmp/cut.txt" | tr '\n' '|' | sed 's/|$//')"

# a sticky cell painting over its collapsed borders is found; one whose
# background stops at its padding (the page's rule) is not
cat >"$tmp/sticky.html" <<'EOF2'
<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>body{margin:0}table{border-collapse:collapse}td{border:1px solid #bbb}
td:first-child{position:sticky;left:0;background:#fff}#clipped td:first-child{background-clip:padding-box}</style></head><body>
<table id="over"><tr><td>over</td><td>x</td></tr></table>
<table id="clipped"><tr><td>clipped</td><td>y</td></tr></table>
</body></html>
EOF2
measure "$tmp/sticky.html" 390 >"$tmp/sticky.txt"
check "the measure: a sticky cell covering its collapsed borders, none with its background at its padding" \
    'viewport 390|covered: td "over"' "$(tr '\n' '|' <"$tmp/sticky.txt" | sed 's/|$//')"

# --- the shipped course and a course of eight lessons --------------------------
db=$tmp/course.db
fresh_db "$db" && "$ISOLAB" --db "$db" sweep bundles >/dev/null \
    && "$ISOLAB" --db "$db" page -o "$tmp/course.html" 2>"$tmp/err.txt"
check "the shipped course's page" "0:" "$?:$(grep -v '^isolab page: wrote ' "$tmp/err.txt")"
focus=$(q "$db" "SELECT lesson FROM current_focus")
check "the contents: the lesson in focus first, then the words; the model one click away" \
    "$focus|#lesson-$(printf '%s' "$focus" | tr '/' '-')|#words|#model" \
    "$focus|$(sed -n '/^<nav>/,/<\/nav>/p' "$tmp/course.html" | grep -o 'href="#[^"]*"' | sed 's/href="//; s/"$//' \
        | sed -n '1p;2p;/^#model$/p' | tr '\n' '|' | sed 's/|$//')"
clean "$tmp/course.html" "the shipped course"

eight=$tmp/eight.db
"$ISOLAB" --db "$eight" init >/dev/null && "$ISOLAB" --db "$eight" load tests/models/eight/100_eight_lessons.sql >/dev/null \
    && "$ISOLAB" --db "$eight" lesson --all >/dev/null 2>&1 && "$ISOLAB" --db "$eight" sweep bundles >/dev/null
check "the eight-lesson course: 8 lessons, one channel returning nothing, a 38-character name" "8|0|38" \
    "$(q "$eight" "SELECT (SELECT count(*) FROM lesson), min(returned), max(length(channel)) FROM channel_comparison")"
"$ISOLAB" --db "$eight" page -o "$tmp/eight.html" 2>"$tmp/err.txt"
check "the eight-lesson course's page" "0:" "$?:$(grep -v '^isolab page: wrote ' "$tmp/err.txt")"
check "eight lessons, each with its four plots" "8 32" \
    "$(grep -c '^<section id="lesson-' "$tmp/eight.html") $(grep -c '^<svg' "$tmp/eight.html")"
size=$(wc -c <"$tmp/eight.html" | tr -d ' ')
[ "$size" -le 1500000 ] && ok "the eight-lesson page: at most 1.5 MB ($size bytes)" \
    || not_ok "the eight-lesson page: at most 1.5 MB ($size bytes)"
clean "$tmp/eight.html" "the eight-lesson course"

# --- the kernel beside the model, where a probe can run (root, namespaces) ----------
if [ "$(id -u)" = 0 ] && unshare --user --map-root-user --pid --fork --mount --net --uts true 2>/dev/null; then
    cp "$db" "$tmp/probed.db"
    "$ISOLAB" --db "$tmp/probed.db" probe --bundle plain --bundle common --bundle strict >/dev/null 2>&1 \
        && "$ISOLAB" --db "$tmp/probed.db" page -o "$tmp/probed.html" 2>/dev/null
    check "the probed course's page: a matrix per lesson" "$(q "$db" "SELECT count(*) FROM lesson")" \
        "$(grep -c '<table class="kernel">' "$tmp/probed.html")"
    clean "$tmp/probed.html" "the probed course"
else
    echo "skip - the probed course's page: a probe needs root and namespaces"
fi

# --- screenshots ----------------------------------------------------------------
if [ -n "${PAGE_SHOTS:-}" ]; then
    mkdir -p "$PAGE_SHOTS" "$tmp/shot" && cp "$db" "$tmp/shot/isolab.db"
    (cd "$tmp/shot" && "$ISOLAB" --db isolab.db page --lesson M03/K05 -o "$tmp/k05.html")
    f=$(frame "$tmp/k05.html" 1280 0 3000) && chrome --window-size=1280,3000 --screenshot="$PAGE_SHOTS/page.png" "file://$f" >/dev/null
    f=$(frame "$tmp/k05.html" 390 0 2600) && chrome --window-size=390,2600 --screenshot="$PAGE_SHOTS/page-phone.png" "file://$f" >/dev/null
    width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
    check "screenshots 1280 and 390 px wide" "1280 390" "$(width "$PAGE_SHOTS/page.png") $(width "$PAGE_SHOTS/page-phone.png")"
fi

finish
