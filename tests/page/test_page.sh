#!/bin/sh
# 'isolab page' in a real browser: headless Chromium loads the page, and
# every table read back from the DOM Chromium built equals the rows of the
# saved query behind it, as python3's sqlite3 reads them: the columns
# headed by column_label's label and unit, numbers rounded to its digits
# (at most four decimals otherwise), each lesson's rows under its own
# section; each lesson's text in <details> is what 'isolab lesson CODE'
# prints, byte for byte. The page is self-contained (no script, nothing
# fetched), escapes hostile names, lists every lesson of the lesson table,
# says what to run where a result is missing, keeps to the lessons asked
# for, and survives a missing gnuplot. (tests/page/test_page_layout.sh checks
# the layout.) Skips when Chromium is missing, unless CI=true.
. "$(dirname "$0")/../lib/shlib.sh"

browser=$(command -v chromium || command -v chromium-browser) \
    || skip_suite "chromium is not installed (tools/deps.sh page installs it): page tests not run"
gnuplot_ok=1
command -v gnuplot >/dev/null 2>&1 || gnuplot_ok=0

# headless Chromium, as root too (no sandbox), quiet
chrome() {
    "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
        --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" \
        "$@" 2>/dev/null
}

db=$tmp/page.db
fresh_db "$db" && "$ISOLAB" --db "$db" sweep bundles >/dev/null
check "database with the lesson's runs, a check and a bundles sweep" 0 $?
# a lesson whose names would be markup if they were not escaped
cat >"$tmp/hostile.sql" <<'EOF'
INSERT INTO lesson(code, title, position) VALUES ('T/<i>', '<script>alert(1)</script> & "Co" ''s', 9);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('c<b>&amp;', 'T/<i>', 7);
INSERT INTO channel_fact(channel, fact) VALUES ('c<b>&amp;', 'hostname');
EOF
# (the model changed: the lessons' runs and sweeps again, so all is current)
"$ISOLAB" --db "$db" load "$tmp/hostile.sql" >/dev/null && "$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1 \
    && "$ISOLAB" --db "$db" sweep bundles >/dev/null
check "the hostile lesson loaded, every result current again" "0 0" "$? $(q "$db" "SELECT count(*) FROM stale_result")"
"$ISOLAB" --db "$db" page -o "$tmp/page.html" 2>"$tmp/err.txt"
# (page -o's one line on stderr says what it wrote; nothing else)
check "page -o FILE: exit 0" "0:" "$?:$(grep -v '^isolab page: wrote ' "$tmp/err.txt")"

# --- self-contained ------------------------------------------------------------
check "no script, no link, no src, no import, nothing fetched" 0 \
    "$(grep -c -i -e '<script' -e '<link' -e ' src=' -e '@import' -e 'url(http' -e 'href="http' "$tmp/page.html")"
check "one section per lesson of the lesson table" "$(q "$db" "SELECT count(*) FROM lesson")" \
    "$(grep -c '^<section id="lesson-' "$tmp/page.html")"
if [ "$gnuplot_ok" = 1 ]; then
    check "each lesson with a focus: its four plots inline" 8 "$(grep -c '^<svg' "$tmp/page.html")"
    check "ids unique across the inline plots" "" \
        "$(grep -o " id=['\"][^'\"]*['\"]" "$tmp/page.html" | sort | uniq -d | head -3)"
    # gnuplot's SVG defines every point symbol and filter of its terminal and
    # closes and reopens its style group around each line: the page keeps
    # only the definitions a plot uses and draws each run of one style in one
    # group (the look is the same: nothing drawn changes)
    check "each plot defines only what it uses, and no group ends only to open again the same" "" \
        "$(python3 - "$tmp/page.html" <<'PY'
import re, sys
for svg in re.findall(r'<svg.*?</svg>', open(sys.argv[1]).read(), re.S):
    defs = re.search(r'<defs>.*?</defs>', svg, re.S)
    rest = svg[:defs.start()] + svg[defs.end():] if defs else svg
    used = set(re.findall(r"(?:href=['\"]#|url\(#)([^'\")]+)", rest))
    made = {}  # a definition made from another: id -> the other's
    for line in (defs.group(0) if defs else '').split('\n'):
        i, ref = re.search(r" id='([^']+)'", line), re.search(r"href='#([^']+)'", line)
        if i and ref: made[i.group(1)] = ref.group(1)
    for _ in made: used |= {made[i] for i in used if i in made}
    for i in re.findall(r"<[a-z]+ [^>]*?id='([^']+)'", defs.group(0) if defs else ''):
        if i not in used: print("unused definition", i)
    stack = []
    for m in re.finditer(r'<g\b[^>]*>|</g>\s*', svg):
        t = m.group(0)
        if t.startswith('</g>'):
            top = stack.pop()
            if svg.startswith(top, m.end()) and 'id=' not in top: print("reopened", top[:60])
        elif not t.endswith('/>'): stack.append(t)
PY
)"
    # The page's gnuplot draws every plot of every lesson, one after the
    # other: each inline plot is the image a gnuplot of its own draws
    # ('isolab plot NAME --lesson CODE --format svg', one plot), laid out as
    # the page lays out an SVG (lines unindented, empty groups left out,
    # ids prefixed with the plot's figure id, the definitions no mark uses
    # left out, a group that closes only to open again the same kept open:
    # done here again from that description, not with the page's code).
    if command -v python3 >/dev/null 2>&1; then
        q "$db" "SELECT lesson FROM page_lessons" | while read -r code; do
            for p in channels samples axes frontier; do
                "$ISOLAB" --db "$db" plot "$p" --lesson "$code" --format svg -o "$tmp/alone/$code" >/dev/null 2>&1
            done
        done
        check "each inline plot: the image drawn by a gnuplot of its own" "8 same" "$(python3 - "$tmp/page.html" "$tmp/alone" "$db" <<'PY'
import re, sqlite3, sys
page, alone, db = open(sys.argv[1], encoding='utf-8').read(), sys.argv[2], sys.argv[3]
codes = {re.sub('[^A-Za-z0-9]', '-', r[0]): r[0] for r in sqlite3.connect(db).execute('SELECT lesson FROM page_lessons')}
def used_defs(svg):
    d = svg.find('<defs>'); e = svg.find('</defs>', d) if d >= 0 else -1
    nl = svg.find('\n', d, e) if e >= 0 else -1
    if nl < 0: return svg
    items, p = [], nl + 1
    while p < e and len(items) < 64:
        q = svg.find('\n', p, e); end = q + 1 if q >= 0 else e
        if e - p > 8 and svg.startswith('<filter ', p):
            f = svg.find('</filter>\n', p, e); end = f + 10 if f >= 0 else e
        seg = svg[p:end]
        if " id='" in seg:
            i = seg[seg.index(" id='") + 5:].split("'")[0]
            ref = seg[seg.index("href='#") + 7:].split("'")[0] if "href='#" in seg else None
            used = any(svg[k + 1:k + 1 + len(i)] == i and svg[k + 1 + len(i):k + 2 + len(i)] in ("'", '"', ')')
                       for k in (x.start() for x in re.finditer('#', svg)) if not d <= k < e)
            items.append([p, end, i, ref, used])
        p = end
    if len(items) == 64: return svg
    for _ in items:
        for it in items:
            if it[4] and it[3]:
                for other in items:
                    if other[2] == it[3]: other[4] = True
    out, frm = [], 0
    for p, end, i, ref, used in items:
        if not used: out.append(svg[frm:p]); frm = end
    return ''.join(out) + svg[frm:]
NUMERIC = {'d', 'points', 'transform', 'x', 'y', 'width', 'height', 'r', 'cx', 'cy', 'stroke-width', 'font-size',
           'fill-opacity', 'stroke-opacity', 'opacity', 'stroke-dasharray', 'viewBox'}
def tight(svg):
    # inside each tag: blanks between attributes one space, none around '='
    # nor before the end; none at a value's end; in a numeric value a
    # decimal without its trailing zeros; SVG's default linecap and
    # linejoin left out where the SVG sets no other
    drop = [a for a, v in (('stroke-linecap', 'butt'), ('stroke-linejoin', 'miter'))
            if svg.count(a + '=') == svg.count('%s="%s"' % (a, v))]
    def value(name, q, v):
        v = v.rstrip(' ')
        if name in NUMERIC:
            v = re.sub(r'(\d+)\.(\d*)(?![\deE])', lambda n: n.group(1) + ('.' + n.group(2).rstrip('0') if n.group(2).rstrip('0') else ''), v)
        return '%s=%s%s%s' % (name, q, v, q)
    def tag(t):
        t = t.group(0)
        for a in drop: t = re.sub(r'[ \t]+%s="%s"' % (a, {'stroke-linecap': 'butt', 'stroke-linejoin': 'miter'}[a]), '', t)
        parts = re.split(r"""([\w:-]+[ \t]*=[ \t]*(?:'[^']*'|"[^"]*"))""", t)
        out = ''
        for i, p in enumerate(parts):
            if i % 2:
                name, rest = p.split('=', 1)
                rest = rest.strip(' \t')
                out += value(name.strip(' \t'), rest[0], rest[1:-1])
            else:
                p = re.sub(r' (?=\n)|(?<=\n) ', '', re.sub(r'[ \t]+', ' ', p))
                p = re.sub(r' (?=[>/])', '', p) if i + 1 == len(parts) else p
                out += p
        return out
    return re.sub(r'<[^!?][^>]*>', tag, svg)
def merged(svg):
    out, stack, i, frm, n = [], [], 0, 0, len(svg)
    while i < n:
        if svg.startswith('<g ', i) or svg.startswith('<g>', i):
            gt = svg.find('>', i)
            if gt < 0: break
            if svg[gt - 1] != '/': stack.append(svg[i:gt + 1])
            i = gt + 1
        elif stack and svg.startswith('</g>', i):
            j = i + 4
            while j < n and svg[j] in '\n \t': j += 1
            top = stack[-1]
            if svg.startswith(top, j) and not any(w in top for w in ('id=', 'opacity', 'filter', 'clip-path', 'mask')):
                out += [svg[frm:i], svg[i + 4:j]]; frm = i = j + len(top)
            else:
                stack.pop(); i += 4
        else:
            i += 1
    return ''.join(out) + svg[frm:]
n, bad = 0, []
for m in re.finditer(r'<figure id="plot-([^"]*)-([a-z]+)">\n<div class="plot">\n(<svg.*?</svg>\n+)</div>', page, re.S):
    lesson, plot, inline = codes[m.group(1)], m.group(2), m.group(3)
    own = open('%s/%s/%s.svg' % (alone, lesson, plot), encoding='utf-8').read()
    own = own[own.index('<svg'):]
    raw, kept, i = own.splitlines(True), [], 0
    while i < len(raw):
        l = raw[i].lstrip(' \t')
        if len(l) > 4 and l.startswith('<g ') and l.endswith('>\n') and raw[i + 1:i + 2] == ['</g>\n']: i += 2
        else: kept.append(l); i += 1
    want = re.sub(r'<[^!?][^>]*>', lambda t: re.sub(r'''(id='|id="|href='#|href="#|url\(#)''',
                  lambda r: r.group(1) + m.group(1) + '-' + plot + '-', t.group(0)), tight(''.join(kept)))
    want = merged(used_defs(want))
    n += 1
    if want != inline: bad.append('%s %s' % (lesson, plot))
print(n, ' '.join(bad) or 'same')
PY
)"
    fi
fi

# --- what Chromium reads --------------------------------------------------------
chrome --dump-dom "file://$tmp/page.html" >"$tmp/dom.html"
[ -s "$tmp/dom.html" ] && ok "Chromium loads the page" || not_ok "Chromium loads the page"
check "the hostile title is text, not an element" "0 1" \
    "$(grep -c '<script' "$tmp/dom.html") $(grep -c '&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Co" .s</h2>' "$tmp/dom.html")"

# Every table of the DOM against its saved query, and every lesson's text
# against 'isolab lesson CODE' (python3 reads both; sqlite3 the rows).
q "$db" "SELECT lesson FROM page_lessons" >"$tmp/lessons.txt"
: >"$tmp/text-want.txt"
while read -r code; do
    printf '%s\n' "$code" >>"$tmp/text-want.txt"
done <"$tmp/lessons.txt"
if ! command -v python3 >/dev/null 2>&1; then
    echo "skip - python3 is not installed: the tables are not compared with their queries"
else
    python3 - "$db" "$tmp/dom.html" >"$tmp/tables.txt" 2>&1 <<'PY'
import html.parser, re, sqlite3, sys
db, dom = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
con.execute('PRAGMA trusted_schema = OFF')

class Page(html.parser.HTMLParser):
    """The tables (section, view, header texts, rows of cell texts) and the
    <pre> texts (section, view, text) of the page."""
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.pres, self.section, self.cell, self.pre = [], [], None, None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'section': self.section = a.get('id')
        elif tag == 'table': self.tables.append((self.section, a.get('data-view'), [], []))
        elif tag == 'tr': self.row = []
        elif tag in ('td', 'th'): self.cell = ''
        elif tag == 'pre' and a.get('data-view'): self.pre = ''
    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cell is not None:
            self.row.append(self.cell); self.cell = None
        elif tag == 'tr' and self.tables:
            t = self.tables[-1]
            (t[2] if not t[2] else t[3]).append(self.row)
        elif tag == 'pre' and self.pre is not None:
            self.pres.append((self.section, self.pre)); self.pre = None
    def handle_data(self, data):
        if self.cell is not None: self.cell += data
        if self.pre is not None: self.pre += data

p = Page()
p.feed(open(dom, encoding='utf-8').read())
anchor = lambda code: 'lesson-' + re.sub('[^A-Za-z0-9]', '-', code)
lessons = {anchor(r[0]): r[0] for r in con.execute('SELECT lesson FROM page_lessons')}
labels = {}
for obj, col, label, unit, digits in con.execute('SELECT object, "column", label, unit, digits FROM column_label'):
    labels[(obj, col)] = (label, unit, digits)
def label(view, col):
    return labels.get((view, col)) or labels.get(('*', col)) or (col.replace('_', ' '), None, None)
def shown(v, digits):
    if v is None: return ''
    if isinstance(v, int): return str(v)
    if isinstance(v, float):
        if digits is not None: s = '%.*f' % (digits, v)
        else:
            s = ('%.4f' % v).rstrip('0')
            s = s + '0' if s.endswith('.') else s
        return '0' + s[2:] if re.fullmatch(r'-0\.?0*', s) else s
    return v
HIDDEN = {'lesson', 'run_id', 'lesson_position', 'line', 'mask', 'n'}
# an empty cell shows the words of the text report's line
BLANK = {('bundle_smallest', 'channel'): '(no channel)', ('bundle_smallest', 'members'): '(none)'}
bad = rows = 0
for section, view, head, body in p.tables:
    cur = con.execute('SELECT * FROM "%s"' % view)
    cols = [d[0] for d in cur.description]
    want = cur.fetchall()
    if section in lessons:
        want = [r for r in want if r[cols.index('lesson')] == lessons[section]]
    keep = [i for i, c in enumerate(cols) if c not in HIDDEN or (c == 'lesson' and section not in lessons and view != 'page_claims')
            or (c == 'run_id' and view == 'page_runs')]
    if view in ('page_claims', 'bundle_smallest', 'page_lesson_channels', 'channel_comparison'):
        # a column no row has a value in is left out
        keep = [i for i in keep if any(r[i] not in (None, '') for r in want)]
    heads = [label(view, cols[i])[0] + (' (%s)' % label(view, cols[i])[1] if label(view, cols[i])[1] else '') for i in keep]
    if head[0] != heads:
        bad += 1; print('header of %s in %s: %s, want %s' % (view, section, head[0], heads))
    got = body
    exp = [[shown(r[i], label(view, cols[i])[2]) or BLANK.get((view, cols[i]), '') for i in keep] for r in want]
    rows += len(exp)
    if got != exp:
        bad += 1
        diff = [(g, e) for g, e in zip(got, exp) if g != e][:2]
        print('rows of %s in %s: %d shown, %d in the query; %s' % (view, section, len(got), len(exp), diff))
print('%d tables, %d rows, %d differ' % (len(p.tables), rows, bad))
for section, text in p.pres:
    print('TEXT %s' % lessons.get(section, section))
    sys.stdout.write(text)
PY
    summary=$(grep ' tables, ' "$tmp/tables.txt")
    case $summary in
        *", 0 differ") ok "every table's rendered text equals its saved query's rows, labelled and rounded ($summary)" ;;
        *) not_ok "every table's rendered text equals its saved query's rows, labelled and rounded"
           sed -n '1,/ tables, /p' "$tmp/tables.txt" | head -10 | sed 's/^/    /' ;;
    esac
    check "the tables of all, the lessons' and the model's views" \
        "channel_comparison page_axes page_bundles page_channels page_claims page_lesson_addition page_lesson_axis page_lesson_bundles page_lesson_channels page_lesson_facts page_lesson_removal page_lesson_samples page_mechanisms page_runs" \
        "$(grep -o 'data-view="[^"]*"' "$tmp/dom.html" | sed 's/data-view="//; s/"//' | grep -v -e lesson_report -e overlap -e visibility -e smallest | sort -u | tr '\n' ' ' | sed 's/ $//')"
    for code in M03/K04 M03/K05; do
        "$ISOLAB" --db "$db" lesson "$code" >"$tmp/lesson.txt" 2>/dev/null
        awk -v c="TEXT $code" '$0 == c { on = 1; next } /^TEXT / { on = 0 } on' "$tmp/tables.txt" >"$tmp/shown.txt"
        if [ -s "$tmp/lesson.txt" ] && cmp -s "$tmp/lesson.txt" "$tmp/shown.txt"; then
            ok "$code: the text in <details> is what 'isolab lesson $code' prints, byte for byte"
        else
            not_ok "$code: the text in <details> is what 'isolab lesson $code' prints, byte for byte"
            diff "$tmp/lesson.txt" "$tmp/shown.txt" | head -5 | sed 's/^/    /'
        fi
    done
fi
check "the lesson's 43 claims" 43 \
    "$(awk '/<section id="lesson-M03-K05"/ { on = 1 } /<\/section>/ { on = 0 } on && /<td class="[^"]*" data-label="claim">/' "$tmp/dom.html" | wc -l | tr -d ' ')"
check "a claim's reason only where there is one: empty cells fold away on a phone" 1 \
    "$(grep -c 'table.stack td:empty{display:none}' "$tmp/page.html")"
check "the hostile lesson: no results yet, and it says what to run, quoted for the shell, with --db" 1 \
    "$(grep -c "<p class=\"note\">not run yet: isolab --db $db lesson &#39;T/&lt;i&gt;&#39;</p>" "$tmp/page.html")"
check "each lesson's text is headed by the command that prints it, with --db" 1 \
    "$(grep -c "These tables as text, as <code>isolab --db $db lesson M03/K05</code> prints them" "$tmp/page.html")"
check "runs: each with a note saying what it computed" \
    "$(q "$db" "SELECT count(*) FROM page_runs")" \
    "$(grep -c '<td class="[^"]*" data-label="note">[^<]' "$tmp/page.html")"

"$ISOLAB" --db "$db" page --lesson M03/K05 -o "$tmp/k05.html"

# --- the smallest bundles: readable on a phone -------------------------------
# The no-channel row says "(no channel)" as 'isolab report bundle_smallest'
# does; the members are the query's comma-separated list (copied, it is the
# form --mechanisms takes), each member kept whole and the line free to
# break after each comma.
sed -n '/<table[^>]* data-view="bundle_smallest"/,/<\/table>/p' "$tmp/page.html" >"$tmp/smallest.html"
check "smallest bundles: the no-channel row says (no channel), as the text report" "1 1" \
    "$(grep -c 'data-label="channel">(no channel)</td>' "$tmp/smallest.html") $("$ISOLAB" --db "$db" report bundle_smallest | grep -c '^(no channel) ')"
check "smallest bundles: no member list is one unbreakable word" "0 0" \
    "$(grep -c '<span class="nw">[^<]*,[^<]*</span>' "$tmp/smallest.html") $(grep -c 'class="nw" data-label="one smallest' "$tmp/smallest.html")"
check "smallest bundles: a break opportunity after every comma of the members" \
    "$(q "$db" "SELECT sum(length(members) - length(replace(members, ',', ''))) FROM bundle_smallest")" \
    "$(grep -o ',</span><wbr>' "$tmp/smallest.html" | wc -l | tr -d ' ')"

# --- claims: each lesson's from the latest check of that lesson ----------------
# 'check --lesson M03/K04' checks only M03/K04 (which states no claims): the
# page still shows M03/K05's 43 claims from the check before it, and says of
# M03/K04 that it states none.
"$ISOLAB" --db "$db" check --lesson M03/K04 >/dev/null 2>&1 && "$ISOLAB" --db "$db" page -o "$tmp/k04.html"
check "a later check of another lesson: M03/K05 still shows its 43 claims" 43 \
    "$(awk '/<section id="lesson-M03-K05"/ { on = 1 } /<\/section>/ { on = 0 } on && /<td class="[^"]*" data-label="claim">/' "$tmp/k04.html" | wc -l | tr -d ' ')"
check "a lesson stating no claims says so, and no command" 1 \
    "$(sed -n '/^<section id="lesson-M03-K04"/,/^<\/section>/p' "$tmp/k04.html" | grep -c '^<p class="note">This lesson states no claims.</p>$')"
check "the runs table lists the check run each lesson's claims come from" \
    "$(q "$db" "SELECT max(run_id) FROM claim_result WHERE lesson = 'M03/K05'")" \
    "$(sed -n '/^<section id="runs"/,/^<\/section>/p' "$tmp/k04.html" | sed -n 's/.*<td class="num" data-label="run">\([0-9]*\)<\/td><td class="nw" data-label="kind">check<.*/\1/p' | head -1)"

# a database whose path holds a quote, with no run: each note names the
# command that computes what is missing, with --db quoted
qdb="$tmp/it's.db"
"$ISOLAB" --db "$qdb" init >/dev/null && "$ISOLAB" --db "$qdb" page -o "$tmp/q.html" 2>/dev/null
check "no run: the model's tables say what to run, with the --db, quoted" "2|1" \
    "$(grep -c "<p class=\"note\">No [a-z ]*current results: run &quot;isolab --db &#39;$tmp/it&#39;\\\\&#39;&#39;s.db&#39; run&quot;.</p>" "$tmp/q.html")|$(grep -c "<p class=\"note\">No current bundles sweep: run &quot;isolab --db &#39;$tmp/it&#39;\\\\&#39;&#39;s.db&#39; sweep bundles&quot;.</p>" "$tmp/q.html")"
check "no check yet: the lesson's claims are not checked, and the note names the command, quoted, with --db" 1 \
    "$(grep -c "^<p class=\"note\">The 43 claims of this lesson have not been checked yet: run &quot;isolab --db &#39;$tmp/it&#39;\\\\&#39;&#39;s.db&#39; check --lesson M03/K05&quot;.</p>$" "$tmp/q.html")"
if [ "$gnuplot_ok" = 1 ]; then
    check "no run: each lesson's run-drawn plots say 'not run yet' with the --db, quoted" "4|0" \
        "$(grep -c "<p class=\"note\">not run yet: <code>isolab --db &#39;$tmp/it&#39;\\\\&#39;&#39;s.db&#39; run</code></p>" "$tmp/q.html")|$(grep -c 'could not be drawn' "$tmp/q.html")"
fi

# the model touched in the sqlite3 shell (model_state's digest NULL): with
# the same values the results are current and shown as before; with a new
# cost the page says on stderr, as report does, what brings them up to date
sdb=$tmp/shell.db
cp "$db" "$sdb"
q "$sdb" "UPDATE channel SET cost_pct = cost_pct WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$sdb" page -o "$tmp/shell.html" 2>"$tmp/err.txt"
check "the model rewritten unchanged in the shell: the page shows what it showed, no note" \
    "0|$(grep -c 'not run yet' "$tmp/page.html")|" "$?|$(grep -c 'not run yet' "$tmp/shell.html")|$(grep -v '^isolab page: wrote ' "$tmp/err.txt")"
q "$sdb" "UPDATE channel SET cost_pct = 5 WHERE name = 'sampling-profile'"
"$ISOLAB" --db "$sdb" page -o "$tmp/shell.html" 2>"$tmp/err.txt"
check "a cost changed in the shell: the page names the commands that update its results" \
    "0|isolab page: note: some results were computed from an older model than the database holds now and are not shown;" \
    "$?|$(grep -v '^isolab page: wrote ' "$tmp/err.txt" | head -n 1)"

# --- lessons asked for, failures ------------------------------------------------
check "--lesson M03/K05: that lesson's section alone" "lesson-M03-K05" \
    "$(sed -n 's/^<section id="\(lesson-[^"]*\)".*/\1/p' "$tmp/k05.html" | tr '\n' ' ' | sed 's/ $//')"
check "--lesson M03/K05: the comparison keeps its channels" 1 \
    "$(sed -n '/^<section id="comparison">/,/^<\/section>/p' "$tmp/k05.html" | grep -c '<td class="[^"]*" data-label="channel"><span class="nw">sampling-profile</span></td>')"
"$ISOLAB" --db "$db" page --lesson M03/K99 -o "$tmp/none.html" 2>"$tmp/err.txt"
check "an unknown lesson: exit 3, named, nothing written" "3 1 0" \
    "$? $(grep -c "has no lesson 'M03/K99'" "$tmp/err.txt") $(ls "$tmp" | grep -c none.html)"
"$ISOLAB" --db "$db" page >"$tmp/stdout.html" 2>/dev/null
check "no -o: the page on stdout" "0 1" "$? $(grep -c '^</html>$' "$tmp/stdout.html")"
PATH=/nonexistent "$ISOLAB" --db "$db" page -o "$tmp/noplot.html" 2>"$tmp/err.txt"
check "gnuplot missing: exit 0, one note, each plot left out with a note in the page" "0 1 8" \
    "$? $(grep -c 'plots are left out: gnuplot is not installed' "$tmp/err.txt") $(grep -c 'plot could not be drawn' "$tmp/noplot.html")"
"$ISOLAB" --db "$db" page -o /nonexistent/dir/page.html 2>"$tmp/err.txt"
check "an unwritable file: exit 7" 7 $?

# -o replaces a page only: never isolab itself, its extension, a database
# or any file that is not a page; a page isolab wrote, or an empty file, is
mkdir "$tmp/over"
cp "$ISOLAB" "$tmp/over/isolab"
printf '\177ELF not a page\n' >"$tmp/over/isolab.so"
chmod 755 "$tmp/over/isolab.so"
printf 'my notes\n' >"$tmp/over/notes.txt"
for f in isolab isolab.so notes.txt; do
    before=$(cksum <"$tmp/over/$f")
    (cd "$tmp/over" && "$ISOLAB" --db "$db" page -o "$f" 2>err.txt)
    check "page -o $f: refused, exit 3, the file as it was" "3|1|$before" \
        "$?|$(grep -c "^isolab page: $f: .*isolab page replaces only a page it wrote" "$tmp/over/err.txt")|$(cksum <"$tmp/over/$f")"
done
(cd "$tmp/over" && ./isolab --db "$db" page -o /proc/self/exe 2>err.txt)
check "page -o /proc/self/exe: the running isolab is refused" "3|$(cksum <"$ISOLAB")" "$?|$(cksum <"$tmp/over/isolab")"
: >"$tmp/over/empty.html"
"$ISOLAB" --db "$db" page -o "$tmp/over/empty.html" 2>/dev/null && "$ISOLAB" --db "$db" page -o "$tmp/over/empty.html" 2>/dev/null
check "page -o: an empty file, then the page written there, are replaced" "0 1" \
    "$? $(grep -c '^</html>$' "$tmp/over/empty.html")"

# --- a lesson's own table (lesson_table) ----------------------------------------
# The tracing lesson's AXES table in its section, read back from the DOM
# Chromium built: its title as the caption, the query's column names as the
# heads (column_label's where it has them), at its place among the lesson's
# tables (lesson_table position 6: after the tracepoints, block 5).
# Worked by hand from seeds/000 (as tests/expected/lesson_K06.txt): under
# strict the process axis keeps own-process-number visible and the sched
# and task tracepoints return its other two facts; network is closed and
# net returns listening-ports; kernel's 4 stay visible; every other closed
# axis keeps its one left-open fact.
kdb=$tmp/k6.db
"$ISOLAB" --db "$kdb" init >/dev/null && "$ISOLAB" --db "$kdb" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$kdb" lesson M03/K06 >/dev/null 2>&1 && "$ISOLAB" --db "$kdb" page --lesson M03/K06 -o "$tmp/k6.html" 2>/dev/null
check "the tracing lesson's page" 0 $?
chrome --dump-dom "file://$tmp/k6.html" >"$tmp/k6dom.html"
# (and into blocks.txt the section's tables, the tracepoints', its plots:
# below)
python3 - "$tmp/k6dom.html" "$tmp/blocks.txt" >"$tmp/own.txt" 2>&1 <<'PY'
import html.parser, sys
class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.section, self.cell, self.order, self.figures = [], None, None, [], []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'section': self.section = a.get('id')
        elif tag == 'table':
            self.tables.append((self.section, a.get('aria-label'), [], a.get('data-view')))
            self.order.append(a.get('data-view'))
        elif tag == 'figure': self.figures.append((self.section, a.get('id')))
        elif tag == 'tr': self.row = []
        elif tag in ('td', 'th'): self.cell = ''
    def handle_endtag(self, tag):
        if tag in ('td', 'th') and self.cell is not None: self.row.append(self.cell.strip()); self.cell = None
        elif tag == 'tr' and self.tables: self.tables[-1][2].append(' | '.join(self.row))
    def handle_data(self, data):
        if self.cell is not None: self.cell += data
p = Page()
p.feed(open(sys.argv[1], encoding='utf-8').read())
for section, caption, rows, view in p.tables:
    if caption and caption.startswith('AXES'):
        print(section); print(caption); print('\n'.join(rows))
own = p.order.index('lesson_table') if 'lesson_table' in p.order else -1
print('after %s' % (p.order[own - 1] if own > 0 else None))
mine = [t for t in p.tables if t[0] == 'lesson-M03-K06']
mine = mine[:[t[3] for t in mine].index('page_claims')]  # (its tables: those before its claims)
with open(sys.argv[2], 'w') as out:
    out.write(' '.join(t[3] for t in mine) + '\n')
    for section, caption, rows, view in mine:
        if view == 'page_lesson_parts': out.write(caption + '\n' + '\n'.join(rows) + '\n')
    out.write('plots: ' + ' '.join(f[1] for f in p.figures if f[0] == 'lesson-M03-K06') + '\n')
PY
check "its own table in its section, the hand-worked rows, after the tracepoints (its place)" "lesson-M03-K06
AXES (what in-kernel-tracing returns on each axis under strict)
axis | facts | visible (facts) | returned (facts) | returned by
process | 3 | 1 | 2 | sched-tracepoint, task-tracepoint
mount | 3 | 1 | 0 | -
network | 3 | 0 | 1 | net-tracepoint
user | 2 | 1 | 0 | -
host | 1 | 0 | 0 | -
resource | 4 | 1 | 0 | -
kernel | 4 | 4 | 0 | -
privilege | 2 | 1 | 0 | -
label | 2 | 1 | 0 | -
after page_lesson_parts" "$(cat "$tmp/own.txt")"
# --- a lesson's choice of tables (lesson_block) -----------------------------------
# The page's tables of a lesson are those its text prints, in its order,
# with its titles: the tracing lesson chooses the header, its axis, facts
# and bundles, its tracepoints (part_table, retitled), its own AXES, the
# channels, removal and addition; no sample count sweep, so no samples plot.
# The tracepoints worked by hand from the seed: under strict 10 facts on 7
# axes are visible (network and host closed); each tracepoint shows 2 facts
# and returns the one of them strict closes (sched: other-process-list,
# task: ancestor-process-chain, both on the process axis, open already
# through own-process-number; net: listening-ports, reopening network), so
# each leaves an open surface of 10 + 1 = 11, on 7 axes (net: 8), at its
# cost of 2 % (rounded to column_label's one digit).
plots="plot-M03-K06-channels plot-M03-K06-axes plot-M03-K06-frontier plot-M03-K06-channel_cost"
check "the tracing lesson's tables: its text's, in its order, the tracepoints under their title, no sample sweep" \
    "page_lesson_axis page_lesson_facts page_lesson_bundles page_lesson_parts lesson_table page_lesson_channels page_lesson_removal page_lesson_addition
TRACEPOINTS (each tracepoint of in-kernel-tracing under strict)
part | shows | returned (facts) | open surface (facts) | open axes (axes) | cost (% of the baseline run) | returned facts
sched-tracepoint | 2 | 1 | 11 | 7 | 2.0 | other-process-list
task-tracepoint | 2 | 1 | 11 | 7 | 2.0 | ancestor-process-chain
net-tracepoint | 2 | 1 | 11 | 8 | 2.0 | listening-ports
plots: $plots" "$(cat "$tmp/blocks.txt")"
# the same rows as its text in <details> (what 'isolab lesson M03/K06' prints)
"$ISOLAB" --db "$kdb" lesson M03/K06 2>/dev/null | sed -n '/^TRACEPOINTS /,/^$/p' | awk 'NR > 2 && NF { print $1, $2, $3, $4, $5, $6, $7 }' >"$tmp/k6text.txt"
check "the tracepoints' rows on the page are those of the lesson's text" \
    "$(sed -n '/^part | /,/^plots: /p' "$tmp/blocks.txt" | sed '1d;$d' | sed 's/ | / /g; s/ 2\.0 / 2 /')" "$(cat "$tmp/k6text.txt")"
check "the text has no sample sweep either, and its page no sample table nor plot" "0 0" \
    "$("$ISOLAB" --db "$kdb" lesson M03/K06 2>/dev/null | grep -c '^SAMPLE COUNT SWEEP') $(grep -c -e 'data-view="page_lesson_samples"' -e 'plot-M03-K06-samples' "$tmp/k6.html")"
# the files table's note: a lesson whose channel has no runner (in-kernel
# tracing) says so and names the channels probe --channel measures; a
# lesson whose channel has one (system call tracing) is given its own
check "the tracing lesson: its channel cannot be measured, the measurable ones named" 1 \
    "$(grep -c "This lesson&#39;s channel cannot be measured on a machine (isolab probe --channel measures sampling-profile, system-call-tracing)" "$tmp/k6.html")"
"$ISOLAB" --db "$kdb" page --lesson M03/K04 -o "$tmp/k4.html" 2>/dev/null
check "the system call tracing lesson: probe --channel of its own channel" 1 \
    "$(grep -c "No channel measured for real on this machine yet: run .*isolab --db [^ ]* probe --channel system-call-tracing" "$tmp/k4.html")"
check "... and its channel_cost plot's note, the same command" 1 \
    "$(grep -c "not run yet: <code>.*isolab --db [^ ]* probe --channel system-call-tracing" "$tmp/k4.html")"
# a lesson of the course given two blocks in the shell: the parts of a
# channel without parts (the text's "(the channel has no parts)"), then
# its bundles retitled; nothing else, and no samples plot
bdb=$tmp/blocks.db
cp "$db" "$bdb" && q "$bdb" "INSERT INTO lesson_block(lesson, position, block, title)
    VALUES ('M03/K04', 1, 'part_table', NULL), ('M03/K04', 2, 'bundle_table', 'BUNDLES')" \
    && "$ISOLAB" --db "$bdb" page --lesson M03/K04 -o "$tmp/blocks.html" 2>/dev/null
check "two blocks chosen: the note of no parts, the bundles under their title, no other table, no samples plot" \
    "<p class=\"note\">The lesson&#39;s channel has no parts.</p>|page_lesson_bundles BUNDLES|plot-M03-K04-channels plot-M03-K04-axes plot-M03-K04-frontier plot-M03-K04-channel_cost" \
    "$(sed -n '/^<h3>Tables/,/^<h3>Claims/p' "$tmp/blocks.html" | grep '^<p class="note">')|$(sed -n '/^<h3>Tables/,/^<h3>Claims/p' "$tmp/blocks.html" | sed -n 's/.*<table data-view="\([^"]*\)" aria-label="\([^"]*\)".*/\1 \2/p' | tr '\n' ' ' | sed 's/ $//')|$(grep -o '<figure id="[^"]*"' "$tmp/blocks.html" | sed 's/<figure id="//; s/"$//' | tr '\n' ' ' | sed 's/ $//')"
# a query that cannot run any more says why in its place
q "$kdb" "UPDATE lesson_table SET query = 'SELECT * FROM no_such_view'" 2>/dev/null
"$ISOLAB" --db "$kdb" page --lesson M03/K06 -o "$tmp/k6b.html" 2>/dev/null
check "an own table whose query no longer runs: its title, and why" 1 \
    "$(grep -c '<p class="note">Not shown: no such table: no_such_view.</p>' "$tmp/k6b.html")"

finish
