/* isolab: the schema, seed, query and gnuplot files compiled into the binary, so an
 * installed isolab needs none of the source tree. Each list is in file-name
 * order; `count` excludes the terminating empty entry. */
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

/* The bytes of a new database with isolab's schema and saved queries and no
 * seeds (isl_store_make_template's file, made at build time); a build
 * without it (the tool that makes it) has isl_template_len 0. */
extern const unsigned char isl_template_db[];
extern const size_t isl_template_len;

/* The bytes of a new database with the built-in seeds as well
 * (isl_store_make_seeded_template's file), and the isl_seeded_stamps
 * offsets in them of its schema_version.applied_at values, each
 * ISL_STAMP_LEN bytes of text to overwrite with the time of creation;
 * isl_seeded_len is 0 without it. */
extern const unsigned char isl_seeded_db[];
extern const size_t isl_seeded_len;
extern const size_t isl_seeded_stamp_at[];
extern const size_t isl_seeded_stamps;

#endif
