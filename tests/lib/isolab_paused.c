/* isolab with its pause points on, for tests only (tests/record/test_concurrency.sh
 * runs it as a writer another process races): the binary's own main
 * (src/main.c) with isl_store_on_pause set. The first time the command
 * reaches the point ISOLAB_PAUSE_AT names ("model", "writing", "commit":
 * include/isolab/store.h), it creates the file ISOLAB_PAUSE_DIR/paused,
 * then waits until it has read a line from the FIFO ISOLAB_PAUSE_DIR/resume
 * (the test writes it when it has done what it races), and goes on.
 * Without the variables it is isolab. */
#define main isolab_main
#include "../src/main.c"
#include "isolab/store.h"
#undef main

#include <stdio.h>
#include <string.h>

static void pause_at(const char *point)
{
    static int done;
    const char *at = getenv("ISOLAB_PAUSE_AT"), *dir = getenv("ISOLAB_PAUSE_DIR");
    if (done || !at || !dir || strcmp(at, point)) return;
    done = 1;
    char path[4096], line[64];
    snprintf(path, sizeof path, "%s/paused", dir);
    FILE *f = fopen(path, "w");
    if (!f || fprintf(f, "%s\n", point) < 0 || fclose(f) != 0) abort();
    snprintf(path, sizeof path, "%s/resume", dir);
    if (!(f = fopen(path, "r")) || !fgets(line, sizeof line, f)) abort();
    fclose(f);
}

int main(int argc, char **argv)
{
    isl_store_on_pause(pause_at);
    return isolab_main(argc, argv);
}
