/* isolab: the schema, seed, query, gnuplot and page script files compiled into the binary, in
 * name order; `count` excludes the terminating empty entry. */
#ifndef ISOLAB_EMBEDDED_H
#define ISOLAB_EMBEDDED_H

#include <stddef.h>

typedef struct isl_embedded_file {
    const char *name; /* file name, e.g. "001_model.sql" */
    const char *text; /* its bytes, NUL-terminated */
    size_t len;       /* number of bytes, without the NUL */
} isl_embedded_file;

extern const isl_embedded_file isl_schema_files[];
extern const size_t isl_schema_count;
extern const isl_embedded_file isl_seed_files[];
extern const size_t isl_seed_count;
extern const isl_embedded_file isl_query_files[];
extern const size_t isl_query_count;
extern const isl_embedded_file isl_plot_files[]; /* the gnuplot/ scripts */
extern const size_t isl_plot_count;
extern const isl_embedded_file isl_page_script_files[]; /* src/wasm/lab.js, the page's script */
extern const size_t isl_page_script_count;

#endif
