/* Build tool: makes the database every new isolab database starts from
 * (isl_store_make_template: the schema and saved queries, no seeds) at
 * FILE, and writes its bytes as C source for include/isolab/embedded.h
 * (isl_template_db, isl_template_len). FILE is removed afterwards.
 * Usage: mktemplate FILE   (C source on stdout) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/store.h"

static void remove_all(const char *path)
{
    char side[4096];
    unlink(path);
    snprintf(side, sizeof side, "%s-journal", path);
    unlink(side);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mktemplate FILE\n");
        return 2;
    }
    isl_error err;
    remove_all(argv[1]);
    if (isl_store_make_template(argv[1], &err)) {
        fprintf(stderr, "mktemplate: %s\n", err.msg);
        remove_all(argv[1]);
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    printf("/* Made by tools/mktemplate.c: a new database's schema and saved queries. */\n"
           "#include \"isolab/embedded.h\"\n\nconst unsigned char isl_template_db[] = {");
    int c, col = 0;
    while ((c = fgetc(f)) != EOF) {
        printf("%s0x%02x,", col == 0 ? "\n  " : "", (unsigned)c);
        col = (col + 1) % 16;
    }
    int bad = ferror(f);
    fclose(f);
    remove_all(argv[1]);
    if (bad) {
        perror(argv[1]);
        return 1;
    }
    printf("\n};\nconst size_t isl_template_len = sizeof isl_template_db;\n");
    return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
