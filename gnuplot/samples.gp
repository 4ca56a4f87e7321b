# isolab plot 'samples': the sample count sweep on log-log axes. The profile
# writes one line per sample, so its output grows with the sample count,
# while the facts it returns stay the same. Data: the saved query
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
set encoding utf8

stats csv using 'samples' nooutput name 'S'
stats csv using 'lines' nooutput name 'L'
array BC[1]
stats csv every ::0::0 using (BC[1] = sprintf("bundle %s, channel %s", strcol('bundle'), strcol('channel')), 0) nooutput
ptitle = sprintf("Sample count sweep under %s: output grows, returned facts stay flat", BC[1])

# The canvas is as wide as the title needs; the key sits under the x
# axis's label at a fixed place (pixels).
W = 8 * strlen(ptitle) + 120
W = W < 800 ? 800 : int(W)
H = 620
term = fmt eq 'svg' ? sprintf("svg size %d,%d dynamic font 'sans,12' background '#ffffff'", W, H) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, H)
set terminal @term
set output out

set title ptitle noenhanced
set xlabel "samples taken (count, log scale)"
set ylabel "count (log scale)"
set logscale xy 10
set xrange [S_min / 2 : S_max * 2]
set yrange [0.5 : L_max * 4]
set format x "10^{%L}"
set format y "10^{%L}"
set grid lt 0 lc 'grey70'
set bmargin at screen (50.0 + 78) / H
set key at screen 80.0 / W, screen 58.0 / H left top Left reverse vertical maxrows 2 samplen 3 box lc 'grey50'

plot csv using 'samples':'lines' with linespoints dt 1 pt 7 ps 1.5 lw 2 lc 'black' title 'output lines written (one per sample)', \
     csv using 'samples':'returned' with linespoints dt 2 pt 4 ps 1.8 lw 2 lc 'black' title 'returned facts', \
     csv using 'samples':'returned':(sprintf("%d", column('returned'))) with labels offset 0,1.2 notitle

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
