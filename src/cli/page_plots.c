/* isolab page: each lesson's plots, their rows read under that lesson's
 * focus into a scratch directory, drawn as SVG by one gnuplot for the whole
 * page (isl_plots) and put inline, every id (and every reference to one)
 * prefixed with the lesson and the plot, since many SVGs share one
 * document. */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isolab/history.h"
#include "isolab/manage.h"
#include "isolab/outfile.h"
#include "isolab/plot.h"
#include "isolab/util.h"
#include "page.h"
#include "page_table.h"

/* The first word in the n bytes at p, or NULL. */
static const char *find(const char *p, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= n; i++)
        if (!memcmp(p + i, word, w)) return p + i;
    return NULL;
}

/* How many times word stands in the n bytes at p. */
static size_t count(const char *p, size_t n, const char *word)
{
    size_t k = 0;
    for (const char *at = p; (at = find(at, n - (size_t)(at - p), word)) != NULL; at++) k++;
    return k;
}

/* The attributes whose values are numbers (or lists, paths, transforms of
 * numbers) in gnuplot's SVG: there a decimal's trailing zeros say nothing. */
static int numeric(const char *name, size_t n)
{
    static const char *const NUMERIC[] = {"d", "points", "transform", "x", "y", "width", "height", "r", "cx",
                                          "cy", "stroke-width", "font-size", "fill-opacity", "stroke-opacity",
                                          "opacity", "stroke-dasharray", "viewBox"};
    for (size_t k = 0; k < sizeof NUMERIC / sizeof *NUMERIC; k++)
        if (strlen(NUMERIC[k]) == n && !memcmp(NUMERIC[k], name, n)) return 1;
    return 0;
}

/* Where the SVG stands between two pieces (put_tight): inside a tag, inside
 * one of its quoted values (quote), that value numeric, an id or a link;
 * from: where the attribute's name starts in the output; drop: the default
 * stroke-linecap and stroke-linejoin attributes to leave out; prefix: what
 * every id and reference to one begins with. */
typedef struct tight {
    int tag, num, id, href;
    char quote;
    size_t from;
    const char *const *drop, *prefix;
} tight;

/* Whether the name of n bytes at name is word, or ends with ":" word. */
static int named(const char *name, size_t n, const char *word)
{
    size_t w = strlen(word);
    return n >= w && !memcmp(name + n - w, word, w) && (n == w || name[n - w - 1] == ':');
}

/* Appends the n bytes at p, a piece of gnuplot's SVG, with its tags as
 * short as they draw the same: white space between attributes one space
 * (none around '=' nor before the tag's end), none at a value's end, a
 * numeric value's decimals without trailing zeros ("442.00" 442, "0.50"
 * 0.5), and the attributes in t->drop (SVG's defaults) left out; every id,
 * link to one ("#ID") and url(#ID) begun with t->prefix and '-'. Text
 * between tags, and <!...> and <?...?>, as they are. */
static void put_tight(isl_buf *b, const char *p, size_t n, tight *t)
{
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!t->tag) {
            isl_buf_put(b, &c, 1);
            if (c == '<' && i + 1 < n && p[i + 1] != '!' && p[i + 1] != '?') t->tag = 1, t->from = b->n;
        } else if (t->quote) {
            size_t j = i;
            while (j < n && p[j] == ' ') j++;
            if (j > i && j < n && p[j] == t->quote) { /* none at the value's end */
                i = j - 1;
                continue;
            }
            if (c == t->quote) t->quote = 0;
            if (c == 'u' && n - i >= 5 && !memcmp(p + i, "url(#", 5)) {
                isl_buf_put(b, "url(#", 5), page_puts(b, t->prefix), page_puts(b, "-");
                i += 4;
                continue;
            }
            if (t->num && c >= '0' && c <= '9') {
                size_t d = i;
                while (d < n && p[d] >= '0' && p[d] <= '9') d++;
                size_t f = d < n && p[d] == '.' ? d + 1 : d, e = f;
                while (e < n && p[e] >= '0' && p[e] <= '9') e++;
                if (f > d && (e == n || (p[e] != 'e' && p[e] != 'E'))) {
                    size_t z = e;
                    while (z > f && p[z - 1] == '0') z--;
                    isl_buf_put(b, p + i, z > f ? z - i : d - i);
                    i = e - 1;
                    continue;
                }
                isl_buf_put(b, p + i, d - i);
                i = d - 1;
                continue;
            }
            isl_buf_put(b, &c, 1);
        } else if (c == ' ' || c == '\t') {
            size_t j = i;
            for (int more = 1; more;) {
                while (j < n && (p[j] == ' ' || p[j] == '\t')) j++;
                more = 0;
                for (const char *const *d = t->drop; d && *d; d++)
                    if (n - j >= strlen(*d) && !memcmp(p + j, *d, strlen(*d))) j += strlen(*d), more = 1;
            }
            char last = b->n ? b->p[b->n - 1] : '\n';
            if (j < n && !strchr("=>/\n", p[j]) && last != '=' && last != '\n') isl_buf_put(b, " ", 1), t->from = b->n;
            i = j - 1;
        } else {
            if (c == '=' && t->from <= b->n) {
                const char *name = b->p + t->from;
                size_t len = b->n - t->from;
                t->num = numeric(name, len), t->id = named(name, len, "id"), t->href = named(name, len, "href");
            }
            if (c == '>') t->tag = 0;
            isl_buf_put(b, &c, 1);
            if (c == '\'' || c == '"') {
                t->quote = c;
                int link = t->href && i + 1 < n && p[i + 1] == '#';
                if (link) isl_buf_put(b, "#", 1), i++;
                if (t->id || link) page_puts(b, t->prefix), page_puts(b, "-");
            }
            if (c == '\n') t->from = b->n;
        }
    }
}

/* Appends svg without what draws nothing: the indentation of its lines
 * and the empty groups (a line "<g ...>" then "</g>") gnuplot writes; its
 * tags tightened (put_tight), stroke-linecap="butt" and
 * stroke-linejoin="miter" left out where the SVG sets no other (they are
 * SVG's defaults, and gnuplot writes them on every group). */
static void put_compact(isl_buf *b, const char *svg, size_t len, const char *prefix)
{
    static const char *const CAP = "stroke-linecap=", *const JOIN = "stroke-linejoin=";
    static const char *const BUTT = "stroke-linecap=\"butt\"", *const MITER = "stroke-linejoin=\"miter\"";
    const char *drop[3] = {NULL, NULL, NULL};
    size_t k = 0;
    if (count(svg, len, CAP) == count(svg, len, BUTT)) drop[k++] = BUTT;
    if (count(svg, len, JOIN) == count(svg, len, MITER)) drop[k++] = MITER;
    tight t = {0, 0, 0, 0, 0, 0, drop, prefix};
    const char *p = svg, *end = svg + len;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t')) p++;
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t n = e ? (size_t)(e - p) + 1 : (size_t)(end - p);
        const char *next = p + n;
        if (n > 4 && !memcmp(p, "<g ", 3) && p[n - 2] == '>' && (size_t)(end - next) >= 5 && !memcmp(next, "</g>\n", 5)) {
            p = next + 5;
            continue;
        }
        put_tight(b, p, n, &t);
        p = next;
    }
}

/* Appends svg with every group that ends only to open again, the same,
 * after white space ("</g>\n<g A>" inside "<g A>") left open: gnuplot
 * closes and reopens its style group around nearly every line, and the
 * children of two such groups drawn as one are drawn the same. A group
 * with an id, or one composited as a whole (opacity, filter, clip-path,
 * mask), is never merged; below 64 levels of nesting nothing is. */
static void put_merged(isl_buf *b, const char *svg, size_t len)
{
    enum { DEPTH = 64 };
    const char *open[DEPTH];
    size_t olen[DEPTH], depth = 0, from = 0;
    for (size_t i = 0; i < len; i++) {
        if (svg[i] != '<') continue;
        if (i + 2 < len && svg[i + 1] == 'g' && (svg[i + 2] == ' ' || svg[i + 2] == '>')) {
            const char *gt = memchr(svg + i, '>', len - i);
            if (!gt) break;
            size_t n = (size_t)(gt - (svg + i)) + 1;
            if (gt[-1] != '/') {
                if (depth < DEPTH) open[depth] = svg + i, olen[depth] = n;
                depth++;
            }
            i += n - 1;
        } else if (depth && len - i >= 4 && !memcmp(svg + i, "</g>", 4)) {
            size_t j = i + 4;
            while (j < len && (svg[j] == '\n' || svg[j] == ' ' || svg[j] == '\t')) j++;
            const char *o = depth <= DEPTH ? open[depth - 1] : NULL;
            size_t n = o ? olen[depth - 1] : 0;
            int same = o && len - j >= n && !memcmp(svg + j, o, n);
            static const char *const whole[] = {"id=", "opacity", "filter", "clip-path", "mask"};
            for (size_t k = 0; same && k < sizeof whole / sizeof *whole; k++)
                same = !find(o, n, whole[k]);
            if (!same) {
                depth--, i += 3;
                continue;
            }
            isl_buf_put(b, svg + from, i - from);
            isl_buf_put(b, svg + i + 4, j - (i + 4)); /* the white space between stays */
            from = j + n, i = from - 1;
        }
    }
    isl_buf_put(b, svg + from, len - from);
}

/* Whether text holds a reference to the id of n bytes at id: "#ID" then a
 * quote or ')', outside [skip, skip_end). */
static int referenced(const char *text, size_t len, const char *skip, const char *skip_end, const char *id, size_t n)
{
    for (const char *p = text, *end = text + len; (p = memchr(p, '#', (size_t)(end - p))) != NULL; p++) {
        if (p >= skip && p < skip_end) continue;
        if ((size_t)(end - p) > n + 1 && !memcmp(p + 1, id, n) && p[1 + n] && strchr("'\")", p[1 + n]))
            return 1;
    }
    return 0;
}

/* Appends svg without the definitions nothing uses: gnuplot's <defs> holds
 * every point symbol and text box filter of its terminal, each a line (or a
 * <filter ...> to </filter> block) with id='ID', a symbol maybe made from
 * another (xlink:href='#ID'); a plot uses one or two. One that is used, or
 * is used by one that is, stays; anything else in <defs> stays too. */
static void put_used_defs(isl_buf *b, const char *svg, size_t len)
{
    enum { MAX = 64 };
    const char *defs = find(svg, len, "<defs>"), *end = defs ? find(defs, len - (size_t)(defs - svg), "</defs>") : NULL;
    struct { const char *p, *e, *id, *ref; size_t nid, nref; int used; } item[MAX];
    size_t n = 0;
    const char *line = defs && end ? memchr(defs, '\n', (size_t)(end - defs)) : NULL;
    for (const char *p = line ? line + 1 : NULL, *e; p && p < end && n < MAX; p = e) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        e = nl ? nl + 1 : end;
        if (end - p > 8 && !memcmp(p, "<filter ", 8)) {
            const char *f = find(p, (size_t)(end - p), "</filter>\n");
            e = f ? f + 10 : end;
        }
        const char *id = find(p, (size_t)(e - p), " id='"), *ref = find(p, (size_t)(e - p), "href='#");
        if (id) {
            item[n].p = p, item[n].e = e, item[n].id = id + 5;
            item[n].nid = strcspn(item[n].id, "'");
            item[n].ref = ref ? ref + 7 : NULL, item[n].nref = ref ? strcspn(ref + 7, "'") : 0;
            item[n].used = referenced(svg, len, defs, end, item[n].id, item[n].nid);
            n++;
        }
    }
    if (!end || n == MAX) { /* not gnuplot's <defs> as known: all of it */
        isl_buf_put(b, svg, len);
        return;
    }
    for (int more = 1; more;) {
        more = 0;
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; item[i].used && item[i].ref && k < n; k++)
                if (!item[k].used && item[k].nid == item[i].nref && !memcmp(item[k].id, item[i].ref, item[i].nref))
                    item[k].used = more = 1;
    }
    const char *from = svg;
    for (size_t i = 0; i < n; i++)
        if (!item[i].used) isl_buf_put(b, from, (size_t)(item[i].p - from)), from = item[i].e;
    isl_buf_put(b, from, (size_t)(svg + len - from));
}

/* Appends the SVG text, compacted with every id (and reference to one)
 * prefixed with prefix and '-', its unused definitions left out and its
 * repeated groups merged: the one place that rewrites gnuplot's SVG. */
static void put_svg(isl_buf *b, const char *text, size_t size, const char *prefix)
{
    isl_buf t = {NULL, 0, 0, 0}, u = {NULL, 0, 0, 0};
    put_compact(&t, text, size, prefix);
    if (t.p) put_used_defs(&u, t.p, t.n);
    if (u.p) put_merged(b, u.p, u.n);
    b->oom |= t.oom | u.oom;
    free(t.p), free(u.p);
}

/* The page's plots: every lesson's added to one batch of scratch images in
 * one scratch directory (one gnuplot draws them all, page_plots_end), each
 * written into the page where a mark "\001K\001" holds its place (no text
 * of the page holds a control byte). */
struct page_plots {
    isl_plots *ps;
    struct page_plot {
        char *prefix;
        size_t kind;
    } *v;
    size_t n, cap;
    char *dir;
    int slot;
};

int page_plots_new(isl_cli *cli, page_plots **pp)
{
    page_plots *p = calloc(1, sizeof *p);
    if (p && !(p->ps = isl_plots_new("svg", NULL, 1))) free(p), p = NULL;
    if (p) p->slot = -1;
    *pp = p;
    return p ? ISL_OK : isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
}

/* The body of plot k: the SVG inline, or a note: "not run yet: ..." or why
 * (on stderr too, once: *noted). ISL_ENOMEM alone stops. */
static int put_body(isl_cli *cli, isl_buf *b, page_plots *pp, size_t k, int *noted)
{
    struct page_plot *q = &pp->v[k];
    const char *name = isl_plot_kinds[q->kind].name;
    const isl_error *e = NULL;
    const char *image = NULL;
    int prc = isl_plots_status(pp->ps, k, &e, &image, NULL);
    size_t len = 0;
    char *svg = prc ? NULL : isl_read_file(image, &len);
    const char *start = svg ? strstr(svg, "<svg") : NULL;
    int rc = ISL_OK;
    if (start && !strstr(start, "<script")) {
        page_puts(b, "<div class=\"plot\">\n");
        put_svg(b, start, len - (size_t)(start - svg), q->prefix);
        page_puts(b, "</div>\n");
    } else if (prc == ISL_ENOMEM || (!prc && !svg))
        rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    else if (prc) {
        page_puts(b, "<p class=\"note\">");
        /* "...; run HINT first", HINT between ' or " (isl_hint) */
        const char *msg = e->msg, *run = strstr(msg, "; run "), *end = msg + strlen(msg) - 7;
        if (run && (end <= run + 6 || strcmp(end + 1, " first") || *end != run[6] || !strchr("'\"", *end)))
            run = NULL;
        if (prc == ISL_EINPUT && run) {
            page_puts(b, "not run yet: <code>"), isl_buf_html(b, run + 7, (size_t)(end - run - 7));
            page_puts(b, "</code>");
        } else {
            page_puts(b, "The "), page_puts(b, name), page_puts(b, " plot could not be drawn: ");
            page_html(b, e->msg);
        }
        page_puts(b, "</p>\n");
        if (prc != ISL_EINPUT && !*noted) isl_note(cli, "the plots are left out: %s", e->msg);
        *noted |= prc == ISL_ETOOL;
    }
    free(svg);
    return rc;
}

/* One plot of a lesson added to the batch (its rows under the focus in
 * force), its place marked in b. ISL_ENOMEM alone stops. */
static int put_one(isl_cli *cli, isl_buf *b, page_plots *pp, const char *lesson, size_t i)
{
    const isl_plot_kind *p = &isl_plot_kinds[i];
    const char *name = p->name;
    if (pp->n == pp->cap) {
        size_t cap = pp->cap ? 2 * pp->cap : 16;
        struct page_plot *v = realloc(pp->v, cap * sizeof *v);
        if (!v) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
        pp->v = v, pp->cap = cap;
    }
    struct page_plot *q = &pp->v[pp->n];
    isl_buf prefix = {NULL, 0, 0, 0};
    /* the ids of one lesson's plot: the lesson's code as an id, the plot's name */
    page_put_id(&prefix, lesson), page_puts(&prefix, "-"), page_puts(&prefix, name);
    q->prefix = prefix.p, q->kind = i;
    if (prefix.oom) return free(q->prefix), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    pp->n++;
    int prc = isl_plots_add(cli, pp->ps, name, pp->dir);
    if (prc == ISL_ENOMEM) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    page_puts(b, "<figure id=\"plot-"), page_puts(b, q->prefix), page_puts(b, "\">\n");
    isl_buf_printf(b, "\001%zu\001", pp->n - 1);
    char cmd[128];
    page_puts(b, "<figcaption>"), page_html(b, p->caption);
    /* a measurement's plot: the command that measures */
    if (p->optional)
        page_puts(b, " ("), page_html(b, isl_kind_command(p->kind, NULL, cmd, sizeof cmd)), page_puts(b, ")");
    page_puts(b, ".</figcaption>\n</figure>\n");
    return ISL_OK;
}
/* A scratch directory under $TMPDIR (else /tmp) into *dir (free it),
 * registered in *slot to be removed if a signal ends isolab. */
static int make_scratch(isl_cli *cli, char **dir, int *slot)
{
    const char *tmpdir = getenv("TMPDIR");
    if (!tmpdir || !*tmpdir) tmpdir = "/tmp";
    size_t n = strlen(tmpdir) + 32;
    char *d = malloc(n);
    if (!d) return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    snprintf(d, n, "%s/isolab-page-XXXXXX", tmpdir);
    if (!mkdtemp(d)) {
        free(d);
        return isl_fail(&cli->err, ISL_EOUTPUT, "cannot create a scratch directory in %s: %s", tmpdir, strerror(errno));
    }
    if ((*slot = isl_temp_register(d, 1)) < 0) {
        rmdir(d);
        free(d);
        return isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    }
    *dir = d;
    return ISL_OK;
}

int page_put_plots(isl_cli *cli, isl_buf *b, page_plots *pp, const char *lesson)
{
    if (isl_store_focus(cli->store, lesson, NULL, NULL, &cli->err)) {
        if (cli->err.status != ISL_EINPUT) return cli->err.status;
        isl_error_clear(&cli->err);
        page_puts(b, "<p class=\"note\">No plots: the lesson has no focus (lesson_focus) to draw them for.</p>\n");
        return ISL_OK;
    }
    int shown[ISL_PLOTS_MAX];
    int rc = pp->dir ? ISL_OK : make_scratch(cli, &pp->dir, &pp->slot);
    if (!rc) rc = isl_lesson_plots(cli, lesson, shown);
    for (size_t i = 0; isl_plot_kinds[i].name && !rc; i++)
        if (shown[i]) rc = put_one(cli, b, pp, lesson, i);
    return rc;
}

int page_plots_end(isl_cli *cli, isl_buf *b, page_plots *pp, int *noted)
{
    int rc = pp->n ? isl_plots_draw(cli, pp->ps) : ISL_OK;
    isl_buf out = {NULL, 0, 0, 0};
    size_t from = 0;
    if (!rc && b->oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory"); /* the page so far is lost */
    for (size_t i = 0; !rc && i < b->n; i++) {
        if (b->p[i] != '\001') continue;
        char *end;
        unsigned long k = strtoul(b->p + i + 1, &end, 10);
        assert(*end == '\001' && k < pp->n);
        isl_buf_put(&out, b->p + from, i - from);
        rc = put_body(cli, &out, pp, k, noted);
        i = (size_t)(end - b->p), from = i + 1;
    }
    if (!rc) isl_buf_put(&out, b->p + from, b->n - from);
    if (!rc && out.oom) rc = isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    if (!rc) free(b->p), *b = out;
    else free(out.p);
    return rc;
}

void page_plots_free(page_plots *pp)
{
    if (!pp) return;
    isl_plots_free(pp->ps); /* its scratch files first: they are in the directory */
    for (size_t i = 0; i < pp->n; i++) free(pp->v[i].prefix);
    if (pp->dir) rmdir(pp->dir), isl_temp_forget(pp->slot), free(pp->dir);
    free(pp->v), free(pp);
}
