/* isolab store: writing a power-set sweep of bundles. The rows go through one
 * prepared statement, bound, stepped and reset per row: the hot path of the
 * sweep, which should run at the speed of SQLite's inserts. */
#include "store_int.h"

isl_status isl_store_bundles_begin(isl_run_ctx *c, const size_t *mechs, size_t nm,
                                   const size_t *channels, size_t nc)
{
    isl_store *s = c->store;
    const isl_model *m = c->model;
    sqlite3_stmt *q = isl_stmt(s, ST_BUNDLE_MECHANISM, c->err);
    if (!q) return c->err->status;
    for (size_t i = 0; i < nm; i++) {
        if (sqlite3_bind_int64(q, 1, c->run_id) || sqlite3_bind_int64(q, 2, (sqlite3_int64)i)
            || sqlite3_bind_text(q, 3, m->mech[mechs[i]].name, -1, SQLITE_STATIC) || sqlite3_step(q) != SQLITE_DONE)
            return isl_db_fail(s, c->err, "writing the bundle sweep's mechanisms");
        sqlite3_reset(q);
    }
    if (!(q = isl_stmt(s, ST_BUNDLE_CHANNEL, c->err))) return c->err->status;
    for (size_t k = 0; k <= nc; k++) {
        if (sqlite3_bind_int64(q, 1, c->run_id) || sqlite3_bind_int64(q, 2, (sqlite3_int64)k)
            || (k ? sqlite3_bind_text(q, 3, m->channel[channels[k - 1]].name, -1, SQLITE_STATIC)
                  : sqlite3_bind_null(q, 3))
            || sqlite3_step(q) != SQLITE_DONE)
            return isl_db_fail(s, c->err, "writing the bundle sweep's channels");
        sqlite3_reset(q);
    }
    if (!(q = isl_stmt(s, ST_BUNDLE_SWEEP, c->err))) return c->err->status;
    if (sqlite3_bind_int64(q, 1, c->run_id)) return isl_db_fail(s, c->err, "writing a bundle sweep row");
    return ISL_OK;
}

isl_status isl_store_put_bundle(void *ctx, const isl_bundle_row *row)
{
    isl_run_ctx *c = ctx;
    sqlite3_stmt *q = c->store->stmt[ST_BUNDLE_SWEEP];
    if (sqlite3_bind_int64(q, 2, (sqlite3_int64)row->mask)
        || sqlite3_bind_int64(q, 3, (sqlite3_int64)row->channel_id)
        || sqlite3_bind_int64(q, 4, (sqlite3_int64)row->size)
        || sqlite3_bind_int64(q, 5, (sqlite3_int64)row->s.visible)
        || sqlite3_bind_int64(q, 6, (sqlite3_int64)row->s.returned)
        || sqlite3_bind_int64(q, 7, (sqlite3_int64)row->s.open_surface)
        || sqlite3_bind_int64(q, 8, (sqlite3_int64)row->s.open_axes) || sqlite3_step(q) != SQLITE_DONE) {
        isl_status st = isl_db_fail(c->store, c->err, "writing a bundle sweep row");
        sqlite3_reset(q);
        return st;
    }
    sqlite3_reset(q);
    c->rows++;
    return ISL_OK;
}
