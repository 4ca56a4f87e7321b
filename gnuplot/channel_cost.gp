# isolab plot 'channel_cost': what each channel cost for real against the
# events its program recorded per CPU-second of the workload's loop (the
# sampling rate for perf, the syscall rate for strace), on log-log axes,
# with the model's cost of each channel drawn as a dashed line: the model
# takes it as one number at any rate (its OD10). The cost is the workload's
# CPU time observed above unobserved, in percent: the median over the
# rounds, the range as a bar; a cost of 0.1 % or less (none to measure, or
# the noise below zero) is drawn on the floor at 0.1 %, as the title says.
# A channel's workloads are set side by side (x times 1.3 to the power of
# the row's dodge: x 0.88 and x 1.14 for two), so that two workloads at
# one rate never hide each other's mark.
# Data: the saved query plot_channel_cost (isolab probe --channel).
#
# isolab plot channel_cost  passes csv, out and fmt; by hand, from the top
# directory:  ./isolab export plot_channel_cost -o plots/channel_cost.csv
#             gnuplot gnuplot/channel_cost.gp      (writes plots/channel_cost.png)
if (!exists("fmt")) fmt = 'png'
if (!exists("csv")) csv = 'plots/channel_cost.csv'
if (!exists("out")) out = 'plots/channel_cost.'.fmt
set datafile separator ','
set datafile columnheaders
# no floating point trap around each expression a 'using' evaluates
# (gnuplot/samples.gp says why)
set datafile nofpe_trap
set encoding utf8
# each text cell through txt() (gnuplot/samples.gp says why)
txt(c) = exists("NAMES") ? NAMES[int(column(c))] : strcol(c)

stats csv using 'series' nooutput name 'S'
stats csv using 'x' nooutput name 'X'
stats csv using 'cpu_cost_max' nooutput name 'Y'
stats csv using 'cpu_cost_min' nooutput name 'Z'
stats csv using 'model_cost_pct' nooutput name 'M'
floor = 0.1
up(v) = v > floor ? v : floor
n = int(S_max)
array T[n]
array MT[n]
array MY[n]
m = 0
stats csv using (T[int(column('series'))] = txt('label'), \
        column('model_first') == 1 && strcol('model_cost_pct') ne '' ? \
        (m = m + 1, MY[m] = up(column('model_cost_pct')), \
         MT[m] = sprintf("the model's cost of %s: %g %% at any rate", txt('channel'), column('model_cost_pct'))) : 0, 0) nooutput
array ST[n + m]
do for [i=1:n] { ST[i] = T[i] }
do for [k=1:m] { ST[n + k] = MT[k] }
ptitle = "What each channel cost for real, against the events it recorded"
floor_note = sprintf("(a cost of %g %% or less, none to measure, is drawn at %g %%; two workloads at one rate side by side)", \
                     floor, floor)

# one line per series and model line in a boxed key under the plot
kh = 22 * (n + m) + 16
H = 520 + kh
W = 8 * strlen(floor_note) + 120
do for [i=1:n] { W = W < 8 * strlen(T[i]) + 200 ? 8 * strlen(T[i]) + 200 : W }
do for [k=1:m] { W = W < 8 * strlen(MT[k]) + 200 ? 8 * strlen(MT[k]) + 200 : W }
W = W < 800 ? 800 : int(W)
# (fixed: the SVG states its size, the size the page shows it at on a phone)
term = fmt eq 'svg' ? sprintf("svg size %d,%d fixed font 'sans,12' background '#ffffff'", W, H) \
                    : sprintf("pngcairo size %d,%d font 'sans,11' background '#ffffff'", W, H)
set terminal @term noenhanced
set output out

ymax = up(Y_max > (m ? M_max : 0) ? Y_max : (m ? M_max : 0))
set title ptitle."\n".floor_note
set xlabel "events recorded per CPU-second of the loop: the sampling rate, or the syscall rate (log scale)"
set ylabel "CPU cost above the unobserved loop (log scale)"
set logscale xy 10
set xrange [X_min / 3 : X_max * 3]
set yrange [floor / 1.5 : ymax * 2]
set format x "%.0s%c"
set format y "%g %%"
set grid lt 0 lc 'grey70'
set bmargin at screen (kh + 78.0) / H
set key at screen 80.0 / W, screen (kh + 8.0) / H left top Left reverse vertical maxrows n + m samplen 3 spacing 1.3 box lc 'grey50'

pt(i) = word("7 5 9 13 11 15", (i - 1) % 6 + 1) + 0
pc(i) = word("#000000 #0072B2 #D55E00 #009E73 #CC79A7 #E69F00", (i - 1) % 6 + 1)
ser(i) = column('series') == i ? column('x') * 1.3 ** column('dodge') : NaN
plot for [i=1:n] csv using (ser(i)):(up(column('cpu_cost_pct'))):(up(column('cpu_cost_min'))):(up(column('cpu_cost_max'))) \
         with yerrorlines dt 1 pt pt(i) ps 1.5 lw 2 lc rgb pc(i) title T[i], \
     for [k=1:m] MY[k] with lines dt k + 1 lw 2 lc 'grey30' title MT[k]

# SVG: the plot's own title and each series' name (ST) put in as
# gnuplot/samples.gp does
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
