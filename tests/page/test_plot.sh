#!/bin/sh
# Tests for 'isolab plot': each image is written and not empty, in the
# format asked for, and its CSV is what 'isolab export' writes for the
# plot's saved query (and what the sqlite3 shell prints for it); the SVG
# text carries the lesson's numbers (cost per fact 17.00 and 3.00, the
# resource axis 25 % -> 50 % under common and strict; plain, common and
# strict at open surface 24, 13 and 11 in the power-set sweep); the
# repository's scripts draw the same image by hand; an edited script is used with
# --scripts; missing gnuplot, missing runs, a failing script and bad command
# lines leave no image behind. Skips when gnuplot is not installed.
. "$(dirname "$0")/../lib/shlib.sh"

if ! command -v gnuplot >/dev/null 2>&1; then
    skip_suite "gnuplot is not installed (tools/deps.sh plots installs it): plot tests not run"
fi

# plot NAME -> the saved query its CSV holds (independent of isolab's table)
query_of() {
    case $1 in
        channels) echo plot_channels ;;
        samples) echo plot_samples ;;
        axes) echo plot_axes ;;
        frontier) echo plot_frontier ;;
    esac
}
plots="channels samples axes frontier"

db=$tmp/plot.db
fresh_db "$db" && "$ISOLAB" --db "$db" sweep bundles >/dev/null
check "database with the lesson's runs and a bundles sweep" 0 $?

# --- every plot: image and CSV ------------------------------------------------
"$ISOLAB" --db "$db" plot -o "$tmp/png/sub" >"$tmp/out.txt" 2>"$tmp/err.txt"
check "plot (all, png, into a new nested directory) exits 0" "0:" "$?:$(cat "$tmp/err.txt")"
for p in $plots; do
    v=$(query_of "$p")
    f=$tmp/png/sub/$p.png
    if [ -s "$f" ] && [ "$(head -c 8 "$f" | od -An -c | tr -d ' ')" = '211PNG\r\n032\n' ]; then
        ok "$p.png is a non-empty PNG"
    else
        not_ok "$p.png is a non-empty PNG"
    fi
    "$ISOLAB" --db "$db" export "$v" >"$tmp/export.csv"
    if cmp -s "$tmp/png/sub/$p.csv" "$tmp/export.csv"; then ok "$p.csv equals 'isolab export $v'"; else not_ok "$p.csv equals 'isolab export $v'"; fi
    sqlite3 -csv -header -cmd 'PRAGMA trusted_schema = OFF' "$db" "SELECT * FROM $v" >"$tmp/shell.csv"
    if cmp -s "$tmp/png/sub/$p.csv" "$tmp/shell.csv"; then ok "$p.csv equals the sqlite3 shell's $v"; else not_ok "$p.csv equals the sqlite3 shell's $v"; fi
    [ "$(wc -l <"$tmp/png/sub/$p.csv")" -ge 2 ] && ok "$p.csv has rows" || not_ok "$p.csv has rows"
done
check "one line per plot on stdout" "4" "$(wc -l <"$tmp/out.txt" | tr -d ' ')"
check "nothing else in the directory" "axes.csv axes.png channels.csv channels.png frontier.csv frontier.png samples.csv samples.png" \
    "$(ls -A "$tmp/png/sub" | tr '\n' ' ' | sed 's/ $//')"

# --- SVG: the text shows the lesson's numbers ----------------------------------
# drawn FILE: the SVG without its <title> lines (the tooltips repeat the key)
drawn() { grep -v '<title>' "$1"; }
"$ISOLAB" --db "$db" plot --format svg -o "$tmp/svg" >/dev/null 2>"$tmp/err.txt"
check "plot --format svg exits 0" "0" "$?"
for p in $plots; do
    if head -c 200 "$tmp/svg/$p.svg" | grep -q '<svg'; then ok "$p.svg is SVG"; else not_ok "$p.svg is SVG"; fi
done
# gnuplot's SVG writes each label as text (the arrow as UTF-8)
check "channels: 17.00 % per fact (34 % / 2 facts)" 1 "$(drawn "$tmp/svg/channels.svg" | grep -c '17.00 % per fact')"
check "channels: 3.00 % per fact (3 % / 1 fact)" 1 "$(drawn "$tmp/svg/channels.svg" | grep -c '1 returned, 3.00 % per fact<')"
check "channels: both channels labelled with their lesson" 2 \
    "$(drawn "$tmp/svg/channels.svg" | grep -c -e 'system-call-tracing (M03/K04)' -e 'sampling-profile (M03/K05)')"
check "axes: 25 % -> 50 % marked under common and strict only" 2 "$(grep -c '25 % → 50 %' "$tmp/svg/axes.svg")"
check "axes: no other share marked" 2 "$(grep -c ' % → ' "$tmp/svg/axes.svg")"
check "samples: returned labelled 1 at each of the 4 sample counts" 4 "$(grep -c '>1</tspan></text>' "$tmp/svg/samples.svg")"
check "frontier: the named bundles at the lesson's sizes and open surfaces" \
    "plain: 0 mechanisms, open surface 24|common: 6 mechanisms, open surface 13|strict: 8 mechanisms, open surface 11" \
    "$(drawn "$tmp/svg/frontier.svg" | grep -o -e '\(plain\|common\|strict\): [0-9]* mechanisms, open surface [0-9]*' | tr '\n' '|' | sed 's/|$//')"
check "frontier: every one of the 256 bundles is a row" 257 "$(wc -l <"$tmp/svg/frontier.csv" | tr -d ' ')"
# the SVG's own <title> is the plot's title, naming the bundle and the channel
# (or every channel); the same text is drawn on the image
title_of() { sed -n 's|^<title>\(.*\)</title>$|\1|p' "$1" | head -1; }
check "SVG titles name the bundle and channel" \
"Cost of each channel against the facts it returns, under bundle strict|\
Sample count sweep under bundle strict, channel sampling-profile: output grows, returned facts stay flat|\
Visible share of each axis's facts without and with channel sampling-profile, per bundle (not drawn: plain, every axis wholly visible)|\
Every bundle of the power-set sweep under channel sampling-profile: open surface against size" \
    "$(for p in $plots; do title_of "$tmp/svg/$p.svg"; done | tr '\n' '|' | sed 's/|$//')"
for p in $plots; do
    t=$(title_of "$tmp/svg/$p.svg" | sed "s/&#39;/'/g")
    n=$(grep -c -F ">$t<" "$tmp/svg/$p.svg")
    check "$p: the title is drawn on the image too" 2 "$n"
    grep -q '<rect x="0" y="0" width="[0-9]*" height="[0-9]*" fill="#ffffff"/>' "$tmp/svg/$p.svg" \
        && ok "$p.svg has a white background" || not_ok "$p.svg has a white background"
done
check "every plot labels both axes with units (axes: one y label per bundle drawn)" "2 2 3 2" \
    "$(for p in $plots; do drawn "$tmp/svg/$p.svg" | grep -c -e '(count' -e '(%' -e '% of' -e '(facts' -e 'log scale)' -e '(number of' -e "axis, in the course" | tr '\n' ' '; done | sed 's/ $//')"

# --- the repository's scripts, by hand, draw the same image --------------------
for p in $plots; do
    gnuplot -e "csv='$tmp/svg/$p.csv'; out='$tmp/hand-$p.svg'; fmt='svg'" "gnuplot/$p.gp" 2>/dev/null
    if cmp -s "$tmp/hand-$p.svg" "$tmp/svg/$p.svg"; then ok "gnuplot/$p.gp by hand = isolab plot $p"; else not_ok "gnuplot/$p.gp by hand = isolab plot $p"; fi
done
mkdir -p "$tmp/hand/plots" && cp "$tmp/png/sub/samples.csv" "$tmp/hand/plots/"
(cd "$tmp/hand" && gnuplot "$root/gnuplot/samples.gp" 2>/dev/null)
[ -s "$tmp/hand/plots/samples.png" ] && ok "by hand with no variables: plots/samples.csv -> plots/samples.png" \
    || not_ok "by hand with no variables: plots/samples.csv -> plots/samples.png"

# --- an edited script, with --scripts ------------------------------------------
mkdir -p "$tmp/mine" && sed 's/^set title .*/set title "My own samples title"/' gnuplot/samples.gp >"$tmp/mine/samples.gp"
"$ISOLAB" --db "$db" plot samples --format svg --scripts "$tmp/mine" -o "$tmp/edited" >/dev/null 2>&1
check "--scripts DIR: exit 0" 0 $?
check "--scripts DIR: the edited title is drawn" 1 "$(grep -c 'My own samples title' "$tmp/edited/samples.svg")"

# --- a series with no point to draw: isolab says so, gnuplot's warning stays inside
# (each channel's point drawn from part_of, empty on every row: gnuplot skips
# one series per channel)
mkdir -p "$tmp/nopoints" && sed "s/using 'x':'cost_pct'/using 'x':'part_of'/" gnuplot/channels.gp >"$tmp/nopoints/channels.gp"
"$ISOLAB" --db "$db" plot channels --scripts "$tmp/nopoints" -o "$tmp/np" >/dev/null 2>"$tmp/err.txt"
nch=$(sqlite3 "$db" "SELECT count(*) FROM channel")
check "series without points: exit 0, a note in isolab's words, no raw gnuplot warning" \
    "0|isolab plot: note: plot channels: $nch of its series have no point to draw in $tmp/np/channels.csv ($nch rows of plot_channels) and are not in the image" \
    "$?|$(cat "$tmp/err.txt")"

# --- failures leave no image behind -----------------------------------------------
printf 'set output out\nthis is not gnuplot\n' >"$tmp/mine/axes.gp"
"$ISOLAB" --db "$db" plot axes --scripts "$tmp/mine" -o "$tmp/broken" >/dev/null 2>"$tmp/err.txt"
check "a failing script: exit 6" 6 $?
check "a failing script: no image, no temporary file" "axes.csv" "$(ls -A "$tmp/broken" | tr '\n' ' ' | sed 's/ $//')"
grep -q "plot axes: gnuplot failed" "$tmp/err.txt" && ok "a failing script: says so" || not_ok "a failing script: says so"
grep -qx "\"$tmp/mine/axes.gp\" line 2: invalid command" "$tmp/err.txt" && ok "a failing script: gnuplot's own error is shown" \
    || not_ok "a failing script: gnuplot's own error is shown: $(cat "$tmp/err.txt")"
# one plot failing takes no other down: every other plot drawn and listed
mkdir "$tmp/mine3" && cp gnuplot/*.gp "$tmp/mine3/" && cp "$tmp/mine/axes.gp" "$tmp/mine3/axes.gp"
"$ISOLAB" --db "$db" plot --scripts "$tmp/mine3" -o "$tmp/broken3" >"$tmp/out.txt" 2>"$tmp/err.txt"
check "a failing script among four: exit 6, the other three drawn and listed, axes named" \
    "6|channels samples frontier|channels.png frontier.png samples.png|isolab plot: plot axes: gnuplot failed (exit status 1) on the script axes.gp" \
    "$?|$(sed 's/:.*//' "$tmp/out.txt" | tr '\n' ' ' | sed 's/ $//')|$(cd "$tmp/broken3" && ls *.png | tr '\n' ' ' | sed 's/ $//')|$(tail -n 1 "$tmp/err.txt")"
"$ISOLAB" --db "$db" plot channels --scripts "$tmp/nowhere" -o "$tmp/broken2" >/dev/null 2>"$tmp/err.txt"
check "--scripts without the script: exit 3" 3 $?

PATH=/nonexistent "$ISOLAB" --db "$db" plot -o "$tmp/nognuplot" >/dev/null 2>"$tmp/err.txt"
check "gnuplot missing: exit 6" 6 $?
sudo=sudo\ ; [ "$(id -u)" = 0 ] && sudo=
check "gnuplot missing: names the package, the command on a line of its own" \
    "isolab plot: gnuplot is not installed (not found on PATH); on Debian:|    ${sudo}apt-get install -y gnuplot-nox" \
    "$(tr '\n' '|' <"$tmp/err.txt" | sed 's/|$//')"
# a gnuplot that never ends is stopped (ISOLAB_TOOL_TIMEOUT, 60 s by default): exit 6, no image
mkdir "$tmp/hang" && printf '#!/bin/sh\nexec sleep 600\n' >"$tmp/hang/gnuplot" && chmod +x "$tmp/hang/gnuplot"
PATH=$tmp/hang:$PATH ISOLAB_TOOL_TIMEOUT=1 "$ISOLAB" --db "$db" plot channels -o "$tmp/hung" >/dev/null 2>"$tmp/err.txt"
check "gnuplot that never ends: stopped, exit 6, no image" \
    "6 isolab plot: plot channels: gnuplot did not finish in 1 s; stopped it channels.csv" \
    "$? $(cat "$tmp/err.txt") $(ls -A "$tmp/hung")"
[ ! -e "$tmp/nognuplot" ] && ok "gnuplot missing: nothing written" || not_ok "gnuplot missing: nothing written"
# the limit is one for the whole command: a gnuplot that never ends costs
# it once, not once per plot (4 for plot, 8 for a page of two lessons);
# the plots after it are not drawn, said once. Counted by the gnuplots
# started (each stopped at the limit), and the time bounded by 3 limits.
printf '#!/bin/sh\necho started >>"%s"\nexec sleep 600\n' "$tmp/starts" >"$tmp/hang/gnuplot"
start=$(date +%s)
PATH=$tmp/hang:$PATH ISOLAB_TOOL_TIMEOUT=3 "$ISOLAB" --db "$db" plot --format svg -o "$tmp/hung4" >"$tmp/out.txt" 2>"$tmp/err.txt"
rc=$? took=$(($(date +%s) - start))
check "gnuplot that never ends, every plot: exit 6, the first stopped, the others not drawn, said once" \
    "6|isolab plot: plot channels: gnuplot did not finish in 3 s; stopped it; not drawn either: samples, axes, frontier|" \
    "$rc|$(cat "$tmp/err.txt")|$(cat "$tmp/out.txt")"
check "... one gnuplot started, no image" "1 axes.csv channels.csv frontier.csv samples.csv" \
    "$(wc -l <"$tmp/starts" | tr -d ' ') $(ls -A "$tmp/hung4" | tr '\n' ' ' | sed 's/ $//')"
[ "$took" -lt 9 ] && ok "... within one limit (3 s; took $took s)" || not_ok "... within one limit (3 s; took $took s)"
rm -f "$tmp/starts"
start=$(date +%s)
PATH=$tmp/hang:$PATH ISOLAB_TOOL_TIMEOUT=3 "$ISOLAB" --db "$db" page -o "$tmp/hung.html" 2>"$tmp/err.txt"
rc=$? took=$(($(date +%s) - start))
check "page, gnuplot that never ends: exit 0, the plots left out, said once" \
    "0|isolab page: note: the plots are left out: plot channels: gnuplot did not finish in 3 s; stopped it" \
    "$rc|$(grep 'plot' "$tmp/err.txt")"
check "... one gnuplot started, none drawn; each plot after the first not drawn" \
    "1 0 $(($(grep -c 'plot could not be drawn: ' "$tmp/hung.html") - 1))" \
    "$(wc -l <"$tmp/starts" | tr -d ' ') $(grep -c '^<svg' "$tmp/hung.html") $(grep -c 'plot could not be drawn: plot [a-z]*: not drawn: the 3 s gnuplot may take for the plots ran out' "$tmp/hung.html")"
[ "$took" -lt 9 ] && ok "... within one limit (3 s; took $took s)" || not_ok "... within one limit (3 s; took $took s)"
# a gnuplot that ends at once, reading none of the plots isolab writes to
# its input: each plot fails (the first is said, the others named),
# nothing hangs, no image
mkdir "$tmp/quit" && printf '#!/bin/sh\nexit 0\n' >"$tmp/quit/gnuplot" && chmod +x "$tmp/quit/gnuplot"
PATH=$tmp/quit:$PATH timeout 30 "$ISOLAB" --db "$db" plot -o "$tmp/quitted" >/dev/null 2>"$tmp/err.txt"
rc=$?
# (it ends before isolab writes, or after: said either way)
sed -e 's/gnuplot wrote no image for [^;]*/gnuplot ended/' -e 's/gnuplot ended (exit status 0) before it read the script channels.gp/gnuplot ended/' \
    "$tmp/err.txt" >"$tmp/err2.txt"
check "gnuplot that reads nothing: exit 6, the first plot named, no image" \
    "6 isolab plot: plot channels: gnuplot ended; not drawn either: samples, axes, frontier axes.csv channels.csv frontier.csv samples.csv" \
    "$rc $(cat "$tmp/err2.txt") $(ls -A "$tmp/quitted" | tr '\n' ' ' | sed 's/ $//')"

"$ISOLAB" --db "$tmp/empty.db" init >/dev/null 2>&1
"$ISOLAB" --db "$tmp/empty.db" plot samples -o "$tmp/norun" >/dev/null 2>"$tmp/err.txt"
check "no samples run: exit 3" 3 $?
grep -q "run 'isolab --db $tmp/empty.db lesson M03/K05' first" "$tmp/err.txt" && ok "no samples run: names the focus lesson's command" \
    || not_ok "no samples run: names the focus lesson's command"
# under another lesson's focus the command is that lesson's ('isolab sweep
# samples' alone would sweep the default focus, and the plot stay empty)
"$ISOLAB" --db "$tmp/empty.db" plot samples --lesson M03/K04 -o "$tmp/norun" >/dev/null 2>"$tmp/err.txt"
check "no samples run, --lesson M03/K04: names that lesson's command" \
    "3 isolab plot: note: samples: $tmp/empty.db holds no finished 'samples' run; run 'isolab --db $tmp/empty.db lesson M03/K04' first" \
    "$? $(head -n 1 "$tmp/err.txt")"
# the focus lesson's sweep only: M03/K04's plot names M03/K04's command, and
# that command, pasted, makes the plot drawable
mkdir -p "$tmp/pbin" && ln -sf "$ISOLAB" "$tmp/pbin/isolab"
k5db=$tmp/k05only.db
"$ISOLAB" --db "$k5db" lesson >/dev/null 2>&1
"$ISOLAB" --db "$k5db" plot samples --lesson M03/K04 -o "$tmp/k4" >/dev/null 2>"$tmp/err.txt"
check "samples of another lesson's focus not swept: exit 3, that lesson's command" \
    "3 isolab plot: plot samples: plot_samples has no rows; run 'isolab --db $k5db lesson M03/K04' first" \
    "$? $(cat "$tmp/err.txt")"
PATH="$tmp/pbin:$PATH" sh -c "$(sed -n "s/.* run '\(.*\)' first$/\1/p" "$tmp/err.txt")" >/dev/null 2>&1
"$ISOLAB" --db "$k5db" plot samples --lesson M03/K04 -o "$tmp/k4" >/dev/null 2>&1
check "... pasted, it sweeps that pair: the plot is drawn" "0 system-call-tracing" \
    "$? $(awk -F, 'NR == 2 { print $3 }' "$tmp/k4/samples.csv")"
# a lesson's plots are those its section of the page shows, by one rule
# (isl_lesson_plots): the tracing lesson prints no sample count sweep, so
# it has no samples plot, with --lesson or as the default lesson
k6db=$tmp/k06.db
"$ISOLAB" --db "$k6db" init >/dev/null && "$ISOLAB" --db "$k6db" load lessons/030_M03_K06_in_kernel_tracing.sql >/dev/null 2>&1 \
    && "$ISOLAB" --db "$k6db" lesson M03/K06 >/dev/null 2>&1 && "$ISOLAB" --db "$k6db" sweep bundles >/dev/null 2>&1
"$ISOLAB" --db "$k6db" plot --lesson M03/K06 -o "$tmp/k6" >"$tmp/out.txt" 2>"$tmp/err.txt"
check "plot --lesson M03/K06: channels, axes, frontier, no samples" "0|channels axes frontier|" \
    "$?|$(cut -d: -f1 "$tmp/out.txt" | tr '\n' ' ' | sed 's/ $//')|$(cat "$tmp/err.txt")"
"$ISOLAB" --db "$k6db" page --lesson M03/K06 -o "$tmp/k6.html" >/dev/null 2>&1
check "... the plots of its section of the page (but channel_cost, a measurement not made here: the default set leaves it out)" \
    "$(cut -d: -f1 "$tmp/out.txt" | tr '\n' ' ' | sed 's/ $//')" \
    "$(grep -o 'id="plot-M03-K06-[a-z_]*"' "$tmp/k6.html" | sed 's/.*K06-//; s/"//' | grep -v '^channel_cost$' | tr '\n' ' ' | sed 's/ $//')"
"$ISOLAB" --db "$k6db" focus M03/K06 >/dev/null 2>&1 && "$ISOLAB" --db "$k6db" plot -o "$tmp/k6d" >"$tmp/out.txt" 2>&1
check "... and as the default lesson (isolab focus), plot without --lesson" "0|channels axes frontier" \
    "$?|$(cut -d: -f1 "$tmp/out.txt" | tr '\n' ' ' | sed 's/ $//')"
"$ISOLAB" --db "$k6db" plot samples -o "$tmp/k6s" >/dev/null 2>"$tmp/err.txt"
check "... its samples plot asked for: exit 3, naming the sweep of its pair (the lesson makes none)" \
    "3 isolab plot: note: samples: $k6db holds no finished 'samples' run; run 'isolab --db $k6db sweep samples --bundle strict --channel in-kernel-tracing' first" \
    "$? $(head -n 1 "$tmp/err.txt")"
# --bundle names a pair no lesson sweeps: the sweep of that pair, not the
# lesson (which would sweep its own pair again)
"$ISOLAB" --db "$k5db" plot samples --bundle common -o "$tmp/kc" >/dev/null 2>"$tmp/err.txt"
check "samples of a pair set by --bundle not swept: exit 3, the sweep of that pair" \
    "3 isolab plot: plot samples: plot_samples has no rows; run 'isolab --db $k5db sweep samples --bundle common --channel sampling-profile' first" \
    "$? $(cat "$tmp/err.txt")"
PATH="$tmp/pbin:$PATH" sh -c "$(sed -n "s/.* run '\(.*\)' first$/\1/p" "$tmp/err.txt")" >/dev/null 2>&1
"$ISOLAB" --db "$k5db" plot samples --bundle common -o "$tmp/kc" >/dev/null 2>&1
check "... pasted, it sweeps that pair: the plot is drawn" "0 common" \
    "$? $(awk -F, 'NR == 2 { print $2 }' "$tmp/kc/samples.csv")"
"$ISOLAB" --db "$tmp/empty.db" plot -o "$tmp/norun" >/dev/null 2>"$tmp/err.txt"
check "no runs at all: one line per missing run" 4 "$(grep -c 'first$' "$tmp/err.txt")"
[ ! -e "$tmp/norun" ] && ok "no runs: nothing written" || not_ok "no runs: nothing written"

# runs of an older model only (the baseline run time, which every bundle x
# channel reads, changed since): the channels plot has no current point to
# draw, and says what to run, as the others do
sdb=$tmp/stale.db
printf "UPDATE setting SET value = 1200 WHERE key = 'baseline_time';\n" >"$tmp/cost5.sql"
"$ISOLAB" --db "$sdb" lesson >/dev/null 2>&1 && "$ISOLAB" --db "$sdb" load "$tmp/cost5.sql" >/dev/null 2>&1
"$ISOLAB" --db "$sdb" plot channels -o "$tmp/stale" >/dev/null 2>"$tmp/err.txt"
check "runs of an older model only: channels plot exits 3, names the command, no image" \
    "3|isolab plot: plot channels: plot_channels has no rows; run 'isolab --db $sdb run' first|" \
    "$?|$(grep -v '^  \|note:' "$tmp/err.txt")|$(ls -A "$tmp/stale" 2>/dev/null | grep -v csv)"
"$ISOLAB" --db "$sdb" run --channel sampling-profile >/dev/null 2>&1
"$ISOLAB" --db "$sdb" plot channels -o "$tmp/stale" >/dev/null 2>&1
check "... after a run of one channel: that channel alone is drawn" "0 sampling-profile" \
    "$? $(awk -F, 'NR > 1 { print $3 }' "$tmp/stale/channels.csv" | tr '\n' ' ' | sed 's/ $//')"
# the model changes again: the plot that now fails leaves the files it drew
# before as they were (its CSV is not replaced by a header alone), and
# writes no CSV where there was none
cp "$tmp/stale/channels.csv" "$tmp/channels.before.csv"
printf "UPDATE setting SET value = 1300 WHERE key = 'baseline_time';\n" >"$tmp/cost6.sql"
"$ISOLAB" --db "$sdb" load "$tmp/cost6.sql" >/dev/null 2>&1
"$ISOLAB" --db "$sdb" plot channels -o "$tmp/stale" >/dev/null 2>&1
check "a plot that fails keeps its old CSV" "3 same" \
    "$? $(cmp -s "$tmp/stale/channels.csv" "$tmp/channels.before.csv" && echo same || echo changed)"
"$ISOLAB" --db "$sdb" plot channels -o "$tmp/stale2" >/dev/null 2>&1
check "a plot that fails writes no CSV" "3 none" "$? $(ls -A "$tmp/stale2" 2>/dev/null | tr '\n' ' ')none"

"$ISOLAB" --db "$db" plot pie -o "$tmp/bad" >/dev/null 2>&1
check "unknown plot: exit 2" 2 $?
"$ISOLAB" --db "$db" plot --format jpg -o "$tmp/bad" >/dev/null 2>&1
check "unknown format: exit 2" 2 $?
"$ISOLAB" --db "$db" plot -o "$(printf 'a\nb')" >/dev/null 2>&1
check "a directory name with a newline: exit 2" 2 $?
"$ISOLAB" --db "$db" plot channels -o "$tmp/it's here" >/dev/null 2>&1
check "a directory name with a quote: exit 0" 0 $?
[ -s "$tmp/it's here/channels.png" ] && ok "a directory name with a quote: image written" \
    || not_ok "a directory name with a quote: image written"
[ ! -e "$tmp/bad" ] && ok "bad command lines: nothing written" || not_ok "bad command lines: nothing written"


# --- one bundle x channel per samples plot -----------------------------------
# With two lessons' sample sweeps current (K05: strict x sampling-profile,
# returning 1; K04: strict x system-call-tracing, returning 2, worked out
# from the seeds), the samples plot draws the focus lesson's alone, and
# --lesson M03/K04 draws K04's.
db2=$tmp/two.db
"$ISOLAB" --db "$db2" lesson --all >/dev/null 2>&1
"$ISOLAB" --db "$db2" plot samples -o "$tmp/two5" >/dev/null 2>&1
check "samples plot: the focus lesson's sweep only" "sampling-profile:1 1 1 1" \
    "$(awk -F, 'NR > 1 { c = $3; r = r (r ? " " : "") $6 } END { print c ":" r }' "$tmp/two5/samples.csv")"
"$ISOLAB" --db "$db2" plot samples --lesson M03/K04 -o "$tmp/two4" >/dev/null 2>&1
check "samples plot --lesson M03/K04: that lesson's sweep only" "system-call-tracing:2 2 2 2" \
    "$(awk -F, 'NR > 1 { c = $3; r = r (r ? " " : "") $6 } END { print c ":" r }' "$tmp/two4/samples.csv")"

# A full disk under -o DIR is exit 7 naming the user's file (it was exit 6,
# "gnuplot wrote no image to DIR/.channels.png.tmp-..."). Needs mount (root).
mkdir "$tmp/full"
if mount -t tmpfs -o size=16k tmpfs "$tmp/full" 2>/dev/null; then
    "$ISOLAB" --db "$db" plot channels -o "$tmp/full" >/dev/null 2>"$tmp/full.err"
    rc=$?
    umount "$tmp/full"
    check "plot on a full disk: exit 7, the image named, no temporary" \
        "7|isolab plot: plot channels: cannot write $tmp/full/channels.png: no space left on the device" \
        "$rc|$(cat "$tmp/full.err")"
else
    echo "skip - plot on a full disk: cannot mount a small tmpfs here"
fi

finish
