/* isolab: the models runs used (model_record): kept once per digest when a
 * run begins, compared between two runs, written back as seed SQL. */
#ifndef ISOLAB_PROVENANCE_H
#define ISOLAB_PROVENANCE_H

#include <stddef.h>
#include <stdint.h>

#include "isolab/error.h"
#include "isolab/store.h"

/* Keeps the model now in the database's tables under digest, unless rows
 * of that digest are kept already; in the caller's transaction. */
isl_status isl_store_keep_model(isl_store *s, const char *digest, isl_error *err);

/* What changed from run a's model to run b's, as lines "model: ..." handed
 * to fn, in model order (axes, facts, mechanisms, bundles, lessons,
 * channels, settings, sample counts): "+ ITEM NAME ..." for one only b's
 * model has, "- ..." for one only a's has, "ITEM NAME ATTR OLD -> NEW" for
 * a changed value; *ndiff grows by their number. Nothing when a model was
 * not kept. */
isl_status isl_store_model_diff(isl_store *s, int64_t a, int64_t b, isl_line_fn fn, void *ctx, size_t *ndiff,
                                isl_error *err);

/* Run `run`'s model as seed SQL (INSERT statements into the model tables,
 * one a line, in an order the foreign keys accept), handed to fn line by
 * line. ISL_EINPUT when there is no such run or its model was not kept. */
isl_status isl_store_export_model(isl_store *s, int64_t run, isl_line_fn fn, void *ctx, isl_error *err);

#endif
