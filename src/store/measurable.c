/* isolab store: probe_measurable, the names the kernel layer can measure
 * and build, written from its registries (include/isolab/kernel.h) by
 * create, migrate and every probe: the one place its rows come from. */
#include "isolab/kernel.h"
#include "isolab/measurable.h"
#include "store_int.h"

isl_status isl_store_put_measurable(isl_store *s, isl_error *err)
{
    static const char INSERT[] = "INSERT INTO probe_measurable(what, name) VALUES (?1, ?2)";
    isl_status st = isl_db_rows(s, "writing probe_measurable", "DELETE FROM probe_measurable", NULL, NULL, err, NULL);
    for (size_t i = 0; !st && isl_kernel_facts[i].name; i++)
        st = isl_db_rows(s, "writing probe_measurable", INSERT, NULL, NULL, err, "tt", "fact", isl_kernel_facts[i].name);
    for (size_t i = 0; !st && isl_kernel_mechanisms[i].name; i++)
        st = isl_db_rows(s, "writing probe_measurable", INSERT, NULL, NULL, err, "tt", "mechanism",
                         isl_kernel_mechanisms[i].name);
    return st;
}
