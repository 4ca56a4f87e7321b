/* isolab: making text safe to print on a terminal, and checking UTF-8.
 * Pure: no I/O. Human-readable output (messages, `runs`, `diff`, `report`,
 * `check`) shows every value through isl_escape, so data can neither forge
 * a line nor drive the terminal; CSV, TSV and JSON keep exact values
 * (CSV and TSV only off a terminal: to one, their cells are escaped too). */
#ifndef ISOLAB_ESCAPE_H
#define ISOLAB_ESCAPE_H

#include <stddef.h>

/* The length (1-4) of the well-formed UTF-8 sequence at s[0..n), or 0 when
 * s starts with a byte that begins none (stray continuation byte, overlong
 * form, surrogate, beyond U+10FFFF, cut short). n must be at least 1. */
size_t isl_utf8_len(const unsigned char *s, size_t n);

/* Nonzero when s[0..n) is well-formed UTF-8. */
int isl_utf8_valid(const char *s, size_t n);

/* The most bytes isl_escape writes for n bytes of input, with the NUL. */
#define ISL_ESCAPE_MAX(n) ((n) * 4 + 1)

/* Writes text (NUL-terminated) into out[cap] with every character a
 * terminal would act on made visible: \n, \r, \t, \b, \f, \v, \a; other C0
 * controls and DEL as three-digit octal (ESC is \033); C1 controls
 * (U+0080-U+009F) as \u0080 ..., and the bidirectional controls that
 * reorder what a terminal shows (U+061C, U+200E, U+200F, U+202A-U+202E,
 * U+2066-U+2069) as \u202e ...; a byte that is not UTF-8 as \xHH. A
 * backslash is left as it is. Printable text, UTF-8 included, is copied.
 * Cut at a character boundary when cap is short (cap >= 1); returns out. */
char *isl_escape(const char *text, char *out, size_t cap);

/* isl_escape into a new buffer of ISL_ESCAPE_MAX(strlen(text)) bytes (free
 * it with free()); NULL when out of memory. */
char *isl_escape_dup(const char *text);

/* s[0..n) as an error message quotes a name: its first 80 bytes at most
 * (cut at a character boundary; "..." when cut), escaped as isl_escape
 * does, in at most 83 bytes; into out, which it returns. */
const char *isl_short_name(const char *s, size_t n, char out[84]);

/* Nonzero when isl_escape would change text. */
int isl_needs_escape(const char *text);

/* Nonzero when text is a label a run may carry (a probe's machine, its
 * kernel release): 1 to 127 bytes of UTF-8 that isl_escape leaves as they
 * are (no control character, no bidirectional control). */
int isl_label_ok(const char *text);

/* The columns UTF-8 text (NUL-terminated) takes on a terminal, as wcwidth()
 * counts them for a UTF-8 locale: East Asian wide and fullwidth characters
 * 2, combining marks and zero-width characters 0, every other character 1
 * (a byte that is not UTF-8: 1). Whatever the process's locale. */
size_t isl_text_columns(const char *text);

#endif
