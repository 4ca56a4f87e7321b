-- Each fact's status under every bundle x channel, from the run
-- latest_surface names for it; in fact position order.
SELECT fs.*
  FROM fact_status fs
  JOIN latest_surface l ON l.run_id = fs.run_id AND l.bundle = fs.bundle AND l.channel = fs.channel
 ORDER BY fs.bundle, fs.channel, fs.position;
