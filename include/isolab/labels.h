/* isolab: column labels read from column_label (labels.c). */
#ifndef ISOLAB_LABELS_H
#define ISOLAB_LABELS_H

#include "isolab/cli.h"

/* Reads column_label into l (none when it is missing); an exit status. */
int isl_labels_read(isl_cli *cli, isl_labels *l);
void isl_labels_free(isl_labels *l);

#endif
