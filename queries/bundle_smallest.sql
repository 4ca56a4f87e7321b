-- The smallest bundles as good as the best: for each channel of the model
-- and for no channel, under its current bundles sweep (current_bundle_sweep),
-- the least open
-- surface any subset of
-- the swept mechanisms reaches, and every subset of the fewest members that
-- reaches it. Columns: line (for 'isolab report'; the channel 22
-- characters wide, or as wide as the longest, the numbers as their widest;
-- '(over N of M mechanisms)' after it when the sweep covered only some of
-- the model's), then the same as data, and mechanisms: the ones swept
-- when not every one (run_coverage; NULL: every mechanism of the model).
-- (the rows of each run read by run_id, its groups kept by channel, the
-- best kept by IN: a join on r or best read a run's rows once per channel;
-- +run_id keeps it from driving the lookup; the run last in GROUP BY and
-- IN, as the sort and the lookup compare it least)
WITH r AS (
  SELECT run_id AS id, channel_id FROM current_bundle_sweep
),
best AS (
  SELECT s.run_id, s.channel_id, min(s.open_surface) AS open_surface
    FROM bundle_sweep s
   WHERE s.run_id IN (SELECT id FROM r)
   GROUP BY s.channel_id, s.run_id
  HAVING (s.run_id, s.channel_id) IN (SELECT id, channel_id FROM r)
),
fewest AS (
  SELECT s.run_id, s.channel_id, min(s.size) AS size
    FROM bundle_sweep s
    JOIN best b ON b.run_id = s.run_id AND b.channel_id = s.channel_id AND b.open_surface = s.open_surface
   GROUP BY s.channel_id, s.run_id
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
  JOIN (SELECT run_id, count(*) AS n FROM bundle_sweep_mechanism GROUP BY run_id) m ON m.run_id = n.run_id
  LEFT JOIN run_coverage c ON c.run_id = n.run_id
 WHERE n.run_id IN (SELECT id FROM r)
   AND (n.channel_id, n.open_surface, n.size, +n.run_id)
       IN (SELECT b.channel_id, b.open_surface, f.size, b.run_id
             FROM best b JOIN fewest f ON f.run_id = b.run_id AND f.channel_id = b.channel_id)
 ORDER BY n.channel_id, n.run_id, n.mask;
