# isolab plot 'samples': the sample count sweep on log-log axes. The profile
# writes one line per sample, so its output grows with the sample count,
# while the facts it returns stay the same. A channel that returns nothing
# keeps its row of marks: 0 has no place on a log axis, so it is drawn on
# a row of its own under 1, labelled 0 (and said so in the key). Data:
# the saved query
# plot_samples (the current samples sweep of the focus bundle x channel).
#
# isolab plot samples  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export plot_samples -o plots/samples.csv
#             gnuplot gnuplot/samples.gp          (writes plots/samples.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/samples.csv'
if (!exists("out")) out = 'plots/samples.'.fmt
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

stats csv using 'samples' nooutput name 'S'
stats csv using 'lines' nooutput name 'L'
stats csv using 'returned' nooutput name 'R'
# where 0 returned facts is drawn: a row under 1, labelled 0
zrow = 0.35
ret(c) = column('returned') > 0 ? column('returned') : zrow
rtitle = R_min > 0 ? 'returned facts' : 'returned facts (0 drawn on the row labelled 0: none returned)'
array ST[3]
ST[1] = 'output lines written (one per sample)'
ST[2] = rtitle
ST[3] = 'the returned count at each sample count'
array BC[1]
stats csv every ::0::0 using (BC[1] = sprintf("bundle %s, channel %s", txt('bundle'), txt('channel')), 0) nooutput
ptitle = sprintf("Sample count sweep under %s: output grows, returned facts stay flat", BC[1])

# The canvas is as wide as the title needs; the key sits under the x
# axis's label at a fixed place (pixels).
W = 8 * strlen(ptitle) + 120
W = W < 800 ? 800 : int(W)
H = 620
# (fixed: the SVG states its size, the size the page shows it at on a phone)
term = fmt eq 'svg' ? sprintf("svg size %d,%d fixed font 'sans,12' background '#ffffff'", W, H) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, H)
set terminal @term
set output out

set title ptitle noenhanced
set xlabel "samples taken (count, log scale)"
set ylabel "count (log scale)"
set logscale xy 10
set xrange [S_min / 2 : S_max * 2]
set yrange [(R_min > 0 ? 0.5 : 0.2) : L_max * 4]
set format x "10^{/=10 %L}"
set format y "10^{/=10 %L}"
if (R_min == 0) { set ytics add ("0" zrow) }
set grid lt 0 lc 'grey70'
set bmargin at screen (50.0 + 78) / H
set key at screen 80.0 / W, screen 58.0 / H left top Left reverse vertical maxrows 2 samplen 3 box lc 'grey50'

plot csv using 'samples':'lines' with linespoints dt 1 pt 7 ps 1.5 lw 2 lc 'black' title 'output lines written (one per sample)', \
     csv using 'samples':(ret(0)) with linespoints dt 2 pt 4 ps 1.8 lw 2 lc 'black' title rtitle, \
     csv using 'samples':(ret(0)):(sprintf("%d", column('returned'))) with labels offset 0,1.2 notitle

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
