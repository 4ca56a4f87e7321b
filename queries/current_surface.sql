-- The current result of every bundle x channel: its surface row from the
-- latest 'run' run computed from the model now in the database
-- (current_surface_run). Comparisons and claims read this.
SELECT s.*
  FROM current_surface_run l
 CROSS JOIN surface s ON s.run_id = l.run_id AND s.bundle = l.bundle AND s.channel = l.channel
 ORDER BY s.bundle, s.channel;
