-- The rows of the current 'addition' sweep of each bundle x channel swept
-- (current_sweep): the baseline (axis IS NULL) first, then by axis name.
SELECT x.* FROM addition_sweep x
  JOIN current_sweep c ON c.kind = 'addition' AND c.run_id = x.run_id
 ORDER BY x.bundle, x.channel, x.axis IS NOT NULL, x.axis COLLATE BINARY;
