-- The rows of the latest finished 'samples' run of each bundle x channel,
-- by sample count.
SELECT x.*
  FROM sample_sweep x
  JOIN (SELECT y.bundle, y.channel, max(y.run_id) AS run_id
          FROM sample_sweep y JOIN run r ON r.id = y.run_id
         WHERE r.kind = 'samples' AND r.status = 'done'
         GROUP BY y.bundle, y.channel) l
    ON l.run_id = x.run_id AND l.bundle = x.bundle AND l.channel = x.channel
 ORDER BY x.bundle, x.channel, x.samples;
