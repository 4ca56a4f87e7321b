-- Each fact's status under every bundle x channel, from the run
-- current_surface_run names for it; in fact position order.
SELECT fs.*
  FROM current_surface_run l
 CROSS JOIN fact_status fs ON fs.run_id = l.run_id AND fs.bundle = l.bundle AND fs.channel = l.channel
 ORDER BY fs.bundle, fs.channel, fs.position;
