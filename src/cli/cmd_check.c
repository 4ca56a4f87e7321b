/* isolab check: evaluate the lessons' claims against the latest results and
 * store the outcomes as one 'check' run. */
#include "isolab/cli.h"
#include "isolab/history.h"
#include "isolab/report.h"

/* Says on stderr when there are no results yet, or stale ones. */
static int note_stale(isl_cli *cli)
{
    isl_error err;
    int64_t id;
    char digest[17];
    isl_error_clear(&err);
    if (isl_store_latest_run(cli->store, "run", &id, digest, &err)) return ISL_OK;
    if (!id) {
        isl_note(cli, "no run yet, so claims over results have no value; "
                      "'isolab lesson' (or 'isolab run' and 'isolab sweep') computes them");
        return ISL_OK;
    }
    return isl_warn_stale(cli);
}

int isl_cmd_check(isl_cli *cli, const isl_args *a)
{
    int rc = note_stale(cli);
    return rc ? rc : isl_check_print(cli, isl_opt(a, "--lesson"), cli->out);
}
