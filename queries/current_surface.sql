-- The current result of every bundle x channel: its surface row from the
-- run latest_surface names for it. Comparisons and claims read this.
SELECT s.*
  FROM surface s
  JOIN latest_surface l ON l.run_id = s.run_id AND l.bundle = s.bundle AND l.channel = s.channel
 ORDER BY s.bundle, s.channel;
