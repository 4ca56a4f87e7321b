-- The smallest bundles as good as the best: for each channel of the current
-- bundles sweep (current_run; and for no channel), the least open
-- surface any subset of
-- the swept mechanisms reaches, and every subset of the fewest members that
-- reaches it. Columns: line (for 'isolab report'; the channel 22
-- characters wide, or as wide as the longest, the numbers as their widest;
-- '(over N of M mechanisms)' after it when the sweep covered only some of
-- the model's), then the same as data, and mechanisms: the ones swept
-- when not every one (run_coverage; NULL: every mechanism of the model).
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
SELECT printf('%!-*s open surface %*d with %*d of %*d: %s',
              max(22, max(length(CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END)) OVER ()),
              CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END,
              max(3, max(length(n.open_surface)) OVER ()), n.open_surface,
              max(2, max(length(n.size)) OVER ()), n.size,
              max(2, max(length(m.n)) OVER ()), m.n,
              CASE WHEN n.members = '' THEN '(none)' ELSE n.members END)
       || CASE WHEN c.every_mechanism THEN ''
               ELSE printf('  (over %d of %d mechanisms)', c.covered, c.mechanisms_in_model) END AS line,
       n.run_id, n.channel, n.open_surface, n.size, n.mask, n.members,
       CASE WHEN NOT c.every_mechanism THEN c.mechanisms END AS mechanisms
  FROM bundle_sweep_named n
  JOIN r ON n.run_id = r.id
  JOIN (SELECT run_id, count(*) AS n FROM bundle_sweep_mechanism GROUP BY run_id) m ON m.run_id = n.run_id
  JOIN best b ON b.channel_id = n.channel_id AND b.open_surface = n.open_surface
  JOIN fewest f ON f.channel_id = n.channel_id AND f.size = n.size
  LEFT JOIN run_coverage c ON c.run_id = n.run_id
 ORDER BY n.channel_id, n.mask;
