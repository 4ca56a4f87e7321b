/* isolab store: SQL text run as a script (script.c). */
#ifndef ISOLAB_SCRIPT_H
#define ISOLAB_SCRIPT_H

#include "isolab/error.h"
#include "isolab/store.h"

/* Executes seed text statement by statement, errors naming `name` and the
 * line; no transaction is opened here. */
isl_status isl_store_exec_script(isl_store *s, const char *name, const char *sql, isl_error *err);

#endif
