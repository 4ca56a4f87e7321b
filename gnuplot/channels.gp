# isolab plot 'channels': each channel's cost against the facts it returns,
# across lessons, one point per channel, with a line of equal cost per
# returned fact through each point (a point below a line is cheaper per
# fact). Each channel has its own point shape, named in the key under the
# plot with its numbers; no text is drawn among the points, so nothing can
# cover a point, a line or another label however many channels there are.
# Data: the saved query channel_comparison (one bundle, strict by default).
#
# isolab plot channels  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export channel_comparison -o plots/channels.csv
#             gnuplot gnuplot/channels.gp        (writes plots/channels.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/channels.csv'
if (!exists("out")) out = 'plots/channels.'.fmt
set datafile separator ','
set datafile columnheaders
set encoding utf8

# One key line per channel: its name, lesson and numbers (T), and a shape
# (P: open and filled square, circle, triangle, diamond, then the others).
stats csv using 'cost_pct' nooutput name 'C'
stats csv using 'returned' nooutput name 'R'
n = C_records
array T[n]
array B[1]
stats csv using (T[int($0) + 1] = sprintf("%s (%s): %s", strcol('channel'), strcol('lesson'), \
        strcol('returned') eq '' ? sprintf("%g %%, no run yet", column('cost_pct')) : \
        column('returned') == 0 ? sprintf("%g %%, returns nothing", column('cost_pct')) : \
        sprintf("%g %%, %d returned, %.2f %% per fact", column('cost_pct'), column('returned'), column('cost_per_fact'))), \
        B[1] = strcol('bundle'), 0) nooutput
pt(i) = word("4 5 6 7 8 9 12 13 10 11 14 15 1 2 3", (i - 1) % 15 + 1) + 0

# The canvas grows by one key line per channel; the key sits under the
# x axis's label at a fixed place (pixels: kh for the key, 70 for the tics
# and the label above it).
# The canvas is as wide as the title and the longest key line need.
kh = 19 * (n + 1) + 12
h = 480 + kh
ptitle = sprintf("Cost of each channel against the facts it returns, under bundle %s", B[1])
W = 8 * strlen(ptitle) + 120
do for [i=1:n] { W = W < 8 * strlen(T[i]) + 200 ? 8 * strlen(T[i]) + 200 : W }
W = W < 900 ? 900 : int(W)
term = fmt eq 'svg' ? sprintf("svg size %d,%d dynamic font 'sans,12' background '#ffffff'", W, h) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, h)
set terminal @term noenhanced
set output out

xmax = (R_records > 0 ? R_max : 0) + 0.5
ymax = (C_max > 0 ? C_max : 1) * 1.12
set title ptitle
set xlabel "returned facts (count of closed facts the channel shows again)"
set ylabel "cost (% of the baseline run time)"
set xrange [-0.5:xmax]
set yrange [-ymax * 0.05:ymax]
set xtics 1
set grid lt 0 lc 'grey70'
set bmargin at screen (kh + 78.0) / h
set key at screen 80.0 / W, screen (kh + 8.0) / h left top Left reverse vertical maxrows n + 1 samplen 2.5 box lc 'grey50'
set format y "%g %%"

# The line through a channel's point from the origin holds every channel of
# the same cost per returned fact; it runs to the frame.
end_x(slope) = slope * xmax > ymax ? ymax / slope : xmax
plot NaN with lines dt 2 lw 1.5 lc 'grey30' title 'equal cost per returned fact: the line through a channel', \
     csv using (0):(0):(end_x(column('cost_per_fact'))):(end_x(column('cost_per_fact')) * column('cost_per_fact')) \
         with vectors nohead dt 2 lw 1.5 lc 'grey30' notitle, \
     for [i=1:n] csv every ::(i - 1)::(i - 1) using 'returned':'cost_pct' \
         with points pt pt(i) ps 2.2 lw 1.5 lc 'black' title T[i]

# SVG: the plot's own title in place of gnuplot's "Gnuplot" (the file is
# read back and written again, with the title XML-escaped).
if (fmt eq 'svg') {
    unset output
    rep(s, a, b) = (r_ = strstrt(s, a)) ? s[1:r_ - 1].b.rep(s[r_ + strlen(a):], a, b) : s
    svg = system("cat '".rep(out, "'", "'\\''")."'")
    t_ = strstrt(svg, '<title>Gnuplot</title>')
    xt = rep(rep(rep(ptitle, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
    set print out
    print svg[1:t_ - 1].'<title>'.xt.'</title>'.svg[t_ + 22:]
    unset print
}
