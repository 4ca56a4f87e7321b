# isolab plot 'samples': the sample count sweep on log-log axes. The profile
# writes one line per sample, so its output grows with the sample count,
# while the facts it returns stay the same. Data: the saved query
# current_sample_sweep (the latest 'isolab sweep samples').
#
# isolab plot samples  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export current_sample_sweep -o plots/samples.csv
#             gnuplot gnuplot/samples.gp          (writes plots/samples.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/samples.csv'
if (!exists("out")) out = 'plots/samples.'.fmt
term = fmt eq 'svg' ? "svg size 800,560 dynamic font 'sans,12'" : "pngcairo size 800,560 font 'sans,11'"
set terminal @term
set output out
set datafile separator ','
set datafile columnheaders

stats csv using 'samples' nooutput name 'S'
stats csv using 'lines' nooutput name 'L'

set title "Sample count sweep: output grows, returned facts stay flat"
set xlabel "samples taken (count, log scale)"
set ylabel "count (log scale)"
set logscale xy 10
set xrange [S_min / 2 : S_max * 2]
set yrange [0.5 : L_max * 4]
set format x "10^{%L}"
set format y "10^{%L}"
set grid lt 0 lc 'grey70'
set key top left box opaque

# The first row names the bundle and channel the sweep ran under.
plot csv using 'samples':'lines' with linespoints dt 1 pt 7 ps 1.5 lw 2 lc 'black' title 'profile lines written (one per sample)', \
     csv using 'samples':'returned' with linespoints dt 2 pt 4 ps 1.8 lw 2 lc 'black' title 'returned facts', \
     csv using 'samples':'returned':(sprintf("%d", column('returned'))) with labels offset 0,1.2 notitle, \
     csv every ::0::0 using (S_min * 0.7):(L_max / 5):(sprintf("bundle %s, channel %s", strcol('bundle'), strcol('channel'))) \
         with labels left notitle
