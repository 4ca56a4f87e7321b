/* isolab store: the model reader, a module over the store base
 * (isolab/base.h) alone, so that the SQL functions (isolab.so) read the
 * model of the database they run in without the rest of the store. */
#ifndef ISOLAB_READER_H
#define ISOLAB_READER_H

#include "isolab/error.h"
#include "isolab/model.h"

struct sqlite3;

/* Reads and validates the model on db into *out (isl_model_free; NULL on failure);
 * ISL_EINPUT names what is wrong with the model. */
isl_status isl_read_model(struct sqlite3 *db, const char *path, isl_model **out, isl_error *err);

/* The model's dangling rows only, as isl_read_model names them: a row naming
 * a row that is not there (lesson_focus, ...), a param naming no bundle or
 * channel; ISL_OK when there is none. For the readers of results. */
isl_status isl_read_dangling(struct sqlite3 *db, const char *path, isl_error *err);

#endif
