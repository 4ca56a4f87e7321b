/* isolab: the table of commands, in the order `isolab --help` lists them:
 * for each, what isl_main opens before it runs (needs), its operands and
 * its options as data. `isolab NAME --help` is generated from the entry. */
#include <stddef.h>

#include "isolab/cli.h"
#include "isolab/powerset.h"

#define STR_(x) #x
#define STR(x) STR_(x)

static const isl_option INIT_OPTS[] = {
    {"--seeds", "DIR", 0, "seed from every *.sql of DIR instead of the seeds built into isolab"},
    {"--force", NULL, 0, "replace an existing database"},
    {NULL, NULL, 0, NULL},
};

static const isl_option RUN_OPTS[] = {
    {"--bundle", "B", 1, "only bundle B"},
    {"--channel", "C", 1, "only channel C"},
    {NULL, NULL, 0, NULL},
};

static const isl_option SWEEP_OPTS[] = {
    {"--bundle", "B", 0, "the bundle (default strict)"},
    {"--channel", "C", 0, "the channel (default sampling-profile)"},
    {NULL, NULL, 0, NULL},
};

static const isl_option BUNDLES_OPTS[] = {
    {"--channel", "C", 1, "only channel C (default: every channel)"},
    {"--mechanisms", "LIST", 0, "only these mechanisms, comma-separated (default: all)"},
    {NULL, NULL, 0, NULL},
};

static const isl_option LESSON_OPTS[] = {
    {"--fresh", NULL, 0, "create the database anew first (its earlier runs are lost)"},
    {NULL, NULL, 0, NULL},
};

static const isl_option CHECK_OPTS[] = {
    {"--lesson", "CODE", 0, "only the claims lesson CODE states"},
    {NULL, NULL, 0, NULL},
};

static const isl_option EXPORT_OPTS[] = {
    {"--format", "F", 0, "csv (default), tsv or json"},
    {"-o", "FILE", 0, "write FILE (it appears only when complete) instead of stdout"},
    {"--run", "ID", 0, "only the rows of run ID (NAME must have a run_id column)"},
    {NULL, NULL, 0, NULL},
};

static const isl_option RUNS_OPTS[] = {
    {"--kind", "KIND", 0, "only runs of this kind"},
    {NULL, NULL, 0, NULL},
};

static const isl_option PLOT_OPTS[] = {
    {"-o", "DIR", 0, "the directory for images and CSV files (default plots)"},
    {"--format", "F", 0, "png (default) or svg"},
    {"--scripts", "DIR", 0, "take NAME.gp from DIR (e.g. your edited gnuplot/)"},
    {NULL, NULL, 0, NULL},
};

static const isl_option NO_OPTS[] = {{NULL, NULL, 0, NULL}};

const isl_command isl_commands[] = {
    {"init", isl_cmd_init, 0, NULL, 0, 0, "create the database from the schema and seed files",
     "Creates the database: the schema, then the shipped seed files (or every\n"
     "*.sql file of DIR, in name order), then the saved queries as views. It is\n"
     "built in a temporary file and moved into place only when complete.\n",
     INIT_OPTS},
    {"load", isl_cmd_load, ISL_NEEDS_DB, "FILE...", 1, -1, "apply more seed files to the database",
     "Applies the seed files, in the given order, in one transaction: all of\n"
     "them or none. The model must still be valid afterwards.\n",
     NO_OPTS},
    {"run", isl_cmd_run, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "compute surfaces for bundles x channels and store them",
     "One run: for every bundle x every channel (or only those named), the\n"
     "visible, returned, open surface and open axes counts, cost, run time and\n"
     "cost per returning fact, and each fact's status. Prints the run id and\n"
     "the number of rows written.\n",
     RUN_OPTS},
    {"sweep", isl_cmd_sweep, ISL_NEEDS_MODEL | ISL_WRITES, "samples|removal|addition", 1, 1,
     "run one of the lesson's sweeps and store its rows",
     "One sweep of one bundle x one channel, written as one run whose kind is\n"
     "the sweep's name:\n"
     "  samples   one row per sample count: lines, returned, lines per fact\n"
     "  removal   the baseline, then one row per fact removed from the fact set\n"
     "  addition  the baseline, then one row per axis given one new fact\n"
     "For every subset of the mechanisms, see 'isolab sweep bundles --help'.\n",
     SWEEP_OPTS},
    {"sweep bundles", isl_cmd_sweep_bundles, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "every subset of the mechanisms x every channel, as one run",
     "The power-set sweep: every subset of the chosen mechanisms (at most\n"
     STR(ISL_POWERSET_MAX) ") as a bundle applying its members in mechanism order,\n"
     "under no channel and under every chosen channel, one row each in\n"
     "bundle_sweep (see the view bundle_sweep_named). Saved queries on the\n"
     "latest such run: bundle_smallest, bundle_marginal, bundle_frontier.\n",
     BUNDLES_OPTS},
    {"report", isl_cmd_report, ISL_NEEDS_DB, "[NAME...]", 0, -1, "print saved queries (default: the lesson's tables)",
     "Prints the lines of the saved queries NAME... (views of the database with\n"
     "a 'line' column), a blank line between two, or with no NAME the view\n"
     "lesson_report: the lesson's eight tables in the lesson's order, each from\n"
     "the latest run of its kind. Names: lesson_header, resource_axis,\n"
     "channel_facts, bundle_table, channel_table, sample_table,\n"
     "removal_summary, addition_table, lesson_report; bundle_smallest,\n"
     "bundle_marginal, bundle_frontier (the latest bundles sweep).\n",
     NO_OPTS},
    {"lesson", isl_cmd_lesson, ISL_NEEDS_MODEL | ISL_WRITES | ISL_CREATES, NULL, 0, 0,
     "the main job: seed, run, sweep and print the lesson's tables",
     "Creates the database if it is missing, writes one run of every bundle x\n"
     "channel and the three sweeps of strict x sampling-profile, then prints\n"
     "the lesson's tables from those rows. Earlier runs are kept. Then it\n"
     "checks every claim ('isolab check') on stderr, so stdout holds the\n"
     "lesson's tables alone, and exits 1 when a claim fails.\n",
     LESSON_OPTS},
    {"check", isl_cmd_check, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "check the lessons' claims against the latest results",
     "Evaluates every claim of the claim table (or only lesson CODE's, e.g.\n"
     "M03/K05) against the latest runs and prints one line per claim: 'pass',\n"
     "'FAIL' with the expected and the actual value, or 'pending' with the\n"
     "reason (the claim speaks of a channel no seed gives yet); then a count\n"
     "line. The outcomes are stored as claim_result rows of a 'check' run.\n"
     "Exits 1 when a claim fails.\n",
     CHECK_OPTS},
    {"export", isl_cmd_export, ISL_NEEDS_DB, "NAME", 1, 1, "write a table, view or saved query as CSV, TSV or JSON",
     "Writes every row of the table or view NAME (the saved queries are views)\n"
     "with a header. Tables come in primary key order, views in their own.\n"
     "  csv   as 'sqlite3 -csv -header' prints 'SELECT * FROM NAME' (quoted\n"
     "        fields, inner quotes doubled, NULL as an empty field)\n"
     "  tsv   tab-separated; a field is quoted only when it holds a tab, a\n"
     "        newline or a double quote, or is empty\n"
     "  json  an array of objects: numbers as numbers, NULL as null\n",
     EXPORT_OPTS},
    {"runs", isl_cmd_runs, ISL_NEEDS_DB, NULL, 0, 0, "list the runs",
     "Lists every run: id, kind (run, samples, removal, addition, check, ...),\n"
     "when it started, status, the digest of the model it used, and how many\n"
     "result rows it wrote.\n",
     RUNS_OPTS},
    {"diff", isl_cmd_diff, ISL_NEEDS_DB, "RUN_A RUN_B", 2, 2, "show what differs between two runs of one kind",
     "For surfaces, per bundle x channel: the counts that changed ('~'), the\n"
     "facts lost from and gained by the open surface with their status in\n"
     "each run, and pairs only one run has ('-' only in A, '+' only in B).\n"
     "For every other result table: the rows only A has ('-') and only B has\n"
     "('+'). Ends with the number of differences.\n",
     NO_OPTS},
    {"plot", isl_cmd_plot, ISL_NEEDS_DB, "[NAME...]", 0, -1, "draw the comparisons as images with gnuplot",
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
     "(Debian: gnuplot-nox); exits 6 when it is missing or fails.\n",
     PLOT_OPTS},
    {"help", isl_cmd_help, 0, "[COMMAND]", 0, 2, "every command, or one command's options ('isolab CMD --help')",
     "Prints the list of commands, or with COMMAND what 'isolab COMMAND --help'\n"
     "prints.\n",
     NO_OPTS},
    {NULL, NULL, 0, NULL, 0, 0, NULL, NULL, NULL},
};
