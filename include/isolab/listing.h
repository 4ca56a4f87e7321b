/* isolab: the one writer of every listing and --format (listing.c). */
#ifndef ISOLAB_LISTING_H
#define ISOLAB_LISTING_H

#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/labels.h"
#include "isolab/progress.h"

/* The one writer of listings: the column names (row == NULL), then each
 * row, as --format says (table: aligned, escaped, kept to size columns). */
typedef struct isl_listing {
    isl_format fmt;
    FILE *out;
    size_t rows;        /* rows handed so far */
    isl_buf buf;
    isl_buf head;       /* CSV, TSV: the header, written with the first row or at a good end */
    struct isl_grid *grid; /* ISL_FMT_TABLE: the rows kept */
    isl_progress *progress; /* when not NULL: ticked with the rows handed */
    int labelled;          /* ISL_FMT_TABLE after isl_listing_labelled: */
    isl_labels labels;     /* ... column_label's rows */
    const char *object;    /* ... for this object (the caller's string) */
    isl_row_fn tee;        /* when not NULL: handed the header and every row too */
    void *tee_ctx;
    char **keys;           /* JSON, NDJSON: each column's key, made unique ("a", "a:1"), as JSON text */
    size_t nkeys;
    size_t wrap;           /* ISL_FMT_TABLE: when not 0, the width a text last column is wrapped to fit */
    int terminal;          /* out is a terminal: CSV and TSV cells escaped (isl_escape), as a table's */
} isl_listing;

/* The --format names, in the order of isl_format (NULL-terminated). */
extern const char *const isl_format_names[];

/* Starts a listing in fmt to out. CSV and TSV keep exact values, but to a
 * terminal their cells are escaped as a table's (data cannot drive it). */
void isl_listing_start(isl_listing *l, isl_format fmt, FILE *out);
/* An isl_row_fn: the header (row == NULL), then each row. ISL_ENOMEM, or
 * ISL_EOUTPUT when out cannot be written. */
isl_status isl_listing_row(void *ctx, size_t n, const char *const *names, const isl_cell *row);
/* For a table, before the header: columns headed by object's labels (NULL:
 * the '*' rows), units below, reals rounded; an exit status. */
int isl_listing_labelled(isl_listing *l, isl_cli *cli, const char *object);
/* isl_listing_end, then the command's exit status with its failure worded in
 * cli->err (unless it holds a message). */
int isl_listing_done(isl_cli *cli, isl_listing *l, isl_status st);
/* For a table: a line under the row handed last, indented by 8 spaces, outside
 * the columns (other formats: nothing). ISL_ENOMEM. */
isl_status isl_listing_detail(isl_listing *l, const char *line);
/* For a table: a last column of text wider than `width` columns leave it is
 * wrapped at its spaces, each line after a cell's first starting at the
 * column (a word longer than the room stays whole). */
void isl_listing_wrap(isl_listing *l, size_t width);
/* Ends the listing begun with status st: writes what it kept when st is
 * ISL_OK, frees it; ISL_ENOMEM or ISL_EOUTPUT. */
isl_status isl_listing_end(isl_listing *l, isl_status st);
/* A cell holding text (NULL: SQL NULL), or a whole number written in buf. */
isl_cell isl_cell_text(const char *text);
isl_cell isl_cell_int(long long v, char buf[24]);

#endif
