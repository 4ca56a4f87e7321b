/* isolab init: create the database; load: apply seed files to it (--replace:
 * the lessons they define replace the loaded ones); unload: remove lessons
 * with what they own. */
#define _XOPEN_SOURCE 700 /* realpath() */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isolab/author.h"
#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/db.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/report.h"
#include "isolab/util.h"

int isl_cmd_init(isl_cli *cli, const isl_args *a)
{
    struct stat lsb, sb;
    int dangling = lstat(cli->db_path, &lsb) == 0 && S_ISLNK(lsb.st_mode) && stat(cli->db_path, &sb) != 0;
    if (isl_store_create(cli->db_path, isl_opt(a, "--seeds"), isl_opt(a, "--force") != NULL, &cli->err))
        return cli->err.status;
    char *real = dangling ? realpath(cli->db_path, NULL) : NULL;
    if (real)
        isl_print_line(cli->out, "created %s (%s: a symbolic link that led to no file; the database is where it led)",
                       real, cli->db_path);
    else isl_print_line(cli->out, "created %s", cli->db_path);
    free(real);
    return ISL_OK;
}

/* A lesson loaded already: the command that replaces it (--replace, from
 * the same file) or takes it over (--take-over, from another), ready to
 * paste (--db and the same files, quoted for the shell), after the store's
 * message; words.c's plain words when the files are too many to repeat. */
static int loaded_already(isl_cli *cli, const isl_args *a)
{
    int other = cli->err.reason == ISL_R_LESSON_OTHER_FILE;
    const char *words[13] = {"load", other ? "--take-over" : "--replace"};
    if (a->nops > 11) return cli->err.status;
    for (int i = 0; i < a->nops; i++) words[2 + i] = a->ops[i];
    isl_buf cmd = {NULL, 0, 0, 0};
    isl_put_command(cli, &cmd, a->nops + 2, words);
    size_t len = strlen(cli->err.msg);
    if (cmd.p)
        snprintf(cli->err.msg + len, sizeof cli->err.msg - len, " (%s %s)", cmd.p,
                 other ? "takes it over from that file" : "replaces it");
    if (cmd.p) cli->err.reason = ISL_R_NONE;
    free(cmd.p);
    return cli->err.status;
}

/* What the files did (isl_load_fn's calls), kept until the load commits. */
typedef struct load_item {
    char *file, *what, *name;
    long long n;
} load_item;
typedef struct load_told {
    load_item *v;
    size_t n, cap;
} load_told;

static isl_status told(void *ctx, const char *file, const char *what, const char *name, long long n)
{
    load_told *t = ctx;
    load_item *it = isl_grow(&t->v, &t->cap, t->n, sizeof *it);
    if (!it) return ISL_ENOMEM;
    *it = (load_item){strdup(file), strdup(what), strdup(name), n};
    if (!it->file || !it->what || !it->name) {
        free(it->file), free(it->what), free(it->name);
        return ISL_ENOMEM;
    }
    t->n++;
    return ISL_OK;
}

static int replaced(const load_told *t, const char *file, const char *code)
{
    for (size_t i = 0; i < t->n; i++)
        if (!strcmp(t->v[i].what, "replaced") && !strcmp(t->v[i].file, file) && !strcmp(t->v[i].name, code)) return 1;
    return 0;
}

/* Per file, one line: "FILE: lesson C added, lesson D replaced; wrote T N, ...";
 * a file that wrote nothing a note on stderr (the lesson template as it
 * ships is all comments). */
static void tell_files(isl_cli *cli, const isl_args *a, const load_told *t)
{
    for (int f = 0; f < a->nops; f++) {
        const char *file = a->ops[f];
        isl_buf line = {NULL, 0, 0, 0};
        int lessons = 0, tables = 0;
        isl_buf_printf(&line, "%s:", file);
        for (size_t i = 0; i < t->n; i++)
            if (!strcmp(t->v[i].file, file) && !strcmp(t->v[i].what, "added"))
                isl_buf_printf(&line, "%s lesson %s %s", lessons++ ? "," : "", t->v[i].name,
                               replaced(t, file, t->v[i].name) ? "replaced" : "added");
        for (size_t i = 0; i < t->n; i++)
            if (!strcmp(t->v[i].file, file) && !strcmp(t->v[i].what, "table"))
                isl_buf_printf(&line, "%s %s %lld", tables++ ? "," : lessons ? "; wrote" : " wrote", t->v[i].name,
                               t->v[i].n);
        for (size_t i = 0; i < t->n; i++)
            if (!strcmp(t->v[i].file, file) && !strcmp(t->v[i].what, "announced"))
                isl_note(cli, "%s: its lesson at position %lld is the one %s announces: %s's claims about lesson %lld "
                         "now check it (see lesson_announces; a position no lesson announces leaves them pending)",
                         file, t->v[i].n, t->v[i].name, t->v[i].name, t->v[i].n);
        if (!lessons && !tables)
            isl_note(cli, "%s adds nothing: it wrote no row (the lesson template as it ships is all comments: copy "
                     "it and remove the '-- ' in front of its SQL lines, as its first lines say)", file);
        else if (line.p) isl_print_line(cli->out, "%s", line.p);
        free(line.p);
    }
}

/* Each file once: a file given twice (by one name or two) would define its
 * lessons twice in one load, which no option makes work. */
static int each_once(isl_cli *cli, const isl_args *a)
{
    if (isl_check_distinct("file", (const char *const *)a->ops, (size_t)a->nops, &cli->err)) return cli->err.status;
    for (int i = 1; i < a->nops; i++)
        for (int j = 0; j < i; j++) {
            struct stat x, y;
            if (!stat(a->ops[i], &x) && !stat(a->ops[j], &y) && x.st_dev == y.st_dev && x.st_ino == y.st_ino)
                return isl_usage(cli, "'%s' is '%s' again: give each file once", a->ops[i], a->ops[j]);
        }
    return ISL_OK;
}

int isl_cmd_load(isl_cli *cli, const isl_args *a)
{
    if (each_once(cli, a)) return cli->err.status;
    isl_load_mode mode = isl_opt_flag(a, "--take-over") ? ISL_LOAD_TAKE_OVER
                         : isl_opt_flag(a, "--replace") ? ISL_LOAD_REPLACE
                                                        : ISL_LOAD_NEW;
    load_told t = {NULL, 0, 0};
    int rc = isl_store_load_report(cli->store, (const char *const *)a->ops, (size_t)a->nops, mode, told, &t,
                                   &cli->err)
                 ? (int)cli->err.status
                 : ISL_OK;
    if (rc == ISL_ENOMEM && !cli->err.msg[0]) isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (rc && (cli->err.reason == ISL_R_LESSON_LOADED || cli->err.reason == ISL_R_LESSON_OTHER_FILE))
        rc = loaded_already(cli, a);
    if (!rc) {
        tell_files(cli, a, &t);
        isl_print_line(cli->out, "loaded %d file%s into %s", a->nops, a->nops == 1 ? "" : "s", cli->db_path);
    }
    for (size_t i = 0; i < t.n; i++) free(t.v[i].file), free(t.v[i].what), free(t.v[i].name);
    free(t.v);
    return rc;
}

/* The default lesson (current_focus's) into code[n] and the lessons with
 * their files (isl_store_origin's lines "CODE\tFILE") into *lessons: 0, or
 * 1 when no lesson has a focus, -1 out of memory (cli->err). */
static int default_lesson(isl_cli *cli, char *code, size_t n, char **lessons)
{
    char b[256], c[256], *seeds = NULL, *focus = NULL;
    int64_t runs[3];
    isl_error e;
    isl_error_clear(&e);
    *lessons = NULL;
    assert(n <= sizeof b);
    int none = isl_store_current_focus(cli->store, code, b, c, n, &e) != ISL_OK;
    isl_status st = e.status == ISL_ENOMEM ? ISL_ENOMEM
                                           : isl_store_origin(cli->db_path, &seeds, lessons, &focus, runs, &e);
    free(seeds), free(focus);
    return st ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory"), -1 : none;
}

int isl_cmd_unload(isl_cli *cli, const isl_args *a)
{
    char was[256], now[256], *before = NULL, *after = NULL;
    if (isl_check_distinct("lesson", (const char *const *)a->ops, (size_t)a->nops, &cli->err)) return cli->err.status;
    int none = default_lesson(cli, was, sizeof was, &before);
    if (none < 0 || isl_store_unload(cli->store, (const char *const *)a->ops, (size_t)a->nops, &cli->err))
        return free(before), cli->err.status;
    isl_print_line(cli->out, "removed %d lesson%s from %s", a->nops, a->nops == 1 ? "" : "s", cli->db_path);
    /* the default lesson moved (its lesson unloaded): which one is now, and
     * how to have it back; a note that cannot be made is left out */
    isl_error kept = cli->err;
    int none_now = none ? 1 : default_lesson(cli, now, sizeof now, &after);
    if (!none && none_now >= 0 && (none_now || strcmp(was, now)))
        isl_note_default(cli, before, after, was, "the default lesson", none_now ? NULL : now, "the default now is");
    cli->err = kept;
    free(before), free(after);
    return ISL_OK;
}
