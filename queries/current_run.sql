-- For each kind of run, the latest run computed from the model now in the
-- database: its model digest is model_state.digest (found by one descent
-- of the index run_current), or, for a kind that reads part of the model,
-- what it read is the model's now (current_scope_run). One row per kind.
SELECT k.kind, r.id AS run_id
  FROM (SELECT DISTINCT kind FROM run) k
  JOIN run r ON r.id = max(coalesce((SELECT max(x.id) FROM run x WHERE x.kind = k.kind
                                       AND x.model_digest = (SELECT digest FROM model_state)), 0),
                           coalesce((SELECT max(x.id) FROM current_scope_run c JOIN run x ON x.id = c.run_id
                                      WHERE x.kind = k.kind), 0));
