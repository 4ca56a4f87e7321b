-- isolab schema, part 28 (schema version 25): the mechanisms a what-if
-- list stood for in a run, and the tables a lesson chooses.
--
-- A member list ('strict,-user-namespace') is a bundle of its own in the
-- runs that compute it, but the model's bundle_member has no rows for it:
-- the rule that reads a bundle's members by position (lesson_scope's
-- closed_by, "the control group's axis") found none. The run records the
-- members the core resolved the list to, in order, as run_param records
-- the list itself; it goes with its run. (IF NOT EXISTS: the migration
-- tests take a database of today back a version.)
CREATE TABLE IF NOT EXISTS run_member (
  run_id    INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle    TEXT NOT NULL,
  position  INTEGER NOT NULL,
  mechanism TEXT NOT NULL,
  PRIMARY KEY (run_id, bundle, position)
) WITHOUT ROWID;

-- lesson_block: the tables a lesson prints, in order, when it chooses them
-- (no row: the eight of the performance profiling lesson, in its order).
-- block names one of the standard tables (its view's name); title, when
-- not NULL, replaces the table's first line (its title, or its heading
-- where it has no title). lesson_report and 'isolab lesson' read it.
CREATE TABLE IF NOT EXISTS lesson_block (
  lesson   TEXT NOT NULL REFERENCES lesson(code),
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer'),
  block    TEXT NOT NULL CHECK (block IN ('lesson_header', 'resource_axis', 'channel_facts', 'bundle_table',
                                          'channel_table', 'part_table', 'sample_table', 'removal_summary',
                                          'addition_table')),
  title    TEXT,
  PRIMARY KEY (lesson, position),
  UNIQUE (lesson, block)
) WITHOUT ROWID;

-- What a result was computed from, so that only a change to that makes it
-- stale: run_pair holds, for each bundle x channel a run or sweep computed,
-- the digest of the model rows such a result reads (isl_model_pair_digest:
-- the facts and axes, the bundle's members with their axes and left-open
-- facts, the channel, the settings); model_pair the same digest in the
-- model now, for every pair a run computed that the model can still
-- compute, written with model_state.digest. A result is current when its
-- pair's digests agree (or its run's model digest is model_state's): a
-- lesson loaded beside it, with channels and bundles of its own, leaves it
-- current. Both go with what they describe: run_pair with its run.
CREATE TABLE IF NOT EXISTS run_pair (
  run_id  INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle  TEXT NOT NULL,
  channel TEXT NOT NULL,
  digest  TEXT NOT NULL,
  PRIMARY KEY (run_id, bundle, channel)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS model_pair (
  bundle  TEXT NOT NULL,
  channel TEXT NOT NULL,
  digest  TEXT NOT NULL,
  PRIMARY KEY (bundle, channel)
) WITHOUT ROWID;
