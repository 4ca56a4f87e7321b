/* isolab command line: the labels of columns (column_label), read once by
 * a command that shows a table to people: 'isolab page' and the text
 * tables of every listing. */
#include <stdlib.h>
#include <string.h>

#include "isolab/export.h"
#include "isolab/labels.h"
#include "isolab/parse.h"

static char *dup_text(const isl_cell *c) { return c->text ? strdup(c->text) : NULL; }

static isl_status label_row(void *ctx, size_t ncols, const char *const *names, const isl_cell *row)
{
    isl_labels *l = ctx;
    if (!row) return ncols >= 5 && !strcmp(names[0], "object") ? ISL_OK : ISL_EINTERNAL;
    isl_label *x = isl_grow(&l->v, &l->cap, l->n, sizeof *x);
    if (!x) return ISL_ENOMEM;
    l->n++;
    x->object = dup_text(&row[0]), x->column = dup_text(&row[1]);
    x->label = dup_text(&row[2]), x->unit = dup_text(&row[3]);
    long long digits;
    x->digits = row[4].type == ISL_CELL_INTEGER && !isl_parse_whole(row[4].text, 0, 4, &digits) ? (int)digits : -1;
    if (!x->object || !x->column || !x->label || (row[3].text && !x->unit)) return ISL_ENOMEM;
    return ISL_OK;
}

int isl_labels_read(isl_cli *cli, isl_labels *l)
{
    if (isl_store_has_column(cli->store, "column_label", "digits") != 1) return ISL_OK;
    isl_status st = isl_store_export(cli->store, "column_label", 0, 0, label_row, l, &cli->err);
    if (st && !cli->err.msg[0])
        isl_fail(&cli->err, st, "column_label: %s", st == ISL_ENOMEM ? "out of memory" : "unexpected columns");
    return st;
}

void isl_labels_free(isl_labels *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].object), free(l->v[i].column), free(l->v[i].label), free(l->v[i].unit);
    free(l->v);
    l->v = NULL, l->n = l->cap = 0;
}
