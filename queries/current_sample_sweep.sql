-- The rows of the current 'samples' sweep of each bundle x channel swept
-- (current_sweep: the latest of that pair, computed from the model now in
-- the database), by sample count.
SELECT x.* FROM sample_sweep x
  JOIN current_sweep c ON c.kind = 'samples' AND c.run_id = x.run_id
 ORDER BY x.bundle, x.channel, x.samples;
