/* isolab: the dispatch table of subcommands, in the order `isolab --help`
 * lists them. */
#include <stddef.h>

#include "isolab/cli.h"

const isl_command isl_commands[] = {
    {"init", isl_cmd_init, "create the database from the schema and seed files",
     "usage: isolab [--db FILE] init [--seeds DIR] [--force]\n"
     "\n"
     "Creates the database: the schema, then the shipped seed files (or every\n"
     "*.sql file of DIR, in name order), then the saved queries as views. It is\n"
     "built in a temporary file and moved into place only when complete.\n"
     "\n"
     "  --seeds DIR  seed from DIR instead of the seeds built into isolab\n"
     "  --force      replace an existing database\n"},
    {"load", isl_cmd_load, "apply more seed files to the database",
     "usage: isolab [--db FILE] load FILE...\n"
     "\n"
     "Applies the seed files, in the given order, in one transaction: all of\n"
     "them or none. The model must still be valid afterwards.\n"},
    {"run", isl_cmd_run, "compute surfaces for bundles x channels and store them",
     "usage: isolab [--db FILE] run [--bundle B]... [--channel C]...\n"
     "\n"
     "One run: for every bundle x every channel (or only those named), the\n"
     "visible, returned, open surface and open axes counts, cost, run time and\n"
     "cost per returning fact, and each fact's status. Prints the run id and\n"
     "the number of rows written.\n"
     "\n"
     "  --bundle B   only bundle B (repeatable)\n"
     "  --channel C  only channel C (repeatable)\n"},
    {NULL, NULL, NULL, NULL},
};
