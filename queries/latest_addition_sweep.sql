-- The rows of the latest finished 'addition' run of each bundle x channel:
-- the baseline (axis IS NULL) first, then by axis name.
SELECT x.*
  FROM addition_sweep x
  JOIN (SELECT y.bundle, y.channel, max(y.run_id) AS run_id
          FROM addition_sweep y JOIN run r ON r.id = y.run_id
         WHERE r.kind = 'addition' AND r.status = 'done'
         GROUP BY y.bundle, y.channel) l
    ON l.run_id = x.run_id AND l.bundle = x.bundle AND l.channel = x.channel
 ORDER BY x.bundle, x.channel, x.axis IS NOT NULL, x.axis COLLATE BINARY;
