# isolab plot 'axes': per bundle, the share of each axis's facts that stays
# visible without the channel (hollow bar) and with it (grey bar); where the
# channel changes the share, the bar carries 'before -> after'. Data: the
# saved query plot_axes (axis_visibility for one channel, laid out by bundle).
#
# isolab plot axes  passes csv, out and fmt; by hand, from the top directory:
#             ./isolab export plot_axes -o plots/axes.csv
#             gnuplot gnuplot/axes.gp             (writes plots/axes.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/axes.csv'
if (!exists("out")) out = 'plots/axes.'.fmt
term = fmt eq 'svg' ? "svg size 1100,600 dynamic font 'sans,12'" : "pngcairo size 1100,600 font 'sans,11'"
set terminal @term
set output out
set datafile separator ','
set datafile columnheaders
set encoding utf8

stats csv using 'x' nooutput name 'X'

set title "Visible share of each axis, without and with the channel, per bundle"
set ylabel "visible facts of the axis (% of its facts)"
set xlabel "axis, grouped by bundle" offset 0,-0.5
set xrange [0:X_max + 1]
set yrange [0:135]
set ytics 0,25,100
set format y "%g %%"
set xtics rotate by 45 right scale 0 font ',10'
set grid ytics lt 0 lc 'grey70'
set key top right box opaque horizontal
set style fill solid border lc 'black'
w = 0.38

# Where the channel changes an axis's share, an arrow runs from the top of
# the bar without it to the top of the bar with it, under 'before -> after'
# (\342\206\222 is a right arrow in UTF-8).
changed(c) = column('pct_with') != column('pct_without')
plot csv using (column('x') - w / 2):'pct_without':(w):xtic(strcol('axis')) \
         with boxes fs empty border lc 'black' lc 'black' title 'without the channel', \
     csv using (column('x') + w / 2):'pct_with':(w) with boxes fs solid 0.45 border lc 'black' lc 'black' title 'with the channel', \
     csv using (changed(0) ? column('x') - w / 2 : NaN):(column('pct_without')):(w):(column('pct_with') - column('pct_without')) \
         with vectors head filled size screen 0.012,25 lw 2.5 lc 'black' notitle, \
     csv using 'x':(changed(0) ? column('pct_with') : NaN):(sprintf("%.0f %% \342\206\222 %.0f %%", column('pct_without'), column('pct_with'))) \
         with labels offset 0,1.5 font 'sans:Bold,11' notitle, \
     csv using (column('axis_no') == 1 ? column('x') - 0.5 : NaN):(112):(sprintf("bundle %s", strcol('bundle'))) \
         with labels left font 'sans:Bold,12' notitle, \
     csv every ::0::0 using (0.5):(127):(sprintf("channel: %s", strcol('channel'))) with labels left notitle
