/* isolab store: the SQL text of a statement, read for messages (probe.c). */
#ifndef ISOLAB_STORE_PROBE_H
#define ISOLAB_STORE_PROBE_H

#include "store_int.h"

/* After stmt failed with a constraint error on table (re-run in a savepoint):
 * "table.col = value, ..." into msg, the offending row (from 1) into *row; 1 if found. */
int isl_probe_row(isl_store *s, const char *table, const char *stmt, const char *errmsg, char *msg, size_t n,
                  int *row);

/* Where the SQL text at p goes on after the characters of blanks and any
 * comments (an unclosed one runs to the end): the store's one comment skipper. */
#define ISL_SQL_BLANKS " \t\n\r\f"
const char *isl_sql_skip(const char *p, const char *blanks);

/* Where the k-th row (from 1) of the VALUES list of stmt starts, or NULL. */
const char *isl_values_row(const char *stmt, int k);

/* Where the first VALUES row of the statement [start, tail) holding the text lit
 * starts; start when none does (or lit is NULL or ""). */
const char *isl_values_row_holding(const char *start, const char *tail, const char *lit);

#endif
