/* isolab command line: the option parser and the argv recorder. Every
 * command's options are data (isl_option tables); argv is read once here,
 * the same way for every command, so a bad command line gets one wording
 * and exit 2 whatever the command. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"

/* Options every command takes besides its own. */
static const isl_option GLOBAL_OPTIONS[] = {
    {"--db", "FILE", 0, "the database (default: $ISOLAB_DB, or isolab.db)"},
    {"--wait", "SECONDS", 0, "wait this long for another process's write lock (default 10)"},
    {"--help", NULL, 0, "this text"},
    {NULL, NULL, 0, NULL},
};

/* The k-th option of the command's table followed by the global ones. */
static const isl_option *option_at(const isl_option *opts, size_t k)
{
    size_t n = 0;
    while (opts && opts[n].name) n++;
    if (k < n) return &opts[k];
    k -= n;
    return k < sizeof GLOBAL_OPTIONS / sizeof *GLOBAL_OPTIONS - 1 ? &GLOBAL_OPTIONS[k] : NULL;
}

/* Index of the option named by word (up to '=' when has_eq), or -1. */
static int find_option(const isl_option *opts, const char *word, size_t len)
{
    const isl_option *o;
    for (size_t k = 0; (o = option_at(opts, k)); k++)
        if (strlen(o->name) == len && !strncmp(o->name, word, len)) return (int)k;
    if (len == 2 && !strncmp(word, "-h", 2)) return find_option(opts, "--help", 6);
    return -1;
}

/* Reads one word that starts an option at argv[*i]: records its index in
 * which[] and its value in value[] (advancing *i past a separate value). */
static isl_status read_option(const isl_command *cmd, int argc, char **argv, int *i, isl_args *a, int *which,
                              const char **value, int *nopt, isl_error *err)
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
    which[*nopt] = k;
    value[(*nopt)++] = !o->value ? "" : eq ? eq + 1 : argv[++*i];
    a->n[k]++;
    return ISL_OK;
}

/* Lays the values of each option side by side in a->pool, in order. */
static void group_values(isl_args *a, const int *which, const char **value, int nopt)
{
    size_t at = 0;
    for (int k = 0; k < ISL_MAX_OPTIONS; k++) {
        a->v[k] = a->pool + at;
        for (int j = 0; j < nopt; j++)
            if (which[j] == k) a->pool[at++] = value[j];
    }
}

isl_status isl_parse_args(const isl_command *cmd, int argc, char **argv, isl_args *a, isl_error *err)
{
    memset(a, 0, sizeof *a);
    a->options = cmd->options;
    assert(argc >= 0);
    /* one pass: each word is an operand, an option, or an option's value */
    int *which = malloc(((size_t)argc + 1) * sizeof *which);
    const char **value = malloc(((size_t)argc + 1) * sizeof *value);
    a->ops = malloc(((size_t)argc + 1) * sizeof *a->ops);
    a->pool = malloc(((size_t)argc + 1) * sizeof *a->pool);
    isl_status st = which && value && a->ops && a->pool ? ISL_OK : isl_fail(err, ISL_ENOMEM, "out of memory");
    int nopt = 0, only_operands = 0;
    for (int i = 0; i < argc && !st; i++) {
        if (only_operands || argv[i][0] != '-' || !argv[i][1]) a->ops[a->nops++] = argv[i];
        else if (!strcmp(argv[i], "--")) only_operands = 1;
        else st = read_option(cmd, argc, argv, &i, a, which, value, &nopt, err);
    }
    if (!st) {
        group_values(a, which, value, nopt);
        a->ops[a->nops] = NULL;
    }
    free(which);
    free(value);
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

const char *const *isl_opt_all(const isl_args *a, const char *name, size_t *n)
{
    int k = option_index(a, name);
    *n = a->n[k];
    return a->v[k];
}

void isl_print_usage(const isl_command *cmd, FILE *f)
{
    fprintf(f, "usage: isolab %s [options]%s%s\n\n%s\noptions:\n", cmd->name, cmd->operands ? " " : "",
            cmd->operands ? cmd->operands : "", cmd->about);
    const isl_option *o;
    for (size_t k = 0; (o = option_at(cmd->options, k)); k++) {
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        fprintf(f, "  %-18s %s%s\n", left, o->help, o->repeatable ? " (repeatable)" : "");
    }
}

/* A word needs quoting unless it is made only of these. */
static int plain_byte(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-_./=:,+@%", c);
}

char *isl_argv_text(int argc, char *const *argv)
{
    /* worst case per word: every byte a quote ('\'' is 4 bytes), two
     * enclosing quotes and a separator */
    size_t n = 1;
    for (int i = 0; i < argc; i++) {
        size_t len = strlen(argv[i]);
        if (len > (((size_t)-1) - n) / 4 - 3) return NULL;
        n += len * 4 + 3;
    }
    char *s = malloc(n), *p = s;
    if (!s) return NULL;
    for (int i = 0; i < argc; i++) {
        const unsigned char *w = (const unsigned char *)argv[i];
        int quote = !*w;
        for (const unsigned char *c = w; *c && !quote; c++) quote = !plain_byte(*c);
        if (i) *p++ = ' ';
        if (quote) *p++ = '\'';
        for (; *w; w++) {
            if (quote && *w == '\'') {
                memcpy(p, "'\\''", 4);
                p += 4;
            } else {
                *p++ = (char)*w;
            }
        }
        if (quote) *p++ = '\'';
        assert((size_t)(p - s) < n);
    }
    *p = '\0';
    return s;
}
