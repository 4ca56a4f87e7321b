-- The rows of the latest finished 'removal' run (latest_run): the baseline
-- (removed_fact IS NULL) first, then by the removed fact's position.
SELECT x.* FROM removal_sweep x JOIN latest_run l ON l.kind = 'removal' AND l.run_id = x.run_id
 ORDER BY x.position IS NOT NULL, x.position;
