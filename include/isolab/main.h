/* isolab: the command line's entry, for main() (cli.c). */
#ifndef ISOLAB_MAIN_H
#define ISOLAB_MAIN_H

#include "isolab/cli.h"

/* The whole program: parse, open, run, print the error, check stdout; returns
 * the exit status. May be called more than once in a process. */
int isl_main(int argc, char **argv);

/* Closes stdout at the end of the process; returns rc, or ISL_EOUTPUT (with
 * a message) when rc was ISL_OK and stdout could not be written. */
int isl_exit(int rc);

#endif
