#!/usr/bin/env python3
"""Checks the point marks of a 'channels' plot, for tests/page/test_plot_layout.sh.

usage: plot_marks.py IMAGE ROWS [FIGURE]

IMAGE is the plot's SVG, or a page holding it inline (FIGURE: the id of
the <figure> around it, e.g. plot-T-P5-channels). ROWS is what the plot
stands for, computed apart from plot_channels: one line per channel with a
result, tab-separated channel, lesson, returned count and cost, in
comparison order. Channels of the same returned count and cost are one
place; each place must be drawn by exactly one point mark, whose series
title (the tooltip gnuplot's SVG gives it, the key line's text) names every
channel of the place: "NAME (LESSON), NAME (LESSON): ..." with one lesson's
consecutive channels under it once ("A, B (L)"), after "this lesson's: "
on the focus's mark. Prints one line per finding, none when all is well:
  unnamed: NAMES (N marks)   a place drawn by N marks named for it, not 1
  stray: TITLE               a mark naming no place
  overlap: TITLE | TITLE     two marks whose boxes overlap
"""
import re
import sys


def places(rows_file):
    """The places (returned, cost) in order of their first channel, each with
    the text that names its channels."""
    order, members = [], {}
    with open(rows_file, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            channel, lesson, returned, cost = line.split("\t")
            key = (int(returned), float(cost))
            if key not in members:
                order.append(key)
                members[key] = []
            members[key].append((channel, lesson))
    named = []
    for key in order:
        m = members[key]
        parts = []
        for i, (channel, lesson) in enumerate(m):
            last = i + 1 == len(m) or m[i + 1][1] != lesson
            parts.append(channel + (" (%s)" % lesson if last and lesson else ""))
        named.append(", ".join(parts))
    return named


def marks(text):
    """Every point mark drawn among the data: (x, y, half size, series title).
    A series' key sample is the mark level with its key text, left of it."""
    found = []
    for series in re.split(r'<g id="[^"]*gnuplot_plot_\d+" ?>', text)[1:]:
        t = re.match(r"<title>(.*?)</title>", series)
        if not t:
            continue
        title = t.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
        texts = [(float(x), float(y)) for x, y in
                 re.findall(r'<g transform="translate\(([-0-9.]+),([-0-9.]+)\)"[^>]*>\s*<text>', series)]
        for x, y, s in re.findall(r"<use xlink:href='#[^']*gpPt\d+' transform='translate\(([-0-9.]+),([-0-9.]+)\) "
                                  r"scale\(([-0-9.]+)\)'", series):
            x, y, s = float(x), float(y), float(s)
            if any(abs(ty - 4 - y) < 6 and tx > x for tx, ty in texts):
                continue  # the key's sample
            found.append((x, y, s, title))
    return found


def main():
    image, rows = sys.argv[1], sys.argv[2]
    with open(image, encoding="utf-8") as f:
        text = f.read()
    if len(sys.argv) > 3:
        m = re.search(r'<figure id="%s">(.*?)</figure>' % re.escape(sys.argv[3]), text, re.S)
        text = m.group(1) if m else ""
    drawn = [m for m in marks(text) if not m[3].startswith("equal cost per returned fact")]
    names = places(rows)
    heads = [re.sub(r"^this lesson's: ", "", m[3]) for m in drawn]
    for n in names:
        k = sum(1 for h in heads if h.startswith(n + ": "))
        if k != 1:
            print("unnamed: %s (%d marks)" % (n, k))
    for m, h in zip(drawn, heads):
        if not any(h.startswith(n + ": ") for n in names):
            print("stray: " + m[3])
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if abs(a[0] - b[0]) < a[2] + b[2] and abs(a[1] - b[1]) < a[2] + b[2]:
                print("overlap: %s | %s" % (a[3], b[3]))


main()
