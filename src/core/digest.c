/* isolab: the one digest function, 64-bit FNV-1a over a portable encoding
 * (include/isolab/digest.h). */
#include <stdio.h>
#include <string.h>

#include "isolab/digest.h"

void isl_digest_init(isl_digest *d) { d->h = 0xcbf29ce484222325ULL; }

void isl_digest_bytes(isl_digest *d, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        d->h ^= s[i];
        d->h *= 0x100000001b3ULL;
    }
}

void isl_digest_u64(isl_digest *d, uint64_t v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    isl_digest_bytes(d, b, sizeof b);
}

void isl_digest_str(isl_digest *d, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    isl_digest_u64(d, s ? (uint64_t)n : UINT64_MAX);
    if (s) isl_digest_bytes(d, s, n);
}

void isl_digest_hex(const isl_digest *d, char out[17]) { snprintf(out, 17, "%016llx", (unsigned long long)d->h); }

void isl_digest_text_hex(const char *text, char out[17])
{
    isl_digest d;
    isl_digest_init(&d);
    isl_digest_bytes(&d, text, strlen(text));
    isl_digest_hex(&d, out);
}
