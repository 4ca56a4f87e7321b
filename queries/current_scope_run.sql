-- Each part of the model a run of a kind of run_kinds's scope 'mechanisms'
-- or 'channels' read that the model now in the database still holds: the
-- digest the run kept (run_scope) is the model's now (model_scope); none
-- while model_state has no digest (an edit in the shell not read by isolab
-- yet). One row per run and part: a probe's one part '' (the facts,
-- mechanisms and bundles), a bundles sweep's channel ('' no channel).
-- A run's part is current when its model digest is model_state's or it is
-- here (current_run, latest_probe, current_bundle_sweep).
SELECT rs.run_id, rs.part
  FROM run_scope rs
  JOIN model_scope ms ON ms.scope = rs.scope AND ms.part = rs.part AND ms.digest = rs.digest
 WHERE (SELECT digest FROM model_state) IS NOT NULL;
