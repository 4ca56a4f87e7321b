/* libFuzzer target for the command line: the option parser and the argv
 * recorder. An input is a list of words separated by NUL bytes. For every
 * command of the table the words are parsed as its arguments (every option
 * of the table is then looked up), and the recorder's text of them must
 * read back, by POSIX shell quoting rules (an independent reader below),
 * as exactly the words given. Nothing may crash, leak or trip a sanitizer.
 *
 * make fuzz    clang -fsanitize=fuzzer,address,undefined
 * make check   replays tests/fuzz/args/ through tests/fuzz/replay.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isolab/cli.h"
#include "isolab/commands.h"
#include "isolab/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A finding: says which property broke, then stops. */
#define FAIL(why) (fprintf(stderr, "fuzz_args: %s (line %d)\n", why, __LINE__), abort())

/* Reads back the words of text as sh would: words split on spaces; '...'
 * quotes everything up to the next '; "..." too, but for a backslash before
 * $ ` " \ or a newline, which quotes it; a backslash outside quotes quotes
 * the next byte. Returns the number of words, each NUL-terminated in out[]. */
static int read_back(const char *text, char **out, int max)
{
    int n = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        if (n == max) return -1;
        char *w = malloc(strlen(p) + 1), *q = w;
        if (!w) return -1;
        while (*p && *p != ' ') {
            if (*p == '\'') {
                for (p++; *p && *p != '\''; p++) *q++ = *p;
                if (!*p) FAIL("an unterminated quote in the recorded text");
                p++;
            } else if (*p == '"') {
                for (p++; *p && *p != '"'; p++) {
                    if (*p == '\\' && p[1] && strchr("$`\"\\\n", p[1])) p++;
                    *q++ = *p;
                }
                if (!*p) FAIL("an unterminated quote in the recorded text");
                p++;
            } else if (*p == '\\') {
                p++;
                if (!*p) FAIL("a backslash at the end of the recorded text");
                *q++ = *p++;
            } else {
                *q++ = *p++;
            }
        }
        *q = '\0';
        out[n++] = w;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16) return 0;
    /* the words: data split at NUL bytes (a last word without one counts) */
    char *buf = malloc(size + 1);
    char **argv = malloc((size + 2) * sizeof *argv);
    if (!buf || !argv) FAIL("out of memory");
    memcpy(buf, data, size);
    buf[size] = '\0';
    int argc = 0;
    for (size_t i = 0; i <= size;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    if (size > 0 && data[size - 1] == '\0') argc--; /* no empty word after a final NUL */
    argv[argc] = NULL;

    for (const isl_command *c = isl_commands; c->name; c++) {
        isl_args a;
        isl_error err;
        isl_error_clear(&err);
        isl_status st = isl_parse_args(c, argc, argv, &a, &err);
        if (st != ISL_OK && st != ISL_EUSAGE && st != ISL_ENOMEM) FAIL("the parser returned another status");
        if (st == ISL_EUSAGE && !err.msg[0]) FAIL("a usage error without a message");
        if (!st) {
            size_t total = 0, n;
            for (const isl_option *const *op = c->options; op && *op; op++) {
                const isl_option *o = *op;
                const char *const *v = isl_opt_all(&a, o->name, &n);
                for (size_t k = 0; k < n; k++) total += strlen(v[k]);
                /* a list's values are its items */
                if (n > 1 && !o->repeatable && o->kind != ISL_LIST) FAIL("a single option given twice was accepted");
                if (n && isl_opt(&a, o->name) != v[n - 1]) FAIL("isl_opt is not the last value");
            }
            (void)total;
            if (!isl_opt(&a, "--help") && (a.nops < c->min_ops || (c->max_ops >= 0 && a.nops > c->max_ops)))
                FAIL("operands out of the command's bounds were accepted");
        }
        isl_args_free(&a);
    }

    char *text = isl_argv_text(argc, argv);
    if (text) {
        char **back = malloc((size_t)(argc + 1) * sizeof *back);
        if (!back) FAIL("out of memory");
        int n = read_back(text, back, argc);
        /* an empty word is recorded as '' and reads back as one */
        if (n != argc) FAIL("the recorded text reads back as another number of words");
        for (int i = 0; i < n; i++) {
            if (strcmp(back[i], argv[i]) != 0) FAIL("a recorded word reads back differently");
            free(back[i]);
        }
        free(back);
        free(text);
    }
    free(argv);
    free(buf);
    return 0;
}
