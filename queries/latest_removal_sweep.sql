-- The rows of the latest finished 'removal' run of each bundle x channel:
-- the baseline (removed_fact IS NULL) first, then by the removed fact's
-- position.
SELECT x.*
  FROM removal_sweep x
  JOIN (SELECT y.bundle, y.channel, max(y.run_id) AS run_id
          FROM removal_sweep y JOIN run r ON r.id = y.run_id
         WHERE r.kind = 'removal' AND r.status = 'done'
         GROUP BY y.bundle, y.channel) l
    ON l.run_id = x.run_id AND l.bundle = x.bundle AND l.channel = x.channel
 ORDER BY x.bundle, x.channel, x.position IS NOT NULL, x.position;
