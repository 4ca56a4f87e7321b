# Reads an SVG written by gnuplot's svg terminal and prints one line per
# pair of texts whose boxes overlap, and per text whose box leaves the
# image:  "overlap: TEXT1 | TEXT2"  or  "outside: TEXT".
# A text's box is estimated, not measured: gnuplot puts each text in a
# <g transform="translate(X,Y) [rotate(A)]" font-size="S" text-anchor=...>
# followed by <text>, its characters in <tspan>s (enhanced text, where a
# span may set its own font-size) or directly (noenhanced);
# the box runs 0.58 S per character along the baseline (DejaVu Sans, the
# usual "sans", averages about 0.55 em) from 0.8 S above the baseline to
# 0.2 S below it, turned by A about (X, Y). Boxes are compared as rotated
# rectangles (separating axes), shrunk by half a pixel so that touching
# does not count. Run with LC_ALL=C (characters are counted as UTF-8).
function chars(s,   n) {
    gsub(/&[a-zA-Z]+;|&#[0-9]+;/, "x", s)
    n = length(s)
    gsub(/[\200-\277]/, "", s)      # UTF-8 continuation bytes
    return length(s)
}
function textwidth(line, size,   w, rest, seg, sz, t) {
    w = 0
    rest = line
    if (rest !~ /<tspan/ && match(rest, /<text>[^<]*<\/text>/)) {   # plain text
        label = substr(rest, RSTART + 6, RLENGTH - 13)
        return chars(label) * 0.58 * size
    }
    while (match(rest, /<tspan[^>]*>[^<]*<\/tspan>/)) {
        seg = substr(rest, RSTART, RLENGTH)
        rest = substr(rest, RSTART + RLENGTH)
        sz = size
        if (match(seg, /font-size="[0-9.]+"/)) sz = substr(seg, RSTART + 11, RLENGTH - 12) + 0
        t = seg
        sub(/^<tspan[^>]*>/, "", t)
        sub(/<\/tspan>$/, "", t)
        w += chars(t) * 0.58 * sz
        label = label t
    }
    return w
}
function num(s, key,   r) {
    if (!match(s, key "\\([-0-9.]+(,[-0-9.]+)?\\)")) return ""
    r = substr(s, RSTART + length(key) + 1, RLENGTH - length(key) - 2)
    return r
}
# corners of box i in image coordinates: cx[i,k], cy[i,k], k = 0..3
function corners(i, x0, x1, y0, y1, tx, ty, a,   c, s, k, lx, ly) {
    c = cos(a * 3.14159265358979 / 180); s = sin(a * 3.14159265358979 / 180)
    for (k = 0; k < 4; k++) {
        lx = (k == 0 || k == 3) ? x0 : x1
        ly = (k < 2) ? y0 : y1
        cx[i, k] = tx + lx * c - ly * s
        cy[i, k] = ty + lx * s + ly * c
    }
}
function separated(i, j,   p, k, ax, ay, mi, ma, mj, mb, v, q, src) {
    for (p = 0; p < 4; p++) {
        src = p < 2 ? i : j
        k = p % 2
        ax = cx[src, k + 1] - cx[src, k]; ay = cy[src, k + 1] - cy[src, k]
        mi = 1e9; ma = -1e9; mj = 1e9; mb = -1e9
        for (q = 0; q < 4; q++) {
            v = cx[i, q] * ax + cy[i, q] * ay; if (v < mi) mi = v; if (v > ma) ma = v
            v = cx[j, q] * ax + cy[j, q] * ay; if (v < mj) mj = v; if (v > mb) mb = v
        }
        if (ma <= mj || mb <= mi) return 1
    }
    return 0
}
/viewBox="/ && !W {
    match($0, /viewBox="[-0-9. ]+"/)
    split(substr($0, RSTART + 9, RLENGTH - 10), vb, " ")
    W = vb[3] + 0; H = vb[4] + 0
}
/<g transform="translate\(/ {
    g = substr($0, index($0, "<g transform="))
    tr = num(g, "translate"); split(tr, xy, ",")
    gx = xy[1] + 0; gy = xy[2] + 0
    ga = num(g, "rotate"); ga = ga == "" ? 0 : ga + 0
    gs = 12
    if (match(g, /font-size="[0-9.]+"/)) gs = substr(g, RSTART + 11, RLENGTH - 12) + 0
    anchor = "start"
    if (match(g, /text-anchor="[a-z]+"/)) anchor = substr(g, RSTART + 13, RLENGTH - 14)
    pending = 1
    next
}
pending && /<text>/ {
    pending = 0
    label = ""
    w = textwidth($0, gs)
    if (w == 0) next
    n++
    x0 = anchor == "middle" ? -w / 2 : anchor == "end" ? -w : 0
    corners(n, x0 + 0.5, x0 + w - 0.5, -0.8 * gs + 0.5, 0.2 * gs - 0.5, gx, gy, ga)
    name[n] = label
}
END {
    for (i = 1; i <= n; i++) {
        for (k = 0; k < 4; k++)
            if (cx[i, k] < 0 || cx[i, k] > W || cy[i, k] < 0 || cy[i, k] > H) {
                print "outside: " name[i]
                break
            }
        for (j = i + 1; j <= n; j++)
            if (!separated(i, j)) print "overlap: " name[i] " | " name[j]
    }
    print n " texts" > "/dev/stderr"
}
