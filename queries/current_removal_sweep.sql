-- The rows of the current 'removal' sweep of each bundle x channel swept
-- (current_sweep): the baseline (removed_fact IS NULL) first, then by the
-- removed fact's position.
SELECT x.* FROM removal_sweep x
  JOIN current_sweep c ON c.kind = 'removal' AND c.run_id = x.run_id
 ORDER BY x.bundle, x.channel, x.position IS NOT NULL, x.position;
