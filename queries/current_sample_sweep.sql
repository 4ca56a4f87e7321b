-- The rows of the latest finished 'samples' run (latest_run), by sample count.
SELECT x.* FROM sample_sweep x JOIN latest_run l ON l.kind = 'samples' AND l.run_id = x.run_id
 ORDER BY x.samples;
