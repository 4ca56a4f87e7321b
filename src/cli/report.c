/* isolab command line: what commands that print results share (report.h):
 * no command file calls another's, what two print alike is here. */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/claims.h"
#include "isolab/lesson_table.h"
#include "isolab/cli.h"
#include "isolab/escape.h"
#include "isolab/export.h"
#include "isolab/history.h"
#include "isolab/lab.h"
#include "isolab/listing.h"
#include "isolab/manage.h"
#include "isolab/outfile.h"
#include "isolab/parse.h"
#include "isolab/progress.h"
#include "isolab/report.h"
#include "isolab/run.h"
#include "isolab/util.h"
#include "isolab/words.h"

isl_status isl_put_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    fputs(line ? line : "", out);
    fputc('\n', out);
    return ferror(out) ? ISL_EOUTPUT : ISL_OK;
}

isl_status isl_put_shown_line(void *ctx, const char *line)
{
    FILE *out = ctx;
    if (isl_print_line(out, "%s", line ? line : "") == 0) return ISL_OK;
    return ferror(out) ? ISL_EOUTPUT : ISL_ENOMEM;
}

/* The lines of one lesson as rows (lesson, line) of a listing. */
typedef struct line_rows {
    isl_listing *l;
    const char *lesson;
} line_rows;

static const char *const LINE_COLUMNS[] = {"lesson", "line"};

static isl_status list_line(void *ctx, const char *line)
{
    line_rows *lr = ctx;
    isl_cell c[2] = {isl_cell_text(lr->lesson), isl_cell_text(line ? line : "")};
    return isl_listing_row(lr->l, 2, LINE_COLUMNS, c);
}

isl_status isl_report_lesson_rows(isl_cli *cli, isl_listing *l, const char *code, int header)
{
    line_rows lr = {l, code};
    isl_status st = header ? isl_listing_row(l, 2, LINE_COLUMNS, NULL) : ISL_OK;
    return st ? st : isl_store_lesson_lines(cli->store, code, list_line, &lr, &cli->err);
}

/* ---- the current results: focus for one command, stale warnings ---- */

/* Reads the model again when it was changed outside isolab (model_state's
 * digest is NULL), so the current results are those of the model now. */
static int refresh_model(isl_cli *cli)
{
    if (isl_store_model_known(cli->store)) return ISL_OK;
    /* edited in the sqlite3 shell since: read it again; a model that does
     * not read (the shell left it invalid) keeps its results not current */
    isl_error err;
    isl_error_clear(&err);
    isl_model *m = NULL;
    int oom = !isl_store_read_model(cli->store, &m, &err) && isl_store_sync_model(cli->store, m, &err) == ISL_ENOMEM;
    isl_model_free(m);
    return oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
}

char *isl_opt_joined(const isl_args *a, const char *opt, int *oom)
{
    size_t n = 0;
    const char *const *items = isl_opt_all(a, opt, &n);
    isl_buf list = {NULL, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        if (i) isl_buf_put(&list, ",", 1);
        isl_buf_put(&list, items[i], strlen(items[i]));
    }
    if (n) isl_buf_put(&list, "", 1);
    *oom = list.oom;
    if (list.oom) free(list.p), list.p = NULL;
    return list.p;
}

int isl_pick_mechanisms(isl_cli *cli, const isl_args *a, size_t *mechs, size_t *nm)
{
    int oom = 0;
    /* the items as the list they were written as: one grammar, the core's */
    char *list = isl_opt_joined(a, "--mechanisms", &oom);
    int rc = oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
    if (!rc && list) rc = isl_model_mechanism_set(cli->model, list, mechs, nm, &cli->err);
    else if (!rc)
        for (*nm = 0; *nm < cli->model->nmech; ++*nm) mechs[*nm] = *nm;
    free(list);
    return rc;
}

int isl_current_results(isl_cli *cli)
{
    int rc = refresh_model(cli);
    return rc ? rc : isl_warn_stale(cli);
}

int isl_apply_focus(isl_cli *cli, const isl_args *a)
{
    int rc = refresh_model(cli);
    if (!rc && isl_store_focus(cli->store, isl_opt(a, "--lesson"), isl_opt(a, "--bundle"), isl_opt(a, "--channel"),
                               &cli->err))
        rc = cli->err.status;
    if (rc && cli->err.reason == ISL_R_UNRUN_LIST) {
        /* the run that computes the list, under the channel asked for */
        const char *ch = isl_opt(a, "--channel"), *w[4] = {"--members", isl_opt(a, "--bundle"), "--channel", ch};
        isl_buf b = {NULL, 0, 0, 0};
        isl_put_command_words(cli, &b, isl_kinds[ISL_KIND_RUN].command, ch ? 4 : 2, w);
        size_t len = strlen(cli->err.msg);
        if (b.p) snprintf(cli->err.msg + len, sizeof cli->err.msg - len, "; %s computes it", b.p);
        free(b.p);
    }
    return rc ? rc : isl_warn_stale(cli);
}

void isl_note_focus_unread(isl_cli *cli, const isl_args *a, const char *name)
{
    const char *b = isl_opt(a, "--bundle"), *c = isl_opt(a, "--channel");
    int reads = 1;
    isl_error kept = cli->err;
    /* a note cannot tell: nothing said */
    if ((b || c) && !isl_store_reads_table(cli->store, name, "param", &reads, &cli->err) && !reads)
        isl_note(cli, "%s does not read %s%s%s: its rows are every %s's, as without %s", name, b ? "--bundle" : "",
                 b && c ? " or " : "", c ? "--channel" : "", b && c ? "bundle and channel" : b ? "bundle" : "channel",
                 b && c ? "them" : "it");
    cli->err = kept;
}

/* The commands that bring every stale result up to date, as one line:
 * each ready to paste (names and the database's path shell-quoted), in
 * quotes ('...', or "..." when it holds a single quote); and the first
 * what-if list named, for the hint on retiring it. */
typedef struct stale_plan {
    isl_cli *cli;
    isl_buf line;
    size_t n;
    char *list;
} stale_plan;

static isl_status add_group(void *ctx, const char *group, const char *command, const char *bundle,
                            const char *channel, int list)
{
    stale_plan *p = ctx;
    const char *words[4];
    int n = 0;
    if (bundle) {
        words[n++] = !strcmp(group, "members") ? "--members" : "--bundle", words[n++] = bundle;
        words[n++] = "--channel", words[n++] = channel ? channel : "";
    }
    /* the kind's command words (run_kinds.command: "run", "sweep samples") */
    assert(command || !strcmp(group, "lessons"));
    if (!strcmp(group, "lessons")) isl_put_command(p->cli, &p->line, 2, (const char *const[]){"lesson", "--all"});
    else isl_put_command_words(p->cli, &p->line, command, n, words);
    p->n++;
    if (list && !p->list && !(p->list = strdup(bundle))) return ISL_ENOMEM;
    return p->line.oom ? ISL_ENOMEM : ISL_OK;
}

/* The note's third line when it names a what-if list: how to retire it. */
static void put_retire_hint(isl_cli *cli, isl_buf *b, const char *list)
{
    isl_buf rm = {NULL, 0, 0, 0}, keep = {NULL, 0, 0, 0};
    isl_put_command(cli, &rm, 3, (const char *const[]){"rm", "--members", list});
    isl_put_command(cli, &keep, 3, (const char *const[]){"note", "--retire", list});
    if (rm.oom || keep.oom) b->oom = 1;
    else
        isl_buf_printf(b, "  a what-if list no longer wanted: %s removes its runs; %s keeps them and drops it "
                       "from this note", rm.p, keep.p);
    free(rm.p), free(keep.p);
}

int isl_warn_stale(isl_cli *cli)
{
    stale_plan p = {cli, {NULL, 0, 0, 0}, 0, NULL};
    isl_error err;
    isl_error_clear(&err);
    isl_status st = isl_store_stale_groups(cli->store, add_group, &p, &err);
    /* two lines, whatever their length: never cut (three with a what-if list) */
    char *shown = !st && p.n && !p.line.oom ? isl_escape_dup(p.line.p) : NULL;
    int oom = st == ISL_ENOMEM || p.line.oom || (!st && p.n && !shown);
    /* kept for isl_main: a note before an error would bury the error */
    isl_buf note = {NULL, 0, 0, 0}, hint = {NULL, 0, 0, 0};
    if (shown && p.list) put_retire_hint(cli, &hint, p.list);
    char *hint_shown = hint.p ? isl_escape_dup(hint.p) : NULL;
    if (hint.oom || (hint.p && !hint_shown)) oom = 1;
    if (shown && !cli->stale_note && !oom)
        isl_buf_printf(&note, "isolab%s%s: note: some results were computed from an older model than the database "
                       "holds now and are not shown;\n  to bring everything up to date, run: %s\n%s%s",
                       cli->cmd ? " " : "", cli->cmd ? cli->cmd->name : "", shown, hint_shown ? hint_shown : "",
                       hint_shown ? "\n" : "");
    if (note.oom) free(note.p), note.p = NULL, oom = 1;
    if (note.p) cli->stale_note = note.p;
    cli->stale_noted |= shown != NULL;
    free(shown), free(p.line.p), free(p.list), free(hint.p), free(hint_shown);
    return oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
}

static isl_status count_lesson(void *ctx, const char *code, const char *title, const char *bundle,
                               const char *channel)
{
    (void)code, (void)title, (void)bundle, (void)channel;
    ++*(int *)ctx;
    return ISL_OK;
}

const char *isl_first_command(isl_cli *cli, char *buf, size_t n)
{
    int lessons = 0;
    isl_error err;
    isl_error_clear(&err);
    /* the lessons unreadable: the usual hint, the failure left to the command */
    if (isl_store_lessons(cli->store, count_lesson, &lessons, &err)) lessons = 1;
    return lessons ? "isolab lesson" : isl_kind_command(ISL_KIND_RUN, NULL, buf, n);
}

int isl_no_results(isl_cli *cli, char *msg, size_t n)
{
    int64_t id = 0;
    char digest[17], l[512], r[512], f[64], run[64];
    if (isl_store_latest_run(cli->store, ISL_KIND_RUN, &id, digest, &cli->err)) return -1;
    if (id) return 0;
    const char *first = isl_first_command(cli, f, sizeof f);
    isl_kind_command(ISL_KIND_RUN, NULL, run, sizeof run);
    if (strcmp(first, run))
        snprintf(msg, n, "%s: no results yet: run %s (or %s)", cli->db_path, isl_hint(cli, first, l, sizeof l),
                 isl_hint(cli, run, r, sizeof r));
    else snprintf(msg, n, "%s: no results yet: run %s", cli->db_path, isl_hint(cli, first, r, sizeof r));
    return 1;
}

/* For a relation that reads probes (and no channel probe): 1 with the note
 * in msg when there is no probe at all, 2 when there is one (a stale one
 * is the stale note's), 0 for another relation, -1 when it cannot tell. */
static int no_probe(isl_cli *cli, const char *name, char *msg, size_t n)
{
    unsigned kinds = 0;
    int64_t id = 0;
    char digest[17], h[512], c[64];
    if (!name || isl_store_kinds_read(cli->store, name, &kinds, &cli->err)) return name ? -1 : 0;
    if (!(kinds & 1u << ISL_KIND_PROBE) || kinds & 1u << ISL_KIND_CHANNEL_PROBE) return 0;
    if (isl_store_latest_run(cli->store, ISL_KIND_PROBE, &id, digest, &cli->err)) return -1;
    if (id) return 2;
    snprintf(msg, n, "%s: no probe yet: run %s (as root on Linux with namespaces: it builds each bundle for real "
             "and reads every fact inside and on the host)", cli->db_path,
             isl_hint(cli, isl_kind_command(ISL_KIND_PROBE, NULL, c, sizeof c), h, sizeof h));
    return 1;
}

int isl_note_no_results(isl_cli *cli, const char *name, size_t rows)
{
    char msg[1200];
    if (rows && name && isl_store_has_column(cli->store, name, "run_id") != 1) return 0;
    /* a note cannot tell: the command's own answer stands, without it */
    isl_error kept = cli->err;
    int probe = rows ? 0 : no_probe(cli, name, msg, sizeof msg);
    int noted = probe > 0 ? probe == 1 : isl_no_results(cli, msg, sizeof msg) == 1;
    if (noted) isl_note(cli, "%s", msg);
    cli->err = kept;
    return noted;
}

/* ---- the default lesson moved ---- */

int isl_lesson_kept(const char *l, size_t code, const char *lessons)
{
    for (const char *m = lessons; m && *m;) {
        size_t mlen = strcspn(m, "\n");
        if (strcspn(m, "\t") == code && !strncmp(m, l, code)) return 1;
        m += mlen + (m[mlen] == '\n');
    }
    return 0;
}

/* The file the line "CODE\tFILE" of old names for code (malloc'd), or NULL
 * when old has no such line or it names no file. */
static char *lesson_file(const char *old, const char *code)
{
    size_t n = strlen(code);
    for (const char *l = old; l && *l;) {
        size_t len = strcspn(l, "\n"), c = strcspn(l, "\t");
        if (c == n && c + 1 < len && !strncmp(l, code, n)) return strndup(l + c + 1, len - c - 1);
        l += len + (l[len] == '\n');
    }
    return NULL;
}

void isl_note_default(isl_cli *cli, const char *old, const char *now, const char *old_focus, const char *was,
                      const char *focus, const char *is)
{
    isl_buf cmd = {NULL, 0, 0, 0};
    int lost = !isl_lesson_kept(old_focus, strlen(old_focus), now);
    char *file = lost ? lesson_file(old, old_focus) : NULL;
    if (file) isl_put_command(cli, &cmd, 2, (const char *const[]){"load", file});
    if (!lost || file) {
        isl_buf focus_cmd = {NULL, 0, 0, 0};
        isl_put_command(cli, &focus_cmd, 2, (const char *const[]){"focus", old_focus});
        if (focus_cmd.p) isl_buf_printf(&cmd, "%s%s", cmd.n ? " then " : "", focus_cmd.p);
        cmd.oom |= focus_cmd.oom || !focus_cmd.p;
        free(focus_cmd.p);
    }
    int run = !cmd.oom && cmd.p;
    const char *gone = !lost ? "" : file ? ", which is gone" : ", which is gone (no file of it is known)";
    const char *how = !run ? "" : lost ? "; to load it and make it the default again, run: "
                                       : "; to make it the default again, run: ";
    isl_note(cli, "%s was %s%s; %s%s%s%s%s", was, old_focus, gone, focus ? is : "no lesson has a focus now",
             focus ? " " : "", focus ? focus : "", how, run ? cmd.p : "");
    free(cmd.p), free(file);
}

/* ---- the claims of a check ---- */

/* Where a check's claims go: lines to out (those `show` asks for), or with
 * a listing every claim as a row. */
typedef struct claim_out {
    const isl_cli *cli;
    FILE *out;
    isl_claims_shown show;
    isl_listing *listing;
} claim_out;

static const char *const CLAIM_COLUMNS[] = {"lesson", "claim", "outcome", "expected", "actual", "reason", "statement"};
#define NCOLUMNS (sizeof CLAIM_COLUMNS / sizeof *CLAIM_COLUMNS)

static isl_status list_claim(isl_listing *l, const isl_claim_row *r, const char *reason)
{
    isl_cell c[NCOLUMNS] = {isl_cell_text(r->lesson), isl_cell_text(r->name),
                            isl_cell_text(isl_claim_outcome_value(r->outcome)), isl_cell_text(r->expected),
                            isl_cell_text(r->actual), isl_cell_text(reason), isl_cell_text(r->statement)};
    return isl_listing_row(l, NCOLUMNS, CLAIM_COLUMNS, c);
}

/* An outcome word ("pass", "FAIL", "stale", "pending") padded to width:
 * coloured (pass green, FAIL red, stale yellow) when out is a terminal,
 * TERM is not "dumb" and NO_COLOR is unset or empty. -1 when out fails. */
static int print_outcome(FILE *out, const char *word, int width)
{
    static const struct {
        const char *word, *sgr;
    } colours[] = {{"pass", "32"}, {"FAIL", "1;31"}, {"stale", "33"}};
    const char *sgr = NULL, *no = getenv("NO_COLOR"), *term = getenv("TERM");
    if (isatty(fileno(out)) && !(no && *no) && !(term && !strcmp(term, "dumb")))
        for (size_t i = 0; i < sizeof colours / sizeof *colours; i++)
            if (!strcmp(colours[i].word, word)) sgr = colours[i].sgr;
    int pad = width - (int)strlen(word);
    int rc = sgr ? fprintf(out, "\033[%sm%s\033[0m%*s", sgr, word, pad > 0 ? pad : 0, "")
                 : fprintf(out, "%-*s", width, word);
    return rc < 0 ? -1 : 0;
}

static isl_status print_claim(void *ctx, const isl_claim_row *r)
{
    claim_out *co = ctx;
    FILE *out = co->out;
    char why[8192];
    const char *reason = isl_claim_words(co->cli, r, why, sizeof why);
    if (co->listing) return list_claim(co->listing, r, reason);
    if (co->show == ISL_CLAIMS_NONE || (co->show == ISL_CLAIMS_FAILED && r->outcome != ISL_CLAIM_FAIL)) return ISL_OK;
    if (print_outcome(out, isl_claim_outcome_name(r->outcome), 7)) return ISL_EOUTPUT;
    int rc;
    if (r->outcome == ISL_CLAIM_PASS)
        rc = isl_print_line(out, "  %s %s = %s -- %s", r->lesson, r->name, r->actual, r->statement);
    else if (r->outcome == ISL_CLAIM_FAIL)
        rc = isl_print_line(out, "  %s %s: expected %s, actual %s (%s) -- %s", r->lesson, r->name,
                            r->expected, r->actual ? r->actual : "NULL", reason, r->statement);
    else
        rc = isl_print_line(out, "  %s %s: %s -- %s", r->lesson, r->name, reason, r->statement);
    return ferror(out) ? ISL_EOUTPUT : rc ? ISL_ENOMEM : ISL_OK;
}

int isl_check_print(isl_cli *cli, const char *lesson, FILE *out, isl_claims_shown show, isl_format fmt, int strict)
{
    isl_claim_counts n = {{0}, 0};
    int64_t run_id = 0;
    isl_listing listing;
    claim_out co = {cli, out, show, fmt != ISL_FMT_TABLE ? &listing : NULL};
    isl_listing_start(&listing, fmt, out);
    isl_status st = co.listing ? isl_listing_row(&listing, NCOLUMNS, CLAIM_COLUMNS, NULL) : ISL_OK;
    if (!st)
        st = isl_lab_check(cli->store, cli->model, cli->argv_text, lesson, print_claim, &co, &n, &run_id,
                           &cli->err);
    if (co.listing) st = isl_listing_end(&listing, st);
    if (st == ISL_EOUTPUT) return isl_check_output(cli, out, out == stderr ? "to stderr" : "the output");
    if (st == ISL_ENOMEM && !cli->err.msg[0]) return isl_fail(&cli->err, st, "out of memory");
    if (st) return st;
    /* the count line: with rows on out, it goes to stderr */
    FILE *cf = fmt == ISL_FMT_TABLE ? out : stderr;
    size_t total = n.n[ISL_CLAIM_PASS] + n.n[ISL_CLAIM_FAIL] + n.n[ISL_CLAIM_PENDING] + n.n[ISL_CLAIM_STALE];
    char stale[48] = "";
    if (n.n[ISL_CLAIM_STALE]) snprintf(stale, sizeof stale, ", %zu stale", n.n[ISL_CLAIM_STALE]);
    /* nothing checked, so no check run (isl_lab_check) */
    if (!total && lesson) isl_print_line(cf, "check: lesson %s states no claims; no check run recorded", lesson);
    else if (!total) isl_print_line(cf, "check: no lesson states a claim; no check run recorded");
    else
        fprintf(cf, "check: %zu passed, %zu failed, %zu pending%s of %zu claim%s (run %lld)", n.n[ISL_CLAIM_PASS],
                n.n[ISL_CLAIM_FAIL], n.n[ISL_CLAIM_PENDING], stale, total, total == 1 ? "" : "s", (long long)run_id);
    /* --strict: a claim not verified (pending on what a command computes, or read from an older
     * model's results) fails the check; one pending on a lesson its lesson announces that the
     * course does not have yet no command can verify: said apart, never hidden in a 0 */
    size_t unverified = strict ? n.n[ISL_CLAIM_PENDING] - n.awaiting + n.n[ISL_CLAIM_STALE] : 0;
    if (total && strict && (unverified || n.awaiting))
        fprintf(cf, "; --strict: %zu claim%s not verified (pending or stale)", unverified, unverified == 1 ? "" : "s");
    if (total && strict && n.awaiting)
        fprintf(cf, ", %zu awaiting a lesson announced but not in the course", n.awaiting);
    if (total) fputc('\n', cf);
    int rc = isl_check_output(cli, cf, cf == stderr ? "to stderr" : "the output");
    return rc ? rc : n.n[ISL_CLAIM_FAIL] || unverified ? ISL_EFAIL : ISL_OK;
}

/* ---- a relation or query into a file ---- */

static int export_path(isl_cli *cli, isl_export *x, const char *name, const char *sql, isl_format fmt, int has_run,
                       int64_t run_id, int focus, const char *file, size_t *rows, isl_row_fn tee, void *tee_ctx)
{
    isl_error *err = &cli->err;
    isl_listing e;
    isl_outfile o;
    int to_file = file && strcmp(file, "-"), rc;
    isl_listing_start(&e, fmt, cli->out);
    e.tee = tee, e.tee_ctx = tee_ctx;
    /* the rules of every output file: include/isolab/outfile.h */
    if (to_file && (rc = isl_outfile_open(&o, file, ISL_OUT_THROUGH, cli->db_path, err))) return rc;
    if (to_file) e.out = o.f;
    /* progress on a terminal, but not into output shown on it */
    isl_progress p;
    isl_progress_start(&p, "rows", 0);
    p.on = p.on && !isatty(fileno(e.out));
    e.progress = &p;
    /* the total, when a table's count gives it; else rows alone */
    uint64_t total = 0;
    isl_error cerr;
    isl_error_clear(&cerr);
    if (p.on && !sql && !isl_store_table_rows(cli->store, name, has_run, run_id, &total, &cerr)) p.total = total;
    isl_status st = isl_listing_labelled(&e, cli, name);
    if (!st && sql) st = isl_store_export_sql(cli->store, sql, isl_listing_row, &e, err);
    else if (!st && x) st = isl_store_export_read(x, NULL, isl_listing_row, &e, err);
    else if (!st && focus && !has_run) st = isl_store_export_focus(cli->store, name, isl_listing_row, &e, err);
    else if (!st) st = isl_store_export(cli->store, name, has_run, run_id, isl_listing_row, &e, err);
    p.done = e.rows;
    isl_progress_end(&p, !st);
    if (rows) *rows = e.rows;
    st = isl_listing_end(&e, st);
    if (st == ISL_ENOMEM && !err->msg[0]) isl_fail(err, st, "out of memory");
    else if (st && !err->msg[0]) isl_fail(err, st, "cannot write the output: %s", strerror(errno ? errno : EIO));
    if (!to_file) return st ? (int)st : isl_check_output(cli, cli->out, "the output");
    if (st == ISL_EOUTPUT) isl_fail(err, st, "%s: cannot write: %s", file, strerror(errno ? errno : EIO));
    if (st) isl_outfile_abort(&o);
    return st ? (int)st : (int)isl_outfile_commit(&o, err);
}

int isl_export_path(isl_cli *cli, const char *name, const char *sql, isl_format fmt, int has_run, int64_t run_id,
                    int focus, const char *file, size_t *rows)
{
    return export_path(cli, NULL, name, sql, fmt, has_run, run_id, focus, file, rows, NULL, NULL);
}

int isl_export_tee(isl_cli *cli, isl_export *x, const char *name, const char *file, size_t *rows, isl_row_fn tee,
                   void *tee_ctx)
{
    return export_path(cli, x, name, NULL, ISL_FMT_CSV, 0, 0, 0, file, rows, tee, tee_ctx);
}
