-- The runs the current results come from, for 'isolab page': the latest
-- finished run of each kind and every run latest_surface still reads, with
-- when each finished, the model digest it computed from and isolab's
-- version; by id.
SELECT r.id AS run_id, r.kind, r.finished_at, r.model_digest, r.tool_version
  FROM run r
 WHERE r.id IN (SELECT run_id FROM latest_run UNION SELECT run_id FROM latest_surface)
 ORDER BY r.id;
