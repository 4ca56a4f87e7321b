/* isolab: entry point. The work is in isl_main (src/cli/cli.c); isl_exit
 * checks that stdout could be closed. */
/* mallopt is glibc's */
#define _DEFAULT_SOURCE
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "isolab/cli.h"

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    /* A command is one short process: memory freed is kept for the next
     * statement rather than given back to the kernel and faulted in again
     * (half the page faults of 'isolab lesson'). Peak memory is unchanged. */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
#endif
    return isl_exit(isl_main(argc, argv));
}
