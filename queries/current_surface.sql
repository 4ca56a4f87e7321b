-- The current result of every bundle x channel: its surface row from the
-- latest 'run' run computed from the model now in the database
-- (current_surface_run). Comparisons and claims read this.
SELECT s.*
  FROM surface s
  JOIN current_surface_run l ON l.run_id = s.run_id AND l.bundle = s.bundle AND l.channel = s.channel
 ORDER BY s.bundle, s.channel;
