-- isolab schema, part 30 (schema version 27): a kind of run whose results
-- read part of the model goes stale only when that part changes.
-- Each statement may run again on a database that has it already (the
-- migration tests take today's back to a version).

-- run_kinds, as in part 24, with two scopes more: 'mechanisms', a kind
-- whose run reads the model's facts and axes, its mechanisms (their axes
-- and left-open facts) and its bundles with their members, and no channel,
-- lesson or setting (a probe: it builds the mechanisms and reads the facts;
-- isl_model_mechanisms_digest); 'channels', a kind whose rows under a
-- channel read those and that channel (its lesson, cost and facts), its
-- rows under no channel those alone, and no setting (the bundles sweep:
-- isl_model_channel_digest). Its results are stale when those rows
-- changed, not when a lesson brought channels of its own. The rows are
-- src/core/kind.c's, written by isolab after the schema files
-- (isl_install_views).
DROP TABLE IF EXISTS run_kinds;
CREATE TABLE run_kinds (
  kind_no       INTEGER PRIMARY KEY,
  kind          TEXT NOT NULL UNIQUE,
  result_tables TEXT NOT NULL,
  command       TEXT NOT NULL,
  claims_read   INTEGER NOT NULL CHECK (claims_read IN (0, 1)),
  scope         TEXT NOT NULL CHECK (scope IN ('pairs', 'pair', 'model', 'mechanisms', 'channels', 'none'))
);

-- What a run of a kind of such a scope read: the digest of each part of
-- the model it read as the run saw it (run_scope, written with the run,
-- goes with it; part '' for a scope of one part and for no channel, else
-- the channel's name), and the same digest in the model now (model_scope,
-- one row per scope and part, rewritten with model_state.digest). A run's
-- part is current when its model digest is model_state's or its run_scope
-- digest is model_scope's (current_scope_run); a run from before this
-- version has no run_scope row and is judged by its model digest alone.
CREATE TABLE IF NOT EXISTS run_scope (
  run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  scope  TEXT NOT NULL,
  part   TEXT NOT NULL DEFAULT '',
  digest TEXT NOT NULL,
  PRIMARY KEY (run_id, part)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS model_scope (
  scope  TEXT NOT NULL,
  part   TEXT NOT NULL DEFAULT '',
  digest TEXT NOT NULL,
  PRIMARY KEY (scope, part)
) WITHOUT ROWID;
