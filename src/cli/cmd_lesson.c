/* isolab lesson: the main job: every bundle x channel, each lesson's
 * sweeps of its focus (those its tables and claims read), the lessons'
 * tables on stdout, then the claims' check on stderr; it creates the
 * database when missing (anew: --fresh). */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "isolab/author.h"
#include "isolab/lesson_table.h"
#include "isolab/claims.h"
#include "isolab/cli.h"
#include "isolab/cmd.h"
#include "isolab/db.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/listing.h"
#include "isolab/manage.h"
#include "isolab/parse.h"
#include "isolab/progress.h"
#include "isolab/report.h"
#include "isolab/names.h"
#include "isolab/run.h"
#include "isolab/util.h"

/* The lessons with a focus, in course order (a hint's names). */
#define LESSONS "SELECT f.lesson FROM lesson_focus f JOIN lesson l ON l.code = f.lesson ORDER BY l.position"

/* The lessons to do, in the order given (--all: lesson position order). */
typedef struct lesson_list {
    size_t n, cap;
    struct focus {
        char *code, *title;
        size_t bundle, channel;
        unsigned sweeps; /* the sweeps it computes, as bits 1u << kind (isl_store_lesson_sweeps) */
    } *l;
    const isl_model *m;
    int all;
    char *const *want; /* the codes asked for */
    int nwant;
} lesson_list;

static isl_status add_lesson(void *ctx, const char *code, const char *title, const char *bundle, const char *channel)
{
    lesson_list *ls = ctx;
    int wanted = ls->all;
    for (int i = 0; i < ls->nwant && !wanted; i++) wanted = !strcmp(ls->want[i], code);
    if (!wanted || !code) return ISL_OK;
    struct focus *f = isl_grow(&ls->l, &ls->cap, ls->n, sizeof *f);
    if (!f) return ISL_ENOMEM;
    f->code = strdup(code), f->title = strdup(title ? title : "");
    f->sweeps = 0;
    if (!f->code || !f->title) return free(f->code), free(f->title), ISL_ENOMEM;
    f->bundle = isl_model_find_bundle(ls->m, bundle ? bundle : "");
    f->channel = isl_model_find_channel(ls->m, channel ? channel : "");
    ls->n++;
    return ISL_OK;
}

/* The lessons' tables: as the lessons print them (several: each under a
 * '== CODE title' line), or as rows of a listing in fmt. */
static int print_lessons(isl_cli *cli, const lesson_list *ls, isl_format fmt)
{
    isl_listing l;
    isl_status st = ISL_OK;
    isl_listing_start(&l, fmt, cli->out);
    for (size_t i = 0; i < ls->n && !st; i++) {
        if (fmt != ISL_FMT_TABLE) {
            st = isl_report_lesson_rows(cli, &l, ls->l[i].code, i == 0);
            continue;
        }
        /* the title is data: escaped, as every text printed */
        if (ls->n > 1 && (fputs(i ? "\n" : "", cli->out) == EOF
                          || isl_print_line(cli->out, "== %s %s", ls->l[i].code, ls->l[i].title) < 0
                          || fputc('\n', cli->out) == EOF))
            st = ferror(cli->out) ? ISL_EOUTPUT : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        st = isl_store_lesson_lines(cli->store, ls->l[i].code, isl_put_shown_line, cli->out, &cli->err);
    }
    return isl_listing_done(cli, &l, st); /* a table's lines were printed as they came */
}

/* Where the runs are, and a query to paste (quoted for the shell). */
static int print_hint(isl_cli *cli, const char *lesson)
{
    isl_buf sql = {NULL, 0, 0, 0};
    isl_buf_printf(&sql, "SELECT line FROM channel_table WHERE lesson = '");
    /* the SQL string literal: quotes doubled */
    for (const char *c = lesson; *c; c++) isl_buf_put(&sql, *c == '\'' ? "''" : c, 1 + (*c == '\''));
    isl_buf_put(&sql, "'", 1);
    char *cmd = sql.oom ? NULL : isl_argv_text(3, (char *const[]){"sqlite3", (char *)cli->db_path, sql.p});
    free(sql.p);
    if (!cmd) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    fputc('\n', stderr);
    isl_print_line(stderr, "isolab: the runs are in %s; try:", cli->db_path);
    isl_print_line(stderr, "  %s", cmd);
    free(cmd);
    return ISL_OK;
}

/* Finds the lessons asked for, in order; an unknown code is bad input. */
static int find_lessons(isl_cli *cli, const isl_args *a, lesson_list *ls)
{
    char code[256], b[256], c[256];
    const char *one = NULL;
    if (!ls->all && !a->nops) {
        if (isl_store_current_focus(cli->store, code, b, c, sizeof code, &cli->err)) return cli->err.status;
        one = code;
        ls->want = (char *const *)&one, ls->nwant = 1;
    }
    if (isl_store_lessons(cli->store, add_lesson, ls, &cli->err))
        return cli->err.status ? cli->err.status : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    /* the order given on the command line */
    for (int i = 0; i < ls->nwant; i++) {
        size_t k = i;
        while (k < ls->n && strcmp(ls->l[k].code, ls->want[i])) k++;
        char hint[ISL_HINT_MAX];
        if (k >= ls->n)
            return isl_fail(&cli->err, ISL_EINPUT, "no lesson '%s' with a focus (see the table lesson_focus)%s",
                            ls->want[i], isl_store_name_hint(cli->store, LESSONS, ls->want[i], "lessons with a focus",
                                                             hint, sizeof hint));
        struct focus t = ls->l[i];
        ls->l[i] = ls->l[k], ls->l[k] = t;
    }
    if (!ls->n) return isl_fail(&cli->err, ISL_EINPUT, "no lesson has a focus (see the table lesson_focus)");
    for (size_t i = 0; i < ls->n; i++)
        if (ls->l[i].bundle == ISL_NONE || ls->l[i].channel == ISL_NONE)
            return isl_fail(&cli->err, ISL_EINPUT, "lesson '%s': its focus names no bundle or channel of the model",
                            ls->l[i].code);
    return ISL_OK;
}

/* The line at l is lost (no CODE in now) and names a FILE a lost line before
 * it (from old) names too: its file's command is given once. */
static int file_named_before(const char *old, const char *l, const char *now)
{
    size_t len = strcspn(l, "\n"), code = strcspn(l, "\t");
    if (code >= len) return 0;
    for (const char *p = old; p < l;) {
        size_t plen = strcspn(p, "\n"), pcode = strcspn(p, "\t");
        if (pcode < plen && plen - pcode == len - code && !strncmp(p + pcode, l + code, len - code)
            && !isl_lesson_kept(p, pcode, now))
            return 1;
        p += plen + (p[plen] == '\n');
    }
    return 0;
}

/* The lines "CODE\tFILE" of old whose CODE has no line in now: the lessons
 * a new database lost, each with the file 'load' read it from, as
 * " CODE" words into codes and the commands that load them again into cmds
 * (each file once, however many of its lessons were lost). Returns how many. */
static size_t lost_lessons(isl_cli *cli, const char *old, const char *now, isl_buf *codes, isl_buf *cmds)
{
    size_t lost = 0;
    for (const char *l = old; l && *l;) {
        size_t len = strcspn(l, "\n"), code = strcspn(l, "\t");
        if (!isl_lesson_kept(l, code, now) && code < len) {
            lost++;
            isl_buf_printf(codes, " %.*s", (int)code, l);
            char *file = code + 1 < len && !file_named_before(old, l, now) ? strndup(l + code + 1, len - code - 1)
                                                                             : NULL;
            const char *words[2] = {"load", file};
            if (file) isl_put_command(cli, cmds, 2, words);
            free(file);
        }
        l += len + (l[len] == '\n');
    }
    return lost;
}

/* The command line's own mistakes, before anything is read or replaced. */
static int lesson_usage(isl_cli *cli, const isl_args *a)
{
    if (isl_opt(a, "--seeds") && !isl_opt(a, "--fresh")) return isl_usage(cli, "--seeds needs --fresh");
    if (isl_opt_flag(a, "--all") && a->nops) return isl_usage(cli, "name lessons or give --all, not both");
    return isl_check_distinct("lesson", (const char *const *)a->ops, (size_t)a->nops, &cli->err);
}

typedef struct fresh_check {
    isl_cli *cli;
    const isl_args *a;
} fresh_check;

/* The new database has every lesson asked for, each with a focus of its
 * model (isl_store_check_fn): found as the command will find them. */
static isl_status check_fresh(isl_store *fresh, void *ctx, isl_error *err)
{
    fresh_check *fc = ctx;
    isl_cli *cli = fc->cli;
    isl_model *m = NULL;
    isl_status st = isl_store_read_model(fresh, &m, err);
    lesson_list ls = {0, 0, NULL, m, isl_opt_flag(fc->a, "--all"), fc->a->ops, fc->a->nops};
    isl_store *kept = cli->store;
    cli->store = fresh;
    assert(err == &cli->err);
    if (!st) st = find_lessons(cli, fc->a, &ls);
    cli->store = kept;
    for (size_t i = 0; i < ls.n; i++) free(ls.l[i].code), free(ls.l[i].title);
    free(ls.l);
    isl_model_free(m);
    return st;
}

/* lesson --fresh: a new database from the seeds it was made from (or --seeds). */
static int lesson_fresh(isl_cli *cli, const isl_args *a)
{
    char *seeds = NULL, *old = NULL, *ignored = NULL, *now = NULL, *old_focus = NULL, *focus = NULL;
    int64_t runs[3], none[3];
    isl_error e;
    isl_error_clear(&e);
    if (lesson_usage(cli, a) || isl_store_replaceable(cli->db_path, &cli->err)) return cli->err.status;
    if (isl_store_origin(cli->db_path, &seeds, &old, &old_focus, runs, &e) == ISL_ENOMEM) {
        free(seeds), free(old), free(old_focus);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    const char *dir = isl_opt(a, "--seeds") ? isl_opt(a, "--seeds") : seeds;
    struct stat sb;
    if (dir == seeds && seeds && stat(seeds, &sb) != 0) {
        char hint[600];
        int rc = isl_fail(&cli->err, ISL_EINPUT, "the seeds directory %s was made from, %s, cannot be read (%s: moved "
                          "or removed?); give the directory with %s", cli->db_path, seeds, strerror(errno),
                          isl_hint(cli, "isolab lesson --fresh --seeds DIR", hint, sizeof hint));
        free(seeds), free(old), free(old_focus);
        return rc;
    }
    fresh_check fc = {cli, a};
    int rc = isl_store_create_checked(cli->db_path, dir, 1, check_fresh, &fc, &cli->err);
    if (!rc && isl_store_origin(cli->db_path, &ignored, &now, &focus, none, &e) == ISL_ENOMEM)
        rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) {
        isl_note(cli, "a new %s from the seeds %s%s%s", cli->db_path, dir ? "in " : "built into isolab", dir ? dir : "",
                 isl_opt(a, "--seeds") ? "" : dir ? " (the directory it was made from)" : "");
        if (runs[0] == 1) isl_note(cli, "the old database's run (id %lld) is dropped", (long long)runs[1]);
        else if (runs[0])
            isl_note(cli, "the old database's %lld runs (ids %lld-%lld) are dropped", (long long)runs[0],
                     (long long)runs[1], (long long)runs[2]);
        isl_buf codes = {NULL, 0, 0, 0}, cmds = {NULL, 0, 0, 0};
        int one = lost_lessons(cli, old, now, &codes, &cmds) == 1;
        const char *c = codes.p, *m = cmds.p;
        if (c)
            isl_note(cli, "the old database's lesson%s%s %s not in those seeds and %s gone; %s%s", one ? "" : "s", c,
                     one ? "is" : "are", one ? "is" : "are",
                     m ? (one ? "to load it again, run: " : "to load them again, run: ")
                       : (one ? "no file of it is known" : "no file of theirs is known"),
                     m ? m : "");
        free(codes.p);
        free(cmds.p);
        /* a focus chosen with 'isolab focus' is the old database's: say so
         * when the new one's differs, the lesson lost with it or not */
        if (old_focus && focus && strcmp(old_focus, focus))
            isl_note_default(cli, old, now, old_focus, "the old database's default lesson", focus, "the new one's is");
    }
    free(seeds), free(old), free(ignored), free(now), free(old_focus), free(focus);
    return rc;
}

int isl_cmd_lesson(isl_cli *cli, const isl_args *a)
{
    struct stat sb;
    if ((isl_opt_flag(a, "--fresh") ? lesson_fresh(cli, a)
                                    : stat(cli->db_path, &sb) != 0 && isl_store_create(cli->db_path, NULL, 0, &cli->err))
        || isl_cli_open(cli, cli->cmd->needs | ISL_NEEDS_MODEL))
        return cli->err.status;
    isl_store *s = cli->store;
    const isl_model *m = cli->model;
    lesson_list ls = {0, 0, NULL, m, isl_opt_flag(a, "--all"), a->ops, a->nops};
    int rc = lesson_usage(cli, a);
    if (!rc) rc = find_lessons(cli, a, &ls);
    isl_clock_start(cli, "running and sweeping,");
    if (!rc) rc = isl_lab_run(s, m, cli->argv_text, NULL, m->nbundles, NULL, m->nchannels, NULL, NULL, NULL, &cli->err);
    unsigned printed;
    for (size_t i = 0; i < ls.n && !rc; i++)
        if (isl_store_lesson_sweeps(s, ls.l[i].code, &printed, &ls.l[i].sweeps, &cli->err)) rc = cli->err.status;
    for (size_t i = 0; i < ls.n && !rc; i++) {
        /* a sweep of a pair two lessons share is made once */
        unsigned want = ls.l[i].sweeps;
        for (size_t j = 0; j < i; j++)
            if (ls.l[j].bundle == ls.l[i].bundle && ls.l[j].channel == ls.l[i].channel) want &= ~ls.l[j].sweeps;
        for (isl_kind k = ISL_KIND_SAMPLES; k <= ISL_KIND_ADDITION && !rc; k++)
            if (want & 1u << k)
                rc = isl_lab_sweep(s, m, cli->argv_text, k, ls.l[i].bundle, ls.l[i].channel, NULL, NULL, NULL,
                                   &cli->err);
    }
    isl_clock_stop();
    long long fmt = ISL_FMT_TABLE;
    isl_opt_int(a, "--format", &fmt);
    if (!rc) rc = print_lessons(cli, &ls, (isl_format)fmt);
    /* the claims go to stderr: stdout stays the lesson's own tables */
    int verbose = isl_opt_flag(a, "--verbose");
    if (!rc && verbose) fputc('\n', stderr);
    if (!rc)
        rc = isl_check_print(cli, a->nops == 1 ? ls.l[0].code : NULL, stderr,
                             verbose ? ISL_CLAIMS_ALL : ISL_CLAIMS_FAILED, ISL_FMT_TABLE, 0);
    if (!rc && verbose) rc = print_hint(cli, ls.l[0].code);
    for (size_t i = 0; i < ls.n; i++) free(ls.l[i].code), free(ls.l[i].title);
    free(ls.l);
    return rc;
}
