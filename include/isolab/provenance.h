/* isolab: the models runs used (model_record): kept once per digest when a
 * run begins, compared between two runs, written back as seed SQL. */
#ifndef ISOLAB_PROVENANCE_H
#define ISOLAB_PROVENANCE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/history.h"
#include "isolab/store.h"

/* Keeps the model now in the database's tables under digest, unless rows
 * of that digest are kept already; in the caller's transaction. */
isl_status isl_store_keep_model(isl_store *s, const char *digest, isl_error *err);

/* What changed from run a's model to run b's, as rows (line "model: ...",
 * change "model") to fn in model order; nothing when a model was not kept. */
isl_status isl_store_model_diff(isl_store *s, int64_t a, int64_t b, isl_diff_fn fn, void *ctx, isl_error *err);

/* Run `run`'s model as seed SQL, one INSERT a line to fn, in foreign-key order;
 * ISL_EINPUT when there is no such run or its model was not kept. */
isl_status isl_store_export_model(isl_store *s, int64_t run, isl_line_fn fn, void *ctx, isl_error *err);

#endif
