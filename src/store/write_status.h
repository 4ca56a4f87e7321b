/* isolab store: a run's fact statuses (write_status.c). */
#ifndef ISOLAB_STORE_WRITE_STATUS_H
#define ISOLAB_STORE_WRITE_STATUS_H

#include "store_int.h"

/* The fact statuses of a surface row but the absent ones (and, once, their names). */
isl_status isl_store_put_statuses(isl_run_ctx *c, const isl_surface_row *row);

#endif
