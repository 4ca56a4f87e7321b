/* isolab: entry point. The work is in isl_main (src/cli/cli.c); isl_exit
 * checks that stdout could be closed. */
/* mallopt is glibc's */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <sqlite3.h>

#include "isolab/cli.h"
#include "isolab/main.h"
#include "isolab/store.h"

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    /* A command is one short process: memory freed is kept for the next
     * statement rather than given back to the kernel and faulted in again
     * (half the page faults of 'isolab lesson'). Peak memory is unchanged. */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
    /* SQLite counts every allocation under a global mutex for
     * sqlite3_memory_used, which isolab never asks: without the count,
     * compiling the saved queries makes a tenth fewer instructions. Only
     * possible before SQLite is first used; declining it costs speed only. */
    (void)sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    /* Each page cache, also that of every temporary b-tree a statement
     * opens for a sort or a subquery, would start with room for 20 pages
     * written through at once: without that, it takes pages as it needs
     * them. */
    (void)sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)NULL, 0, 0);
    return isl_exit(isl_main(argc, argv));
}
