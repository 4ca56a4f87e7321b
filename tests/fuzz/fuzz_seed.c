/* libFuzzer target for the seed loader and model validation: each input is
 * a seed file applied to a fresh isolab database (schema and course seeds)
 * inside a transaction that is rolled back afterwards; when it loads, the
 * model is read, validated, and every bundle x channel and the three sweeps
 * are computed. Nothing may crash, leak or trip a sanitizer.
 *
 * make fuzz    clang -fsanitize=fuzzer,address,undefined, runs FUZZ_TIME s
 * make check   replays the corpus (seeds/ and tests/fuzz/corpus/) through
 *              tests/fuzz/replay.c, built with the C compiler and ASan. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "isolab/db.h"
#include "isolab/run.h"
#include "isolab/script.h"
#include "isolab/store.h"
#include "isolab/sweep.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static isl_store *store;
static char db_path[300];

static int stop_long(void *p) { (void)p; return 1; }
static isl_status no_row(void *ctx, const void *row) { (void)ctx; (void)row; return ISL_OK; }
static isl_status surface_row(void *c, const isl_surface_row *r) { return no_row(c, r); }
static isl_status sample_row(void *c, const isl_sample_row *r) { return no_row(c, r); }
static isl_status removal_row(void *c, const isl_removal_row *r) { return no_row(c, r); }
static isl_status addition_row(void *c, const isl_addition_row *r) { return no_row(c, r); }

static void cleanup(void)
{
    char side[320];
    isl_store_close(store);
    unlink(db_path);
    snprintf(side, sizeof side, "%s-wal", db_path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", db_path);
    unlink(side);
}

static void setup(void)
{
    isl_error err;
    const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    snprintf(db_path, sizeof db_path, "%s/isolab-fuzz-%ld.db", tmp, (long)getpid());
    /* a small work budget: a runaway statement is stopped quickly, not a finding */
    isl_store_set_limits(10, 50);
    if (isl_store_create(db_path, NULL, 1, &err) || isl_store_open(db_path, &store, &err)) {
        fprintf(stderr, "fuzz_seed: %s\n", err.msg);
        exit(1);
    }
    sqlite3 *db = isl_store_db(store);
    /* a runaway recursive query or a huge blob is not a finding */
    sqlite3_progress_handler(db, 1000000, stop_long, NULL);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000);
    atexit(cleanup);
}

static void exercise(const isl_model *m)
{
    size_t *b = malloc((m->nbundles + 1) * sizeof *b), *c = malloc((m->nchannels + 1) * sizeof *c);
    if (b && c) {
        for (size_t i = 0; i < m->nbundles; i++) b[i] = i;
        for (size_t i = 0; i < m->nchannels; i++) c[i] = i;
        isl_run_surfaces(m, b, m->nbundles, c, m->nchannels, surface_row, NULL);
        for (size_t i = 0; i < m->nbundles && m->nchannels; i++) {
            isl_sweep_samples(m, i, 0, sample_row, NULL);
            isl_sweep_removal(m, m->bundle[i].members, m->bundle[i].n, 0, removal_row, NULL);
            isl_sweep_addition(m, m->bundle[i].members, m->bundle[i].n, 0, addition_row, NULL);
        }
    }
    free(b);
    free(c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!store) setup();
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    sqlite3 *db = isl_store_db(store);
    isl_error err;
    isl_error_clear(&err);
    if (sqlite3_exec(db, "BEGIN IMMEDIATE; PRAGMA defer_foreign_keys = ON", NULL, NULL, NULL) != SQLITE_OK) abort();
    if (isl_store_exec_script(store, "fuzz.sql", text, &err) == ISL_OK) {
        isl_model *m = NULL;
        if (isl_store_read_model(store, &m, &err) == ISL_OK) exercise(m);
        isl_model_free(m);
    } else if (strncmp(err.msg, "fuzz.sql", 8) != 0 && err.status != ISL_ENOMEM) {
        fprintf(stderr, "fuzz_seed: an error that names no file: %s\n", err.msg);
        abort();
    }
    /* the input must not have ended the transaction (the authorizer's job) */
    if (sqlite3_get_autocommit(db)) {
        fprintf(stderr, "fuzz_seed: the input ended the load's transaction\n");
        abort();
    }
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    free(text);
    return 0;
}
