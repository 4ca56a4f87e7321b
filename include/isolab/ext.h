/* isolab: the SQL functions (docs/sql.md, "What-if in the shell", lists
 * them with their arguments and columns): table-valued functions
 * computing from the model of the database they run in, and
 * isolab_version(). The same code is the loadable extension isolab.so and
 * what `sweep bundles` inserts from on isolab's own connection. */
#ifndef ISOLAB_EXT_H
#define ISOLAB_EXT_H

struct sqlite3;

/* Registers every isolab SQL function on db: SQLITE_OK or an SQLite error
 * code. */
int isl_ext_register(struct sqlite3 *db);

#endif
