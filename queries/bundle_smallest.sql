-- The smallest bundles as good as the best: for each channel of the current
-- bundles sweep (current_run; and for no channel), the least open
-- surface any subset of
-- the swept mechanisms reaches, and every subset of the fewest members that
-- reaches it. Columns: line (for 'isolab report'), then the same as data.
WITH r AS (
  SELECT run_id AS id FROM current_run WHERE kind = 'bundles'
),
best AS (
  SELECT s.channel_id, min(s.open_surface) AS open_surface
    FROM bundle_sweep s JOIN r ON s.run_id = r.id
   GROUP BY s.channel_id
),
fewest AS (
  SELECT s.channel_id, min(s.size) AS size
    FROM bundle_sweep s JOIN r ON s.run_id = r.id
    JOIN best b ON b.channel_id = s.channel_id AND b.open_surface = s.open_surface
   GROUP BY s.channel_id
)
SELECT printf('%!-22s open surface %3d with %2d of %2d: %s',
              CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END,
              n.open_surface, n.size,
              (SELECT count(*) FROM bundle_sweep_mechanism x WHERE x.run_id = n.run_id),
              CASE WHEN n.members = '' THEN '(none)' ELSE n.members END) AS line,
       n.run_id, n.channel, n.open_surface, n.size, n.mask, n.members
  FROM bundle_sweep_named n
  JOIN r ON n.run_id = r.id
  JOIN best b ON b.channel_id = n.channel_id AND b.open_surface = n.open_surface
  JOIN fewest f ON f.channel_id = n.channel_id AND f.size = n.size
 ORDER BY n.channel_id, n.mask;
