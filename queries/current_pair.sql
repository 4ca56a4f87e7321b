-- Each bundle x channel a run or sweep computed whose inputs the model now
-- in the database still holds: what the run read for the pair (run_pair)
-- is the model's now (model_pair); none while model_state has no digest
-- (an edit in the shell not read by isolab yet). One row per run x pair. A
-- result is current when its run's model digest is model_state's or its
-- pair is here (current_surface_run, current_sweep, latest_sweep,
-- lesson_scope).
SELECT rp.run_id, rp.bundle, rp.channel
  FROM run_pair rp
  JOIN model_pair mp ON mp.bundle = rp.bundle AND mp.channel = rp.channel AND mp.digest = rp.digest
 WHERE (SELECT digest FROM model_state) IS NOT NULL;
