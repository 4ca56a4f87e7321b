/* isolab: entry point. The work is in isl_main (src/cli/cli.c); isl_exit
 * checks that stdout could be closed. */
#include "isolab/cli.h"

int main(int argc, char **argv)
{
    return isl_exit(isl_main(argc, argv));
}
