/* Shared helpers for isolab's cmocka suites. The lesson's model is typed in
 * here from the lesson's own lists, independently of seeds/ (which the store
 * tests load), so the core is checked against the lesson, not against itself. */
#ifndef ISOLAB_TESTUTIL_H
#define ISOLAB_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/model.h"

/* A fresh directory /tmp/isolab-TAG-XXXXXX in dir (64 bytes): 0 or -1. */
static inline int t_mkdtemp(char dir[64], const char *tag)
{
    snprintf(dir, 64, "/tmp/isolab-%s-XXXXXX", tag);
    return mkdtemp(dir) ? 0 : -1;
}

/* Removes dir and everything in it: 0 or nonzero. */
static inline int t_rmtree(const char *dir)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

/* Index of name in names[0..n), or ISL_NONE. */
static inline size_t t_index(char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return i;
    return ISL_NONE;
}

static inline size_t t_axis(isl_model *m, const char *name)
{
    size_t a = t_index(m->axis_name, m->naxes, name);
    return a != ISL_NONE ? a : isl_model_add_axis(m, name);
}

/* The lesson's model: bundles plain, common, strict (indexes 0, 1, 2);
 * channels sampling-profile (0, 3 %), system-call-tracing (1, 34 %). */
static inline isl_model *t_lesson_model(void)
{
    static const char *const T_FACTS[24][2] = {
        {"other-process-list", "process"}, {"own-process-number", "process"},
        {"ancestor-process-chain", "process"}, {"root-filesystem-tree", "mount"},
        {"other-mounts", "mount"}, {"shared-temp-directory", "mount"},
        {"host-interfaces", "network"}, {"host-routing-table", "network"},
        {"listening-ports", "network"}, {"user-id-mapping", "user"},
        {"file-ownership", "user"}, {"hostname", "host"},
        {"cpu-share", "resource"}, {"memory-limit", "resource"},
        {"memory-used", "resource"}, {"cpu-count", "resource"},
        {"kernel-version", "kernel"}, {"kernel-settings", "kernel"},
        {"system-load", "kernel"}, {"clock", "kernel"},
        {"capability-set", "privilege"}, {"file-permissions", "privilege"},
        {"security-label", "label"}, {"policy-rules", "label"},
    };
    /* mechanism, its axis, its left-open fact ("" for none) */
    static const char *const T_MECH[8][3] = {
        {"pid-namespace", "process", "own-process-number"},
        {"mount-namespace", "mount", "root-filesystem-tree"},
        {"network-namespace", "network", ""},
        {"user-namespace", "user", "file-ownership"},
        {"uts-namespace", "host", ""},
        {"control-group", "resource", "cpu-count"},
        {"capability-dropping", "privilege", "file-permissions"},
        {"mandatory-label", "label", "security-label"},
    };
    static const char *const T_COMMON[6] = {"pid-namespace", "mount-namespace", "network-namespace",
                                            "uts-namespace", "control-group", "capability-dropping"};
    static const char *const T_PROFILE[3] = {"cpu-share", "cpu-count", "system-load"};
    static const char *const T_TRACING[5] = {"root-filesystem-tree", "other-mounts", "file-ownership",
                                             "capability-set", "clock"};

    isl_model *m = isl_model_new();
    assert_non_null(m);
    for (size_t i = 0; i < 24; i++)
        assert_int_not_equal(isl_model_add_fact(m, T_FACTS[i][0], t_axis(m, T_FACTS[i][1])), ISL_NONE);
    for (size_t i = 0; i < 8; i++) {
        size_t d = isl_model_add_mechanism(m, T_MECH[i][0]);
        assert_int_equal(isl_model_mechanism_axis(m, d, t_index(m->axis_name, m->naxes, T_MECH[i][1])), ISL_OK);
        if (T_MECH[i][2][0])
            assert_int_equal(isl_model_left_open(m, d, t_index(m->fact_name, m->nfacts, T_MECH[i][2])), ISL_OK);
    }
    isl_model_add_bundle(m, "plain");
    size_t common = isl_model_add_bundle(m, "common");
    size_t strict = isl_model_add_bundle(m, "strict");
    for (size_t i = 0; i < 6; i++) {
        isl_model_bundle_append(m, common, isl_model_find_mechanism(m, T_COMMON[i]));
        isl_model_bundle_append(m, strict, isl_model_find_mechanism(m, T_COMMON[i]));
    }
    isl_model_bundle_append(m, strict, isl_model_find_mechanism(m, "user-namespace"));
    isl_model_bundle_append(m, strict, isl_model_find_mechanism(m, "mandatory-label"));
    size_t p = isl_model_add_channel(m, "sampling-profile", "M03/K05", 3);
    for (size_t i = 0; i < 3; i++) isl_model_channel_fact(m, p, t_index(m->fact_name, m->nfacts, T_PROFILE[i]));
    size_t t = isl_model_add_channel(m, "system-call-tracing", "M03/K04", 34);
    for (size_t i = 0; i < 5; i++) isl_model_channel_fact(m, t, t_index(m->fact_name, m->nfacts, T_TRACING[i]));
    const long long samples[4] = {100, 1000, 10000, 100000};
    for (size_t i = 0; i < 4; i++) isl_model_add_sample(m, samples[i]);
    assert_int_equal(isl_model_finish(m), ISL_OK);
    return m;
}

#endif
