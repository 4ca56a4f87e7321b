#!/usr/bin/env python3
"""Prints the code of source files with their comments left out.

usage: code_text.py FILE...

For tests/tree/test_one_place.sh: each line that holds code after its
comments are removed, as FILE:LINE:TEXT (grep's form), so that a pattern
searched in the output finds what the program spells, never what a comment
says about it. C, headers and JavaScript (.c, .h, .js): /* */ and //
comments; SQL (.sql): -- and /* */ comments. A comment mark inside a string
('...', "...", and JavaScript's `...`) is text, not a comment.
"""
import sys


def code(text, sql):
    """text with every comment's characters but its newlines removed."""
    out = []
    i, n = 0, len(text)
    quotes = "'\"" if sql else "'\"`"
    while i < n:
        c = text[i]
        if c in quotes:
            j = i + 1
            while j < n and text[j] != c:
                # C and JavaScript escape with a backslash; SQL doubles the quote
                j += 2 if not sql and text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append('\n' * text.count('\n', i, j))
            i = j
        elif text.startswith('--' if sql else '//', i):
            j = text.find('\n', i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def main(files):
    for name in files:
        with open(name, encoding='utf-8') as f:
            text = code(f.read(), name.endswith('.sql'))
        for k, line in enumerate(text.split('\n'), 1):
            if line.strip():
                print('%s:%d:%s' % (name, k, line))


if __name__ == '__main__':
    main(sys.argv[1:])
