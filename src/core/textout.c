/* isolab: text formats for exports (CSV as the sqlite3 shell writes it,
 * JSON) and HTML escaping for the page. Pure: builds text in memory, no I/O. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/textout.h"

void *isl_grow(void *items, size_t *cap, size_t n, size_t size)
{
    void **p = items;
    if (n >= *cap) {
        size_t ncap = *cap ? *cap * 2 : 8;
        void *q = realloc(*p, ncap * size);
        if (!q) return NULL;
        *p = q;
        *cap = ncap;
    }
    return memset((char *)*p + n * size, 0, size);
}

int isl_line_of(const char *text, const char *p)
{
    int line = 1;
    for (const char *c = text; c < p; c++) line += *c == '\n';
    return line;
}

/* Room for len more bytes and a NUL: 0, or -1 with b dropped (oom). */
static int reserve(isl_buf *b, size_t len)
{
    if (b->oom) return -1;
    if (b->n + len + 1 <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + len + 1) cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        free(b->p);
        *b = (isl_buf){NULL, 0, 0, 1};
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

void isl_buf_put(isl_buf *b, const char *s, size_t len)
{
    if (reserve(b, len)) return;
    if (len) memcpy(b->p + b->n, s, len); /* s may be NULL when len is 0 */
    b->n += len;
    b->p[b->n] = '\0';
}

void isl_buf_printf(isl_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

static void put_str(isl_buf *b, const char *s) { isl_buf_put(b, s, strlen(s)); }

void isl_buf_shell_word(isl_buf *b, const char *word)
{
    size_t plain = strspn(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_./:=@%+,-");
    if (*word && !word[plain]) {
        put_str(b, word);
        return;
    }
    isl_buf_put(b, "'", 1);
    for (const char *q; (q = strchr(word, '\'')); word = q + 1) {
        isl_buf_put(b, word, (size_t)(q - word));
        put_str(b, "'\\''");
    }
    put_str(b, word);
    isl_buf_put(b, "'", 1);
}

/* A field, quoted (inner quotes doubled) when it is empty or holds a byte
 * of `set` or, with controls, a control character or a byte >= 0x7f. */
static void quoted_field(isl_buf *b, const char *text, size_t len, const char *set, int controls)
{
    if (!text) return;
    int quote = len == 0;
    for (size_t i = 0; i < len && !quote; i++) {
        unsigned char c = (unsigned char)text[i];
        quote = (controls && (c < 0x20 || c >= 0x7f)) || (c && strchr(set, c));
    }
    if (!quote) {
        isl_buf_put(b, text, len);
        return;
    }
    isl_buf_put(b, "\"", 1);
    size_t from = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '"') {
            isl_buf_put(b, text + from, i + 1 - from); /* the quote, then once more */
            from = i;
        }
    isl_buf_put(b, text + from, len - from);
    isl_buf_put(b, "\"", 1);
}

/* The bytes the sqlite3 shell quotes a CSV field for. */
void isl_buf_csv_field(isl_buf *b, const char *text, size_t len, char sep)
{
    const char set[] = {' ', '"', '\'', ',', sep, '\0'};
    quoted_field(b, text, len, set, 1);
}

void isl_buf_tsv_field(isl_buf *b, const char *text, size_t len) { quoted_field(b, text, len, "\t\n\r\"", 0); }

/* JSON text is UTF-8 (RFC 8259): a byte that is not UTF-8 becomes U+FFFD,
 * the replacement character. Control characters, DEL and the C1 controls
 * are \u escapes, which stand for the very same characters. */
void isl_buf_json_string(isl_buf *b, const char *text, size_t len)
{
    char esc[8];
    const unsigned char *p = (const unsigned char *)text;
    isl_buf_put(b, "\"", 1);
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        size_t k = isl_utf8_len(p + i, len - i);
        const char *e = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\n' ? "\\n" : c == '\r' ? "\\r"
                      : c == '\t' ? "\\t" : NULL;
        if (!k) e = "\\ufffd";
        else if (!e && (c < 0x20 || c == 0x7f || (k == 2 && c == 0xc2 && p[i + 1] < 0xa0))) {
            snprintf(esc, sizeof esc, "\\u%04x", k == 2 ? p[i + 1] : c); /* C0, DEL; C1 */
            e = esc;
        }
        if (e) put_str(b, e);
        else isl_buf_put(b, text + i, k);
        i += k ? k : 1;
    }
    isl_buf_put(b, "\"", 1);
}

void isl_buf_json_cell(isl_buf *b, const isl_cell *c)
{
    char num[40];
    switch (c->type) {
    case 1: /* integer: SQLite's text of it is its decimal digits */
        isl_buf_put(b, c->text, c->len);
        return;
    case 2:
        /* an infinity as SQLite's own JSON writes it, a number past any double; NaN (SQLite stores it as NULL) null */
        if (isinf(c->real)) {
            put_str(b, c->real > 0 ? "1e999" : "-1e999");
            return;
        }
        if (!isfinite(c->real)) break;
        snprintf(num, sizeof num, "%.15g", c->real);
        if (strtod(num, NULL) != c->real) snprintf(num, sizeof num, "%.17g", c->real);
        if (!strpbrk(num, ".e")) strcat(num, ".0");
        put_str(b, num);
        return;
    case 3:
        isl_buf_json_string(b, c->text, c->len);
        return;
    case 4: {
        static const char hex[] = "0123456789abcdef";
        isl_buf_put(b, "\"", 1);
        for (size_t i = 0; i < c->len; i++) {
            char h[2] = {hex[(unsigned char)c->text[i] >> 4], hex[(unsigned char)c->text[i] & 15]};
            isl_buf_put(b, h, 2);
        }
        isl_buf_put(b, "\"", 1);
        return;
    }
    default:
        break;
    }
    put_str(b, "null");
}

const isl_label *isl_labels_find(const isl_labels *l, const char *object, const char *column)
{
    const isl_label *any = NULL;
    for (size_t i = 0; l && i < l->n; i++) {
        if (strcmp(l->v[i].column, column)) continue;
        if (object && !strcmp(l->v[i].object, object)) return &l->v[i];
        if (!strcmp(l->v[i].object, "*")) any = &l->v[i];
    }
    return any;
}

void isl_buf_number(isl_buf *b, double v, int digits)
{
    char s[400];
    if (digits > 15) digits = 15;
    if (digits >= 0) {
        snprintf(s, sizeof s, "%.*f", digits, v);
    } else {
        snprintf(s, sizeof s, "%.4f", v);
        size_t n = strlen(s);
        while (n > 2 && s[n - 1] == '0' && s[n - 2] != '.') s[--n] = '\0';
    }
    if (s[0] == '-') {
        int zero = 1;
        for (const char *c = s + 1; *c; c++) zero &= *c == '0' || *c == '.';
        if (zero) memmove(s, s + 1, strlen(s));
    }
    put_str(b, s);
}

void isl_buf_html(isl_buf *b, const char *text, size_t len)
{
    size_t from = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        const char *rep = c == '&'   ? "&amp;"
                          : c == '<' ? "&lt;"
                          : c == '>' ? "&gt;"
                          : c == '"' ? "&quot;"
                          : c == '\'' ? "&#39;"
                          : (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? "\xef\xbf\xbd"
                                                                           : NULL;
        if (!rep) continue;
        isl_buf_put(b, text + from, i - from);
        put_str(b, rep);
        from = i + 1;
    }
    isl_buf_put(b, text + from, len - from);
}

static int taken(const char *name, size_t n, const char *const *names)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return 1;
    return 0;
}

char **isl_json_keys(size_t n, const char *const *names)
{
    char **plain = calloc(n ? n : 1, sizeof *plain), **keys = calloc(n ? n : 1, sizeof *keys);
    int bad = !plain || !keys;
    for (size_t i = 0; i < n && !bad; i++) {
        isl_buf name = {NULL, 0, 0, 0}, key = {NULL, 0, 0, 0};
        isl_buf_printf(&name, "%s", names[i]);
        /* a made name is none of the columns' own names either */
        for (unsigned k = 1; !name.oom && name.p
                             && (taken(name.p, i, (const char *const *)plain) || (k > 1 && taken(name.p, n, names)));
             k++) {
            name.n = 0;
            isl_buf_printf(&name, "%s:%u", names[i], k);
        }
        if (!name.oom && name.p) isl_buf_json_string(&key, name.p, name.n);
        if (!key.oom && key.p) isl_buf_put(&key, ": ", 2);
        plain[i] = name.p, keys[i] = key.p;
        if (name.oom || key.oom || !name.p || !key.p) bad = 1;
    }
    if (plain) isl_json_keys_free(plain, n);
    if (bad && keys) isl_json_keys_free(keys, n), keys = NULL;
    return keys;
}

void isl_json_keys_free(char **keys, size_t n)
{
    for (size_t i = 0; keys && i < n; i++) free(keys[i]);
    free(keys);
}

void isl_buf_json_object(isl_buf *b, size_t n, const char *const *keys, const isl_cell *row)
{
    isl_buf_put(b, "{", 1);
    for (size_t i = 0; i < n; i++) {
        if (i) isl_buf_put(b, ", ", 2);
        isl_buf_put(b, keys[i], strlen(keys[i]));
        isl_buf_json_cell(b, &row[i]);
    }
    isl_buf_put(b, "}", 1);
}
