/* isolab: the one digest function (64-bit FNV-1a), for the model digest
 * and the record of installed schema objects. Pure: no I/O.
 *
 * A digest is the same on every machine: what is hashed is a byte stream
 * whose encoding does not depend on the host's integer width or byte order:
 *   - an integer (isl_digest_u64): 8 bytes, little-endian, two's complement
 *     for a negative value cast to uint64_t;
 *   - a string (isl_digest_str): its length in bytes as such an integer,
 *     then its bytes (no NUL); a NULL string is the length 2^64 - 1 alone;
 *   - raw bytes (isl_digest_bytes): as they are.
 * FNV-1a: h = 0xcbf29ce484222325; for each byte b: h ^= b, h *= 0x100000001b3
 * (mod 2^64). Shown as 16 lowercase hex digits.
 * On a little-endian 64-bit machine this is byte for byte what isolab hashed
 * before the encoding was written down, so earlier digests stay valid. */
#ifndef ISOLAB_DIGEST_H
#define ISOLAB_DIGEST_H

#include <stddef.h>
#include <stdint.h>

typedef struct isl_digest {
    uint64_t h;
} isl_digest;

/* Starts d at the FNV-1a offset basis. */
void isl_digest_init(isl_digest *d);
/* Hashes n bytes of p into d. */
void isl_digest_bytes(isl_digest *d, const void *p, size_t n);
/* Hashes v as 8 little-endian bytes. */
void isl_digest_u64(isl_digest *d, uint64_t v);
/* Hashes s length-prefixed (see above); s may be NULL. */
void isl_digest_str(isl_digest *d, const char *s);
/* d's value as 16 lowercase hex digits and a NUL. */
void isl_digest_hex(const isl_digest *d, char out[17]);
/* The digest of text's bytes (no length, no NUL) as isl_digest_hex writes it:
 * the digest of an object's SQL in the record of installed objects. */
void isl_digest_text_hex(const char *text, char out[17]);

#endif
