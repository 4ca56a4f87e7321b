-- For each kind of run, the latest run computed from the model now in the
-- database (model_state.digest): one row per kind, found by one descent of
-- the index run_current.
SELECT k.kind, r.id AS run_id
  FROM (SELECT DISTINCT kind FROM run) k
  JOIN run r ON r.id = (SELECT max(x.id) FROM run x WHERE x.kind = k.kind
                          AND x.model_digest = (SELECT digest FROM model_state));
