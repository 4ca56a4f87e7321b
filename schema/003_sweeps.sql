-- isolab schema, part 3: sweeps. Each sweep is one run (run.kind = the
-- sweep's name) over one bundle and one channel.

-- Sample sweep: one row per sample count. lines_per_fact is NULL when the
-- channel returns nothing.
CREATE TABLE sample_sweep (
  run_id         INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle         TEXT NOT NULL,
  channel        TEXT NOT NULL,
  samples        INTEGER NOT NULL CHECK (samples > 0),
  lines          INTEGER NOT NULL,
  returned       INTEGER NOT NULL,
  lines_per_fact INTEGER,
  PRIMARY KEY (run_id, samples)
) WITHOUT ROWID;

-- Removal sweep: one row per removed fact, plus the baseline (the full fact
-- set) as the row whose removed_fact is NULL.
CREATE TABLE removal_sweep (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle       TEXT NOT NULL,
  channel      TEXT NOT NULL,
  removed_fact TEXT,            -- NULL: the baseline row
  position     INTEGER,         -- the removed fact's position; NULL for the baseline
  visible      INTEGER NOT NULL,
  returned     INTEGER NOT NULL,
  open_surface INTEGER NOT NULL,
  open_axes    INTEGER NOT NULL,
  UNIQUE (run_id, removed_fact)
);

-- Addition sweep: one row per axis (a new fact added on it), plus the
-- baseline (nothing added) as the row whose axis is NULL.
CREATE TABLE addition_sweep (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle       TEXT NOT NULL,
  channel      TEXT NOT NULL,
  axis         TEXT,            -- NULL: the baseline row
  facts        INTEGER NOT NULL,
  visible      INTEGER NOT NULL,
  returned     INTEGER NOT NULL,
  open_surface INTEGER NOT NULL,
  open_axes    INTEGER NOT NULL,
  UNIQUE (run_id, axis)
);
