/* isolab: entry point. All the work is in isl_main (src/cli/cli.c). */
#include "isolab/cli.h"

int main(int argc, char **argv)
{
    return isl_main(argc, argv);
}
