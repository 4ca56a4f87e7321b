/* isolab: terminal-safe text and UTF-8 checks (include/isolab/escape.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"

size_t isl_utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80) return 1;
    size_t len;
    unsigned lo = 0x80, hi = 0xbf; /* the range of the second byte */
    if (c >= 0xc2 && c <= 0xdf) len = 2;
    else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        if (c == 0xe0) lo = 0xa0;      /* no overlong forms */
        else if (c == 0xed) hi = 0x9f; /* no surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        if (c == 0xf0) lo = 0x90;
        else if (c == 0xf4) hi = 0x8f; /* nothing past U+10FFFF */
    } else
        return 0;
    if (n < len || s[1] < lo || s[1] > hi) return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xbf) return 0;
    return len;
}

int isl_utf8_valid(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        size_t k = isl_utf8_len(p + i, n - i);
        if (!k) return 0;
        i += k;
    }
    return 1;
}

/* The escape of the character at p (len bytes, 0 when not UTF-8) into e;
 * returns e's length, 0 when the character prints as it is. */
static size_t escape_one(const unsigned char *p, size_t len, char e[8])
{
    static const char named[] = {'a', 'b', 't', 'n', 'v', 'f', 'r'}; /* 7 ... 13 */
    if (len == 0) return (size_t)snprintf(e, 8, "\\x%02x", p[0]);
    if (len == 1 && p[0] >= 7 && p[0] <= 13) return (size_t)snprintf(e, 8, "\\%c", named[p[0] - 7]);
    if (len == 1 && (p[0] < 0x20 || p[0] == 0x7f)) return (size_t)snprintf(e, 8, "\\%03o", p[0]);
    if (len == 2 && p[0] == 0xc2 && p[1] < 0xa0) return (size_t)snprintf(e, 8, "\\u%04x", p[1]);
    if (len == 2 && p[0] == 0xd8 && p[1] == 0x9c) return (size_t)snprintf(e, 8, "\\u061c"); /* ALM */
    /* LRM, RLM (U+200E-F), the embeddings and overrides (U+202A-E), the isolates (U+2066-9) */
    if (len == 3 && p[0] == 0xe2 && ((p[1] == 0x80 && (p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xaa && p[2] <= 0xae)))
                                     || (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)))
        return (size_t)snprintf(e, 8, "\\u%04x", (unsigned)((p[0] & 0x0f) << 12 | (p[1] & 0x3f) << 6 | (p[2] & 0x3f)));
    return 0;
}

/* The code point of the well-formed UTF-8 sequence p[0..len). */
static unsigned long code_point(const unsigned char *p, size_t len)
{
    if (len == 1) return p[0];
    unsigned long c = p[0] & (0x7f >> len);
    for (size_t k = 1; k < len; k++) c = c << 6 | (p[k] & 0x3f);
    return c;
}

/* Ranges [lo, hi] of code points, ascending. */
typedef struct range {
    unsigned long lo, hi;
} range;

static int in_ranges(unsigned long c, const range *r, size_t n)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c < r[mid].lo) hi = mid;
        else if (c > r[mid].hi) lo = mid + 1;
        else return 1;
    }
    return 0;
}

/* Zero width: the combining marks of the common blocks, zero-width space,
 * joiners and marks, the variation selectors (as Markus Kuhn's wcwidth). */
static const range ZERO[] = {
    {0x0300, 0x036f}, {0x0483, 0x0489}, {0x0591, 0x05bd}, {0x05bf, 0x05bf}, {0x05c1, 0x05c2}, {0x05c4, 0x05c5},
    {0x05c7, 0x05c7}, {0x0610, 0x061a}, {0x064b, 0x065f}, {0x0670, 0x0670}, {0x06d6, 0x06dc}, {0x06df, 0x06e4},
    {0x0e31, 0x0e31}, {0x0e34, 0x0e3a}, {0x0e47, 0x0e4e}, {0x1ab0, 0x1aff}, {0x1dc0, 0x1dff}, {0x200b, 0x200f},
    {0x202a, 0x202e}, {0x2060, 0x2064}, {0x20d0, 0x20ff}, {0x302a, 0x302d}, {0x3099, 0x309a}, {0xfe00, 0xfe0f},
    {0xfe20, 0xfe2f}, {0xfeff, 0xfeff}, {0xe0100, 0xe01ef},
};

/* Two columns: East Asian wide and fullwidth (Unicode's EastAsianWidth W and F). */
static const range WIDE[] = {
    {0x1100, 0x115f},   {0x231a, 0x231b},   {0x2329, 0x232a},   {0x23e9, 0x23ec},  {0x23f0, 0x23f0},
    {0x23f3, 0x23f3},   {0x25fd, 0x25fe},   {0x2614, 0x2615},   {0x2648, 0x2653},  {0x267f, 0x267f},
    {0x2693, 0x2693},   {0x26a1, 0x26a1},   {0x26aa, 0x26ab},   {0x26bd, 0x26be},  {0x26c4, 0x26c5},
    {0x26ce, 0x26ce},   {0x26d4, 0x26d4},   {0x26ea, 0x26ea},   {0x26f2, 0x26f3},  {0x26f5, 0x26f5},
    {0x26fa, 0x26fa},   {0x26fd, 0x26fd},   {0x2705, 0x2705},   {0x270a, 0x270b},  {0x2728, 0x2728},
    {0x274c, 0x274c},   {0x274e, 0x274e},   {0x2753, 0x2755},   {0x2757, 0x2757},  {0x2795, 0x2797},
    {0x27b0, 0x27b0},   {0x27bf, 0x27bf},   {0x2b1b, 0x2b1c},   {0x2b50, 0x2b50},  {0x2b55, 0x2b55},
    {0x2e80, 0x303e},   {0x3041, 0x3247},   {0x3250, 0x4dbf},   {0x4e00, 0xa4cf},  {0xa960, 0xa97f},
    {0xac00, 0xd7a3},   {0xf900, 0xfaff},   {0xfe10, 0xfe19},   {0xfe30, 0xfe6f},  {0xff00, 0xff60},
    {0xffe0, 0xffe6},   {0x16fe0, 0x16fe4}, {0x17000, 0x18cff}, {0x1b000, 0x1b2ff}, {0x1f004, 0x1f004},
    {0x1f0cf, 0x1f0cf}, {0x1f18e, 0x1f18e}, {0x1f191, 0x1f19a}, {0x1f200, 0x1f202}, {0x1f210, 0x1f23b},
    {0x1f240, 0x1f248}, {0x1f250, 0x1f251}, {0x1f260, 0x1f265}, {0x1f300, 0x1f320}, {0x1f32d, 0x1f335},
    {0x1f337, 0x1f37c}, {0x1f37e, 0x1f393}, {0x1f3a0, 0x1f3ca}, {0x1f3cf, 0x1f3d3}, {0x1f3e0, 0x1f3f0},
    {0x1f3f4, 0x1f3f4}, {0x1f3f8, 0x1f43e}, {0x1f440, 0x1f440}, {0x1f442, 0x1f4fc}, {0x1f4ff, 0x1f53d},
    {0x1f54b, 0x1f54e}, {0x1f550, 0x1f567}, {0x1f57a, 0x1f57a}, {0x1f595, 0x1f596}, {0x1f5a4, 0x1f5a4},
    {0x1f5fb, 0x1f64f}, {0x1f680, 0x1f6c5}, {0x1f6cc, 0x1f6cc}, {0x1f6d0, 0x1f6d2}, {0x1f6d5, 0x1f6d7},
    {0x1f6eb, 0x1f6ec}, {0x1f6f4, 0x1f6fc}, {0x1f7e0, 0x1f7eb}, {0x1f90c, 0x1f93a}, {0x1f93c, 0x1f945},
    {0x1f947, 0x1f9ff}, {0x1fa70, 0x1faff}, {0x20000, 0x2fffd}, {0x30000, 0x3fffd},
};

size_t isl_text_columns(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t n = strlen(text), w = 0;
    for (size_t i = 0; i < n;) {
        size_t len = isl_utf8_len(p + i, n - i);
        unsigned long c = len ? code_point(p + i, len) : 0xfffd;
        w += in_ranges(c, ZERO, sizeof ZERO / sizeof *ZERO) ? 0 : in_ranges(c, WIDE, sizeof WIDE / sizeof *WIDE) ? 2 : 1;
        i += len ? len : 1;
    }
    return w;
}

char *isl_escape(const char *text, char *out, size_t cap)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t n = strlen(text), used = 0;
    for (size_t i = 0; i < n;) {
        size_t len = isl_utf8_len(p + i, n - i);
        char e[8];
        size_t el = escape_one(p + i, len, e);
        const char *src = el ? e : text + i;
        size_t sl = el ? el : len;
        if (used + sl + 1 > cap) break;
        memcpy(out + used, src, sl);
        used += sl;
        i += len ? len : 1;
    }
    out[used] = '\0';
    return out;
}

char *isl_escape_dup(const char *text)
{
    size_t cap = ISL_ESCAPE_MAX(strlen(text));
    char *out = malloc(cap);
    return out ? isl_escape(text, out, cap) : NULL;
}

int isl_needs_escape(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t n = strlen(text);
    for (size_t i = 0; i < n;) {
        size_t len = isl_utf8_len(p + i, n - i);
        char e[8];
        if (escape_one(p + i, len, e)) return 1;
        i += len;
    }
    return 0;
}

int isl_label_ok(const char *text)
{
    size_t n = strlen(text);
    return n > 0 && n < 128 && !isl_needs_escape(text);
}

const char *isl_short_name(const char *s, size_t n, char out[84])
{
    char head[81], full[ISL_ESCAPE_MAX(80)];
    size_t k = n < 80 ? n : 80;
    memcpy(head, s, k);
    head[k] = '\0';
    isl_escape(head, full, sizeof full);
    /* cut when s is longer, holds a NUL, or its escaped form is over 80 */
    int cut = k < n || strlen(head) < k || strlen(full) > 80;
    isl_escape(head, out, 81);
    if (cut) strcat(out, "...");
    return out;
}
