-- isolab schema, part 5: bundles and channels get a place of their own, as
-- facts and mechanisms have. Lists and views order them by position, never
-- by rowid (which VACUUM may renumber). A seed may give a position; one
-- that does not gets the next free place, so seed files keep working as
-- they are.
ALTER TABLE bundle ADD COLUMN position INTEGER
  CHECK (position IS NULL OR (typeof(position) = 'integer' AND position >= 1));
ALTER TABLE channel ADD COLUMN position INTEGER
  CHECK (position IS NULL OR (typeof(position) = 'integer' AND position >= 1));
UPDATE bundle SET position = (SELECT count(*) FROM bundle b WHERE b.rowid <= bundle.rowid);
UPDATE channel SET position = (SELECT count(*) FROM channel c WHERE c.rowid <= channel.rowid);
CREATE UNIQUE INDEX bundle_position ON bundle(position);
CREATE UNIQUE INDEX channel_position ON channel(position);
CREATE TRIGGER bundle_next_position AFTER INSERT ON bundle WHEN NEW.position IS NULL
BEGIN
  UPDATE bundle SET position = (SELECT coalesce(max(position), 0) + 1 FROM bundle) WHERE name = NEW.name;
END;
CREATE TRIGGER channel_next_position AFTER INSERT ON channel WHEN NEW.position IS NULL
BEGIN
  UPDATE channel SET position = (SELECT coalesce(max(position), 0) + 1 FROM channel) WHERE name = NEW.name;
END;
-- UNIQUE (run_id, ...) already indexes these tables by run.
DROP INDEX IF EXISTS removal_sweep_run;
DROP INDEX IF EXISTS addition_sweep_run;
INSERT INTO schema_version(version, applied_at) VALUES (5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
