/* isolab store: which facts a probe can measure (measurable.c). */
#ifndef ISOLAB_MEASURABLE_H
#define ISOLAB_MEASURABLE_H

#include "isolab/error.h"
#include "isolab/store.h"

/* Rewrites probe_measurable from the kernel layer's registries (the one
 * place its rows come from): inside the caller's write transaction. */
isl_status isl_store_put_measurable(isl_store *s, isl_error *err);

#endif
