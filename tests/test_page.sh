#!/bin/sh
# 'isolab page' in a real browser: headless Chromium loads the page, and the
# text of every table and of every lesson's preformatted tables, read back
# from the DOM Chromium built, equals the rows the sqlite3 shell prints for
# the saved query behind it. The page is self-contained (no script, nothing
# fetched), escapes hostile names, lists every lesson of the lesson table,
# keeps to the lessons asked for, survives a missing gnuplot, and is
# screenshot at desktop and phone widths (PAGE_SHOTS=DIR keeps the images).
# Skips when Chromium is missing, unless CI=true.
. "$(dirname "$0")/shlib.sh"

browser=$(command -v chromium || command -v chromium-browser) \
    || skip_suite "chromium is not installed (tools/deps.sh page installs it): page tests not run"
gnuplot_ok=1
command -v gnuplot >/dev/null 2>&1 || gnuplot_ok=0

# headless Chromium, as root too (no sandbox), quiet
chrome() { "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars "$@" 2>/dev/null; }

db=$tmp/page.db
fresh_db "$db" && "$ISOLAB" --db "$db" sweep bundles >/dev/null
check "database with the lesson's runs, a check and a bundles sweep" 0 $?
# a lesson whose names would be markup if they were not escaped
cat >"$tmp/hostile.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('T/<i>', '<script>alert(1)</script> & "Co" ''s', 9);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('c<b>&amp;', 'T/<i>', 7);
INSERT INTO channel_fact(channel, fact) VALUES ('c<b>&amp;', 'hostname');
EOF
# (the model changed: the lesson's runs and sweeps again, so all is current)
"$ISOLAB" --db "$db" load "$tmp/hostile.sql" >/dev/null && "$ISOLAB" --db "$db" lesson >/dev/null 2>&1 \
    && "$ISOLAB" --db "$db" sweep bundles >/dev/null
check "the hostile lesson loaded, every result current again" "0 0" "$? $(q "$db" "SELECT count(*) FROM stale_result")"
"$ISOLAB" --db "$db" page -o "$tmp/page.html" 2>"$tmp/err.txt"
check "page -o FILE: exit 0" "0:" "$?:$(cat "$tmp/err.txt")"

# --- self-contained ------------------------------------------------------------
check "no script, no link, no src, no import, nothing fetched" 0 \
    "$(grep -c -i -e '<script' -e '<link' -e ' src=' -e '@import' -e 'url(http' -e 'href="http' "$tmp/page.html")"
check "one section per lesson of the lesson table" "$(q "$db" "SELECT count(*) FROM lesson")" \
    "$(grep -c '^<section id="lesson-' "$tmp/page.html")"
if [ "$gnuplot_ok" = 1 ]; then
    check "the four plots inline" 4 "$(grep -c '^<svg' "$tmp/page.html")"
    check "ids unique across the inline plots" "" \
        "$(grep -o " id=['\"][^'\"]*['\"]" "$tmp/page.html" | sort | uniq -d | head -3)"
fi

# --- what Chromium reads --------------------------------------------------------
chrome --dump-dom "file://$tmp/page.html" >"$tmp/dom.html"
[ -s "$tmp/dom.html" ] && ok "Chromium loads the page" || not_ok "Chromium loads the page"
check "the hostile title is text, not an element" "0 1" \
    "$(grep -c '<script' "$tmp/dom.html") $(grep -c '&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Co" .s</h2>' "$tmp/dom.html")"

# Every table and preformatted block of the DOM as lines "SECTION|VIEW|cells
# joined by |" (a table row) or "SECTION|VIEW|line" (a line of a <pre>).
awk '
function text(s) {
    gsub(/<[^>]*>/, "", s)
    gsub(/&lt;/, "<", s); gsub(/&gt;/, ">", s); gsub(/&quot;/, "\"", s); gsub(/&#39;/, "\047", s)
    gsub(/&nbsp;/, " ", s); gsub(/&amp;/, "\\&", s)
    return s
}
/<section id="/ { match($0, /<section id="[^"]*"/); sec = substr($0, RSTART + 13, RLENGTH - 14) }
/<table[^>]* data-view="/ { match($0, /data-view="[^"]*"/); view = substr($0, RSTART + 11, RLENGTH - 12) }
/<tr>/ && /<td/ {
    row = $0
    sub(/^.*<tr>/, "", row); sub(/<\/tr>.*$/, "", row)
    n = split(row, cells, /<\/td>/)
    out = sec "|" view
    for (i = 1; i < n; i++) out = out "|" text(cells[i])
    print out
}
/<pre[^>]* data-view="/ {
    match($0, /data-view="[^"]*"/); pview = substr($0, RSTART + 11, RLENGTH - 12)
    line = $0; sub(/^.*<pre[^>]*>/, "", line); inpre = 1
}
inpre && !/<pre[^>]* data-view="/ { line = $0 }
inpre {
    done = sub(/<\/pre>.*$/, "", line)
    if (!done || line != "") print sec "|" pview "|" text(line)
    if (done) inpre = 0
}
' "$tmp/dom.html" >"$tmp/got.txt"

# the same from the sqlite3 shell, for the columns the page shows
: >"$tmp/want.txt"
q "$db" "SELECT lesson FROM page_lessons" >"$tmp/lessons.txt"
while read -r code; do
    sec=lesson-$(printf '%s' "$code" | sed 's/[^A-Za-z0-9]/-/g')
    qc=$(printf '%s' "$code" | sed "s/'/''/g")
    q "$db" "SELECT line FROM lesson_report WHERE lesson = '$qc'" | sed "s#^#$sec|lesson_report|#" >>"$tmp/want.txt"
    sqlite3 -batch -noheader -separator '|' -cmd 'PRAGMA trusted_schema = OFF' "$db" \
        "SELECT claim, statement, outcome, expected, actual, reason FROM page_claims WHERE lesson = '$qc'" \
        | sed "s#^#$sec|page_claims|#" >>"$tmp/want.txt"
done <"$tmp/lessons.txt"
for v in channel_comparison page_runs; do
    sec=comparison; [ "$v" = page_runs ] && sec=runs
    sqlite3 -batch -noheader -separator '|' -cmd 'PRAGMA trusted_schema = OFF' "$db" "SELECT * FROM $v" \
        | sed "s#^#$sec|$v|#" >>"$tmp/want.txt"
done
if cmp -s "$tmp/want.txt" "$tmp/got.txt"; then
    ok "every table's rendered text equals its saved query's rows ($(wc -l <"$tmp/want.txt" | tr -d ' ') rows)"
else
    not_ok "every table's rendered text equals its saved query's rows"
    diff "$tmp/want.txt" "$tmp/got.txt" | head -10 | sed 's/^/    /'
fi
check "the lesson's 43 claims, the lesson's tables line for line" "43 $(q "$db" "SELECT count(*) FROM lesson_report WHERE lesson = 'M03/K05'")" \
    "$(grep -c '^lesson-M03-K05|page_claims|' "$tmp/got.txt") $(grep -c '^lesson-M03-K05|lesson_report|' "$tmp/got.txt")"
check "runs: the latest finished run of each kind, with digest and time" \
    "$(q "$db" "SELECT max(id) || '|' || kind FROM run WHERE status = 'done' GROUP BY kind ORDER BY max(id)" | tr '\n' ' ')" \
    "$(grep '^runs|page_runs|' "$tmp/got.txt" | awk -F'|' '$6 ~ /^[0-9a-f]+$/ && $5 ~ /^20/ { printf "%s|%s ", $3, $4 }')"

# --- screenshots ----------------------------------------------------------------
shots=${PAGE_SHOTS:-$tmp}
mkdir -p "$shots"
"$ISOLAB" --db "$db" page --lesson M03/K05 -o "$tmp/k05.html"
chrome --screenshot="$shots/page-desktop.png" --window-size=1280,2000 "file://$tmp/k05.html" >/dev/null
chrome --screenshot="$shots/page-phone.png" --window-size=390,2400 "file://$tmp/k05.html" >/dev/null
width() { od -An -tu1 -j16 -N4 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }'; }
check "screenshots at desktop and phone widths" "1280 390" "$(width "$shots/page-desktop.png") $(width "$shots/page-phone.png")"

# --- lessons asked for, failures ------------------------------------------------
check "--lesson M03/K05: that lesson's section alone" "lesson-M03-K05" \
    "$(sed -n 's/^<section id="\(lesson-[^"]*\)".*/\1/p' "$tmp/k05.html" | tr '\n' ' ' | sed 's/ $//')"
check "--lesson M03/K05: the comparison keeps its channels" 1 \
    "$(grep -c '<td class="" data-label="channel">sampling-profile</td>' "$tmp/k05.html")"
"$ISOLAB" --db "$db" page --lesson M03/K99 -o "$tmp/none.html" 2>"$tmp/err.txt"
check "an unknown lesson: exit 3, named, nothing written" "3 1 0" \
    "$? $(grep -c "has no lesson 'M03/K99'" "$tmp/err.txt") $(ls "$tmp" | grep -c none.html)"
"$ISOLAB" --db "$db" page >"$tmp/stdout.html" 2>/dev/null
check "no -o: the page on stdout" "0 1" "$? $(grep -c '^</html>$' "$tmp/stdout.html")"
PATH=/nonexistent "$ISOLAB" --db "$db" page -o "$tmp/noplot.html" 2>"$tmp/err.txt"
check "gnuplot missing: exit 0, each plot left out with a note" "0 4 4" \
    "$? $(grep -c 'plot is left out: gnuplot is not installed' "$tmp/err.txt") $(grep -c 'plot could not be drawn' "$tmp/noplot.html")"
"$ISOLAB" --db "$db" page -o /nonexistent/dir/page.html 2>"$tmp/err.txt"
check "an unwritable file: exit 7" 7 $?

finish
