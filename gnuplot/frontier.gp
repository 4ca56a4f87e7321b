# isolab plot 'frontier': the power-set sweep under one channel, open surface
# against bundle size. Each bar stands for the bundles of one size and open
# surface (subsets of the swept mechanisms), its length growing with how
# many they are, black where they are on the frontier (the least open
# surface of their size, smaller than any bundle with fewer mechanisms
# reaches); the dashed line joins the least open surface of each size; the
# model's named bundles are marked with their own shape just above their
# bar (so no bar hides them), named in the key under the plot; the key
# gives the bar length's scale (the longest bar's count). Data: the saved query plot_frontier (the latest
# 'isolab sweep bundles', one channel).
#
# isolab plot frontier  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export plot_frontier -o plots/frontier.csv
#             gnuplot gnuplot/frontier.gp         (writes plots/frontier.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/frontier.csv'
if (!exists("out")) out = 'plots/frontier.'.fmt
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

# one pass for the ranges (A_min_x: the least size, A_min_y the least open
# surface), one for the rest: each pass reads every row again
stats csv using 'size':'open_surface' nooutput name 'A'
N_min = A_min_x; N_max = A_max_x; O_min = A_min_y; O_max = A_max_y
# the named bundles: their rows (NR), key lines (NM), m of them; CH the
# channel; K_max the most bundles in one cell; the least open surface of
# each size (BEST, "size,open_surface", nbest of them)
array NR[A_records > 0 ? A_records : 1]
array NM[A_records > 0 ? A_records : 1]
array BEST[A_records > 0 ? A_records : 1]
array CH[1]
j = 0
nbest = 0
K_max = 0
stats csv using (CH[1] = txt('channel'), K_max = column('cell_bundles') > K_max ? column('cell_bundles') : K_max, \
        column('best') == 1 ? (nbest = nbest + 1, BEST[nbest] = sprintf("%d,%d", column('size'), column('open_surface'))) : 0, \
        txt('named') ne '' ? \
        (j = j + 1, NR[j] = int($0), NM[j] = sprintf("%s: %d mechanisms, open surface %d", \
            txt('named'), column('size'), column('open_surface')), 0) : 0) nooutput
m = j
# those least open surfaces as a data block with a header line as the CSV's
set print $best
print "size,open_surface"
do for [i=1:nbest] { print BEST[i] }
unset print
chan = CH[1] eq '' ? 'no channel' : 'channel '.CH[1]
ptitle = sprintf("Every bundle of the power-set sweep under %s: open surface against size", chan)

# The canvas grows by one key line per named bundle; the key sits under the
# x axis's label at a fixed place (pixels).
kh = 26 * (m + 3) + 16
W = 8 * strlen(ptitle) + 120
do for [i=1:m] { W = W < 8 * strlen(NM[i]) + 200 ? 8 * strlen(NM[i]) + 200 : W }
W = W < 900 ? 900 : int(W)
H = 520 + kh
# (fixed: the SVG states its size, the size the page shows it at on a phone)
term = fmt eq 'svg' ? sprintf("svg size %d,%d fixed font 'sans,12' background '#ffffff'", W, H) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, H)
set terminal @term noenhanced
set output out

set title ptitle
set xlabel "bundle size (number of mechanisms)"
set ylabel "open surface (facts visible or returned, count)"
set xrange [N_min - 0.6 : N_max + 0.6]
set yrange [O_min - 1 : O_max + 1.2]
set xtics 1
if (O_max - O_min <= 30) { set ytics 1 }
set grid lt 0 lc 'grey70'
set bmargin at screen (kh + 78.0) / H
set key at screen 80.0 / W, screen (kh + 8.0) / H left top Left reverse vertical maxrows m + 3 samplen 2.5 spacing 1.45 box lc 'grey50'
set style fill solid 1.0 border lc 'black'

# a cell's bar: as long as 0.8 of a size step for the fullest cell
half(c) = 0.4 * sqrt(column('cell_bundles') / K_max)
cell(c) = column('first_in_cell') == 1
# a named bundle's shape: open square, circle, triangles, diamond, pentagon
npt(i) = word("4 6 8 10 12 14 1 2 3", (i - 1) % 9 + 1) + 0
array ST[3 + m]
ST[1] = 'bundles of one size and open surface'
ST[2] = 'frontier: the least open surface of its size'
ST[3] = 'least open surface of each size'
do for [i=1:m] { ST[3 + i] = NM[i] }
plot csv using (cell(0) && column('on_frontier') != 1 ? column('size') : NaN):'open_surface':(half(0)):(0.22) \
         with boxxyerror fs solid 0.25 border lc 'grey40' lc 'grey75' \
         title sprintf('bundles of one size and open surface (bar length: how many; the longest: %d)', K_max), \
     csv using (cell(0) && column('on_frontier') == 1 ? column('size') : NaN):'open_surface':(half(0)):(0.22) \
         with boxxyerror fs solid 1.0 lc 'black' title 'frontier: the least open surface of its size, less than any smaller bundle', \
     $best using 'size':'open_surface' with lines dt 2 lw 1.5 lc 'black' title 'least open surface of each size', \
     for [i=1:m] csv every ::NR[i]::NR[i] using 'size':(column('open_surface') + 0.6) \
         with points pt npt(i) ps 1.8 lw 2 lc 'black' title NM[i]

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
