-- The size-versus-surface frontier of the current bundles sweep
-- (current_run): for each
-- channel (and for no channel), the bundle sizes at which the least open
-- surface reachable is smaller than with any fewer members, and every
-- bundle of that size reaching it. Columns: line (for 'isolab report'),
-- then the same as data.
WITH r AS (
  SELECT run_id AS id FROM current_run WHERE kind = 'bundles'
),
by_size AS (
  SELECT s.channel_id, s.size, min(s.open_surface) AS open_surface
    FROM bundle_sweep s JOIN r ON s.run_id = r.id
   GROUP BY s.channel_id, s.size
),
frontier AS (
  SELECT b.channel_id, b.size, b.open_surface
    FROM by_size b
   WHERE b.open_surface < (SELECT coalesce(min(o.open_surface), b.open_surface + 1)
                             FROM by_size o
                            WHERE o.channel_id = b.channel_id AND o.size < b.size)
)
SELECT printf('%!-22s size %2d  open surface %3d  %s',
              CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END,
              n.size, n.open_surface,
              CASE WHEN n.members = '' THEN '(none)' ELSE n.members END) AS line,
       n.run_id, n.channel, n.size, n.open_surface, n.mask, n.members
  FROM bundle_sweep_named n
  JOIN r ON n.run_id = r.id
  JOIN frontier f ON f.channel_id = n.channel_id AND f.size = n.size AND f.open_surface = n.open_surface
 ORDER BY n.channel_id, n.size, n.mask;
