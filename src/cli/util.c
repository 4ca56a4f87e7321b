/* isolab command line: what commands share: messages, hints, picks, opening. */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isolab/cli.h"
#include "isolab/db.h"
#include "isolab/names.h"
#include "isolab/escape.h"
#include "isolab/history.h"
#include "isolab/parse.h"
#include "isolab/run.h"
#include "isolab/util.h"

int isl_usage(isl_cli *cli, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cli->err.msg, sizeof cli->err.msg, fmt, ap);
    va_end(ap);
    cli->err.status = ISL_EUSAGE;
    cli->err.reason = ISL_R_NONE;
    return ISL_EUSAGE;
}

void isl_note(const isl_cli *cli, const char *fmt, ...)
{
    va_list ap;
    char msg[4096], shown[ISL_ESCAPE_MAX(sizeof msg)];
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "isolab%s%s: note: %s\n", cli->cmd ? " " : "", cli->cmd ? cli->cmd->name : "",
            isl_escape(msg, shown, sizeof shown));
}

int isl_print_line(FILE *out, const char *fmt, ...)
{
    va_list ap;
    char small[512], *text = small;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return -1;
    if ((size_t)n >= sizeof small) {
        if (!(text = malloc((size_t)n + 1))) return -1;
        va_start(ap, fmt);
        vsnprintf(text, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    char *shown = isl_needs_escape(text) ? isl_escape_dup(text) : text;
    int rc = shown ? fputs(shown, out) : -1;
    if (rc >= 0) rc = fputc('\n', out);
    if (shown != text) free(shown);
    if (text != small) free(text);
    return rc < 0 ? -1 : 0;
}

const char *isl_hint(const isl_cli *cli, const char *command, char *buf, size_t n)
{
    int with_db = cli->db_given && !strncmp(command, "isolab ", 7);
    char *db = with_db ? isl_argv_text(1, (char *const *)&cli->db_path) : NULL;
    const char *rest = db ? command + 7 : command;
    int q = (db && strchr(db, '\'')) || strchr(rest, '\'') ? '"' : '\'';
    snprintf(buf, n, "%c%s%s%s%s%c", q, db ? "isolab --db " : "", db ? db : "", db ? " " : "", rest, q);
    free(db);
    return buf;
}

char *isl_command_text(const isl_cli *cli, int n, const char *const *words)
{
    const char *argv[16] = {"isolab", "--db", cli->db_path};
    int argc = strcmp(cli->db_path, "isolab.db") ? 3 : 1;
    assert(n >= 0 && argc + n <= 16);
    for (int i = 0; i < n; i++) argv[argc++] = words[i];
    return isl_argv_text(argc, (char *const *)argv);
}

void isl_put_command(const isl_cli *cli, isl_buf *b, int n, const char *const *words)
{
    char *cmd = isl_command_text(cli, n, words);
    if (!cmd) {
        free(b->p);
        *b = (isl_buf){NULL, 0, 0, 1};
        return;
    }
    char q = strchr(cmd, '\'') ? '"' : '\'';
    isl_buf_printf(b, "%s%c%s%c", b->n ? ", " : "", q, cmd, q);
    free(cmd);
}

void isl_put_command_words(const isl_cli *cli, isl_buf *b, const char *command, int n, const char *const *more)
{
    char text[64];
    const char *words[13];
    int k = 0;
    assert(strlen(command) < sizeof text);
    snprintf(text, sizeof text, "%s", command);
    for (char *w = text; *w && k < 3;) {
        words[k++] = w;
        w += strcspn(w, " ");
        if (*w) *w++ = '\0';
    }
    assert(n >= 0 && k + n <= 13);
    for (int i = 0; i < n; i++) words[k++] = more[i];
    isl_put_command(cli, b, k, words);
}

const char *isl_kind_command(isl_kind k, const char *more, char *buf, size_t n)
{
    assert(k < ISL_KIND_COUNT);
    snprintf(buf, n, "isolab %s%s%s", isl_kinds[k].command, more ? " " : "", more ? more : "");
    return buf;
}

double isl_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int isl_check_output(isl_cli *cli, FILE *f, const char *what)
{
    if (!ferror(f)) return ISL_OK;
    return isl_fail(&cli->err, ISL_EOUTPUT, "cannot write %s: %s", what, strerror(errno ? errno : EIO));
}

int isl_parse_run_id(isl_cli *cli, const char *text, int64_t *id)
{
    long long v;
    if (isl_parse_whole(text, 1, INT64_MAX, &v)) return isl_usage(cli, "'%s' is not a run id", text);
    *id = v;
    return ISL_OK;
}

int isl_pick(isl_cli *cli, const isl_args *a, const char *opt, const char *what,
             size_t (*find)(const isl_model *, const char *), size_t count, size_t *list, size_t *n)
{
    size_t nv;
    const char *const *v = isl_opt_all(a, opt, &nv);
    *n = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t idx = find(cli->model, v[i]);
        char hint[ISL_HINT_MAX];
        if (idx == ISL_NONE)
            return isl_fail(&cli->err, ISL_EINPUT, "no %s named '%s'%s", what, v[i],
                            isl_model_name_hint(cli->model, !strcmp(what, "bundle") ? 'b' : 'c', v[i], hint,
                                                sizeof hint));
        list[(*n)++] = idx;
    }
    if (!nv)
        for (; *n < count; ++*n) list[*n] = *n;
    return ISL_OK;
}

int isl_cli_open(isl_cli *cli, unsigned needs)
{
    if (needs & (ISL_NEEDS_DB | ISL_NEEDS_MODEL) && isl_store_open(cli->db_path, &cli->store, &cli->err))
        return cli->err.status;
    /* a writer finds damage before it writes, as a reader finds it before it reads */
    if (needs & (ISL_WRITES | ISL_CHANGES) && cli->store && isl_store_check_damage(cli->store, &cli->err))
        return cli->err.status;
    if (needs & ISL_READS_RUNS && !(needs & (ISL_WRITES | ISL_CHANGES))
        && isl_store_check_rows(cli->store, 0, 0, &cli->err))
        return cli->err.status;
    if (needs & ISL_READS_VIEWS && isl_store_check_dangling(cli->store, &cli->err)) return cli->err.status;
    /* what opening repaired (saved queries changed outside isolab): a note each */
    for (const char *n = cli->store ? isl_store_notes(cli->store) : ""; *n;) {
        size_t len = strcspn(n, "\n");
        isl_note(cli, "%s: %.*s", cli->db_path, (int)len, n);
        n += len + (n[len] == '\n');
    }
    /* reading the model also makes its digest the current one (model_state) */
    if (needs & ISL_NEEDS_MODEL
        && (isl_store_read_model(cli->store, &cli->model, &cli->err)
            || isl_store_sync_model(cli->store, cli->model, &cli->err)))
        return cli->err.status;
    return ISL_OK;
}

char *isl_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    isl_buf b = {NULL, 0, 0, 0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) isl_buf_put(&b, chunk, n);
    isl_buf_put(&b, "", 1);
    int bad = ferror(f) || b.oom;
    fclose(f);
    if (bad) return free(b.p), NULL;
    *len = b.n - 1;
    return b.p;
}
