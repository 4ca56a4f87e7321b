#!/usr/bin/env python3
"""Checks that a text table's columns line up, independently of isolab.

usage: text_columns.py rule [--long] FILE [CSV]  a table with a rule of dashes ('---  --');
                                    with CSV (the same rows as CSV), every
                                    text cell must hold exactly its value
       text_columns.py rows N FILE [E]  rows only (the lesson's tables): N
                                    columns, the last E of them may be empty

rule: the rule's dash runs are the columns (a line blank up to the last
column continues the row above: a wrapped last column); every character of every other
line (header lines and rows; with --long, lines starting with 8 spaces
and a letter, the details of 'runs --long', are skipped) lies inside a column, and in each column the
rows' values all start at its left edge or all end at its right edge.
With CSV, each row's text values (not numbers) are what its columns hold,
so a row whose cells moved inside wide columns is found too.
rows: the positions blank in every row split the rows into exactly N
columns, and every row has something in each of them but the last E
(a row whose cells moved fills the gaps between the others' columns).
Prints what is wrong, one line each; exit 1 when anything is."""
import re
import sys


def spans_of(rule):
    return [(m.start(), m.end()) for m in re.finditer(r'-+', rule)]


def is_number(v):
    try:
        float(v)
        return True
    except ValueError:
        return False


DETAIL = re.compile(r'^ {8}[a-z]')


def check_values(lines, r, spans, path):
    import csv
    want = list(csv.reader(open(path, encoding='utf-8', newline='')))[1:]
    # a line blank up to the last column goes on the row above's last cell
    # (a last column wrapped to fit, as export --list wraps its about)
    rows, wrapped = [], set()
    for l in lines[r + 1:]:
        cells = [l[a:b].strip() for a, b in spans[:-1]] + [l[spans[-1][0]:].strip()]
        if rows and not any(cells[:-1]):
            rows[-1][-1] += ' ' + cells[-1]
            wrapped.add(len(rows) - 1)
        else:
            rows.append(cells)
    bad = [] if len(rows) == len(want) else ['%d rows, the CSV has %d' % (len(rows), len(want))]
    for i, (cells, w) in enumerate(zip(rows, want)):
        if i in wrapped:  # a line ends at a run of spaces as at one
            w = w[:-1] + [' '.join(w[-1].split())]
            cells = cells[:-1] + [' '.join(cells[-1].split())]
        for c, v in zip(cells, w):
            if v != '' and not is_number(v) and c != v:
                bad.append('row %d: %r where %r belongs' % (i + 1, c, v))
                break
    return bad


def check_rule(lines, path=None):
    bad = []
    rules = [i for i, l in enumerate(lines) if l and set(l) <= set('- ') and '-' in l]
    if not rules:
        return ['no rule line']
    r = rules[0]
    spans = spans_of(lines[r])
    if lines[r].rstrip() != lines[r]:
        bad.append('the rule ends in spaces')
    body = [(i, l) for i, l in enumerate(lines) if i != r]
    for i, l in body:
        for k, ch in enumerate(l):
            if ch != ' ' and not any(a <= k < b for a, b in spans):
                bad.append('line %d: %r at %d is outside every column' % (i + 1, ch, k))
                break
    for c, (a, b) in enumerate(spans):
        cells = [l[a:b] for i, l in body if i > r and l[a:b].strip()]
        left = all(x[0] != ' ' for x in cells)
        right = all(x[-1] != ' ' for x in cells)
        if cells and not (left or right):
            bad.append('column %d: values neither all start at %d nor all end at %d' % (c + 1, a, b))
    return bad + (check_values(lines, r, spans, path) if path else [])


def check_rows(lines, n, optional):
    rows = [l for l in lines if l.strip()]
    width = max(len(l) for l in rows)
    blank = [all(k >= len(l) or l[k] == ' ' for l in rows) for k in range(width)]
    cols, start = [], None
    for k in range(width + 1):
        if k < width and not blank[k]:
            start = k if start is None else start
        elif start is not None:
            cols.append((start, k))
            start = None
    bad = []
    if len(cols) != n:
        bad.append('%d columns, not %d: %s' % (len(cols), n, cols))
    for i, l in enumerate(rows):
        for a, b in cols[:len(cols) - optional]:
            if not l[a:b].strip():
                bad.append('row %d: nothing in the column at %d-%d' % (i + 1, a, b))
    return bad


def main():
    if sys.argv[1] == 'rule':
        args = sys.argv[2:]
        long = args[0] == '--long'
        args = args[1:] if long else args
        lines = open(args[0], encoding='utf-8').read().split('\n')
        lines = [l for l in lines if l != '' and not (long and DETAIL.match(l))]
        bad = check_rule(lines, args[1] if len(args) > 1 else None)
    else:
        lines = open(sys.argv[3], encoding='utf-8').read().split('\n')
        bad = check_rows(lines, int(sys.argv[2]), int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    for b in bad:
        print(b)
    sys.exit(1 if bad else 0)


main()
