/* isolab page: a lesson's "The kernel beside the model" (page_lesson_observed):
 * for each machine probed, the lesson's bundles as a matrix, facts down,
 * and for each bundle the model's value beside the kernel's in model order
 * and in kernel order; every cell where the kernel differs marked and
 * numbered, and below it why: the deciding sources and the explanation
 * (probe_explanation). Without a probe, how to run one. */
#include <stdlib.h>
#include <string.h>

#include "isolab/escape.h"
#include "isolab/export.h"
#include "isolab/util.h"
#include "page.h"
#include "page_table.h"

/* The columns of page_lesson_observed, in its order. */
enum { C_LESSON, C_MACHINE, C_KERNEL, C_BUNDLE, C_FACT, C_MODEL, C_MODEL_ORDER, C_KERNEL_ORDER, C_VIA, C_WHY, NCOLS };
static const char *const COLS[NCOLS] = {"lesson",       "machine",      "kernel_release", "bundle", "fact",
                                        "model",        "model_order", "kernel_order",   "via",    "explanation"};

typedef struct row {
    char *c[NCOLS]; /* NULL for SQL NULL */
} row;

typedef struct rows {
    row *v;
    size_t n, cap;
} rows;

static void rows_free(rows *r)
{
    for (size_t i = 0; i < r->n; i++)
        for (int k = 0; k < NCOLS; k++) free(r->v[i].c[k]);
    free(r->v);
}

static isl_status observed_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *cells)
{
    rows *r = ctx;
    if (!cells) {
        if (ncols != NCOLS) return ISL_EINTERNAL;
        for (int k = 0; k < NCOLS; k++)
            if (strcmp(names[k], COLS[k])) return ISL_EINTERNAL;
        return ISL_OK;
    }
    row *x = isl_grow(&r->v, &r->cap, r->n, sizeof *x);
    if (!x) return ISL_ENOMEM;
    r->n++;
    for (int k = 0; k < NCOLS; k++)
        if (cells[k].text && !(x->c[k] = strdup(cells[k].text))) return ISL_ENOMEM;
    return ISL_OK;
}

/* A value of the database as text on the page: escaped as isolab escapes
 * what it prints (controls and bidirectional controls made visible: a
 * label from another's database cannot reorder the page), then as HTML. */
static void put_text(isl_buf *b, const char *s)
{
    char *e = isl_escape_dup(s);
    if (!e) {
        b->oom = 1;
        return;
    }
    page_html(b, e);
    free(e);
}

/* The lesson's bundles as its tables show them (page_lesson_bundles), in
 * their order. */
typedef struct bundles {
    char **v;
    size_t n, cap;
    size_t col; /* the bundle column's index */
} bundles;

static isl_status bundle_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *cells)
{
    bundles *l = ctx;
    if (!cells) {
        for (l->col = 0; l->col < ncols && strcmp(names[l->col], "bundle"); l->col++) {}
        return l->col < ncols ? ISL_OK : ISL_EINTERNAL;
    }
    if (!cells[l->col].text) return ISL_OK;
    char **x = isl_grow(&l->v, &l->cap, l->n, sizeof *x);
    if (!x || !(*x = strdup(cells[l->col].text))) return ISL_ENOMEM;
    l->n++;
    return ISL_OK;
}

static void bundles_free(bundles *l)
{
    for (size_t i = 0; i < l->n; i++) free(l->v[i]);
    free(l->v);
}

/* 1 when a and b are both NULL or equal. */
static int same(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* The distinct values of column col among r[from..to), in order, as indexes of their first row. */
static size_t distinct(const rows *r, size_t from, size_t to, int col, size_t *out)
{
    size_t n = 0;
    for (size_t i = from; i < to; i++) {
        size_t k = 0;
        while (k < n && !same(r->v[out[k]].c[col], r->v[i].c[col])) k++;
        if (k == n) out[n++] = i;
    }
    return n;
}

/* The row of bundle b and fact f among r[from..to), or NULL. */
static const row *cell(const rows *r, size_t from, size_t to, const char *b, const char *f)
{
    for (size_t i = from; i < to; i++)
        if (same(r->v[i].c[C_BUNDLE], b) && same(r->v[i].c[C_FACT], f)) return &r->v[i];
    return NULL;
}

/* 1 when the kernel's value v (NULL: not probed) differs from the model's m. */
static int differs(const char *v, const char *m)
{
    return v && m && strcmp(v, "unmeasured") && strcmp(v, m);
}

/* A note: one difference as the page explains it, shared by every cell
 * with the same fact, model value, kernel value, sources and explanation. */
typedef struct note {
    const row *x;    /* its first cell's row */
    const char *got; /* the kernel's value there */
} note;

/* 1 when the kernel's value got of row x makes the difference n. */
static int same_note(const note *n, const row *x, const char *got)
{
    return same(n->x->c[C_FACT], x->c[C_FACT]) && same(n->x->c[C_MODEL], x->c[C_MODEL]) && same(n->got, got)
           && same(n->x->c[C_VIA], x->c[C_VIA]) && same(n->x->c[C_WHY], x->c[C_WHY]);
}

/* The number (from 1) of the note of row x's kernel value got, added to
 * notes[0..*n) when new (notes has room for every cell). */
static size_t note_of(note *notes, size_t *n, const row *x, const char *got)
{
    size_t k = 0;
    while (k < *n && !same_note(&notes[k], x, got)) k++;
    if (k == *n) notes[(*n)++] = (note){x, got};
    return k + 1;
}

/* One kernel cell: the word, its status colour, and when it differs from
 * the model's a mark with the number of its note. */
static void put_value(isl_buf *b, const row *x, const char *v, const char *id, note *notes, size_t *nnotes)
{
    const char *model = x ? x->c[C_MODEL] : NULL;
    int d = differs(v, model);
    page_puts(b, "<td class=\"nw");
    if (v) page_puts(b, " "), page_put_status(b, v, strlen(v));
    if (d) page_puts(b, " differs");
    page_puts(b, "\">");
    put_text(b, v ? v : "");
    if (d) {
        size_t k = note_of(notes, nnotes, x, v);
        isl_buf_printf(b, " <sup><a href=\"#%s-%zu\">%zu</a></sup>", id, k, k);
    }
    page_puts(b, "</td>");
}

/* The matrix and the notes of one machine: rows r[from..to); idx and
 * notes have room for every row. */
static void put_machine(isl_cli *cli, isl_buf *b, const rows *r, size_t from, size_t to, const char *lesson,
                        size_t nth, const bundles *all, size_t *idx, note *notes)
{
    const row *first = &r->v[from];
    isl_buf id = {NULL, 0, 0, 0};
    /* the lesson's code and the machine's place: two labels alike but for
     * their punctuation stay apart */
    page_puts(&id, "kernel-"), page_put_id(&id, lesson), isl_buf_printf(&id, "-%zu", nth);
    const char *ids = id.p ? id.p : "kernel";
    size_t nb = distinct(r, from, to, C_BUNDLE, idx);
    size_t *facts = idx + nb;
    size_t nf = distinct(r, from, to, C_FACT, facts);
    page_puts(b, "<p class=\"cap\">"), put_text(b, first->c[C_MACHINE] ? first->c[C_MACHINE] : "");
    page_puts(b, ", Linux "), put_text(b, first->c[C_KERNEL] ? first->c[C_KERNEL] : "");
    page_puts(b, ": each bundle as the model computes it and as the kernel showed it, built in model order and in "
                 "kernel order (observed_vs_model)</p>\n");
    page_puts(b, "<div class=\"scroll\"><table class=\"kernel\">\n<thead><tr><th rowspan=\"2\">fact</th>");
    for (size_t k = 0; k < nb; k++)
        page_puts(b, "<th colspan=\"3\" class=\"group\">"), put_text(b, r->v[idx[k]].c[C_BUNDLE]), page_puts(b, "</th>");
    page_puts(b, "</tr>\n<tr>");
    for (size_t k = 0; k < nb; k++)
        page_puts(b, "<th class=\"group\">model</th><th>kernel, model order</th><th>kernel, kernel order</th>");
    page_puts(b, "</tr></thead>\n<tbody>\n");
    size_t nnotes = 0;
    for (size_t f = 0; f < nf; f++) {
        const char *fact = r->v[facts[f]].c[C_FACT];
        page_puts(b, "<tr><td class=\"nw\">"), put_text(b, fact), page_puts(b, "</td>");
        for (size_t k = 0; k < nb; k++) {
            const row *x = cell(r, from, to, r->v[idx[k]].c[C_BUNDLE], fact);
            const char *model = x ? x->c[C_MODEL] : NULL;
            page_puts(b, "<td class=\"nw group");
            if (model) page_puts(b, " "), page_put_status(b, model, strlen(model));
            page_puts(b, "\">"), put_text(b, model ? model : ""), page_puts(b, "</td>");
            put_value(b, x, x ? x->c[C_MODEL_ORDER] : NULL, ids, notes, &nnotes);
            put_value(b, x, x ? x->c[C_KERNEL_ORDER] : NULL, ids, notes, &nnotes);
        }
        page_puts(b, "</tr>\n");
    }
    page_puts(b, "</tbody></table></div>\n");
    if (!nnotes) page_puts(b, "<p>On this kernel every measured cell agrees with the model.</p>\n");
    else page_puts(b, "<ol class=\"differs\">\n");
    /* each note once, with every cell that makes it: "common (model order), strict (both orders)" */
    for (size_t k = 0; k < nnotes; k++) {
        const note *n = &notes[k];
        isl_buf_printf(b, "<li id=\"%s-%zu\"><strong>", ids, k + 1);
        put_text(b, n->x->c[C_FACT]), page_puts(b, "</strong> in ");
        size_t shown = 0;
        for (size_t j = 0; j < nb; j++) {
            const row *x = cell(r, from, to, r->v[idx[j]].c[C_BUNDLE], n->x->c[C_FACT]);
            int mo = x && differs(x->c[C_MODEL_ORDER], x->c[C_MODEL]) && same_note(n, x, x->c[C_MODEL_ORDER]);
            int ko = x && differs(x->c[C_KERNEL_ORDER], x->c[C_MODEL]) && same_note(n, x, x->c[C_KERNEL_ORDER]);
            if (!mo && !ko) continue;
            page_puts(b, shown++ ? ", " : ""), put_text(b, x->c[C_BUNDLE]);
            page_puts(b, mo && ko ? " (both orders)" : mo ? " (model order)" : " (kernel order)");
        }
        page_puts(b, ": the model says "), put_text(b, n->x->c[C_MODEL]);
        page_puts(b, ", the kernel showed it "), put_text(b, n->got);
        if (n->x->c[C_VIA] && *n->x->c[C_VIA])
            page_puts(b, " (via <code>"), put_text(b, n->x->c[C_VIA]), page_puts(b, "</code>)");
        page_puts(b, ". ");
        put_text(b, n->x->c[C_WHY] ? n->x->c[C_WHY] : "No explanation is on record for this difference (probe_explanation).");
        page_puts(b, "</li>\n");
    }
    if (nnotes) page_puts(b, "</ol>\n");
    /* the lesson's bundles this machine has no current probe of: said, with the command */
    const char **words = malloc((2 * all->n + 1) * sizeof *words);
    int nw = 0;
    if (!words) b->oom = 1;
    for (size_t k = 0; words && k < all->n; k++) {
        size_t j = 0;
        while (j < nb && !same(r->v[idx[j]].c[C_BUNDLE], all->v[k])) j++;
        if (j == nb) words[nw++] = "--bundle", words[nw++] = all->v[k];
    }
    if (nw) {
        isl_buf cmd = {NULL, 0, 0, 0};
        isl_put_command_words(cli, &cmd, isl_kinds[ISL_KIND_PROBE].command, nw, words);
        page_puts(b, "<p class=\"note\">Not probed on "), put_text(b, first->c[C_MACHINE] ? first->c[C_MACHINE] : "");
        page_puts(b, " for the model as it is now: ");
        for (int k = 1; k < nw; k += 2) page_puts(b, k > 1 ? ", " : ""), put_text(b, words[k]);
        page_puts(b, ". Run "), put_text(b, cmd.p ? cmd.p : ""), page_puts(b, " on that machine.</p>\n");
        b->oom |= cmd.oom;
        free(cmd.p);
    }
    free(words);
    b->oom |= id.oom;
    free(id.p);
}

int page_put_observed(isl_cli *cli, isl_buf *b, const char *lesson)
{
    rows r = {NULL, 0, 0};
    isl_status st = isl_store_export_lesson(cli->store, "page_lesson_observed", lesson, observed_row, &r, &cli->err);
    if (st && !cli->err.msg[0])
        isl_fail(&cli->err, st, "page_lesson_observed: %s", st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    if (st) return rows_free(&r), st;
    page_puts(b, "<h3>The kernel beside the model</h3>\n");
    if (!r.n) {
        isl_buf cmd = {NULL, 0, 0, 0};
        isl_put_command_words(cli, &cmd, isl_kinds[ISL_KIND_PROBE].command, 0, NULL);
        page_puts(b, "<p class=\"note\">No probe of the model as it is now: its claims have not been measured on a "
                     "kernel. Run ");
        page_html(b, cmd.p ? cmd.p : ""), page_puts(b, " (as root on Linux with namespaces: it builds each bundle "
                                                     "for real and reads every fact inside and on the host).</p>\n");
        b->oom |= cmd.oom;
        free(cmd.p);
        return ISL_OK;
    }
    bundles all = {NULL, 0, 0, 0};
    st = isl_store_export_lesson(cli->store, "page_lesson_bundles", lesson, bundle_row, &all, &cli->err);
    if (st && !cli->err.msg[0])
        isl_fail(&cli->err, st, "page_lesson_bundles: %s", st == ISL_ENOMEM ? "out of memory" : "no bundle column");
    if (st) return bundles_free(&all), rows_free(&r), st;
    size_t *idx = malloc(2 * r.n * sizeof *idx);
    note *notes = malloc(2 * r.n * sizeof *notes);
    if (!idx || !notes)
        return free(idx), free(notes), bundles_free(&all), rows_free(&r), isl_fail(&cli->err, ISL_ENOMEM, "out of memory");
    for (size_t from = 0, to, nth = 1; from < r.n; from = to, nth++) {
        to = from + 1;
        while (to < r.n && same(r.v[to].c[C_MACHINE], r.v[from].c[C_MACHINE])
               && same(r.v[to].c[C_KERNEL], r.v[from].c[C_KERNEL]))
            to++;
        put_machine(cli, b, &r, from, to, lesson, nth, &all, idx, notes);
    }
    free(idx), free(notes);
    bundles_free(&all);
    rows_free(&r);
    return ISL_OK;
}
