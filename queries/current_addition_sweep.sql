-- The rows of the latest finished 'addition' run (latest_run): the baseline
-- (axis IS NULL) first, then by axis name.
SELECT x.* FROM addition_sweep x JOIN latest_run l ON l.kind = 'addition' AND l.run_id = x.run_id
 ORDER BY x.axis IS NOT NULL, x.axis COLLATE BINARY;
