-- The current result of every bundle x channel: its surface row from the
-- latest finished 'run' run that has one. Comparisons and claims read this.
SELECT s.*
  FROM surface s
  JOIN (SELECT x.bundle, x.channel, max(x.run_id) AS run_id
          FROM surface x JOIN run r ON r.id = x.run_id
         WHERE r.kind = 'run' AND r.status = 'done'
         GROUP BY x.bundle, x.channel) l
    ON l.run_id = s.run_id AND l.bundle = s.bundle AND l.channel = s.channel
 ORDER BY s.bundle, s.channel;
