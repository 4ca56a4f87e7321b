/* isolab: the SQL functions. Table-valued functions (eponymous virtual
 * tables, as SQLite's generate_series) that compute from the model of the
 * database they run in, read when their statement starts, and the scalar
 * isolab_version(). The same code is the loadable extension isolab.so and
 * what `sweep bundles` inserts from on isolab's own connection.
 *
 *   isolab_surface(members [, channel])      one row: visible, returned,
 *       open_surface, open_axes, cost_pct, run_time, cost_per_fact
 *   isolab_fact_status(members [, channel])  per fact: fact, axis, position, status
 *   isolab_powerset(channel [, mechanisms])  per subset: mask, members, size,
 *       visible, returned, open_surface, open_axes
 *   isolab_removal(members [, channel])      removed_fact, position, visible,
 *       returned, open_surface, open_axes (the baseline first, removed_fact NULL)
 *   isolab_addition(members [, channel])     axis, facts, visible, returned,
 *       open_surface, open_axes (the baseline first, axis NULL)
 *   isolab_frontier(channel [, mechanisms])  per size 0..M: size, open_surface
 *       (the least), bundles (subsets reaching it), members (the first)
 *   isolab_smallest(channel, max_open_surface [, mechanisms])  the fewest
 *       members reaching the target: size, open_surface, returned, members
 *   isolab_marginal(members [, channel])     per mechanism: mechanism,
 *       in_bundle, open_surface (with it toggled), delta
 *
 * members: a bundle name, or mechanism names comma-separated, applied in
 * the order given; channel: a channel name, or NULL (or left out) for none;
 * mechanisms: comma-separated names (default: every mechanism), applied in
 * mechanism order. */
#ifndef ISOLAB_EXT_H
#define ISOLAB_EXT_H

struct sqlite3;

/* Registers every isolab SQL function on db: SQLITE_OK or an SQLite error
 * code. */
int isl_ext_register(struct sqlite3 *db);

#endif
