# isolab plot 'channels': each channel's cost against the facts it returns,
# across lessons, one point mark per place, with a line of equal cost per
# returned fact through each mark (a mark below a line is cheaper per
# fact). Channels of the same returned count and cost share one mark,
# named in the key by every channel it stands for (plot_channels'
# mark_names). Each mark has its own point shape and colour (the Okabe-Ito
# palette, which colour-blind readers tell apart; black first), its line
# the same colour with its own dash, named in the key under the plot with
# its numbers; the focus lesson's channel's mark is marked in the key and
# its line drawn solid and thick. Marks of nearly the same place are set
# side by side (plot_channels' x). No text is drawn among the marks, so
# nothing can cover a mark, a line or another label however many channels
# there are. Data: the saved query plot_channels (channel_comparison: one
# bundle, strict by default).
#
# isolab plot channels  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export plot_channels -o plots/channels.csv
#             gnuplot gnuplot/channels.gp        (writes plots/channels.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/channels.csv'
if (!exists("out")) out = 'plots/channels.'.fmt
set datafile separator ','
set datafile columnheaders
# No floating point trap set and reset around each expression a 'using'
# evaluates (three system calls each, a third of gnuplot's time on the
# page): none is raised, as gnuplot checks an integer division itself and
# a float one gives inf or NaN
set datafile nofpe_trap
set encoding utf8
# Each text cell through txt(): isolab plot hands the rows as $data with
# every text replaced by its index into NAMES, which holds the texts whole
# (gnuplot's data file reader cuts a text at a comma or a quote, and at
# 1,024 characters); by hand, the CSV's own text, read by gnuplot.
txt(c) = exists("NAMES") ? NAMES[int(column(c))] : strcol(c)

# One key line per mark: the channels it stands for, their lessons and
# numbers (T), from the mark's first row (NR), and a shape (P: open and
# filled square, circle, triangle, diamond, then the others).
stats csv using 'cost_pct' nooutput name 'C'
stats csv using 'returned' nooutput name 'R'
stats csv using 'mark' nooutput name 'M'
n = int(M_max)
array T[n]
array NR[n]
array B[1]
array F[1]
F[1] = 0
stats csv using (column('first_in_mark') == 1 ? (NR[int(column('mark'))] = int($0), \
        T[int(column('mark'))] = sprintf("%s%s: %s", column('focus') == 1 ? "this lesson's: " : "", \
        txt('mark_names'), \
        strcol('returned') eq '' ? sprintf("%g %%, no run yet", column('cost_pct')) : \
        column('returned') == 0 ? sprintf("%g %%, returns nothing", column('cost_pct')) : \
        sprintf("%g %%, %d returned, %.2f %% per fact", column('cost_pct'), column('returned'), column('cost_per_fact')))) : 0, \
        B[1] = txt('bundle'), F[1] = column('focus') == 1 ? int(column('mark')) : F[1], 0) nooutput
# the focus channel sharing a mark it is not the first of: the mark's line says so
do for [i=1:n] { if (i == F[1] && strstrt(T[i], "this lesson's: ") != 1) { T[i] = "this lesson's: ".T[i] } }
pt(i) = word("4 5 6 7 8 9 12 13 10 11 14 15 1 2 3", (i - 1) % 15 + 1) + 0
pc(i) = word("#000000 #0072B2 #D55E00 #009E73 #CC79A7 #E69F00 #56B4E9 #8C6D00", (i - 1) % 8 + 1)
pd(i) = (i - 1) % 4 + 2
# the focus channel's line: solid and thick
fdt(i) = i == F[1] ? 1 : pd(i)
flw(i) = i == F[1] ? 3 : 1.5
# each series' name, for the SVG's <title>s (tooltips): the legend line,
# then per mark its line and its point
array ST[2 * n + 1]
ST[1] = 'equal cost per returned fact'
do for [i=1:n] { ST[1 + i] = 'equal cost per returned fact: '.T[i]; ST[1 + n + i] = T[i] }

# The canvas grows by one key line per mark; the key sits under the
# x axis's label at a fixed place (pixels: kh for the key, 70 for the tics
# and the label above it).
# The canvas is as wide as the title and the longest key line need.
kh = 26 * (n + 1) + 16
h = 480 + kh
ptitle = sprintf("Cost of each channel against the facts it returns, under bundle %s", B[1])
W = 8 * strlen(ptitle) + 120
do for [i=1:n] { W = W < 8 * strlen(T[i]) + 200 ? 8 * strlen(T[i]) + 200 : W }
W = W < 900 ? 900 : int(W)
# (fixed: the SVG states its size, the size the page shows it at on a phone)
term = fmt eq 'svg' ? sprintf("svg size %d,%d fixed font 'sans,12' background '#ffffff'", W, h) \
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
set key at screen 80.0 / W, screen (kh + 8.0) / h left top Left reverse vertical maxrows n + 1 samplen 2.5 spacing 1.45 box lc 'grey50'
set format y "%g %%"

# The line through a mark from the origin holds every channel of
# the same cost per returned fact; it runs to the frame,
end_x(slope) = slope * xmax > ymax ? ymax / slope : xmax
# from a third of a step out, so that the lines do not merge at the origin
x0 = 0.3
plot NaN with lines dt 2 lw 1.5 lc 'grey30' title "equal cost per returned fact: the line through a channel, in its colour", \
     for [i=1:n] csv every ::NR[i]::NR[i] \
         using (x0):(x0 * column('cost_per_fact')):(end_x(column('cost_per_fact')) - x0):((end_x(column('cost_per_fact')) - x0) * column('cost_per_fact')) \
         with vectors nohead dt fdt(i) lw flw(i) lc rgb pc(i) notitle, \
     for [i=1:n] csv every ::NR[i]::NR[i] using 'x':'cost_pct' \
         with points pt pt(i) ps 1.7 lw 1.5 lc rgb pc(i) title T[i]

# SVG: the plot's own title in place of gnuplot's "Gnuplot", and each
# series' name (ST) in place of gnuplot's "gnuplot_plot_N", so a tooltip
# names what it points at; the file is read back and written again, every
# title XML-escaped (each slice to its string's end by strlen: an open
# slice s[i:] ends at gnuplot's 65,535th character, and would cut an SVG).
# isolab plot passes titles, a file for the titles, one a line (the plot's,
# then ST's), and puts them in itself (plot.c's put_titles, the same way):
# reading the SVG back costs gnuplot a shell and a cat per plot.
if (fmt eq 'svg' && exists("titles")) {
    unset output
    set print titles
    print ptitle
    do for [i=1:|ST|] { print ST[i] }
    unset print
}
if (fmt eq 'svg' && !exists("titles")) {
    unset output
    rep(s, a, b) = (r_ = strstrt(s, a)) ? s[1:r_ - 1].b.rep(s[r_ + strlen(a):strlen(s)], a, b) : s
    xml(s) = rep(rep(rep(s, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')
    svg = system("cat '".rep(out, "'", "'\\''")."'")
    t_ = strstrt(svg, '<title>Gnuplot</title>')
    svg = svg[1:t_ - 1].'<title>'.xml(ptitle).'</title>'.svg[t_ + 22:strlen(svg)]
    # each series' group by its id (gnuplot_plot_N, then a letter per
    # multiplot panel), whatever title gnuplot gave it: a gnuplot that drew
    # other plots before (isolab draws many in one) may give a stale one
    o_ = ''
    while ((p_ = strstrt(svg, '<g id="gnuplot_plot_')) > 0) {
        q_ = svg[p_ + 20:strlen(svg)]
        k_ = 0
        i_ = 1
        while (strstrt('0123456789', q_[i_:i_]) > 0) { k_ = 10 * k_ + strstrt('0123456789', q_[i_:i_]) - 1; i_ = i_ + 1 }
        s_ = strstrt(q_, '<title>')
        e_ = strstrt(q_, '</title>')
        if (s_ > 0 && s_ < i_ + 8 && e_ > s_) {
            o_ = o_.svg[1:p_ + 19].q_[1:s_ + 6].xml(k_ >= 1 && k_ <= |ST| ? ST[k_] : ptitle).'</title>'
            svg = q_[e_ + 8:strlen(q_)]
        } else {
            o_ = o_.svg[1:p_ + 19]
            svg = q_
        }
    }
    set print out
    print o_.svg
    unset print
}
