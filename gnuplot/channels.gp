# isolab plot 'channels': each channel's cost against the facts it returns,
# one labelled point per channel, across lessons, with a line of equal cost
# per returned fact through each point (a point below a line is cheaper per
# fact). Data: the saved query channel_comparison (under strict).
#
# isolab plot channels  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export channel_comparison -o plots/channels.csv
#             gnuplot gnuplot/channels.gp        (writes plots/channels.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/channels.csv'
if (!exists("out")) out = 'plots/channels.'.fmt
term = fmt eq 'svg' ? "svg size 800,560 dynamic font 'sans,12'" : "pngcairo size 800,560 font 'sans,11'"
set terminal @term
set output out
set datafile separator ','
set datafile columnheaders

stats csv using 'returned' nooutput name 'R'
stats csv using 'cost_pct' nooutput name 'C'
xmax = R_max + 1.5
ymax = C_max * 1.3

set title "Cost of each channel against the facts it returns (bundle strict)"
set xlabel "returned facts (count of closed facts the channel shows again)"
set ylabel "cost (% of the baseline run time)"
set xrange [0:xmax]
set yrange [0:ymax]
set xtics 1
set grid lt 0 lc 'grey70'
set key top left box opaque
set format y "%g %%"

# The line through a channel's point from the origin holds every channel of
# the same cost per returned fact; it is labelled at the top of the plot or
# at its right end, whichever it reaches first.
top_x(slope) = slope * xmax > ymax ? ymax / slope : xmax
plot csv using (0):(0):(top_x(column('cost_per_fact'))):(top_x(column('cost_per_fact')) * column('cost_per_fact')) \
         with vectors nohead dt 2 lw 1.5 lc 'black' title 'equal cost per returned fact', \
     csv using (top_x(column('cost_per_fact'))):(top_x(column('cost_per_fact')) * column('cost_per_fact')):(sprintf("%.2f %% per fact", column('cost_per_fact'))) \
         with labels right offset -0.5,-1 font ',10' notitle, \
     csv using 'returned':'cost_pct':(int($0) % 6 + 4) with points pt variable ps 2.5 lc 'black' notitle, \
     csv using 'returned':'cost_pct':(sprintf("%s (%s)\n%g %%, %d returned", strcol('channel'), strcol('lesson'), column('cost_pct'), column('returned'))) \
         with labels left offset 2,0 notitle
