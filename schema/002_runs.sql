-- isolab schema, part 2: runs and their results.
-- Result rows carry names as text, not references to the model tables, so a
-- later change to the model never rewrites or blocks the history of runs.

-- One row per command that computes. A run is written in one transaction:
-- its row and all its result rows appear together or not at all.
CREATE TABLE run (
  id           INTEGER PRIMARY KEY,
  kind         TEXT NOT NULL,
  started_at   TEXT NOT NULL,
  finished_at  TEXT,
  status       TEXT NOT NULL DEFAULT 'done' CHECK (status = 'done'), -- a run is written whole or not at all
  model_digest TEXT,            -- hash of the model's content as the run saw it
  tool_version TEXT,
  argv         TEXT
);
CREATE INDEX run_kind ON run(kind, id);

-- One row per bundle x channel of a run.
CREATE TABLE surface (
  run_id        INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle        TEXT NOT NULL,
  channel       TEXT NOT NULL,
  visible       INTEGER NOT NULL CHECK (visible >= 0),
  returned      INTEGER NOT NULL CHECK (returned >= 0),
  open_surface  INTEGER NOT NULL CHECK (open_surface >= 0),
  open_axes     INTEGER NOT NULL CHECK (open_axes >= 0),
  cost_pct      REAL NOT NULL CHECK (cost_pct >= 0),
  run_time      INTEGER NOT NULL,
  cost_per_fact REAL,           -- NULL when the channel returns nothing
  PRIMARY KEY (run_id, bundle, channel)
) WITHOUT ROWID;

-- Each fact's status under a bundle x channel of a run:
--   visible    no mechanism of the bundle closes its axis;
--   left-open  its axis is closed, but a mechanism leaves it open;
--   returns    closed by the bundle, shown again by the channel;
--   closed     closed, and the channel does not show it.
CREATE TABLE fact_status (
  run_id   INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle   TEXT NOT NULL,
  channel  TEXT NOT NULL,
  fact     TEXT NOT NULL,
  status   TEXT NOT NULL CHECK (status IN ('visible', 'left-open', 'returns', 'closed')),
  axis     TEXT NOT NULL,     -- the fact's axis when the run was made
  position INTEGER NOT NULL,  -- the fact's position when the run was made
  PRIMARY KEY (run_id, bundle, channel, fact)
) WITHOUT ROWID;
