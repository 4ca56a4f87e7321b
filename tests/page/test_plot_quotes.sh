#!/bin/sh
# Names of quotes and backslashes in every plot: a course whose lesson,
# channels, bundles and axes are named by a fixed set of hostile names
# (a''b and c''d\, which gnuplot's scanner once cut, '''x, a lone quote,
# backquotes, macros, a datablock's name, a percent sign) and by names
# drawn at random from quotes, backslashes and gnuplot's other special
# characters (the seed in $FUZZ_SEED, else 40). Each plot kind is drawn on
# its own (one failing does not hide the others), as SVG and as PNG, and
# inline on the page; python3's XML parser reads every text back, and each
# name must be there whole: the channels plot's key line of every channel,
# the axes plot's panel of every bundle and label of every axis, the
# frontier's key line of every bundle, the samples plot's title of a sweep
# under each name. No command in a name runs. Skips when gnuplot is not
# installed.
. "$(dirname "$0")/../lib/shlib.sh"

if ! command -v gnuplot >/dev/null 2>&1; then
    skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): plot quote tests not run"
fi

# the names, one a line (none holds a newline: a name holds no control
# character), and the SQL that makes a lesson of them: channel i returns
# the fact of axis i, costs 1000 + i % (each channel a place of its own in
# the channels plot); bundle i holds a member set of its own
python3 - "${FUZZ_SEED:-40}" "$tmp/names.txt" "$tmp/course.sql" "$tmp/pwned" <<'EOF'
import itertools, random, sys
seed, names_file, sql_file, pwned = sys.argv[1:]
fixed = ["a''b", "c''d\\", "'", "''", "'''x", "x'''", "\\", "\\\\'", "'\\'", '"', '\\"', "\"''\"",
         "`touch %s`" % pwned, "'; system('touch %s'); '" % pwned, "@fmt", "$data", "EOD",
         "a'b''c'''d\\\\", "%s%d 100%", "{\\}^_&<b>"]
rnd = random.Random(int(seed))
alphabet = "''''\"\"\\\\\\`@$;#%{}^_&<> ab"
names = list(fixed)
while len(names) < 36:
    n = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 9))).strip()
    if n and not n.startswith("-") and n not in names:
        names.append(n)
open(names_file, "w").write("".join(n + "\n" for n in names))
q = lambda s: "'" + s.replace("'", "''") + "'"
lesson = "F''1\\"
sql = ["INSERT INTO lesson(code, title, position) VALUES (%s, 'Quotes', 30);" % q(lesson)]
mech = ["capability-dropping", "control-group", "mandatory-label", "mount-namespace",
        "network-namespace", "pid-namespace", "user-namespace", "uts-namespace"]
# member sets of sizes 1 to 3, none a named bundle's (plain, common, strict)
sets = [c for k in (1, 2, 3) for c in itertools.combinations(mech, k)]
rnd.shuffle(sets)
for i, n in enumerate(names, 1):
    sql.append("INSERT INTO axis(name) VALUES (%s);" % q(n))
    sql.append("INSERT INTO fact(name, axis, position) VALUES ('fz-fact-%d', %s, %d);" % (i, q(n), 200 + i))
    sql.append("INSERT INTO channel(name, lesson, cost_pct) VALUES (%s, %s, %d);" % (q(n), q(lesson), 1000 + i))
    sql.append("INSERT INTO channel_fact(channel, position, fact) VALUES (%s, 1, 'fz-fact-%d');" % (q(n), i))
    sql.append("INSERT INTO bundle(name, position) VALUES (%s, %d);" % (q(n), 100 + i))
    for k, m in enumerate(sets[i], 1):
        sql.append("INSERT INTO bundle_member(bundle, position, mechanism) VALUES (%s, %d, '%s');" % (q(n), k, m))
sql.append("INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES (%s, %s, %s, %s);"
           % (q(lesson), q(names[0]), q(names[1]), q(names[0])))
open(sql_file, "w").write("\n".join(sql) + "\n")
EOF
lesson="F''1\\"
focus_channel=$(sed -n 2p "$tmp/names.txt")
db=$tmp/quotes.db
# (the new facts change the counts of the lesson's claims: lesson --all exits 1)
"$ISOLAB" --db "$db" init >/dev/null 2>&1 && "$ISOLAB" --db "$db" load "$tmp/course.sql" >/dev/null 2>"$tmp/err.txt" \
    && { "$ISOLAB" --db "$db" lesson --all >/dev/null 2>&1; [ $? -le 1 ]; } \
    && "$ISOLAB" --db "$db" sweep bundles --channel "$focus_channel" >/dev/null 2>>"$tmp/err.txt"
check "a course of $(wc -l <"$tmp/names.txt" | tr -d ' ') hostile names, its runs" "0:" "$?:$(grep -v '^  \|note' "$tmp/err.txt")"
check "the names are in the database whole" "$(cat "$tmp/names.txt")" \
    "$(sqlite3 "$db" "SELECT name FROM axis WHERE name IN (SELECT name FROM bundle) AND name IN (SELECT name FROM channel) ORDER BY rowid")"

# read_back KIND FILE [FIGURE]: what of the names in FILE (an SVG, or a
# page: the SVG of <figure id=FIGURE>) python3's XML parser does not find
# whole where the plot KIND names them, one line each; nothing when all
# are there. samples: FILE is a directory, DIR/I/samples.svg the sweep
# under name I (1, 2, ...) alone, for each I listed in DIR/drawn.txt.
read_back() {
    python3 - "$1" "$2" "$tmp/names.txt" "$lesson" "${3:-}" <<'EOF'
import os, re, sys, xml.etree.ElementTree as ET
kind, image, names_file, lesson, figure = sys.argv[1:]
names = open(names_file, encoding="utf-8").read().split("\n")[:-1]
def texts_of(path):
    doc = open(path, encoding="utf-8").read()
    if figure:
        doc = doc[doc.index('<figure id="%s"' % figure):]
        doc = doc[:doc.index("</figure>")]
    texts = set()
    for svg in re.findall(r"<svg\b.*?</svg>", doc, re.S):
        for e in ET.fromstring(svg).iter():
            if e.tag.split("}")[-1] in ("title", "text"):
                texts.add("".join(e.itertext()))
    return texts
if kind == "samples":
    drawn = [int(l) for l in open(os.path.join(image, "drawn.txt"))]
    texts_by = {i: texts_of(os.path.join(image, str(i), "samples.svg")) for i in drawn}
else:
    texts = texts_of(image)
def found(want):
    return any(want(t) for t in texts)
for i, n in enumerate(names):
    if kind == "samples":
        if i + 1 not in texts_by: continue
        texts = texts_by[i + 1]
    if kind == "channels":  # the key line: "NAME (LESSON): ...", the focus's after "this lesson's: "
        key = "%s (%s): " % (n, lesson)
        ok = found(lambda t: t.startswith(key) or t.startswith("this lesson's: " + key))
        what = "channel"
    elif kind == "axes":
        ok = found(lambda t: t == "bundle " + n) and found(lambda t: t == n)
        what = "bundle's panel or axis"
    elif kind == "frontier":
        ok = found(lambda t: re.fullmatch(re.escape(n) + r": \d+ mechanisms?, open surface \d+", t))
        what = "bundle"
    else:  # samples: the sweep under bundle and channel NAME
        ok = found(lambda t: t == "Sample count sweep under bundle %s, channel %s: output grows, "
                                   "returned facts stay flat" % (n, n))
        what = "bundle and channel"
    if not ok:
        print("%s %d not whole: %s" % (what, i + 1, n))
EOF
}

for kind in channels axes frontier; do
    "$ISOLAB" --db "$db" plot "$kind" --lesson "$lesson" --format svg -o "$tmp/svg" >/dev/null 2>"$tmp/err.txt"
    check "plot $kind --lesson \"$lesson\" --format svg: exit 0" "0:" "$?:$(cat "$tmp/err.txt")"
    check "$kind: every name read back whole from the SVG" "" "$(read_back "$kind" "$tmp/svg/$kind.svg" 2>&1)"
done

# samples: a sweep under each name as bundle and channel, drawn (name I's
# into samples/I), then every drawing read back by one python3
bad=
i=0
mkdir "$tmp/samples" && : >"$tmp/samples/drawn.txt"
while IFS= read -r n; do
    i=$((i + 1))
    "$ISOLAB" --db "$db" sweep samples --bundle "$n" --channel "$n" >/dev/null 2>"$tmp/err.txt" \
        && "$ISOLAB" --db "$db" plot samples --bundle "$n" --channel "$n" --format svg -o "$tmp/samples/$i" \
            >/dev/null 2>>"$tmp/err.txt" \
        && echo "$i" >>"$tmp/samples/drawn.txt" \
        || bad="$bad$n: $(head -c 300 "$tmp/err.txt")
"
done <"$tmp/names.txt"
bad=$bad$(read_back samples "$tmp/samples" 2>&1)
check "samples: a sweep under each name drawn, its title naming bundle and channel whole" "" "$bad"

"$ISOLAB" --db "$db" plot --lesson "$lesson" -o "$tmp/png" >/dev/null 2>"$tmp/err.txt"
check "plot --lesson \"$lesson\" (every plot, PNG): exit 0" "0:" "$?:$(cat "$tmp/err.txt")"
n=0
for kind in channels samples axes frontier; do
    [ "$(head -c 4 "$tmp/png/$kind.png" 2>/dev/null | od -An -c | tr -d ' ')" = '211PNG' ] && n=$((n + 1))
done
check "every plot drawn as PNG" 4 "$n"

"$ISOLAB" --db "$db" page --lesson "$lesson" -o "$tmp/page.html" 2>"$tmp/err.txt"
check "page --lesson \"$lesson\": exit 0, no plot left out" "0:" "$?:$(grep 'left out\|could not' "$tmp/err.txt")"
check "page: the lesson's four plots inline" 4 "$(grep -c '^<svg' "$tmp/page.html")"
fig=$(grep -o '<figure id="plot-[^"]*-channels"' "$tmp/page.html" | sed 's/<figure id="//; s/"$//')
for kind in channels axes frontier; do
    check "page: $kind: every name read back whole" "" \
        "$(read_back "$kind" "$tmp/page.html" "${fig%-channels}-$kind" 2>&1)"
done
# the paths isolab hands gnuplot go the same way: an output directory and
# a TMPDIR (the page's scratch) holding quotes and a backslash
odd="$tmp/o''u't\\"
"$ISOLAB" --db "$db" plot channels --lesson "$lesson" --format svg -o "$odd" >/dev/null 2>"$tmp/err.txt"
check "plot -o a directory of quotes and a backslash: exit 0, drawn" "0:1" "$?:$(cat "$tmp/err.txt")$(grep -c '<svg' "$odd/channels.svg")"
mkdir "$odd/tmp"
TMPDIR="$odd/tmp" "$ISOLAB" --db "$db" page --lesson "$lesson" -o "$tmp/page2.html" 2>"$tmp/err.txt"
check "page under a TMPDIR of quotes and a backslash: the four plots inline" "0 4" \
    "$? $(grep -c '^<svg' "$tmp/page2.html")"
check "no name ran a command" "absent" "$([ -e "$tmp/pwned" ] && echo present || echo absent)"

finish
