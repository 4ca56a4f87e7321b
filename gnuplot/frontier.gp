# isolab plot 'frontier': the power-set sweep, open surface against bundle
# size for every bundle (subset of the swept mechanisms; bundles of equal
# size and surface side by side), the least open surface reached at each
# size (the line), the frontier bundles (black dots: no smaller bundle
# reaches their surface) and the model's named bundles. Data: the saved
# query plot_frontier (the latest 'isolab sweep bundles', one channel).
#
# isolab plot frontier  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export plot_frontier -o plots/frontier.csv
#             gnuplot gnuplot/frontier.gp         (writes plots/frontier.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/frontier.csv'
if (!exists("out")) out = 'plots/frontier.'.fmt
term = fmt eq 'svg' ? "svg size 900,600 dynamic font 'sans,12'" : "pngcairo size 900,600 font 'sans,11'"
set terminal @term
set output out
set datafile separator ','

stats csv using 'size' nooutput name 'N'
stats csv using 'open_surface' nooutput name 'O'
# the least open surface of each size, one row per size, as a data block
# (it has no header line, so this script leaves 'set datafile columnheaders'
# off: gnuplot reads the CSV's header where a 'using' names a column)
set table $best separator comma
plot csv using 'size':'open_surface' with table if (column('best') == 1)
unset table

set title "Power-set sweep: open surface of every bundle against its size"
set xlabel "bundle size (number of mechanisms)"
set ylabel "open surface (facts visible or returned, count)"
set xrange [N_min - 0.6 : N_max + 0.9]
set yrange [O_min - 2 : O_max + 2]
set xtics 1
set ytics 1
set grid lt 0 lc 'grey70'
set key top right box opaque

chan(s) = s eq '' ? 'no channel' : 'channel '.s
plot csv using 'x':'open_surface' with points pt 6 ps 0.6 lc 'grey40' title 'a bundle', \
     $best using 1:2 with lines dt 2 lw 1.5 lc 'black' title 'least open surface of each size', \
     csv using 'x':(column('on_frontier') == 1 ? column('open_surface') : NaN) with points pt 7 ps 0.9 lc 'black' \
         title 'frontier: no smaller bundle as narrow', \
     csv using 'x':(strcol('named') ne '' ? column('open_surface') : NaN) with points pt 4 ps 3 lw 2 lc 'black' \
         title 'a named bundle', \
     csv using 'x':(strcol('named') ne '' ? column('open_surface') : NaN):(sprintf("%s: %d", strcol('named'), column('open_surface'))) \
         with labels left offset 1.8,0.9 font 'sans:Bold,11' notitle, \
     csv using 'x':(column('mask') == 0 ? O_min - 1 : NaN):(chan(strcol('channel'))) with labels left offset -3,0 notitle
