-- isolab schema, part 11: fact_status stored with integer keys.
-- A run writes one status per bundle x channel x fact: millions of rows on a
-- big model. Repeating three names in each row made it the bulk of every
-- database, so the rows now hold ids and a status code, and three small
-- per-run tables turn the ids back into names (as bundle_sweep does). The
-- view fact_status shows the rows with names, in the columns and order the
-- table had; saved queries and users' own queries read it as before.
--
-- Ids are per run. isolab numbers the bundles, the channels and the facts of
-- a run in name order (bytewise), so that the key order of fact_status_row is
-- the order of (run_id, bundle, channel, fact); rows added through the view
-- take the next free id. Every table is keyed by run_id first and goes with
-- its run (ON DELETE CASCADE): deleting a run deletes its statuses.

CREATE TABLE fact_status_bundle (
  run_id    INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle_id INTEGER NOT NULL,
  bundle    TEXT NOT NULL,
  PRIMARY KEY (run_id, bundle_id),
  UNIQUE (run_id, bundle)
) WITHOUT ROWID;

CREATE TABLE fact_status_channel (
  run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  channel_id INTEGER NOT NULL,
  channel    TEXT NOT NULL,
  PRIMARY KEY (run_id, channel_id),
  UNIQUE (run_id, channel)
) WITHOUT ROWID;

-- A fact as the run saw it: its name, its axis and its position then.
CREATE TABLE fact_status_fact (
  run_id   INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  fact_id  INTEGER NOT NULL,
  fact     TEXT NOT NULL,
  axis     TEXT NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (run_id, fact_id)
) WITHOUT ROWID;
-- for queries that name a fact (the view joins on it)
CREATE INDEX fact_status_fact_name ON fact_status_fact(run_id, fact);

-- status: 1 visible, 2 left-open, 3 returns, 4 closed (see fact_status).
CREATE TABLE fact_status_row (
  run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle_id  INTEGER NOT NULL,
  channel_id INTEGER NOT NULL,
  fact_id    INTEGER NOT NULL,
  status     INTEGER NOT NULL CHECK (status BETWEEN 1 AND 4),
  PRIMARY KEY (run_id, bundle_id, channel_id, fact_id)
) WITHOUT ROWID;

-- The rows of the table this replaces, numbered in name order per run.
-- (The index only speeds up this move; it goes with it.)
INSERT INTO fact_status_bundle(run_id, bundle_id, bundle)
SELECT run_id, row_number() OVER (PARTITION BY run_id ORDER BY bundle), bundle
  FROM (SELECT DISTINCT run_id, bundle FROM fact_status);
INSERT INTO fact_status_channel(run_id, channel_id, channel)
SELECT run_id, row_number() OVER (PARTITION BY run_id ORDER BY channel), channel
  FROM (SELECT DISTINCT run_id, channel FROM fact_status);
INSERT INTO fact_status_fact(run_id, fact_id, fact, axis, position)
SELECT run_id, row_number() OVER (PARTITION BY run_id ORDER BY fact, axis, position), fact, axis, position
  FROM (SELECT DISTINCT run_id, fact, axis, position FROM fact_status);
CREATE INDEX fact_status_fact_moving ON fact_status_fact(run_id, fact, axis, position);
INSERT INTO fact_status_row(run_id, bundle_id, channel_id, fact_id, status)
SELECT o.run_id, b.bundle_id, c.channel_id, f.fact_id,
       CASE o.status WHEN 'visible' THEN 1 WHEN 'left-open' THEN 2 WHEN 'returns' THEN 3 WHEN 'closed' THEN 4 END
  FROM fact_status o
  JOIN fact_status_bundle b ON b.run_id = o.run_id AND b.bundle = o.bundle
  JOIN fact_status_channel c ON c.run_id = o.run_id AND c.channel = o.channel
  JOIN fact_status_fact f ON f.run_id = o.run_id AND f.fact = o.fact AND f.axis = o.axis AND f.position = o.position
 ORDER BY 1, 2, 3, 4;
DROP INDEX fact_status_fact_moving;
DROP TABLE fact_status;

-- Each fact's status under a bundle x channel of a run:
--   visible    no mechanism of the bundle closes its axis;
--   left-open  its axis is closed, but a mechanism leaves it open;
--   returns    closed by the bundle, shown again by the channel;
--   closed     closed, and the channel does not show it.
-- axis and position: the fact's when the run was made.
--
-- The joins are written bundle, then channel, then status row (CROSS JOIN
-- keeps that order in every query): a query that names a bundle and a
-- channel finds their ids first and reads only their block of rows, and
-- a whole run comes out in key order, which for the runs isolab writes is
-- the order of (run_id, bundle, channel, fact). No ORDER BY: it would make
-- SQLite copy the whole view for every aggregate over it.
CREATE VIEW fact_status AS
SELECT s.run_id AS run_id, b.bundle AS bundle, c.channel AS channel, f.fact AS fact,
       CASE s.status WHEN 1 THEN 'visible' WHEN 2 THEN 'left-open' WHEN 3 THEN 'returns' WHEN 4 THEN 'closed' END
         AS status,
       f.axis AS axis, f.position AS position
  FROM fact_status_bundle b
  CROSS JOIN fact_status_channel c ON c.run_id = b.run_id
  CROSS JOIN fact_status_row s ON s.run_id = b.run_id AND s.bundle_id = b.bundle_id AND s.channel_id = c.channel_id
  JOIN fact_status_fact f ON f.run_id = s.run_id AND f.fact_id = s.fact_id;

-- Rows can still be inserted and deleted through the view, with the checks
-- the table made.
CREATE TRIGGER fact_status_insert INSTEAD OF INSERT ON fact_status
BEGIN
  SELECT RAISE(ABORT, 'NOT NULL constraint failed: fact_status')
   WHERE NEW.run_id IS NULL OR NEW.bundle IS NULL OR NEW.channel IS NULL OR NEW.fact IS NULL
      OR NEW.status IS NULL OR NEW.axis IS NULL OR NEW.position IS NULL;
  SELECT RAISE(ABORT, 'CHECK constraint failed: fact_status.status must be visible, left-open, returns or closed')
   WHERE NEW.status NOT IN ('visible', 'left-open', 'returns', 'closed');
  SELECT RAISE(ABORT, 'UNIQUE constraint failed: fact_status.run_id, fact_status.bundle, fact_status.channel, fact_status.fact')
   WHERE EXISTS (SELECT 1 FROM fact_status_row s
                   JOIN fact_status_bundle b ON b.run_id = s.run_id AND b.bundle_id = s.bundle_id
                   JOIN fact_status_channel c ON c.run_id = s.run_id AND c.channel_id = s.channel_id
                   JOIN fact_status_fact f ON f.run_id = s.run_id AND f.fact_id = s.fact_id
                  WHERE s.run_id = NEW.run_id AND b.bundle = NEW.bundle AND c.channel = NEW.channel
                    AND f.fact = NEW.fact);
  INSERT INTO fact_status_bundle(run_id, bundle_id, bundle)
  SELECT NEW.run_id, coalesce((SELECT max(bundle_id) FROM fact_status_bundle WHERE run_id = NEW.run_id), 0) + 1,
         NEW.bundle
   WHERE NOT EXISTS (SELECT 1 FROM fact_status_bundle WHERE run_id = NEW.run_id AND bundle = NEW.bundle);
  INSERT INTO fact_status_channel(run_id, channel_id, channel)
  SELECT NEW.run_id, coalesce((SELECT max(channel_id) FROM fact_status_channel WHERE run_id = NEW.run_id), 0) + 1,
         NEW.channel
   WHERE NOT EXISTS (SELECT 1 FROM fact_status_channel WHERE run_id = NEW.run_id AND channel = NEW.channel);
  INSERT INTO fact_status_fact(run_id, fact_id, fact, axis, position)
  SELECT NEW.run_id, coalesce((SELECT max(fact_id) FROM fact_status_fact WHERE run_id = NEW.run_id), 0) + 1,
         NEW.fact, NEW.axis, NEW.position
   WHERE NOT EXISTS (SELECT 1 FROM fact_status_fact WHERE run_id = NEW.run_id AND fact = NEW.fact
                        AND axis = NEW.axis AND position = NEW.position);
  INSERT INTO fact_status_row(run_id, bundle_id, channel_id, fact_id, status)
  VALUES (NEW.run_id,
          (SELECT bundle_id FROM fact_status_bundle WHERE run_id = NEW.run_id AND bundle = NEW.bundle),
          (SELECT channel_id FROM fact_status_channel WHERE run_id = NEW.run_id AND channel = NEW.channel),
          (SELECT fact_id FROM fact_status_fact WHERE run_id = NEW.run_id AND fact = NEW.fact
              AND axis = NEW.axis AND position = NEW.position),
          CASE NEW.status WHEN 'visible' THEN 1 WHEN 'left-open' THEN 2 WHEN 'returns' THEN 3 WHEN 'closed' THEN 4 END);
END;

CREATE TRIGGER fact_status_delete INSTEAD OF DELETE ON fact_status
BEGIN
  DELETE FROM fact_status_row
   WHERE run_id = OLD.run_id
     AND bundle_id = (SELECT bundle_id FROM fact_status_bundle WHERE run_id = OLD.run_id AND bundle = OLD.bundle)
     AND channel_id = (SELECT channel_id FROM fact_status_channel WHERE run_id = OLD.run_id AND channel = OLD.channel)
     AND fact_id IN (SELECT fact_id FROM fact_status_fact WHERE run_id = OLD.run_id AND fact = OLD.fact);
END;

INSERT INTO schema_version(version, applied_at) VALUES (8, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
