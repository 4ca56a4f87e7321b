/* isolab store: what SQL from files may call and read (allow.c). */
#ifndef ISOLAB_STORE_ALLOW_H
#define ISOLAB_STORE_ALLOW_H

#include "store_int.h"

/* 1 when SQL from files and users may call the function name: SQLite's
 * ordinary functions and isolab's own; 0 for others (readfile, ...). */
int isl_sql_function_allowed(const char *name);
/* 0 for a table SQL from files may not read: the extension's power-set
 * answers (isolab_frontier, isolab_smallest, isolab_marginal), which compute
 * inside one step where the work budget cannot stop them; 1 otherwise. */
int isl_sql_table_allowed(const char *name);

#endif
