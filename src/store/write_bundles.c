/* isolab store: a power-set sweep of bundles, in one INSERT ... SELECT from the
 * isolab_powerset table-valued function (ext.c, registered when the store
 * opened the database): no bind, step and reset per row. */
#include <assert.h>

#include "isolab/run.h"
#include "store_int.h"

static const char ST_BUNDLE_SWEEP[] = "INSERT INTO bundle_sweep(run_id, mask, channel_id, size, visible, returned, "
                                      "open_surface, open_axes) SELECT ?1, mask, channel_id, size, visible, returned, "
                                      "open_surface, open_axes FROM isolab_powerset(NULL, NULL, ?2)";
static const char ST_BUNDLE_MECHANISM[] = "INSERT INTO bundle_sweep_mechanism(run_id, bit, mechanism, position) "
                                          "VALUES (?1, ?2, ?3, (SELECT position FROM mechanism WHERE name = ?3))";
static const char ST_BUNDLE_CHANNEL[] = "INSERT INTO bundle_sweep_channel(run_id, channel_id, channel) VALUES "
                                        "(?1,?2,?3)";

isl_status isl_store_put_bundles(isl_run_ctx *c, const size_t *mechs, size_t nm, const size_t *channels, size_t nc)
{
    assert(c->store->in_run && (mechs || !nm) && (channels || !nc));
    isl_store *s = c->store;
    const isl_model *m = c->model;
    isl_status st = ISL_OK;
    for (size_t i = 0; i < nm && !st; i++)
        st = isl_db_put(s, ST_BUNDLE_MECHANISM, c->err, "writing the bundle sweep's mechanisms", "iit", c->run_id,
                        (int64_t)i, m->mech[mechs[i]].name);
    /* channel 0: no channel */
    for (size_t k = 0; k <= nc && !st; k++)
        st = isl_db_put(s, ST_BUNDLE_CHANNEL, c->err, "writing the bundle sweep's channels", "iit", c->run_id,
                        (int64_t)k, k ? m->channel[channels[k - 1]].name : NULL);
    sqlite3_stmt *q = st ? NULL : isl_stmt(s, ST_BUNDLE_SWEEP, c->err);
    if (!q) return c->err->status;
    c->rows = nm + nc + 1; /* the rows 'isolab runs' counts: those above, then the sweep's */
    isl_powerset_spec spec = {m, mechs, nm, channels, nc, 1, c->tick, c->tick_ctx};
    int rc = sqlite3_bind_int64(q, 1, c->run_id);
    if (rc == SQLITE_OK) rc = sqlite3_bind_pointer(q, 2, &spec, ISL_POWERSET_SPEC, NULL);
    if (rc == SQLITE_OK) rc = sqlite3_step(q);
    st = rc == SQLITE_DONE ? ISL_OK : isl_db_fail(s, c->err, "writing the bundle sweep's rows");
    if (!st) c->rows += (size_t)sqlite3_changes64(s->db);
    s->written += (int64_t)c->rows;
    /* the spec lives on this stack frame: no statement may keep it */
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return st;
}
