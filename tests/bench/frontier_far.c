/* The stretch of make bench-answers: isolab's exact frontier past the
 * extension's 30 mechanisms, straight from the core.
 *
 *   frontier_far DB SECONDS
 *
 * Reads the model of DB (the synthetic model, tests/synth), then for n = 30,
 * 31, ... mechanisms (the first n in mechanism order, under the first
 * channel) computes the frontier with isl_frontier and prints
 * "n seconds least_open_surface_at_n/2 subsets_reaching_it", until the
 * model's mechanisms, the core's limit (ISL_ANSWERS_MAX) or SECONDS of
 * time in all run out; the last line says which. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "isolab/answers.h"
#include "isolab/db.h"
#include "isolab/run.h"
#include "isolab/store.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: frontier_far DB SECONDS\n");
        return 2;
    }
    double limit = atof(argv[2]), spent = 0;
    isl_error err;
    isl_store *s = NULL;
    isl_model *m = NULL;
    if (isl_store_open(argv[1], &s, &err) || isl_store_read_model(s, &m, &err)) {
        fprintf(stderr, "frontier_far: %s\n", err.msg);
        return 1;
    }
    size_t mechs[ISL_ANSWERS_MAX], n = 30;
    isl_frontier_row rows[ISL_ANSWERS_MAX + 1];
    for (size_t i = 0; i < ISL_ANSWERS_MAX; i++) mechs[i] = i;
    size_t channel = m->nchannels ? 0 : ISL_NONE;
    for (; n <= m->nmech && n <= ISL_ANSWERS_MAX && spent < limit; n++) {
        double t0 = now();
        if (isl_frontier(m, mechs, n, channel, rows)) {
            fprintf(stderr, "frontier_far: out of memory\n");
            return 1;
        }
        double t = now() - t0;
        spent += t;
        printf("%zu %.6f %zu %llu\n", n, t, rows[n / 2].open_surface, (unsigned long long)rows[n / 2].bundles);
    }
    printf("stopped at %zu: %s\n", n - 1,
           n > ISL_ANSWERS_MAX ? "the core's limit (a subset is a 64-bit mask)"
           : n > m->nmech      ? "the model's mechanisms"
                               : "the time");
    isl_model_free(m);
    isl_store_close(s);
    return 0;
}
