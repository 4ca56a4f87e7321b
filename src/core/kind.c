/* isolab core: the kinds of run (include/isolab/kind.h). */
#include <string.h>

#include "isolab/kind.h"

const char *const isl_kind_names[ISL_KIND_COUNT + 1] = {
    "run", "samples", "removal", "addition", "bundles", "frontier", "smallest", "marginal", "check", NULL};

const isl_kind_row isl_kinds[ISL_KIND_COUNT] = {
    [ISL_KIND_RUN] = {"surface,fact_status,fact_status_row,fact_status_bundle,fact_status_channel,fact_status_fact",
                      "run"},
    [ISL_KIND_SAMPLES] = {"sample_sweep", "sweep samples"},
    [ISL_KIND_REMOVAL] = {"removal_sweep", "sweep removal"},
    [ISL_KIND_ADDITION] = {"addition_sweep", "sweep addition"},
    [ISL_KIND_BUNDLES] = {"bundle_sweep,bundle_sweep_mechanism,bundle_sweep_channel", "sweep bundles"},
    [ISL_KIND_FRONTIER] = {"answer_frontier", "frontier"},
    [ISL_KIND_SMALLEST] = {"answer_smallest", "smallest"},
    [ISL_KIND_MARGINAL] = {"answer_marginal", "marginal"},
    [ISL_KIND_CHECK] = {"claim_result", "check"},
};

isl_kind isl_kind_find(const char *name)
{
    isl_kind k = 0;
    while (k < ISL_KIND_COUNT && strcmp(isl_kind_names[k], name)) k++;
    return k;
}

isl_kind isl_kind_of_table(const char *table)
{
    size_t n = strlen(table);
    for (isl_kind k = 0; k < ISL_KIND_COUNT; k++)
        for (const char *p = isl_kinds[k].tables; (p = strstr(p, table)); p += n)
            if ((p == isl_kinds[k].tables || p[-1] == ',') && (p[n] == ',' || !p[n])) return k;
    return ISL_KIND_COUNT;
}
