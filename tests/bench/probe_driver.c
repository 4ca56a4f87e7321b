/* The probe's timings for make bench-probe (tests/bench/probe.sh), by the
 * kernel layer itself (isl_probe_set_run, linked from build/libisolab.a):
 *
 *   probe_driver sets ROUNDS   each course set (plain, each mechanism
 *                              alone, common, strict) in both orders, ROUNDS
 *                              times: "SET ORDER MS" per probe
 *   probe_driver subsets       the 256 subsets of the mechanisms in
 *                              position order: "subsets SECONDS"
 *
 * Exits 1 when a probe fails. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isolab/kernel.h"

static const char *const M[8] = {"pid-namespace", "mount-namespace", "network-namespace", "user-namespace",
                                 "uts-namespace", "control-group", "capability-dropping", "mandatory-label"};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* One probe of set (n mechanisms) with every fact: its seconds, or -1. */
static double probe(const char *const *set, size_t n, isl_probe_order order)
{
    const char *facts[32];
    size_t nf = 0;
    for (; isl_kernel_facts[nf].name && nf < 32; nf++) facts[nf] = isl_kernel_facts[nf].name;
    isl_probe_set s = {set, n, order, facts, nf, 10000};
    isl_probe_sink sink = {NULL, NULL, NULL, NULL};
    isl_error err;
    double t0 = now();
    if (isl_probe_set_run(&s, &sink, &err) != ISL_OK) {
        fprintf(stderr, "probe_driver: %s\n", err.msg);
        return -1;
    }
    return now() - t0;
}

int main(int argc, char **argv)
{
    static const char *const common[] = {M[0], M[1], M[2], M[4], M[5], M[6]};
    static const char *const strict[] = {M[0], M[1], M[2], M[4], M[5], M[6], M[3], M[7]};
    if (argc == 2 && !strcmp(argv[1], "subsets")) {
        double t0 = now();
        for (unsigned k = 0; k < 256; k++) {
            const char *set[8];
            size_t n = 0;
            for (unsigned i = 0; i < 8; i++)
                if (k >> i & 1) set[n++] = M[i];
            if (probe(set, n, ISL_ORDER_MODEL) < 0) return 1;
        }
        printf("subsets %.3f\n", now() - t0);
        return 0;
    }
    if (argc != 3 || strcmp(argv[1], "sets")) {
        fprintf(stderr, "usage: probe_driver sets ROUNDS | probe_driver subsets\n");
        return 2;
    }
    int rounds = atoi(argv[2]);
    for (int r = 0; r < rounds; r++)
        for (int o = 0; o < 2; o++)
            for (int s = -1; s < 10; s++) {
                const char *const *set = s < 8 ? &M[s] : s == 8 ? common : strict;
                size_t n = s < 0 ? 0 : s < 8 ? 1 : s == 8 ? 6 : 8;
                double t = probe(set, n, (isl_probe_order)o);
                if (t < 0) return 1;
                printf("%s %s %.3f\n", s < 0 ? "plain" : s < 8 ? M[s] : s == 8 ? "common" : "strict",
                       isl_probe_order_name((isl_probe_order)o), t * 1000);
            }
    return 0;
}
