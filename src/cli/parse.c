/* isolab command line: the option parser and the argv recorder. Every
 * command's options are data (isl_option tables); argv is read once here,
 * the same way for every command, so a bad command line gets one wording
 * and exit 2 whatever the command. */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isolab/cli.h"
#include "isolab/names.h"
#include "isolab/parse.h"

/* Options every command takes besides its own. */
/* --db is also read before the command's name: isl_main checks it is not empty */
static const isl_option OPT_DB = {
    .name = "--db", .value = "FILE", .kind = ISL_STRING,
    .help = "the database (default: $ISOLAB_DB, or isolab.db)"};
static const isl_option OPT_WAIT = {
    .name = "--wait", .value = "SECONDS", .kind = ISL_SECONDS, .min = 0, .max = 86400,
    .help = "wait this long (seconds; or 30s, 2m) for another process's write lock (default 10)"};
static const isl_option OPT_HELP = {.name = "--help", .kind = ISL_FLAG, .help = "this text"};
const isl_option *const isl_global_options[] = {&OPT_DB, &OPT_WAIT, &OPT_HELP, NULL};

/* The k-th option of the command's table followed by the global ones. */
static const isl_option *option_at(const isl_option *const *opts, size_t k)
{
    size_t n = 0;
    while (opts && opts[n]) n++;
    if (k < n) return opts[k];
    k -= n;
    return k < sizeof isl_global_options / sizeof *isl_global_options - 1 ? isl_global_options[k] : NULL;
}

/* Index of the option named by word (up to '=' when has_eq), or -1. */
static int find_option(const isl_option *const *opts, const char *word, size_t len)
{
    const isl_option *o;
    for (size_t k = 0; (o = option_at(opts, k)); k++)
        if (strlen(o->name) == len && !strncmp(o->name, word, len)) return (int)k;
    if (len == 2 && !strncmp(word, "-h", 2)) return find_option(opts, "--help", 6);
    return -1;
}

int isl_parse_whole(const char *text, long long min, long long max, long long *v)
{
    const char *d = text + (*text == '-');
    if (!(*d >= '0' && *d <= '9')) return -1;
    char *end;
    errno = 0;
    long long x = strtoll(text, &end, 10);
    if (errno || *end || x < min || x > max) return -1;
    *v = x;
    return 0;
}

/* A number of seconds: digits and an optional unit s, m, h or d. */
static int parse_seconds(const char *text, long long min, long long max, long long *v)
{
    static const char units[] = "smhd";
    static const long long scale[] = {1, 60, 3600, 86400};
    size_t len = strlen(text);
    const char *u = len > 1 ? strchr(units, text[len - 1]) : NULL;
    char digits[32];
    if (len >= sizeof digits) return -1;
    memcpy(digits, text, len + 1);
    if (u) digits[len - 1] = '\0';
    long long n, k = u ? scale[u - units] : 1;
    if (isl_parse_whole(digits, 0, LLONG_MAX / k, &n) || n * k < min || n * k > max) return -1;
    *v = n * k;
    return 0;
}

/* Days from 1970-01-01 to the civil date y-m-d (proleptic Gregorian). */
static long long days_from_civil(long long y, long long m, long long d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* Reads n digits at *t as *v, then the separator sep (0: none). */
static int digits(const char **t, int n, char sep, int *v)
{
    *v = 0;
    for (int i = 0; i < n; i++, ++*t) {
        if (**t < '0' || **t > '9') return -1;
        *v = *v * 10 + (**t - '0');
    }
    if (sep && *(*t)++ != sep) return -1;
    return 0;
}

/* A moment as UNIX time: a date in UTC, YYYY-MM-DD with an optional
 * [T ]HH:MM[:SS][Z], or a duration before now (90m, 2h, 3d; as --wait; 0m
 * is now). */
static int parse_since(const char *text, long long *v)
{
    long long ago;
    size_t len = strlen(text);
    /* a time ago has its unit: a bare number would read as a year */
    if (len > 1 && isdigit((unsigned char)text[0]) && strchr("smhd", text[len - 1])
        && !parse_seconds(text, 0, 100LL * 366 * 86400, &ago)) {
        *v = (long long)time(NULL) - ago;
        return 0;
    }
    int y, mo, d, h = 0, mi = 0, sec = 0;
    const char *t = text;
    if (digits(&t, 4, '-', &y) || digits(&t, 2, '-', &mo) || digits(&t, 2, 0, &d)) return -1;
    if ((*t == 'T' || *t == ' ') && t++ && (digits(&t, 2, ':', &h) || digits(&t, 2, 0, &mi))) return -1;
    if (*t == ':' && t++ && digits(&t, 2, 0, &sec)) return -1;
    if (*t == 'Z') t++;
    /* the days of month mo of year y: 2026-02-30 is no date */
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (*t || mo < 1 || mo > 12 || h > 23 || mi > 59 || sec > 60) return -1;
    int leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    if (d < 1 || d > mdays[mo - 1] + (mo == 2 && leap)) return -1;
    *v = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
    return 0;
}

static const char *choice_at(const void *ctx, size_t i) { return ((const char *const *)ctx)[i]; }

/* Checks value against o's kind: its number (or choice) in *num. */
static isl_status check_value(const isl_option *o, const char *value, long long *num, isl_error *err)
{
    const char *what = o->what;
    switch (o->kind) {
    case ISL_INT:
    case ISL_SECONDS:
        if (!(o->kind == ISL_INT ? isl_parse_whole(value, o->min, o->max, num)
                                 : parse_seconds(value, o->min, o->max, num)))
            return ISL_OK;
        /* a named kind of number ("a run id") says its range itself */
        if (what && o->max == LLONG_MAX) return isl_fail(err, ISL_EUSAGE, "%s: '%s' is not %s", o->name, value, what);
        if (!what) what = o->kind == ISL_INT ? "a whole number" : "a number of seconds";
        if (o->max == LLONG_MAX) return isl_fail(err, ISL_EUSAGE, "%s: '%s' is not %s >= %lld", o->name, value, what, o->min);
        return isl_fail(err, ISL_EUSAGE, "%s: '%s' is not %s from %lld to %lld", o->name, value, what, o->min, o->max);
    case ISL_SINCE:
        if (!parse_since(value, num)) return ISL_OK;
        return isl_fail(err, ISL_EUSAGE,
                        "%s: '%s' is not a date (2026-12-01, 2026-12-01T14:30) or a time ago (90m, 2h, 3d)", o->name,
                        value);
    case ISL_ENUM: {
        char list[256] = "", hint[ISL_HINT_MAX];
        long long i = 0;
        for (; o->choices[i]; i++) {
            if (!strcmp(o->choices[i], value)) return *num = i, ISL_OK;
            size_t n = strlen(list);
            snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", o->choices[i]);
        }
        /* the choices within 2 edits, else every one of them */
        if (*isl_name_hint(value, choice_at, o->choices, (size_t)i, "choices", hint, sizeof hint) != ';')
            snprintf(hint, sizeof hint, " (%s)", list);
        return isl_fail(err, ISL_EUSAGE, "unknown %s '%s'%s", what ? what : "value", value, hint);
    }
    case ISL_PATH:
        if (!*value) return isl_fail(err, ISL_EUSAGE, "%s: an empty %s name", o->name, what ? what : "file");
        for (const unsigned char *c = (const unsigned char *)value; *c; c++)
            if (*c < 0x20 || *c == 0x7f)
                return isl_fail(err, ISL_EUSAGE, "%s: '%s' is not a usable %s name (it holds a control character)",
                                o->name, value, what ? what : "file");
        return ISL_OK;
    default:
        return ISL_OK;
    }
}

isl_status isl_check_distinct(const char *what, const char *const *v, size_t n, isl_error *err)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (!strcmp(v[i], v[j])) return isl_fail(err, ISL_EUSAGE, "%s '%s' is named twice", what, v[i]);
    return ISL_OK;
}

/* The words of a parse: for each value given, its option and text. */
typedef struct parsed {
    int *which;
    const char **value;
    int n;
    char *items; /* where the next list item is copied */
} parsed;

/* Records option k's value; a list's value as its items. */
static isl_status add_value(const isl_option *o, int k, const char *value, parsed *p, isl_error *err)
{
    if (o->kind != ISL_LIST) {
        p->which[p->n] = k;
        p->value[p->n++] = value;
        return ISL_OK;
    }
    for (const char *at = value;;) {
        size_t len = strcspn(at, ",");
        if (!len) return isl_fail(err, ISL_EUSAGE, "%s: an empty %s name in '%s'", o->name, o->what, value);
        memcpy(p->items, at, len);
        p->items[len] = '\0';
        p->which[p->n] = k;
        p->value[p->n++] = p->items;
        p->items += len + 1;
        if (!at[len]) return ISL_OK;
        at += len + 1;
    }
}

/* Reads one word that starts an option at argv[*i] (advancing *i past a
 * separate value), checks its value and records it in p. */
static isl_status read_option(const isl_command *cmd, int argc, char **argv, int *i, isl_args *a, parsed *p,
                              isl_error *err)
{
    const char *w = argv[*i];
    const char *eq = w[1] == '-' ? strchr(w, '=') : NULL;
    size_t len = eq ? (size_t)(eq - w) : strlen(w);
    int k = find_option(cmd->options, w, len);
    if (k < 0) return isl_fail(err, ISL_EUSAGE, "unknown option '%.*s'", (int)len, w);
    const isl_option *o = option_at(cmd->options, (size_t)k);
    assert(k < ISL_MAX_OPTIONS);
    if (!o->value && eq) return isl_fail(err, ISL_EUSAGE, "option '%s' takes no value", o->name);
    if (o->value && !eq && *i + 1 >= argc) return isl_fail(err, ISL_EUSAGE, "option '%s' needs a value", o->name);
    if (a->n[k] && !o->repeatable) return isl_fail(err, ISL_EUSAGE, "option '%s' is given twice", o->name);
    const char *value = !o->value ? "" : eq ? eq + 1 : argv[++*i];
    isl_status st = check_value(o, value, &a->num[k], err);
    if (!st) st = add_value(o, k, value, p, err);
    a->n[k]++;
    return st;
}

/* Lays the values of each option side by side in a->pool, in order, and
 * refuses a name given twice to a repeatable option (a list's items are
 * its grammar's to judge: a member list may name one again after -it). */
static isl_status group_values(isl_args *a, const parsed *p, isl_error *err)
{
    size_t at = 0;
    const isl_option *o;
    for (int k = 0; (o = option_at(a->options, (size_t)k)); k++) {
        a->v[k] = a->pool + at;
        for (int j = 0; j < p->n; j++)
            if (p->which[j] == k) a->pool[at++] = p->value[j];
        a->n[k] = (size_t)(a->pool + at - a->v[k]);
        if (o->repeatable && o->what && isl_check_distinct(o->what, a->v[k], a->n[k], err))
            return err->status;
    }
    return ISL_OK;
}

/* Room for every value: a word, or each item of a list, is at most one. */
static isl_status alloc_parse(int argc, char **argv, isl_args *a, parsed *p, isl_error *err)
{
    size_t words = (size_t)argc + 1, chars = 1;
    for (int i = 0; i < argc; i++) {
        size_t len = strlen(argv[i]);
        chars += len + 1;
        for (const char *c = argv[i]; *c; c++) words += *c == ',';
    }
    p->which = malloc(words * sizeof *p->which);
    p->value = malloc(words * sizeof *p->value);
    a->ops = malloc(((size_t)argc + 1) * sizeof *a->ops);
    a->pool = malloc(words * sizeof *a->pool);
    a->items = p->items = malloc(chars);
    return p->which && p->value && a->ops && a->pool && a->items ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
}

isl_status isl_parse_args(const isl_command *cmd, int argc, char **argv, isl_args *a, isl_error *err)
{
    memset(a, 0, sizeof *a);
    a->options = cmd->options;
    assert(argc >= 0);
    /* one pass: each word is an operand, an option, or an option's value */
    parsed p = {NULL, NULL, 0, NULL};
    isl_status st = alloc_parse(argc, argv, a, &p, err);
    int only_operands = 0;
    for (int i = 0; i < argc && !st; i++) {
        if (only_operands || argv[i][0] != '-' || !argv[i][1]) a->ops[a->nops++] = argv[i];
        else if (!strcmp(argv[i], "--")) only_operands = 1;
        else st = read_option(cmd, argc, argv, &i, a, &p, err);
    }
    if (!st) {
        st = group_values(a, &p, err);
        a->ops[a->nops] = NULL;
    }
    free(p.which);
    free(p.value);
    if (st || isl_opt(a, "--help")) return st;
    if (a->nops < cmd->min_ops)
        return isl_fail(err, ISL_EUSAGE, "%s %s", cmd->min_ops == 1 && cmd->max_ops != 1 ? "name at least one" : "name",
                        cmd->operands ? cmd->operands : "the operands");
    if (cmd->max_ops >= 0 && a->nops > cmd->max_ops)
        return isl_fail(err, ISL_EUSAGE, "unexpected argument '%s'", a->ops[cmd->max_ops]);
    return ISL_OK;
}

void isl_args_free(isl_args *a)
{
    free(a->ops);
    free(a->pool);
    free(a->items);
    memset(a, 0, sizeof *a);
}

static int option_index(const isl_args *a, const char *name)
{
    int k = find_option(a->options, name, strlen(name));
    assert(k >= 0 && "option not in the command's table");
    return k;
}

const char *isl_opt(const isl_args *a, const char *name)
{
    int k = option_index(a, name);
    return a->n[k] ? a->v[k][a->n[k] - 1] : NULL;
}

int isl_opt_flag(const isl_args *a, const char *name)
{
    return a->n[option_index(a, name)] > 0;
}

const char *const *isl_opt_all(const isl_args *a, const char *name, size_t *n)
{
    int k = option_index(a, name);
    *n = a->n[k];
    return a->v[k];
}

int isl_opt_int(const isl_args *a, const char *name, long long *v)
{
    int k = option_index(a, name);
    const isl_option *o = option_at(a->options, (size_t)k);
    assert(o->kind == ISL_INT || o->kind == ISL_SECONDS || o->kind == ISL_SINCE || o->kind == ISL_ENUM);
    (void)o;
    if (!a->n[k]) return 0;
    *v = a->num[k];
    return 1;
}

int isl_option_listed(const isl_command *cmd, const isl_option *o)
{
    return !(cmd->needs & ISL_NO_DB) || (o != &OPT_DB && o != &OPT_WAIT);
}

void isl_print_usage(const isl_command *cmd, FILE *f)
{
    fprintf(f, "usage: isolab %s [options]%s%s\n\n%s\noptions:\n", cmd->name, cmd->operands ? " " : "",
            cmd->operands ? cmd->operands : "", cmd->about);
    const isl_option *o;
    for (size_t k = 0; (o = option_at(cmd->options, k)); k++) {
        if (!isl_option_listed(cmd, o)) continue;
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        fprintf(f, "  %-18s %s%s\n", left, o->help, o->repeatable ? " (repeatable)" : "");
    }
}

char *isl_argv_text(int argc, char *const *argv)
{
    isl_buf b = {NULL, 0, 0, 0};
    isl_buf_put(&b, "", 0);
    for (int i = 0; i < argc; i++) {
        if (i) isl_buf_put(&b, " ", 1);
        isl_buf_shell_word(&b, argv[i]);
    }
    return b.p; /* NULL once out of memory */
}

static const char MAIN_USAGE[] =
    "usage: isolab [--db FILE] COMMAND [options]\n"
    "       isolab help [COMMAND] | --help | --version\n"
    "\n"
    "isolab keeps the course model of process isolation in an SQLite database,\n"
    "computes the surfaces that bundles leave open to observation channels, and\n"
    "writes every run as rows.\n"
    "\n"
    "options:\n"
    "  --db FILE   the database (default: $ISOLAB_DB, or isolab.db); also after COMMAND\n"
    "  --help      this text; 'isolab COMMAND --help' or 'isolab help COMMAND' for a command's\n"
    "  --version   print the version\n"
    "\n"
    "commands:\n";

const isl_exit_code isl_exit_codes[] = {
    {ISL_OK, "success"},
    {ISL_EFAIL, "a check did not hold (a claim failed; diff --exit-code: the runs differ)"},
    {ISL_EUSAGE, "bad command line"},
    {ISL_EINPUT, "bad input (seed file, model, unknown name)"},
    {ISL_EDB, "database unusable (missing, not a database, newer schema, locked, read-only)"},
    {ISL_ENOMEM, "out of memory"},
    {ISL_ETOOL, "a program isolab runs (gnuplot) is missing or failed"},
    {ISL_EOUTPUT, "the output could not be written (a full disk; a closed pipe ends quietly, as cat: SIGPIPE)"},
    {ISL_EINTERNAL, "internal error (a bug in isolab)"},
    {128 + 1, "hung up (SIGHUP): as 130"},
    {ISL_EINTERRUPT, "interrupted (Ctrl-C): what it had finished is kept, the rest is not written"},
    {128 + 15, "terminated (SIGTERM): as 130"},
    {-1, NULL},
};

void isl_print_main_usage(const isl_command *table, FILE *f)
{
    fputs(MAIN_USAGE, f);
    for (const isl_command *c = table; c->name; c++) fprintf(f, "  %-14s %s\n", c->name, c->summary);
    fputs("\nexit status:\n", f);
    for (const isl_exit_code *e = isl_exit_codes; e->meaning; e++) fprintf(f, "  %-4d %s\n", e->code, e->meaning);
}

/* A command's name, NULL for one of two words ("sweep bundles": its first
 * word is a command of its own). */
static const char *command_at(const void *ctx, size_t i)
{
    const char *name = ((const isl_command *)ctx)[i].name;
    return strchr(name, ' ') ? NULL : name;
}

const char *isl_command_hint(const isl_command *table, const char *word, char *out, size_t n)
{
    size_t count = 0;
    while (table[count].name) count++;
    if (*isl_name_hint(word, command_at, table, count, "commands", out, n) != ';') out[0] = '\0';
    return out;
}

const isl_command *isl_find_command(const isl_command *table, int argc, char **argv, int i, int *words)
{
    const isl_command *best = NULL;
    for (const isl_command *c = table; c->name; c++) {
        const char *sp = strchr(c->name, ' ');
        size_t n1 = sp ? (size_t)(sp - c->name) : strlen(c->name);
        if (strlen(argv[i]) != n1 || strncmp(argv[i], c->name, n1)) continue;
        if (!sp) {
            if (!best) best = c, *words = 1;
        } else if (i + 1 < argc && !strcmp(argv[i + 1], sp + 1)) {
            best = c, *words = 2;
        }
    }
    return best;
}
