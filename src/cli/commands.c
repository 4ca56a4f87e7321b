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
    {"sweep", isl_cmd_sweep, "run one of the lesson's sweeps and store its rows",
     "usage: isolab [--db FILE] sweep samples|removal|addition [--bundle B] [--channel C]\n"
     "\n"
     "One sweep, written as one run whose kind is the sweep's name:\n"
     "  samples   one row per sample count: lines, returned, lines per fact\n"
     "  removal   the baseline, then one row per fact removed from the fact set\n"
     "  addition  the baseline, then one row per axis given one new fact\n"
     "\n"
     "  --bundle B   the bundle (default strict)\n"
     "  --channel C  the channel (default sampling-profile)\n"},
    {"report", isl_cmd_report, "print saved queries (default: the lesson's tables)",
     "usage: isolab [--db FILE] report [NAME...]\n"
     "\n"
     "Prints the lines of the saved queries NAME... (views of the database),\n"
     "or with no NAME the lesson's eight tables in the lesson's order, each\n"
     "from the latest run of its kind. Names: lesson_header, resource_axis,\n"
     "channel_facts, bundle_table, channel_table, sample_table,\n"
     "removal_summary, addition_table, lesson_report.\n"},
    {"lesson", isl_cmd_lesson, "the main job: seed, run, sweep and print the lesson's tables",
     "usage: isolab [--db FILE] lesson [--fresh]\n"
     "\n"
     "Creates the database if it is missing, writes one run of every bundle x\n"
     "channel and the three sweeps of strict x sampling-profile, then prints\n"
     "the lesson's tables from those rows. Earlier runs are kept.\n"
     "\n"
     "  --fresh  create the database anew first (its earlier runs are lost)\n"},
    {NULL, NULL, NULL, NULL},
};
