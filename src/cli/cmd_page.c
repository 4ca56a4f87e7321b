/* isolab page: the results as one self-contained HTML file (nothing from
 * the network, every value escaped): the glossary, each lesson's tables,
 * claims and plots, the comparison, the model and the runs; with the
 * engine, the lab (page_lab.c: its one script). The pieces are in
 * page_table.c, page_plots.c, page_model.c and page_lab.c. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "isolab/channel.h"
#include "isolab/cli.h"
#include "isolab/lesson_table.h"
#include "isolab/cmd.h"
#include "isolab/db.h"
#include "isolab/labels.h"
#include "isolab/manage.h"
#include "isolab/outfile.h"
#include "isolab/export.h"
#include "isolab/parse.h"
#include "isolab/textout.h"
#include "isolab/names.h"
#include "isolab/util.h"
#include "page.h"
#include "page_table.h"

/* How every page begins (build): an existing file -o names is replaced
 * only when it begins so. */
static const char PAGE_START[] = "<!DOCTYPE html>\n";

static const char STYLE[] =
    ":root{color-scheme:light}"
    "body{font:16px/1.45 system-ui,sans-serif;color:#111;background:#fff;max-width:72rem;margin:0 auto;"
    "padding:0 1rem 3rem}"
    "h1{font-size:1.6rem;margin:1.2rem 0 .3rem}h2{font-size:1.3rem;margin-top:2.2rem;border-bottom:1px solid #999}"
    "h3{font-size:1.05rem;margin:1.4rem 0 .4rem}"
    "nav ul{padding-left:1.2rem;margin:.3rem 0}"
    /* a box that scrolls shows it: a shadow at the edge where more is
     * (covered while scrolled to that end), and its first column stays */
    ".scroll,.plot{overflow-x:auto;max-width:100%;"
    "background:linear-gradient(to left,#fff 40%,rgba(255,255,255,0)) right/1.5rem 100% no-repeat local,"
    "linear-gradient(to right,#fff 40%,rgba(255,255,255,0)) left/1.5rem 100% no-repeat local,"
    "radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.3),transparent) right/.8rem 100% no-repeat scroll,"
    "radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.3),transparent) left/.8rem 100% no-repeat scroll}"
    ".scroll table{margin-bottom:0}.scroll{margin-bottom:1rem}"
    /* (its background stops at its padding: over the collapsed borders
     * Chromium would paint none of them; its right edge a shadow of its
     * own, as the grid's border scrolls away under it) */
    ".scroll td:first-child,.scroll th:first-child{position:sticky;left:0;z-index:1;background:#fff;"
    "background-clip:padding-box;box-shadow:inset -1px 0 #bbb}"
    ".scroll th:first-child{background-color:#eee}"
    "table{border-collapse:collapse;margin:0 0 1rem;font-size:.9rem;min-width:min(100%,34rem)}"
    "p.cap{font-style:italic;margin:1rem 0 .2rem;font-size:.9rem}"
    "th,td{border:1px solid #bbb;padding:.2rem .45rem;vertical-align:top;text-align:left;"
    "overflow-wrap:normal;word-break:normal;hyphens:manual}"
    "th{background:rgba(0,0,0,.07);font-weight:600}th .unit{font-weight:normal;color:#444;font-size:.85em}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
    ".nw{white-space:nowrap}.sep{margin-right:.3em}"
    /* (td.st: over a first column's white, when the status is first) */
    "td.st.st-returns{background-color:#fde2d8;color:#8a1c00;font-weight:bold}"
    "td.st.st-left-open{background-color:#fff1c8;color:#6b4e00}"
    "td.st.st-closed{background-color:#e3f1e6;color:#174}"
    "td.st-visible,td.st-already-visible{color:#555}"
    "td.st-grows{font-weight:bold;color:#8a1c00}"
    "td.differs{background:#fde2d8;color:#8a1c00;font-weight:bold}"
    ".kernel th.group,.kernel td.group{border-left:2px solid #666}ol.differs{font-size:.9rem}"
    /* the lab's comparison: a fact whose status changed */
    "tr.lab-changed td{border-top:2px solid #8a1c00;border-bottom:2px solid #8a1c00}"
    "td.st-pass{color:#174}td.st-fail{color:#a00;font-weight:bold}td.st-pending,td.st-stale{color:#555;font-style:italic}"
    "pre{overflow-x:auto;background:#f6f6f6;border:1px solid #ddd;padding:.5rem;font-size:.85rem;line-height:1.3}"
    "details{margin:.4rem 0 1rem}summary{cursor:pointer;color:#124}"
    "dl.glossary dt{font-weight:bold;float:left;clear:left;width:8.5rem}dl.glossary dd{margin:0 0 .3rem 9rem}"
    "figure{margin:1rem 0 2rem;max-width:100%}svg{width:100%;max-width:100%;height:auto;box-sizing:border-box;border:1px solid #ddd}"
    /* a plot's white is the page's, so the scroll shadow shows through it */
    ".plot g[id$=gnuplot_canvas]>rect:first-child{fill:none}"
    "figcaption{font-size:.9rem;color:#333}.note{color:#555;font-style:italic}"
    ".note code{font-style:normal}"
    "@media (max-width:40rem){table.stack thead{display:none}table.stack tr{display:block;border:1px solid #bbb;"
    "margin-bottom:.5rem}table.stack td{display:block;border:none;text-align:left;white-space:normal}"
    "table.stack td:empty{display:none}"
    "table.stack td::before{content:attr(data-label) \": \";font-weight:bold;font-style:normal;color:#111}"
    "dl.glossary dt{float:none;width:auto}dl.glossary dd{margin:0 0 .5rem 1rem}"
    "table.stack td:first-child{position:static}"
    /* a plot that states its size (gnuplot's), shown at it (text 10 px and more), scrolled */
    ".plot svg[width]{width:auto;max-width:none;box-sizing:content-box}}"
    "@media print{body{max-width:none;font-size:11pt}.scroll,pre{overflow:visible;white-space:pre-wrap}"
    "figure,table,pre{break-inside:avoid}nav{display:none}a{color:inherit;text-decoration:none}}";

/* One lesson of the database (a row of page_lessons): code, title,
 * channels, and how many claims it states (as text); text: its lines of
 * lesson_report as HTML text. */
typedef struct lesson {
    char *code, *title, *channels, *claims;
    isl_buf text;
} lesson;

typedef struct lessons {
    lesson *v;
    size_t n, cap;
} lessons;

static char *dup_cell(const isl_cell *c) { return strdup(c->text ? c->text : ""); }

static isl_status lesson_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    lessons *l = ctx;
    if (!row) return ncols >= 5 && !strcmp(names[0], "lesson") && !strcmp(names[4], "claims") ? ISL_OK : ISL_EINTERNAL;
    lesson *x = isl_grow(&l->v, &l->cap, l->n, sizeof *x);
    if (!x) return ISL_ENOMEM;
    l->n++;
    *x = (lesson){dup_cell(&row[0]), dup_cell(&row[1]), dup_cell(&row[3]), dup_cell(&row[4]), {NULL, 0, 0, 0}};
    return x->code && x->title && x->channels && x->claims ? ISL_OK : ISL_ENOMEM;
}

static void lessons_free(lessons *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].code), free(l->v[i].title), free(l->v[i].channels), free(l->v[i].claims), free(l->v[i].text.p);
    free(l->v);
}

/* An id for a lesson's section: "lesson-" and its code (page_put_id). */
static void put_anchor(isl_buf *b, const char *code)
{
    page_puts(b, "lesson-"), page_put_id(b, code);
}

/* 1 when lesson code is to be shown: every lesson when none is named. */
static int wanted(const char *code, const char *const *want, size_t nwant)
{
    int shown = !nwant;
    for (size_t k = 0; k < nwant; k++) shown |= !strcmp(code, want[k]);
    return shown;
}

/* One line of lesson_report as HTML text into the isl_buf ctx. */
static isl_status text_line(void *ctx, const char *line)
{
    page_html(ctx, line ? line : ""), page_puts(ctx, "\n");
    return ISL_OK;
}

/* A line of lesson_report: into its lesson's text. */
static isl_status report_line(void *ctx, const char *code, const char *line)
{
    lessons *l = ctx;
    for (size_t i = 0; i < l->n; i++)
        if (code && !strcmp(l->v[i].code, code)) return text_line(&l->v[i].text, line);
    return ISL_OK;
}

/* The lessons (page_lessons), each with its text (lesson_report, read once
 * for all: a lesson at a time read it 8 times, 60 ms of a 0.7 s page);
 * every lesson named must be one of them. */
static int read_lessons(isl_cli *cli, lessons *l, const char *const *want, size_t nwant)
{
    isl_status st = isl_store_export(cli->store, "page_lessons", 0, 0, lesson_row, l, &cli->err);
    if (!st) st = isl_store_lessons_lines(cli->store, report_line, l, &cli->err);
    if (st && !cli->err.msg[0])
        isl_fail(&cli->err, st, "page_lessons, lesson_report: %s", st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    if (st) return st;
    for (size_t k = 0; k < nwant; k++) {
        size_t i = 0;
        while (i < l->n && strcmp(l->v[i].code, want[k])) i++;
        char hint[ISL_HINT_MAX];
        if (i == l->n)
            return isl_fail(&cli->err, ISL_EINPUT, "%s has no lesson '%s'%s", cli->db_path, want[k],
                            isl_store_name_hint(cli->store, "SELECT code FROM lesson ORDER BY position", want[k],
                                                "lessons", hint, sizeof hint));
    }
    return ISL_OK;
}

/* The lesson in focus (current_focus's first column) into the char * ctx:
 * the page's contents list it first. */
static isl_status focus_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    char **focus = ctx;
    if (!row) return ncols >= 1 && !strcmp(names[0], "lesson") ? ISL_OK : ISL_EINTERNAL;
    if (*focus || !row[0].text) return ISL_OK;
    return (*focus = strdup(row[0].text)) ? ISL_OK : ISL_ENOMEM;
}

/* One entry of the contents: lesson x, with note after its title. */
static void put_lesson_link(isl_buf *b, const lesson *x, const char *note)
{
    page_puts(b, "<li><a href=\"#"), put_anchor(b, x->code), page_puts(b, "\">");
    page_html(b, x->code), page_puts(b, " "), page_html(b, x->title), page_puts(b, "</a>"), page_puts(b, note);
    page_puts(b, "</li>\n");
}

/* The page's head, title and the list of its sections: the lesson in
 * focus first, then the words, the other lessons, the comparison and the
 * model. */
static int put_head(isl_cli *cli, isl_buf *b, const lessons *l, const char *const *want, size_t nwant,
                    const page_lab *lab, const char *focus)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime_r(&now, &tm));
    page_puts(b, PAGE_START);
    page_puts(b, "<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>isolab results: ");
    page_html(b, cli->db_path);
    page_puts(b, "</title>\n"), page_put_lab_head(b, lab);
    page_puts(b, "<style>"), page_puts(b, STYLE), page_puts(b, "</style>\n</head>\n<body>\n<header>\n");
    page_puts(b, "<h1>Kernel Interfaces and Isolation: results</h1>\n<p>From <code>"), page_html(b, cli->db_path);
    page_puts(b, "</code>, written "), page_html(b, when);
    page_puts(b, " by isolab page. The runs the results come from are listed <a href=\"#runs\">at the end</a>.</p>\n"
                 "<nav><ul>\n");
    for (size_t i = 0; i < l->n; i++)
        if (focus && !strcmp(l->v[i].code, focus) && wanted(focus, want, nwant))
            put_lesson_link(b, &l->v[i], " <strong>(the lesson in focus: start here)</strong>");
    page_puts(b, "<li><a href=\"#words\">The words of this page</a></li>\n");
    for (size_t i = 0; i < l->n; i++)
        if (wanted(l->v[i].code, want, nwant) && !(focus && !strcmp(l->v[i].code, focus))) put_lesson_link(b, &l->v[i], "");
    page_puts(b, "<li><a href=\"#comparison\">Comparison across lessons</a></li>\n"
                 "<li><a href=\"#model\">The model</a></li>\n<li><a href=\"#runs\">Runs</a></li>\n</ul></nav>\n"
                 "</header>\n<main>\n");
    return ISL_OK;
}

/* The page's table of each data view a lesson's tables are read from
 * (lesson_blocks' data_view): its caption when the lesson gives it no
 * title, the columns it leaves out, and what it says with no row (NULL:
 * the lesson's command, not run yet). */
static const char *const HIDE[] = {"lesson", "lesson_position", "n", NULL};
/* (the parts' channel is the lesson's, their position their order) */
static const char *const HIDE_PARTS[] = {"lesson", "lesson_position", "channel", "position", "n", NULL};
static const struct lesson_view {
    const char *view, *caption;
    const char *const *hide;
    const char *empty;
} LESSON_TABLES[] = {
    {"page_lesson_axis", "The facts on the lesson's axis, under its bundle with its channel", HIDE, NULL},
    {"page_lesson_facts", "The facts the lesson's channel shows, and what the bundle makes of each", HIDE, NULL},
    {"page_lesson_bundles", "Every bundle under the lesson's channel", HIDE, NULL},
    {"page_lesson_channels", "The lesson's channel and those of the lessons before it, under its bundle", HIDE, NULL},
    {"page_lesson_parts", "Each part of the lesson's channel, under its bundle", HIDE_PARTS,
     "The lesson's channel has no parts."},
    {"page_lesson_samples", "The sample count sweep: the output grows with the samples, the returned facts do not",
     HIDE, NULL},
    {"page_lesson_removal", "The removal sweep: each fact of the model taken out in turn", HIDE, NULL},
    {"page_lesson_addition", "The addition sweep: one new fact on each axis in turn", HIDE, NULL},
};
enum { NTABLES = sizeof LESSON_TABLES / sizeof LESSON_TABLES[0] };

/* The statements that read the lessons' tables, each opened for the first
 * lesson and read for every one: LESSON_TABLES', then page_claims' and
 * lesson_blocks'. */
enum { READ_CLAIMS = NTABLES, READ_BLOCKS };
typedef isl_export *lesson_reads[NTABLES + 2];

/* The tables a lesson prints, in its order (its rows of lesson_blocks):
 * each one's data view (NULL: none), title (NULL: the page's caption), and
 * own table's position (own: 1). */
typedef struct blocks {
    size_t n, cap;
    struct block {
        char *view, *title;
        int own;
        int64_t own_position;
    } *v;
} blocks;

static char *dup_or_null(const isl_cell *c, int *oom)
{
    char *s = c->type == ISL_CELL_NULL || !c->text ? NULL : strdup(c->text);
    *oom |= c->type != ISL_CELL_NULL && c->text && !s;
    return s;
}

static isl_status block_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    blocks *l = ctx;
    if (!row)
        return ncols >= 7 && !strcmp(names[4], "data_view") && !strcmp(names[5], "title")
                       && !strcmp(names[6], "own_position") ? ISL_OK : ISL_EINTERNAL;
    struct block *x = isl_grow(&l->v, &l->cap, l->n, sizeof *l->v);
    if (!x) return ISL_ENOMEM;
    l->n++;
    int oom = 0;
    x->view = dup_or_null(&row[4], &oom), x->title = dup_or_null(&row[5], &oom);
    x->own = row[6].type == ISL_CELL_INTEGER && row[6].text, x->own_position = x->own ? strtoll(row[6].text, NULL, 10) : 0;
    return oom ? ISL_ENOMEM : ISL_OK;
}

static void blocks_free(blocks *l)
{
    for (size_t k = 0; k < l->n; k++) free(l->v[k].view), free(l->v[k].title);
    free(l->v);
}

/* A lesson's tables in the order, with the titles, its text has them
 * (lesson_blocks, the rule lesson_report follows), or one note when it has
 * none yet; then in <details> the same as text, exactly what 'isolab lesson
 * CODE' prints. */
static int put_lesson_tables(isl_cli *cli, isl_buf *b, const isl_labels *labels, const char *code, isl_buf text,
                             lesson_reads reads)
{
    isl_buf empty = {NULL, 0, 0, 0};
    blocks bl = {0, 0, NULL};
    int rc = reads[READ_BLOCKS] ? ISL_OK
                                : isl_store_export_open(cli->store, "lesson_blocks", 0, 0, 1, &reads[READ_BLOCKS], &cli->err);
    if (!rc) rc = isl_store_export_read(reads[READ_BLOCKS], code, block_row, &bl, &cli->err);
    if (rc && !cli->err.msg[0])
        isl_fail(&cli->err, rc, "lesson_blocks: %s", rc == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    char *cmd = isl_command_text(cli, 2, (const char *const[]){"lesson", code});
    page_puts(&empty, "not run yet: "), page_puts(&empty, cmd ? cmd : "");
    empty.oom |= !cmd;
    const char *note = empty.p ? empty.p : "";
    if (!rc && !text.n)
        page_puts(b, "<p class=\"note\">"), page_html(b, note), page_puts(b, "</p>\n");
    for (size_t i = 0; !rc && text.n && i < bl.n; i++) {
        const struct block *x = &bl.v[i];
        if (x->own) { /* its rows from its query (lesson_table) */
            page_table t = {.view = "lesson_table", .caption = x->title ? x->title : "", .lesson = code,
                            .empty = "No rows.", .own = 1, .own_position = x->own_position};
            rc = page_put_table(cli, b, labels, &t);
            continue;
        }
        if (!x->view) continue; /* the heading: the section's */
        size_t k = 0;
        while (k < NTABLES && strcmp(LESSON_TABLES[k].view, x->view)) k++;
        if (k == NTABLES) {
            rc = isl_fail(&cli->err, ISL_EINTERNAL, "lesson_blocks: lesson %s: the page has no table for %s", code,
                          x->view);
            break;
        }
        /* the channel table's "part of": shown when a channel of it is a part */
        page_table t = {.view = x->view, .caption = x->title ? x->title : LESSON_TABLES[k].caption, .lesson = code,
                        .hide = LESSON_TABLES[k].hide, .empty = LESSON_TABLES[k].empty ? LESSON_TABLES[k].empty : note,
                        .drop_empty = !strcmp(x->view, "page_lesson_channels"), .rows = &reads[k]};
        rc = page_put_table(cli, b, labels, &t);
    }
    blocks_free(&bl);
    if (!rc && text.n) {
        page_puts(b, "<details><summary>These tables as text, as <code>");
        page_html(b, cmd ? cmd : ""), page_puts(b, "</code> prints them</summary>\n");
        page_puts(b, "<pre class=\"report\" data-view=\"lesson_report\">");
        isl_buf_put(b, text.p, text.n), page_puts(b, "</pre></details>\n");
    }
    int oom = text.oom || empty.oom;
    free(empty.p), free(cmd);
    if (rc) return rc;
    return oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
}

/* The note for a lesson with no claims shown: it states none, or they
 * have not been checked yet (with the command that checks them). */
static void put_claims_note(isl_cli *cli, isl_buf *note, const lesson *l)
{
    if (!strcmp(l->claims, "0")) {
        page_puts(note, "This lesson states no claims.");
        return;
    }
    isl_buf cmd = {NULL, 0, 0, 0};
    isl_put_command_words(cli, &cmd, isl_kinds[ISL_KIND_CHECK].command, 2, (const char *const[]){"--lesson", l->code});
    if (!strcmp(l->claims, "1")) page_puts(note, "The claim of this lesson has not been checked yet: run ");
    else page_puts(note, "The "), page_puts(note, l->claims), page_puts(note, " claims of this lesson have not been checked yet: run ");
    page_puts(note, cmd.p ? cmd.p : ""), page_puts(note, ".");
    note->oom |= cmd.oom;
    free(cmd.p);
}

/* One lesson's section: its tables, its claims and its plots. */
static int put_lesson(isl_cli *cli, isl_buf *b, const isl_labels *labels, const lesson *l, page_plots *pp,
                      lesson_reads reads)
{
    static const char *const hide_claims[] = {"lesson", "run_id", NULL};
    page_puts(b, "<section id=\""), put_anchor(b, l->code), page_puts(b, "\" data-lesson=\"");
    page_html(b, l->code), page_puts(b, "\">\n<h2>");
    page_html(b, l->code), page_puts(b, " "), page_html(b, l->title), page_puts(b, "</h2>\n<p>Channel: ");
    page_html(b, *l->channels ? l->channels : "none yet"), page_puts(b, "</p>\n<h3>Tables</h3>\n");
    int rc = put_lesson_tables(cli, b, labels, l->code, l->text, reads);
    page_puts(b, "<h3>Claims</h3>\n");
    isl_buf cap = {NULL, 0, 0, 0}, note = {NULL, 0, 0, 0};
    page_puts(&cap, "The claims of "), page_puts(&cap, l->code), page_puts(&cap, " as the latest check of it found them");
    put_claims_note(cli, &note, l);
    page_table claims = {.view = "page_claims", .caption = cap.p ? cap.p : "", .lesson = l->code,
                         .hide = hide_claims, .stack = 1, .drop_empty = 1, .empty = note.p ? note.p : "",
                         .rows = &reads[READ_CLAIMS]};
    if (!rc) rc = page_put_table(cli, b, labels, &claims);
    if (!rc && (cap.oom || note.oom)) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    free(cap.p), free(note.p);
    page_puts(b, "<h3>Plots</h3>\n");
    if (!rc) rc = page_put_plots(cli, b, pp, l->code);
    /* the channels measured for real: what each file carried; the command
     * measures the lesson's channel (the first of its channels that has a
     * runner), else the first channel that has one */
    static const char *const hide_files[] = {"lesson", NULL};
    const char *measured = NULL;
    char name[256];
    for (const char *c = l->channels; *c && !measured; c += strcspn(c, ",") + (c[strcspn(c, ",")] == ',')) {
        c += strspn(c, " ");
        snprintf(name, sizeof name, "%.*s", (int)strcspn(c, ","), c);
        const isl_channel_runner *r = isl_channel_runner_find(name);
        if (r) measured = isl_channel_runner_channel(r);
    }
    isl_buf none = {NULL, 0, 0, 0}; /* no runner for the lesson's channels: those that have one */
    if (!measured) {
        char probe[64];
        page_puts(&none, "This lesson's channel cannot be measured on a machine (");
        page_puts(&none, isl_kind_command(ISL_KIND_CHANNEL_PROBE, NULL, probe, sizeof probe)), page_puts(&none, " measures ");
        for (size_t i = 0; isl_channel_runner_at(i); i++)
            page_puts(&none, i ? ", " : ""), page_puts(&none, isl_channel_runner_channel(isl_channel_runner_at(i)));
        page_puts(&none, "); another lesson's is measured with ");
        measured = isl_channel_runner_channel(isl_channel_runner_at(0));
    }
    page_table files = {.view = "page_lesson_channel_files", .lesson = l->code, .hide = hide_files, .stack = 1,
                        .empty = none.p ? none.p : "No channel measured for real on this machine yet: run ",
                        .run = &isl_kinds[ISL_KIND_CHANNEL_PROBE], .operand = measured,
                        .caption = "What each channel's file carried on this machine, beside the model "
                                   "(channel_output_fact)"};
    if (!rc && none.oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) rc = page_put_table(cli, b, labels, &files);
    free(none.p);
    if (!rc) rc = page_put_observed(cli, b, l->code);
    page_puts(b, "</section>\n");
    return rc;
}

/* The sections after the lessons: the comparison and the model into
 * after (written before any lesson's plots change the focus), the runs
 * last. */
static int put_comparison(isl_cli *cli, isl_buf *b, const isl_labels *labels, const char *const *want, size_t nwant)
{
    static const char *const hide_cmp[] = {"lesson_position", "run_id", NULL};
    page_puts(b, "<section id=\"comparison\">\n<h2>Comparison across lessons</h2>\n");
    page_table cmp = {.view = "channel_comparison", .caption = "Every channel under one bundle (channel_comparison)",
                      .empty = "No channel has results yet: run ", .run = &isl_kinds[ISL_KIND_RUN], .hide = hide_cmp,
                      .keep = nwant ? want : NULL, .nkeep = nwant, .stack = 1,
                      .drop_empty = 1 /* "part of" when a channel is a part */};
    int rc = page_put_table(cli, b, labels, &cmp);
    page_puts(b, "</section>\n");
    if (!rc) rc = page_put_model(cli, b, labels);
    return rc;
}

static int build(isl_cli *cli, isl_buf *b, const char *const *want, size_t nwant, const page_lab *lab)
{
    lessons l = {NULL, 0, 0};
    isl_labels labels = {NULL, 0, 0};
    isl_buf after = {NULL, 0, 0, 0};
    page_plots *pp = NULL;
    lesson_reads reads = {NULL};
    char *focus = NULL;
    int rc = read_lessons(cli, &l, want, nwant), noted = 0;
    if (!rc) rc = isl_store_export(cli->store, "current_focus", 0, 0, focus_row, &focus, &cli->err);
    if (rc && !cli->err.msg[0])
        isl_fail(&cli->err, rc, "current_focus: %s", rc == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    if (!rc) rc = page_plots_new(cli, &pp);
    if (!rc) rc = isl_labels_read(cli, &labels);
    if (!rc) rc = put_comparison(cli, &after, &labels, want, nwant);
    if (!rc) rc = put_head(cli, b, &l, want, nwant, lab, focus);
    /* the body in the order of the contents: the lesson in focus, the
     * words, the other lessons */
    for (size_t i = 0; i < l.n && !rc; i++)
        if (focus && !strcmp(l.v[i].code, focus) && wanted(focus, want, nwant))
            rc = put_lesson(cli, b, &labels, &l.v[i], pp, reads);
    if (!rc) page_put_glossary(b);
    for (size_t i = 0; i < l.n && !rc; i++)
        if (wanted(l.v[i].code, want, nwant) && !(focus && !strcmp(l.v[i].code, focus)))
            rc = put_lesson(cli, b, &labels, &l.v[i], pp, reads);
    free(focus);
    for (size_t k = 0; k < sizeof reads / sizeof reads[0]; k++) isl_store_export_close(reads[k]);
    if (!rc) rc = page_plots_end(cli, b, pp, &noted);
    page_plots_free(pp);
    if (!rc) {
        if (after.p) isl_buf_put(b, after.p, after.n);
        page_puts(b, "<section id=\"runs\">\n<h2>Runs</h2>\n");
        page_table runs = {.view = "page_runs", .caption = "The runs behind this page (page_runs)",
                           .empty = "No runs yet.", .stack = 1};
        rc = page_put_table(cli, b, &labels, &runs);
        page_puts(b, "</section>\n");
        if (!rc) rc = page_put_lab(cli, b, lab);
        page_puts(b, "</main>\n</body>\n</html>\n");
    }
    lessons_free(&l), isl_labels_free(&labels), free(after.p);
    if (!rc && (b->oom || after.oom)) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    return rc;
}

/* The one rule for what page -o replaces: nothing at target, an empty file,
 * or a page (it begins as a page does) that is not executable. So isolab
 * itself, its extension, a database or any file but a page is refused.
 * target: the regular file isolab_outfile_open resolved (NULL: none). */
static int check_replaces_page(isl_cli *cli, const char *target, const char *path)
{
    if (!target) return ISL_OK;
    int fd = open(target, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return ISL_OK; /* nothing there yet (or unreadable: the rename decides) */
    struct stat st;
    char head[sizeof PAGE_START - 1];
    ssize_t n = fstat(fd, &st) ? -1 : st.st_size == 0 ? 0 : read(fd, head, sizeof head);
    close(fd);
    if (n < 0 || !S_ISREG(st.st_mode)) return ISL_OK; /* outfile's rules decide */
    if (st.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH))
        return isl_fail(&cli->err, ISL_EINPUT, "%s: is an executable file; isolab page replaces only a page it "
                        "wrote: write the page to another file", path);
    if (st.st_size != 0 && ((size_t)n != sizeof head || memcmp(head, PAGE_START, sizeof head)))
        return isl_fail(&cli->err, ISL_EINPUT, "%s: exists and is not a page (it does not begin with "
                        "<!DOCTYPE html>); isolab page replaces only a page it wrote: write the page to another "
                        "file, or remove this one first", path);
    return ISL_OK;
}

int isl_cmd_page(isl_cli *cli, const isl_args *a)
{
    size_t nwant = 0;
    const char *const *want = isl_opt_all(a, "--lesson", &nwant);
    const char *path = isl_opt(a, "-o");
    /* -o '' was refused by the parser (a path option) */
    int to_file = path && strcmp(path, "-");
    /* the file is opened first (the one way of include/isolab/outfile.h):
     * a target it refuses costs no work */
    isl_outfile o = {cli->out, NULL, NULL, path, -1};
    int rc = to_file ? isl_outfile_open(&o, path, ISL_OUT_THROUGH, cli->db_path, &cli->err) : ISL_OK;
    if (rc) return rc;
    /* a model edited in the shell is read again, stale results are named */
    isl_buf b = {NULL, 0, 0, 0};
    page_lab lab;
    rc = page_lab_open(cli, &lab, isl_opt_flag(a, "--static"));
    if (!rc) rc = page_lab_check_output(cli, &lab, o.target, path); /* never over the engine it reads */
    if (!rc) rc = check_replaces_page(cli, o.target, path);
    if (!rc) rc = isl_current_results(cli);
    /* one snapshot: a run another process ends meanwhile is in every part or none */
    if (!rc && !(rc = isl_store_read_begin(cli->store, &cli->err))) {
        rc = build(cli, &b, want, nwant, &lab);
        isl_store_read_end(cli->store);
    }
    page_lab_free(&lab);
    if (!rc && fwrite(b.p, 1, b.n, o.f) != b.n)
        rc = isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", to_file ? path : "the output", strerror(errno));
    if (!to_file) rc = rc ? rc : isl_check_output(cli, cli->out, "the output");
    else if (rc) isl_outfile_abort(&o);
    else rc = isl_outfile_commit(&o, &cli->err);
    /* one line on stderr for a file (stdout would be the page itself) */
    if (!rc && to_file) isl_print_line(stderr, "isolab page: wrote %s (%zu bytes)", path, b.n);
    free(b.p);
    return rc;
}
