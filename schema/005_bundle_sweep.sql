-- isolab schema, part 5: the power-set sweep of bundles (run.kind =
-- 'bundles'). One run holds every subset of the chosen mechanisms, each
-- under no channel and under every chosen channel. The big table has integer
-- keys only (names would cost time and file size on millions of rows); the
-- two small tables turn them back into names, per run, and the view
-- bundle_sweep_named shows the rows with names.

-- Which mechanism each bit of a mask stands for. Bit 0 is the first chosen
-- mechanism in mechanism order (mechanism.position), bit 1 the next, ...; a
-- subset applies its members in that order.
CREATE TABLE bundle_sweep_mechanism (
  run_id    INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bit       INTEGER NOT NULL CHECK (bit BETWEEN 0 AND 29),
  mechanism TEXT NOT NULL,
  position  INTEGER,            -- the mechanism's position when the run was made
  PRIMARY KEY (run_id, bit)
) WITHOUT ROWID;

-- Which channel each channel_id stands for: 0 is no channel on (channel
-- NULL), 1, 2, ... the chosen channels in the order they were given.
CREATE TABLE bundle_sweep_channel (
  run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL CHECK (channel_id >= 0),
  channel    TEXT,
  PRIMARY KEY (run_id, channel_id)
) WITHOUT ROWID;

-- One row per subset (mask) x channel_id: size = number of members; the
-- surface counts as in the surface table. Rows are written in key order, so
-- the key is the only index the table needs.
CREATE TABLE bundle_sweep (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  channel_id   INTEGER NOT NULL,
  mask         INTEGER NOT NULL,
  size         INTEGER NOT NULL,
  visible      INTEGER NOT NULL,
  returned     INTEGER NOT NULL,
  open_surface INTEGER NOT NULL,
  open_axes    INTEGER NOT NULL,
  PRIMARY KEY (run_id, mask, channel_id)
) WITHOUT ROWID;
