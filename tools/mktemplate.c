/* Build tool: makes the images new isolab databases start from, and writes
 * them as C source for include/isolab/embedded.h:
 *   isl_template_db  the schema and saved queries, no seeds
 *                    (isl_store_make_template), for init --seeds DIR;
 *   isl_seeded_db    the same with the built-in seeds
 *                    (isl_store_make_seeded_template), for every other new
 *                    database, with isl_seeded_stamp_at: where its
 *                    schema_version.applied_at texts are, to be made the
 *                    time of creation.
 * The files are made at FILE and FILE-seeded and removed afterwards.
 * Usage: mktemplate FILE   (C source on stdout) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/store.h"

/* What applied_at holds in the seeded image until a database is made from
 * it: ISL_STAMP_LEN characters that no seed or schema text contains. */
static const char STAMP[] = "isolab-applied-at-stamp!";

static void remove_all(const char *path)
{
    static const char *const SIDE[] = {"-journal", "-wal", "-shm"};
    char side[4096];
    unlink(path);
    for (size_t i = 0; i < 3; i++) {
        snprintf(side, sizeof side, "%s%s", path, SIDE[i]);
        unlink(side);
    }
}

/* The bytes of the file at path into *out (malloc'd), *len long: 0 or -1. */
static int slurp(const char *path, unsigned char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return perror(path), -1;
    size_t cap = 1 << 16, n = 0;
    unsigned char *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap) break;
        unsigned char *more = realloc(b, cap *= 2);
        if (!more) free(b);
        b = more;
    }
    int bad = ferror(f) || !b;
    fclose(f);
    if (bad) {
        fprintf(stderr, "mktemplate: cannot read %s\n", path);
        free(b);
        return -1;
    }
    *out = b;
    *len = n;
    return 0;
}

static void print_bytes(const char *name, const unsigned char *b, size_t len)
{
    printf("const unsigned char %s[] = {", name);
    for (size_t i = 0; i < len; i++) printf("%s0x%02x,", i % 16 == 0 ? "\n  " : "", (unsigned)b[i]);
    printf("\n};\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mktemplate FILE\n");
        return 2;
    }
    char seeded[4096];
    snprintf(seeded, sizeof seeded, "%s-seeded", argv[1]);
    isl_error err;
    int rows = 0;
    remove_all(argv[1]);
    remove_all(seeded);
    if (sizeof STAMP - 1 != ISL_STAMP_LEN) {
        fprintf(stderr, "mktemplate: the stamp is not %d characters\n", ISL_STAMP_LEN);
        return 1;
    }
    if (isl_store_make_template(argv[1], &err) || isl_store_make_seeded_template(seeded, STAMP, &rows, &err)) {
        fprintf(stderr, "mktemplate: %s\n", err.msg);
        remove_all(argv[1]);
        remove_all(seeded);
        return 1;
    }
    unsigned char *plain = NULL, *full = NULL;
    size_t plain_len = 0, full_len = 0;
    int bad = slurp(argv[1], &plain, &plain_len) || slurp(seeded, &full, &full_len);
    remove_all(argv[1]);
    remove_all(seeded);
    if (bad) return 1;
    printf("/* Made by tools/mktemplate.c: a new database's schema and saved queries,\n"
           " * without and with the built-in seeds. */\n#include \"isolab/embedded.h\"\n\n");
    print_bytes("isl_template_db", plain, plain_len);
    printf("const size_t isl_template_len = sizeof isl_template_db;\n\n");
    print_bytes("isl_seeded_db", full, full_len);
    printf("const size_t isl_seeded_len = sizeof isl_seeded_db;\nconst size_t isl_seeded_stamp_at[] = {");
    /* every stamp, and nothing else, is where SQLite stored applied_at */
    int found = 0;
    for (size_t i = 0; i + ISL_STAMP_LEN <= full_len; i++)
        if (!memcmp(full + i, STAMP, ISL_STAMP_LEN)) printf("%s%zu", found++ ? ", " : "", i);
    printf("};\nconst size_t isl_seeded_stamps = %d;\n", found);
    free(plain);
    free(full);
    if (found != rows || rows == 0) {
        fprintf(stderr, "mktemplate: %d schema_version rows stamped, %d stamps found in the image\n", rows, found);
        return 1;
    }
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
