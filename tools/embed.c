/* Build tool: writes a C array named PREFIX_files (and PREFIX_count) holding
 * the bytes of each FILE, for include/isolab/embedded.h. Bytes are written
 * as array initializers, so no string-literal length limit applies.
 * Usage: embed PREFIX FILE...   (C source on stdout) */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: embed PREFIX FILE...\n");
        return 2;
    }
    const char *prefix = argv[1];
    for (int i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        printf("static const char %s_%d[] = {", prefix, i);
        int c, col = 0;
        while ((c = fgetc(f)) != EOF) {
            /* octal character constants fit char whether it is signed or not */
            printf("%s'\\%03o',", col == 0 ? "\n  " : "", (unsigned)c);
            col = (col + 1) % 16;
        }
        int bad = ferror(f);
        fclose(f);
        if (bad) {
            perror(argv[i]);
            return 1;
        }
        printf("\n  0};\n");
    }
    printf("const isl_embedded_file %s_files[] = {\n", prefix);
    for (int i = 2; i < argc; i++) {
        const char *base = strrchr(argv[i], '/');
        base = base ? base + 1 : argv[i];
        printf("  {\"%s\", %s_%d, sizeof %s_%d - 1},\n", base, prefix, i, prefix, i);
    }
    printf("  {0, 0, 0}\n};\nconst size_t %s_count = %d;\n", prefix, argc - 2);
    return ferror(stdout) ? 1 : 0;
}
