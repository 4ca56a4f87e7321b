/* isolab core: the kinds of run (include/isolab/kind.h). */
#include <string.h>

#include "isolab/kind.h"

const char *const isl_kind_names[ISL_KIND_COUNT + 1] = {
    "run", "samples", "removal", "addition", "bundles", "frontier", "smallest", "marginal", "check", "probe",
    "channel-probe", NULL};

/* by isl_kind, in its order (tests/unit/test_store.c checks each row against run_kinds) */
const isl_kind_row isl_kinds[ISL_KIND_COUNT] = {
    {"surface,fact_status,fact_status_row,fact_status_bundle,fact_status_channel,fact_status_fact", "run", "pairs"},
    {"sample_sweep", "sweep samples", "pair"}, {"removal_sweep", "sweep removal", "pair"},
    {"addition_sweep", "sweep addition", "pair"},
    {"bundle_sweep,bundle_sweep_mechanism,bundle_sweep_channel", "sweep bundles", "channels"},
    {"answer_frontier", "frontier", "none"}, {"answer_smallest", "smallest", "none"},
    {"answer_marginal", "marginal", "none"}, {"claim_result", "check", "none"},
    {"probe_provenance,probe_set,probe_step,probe_reading,probe_fact", "probe", "mechanisms"},
    {"channel_probe,channel_probe_check,channel_probe_round,channel_probe_output", "probe --channel", "none"},
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
    isl_kind k = 0;
    for (const char *p; k < ISL_KIND_COUNT; k++)
        for (p = isl_kinds[k].tables; (p = strstr(p, table)); p += n)
            if ((p == isl_kinds[k].tables || p[-1] == ',') && (p[n] == ',' || !p[n])) return k;
    return k;
}
