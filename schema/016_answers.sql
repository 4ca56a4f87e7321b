-- isolab schema, part 16 (schema version 13): the power set's answers
-- computed without its rows ('isolab frontier', 'isolab smallest',
-- 'isolab marginal'; run.kind 'frontier', 'smallest', 'marginal'). A run's
-- parameters are in run_param: channel (absent: no channel), mechanisms
-- (comma-separated in bit order, frontier and smallest), max (smallest),
-- bundle (marginal: the bundle or member list). channel is '' when no
-- channel is on; members are comma-separated in the order they apply, ''
-- for the empty bundle; mask has bit i set for the i-th mechanism of the
-- run's 'mechanisms'.

-- One row per size 0..M: the least open surface of the subsets of that
-- size, how many reach it, and the first of them in mask order.
CREATE TABLE answer_frontier (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  channel      TEXT NOT NULL,
  size         INTEGER NOT NULL,
  open_surface INTEGER NOT NULL,
  bundles      INTEGER NOT NULL,
  mask         INTEGER NOT NULL,
  members      TEXT NOT NULL,
  PRIMARY KEY (run_id, size)
) WITHOUT ROWID;

-- The subsets with the fewest members whose open surface is at most the
-- run's 'max', in mask order (rank 1, 2, ...).
CREATE TABLE answer_smallest (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  rank         INTEGER NOT NULL,
  channel      TEXT NOT NULL,
  size         INTEGER NOT NULL,
  open_surface INTEGER NOT NULL,
  mask         INTEGER NOT NULL,
  members      TEXT NOT NULL,
  PRIMARY KEY (run_id, rank)
) WITHOUT ROWID;

-- One row per mechanism of the model (position order): the open surface
-- of the run's bundle with that mechanism appended, or taken out when it
-- is a member (in_bundle 1), and the difference from the bundle's own.
CREATE TABLE answer_marginal (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  position     INTEGER NOT NULL,
  channel      TEXT NOT NULL,
  mechanism    TEXT NOT NULL,
  in_bundle    INTEGER NOT NULL CHECK (in_bundle IN (0, 1)),
  open_surface INTEGER NOT NULL,
  delta        INTEGER NOT NULL,
  PRIMARY KEY (run_id, position)
) WITHOUT ROWID;
