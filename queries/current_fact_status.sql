-- Each fact's status under every bundle x channel, from the run
-- current_surface_run names for it; in fact position order.
SELECT fs.*
  FROM fact_status fs
  JOIN current_surface_run l ON l.run_id = fs.run_id AND l.bundle = fs.bundle AND l.channel = fs.channel
 ORDER BY fs.bundle, fs.channel, fs.position;
