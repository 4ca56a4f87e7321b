# isolab plot 'axes': for one channel, one panel per bundle; in each, the
# share of each axis's facts that stays visible without the channel (hollow
# bar) and with it (grey bar), the axes in the course's order. A share of
# 0 % is a thick line at the base, so it cannot pass for missing data; where
# the channel changes a share, an arrow runs from one bar's top to the
# other's under 'before -> after'. Each axis has a slot wide enough for
# that label, and the canvas grows with the axes and the bundles, so no
# text can meet another. A bundle under which every axis stays wholly
# visible (plain) has no panel; the title names it. Data: the saved query
# plot_axes (axis_visibility for one channel, laid out by bundle).
#
# isolab plot axes  passes csv, out and fmt; by hand, from the top directory:
#             ./isolab export plot_axes -o plots/axes.csv
#             gnuplot gnuplot/axes.gp             (writes plots/axes.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/axes.csv'
if (!exists("out")) out = 'plots/axes.'.fmt
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

stats csv using 'axis_no' nooutput name 'A'
stats csv using 'bundle_no' nooutput name 'N'
nb = int(N_max)
na = int(A_max)
array BN[nb]
array CH[1]
array LO[1]
array AX[na]
stats csv using (BN[int(column('bundle_no'))] = txt('bundle'), CH[1] = txt('channel'), \
                 AX[int(column('axis_no'))] = txt('axis'), LO[1] = txt('left_out'), 0) nooutput
ptitle = sprintf("Visible share of each axis's facts without and with channel %s, per bundle%s", CH[1], \
                 LO[1] eq '' ? '' : sprintf(" (not drawn: %s, every axis wholly visible)", LO[1]))
array ST[6]
ST[1] = 'without the channel'
ST[2] = 'with the channel'
ST[3] = '0 % without the channel: a thick line at the base'
ST[4] = '0 % with the channel: a thick line at the base'
ST[5] = 'the change the channel makes'
ST[6] = 'the share before and after'

# Layout in pixels: the title and key on top, then per bundle a line for
# its name and a panel, then the axis names (turned 45 degrees) and the
# x label under the last panel.
longest = 0
do for [i=1:na] { longest = strlen(AX[i]) > longest ? strlen(AX[i]) : longest }
ph = 165
top = 78
bottom = 70 + 5 * longest
W = 110 * na + 130
W = W < 8 * strlen(ptitle) + 120 ? 8 * strlen(ptitle) + 120 : W
W = W < 900 ? 900 : int(W)
H = int(top + nb * (ph + 30) + bottom)
# (fixed: the SVG states its size, the size the page shows it at on a phone)
term = fmt eq 'svg' ? sprintf("svg size %d,%d fixed font 'sans,12' background '#ffffff'", W, H) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, H)
set terminal @term noenhanced
set output out

w = 0.38
changed(c) = column('pct_with') != column('pct_without')
up(c) = column('pct_with') > column('pct_without') ? column('pct_with') : column('pct_without')
sy(px) = 1 - px / (1.0 * H)

set multiplot
set label 1 ptitle at screen 0.5, sy(24) center
set lmargin at screen 95.0 / W
set rmargin at screen 1 - 25.0 / W
set xrange [0.4:na + 0.6]
set yrange [-7:130]
set ytics 0,50,100
set format y "%g %%"
set grid ytics lt 0 lc 'grey70'
set style fill solid border lc 'black'
set key at screen 1 - 25.0 / W, sy(42) right top horizontal samplen 2 box lc 'grey50'
do for [b=1:nb] {
    t = top + (b - 1) * (ph + 30) + 30
    set tmargin at screen sy(t)
    set bmargin at screen sy(t + ph)
    set label 2 sprintf("bundle %s", BN[b]) at screen 95.0 / W, sy(t - 9) left font ',12'
    set ylabel "visible (%)"
    if (b == nb) {
        set xtics () rotate by 45 right scale 0
        # a tic's label is a format: each % of an axis's name doubled
        # (a loop: a recursive function overflows gnuplot's stack)
        do for [i=1:na] {
            l_ = AX[i]
            t_ = ''
            while ((r_ = strstrt(l_, '%')) > 0) { t_ = t_.l_[1:r_].'%'; l_ = l_[r_ + 1:strlen(l_)] }
            set xtics add (t_.l_ i)
        }
        set xlabel "axis, in the course's order" offset 0,-0.3
    } else {
        set xtics 1 format "" scale 0
        unset xlabel
    }
    if (b > 1) { unset key; unset label 1 }
    ins(c) = column('bundle_no') == b
    plot csv using (ins(0) ? column('axis_no') - w / 2 : NaN):'pct_without':(w) \
             with boxes fs empty border lc 'black' lc 'black' title 'without the channel', \
         csv using (ins(0) ? column('axis_no') + w / 2 : NaN):'pct_with':(w) \
             with boxes fs solid 0.45 border lc 'black' lc 'black' title 'with the channel', \
         csv using (ins(0) && column('pct_without') == 0 ? column('axis_no') - w : NaN):(0):(w):(0) \
             with vectors nohead lw 4 lc 'black' title '0 %: a thick line at the base', \
         csv using (ins(0) && column('pct_with') == 0 ? column('axis_no') : NaN):(0):(w):(0) \
             with vectors nohead lw 4 lc 'black' notitle, \
         csv using (ins(0) && changed(0) ? column('axis_no') - w / 2 : NaN):(column('pct_without')):(w):(column('pct_with') - column('pct_without')) \
             with vectors head filled size screen 0.008,25 lw 2 lc 'black' notitle, \
         csv using (ins(0) && changed(0) ? column('axis_no') : NaN):(up(0)):(sprintf("%.0f %% \342\206\222 %.0f %%", column('pct_without'), column('pct_with'))) \
             with labels offset 0,0.9 font ',10' notitle
    unset label 2
}
unset multiplot

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
