/* isolab page: the results as one self-contained HTML file a course can
 * publish: per lesson its tables and claims, the comparison across lessons,
 * the plots as inline SVG and the runs they all come from. No script, no
 * network: plain semantic HTML with a small stylesheet for screens of every
 * width and for print. Every value from the database is escaped. The rows
 * come from the saved queries page_lessons, lesson_report, page_claims,
 * channel_comparison and page_runs, read through the store. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "isolab/cli.h"
#include "isolab/export.h"
#include "isolab/textout.h"

static const char STYLE[] =
    ":root{color-scheme:light}"
    "body{font:16px/1.45 system-ui,sans-serif;color:#111;background:#fff;max-width:72rem;margin:0 auto;"
    "padding:0 1rem 3rem}"
    "h1{font-size:1.6rem;margin:1.2rem 0 .3rem}h2{font-size:1.3rem;margin-top:2.2rem;border-bottom:1px solid #999}"
    "h3{font-size:1.05rem;margin:1.4rem 0 .4rem}"
    "nav ul{padding-left:1.2rem;margin:.3rem 0}"
    ".scroll{overflow-x:auto}"
    "table{border-collapse:collapse;margin:.4rem 0 1rem;font-size:.9rem}"
    "caption{text-align:left;font-style:italic;padding:.2rem 0}"
    "th,td{border:1px solid #bbb;padding:.2rem .45rem;vertical-align:top;text-align:left}"
    "th{background:#eee}td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "td.pass{color:#174}td.FAIL{color:#a00;font-weight:bold}td.pending,td.stale{color:#555;font-style:italic}"
    "pre{overflow-x:auto;background:#f6f6f6;border:1px solid #ddd;padding:.5rem;font-size:.85rem;line-height:1.3}"
    "figure{margin:1rem 0 2rem}svg{width:100%;height:auto;border:1px solid #ddd}"
    "figcaption{font-size:.9rem;color:#333}.note{color:#555;font-style:italic}"
    "@media (max-width:40rem){table.stack thead{display:none}table.stack tr{display:block;border:1px solid #bbb;"
    "margin-bottom:.5rem}table.stack td{display:block;border:none;text-align:left}"
    "table.stack td::before{content:attr(data-label) \": \";font-weight:bold;font-style:normal;color:#111}}"
    "@media print{body{max-width:none;font-size:11pt}.scroll,pre{overflow:visible;white-space:pre-wrap}"
    "figure,table,pre{break-inside:avoid}nav{display:none}a{color:inherit;text-decoration:none}}";

/* The plots the page draws, with their captions. */
static const char *const PLOTS[][2] = {
    {"channels", "Each channel's cost against the facts it returns, across lessons."},
    {"axes", "The share of each axis's facts visible without and with the channel, per bundle."},
    {"frontier", "The power-set sweep: the open surface of every bundle against its size."},
    {"samples", "The sample count sweep: the output grows, the returned facts stay flat."},
};

static void puts_b(isl_buf *b, const char *s) { isl_buf_put(b, s, strlen(s)); }
static void html_b(isl_buf *b, const char *s) { isl_buf_html(b, s, strlen(s)); }

/* A table of a saved query's rows, or the lines of its `line` column as
 * preformatted text. Rows whose `lesson` column differs from lesson are
 * left out (when lesson is set); columns named in hide are not shown. */
typedef struct table {
    isl_buf *b;
    const char *lesson;       /* only this lesson's rows, or NULL */
    const char *const *hide;  /* column names not shown, NULL-terminated */
    const char *const *keep;  /* lessons a cross-lesson table keeps, or NULL */
    size_t nkeep;
    int lines;                /* 1: only the `line` column, as text lines */
    long lesson_col, line_col, outcome_col;
    int *show;
    size_t rows;
} table;

static int named(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (!strcmp(*list, name)) return 1;
    return 0;
}

static isl_status table_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    table *t = ctx;
    if (!row) {
        t->lesson_col = t->line_col = t->outcome_col = -1;
        t->show = calloc(ncols ? ncols : 1, sizeof *t->show);
        if (!t->show) return ISL_ENOMEM;
        for (size_t i = 0; i < ncols; i++) {
            if (!strcmp(names[i], "lesson")) t->lesson_col = (long)i;
            if (!strcmp(names[i], "line")) t->line_col = (long)i;
            if (!strcmp(names[i], "outcome")) t->outcome_col = (long)i;
            t->show[i] = !named(t->hide, names[i]);
        }
        if (t->lines) return ISL_OK;
        puts_b(t->b, "<thead><tr>");
        for (size_t i = 0; i < ncols; i++)
            if (t->show[i]) puts_b(t->b, "<th scope=\"col\">"), html_b(t->b, names[i]), puts_b(t->b, "</th>");
        puts_b(t->b, "</tr></thead>\n<tbody>\n");
        return ISL_OK;
    }
    if (t->lesson_col >= 0) {
        const isl_cell *l = &row[t->lesson_col];
        if (t->lesson && (!l->text || strcmp(l->text, t->lesson))) return ISL_OK;
        int kept = !t->keep;
        for (size_t k = 0; k < t->nkeep && !kept; k++) kept = l->text && !strcmp(l->text, t->keep[k]);
        if (!kept) return ISL_OK;
    }
    t->rows++;
    if (t->lines) {
        const isl_cell *c = &row[t->line_col];
        if (c->text) isl_buf_html(t->b, c->text, c->len);
        puts_b(t->b, "\n");
        return ISL_OK;
    }
    puts_b(t->b, "<tr>");
    for (size_t i = 0; i < ncols; i++) {
        if (!t->show[i]) continue;
        const isl_cell *c = &row[i];
        const char *cls = c->type == 1 || c->type == 2 ? "num" : "";
        if ((long)i == t->outcome_col && c->text &&
            (!strcmp(c->text, "pass") || !strcmp(c->text, "FAIL") || !strcmp(c->text, "pending") ||
             !strcmp(c->text, "stale")))
            cls = c->text;
        puts_b(t->b, "<td class=\""), puts_b(t->b, cls), puts_b(t->b, "\" data-label=\"");
        html_b(t->b, names[i]), puts_b(t->b, "\">");
        if (c->text) isl_buf_html(t->b, c->text, c->len);
        puts_b(t->b, "</td>");
    }
    puts_b(t->b, "</tr>\n");
    return ISL_OK;
}

/* Appends the rows of view as a table (or text lines) with caption, or
 * `empty` as a note when no row is left. Returns an exit status. */
static int put_table(isl_cli *cli, isl_buf *b, const char *view, table t, const char *caption, const char *empty)
{
    isl_buf body = {NULL, 0, 0, 0};
    t.b = &body;
    isl_status st = isl_store_export(cli->store, view, 0, 0, table_row, &t, &cli->err);
    free(t.show);
    if (st) {
        free(body.p);
        if (!cli->err.msg[0]) isl_fail(&cli->err, st, "%s: %s", view, st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
        return st;
    }
    if (t.rows == 0) {
        puts_b(b, "<p class=\"note\">"), html_b(b, empty), puts_b(b, "</p>\n");
    } else if (t.lines) {
        puts_b(b, "<pre class=\"report\" data-view=\""), html_b(b, view), puts_b(b, "\">");
        if (body.p) isl_buf_put(b, body.p, body.n);
        puts_b(b, "</pre>\n");
    } else {
        puts_b(b, "<div class=\"scroll\"><table class=\"stack\" data-view=\""), html_b(b, view);
        puts_b(b, "\">\n<caption>");
        html_b(b, caption);
        puts_b(b, "</caption>\n");
        if (body.p) isl_buf_put(b, body.p, body.n);
        puts_b(b, "</tbody>\n</table></div>\n");
    }
    int oom = body.oom;
    free(body.p);
    return oom ? isl_fail(&cli->err, ISL_ENOMEM, "out of memory") : ISL_OK;
}

/* The lessons of the database (page_lessons): code, title, channels. */
typedef struct lessons {
    char **code, **title, **channels;
    size_t n, cap;
} lessons;

static char *dup_cell(const isl_cell *c) { return strdup(c->text ? c->text : ""); }

static isl_status lesson_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    lessons *l = ctx;
    if (!row) return ncols >= 4 && !strcmp(names[0], "lesson") ? ISL_OK : ISL_EINTERNAL;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 8;
        char **a = realloc(l->code, cap * sizeof *a);
        if (a) l->code = a;
        char **b = a ? realloc(l->title, cap * sizeof *b) : NULL;
        if (b) l->title = b;
        char **c = b ? realloc(l->channels, cap * sizeof *c) : NULL;
        if (!c) return ISL_ENOMEM;
        l->channels = c;
        l->cap = cap;
    }
    l->code[l->n] = dup_cell(&row[0]);
    l->title[l->n] = dup_cell(&row[1]);
    l->channels[l->n] = dup_cell(&row[3]);
    l->n++;
    return l->code[l->n - 1] && l->title[l->n - 1] && l->channels[l->n - 1] ? ISL_OK : ISL_ENOMEM;
}

static void lessons_free(lessons *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->code[i]), free(l->title[i]), free(l->channels[i]);
    free(l->code), free(l->title), free(l->channels);
}

/* An id for a lesson's section: "lesson-" and its code with every byte
 * other than a letter or digit as '-'. */
static void put_anchor(isl_buf *b, const char *code)
{
    puts_b(b, "lesson-");
    for (const char *c = code; *c; c++) {
        char ch = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ? *c : '-';
        isl_buf_put(b, &ch, 1);
    }
}

/* Appends text with every occurrence of from replaced by to. */
static void put_replaced(isl_buf *b, const char *text, size_t len, const char *const (*pairs)[2], size_t npairs)
{
    size_t i = 0, from = 0;
    while (i < len) {
        size_t k = 0;
        for (; k < npairs; k++) {
            size_t n = strlen(pairs[k][0]);
            if (n <= len - i && !memcmp(text + i, pairs[k][0], n)) break;
        }
        if (k == npairs) {
            i++;
            continue;
        }
        isl_buf_put(b, text + from, i - from);
        puts_b(b, pairs[k][1]);
        i += strlen(pairs[k][0]);
        from = i;
    }
    isl_buf_put(b, text + from, len - from);
}

/* Reads a whole file into a NUL-terminated string (NULL on failure). */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    isl_buf b = {NULL, 0, 0, 0};
    char chunk[8192];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) isl_buf_put(&b, chunk, n);
    int bad = ferror(f) || b.oom;
    fclose(f);
    if (bad) return free(b.p), NULL;
    *len = b.n;
    return b.p;
}

/* The plots: each drawn as SVG by 'isolab plot' into a scratch directory,
 * then put inline with every id, and every reference to one, prefixed by
 * the plot's name (four SVGs share one document). A plot that cannot be
 * drawn leaves a note in the page and on stderr. */
static int put_plots(isl_cli *cli, isl_buf *b)
{
    char dir[] = "/tmp/isolab-page-XXXXXX";
    const char *tmpdir = getenv("TMPDIR");
    char *dirp = NULL;
    if (tmpdir && *tmpdir) {
        size_t n = strlen(tmpdir) + 32;
        if ((dirp = malloc(n))) snprintf(dirp, n, "%s/isolab-page-XXXXXX", tmpdir);
    }
    char *d = mkdtemp(dirp ? dirp : dir);
    if (!d) {
        int rc = isl_fail(&cli->err, ISL_EOUTPUT, "cannot create a scratch directory: %s", strerror(errno));
        free(dirp);
        return rc;
    }
    int rc = ISL_OK;
    for (size_t i = 0; i < sizeof PLOTS / sizeof PLOTS[0] && rc != ISL_ENOMEM; i++) {
        const char *name = PLOTS[i][0];
        puts_b(b, "<figure id=\"plot-"), puts_b(b, name), puts_b(b, "\">\n");
        int prc = isl_plot_svg(cli, name, d);
        size_t n = strlen(d) + strlen(name) + 8, len = 0;
        char *path = malloc(n), *svg = NULL;
        if (path) snprintf(path, n, "%s/%s.svg", d, name);
        if (!prc && path) svg = read_file(path, &len);
        const char *start = svg ? strstr(svg, "<svg") : NULL;
        if (start && !strstr(start, "<script")) {
            char id1[48], id2[48], id3[48], id4[48], id5[48];
            snprintf(id1, sizeof id1, "id='%s-", name);
            snprintf(id2, sizeof id2, "id=\"%s-", name);
            snprintf(id3, sizeof id3, "href='#%s-", name);
            snprintf(id4, sizeof id4, "href=\"#%s-", name);
            snprintf(id5, sizeof id5, "url(#%s-", name);
            const char *const pairs[][2] = {
                {"id='", id1}, {"id=\"", id2}, {"href='#", id3}, {"href=\"#", id4}, {"url(#", id5}};
            put_replaced(b, start, len - (size_t)(start - svg), pairs, 5);
        } else {
            if (prc == ISL_ENOMEM || (!prc && !svg)) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
            if (prc && prc != ISL_ENOMEM) {
                isl_note(cli, "the %s plot is left out: %s", name, cli->err.msg);
                isl_error_clear(&cli->err);
            }
            puts_b(b, "<p class=\"note\">The ");
            puts_b(b, name);
            puts_b(b, " plot could not be drawn (see 'isolab plot ");
            puts_b(b, name);
            puts_b(b, "').</p>\n");
        }
        puts_b(b, "<figcaption>"), html_b(b, PLOTS[i][1]), puts_b(b, "</figcaption>\n</figure>\n");
        if (path) {
            unlink(path);
            snprintf(path, n, "%s/%s.csv", d, name);
            unlink(path);
        }
        free(path), free(svg);
    }
    rmdir(d);
    free(dirp);
    return rc;
}

/* The whole page into b. */
/* 1 when lesson code is to be shown: every lesson when none is named. */
static int wanted(const char *code, const char *const *want, size_t nwant)
{
    int shown = !nwant;
    for (size_t k = 0; k < nwant; k++) shown |= !strcmp(code, want[k]);
    return shown;
}

/* Reads the lessons (page_lessons) into l and checks that every lesson
 * named is one of them. Returns an exit status. */
static int read_lessons(isl_cli *cli, lessons *l, const char *const *want, size_t nwant)
{
    isl_status st = isl_store_export(cli->store, "page_lessons", 0, 0, lesson_row, l, &cli->err);
    if (st && !cli->err.msg[0])
        isl_fail(&cli->err, st, "page_lessons: %s", st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    if (st) return st;
    for (size_t k = 0; k < nwant; k++) {
        size_t i = 0;
        while (i < l->n && strcmp(l->code[i], want[k])) i++;
        if (i == l->n) return isl_fail(&cli->err, ISL_EINPUT, "%s has no lesson '%s'", cli->db_path, want[k]);
    }
    return ISL_OK;
}

/* The page's head, title and the list of its sections. */
static void put_head(isl_cli *cli, isl_buf *b, const lessons *l, const char *const *want, size_t nwant)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime_r(&now, &tm));
    puts_b(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>isolab results: ");
    html_b(b, cli->db_path);
    puts_b(b, "</title>\n<style>");
    puts_b(b, STYLE);
    puts_b(b, "</style>\n</head>\n<body>\n<header>\n<h1>Kernel Interfaces and Isolation: results</h1>\n<p>From ");
    puts_b(b, "<code>"), html_b(b, cli->db_path), puts_b(b, "</code>, written ");
    html_b(b, when);
    puts_b(b, " by isolab page. The runs the results come from are listed <a href=\"#runs\">at the end</a>.</p>\n"
              "<nav><ul>\n");
    for (size_t i = 0; i < l->n; i++) {
        if (!wanted(l->code[i], want, nwant)) continue;
        puts_b(b, "<li><a href=\"#"), put_anchor(b, l->code[i]), puts_b(b, "\">");
        html_b(b, l->code[i]), puts_b(b, " "), html_b(b, l->title[i]), puts_b(b, "</a></li>\n");
    }
    puts_b(b, "<li><a href=\"#comparison\">Comparison across lessons</a></li>\n"
              "<li><a href=\"#plots\">Plots</a></li>\n<li><a href=\"#runs\">Runs</a></li>\n</ul></nav>\n</header>\n<main>\n");
}

/* One lesson's section: its tables and its claims. */
static int put_lesson(isl_cli *cli, isl_buf *b, const lessons *l, size_t i)
{
    static const char *const hide_lesson[] = {"lesson", "n", "run_id", NULL};
    puts_b(b, "<section id=\""), put_anchor(b, l->code[i]), puts_b(b, "\">\n<h2>");
    html_b(b, l->code[i]), puts_b(b, " "), html_b(b, l->title[i]), puts_b(b, "</h2>\n<p>Channel: ");
    html_b(b, *l->channels[i] ? l->channels[i] : "none yet"), puts_b(b, "</p>\n<h3>Tables</h3>\n");
    table lines = {.lesson = l->code[i], .hide = hide_lesson, .lines = 1};
    int rc = put_table(cli, b, "lesson_report", lines, "",
                       "No tables for this lesson yet: it has no focus, or its focus has no current results ('isolab lesson CODE').");
    puts_b(b, "<h3>Claims</h3>\n");
    isl_buf cap = {NULL, 0, 0, 0};
    puts_b(&cap, "The claims of "), puts_b(&cap, l->code[i]), puts_b(&cap, " as the latest check found them");
    table claims = {.lesson = l->code[i], .hide = hide_lesson};
    if (!rc)
        rc = put_table(cli, b, "page_claims", claims, cap.p ? cap.p : "",
                       "No claims checked for this lesson (it states none, or 'isolab check' has not run).");
    free(cap.p);
    puts_b(b, "</section>\n");
    return rc;
}

static int build(isl_cli *cli, isl_buf *b, const char *const *want, size_t nwant)
{
    lessons l = {NULL, NULL, NULL, 0, 0};
    int rc = read_lessons(cli, &l, want, nwant);
    if (!rc) put_head(cli, b, &l, want, nwant);
    for (size_t i = 0; i < l.n && !rc; i++)
        if (wanted(l.code[i], want, nwant)) rc = put_lesson(cli, b, &l, i);
    static const char *const hide_none[] = {NULL};
    if (!rc) {
        puts_b(b, "<section id=\"comparison\">\n<h2>Comparison across lessons</h2>\n");
        table cmp = {.hide = hide_none, .keep = nwant ? want : NULL, .nkeep = nwant};
        rc = put_table(cli, b, "channel_comparison", cmp, "Every channel under one bundle (channel_comparison)",
                       "No channel has results yet: run 'isolab run'.");
        puts_b(b, "</section>\n<section id=\"plots\">\n<h2>Plots</h2>\n");
    }
    if (!rc) rc = put_plots(cli, b);
    if (!rc) {
        puts_b(b, "</section>\n<section id=\"runs\">\n<h2>Runs</h2>\n");
        table runs = {.hide = hide_none};
        rc = put_table(cli, b, "page_runs", runs, "The runs behind this page (page_runs)", "No runs yet.");
        puts_b(b, "</section>\n</main>\n</body>\n</html>\n");
    }
    lessons_free(&l);
    if (!rc && b->oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    return rc;
}

/* Writes b to path (through a temporary file renamed into place), or to
 * cli->out when path is NULL or "-". Returns an exit status. */
static int write_out(isl_cli *cli, const isl_buf *b, const char *path)
{
    if (!path || !strcmp(path, "-")) {
        if (fwrite(b->p, 1, b->n, cli->out) != b->n) return isl_fail(&cli->err, ISL_EOUTPUT, "cannot write the output");
        return isl_check_output(cli, cli->out, "the output");
    }
    size_t n = strlen(path) + 32;
    char *tmp = malloc(n);
    if (!tmp) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(b->p, 1, b->n, f) == b->n;
    if (f && fclose(f) != 0) ok = 0;
    if (ok && rename(tmp, path) != 0) ok = 0;
    int rc = ok ? ISL_OK : isl_fail(&cli->err, ISL_EOUTPUT, "%s: cannot write: %s", path, strerror(errno));
    if (!ok) unlink(tmp);
    free(tmp);
    return rc;
}

int isl_cmd_page(isl_cli *cli, const isl_args *a)
{
    size_t nwant = 0;
    const char *const *want = isl_opt_all(a, "--lesson", &nwant);
    const char *path = isl_opt(a, "-o");
    isl_buf b = {NULL, 0, 0, 0};
    int rc = build(cli, &b, want, nwant);
    if (!rc) rc = write_out(cli, &b, path);
    free(b.p);
    return rc;
}
