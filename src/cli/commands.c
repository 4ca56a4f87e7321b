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
     "  --channel C  the channel (default sampling-profile)\n"
     "\n"
     "usage: isolab [--db FILE] sweep bundles [--channel C]... [--mechanisms M1,M2,...]\n"
     "\n"
     "The power-set sweep: every subset of the chosen mechanisms (default: all,\n"
     "at most 30) as a bundle applying its members in mechanism order, under no\n"
     "channel and under every chosen channel (default: all), one row each in\n"
     "bundle_sweep (see the view bundle_sweep_named). Saved queries on the\n"
     "latest such run: bundle_smallest, bundle_marginal, bundle_frontier.\n"
     "\n"
     "  --channel C         only channel C (repeatable)\n"
     "  --mechanisms LIST   only these mechanisms, comma-separated\n"},
    {"report", isl_cmd_report, "print saved queries (default: the lesson's tables)",
     "usage: isolab [--db FILE] report [NAME...]\n"
     "\n"
     "Prints the lines of the saved queries NAME... (views of the database),\n"
     "or with no NAME the lesson's eight tables in the lesson's order, each\n"
     "from the latest run of its kind. Names: lesson_header, resource_axis,\n"
     "channel_facts, bundle_table, channel_table, sample_table,\n"
     "removal_summary, addition_table, lesson_report; bundle_smallest,\n"
     "bundle_marginal, bundle_frontier (the latest bundles sweep).\n"},
    {"lesson", isl_cmd_lesson, "the main job: seed, run, sweep and print the lesson's tables",
     "usage: isolab [--db FILE] lesson [--fresh]\n"
     "\n"
     "Creates the database if it is missing, writes one run of every bundle x\n"
     "channel and the three sweeps of strict x sampling-profile, then prints\n"
     "the lesson's tables from those rows. Earlier runs are kept. Then it\n"
     "checks every claim ('isolab check') on stderr, so stdout holds the\n"
     "lesson's tables alone, and exits 1 when a claim fails.\n"
     "\n"
     "  --fresh  create the database anew first (its earlier runs are lost)\n"},
    {"check", isl_cmd_check, "check the lessons' claims against the latest results",
     "usage: isolab [--db FILE] check [--lesson CODE]\n"
     "\n"
     "Evaluates every claim of the claim table (or only lesson CODE's, e.g.\n"
     "M03/K05) against the latest runs and prints one line per claim: 'pass',\n"
     "'FAIL' with the expected and the actual value, or 'pending' with the\n"
     "reason (the claim speaks of a channel no seed gives yet); then a count\n"
     "line. The outcomes are stored as claim_result rows of a 'check' run.\n"
     "Exits 1 when a claim fails.\n"
     "\n"
     "  --lesson CODE  only the claims lesson CODE states\n"},
    {"export", isl_cmd_export, "write a table, view or saved query as CSV, TSV or JSON",
     "usage: isolab [--db FILE] export NAME [--format csv|tsv|json] [-o FILE] [--run ID]\n"
     "\n"
     "Writes every row of the table or view NAME (the saved queries are views)\n"
     "with a header. Tables come in primary key order, views in their own.\n"
     "  csv   as 'sqlite3 -csv -header' prints 'SELECT * FROM NAME' (quoted\n"
     "        fields, inner quotes doubled, NULL as an empty field)\n"
     "  tsv   tab-separated; a field is quoted only when it holds a tab, a\n"
     "        newline or a double quote, or is empty\n"
     "  json  an array of objects: numbers as numbers, NULL as null\n"
     "\n"
     "  --format F  csv (default), tsv or json\n"
     "  -o FILE     write FILE (it appears only when complete) instead of stdout\n"
     "  --run ID    only the rows of run ID (NAME must have a run_id column)\n"},
    {"runs", isl_cmd_runs, "list the runs",
     "usage: isolab [--db FILE] runs [--kind KIND]\n"
     "\n"
     "Lists every run: id, kind (run, samples, removal, addition, check, ...),\n"
     "when it started, status, the digest of the model it used, and how many\n"
     "result rows it wrote.\n"
     "\n"
     "  --kind KIND  only runs of this kind\n"},
    {"diff", isl_cmd_diff, "show what differs between two runs of one kind",
     "usage: isolab [--db FILE] diff RUN_A RUN_B\n"
     "\n"
     "For surfaces, per bundle x channel: the counts that changed ('~'), the\n"
     "facts lost from and gained by the open surface with their status in\n"
     "each run, and pairs only one run has ('-' only in A, '+' only in B).\n"
     "For every other result table: the rows only A has ('-') and only B has\n"
     "('+'). Ends with the number of differences.\n"},
    {"plot", isl_cmd_plot, "draw the comparisons as images with gnuplot",
     "usage: isolab [--db FILE] plot [NAME...] [-o DIR] [--format png|svg] [--scripts DIR]\n"
     "\n"
     "Draws the plots NAME... (default: all) from the latest runs. For each, the\n"
     "rows of its saved query go to DIR/NAME.csv (what 'isolab export QUERY'\n"
     "writes) and gnuplot draws DIR/NAME.png (or .svg) from that file with the\n"
     "script gnuplot/NAME.gp, built into isolab:\n"
     "  channels  cost against returned facts per channel, across lessons, with\n"
     "            lines of equal cost per returned fact (channel_comparison)\n"
     "  samples   the sample count sweep on log-log axes (current_sample_sweep)\n"
     "  axes      per bundle, each axis's visible share without and with the\n"
     "            channel (plot_axes)\n"
     "  frontier  the power-set sweep: open surface against bundle size for\n"
     "            every bundle, the frontier and the named bundles marked\n"
     "            (plot_frontier)\n"
     "A plot whose run is missing names the command to run first. Needs gnuplot\n"
     "(Debian: gnuplot-nox); exits 6 when it is missing or fails.\n"
     "\n"
     "  -o DIR         the directory for images and CSV files (default plots)\n"
     "  --format F     png (default) or svg\n"
     "  --scripts DIR  take NAME.gp from DIR (e.g. your edited gnuplot/)\n"},
    {NULL, NULL, NULL, NULL},
};
