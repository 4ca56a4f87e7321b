#!/usr/bin/env python3
"""The page's answers against the sqlite3 shell's, for tests/page/test_page_lab.sh.

lab_compare.py QUESTIONS DOM DB EXT
QUESTIONS: the JSON list the driver asked (name, sql); DOM: Chromium's dump
holding <pre id="test-report">; DB: the database; EXT: isolab.so. Each
question's SQL runs in the sqlite3 shell (-json, the extension loaded), and
its output is written in the layout of `isolab export --format json`,
independently of isolab: one object a line, '"name": value' joined by ', ',
reals as the shortest of %.15g / %.17g that reads back (with '.0' when
whole), strings with ", \\, \\n, \\r, \\t and other control characters as
\\u00XX escaped. Prints one line per question that differs, then
'N same, M differ'."""
import html
import json
import re
import subprocess
import sys

def real(s):
    if s in ('1e999', '-1e999'):
        return 'null'
    v = float(s)
    t = '%.15g' % v
    if float(t) != v:
        t = '%.17g' % v
    if '.' not in t and 'e' not in t:
        t += '.0'
    return t

def string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"': out.append('\\"')
        elif ch == '\\': out.append('\\\\')
        elif ch == '\n': out.append('\\n')
        elif ch == '\r': out.append('\\r')
        elif ch == '\t': out.append('\\t')
        elif o < 0x20 or o == 0x7f or 0x80 <= o < 0xa0: out.append('\\u%04x' % o)
        else: out.append(ch)
    out.append('"')
    return ''.join(out)

class Real(str):
    pass

def value(v):
    if v is None: return 'null'
    if isinstance(v, Real): return real(v)
    if isinstance(v, int): return str(v)
    return string(v)

def shell(db, ext, sql):
    p = subprocess.run(['sqlite3', '-bail', '-cmd', '.load ' + ext, '-json', db, sql],
                       capture_output=True, text=True)
    if p.returncode:
        # the shell's wording around SQLite's message: "Error: stepping, MSG (1)"
        msg = re.sub(r'^(Parse error|Runtime error|Error)( near line \d+)?: (stepping, |in prepare, )?', '',
                     p.stderr.strip().splitlines()[0])
        return 'ERROR ' + re.sub(r' \(\d+\)$', '', msg)
    # the shell prints each query's rows; the page answers with the last one's
    docs = [d for d in re.split(r'(?<=\])\n(?=\[)', p.stdout.strip()) if d]
    if not docs:
        return '[]\n'
    rows = json.loads(docs[-1], parse_float=Real, object_pairs_hook=lambda kv: kv)
    return '[\n' + ',\n'.join('  {' + ', '.join(string(k) + ': ' + value(v) for k, v in r) + '}'
                              for r in rows) + '\n]\n'

def main():
    questions = json.load(open(sys.argv[1]))
    dom = open(sys.argv[2], encoding='utf-8').read()
    m = re.search(r'<pre id="test-report">(.*?)</pre>', dom, re.S)
    got = {}
    if m:
        for part in html.unescape(m.group(1)).split('=== ')[1:]:
            name, _, text = part.partition('\n')
            got[name] = text
    same = differ = 0
    for q in questions:
        if 'want' in q:
            want = q['want']
        else:
            want = shell(sys.argv[3], sys.argv[4], q['sql'])
        if got.get(q['name']) == want:
            same += 1
        else:
            differ += 1
            print('differs: %s\n  page:  %r\n  shell: %r' % (q['name'], (got.get(q['name']) or '(none)')[:300], want[:300]))
    print('%d same, %d differ' % (same, differ))

main()
