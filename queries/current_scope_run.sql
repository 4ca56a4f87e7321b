-- Each run of a kind that reads part of the model (run_kinds's scope
-- 'mechanisms': a probe reads the facts, mechanisms and bundles, no
-- channel) whose part the model now in the database still holds: the
-- digest the run kept (run_scope) is the model's now (model_scope); none
-- while model_state has no digest (an edit in the shell not read by isolab
-- yet). One row per run. A run is current when its model digest is
-- model_state's or it is here (current_run, latest_probe).
SELECT rs.run_id
  FROM run_scope rs
  JOIN model_scope ms ON ms.scope = rs.scope AND ms.digest = rs.digest
 WHERE (SELECT digest FROM model_state) IS NOT NULL;
