/* isolab: SQLite's API. In isolab.so (ISL_SQLITE_EXTENSION) SQLite is
 * called through the routines of the process that loads it (ext.c holds them). */
#ifdef ISL_SQLITE_EXTENSION
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3
#else
#include <sqlite3.h>
#endif
