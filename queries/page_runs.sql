-- The runs behind 'isolab page', by id: those the current results come from
-- (the latest current run of each kind, the 'run' runs current_surface
-- reads, the current sweeps) and the latest check, whose claims the page
-- shows; with when each finished, the digest of the model it computed from,
-- isolab's version and its note.
SELECT r.id AS run_id, r.kind, r.finished_at, r.model_digest, r.tool_version, r.note
  FROM run r
 WHERE r.id IN (SELECT run_id FROM current_run
                UNION SELECT run_id FROM current_surface_run
                UNION SELECT run_id FROM current_sweep
                UNION SELECT run_id FROM latest_run WHERE kind = 'check')
 ORDER BY r.id;
