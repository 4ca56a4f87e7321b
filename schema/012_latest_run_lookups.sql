-- isolab schema, part 12: the latest runs looked up through indexes.
-- The views that name the current and latest runs (current_run,
-- current_surface_run, current_sweep, latest_sweep, stale_result) grouped
-- every run ever stored to find the latest one of each kind, bundle x
-- channel or sweep; 'isolab lesson' and its claims read them some sixty
-- times, so each run stored made the lesson slower. Each latest run is now
-- one descent of an index (the newest matching row first); the views give
-- the same columns and rows.

-- surface rows by bundle x channel, newest run last (current_surface_run)
CREATE INDEX surface_pair ON surface(bundle, channel, run_id);
-- runs by kind and model, newest last (current_run, current_sweep)
CREATE INDEX run_current ON run(kind, model_digest, id);

DROP VIEW stale_result;
DROP VIEW current_sweep;
DROP VIEW latest_sweep;
DROP VIEW current_surface_run;
DROP VIEW current_run;

-- For each kind of run, the latest finished run computed from the model now
-- in the database.
CREATE VIEW current_run AS
SELECT k.kind, r.id AS run_id
  FROM (SELECT DISTINCT kind FROM run) k
  JOIN run r ON r.id = (SELECT max(x.id) FROM run x WHERE x.kind = k.kind AND x.status = 'done'
                          AND x.model_digest = (SELECT digest FROM model_state));

-- For each bundle x channel, the latest current 'run' run that computed it
-- (a bundle may be a member list, not the model's: the pairs are those of
-- the surface rows, read from the index).
CREATE VIEW current_surface_run AS
SELECT p.bundle, p.channel, r.id AS run_id
  FROM (SELECT DISTINCT bundle, channel FROM surface) p
  JOIN run r ON r.id = (SELECT s.run_id FROM surface s JOIN run x ON x.id = s.run_id
                         WHERE s.bundle = p.bundle AND s.channel = p.channel AND x.kind = 'run' AND x.status = 'done'
                           AND x.model_digest = (SELECT digest FROM model_state)
                         ORDER BY s.run_id DESC LIMIT 1)
 ORDER BY 1, 2;

-- Every sweep kind (samples, removal, addition) x bundle x channel that a
-- finished sweep computed.
CREATE VIEW swept_pair AS
SELECT DISTINCT r.kind, b.value AS bundle, c.value AS channel
  FROM run r
 CROSS JOIN run_param b ON b.run_id = r.id AND b.key = 'bundle'
 CROSS JOIN run_param c ON c.run_id = r.id AND c.key = 'channel'
 WHERE r.kind IN ('samples', 'removal', 'addition') AND r.status = 'done';

-- For each sweep kind and bundle x channel, the latest finished sweep of
-- that pair (sweeps of different pairs coexist), and whether the model now
-- in the database computed it.
CREATE VIEW latest_sweep AS
SELECT p.kind, p.bundle, p.channel, r.id AS run_id, r.model_digest IS (SELECT digest FROM model_state) AS current
  FROM swept_pair p
  JOIN run r ON r.id = (SELECT x.id FROM run_param b JOIN run x ON x.id = b.run_id
                          JOIN run_param c ON c.run_id = x.id AND c.key = 'channel' AND c.value = p.channel
                         WHERE b.key = 'bundle' AND b.value = p.bundle AND x.kind = p.kind AND x.status = 'done'
                         ORDER BY x.id DESC LIMIT 1)
 ORDER BY 1, 2, 3;

-- The same, of the sweeps the model now in the database computed.
CREATE VIEW current_sweep AS
SELECT p.kind, p.bundle, p.channel, r.id AS run_id
  FROM swept_pair p
  JOIN run r ON r.id = (SELECT x.id FROM run_param b JOIN run x ON x.id = b.run_id
                          JOIN run_param c ON c.run_id = x.id AND c.key = 'channel' AND c.value = p.channel
                         WHERE b.key = 'bundle' AND b.value = p.bundle AND x.kind = p.kind AND x.status = 'done'
                           AND x.model_digest = (SELECT digest FROM model_state)
                         ORDER BY x.id DESC LIMIT 1)
 ORDER BY 1, 2, 3;

-- Results an older model computed that no current result replaces (as in
-- part 9); the model's bundle x channel pairs come first, so a database
-- whose results are all current reads no run but the latest ones.
CREATE VIEW stale_result AS
SELECT 'run' AS kind, max(s.run_id) AS run_id, NULL AS bundle, NULL AS channel, 'isolab run' AS command
  FROM bundle b
 CROSS JOIN channel c
 CROSS JOIN surface s ON s.bundle = b.name AND s.channel = c.name
 CROSS JOIN run r ON r.id = s.run_id AND r.kind = 'run' AND r.status = 'done'
 WHERE NOT EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = b.name AND x.channel = c.name)
HAVING count(*) > 0
UNION ALL
SELECT 'bundles', l.run_id, NULL, NULL, 'isolab sweep bundles'
  FROM latest_run l
 WHERE l.kind = 'bundles' AND NOT EXISTS (SELECT 1 FROM current_run c WHERE c.kind = 'bundles')
UNION ALL
SELECT s.kind, s.run_id, s.bundle, s.channel,
       'isolab sweep ' || s.kind || ' --bundle ' || s.bundle || ' --channel ' || s.channel
  FROM latest_sweep s
  JOIN bundle b ON b.name = s.bundle
  JOIN channel c ON c.name = s.channel
 WHERE NOT s.current;

INSERT INTO schema_version(version, applied_at) VALUES (9, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
