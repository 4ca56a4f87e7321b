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
    return 0;
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
