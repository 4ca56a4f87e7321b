/* Runs the fuzz target once on each file named on the command line, for
 * replaying the corpus where libFuzzer is not available (make check). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { perror(argv[i]); return 1; }
        uint8_t *buf = NULL;
        size_t n = 0, cap = 0, r;
        do {
            if (n == cap && !(buf = realloc(buf, cap = cap ? cap * 2 : 4096))) return 1;
            n += r = fread(buf + n, 1, cap - n, f);
        } while (r > 0);
        fclose(f);
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
    }
    printf("replayed %d inputs\n", argc - 1);
    return 0;
}
