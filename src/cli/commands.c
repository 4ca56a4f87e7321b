/* isolab: the table of commands, in the order `isolab --help` lists them:
 * for each, what isl_main opens before it runs (needs), its operands and
 * its options as data. `isolab NAME --help` is generated from the entry. */
#include <limits.h>
#include <stddef.h>

#include "isolab/channel.h"
#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/commands.h"
#include "isolab/kind.h"
#include "isolab/listing.h"
#include "isolab/plot.h"
#include "isolab/powerset.h"
#include "isolab/report.h"

#define STR_(x) #x
#define STR(x) STR_(x)
/* A command's options, NULL-terminated. */
#define OPTS(...) ((const isl_option *const[]){__VA_ARGS__, NULL})

/* ---- options several commands share, declared once ---- */

static const isl_option WORK_LIMIT = {
    .name = "--work-limit", .value = "N", .kind = ISL_INT, .min = 1, .max = 1000000000,
    .what = "a number of million steps",
    .help = "let one seed statement, claim, lesson's own table or --sql query take N million SQLite steps (default "
            STR(ISL_WORK_LIMIT_DEFAULT_M) ")"};
static const isl_option NOTE = {
    .name = "--note", .value = "TEXT", .kind = ISL_STRING, .help = "the run's note: what it was for (empty: none)"};
/* For one command only: the param table's values, never committed. */
static const isl_option FOCUS_LESSON = {
    .name = "--lesson", .value = "CODE", .kind = ISL_STRING,
    .help = "use lesson CODE's focus and tables (param 'lesson')"};
static const isl_option FOCUS_BUNDLE = {
    .name = "--bundle", .value = "B", .kind = ISL_STRING,
    .help = "compare under bundle B, or a member list a run computed (param 'bundle')"};
static const isl_option FOCUS_CHANNEL = {
    .name = "--channel", .value = "C", .kind = ISL_STRING, .help = "use channel C (param 'channel')"};
static const isl_option FORMAT = {
    .name = "--format", .value = "F", .kind = ISL_ENUM, .what = "format", .choices = isl_format_names,
    .help = "table, csv, tsv, json or ndjson (default table)"};
static const isl_option EXPORT_FORMAT = {
    .name = "--format", .value = "F", .kind = ISL_ENUM, .what = "format", .choices = isl_format_names,
    .help = "table, csv, tsv, json or ndjson (default csv; table with --list)"};
static const isl_option OUTPUT_FILE = {
    .name = "-o", .value = "FILE", .kind = ISL_PATH, .what = "file",
    .help = "write FILE (it appears only when complete) instead of stdout"};
/* ---- each command's own ---- */

static const isl_option INIT_SEEDS = {
    .name = "--seeds", .value = "DIR", .kind = ISL_PATH, .what = "directory",
    .help = "seed from every *.sql of DIR instead of the seeds built into isolab"};
static const isl_option INIT_FORCE = {
    .name = "--force", .kind = ISL_FLAG, .help = "replace an existing database (a regular file only; a symlink's target)"};

static const isl_option RUN_BUNDLES = {
    .name = "--bundle", .value = "LIST", .kind = ISL_STRING, .repeatable = 1, .what = "bundle",
    .help = "only this bundle, or this member list (see --members)"};
static const isl_option RUN_MEMBERS = {
    .name = "--members", .value = "LIST", .kind = ISL_STRING,
    .help = "a bundle made of LIST: bundles, mechanisms, -mechanism, comma-separated"};
static const isl_option RUN_CHANNELS = {
    .name = "--channel", .value = "C", .kind = ISL_STRING, .repeatable = 1, .what = "channel", .help = "only channel C"};

static const isl_option SWEEP_BUNDLE = {
    .name = "--bundle", .value = "LIST", .kind = ISL_STRING,
    .help = "the bundle, or a member list (default: the bundle of the lesson in focus, current_focus)"};
static const isl_option SWEEP_CHANNEL = {
    .name = "--channel", .value = "C", .kind = ISL_STRING,
    .help = "the channel (default: the channel of the lesson in focus, current_focus)"};

static const isl_option BUNDLES_CHANNELS = {
    .name = "--channel", .value = "C", .kind = ISL_STRING, .repeatable = 1, .what = "channel",
    .help = "only channel C (default: every channel)"};
/* one grammar for every --mechanisms: a member list, read as a set */
static const isl_option MECHANISMS = {
    .name = "--mechanisms", .value = "LIST", .kind = ISL_LIST, .what = "mechanism",
    .help = "over the subsets of these mechanisms (a member list: bundles, mechanisms, -mechanism; default: all), "
            "in mechanism order"};

static const isl_option ANSWER_CHANNEL = {
    .name = "--channel", .value = "C", .kind = ISL_STRING,
    .help = "under channel C (default: the channel of the lesson in focus, current_focus)"};
static const isl_option ANSWER_NO_CHANNEL = {
    .name = "--no-channel", .kind = ISL_FLAG, .help = "under no channel (the bundles' own open surface)"};
static const isl_option SMALLEST_MAX = {
    .name = "--max", .value = "N", .kind = ISL_INT, .min = 0, .max = 1000000000, .what = "a number of facts",
    .help = "the largest open surface wanted (required)"};
static const isl_option MARGINAL_BUNDLE = {
    .name = "--bundle", .value = "LIST", .kind = ISL_STRING,
    .help = "the bundle, or a member list such as strict,-user-namespace (required)"};

static const isl_option LESSON_ALL = {
    .name = "--all", .kind = ISL_FLAG, .help = "every lesson that has a focus (lesson_focus)"};
static const isl_option LESSON_FRESH = {
    .name = "--fresh", .kind = ISL_FLAG,
    .help = "create the database anew first, from the seeds it was made from (its runs are lost)"};
static const isl_option LESSON_SEEDS = {
    .name = "--seeds", .value = "DIR", .kind = ISL_PATH, .what = "directory",
    .help = "with --fresh: from every *.sql of DIR instead"};
static const isl_option LESSON_VERBOSE = {
    .name = "--verbose", .kind = ISL_FLAG, .help = "print every claim's line on stderr, not only those that failed"};


static const isl_option DIFF_EXIT_CODE = {
    .name = "--exit-code", .kind = ISL_FLAG, .help = "exit 1 when the runs differ, 0 when they do not"};

static const isl_option NOTE_RETIRE = {
    .name = "--retire", .value = "LIST", .kind = ISL_STRING,
    .help = "retire what-if list LIST instead: its runs kept, out of the stale note"};
static const isl_option RM_MEMBERS = {
    .name = "--members", .value = "LIST", .kind = ISL_STRING,
    .help = "every run of what-if list LIST (run_param members) instead of RUN..."};

static const isl_option PRUNE_KEEP = {
    .name = "--keep", .value = "N", .kind = ISL_INT, .min = 0, .max = LLONG_MAX,
    .help = "keep the N latest runs of each kind (required)"};
static const isl_option PRUNE_KIND = {
    .name = "--kind", .value = "KIND", .kind = ISL_ENUM, .what = "kind of run", .choices = isl_kind_names,
    .help = "prune only runs of this kind"};
static const isl_option PRUNE_ALL = {
    .name = "--all", .kind = ISL_FLAG, .help = "runs with a note too (kept otherwise)"};
static const isl_option PRUNE_VACUUM = {
    .name = "--vacuum", .kind = ISL_FLAG, .help = "then give the freed space back to the file system"};

static const isl_option CHECK_LESSON = {
    .name = "--lesson", .value = "CODE", .kind = ISL_STRING, .help = "only the claims lesson CODE states"};
static const isl_option CHECK_FAILED = {
    .name = "--failed", .kind = ISL_FLAG, .help = "print only the claims that failed, and the count line"};
static const isl_option CHECK_QUIET = {.name = "--quiet", .kind = ISL_FLAG, .help = "print only the count line"};
static const isl_option CLAIM_SUGGEST = {
    .name = "--suggest", .value = "CODE", .kind = ISL_STRING,
    .help = "print lesson CODE's measures with their current values, as claim rows to edit (required)"};
static const isl_option CHECK_STRICT = {
    .name = "--strict", .kind = ISL_FLAG, .help = "exit 1 also when a claim is pending or stale (not verified)"};

static const isl_option EXPORT_RUN = {
    .name = "--run", .value = "ID", .kind = ISL_INT, .min = 1, .max = LLONG_MAX, .what = "a run id",
    .help = "only the rows of run ID (NAME must have a run_id column)"};
static const isl_option EXPORT_SQL = {
    .name = "--sql", .value = "SELECT", .kind = ISL_STRING, .help = "the rows of one read-only query instead of NAME"};
static const isl_option EXPORT_LIST = {
    .name = "--list", .kind = ISL_FLAG,
    .help = "list the tables and views: description and row count (with NAME: its columns and their labels)"};

static const isl_option RUNS_KIND = {
    .name = "--kind", .value = "KIND", .kind = ISL_ENUM, .what = "kind of run", .choices = isl_kind_names,
    .help = "only runs of this kind"};
static const isl_option RUNS_LONG = {
    .name = "--long", .kind = ISL_FLAG, .help = "each run's command line, parameters and note too"};
static const isl_option RUNS_ALL = {
    .name = "--all", .kind = ISL_FLAG, .help = "'check' runs too (listed only with --kind check otherwise)"};
static const isl_option RUNS_LIMIT = {
    .name = "--limit", .value = "N", .kind = ISL_INT, .min = 1, .max = LLONG_MAX,
    .help = "only the N latest of the runs chosen"};
static const isl_option RUNS_SINCE = {
    .name = "--since", .value = "WHEN", .kind = ISL_SINCE,
    .help = "only runs started since WHEN: a UTC date (2026-12-01, 2026-12-01T14:30) or a time ago (90m, 2h, 3d; "
            "0m: now)"};
static const isl_option RUNS_PARAM = {
    .name = "--param", .value = "KEY=VALUE", .kind = ISL_STRING, .repeatable = 1,
    .help = "only runs with this parameter (run_param), e.g. bundle=strict"};

static const char *const IMAGE_FORMATS[] = {"png", "svg", NULL};
static const isl_option PLOT_DIR = {
    .name = "-o", .value = "DIR", .kind = ISL_PATH, .what = "directory",
    .help = "the directory for images and CSV files (default plots)"};
static const isl_option PLOT_FORMAT = {
    .name = "--format", .value = "F", .kind = ISL_ENUM, .what = "format", .choices = IMAGE_FORMATS,
    .help = "png (default) or svg"};
static const isl_option PLOT_SCRIPTS = {
    .name = "--scripts", .value = "DIR", .kind = ISL_PATH, .what = "directory",
    .help = "take NAME.gp from DIR (e.g. your edited gnuplot/)"};

static const isl_option PAGE_LESSONS = {
    .name = "--lesson", .value = "CODE", .kind = ISL_STRING, .repeatable = 1, .what = "lesson",
    .help = "only lesson CODE (default: every lesson)"};

static const isl_option PAGE_STATIC = {
    .name = "--static", .kind = ISL_FLAG, .help = "leave the lab (its engine and the database) out of the page"};

static const isl_option LOAD_REPLACE = {
    .name = "--replace", .kind = ISL_FLAG,
    .help = "the lessons the files define replace the loaded ones of the same code from the same file"};
static const isl_option LOAD_TAKE_OVER = {
    .name = "--take-over", .kind = ISL_FLAG,
    .help = "as --replace, also for a lesson loaded from another file (on purpose)"};

static const char *const PROBE_ORDERS[] = {"model", "kernel", "both", NULL};
static const isl_option PROBE_BUNDLES = {
    .name = "--bundle", .value = "LIST", .kind = ISL_STRING, .repeatable = 1, .what = "bundle",
    .help = "probe this bundle, mechanism or member list (default: plain, each mechanism, every bundle)"};
static const isl_option PROBE_MEMBERS = {
    .name = "--members", .value = "LIST", .kind = ISL_STRING, .repeatable = 1, .what = "member list",
    .help = "probe the set LIST: bundles, mechanisms, -mechanism, comma-separated, in its order"};
static const isl_option PROBE_ORDER = {
    .name = "--order", .value = "O", .kind = ISL_ENUM, .what = "order", .choices = PROBE_ORDERS,
    .help = "build each set in model order, kernel order or both (default: both as root, else kernel)"};
static const isl_option PROBE_SUBSETS = {
    .name = "--subsets", .kind = ISL_FLAG, .help = "every subset of the mechanisms, in mechanism order"};
static const isl_option PROBE_MACHINE = {
    .name = "--machine", .value = "NAME", .kind = ISL_STRING,
    .help = "the machine's label in the results (default: the host name)"};
/* probe --channel: a channel measured for real (src/cli/probe_channel.c) */
static const isl_option PROBE_CHANNEL = {
    .name = "--channel", .value = "C", .kind = ISL_STRING,
    .help = "attach channel C's program to a workload inside the bundle instead (default bundle: that of the lesson in focus; "
            "--rate, --workload, --rounds, --iterations or --keep alone: the lesson's channel)"};
static const isl_option PROBE_RATE = {
    .name = "--rate", .value = "F", .kind = ISL_INT, .repeatable = 1, .min = 1, .max = 100000, .what = "a rate in Hz",
    .help = "with --channel: sample at F Hz (again for more rates; default 99, 999, 9999)"};
static const isl_option PROBE_WORKLOAD = {
    .name = "--workload", .value = "W", .kind = ISL_ENUM, .what = "workload", .choices = isl_workload_names,
    .help = "with --channel: cpu (an integer loop, the default) or sys (a loop of system calls)"};
static const isl_option PROBE_ROUNDS = {
    .name = "--rounds", .value = "N", .kind = ISL_INT, .min = 1, .max = 99, .what = "a number of rounds",
    .help = "with --channel: N rounds of every condition, alternating forward and reverse (default 5)"};
static const isl_option PROBE_ITERATIONS = {
    .name = "--iterations", .value = "N", .kind = ISL_INT, .min = 1, .max = 100000000000LL, .what = "a number",
    .help = "with --channel: the workload's loop runs N times (default: a tenth of a CPU-second or so)"};
static const isl_option PROBE_KEEP = {
    .name = "--keep", .value = "DIR", .kind = ISL_PATH, .what = "directory",
    .help = "with --channel: keep the observers' files in DIR (new or empty; default: none kept)"};

static const isl_option *const NO_OPTS[] = {NULL};

const isl_command isl_commands[] = {
    {"init", isl_cmd_init, 0, NULL, 0, 0, "create the database from the schema and seed files",
     "Creates the database: the schema, then the shipped seed files (or every\n"
     "*.sql file of DIR, in name order), then the saved queries as views. It is\n"
     "built in a temporary file and moved into place only when complete.\n",
     OPTS(&INIT_SEEDS, &INIT_FORCE, &WORK_LIMIT)},
    {"load", isl_cmd_load, ISL_NEEDS_DB | ISL_CHANGES, "FILE...", 1, -1, "apply more seed files to the database",
     "Applies the seed files, in the given order, in one transaction: all of\n"
     "them or none. The model must still be valid afterwards. Then one line\n"
     "per file names the lessons it added or replaced and the rows it wrote\n"
     "per table; a file that wrote nothing gets a note on stderr. With\n"
     "--replace, a lesson a file defines that was loaded from that same file\n"
     "is first removed with every row it owns (as 'isolab unload' removes it);\n"
     "runs are kept, and their results become stale. A lesson loaded from\n"
     "another file (or built in) is refused, naming that file; --take-over\n"
     "replaces it all the same, and the lesson is then this file's.\n",
     OPTS(&LOAD_REPLACE, &LOAD_TAKE_OVER, &WORK_LIMIT)},
    {"unload", isl_cmd_unload, ISL_NEEDS_DB | ISL_CHANGES, "CODE...", 1, -1, "remove lessons with every row they own",
     "Removes the lessons CODE... in one transaction: each lesson row with its\n"
     "lesson_focus, claim and lesson_announces rows, its channels (channel.lesson)\n"
     "with their channel_fact and channel_part rows, and the axes, facts,\n"
     "mechanisms and bundles its file added (lesson_brings) that no other lesson\n"
     "added and nothing left uses. Runs are kept; their results become stale.\n"
     "When the default lesson (current_focus) is among them, a note on stderr\n"
     "names the default now and the commands that load the removed one again\n"
     "and make it the default.\n",
     NO_OPTS},
    {"run", isl_cmd_run, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "compute surfaces for bundles x channels and store them",
     "One run: for every bundle x every channel (or only those named), the\n"
     "visible, returned, open surface and open axes counts, cost, run time and\n"
     "cost per returning fact, and each fact's status. Prints the run id and\n"
     "the number of rows written. A member list (--members, or a --bundle that\n"
     "names no bundle) is run as a bundle of its own: comma-separated items,\n"
     "each a bundle (its members, in order), a mechanism, or -mechanism to take\n"
     "one out ('strict,-user-namespace', 'common,mandatory-label'); its rows\n"
     "carry the list as the bundle's name, which report, export, diff and the\n"
     "comparison views take (--bundle LIST), and run_param keeps it ('members').\n",
     OPTS(&RUN_BUNDLES, &RUN_MEMBERS, &RUN_CHANNELS, &NOTE)},
    {"sweep", isl_cmd_sweep, ISL_NEEDS_MODEL | ISL_WRITES, "samples|removal|addition", 1, 1,
     "run one of the lesson's sweeps and store its rows",
     "One sweep of one bundle x one channel, written as one run whose kind is\n"
     "the sweep's name:\n"
     "  samples   one row per sample count: lines, returned, lines per fact\n"
     "  removal   the baseline, then one row per fact removed from the fact set\n"
     "  addition  the baseline, then one row per axis given one new fact\n"
     "For every subset of the mechanisms, see 'isolab sweep bundles --help'.\n",
     OPTS(&SWEEP_BUNDLE, &SWEEP_CHANNEL, &NOTE)},
    {"sweep bundles", isl_cmd_sweep_bundles, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "every subset of the mechanisms x every channel, as one run",
     "The power-set sweep: every subset of the chosen mechanisms (at most\n"
     STR(ISL_POWERSET_MAX) ") as a bundle applying its members in mechanism order,\n"
     "under no channel and under every chosen channel, one row each in\n"
     "bundle_sweep (see the view bundle_sweep_named). Saved queries on the\n"
     "latest such run: bundle_smallest, bundle_marginal, bundle_frontier.\n",
     OPTS(&BUNDLES_CHANNELS, &MECHANISMS, &NOTE)},
    {"frontier", isl_cmd_frontier, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "the least open surface at each bundle size, without a sweep",
     "For each size 0..M, the least open surface of the subsets of the chosen\n"
     "mechanisms (in mechanism order) with that many members, how many subsets\n"
     "reach it and the first of them, computed without writing the power set;\n"
     "recorded as a run of kind 'frontier' (rows: answer_frontier) and printed.\n"
     "Every size has a row: a size that gets no lower than a smaller one is\n"
     "not on the saved query bundle_frontier, which keeps only the sizes that\n"
     "lower the open surface.\n",
     OPTS(&ANSWER_CHANNEL, &ANSWER_NO_CHANNEL, &MECHANISMS, &FORMAT, &NOTE)},
    {"smallest", isl_cmd_smallest, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "the fewest-member bundles with open surface at most N",
     "The subsets of the chosen mechanisms with the fewest members whose open\n"
     "surface is at most --max N, in mask order, computed without writing the\n"
     "power set; recorded as a run of kind 'smallest' (rows: answer_smallest)\n"
     "and printed.\n",
     OPTS(&SMALLEST_MAX, &ANSWER_CHANNEL, &ANSWER_NO_CHANNEL, &MECHANISMS, &FORMAT, &NOTE)},
    {"marginal", isl_cmd_marginal, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "what each mechanism adds to or takes from a bundle",
     "For each mechanism of the model, the open surface of --bundle LIST with\n"
     "the mechanism appended (or taken out when it is a member) and the\n"
     "difference from LIST's own; recorded as a run of kind 'marginal' (rows:\n"
     "answer_marginal) and printed.\n",
     OPTS(&MARGINAL_BUNDLE, &ANSWER_CHANNEL, &ANSWER_NO_CHANNEL, &FORMAT, &NOTE)},
    {"probe", isl_cmd_probe, ISL_NEEDS_MODEL | ISL_WRITES, NULL, 0, 0,
     "build the sets for real on this kernel and store what it shows",
     "Builds each set of mechanisms for real on this machine's kernel, with the\n"
     "primitives bubblewrap and nsjail use (namespaces, a control group,\n"
     "capabilities, a label), reads every fact on the host and inside, and\n"
     "stores what the kernel showed beside what the model says, as one run of\n"
     "kind 'probe' (all sets or none): provenance (machine, kernel release,\n"
     "uid, privileged, active LSMs, cgroup version), each set and order, each\n"
     "step (ok, skipped, refused, substitute or failed), each reading and each\n"
     "fact (visible, closed or unmeasured, with the sources that decided it).\n"
     "Default sets: plain, each mechanism alone and every bundle of the course;\n"
     "--subsets: every subset of the mechanisms. Each set is built in model\n"
     "order (its own) and kernel order (user, pid, net, uts, cgroup, mount,\n"
     "label, caps); without privileges model order is refused, and kernel\n"
     "order builds a set's user namespace first to own the rest (a set\n"
     "without one has those steps refused). A step not built as asked is\n"
     "said on stderr with its reason. Nothing is left on the host.\n"
     "Read the results with 'isolab report observed_vs_model' (and\n"
     "observed_summary, observed_differences, observed_kernel_differences).\n"
     "With --channel C, a channel is measured instead: C's program (perf\n"
     "record -F F -g -p PID for sampling-profile, strace -f -p PID for\n"
     "system-call-tracing) is attached from the host to a workload running\n"
     "inside one bundle (kernel order), which waits until it is attached and\n"
     "times its own loop; unobserved and each rate alternate in every round.\n"
     "One run of kind 'channel-probe': every round, and what each file\n"
     "carried. Read it with 'isolab report channel_cost_observed' (and\n"
     "channel_output_fact, channel_sample_sweep). --rate, --workload, --rounds,\n"
     "--iterations or --keep without --channel measure the channel of the\n"
     "lesson in focus (current_focus). A channel without a program\n"
     "is not measurable here; a missing program or a kernel setting that\n"
     "forbids the attach skips it (exit 6), saying why.\n",
     OPTS(&PROBE_BUNDLES, &PROBE_MEMBERS, &PROBE_ORDER, &PROBE_SUBSETS, &PROBE_MACHINE, &PROBE_CHANNEL, &PROBE_RATE,
          &PROBE_WORKLOAD, &PROBE_ROUNDS, &PROBE_ITERATIONS, &PROBE_KEEP, &NOTE)},
    {"import", isl_cmd_import, ISL_NEEDS_MODEL | ISL_WRITES, "FILE", 1, 1,
     "copy another database's probes (another machine's) into this one",
     "Copies every probe run of the isolab database FILE, with its provenance\n"
     "and rows, into this database, in one transaction; a run already here\n"
     "(same machine, kernel and start) is not copied again. FILE is opened\n"
     "read-only and checked as any database isolab opens; it must hold the\n"
     "same facts, mechanisms and bundles (refused, naming both digests, when\n"
     "it does not; its lessons' channels may differ) and be of\n"
     "this schema version. observed_vs_model then shows each machine and\n"
     "kernel, and observed_kernel_differences the cells where kernels differ.\n",
     NO_OPTS},
    {"report", isl_cmd_report, ISL_NEEDS_DB | ISL_READS_RUNS | ISL_READS_VIEWS, "[NAME...]", 0, -1, "print saved queries (default: the lesson's tables)",
     "Prints the lines of the saved queries NAME... (views of the database with\n"
     "a 'line' column), a blank line between two, or with no NAME the view\n"
     "lesson_report: the tables of the lesson in focus, in the order it gives\n"
     "them, from the current results. A view with a lesson column gives the\n"
     "lines (with --format, the rows) of the lesson in focus alone\n"
     "(current_focus: param 'lesson', set by 'isolab focus'; --lesson CODE for\n"
     "this command). Names: lesson_header, resource_axis, channel_facts,\n"
     "bundle_table, channel_table, sample_table, removal_summary,\n"
     "addition_table, lesson_report; bundle_smallest, bundle_marginal,\n"
     "bundle_frontier (the current bundles sweep). Any other table or view is\n"
     "printed as an aligned table; --format prints one NAME's rows (table,\n"
     "csv, tsv, json, ndjson). Says on stderr when results are stale.\n",
     OPTS(&FORMAT, &FOCUS_LESSON, &FOCUS_BUNDLE, &FOCUS_CHANNEL)},
    {"lesson", isl_cmd_lesson, ISL_WRITES, "[CODE...]", 0, -1,
     "the main job: seed, run, sweep and print a lesson's tables",
     "Creates the database if it is missing, writes one run of every bundle x\n"
     "channel and, for each lesson CODE (default: the lesson in focus;\n"
     "--all: every lesson with a focus), the sweeps of its focus bundle x\n"
     "channel that its tables or claims read, then prints its tables from those\n"
     "rows (several lessons: each under a '== CODE title' line). Earlier runs\n"
     "are kept. Then it checks the claims ('isolab check'; with one CODE, that\n"
     "lesson's): stderr gets the count line and each claim that failed\n"
     "(--verbose: every claim), so stdout holds the lesson's tables alone;\n"
     "exits 1 when a claim fails. --format other than table writes the\n"
     "tables' lines as rows (lesson, line).\n",
     OPTS(&LESSON_ALL, &LESSON_FRESH, &LESSON_SEEDS, &LESSON_VERBOSE, &FORMAT, &WORK_LIMIT)},
    {"claim", isl_cmd_claim, ISL_NEEDS_DB | ISL_READS_RUNS, NULL, 0, 0, "write a lesson's claims as rows",
     "With --suggest CODE, prints an SQL file of lesson CODE's claims as rows\n"
     "of claim_measure (no SQL inside them): each measure of claim_measure_sql\n"
     "(a surface number, each shown fact's status, a sweep's count) that a\n"
     "table the lesson prints shows (lesson_blocks; the others named in a\n"
     "comment), under the lesson's focus bundle x channel, its current value\n"
     "as the expected one.\n"
     "Keep the rows the lesson's prose states, edit names and statements, and\n"
     "'isolab load' the file: each row becomes a claim, compiled at load.\n",
     OPTS(&CLAIM_SUGGEST)},
    {"check", isl_cmd_check, ISL_NEEDS_MODEL | ISL_WRITES | ISL_READS_RUNS, NULL, 0, 0,
     "check the lessons' claims against the latest results",
     "Evaluates every claim of the claim table (or only lesson CODE's, e.g.\n"
     "M03/K05) against the current results, each lesson's under its focus,\n"
     "and prints one line per claim: 'pass', 'FAIL' with the expected and the\n"
     "actual value, 'pending' with the reason (the claim speaks of a channel\n"
     "no seed gives yet), or 'stale' with the command that recomputes the\n"
     "results it reads (an older model computed them); then a count line.\n"
     "--failed prints only the claims that failed, --quiet only the count\n"
     "line; --format other than table lists every claim as a row (lesson,\n"
     "claim, outcome, expected, actual, reason, statement) and the count line\n"
     "on stderr. The outcomes are stored as claim_result rows of a 'check'\n"
     "run. Exits 1 when a claim fails; with --strict also when one is pending\n"
     "or stale, the count line saying how many were not verified (for CI),\n"
     "and how many pend awaiting a lesson their lesson announces that the\n"
     "course does not have yet (lesson_announces), which do not fail it.\n"
     "Machine formats write outcomes as claim_result stores them: pass, fail,\n"
     "pending, stale.\n",
     OPTS(&CHECK_LESSON, &CHECK_FAILED, &CHECK_QUIET, &CHECK_STRICT, &FORMAT, &WORK_LIMIT)},
    {"export", isl_cmd_export, ISL_NEEDS_DB | ISL_READS_RUNS | ISL_READS_VIEWS, "[NAME]", 0, 1, "write a table, view or query as CSV, TSV, JSON or NDJSON",
     "Writes every row of the table or view NAME (the saved queries are views),\n"
     "or of the query --sql gives (one read-only statement), with a header.\n"
     "'export model --run N' writes instead the model run N used, as SQL a\n"
     "seed file could hold (to stdout).\n"
     "Tables come in primary key order, views in their own. With --lesson\n"
     "CODE, a saved query with a lesson column gives lesson CODE's rows alone,\n"
     "those 'isolab report' prints. --list lists the tables and views instead\n"
     "(as a table unless --format says otherwise);\n"
     "--list NAME lists NAME's columns, each with the label, unit and digits\n"
     "column_label gives it (what a table for people heads it with).\n"
     "Says on stderr when results are stale.\n"
     "  table   aligned text for people, columns as wide as their widest value,\n"
     "          headed by column_label's labels and units, numbers rounded to\n"
     "          its digits (the other formats keep the column names and values)\n"
     "  csv     as 'sqlite3 -csv -header' prints 'SELECT * FROM NAME' (quoted\n"
     "          fields, inner quotes doubled, NULL as an empty field)\n"
     "  tsv     tab-separated; a field is quoted only when it holds a tab, a\n"
     "          newline or a double quote, or is empty\n"
     "  json    an array of objects: numbers as numbers, NULL as null\n"
     "  ndjson  one JSON object per line, as json writes them\n",
     OPTS(&EXPORT_FORMAT, &OUTPUT_FILE, &EXPORT_RUN, &EXPORT_SQL, &WORK_LIMIT, &EXPORT_LIST, &FOCUS_LESSON,
          &FOCUS_BUNDLE, &FOCUS_CHANNEL)},
    {"runs", isl_cmd_runs, ISL_NEEDS_DB | ISL_READS_RUNS, NULL, 0, 0, "list the runs",
     "Lists every run but 'check' runs: id, kind (run, samples, removal,\n"
     "addition, bundles, ...), when it started, status, the digest of the\n"
     "model it used, and how many result rows it wrote; with --long, each\n"
     "run's command line, parameters (run_param) and note below it.\n"
     "--limit, --since and --param choose runs (in SQL, every value bound);\n"
     "--format lists every column of the run table and rows.\n",
     OPTS(&RUNS_KIND, &RUNS_ALL, &RUNS_LONG, &RUNS_LIMIT, &RUNS_SINCE, &RUNS_PARAM, &FORMAT)},
    {"focus", isl_cmd_focus, ISL_NEEDS_DB, "[CODE]", 0, 1, "make a lesson the default of report, plot and page",
     "Makes lesson CODE (one with a focus: lesson_focus) the lesson param names,\n"
     "so 'isolab report', 'plot', 'page' (its first lesson) and the saved\n"
     "queries use it when no --lesson is given; without CODE, prints the\n"
     "lesson in focus. A seed does the same with\n"
     "UPDATE param SET value = 'CODE' WHERE key = 'lesson'.\n",
     NO_OPTS},
    {"note", isl_cmd_note, ISL_NEEDS_DB, "[RUN TEXT]", 0, 2, "set a run's note",
     "Sets the note of run RUN (run.note) to TEXT; an empty TEXT removes it.\n"
     "--retire LIST retires instead the what-if list LIST (the member list of\n"
     "'isolab run --members LIST' and its sweeps): its runs are kept, each a\n"
     "row of run_retired ('isolab runs --long' says so), and the stale note no\n"
     "longer names them; a later run of the list is not retired. A bundle of\n"
     "the model is no list. 'isolab rm --members LIST' removes the runs.\n",
     OPTS(&NOTE_RETIRE)},
    {"rm", isl_cmd_rm, ISL_NEEDS_DB, "[RUN...]", 0, -1, "remove runs and every row of theirs",
     "Removes the runs RUN... with every row of theirs (every table with a\n"
     "run_id column), in one transaction: an unknown run removes nothing.\n"
     "--members LIST removes instead every run of the what-if list LIST (the\n"
     "runs and sweeps whose run_param members is LIST).\n",
     OPTS(&RM_MEMBERS)},
    {"prune", isl_cmd_prune, ISL_NEEDS_DB, NULL, 0, 0, "remove all but the latest runs of each kind",
     "Removes, in one transaction, the runs older than the N latest of their\n"
     "kind (of KIND only with --kind), with every row of theirs, except runs\n"
     "that hold a current result (the views current_*) and runs with a note\n"
     "(what they were for is worth keeping; --all removes those too). Prints\n"
     "how many.\n",
     OPTS(&PRUNE_KEEP, &PRUNE_KIND, &PRUNE_ALL, &PRUNE_VACUUM)},
    {"diff", isl_cmd_diff, ISL_NEEDS_DB | ISL_READS_RUNS, "RUN_A RUN_B", 2, 2, "show what differs between two runs of one kind",
     "For surfaces, per bundle x channel: the counts that changed ('~'), the\n"
     "facts lost from and gained by the open surface with their status in\n"
     "each run, and pairs only one run has ('-' only in A, '+' only in B).\n"
     "When the runs used different models, what changed in the model comes\n"
     "first ('model: channel C cost_pct 3 -> 5', 'model: + fact F on AXIS').\n"
     "For every other result table: the rows only A has ('-') and only B has\n"
     "('+'); power-set sweep rows by channel and members. Ends with the\n"
     "number of differences (with --format on stderr; each line a row of\n"
     "change: ~, -, +, lost or gained, and what).\n",
     OPTS(&DIFF_EXIT_CODE, &FORMAT)},
    {"plot", isl_cmd_plot, ISL_NEEDS_DB | ISL_READS_RUNS | ISL_READS_VIEWS, "[NAME...]", 0, -1, "draw the comparisons as images with gnuplot",
     "Draws the plots NAME... (default: all) from the latest runs. For each, the\n"
     "rows of its saved query go to DIR/NAME.csv (what 'isolab export QUERY'\n"
     "writes) and gnuplot draws DIR/NAME.png (or .svg) from that file with the\n"
     "script gnuplot/NAME.gp, built into isolab:\n"
     "  channels  cost against returned facts per channel, across lessons, with\n"
     "            lines of equal cost per returned fact, the focus lesson's\n"
     "            channel marked (plot_channels)\n"
     "  samples   the sample count sweep on log-log axes (plot_samples)\n"
     "  axes      per bundle, each axis's visible share without and with the\n"
     "            channel (plot_axes)\n"
     "  frontier  the power-set sweep: open surface against bundle size for\n"
     "            every bundle, the frontier and the named bundles marked\n"
     "            (plot_frontier)\n"
     "  channel_cost  the channels measured for real: cost against the events\n"
     "            recorded per CPU-second, the model's cost as a line\n"
     "            (plot_channel_cost; in the default set once 'isolab probe\n"
     "            --channel' has run)\n"
     "With --lesson CODE, the plots of that lesson's focus: the default set is\n"
     "the lesson's plots, those 'isolab page' shows in its section (samples\n"
     "only for a lesson that prints the sample count sweep). A plot whose run\n"
     "is missing names the command to run first. Needs gnuplot\n"
     "(Debian: gnuplot-nox); exits 6 when it is missing or fails. Says on\n"
     "stderr when results are stale.\n",
     OPTS(&PLOT_DIR, &PLOT_FORMAT, &PLOT_SCRIPTS, &FOCUS_LESSON, &FOCUS_BUNDLE,
          &FOCUS_CHANNEL)},
    {"page", isl_cmd_page, ISL_NEEDS_DB | ISL_READS_RUNS | ISL_READS_VIEWS, NULL, 0, 0,
     "write the results as one self-contained HTML page",
     "Writes one HTML file (nothing fetched from the network) with\n"
     "the model's words explained; for each lesson, its tables (and the same as\n"
     "text, as 'isolab lesson CODE' prints them), its claims as the latest\n"
     "check found them (pass, FAIL, pending) and its plots as inline SVG (with\n"
     "gnuplot; a plot that cannot be drawn is left out with a note); the\n"
     "comparison across lessons; the model; and the runs it all comes from\n"
     "(ids, model digest, when, note). Columns are headed and rounded as the\n"
     "table column_label says. The rows come from saved queries: page_lessons,\n"
     "page_lesson_*, lesson_report, page_claims, channel_comparison, page_axes,\n"
     "page_mechanisms, page_bundles, page_channels, channel_overlap,\n"
     "axis_visibility, bundle_smallest and page_runs.\n"
     "With the engine built (make wasm) or installed, the page also carries\n"
     "the lab: SQLite and isolab's SQL functions in WebAssembly and the\n"
     "database, with a what-if panel, the questions, a query box and a\n"
     "download of the database, its one script allowed by a\n"
     "Content-Security-Policy that fetches nothing; --static leaves it out.\n"
     "-o replaces an existing file only when it is a page (it begins with\n"
     "<!DOCTYPE html>, as every page does) and not executable: isolab itself,\n"
     "its extension, a database or any other file is refused (exit 3).\n",
     OPTS(&OUTPUT_FILE, &PAGE_LESSONS, &PAGE_STATIC)},
    {"version", isl_cmd_version, ISL_NO_DB, NULL, 0, 0, "print isolab's, SQLite's and the schema's versions",
     "Prints the version of isolab, of the SQLite library it runs on, and of\n"
     "the database schema it creates and migrates to, one a line; with\n"
     "--format, as one row with the columns isolab, sqlite and schema.\n",
     OPTS(&FORMAT)},
    {"help", isl_cmd_help, ISL_NO_DB, "[COMMAND]", 0, 2, "every command, or one command's options ('isolab CMD --help')",
     "Prints the list of commands, or with COMMAND what 'isolab COMMAND --help'\n"
     "prints.\n",
     NO_OPTS},
    {NULL, NULL, 0, NULL, 0, 0, NULL, NULL, NULL},
};
