/* isolab: the text formats of exports, pure (no I/O, no SQLite): a growing
 * array, a growing text buffer and the CSV, TSV and JSON encodings of fields
 * and values. */
#ifndef ISOLAB_TEXTOUT_H
#define ISOLAB_TEXTOUT_H

#include <stddef.h>

/* The formats of a listing; ISL_FMT_TABLE is aligned text for people. */
typedef enum isl_format { ISL_FMT_CSV, ISL_FMT_TSV, ISL_FMT_JSON, ISL_FMT_NDJSON, ISL_FMT_TABLE } isl_format;

/* One value of a row: its SQLite type, SQLite's text of it (as the sqlite3
 * shell prints it; NULL for SQL NULL) and its length, a FLOAT's double. */
enum { ISL_CELL_INTEGER = 1, ISL_CELL_FLOAT, ISL_CELL_TEXT, ISL_CELL_BLOB, ISL_CELL_NULL }; /* = SQLite's */
typedef struct isl_cell {
    int type;
    const char *text;
    size_t len;
    double real;
} isl_cell;

/* A zeroed slot for element n of the array *items (void *: a T **; capacity
 * *cap, doubled as needed), or NULL when out of memory (*items unchanged). */
void *isl_grow(void *items, size_t *cap, size_t n, size_t size);
/* The line (from 1) of position p in text. */
int isl_line_of(const char *text, const char *p);

/* A growing text buffer, p NUL-terminated; oom is set (and text dropped)
 * when memory runs out. Free p with free(). */
typedef struct isl_buf {
    char *p;
    size_t n, cap;
    int oom;
} isl_buf;

/* Appends len bytes of s. */
void isl_buf_put(isl_buf *b, const char *s, size_t len);
/* Appends the printf-style text. */
void isl_buf_printf(isl_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends a field as the sqlite3 shell's csv mode writes it: quoted (quotes doubled) when
 * empty or holding a control character, space, ", ', comma, byte >= 0x7f or sep. */
void isl_buf_csv_field(isl_buf *b, const char *text, size_t len, char sep);
/* Appends a TSV field: quoted only when empty or holding a tab, newline,
 * carriage return or double quote. */
void isl_buf_tsv_field(isl_buf *b, const char *text, size_t len);
/* Appends text as a JSON string (quotes, backslash and control characters
 * escaped; other bytes as they are). */
void isl_buf_json_string(isl_buf *b, const char *text, size_t len);
/* Appends the cell as JSON: numbers as numbers (reals read back the same,
 * '.0' when whole; an infinity as 1e999 or -1e999, as SQLite's JSON writes
 * it; nan and NULL as null), a blob as a string of its hex digits. */
void isl_buf_json_cell(isl_buf *b, const isl_cell *c);
/* The n JSON keys ("\"NAME\": ") of columns named names, as every JSON
 * listing and the page's lab write them: a name an earlier column has
 * (SELECT 1 AS a, 2 AS a) gets ":1", ":2", ... (the first that no column is
 * named), since a JSON object with a key twice loses a value. malloc'd
 * (isl_json_keys_free), NULL when out of memory. */
char **isl_json_keys(size_t n, const char *const *names);
void isl_json_keys_free(char **keys, size_t n);
/* Appends one row as a JSON object, {KEY value, ...} in column order, with
 * the keys isl_json_keys made. */
void isl_buf_json_object(isl_buf *b, size_t n, const char *const *keys, const isl_cell *row);
/* A row of column_label: a column of object (or of '*': any) labelled, its
 * unit (or NULL) and digits (-1: as stored). */
typedef struct isl_label {
    char *object, *column, *label, *unit;
    int digits;
} isl_label;

typedef struct isl_labels {
    isl_label *v;
    size_t n, cap;
} isl_labels;

/* The label of object's column: its own row, else the '*' row, else NULL
 * (the one rule of the command line's tables, the page's and its lab's). */
const isl_label *isl_labels_find(const isl_labels *l, const char *object, const char *column);
/* Appends word as a POSIX shell reads it back: as it is when not empty and
 * made only of A-Z a-z 0-9 _ . / : = @ % + , -; else between single quotes,
 * each ' written '\''. The one quoting rule: the view shell_word is the same
 * in SQL (test_shell_word in tests/unit/test_store.c compares the two). */
void isl_buf_shell_word(isl_buf *b, const char *word);
/* Appends a real for people: `digits` decimals (< 0: at most four, trailing
 * zeros dropped but one); never "-0". */
void isl_buf_number(isl_buf *b, double v, int digits);
/* Appends text as HTML data or attribute value: &, <, >, " and ' as entities,
 * control characters but tab and newline as U+FFFD. */
void isl_buf_html(isl_buf *b, const char *text, size_t len);

#endif
