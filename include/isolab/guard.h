/* isolab base: SQLite's printf() and format() guarded (guard.c). */
#ifndef ISOLAB_GUARD_H
#define ISOLAB_GUARD_H

#include "isolab/base.h"

/* Registers printf() and format() on db: SQLite's own answers, but NULL at
 * once where a %c repeat is longer than the length limit (guard.c), or,
 * when refuse is 1, SQLite's "string or blob too big" error; an SQLite
 * result code. */
int isl_guard_printf(struct sqlite3 *db, int refuse);

#endif
