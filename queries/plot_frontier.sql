-- The current bundles sweep under one channel (current_bundle_sweep), laid
-- out for the 'frontier' plot (gnuplot/frontier.gp): one row per bundle
-- (subset of the swept mechanisms, applied in mechanism order) with its
-- size and open surface.
-- The channel is current_focus's (the param table's channel, else the focus
-- lesson's: sampling-profile). x spreads the bundles of one size and open surface side
-- by side around their size; cell_bundles counts the bundles of its size
-- and open surface (the plot draws one bar per such cell, its length
-- growing with that count, on the row with first_in_cell 1); best is 1 on
-- one bundle per size with the least open surface of that size; on_frontier is 1 on the bundles that
-- bundle_frontier lists; named is the bundle of the course (as its lesson
-- knew it: lesson_bundle's in_course) with exactly these members ('' for
-- none).
WITH p AS (SELECT channel FROM current_focus),
r AS (
  SELECT b.run_id AS id, b.channel_id FROM current_bundle_sweep b JOIN p ON p.channel = b.channel
),
s AS (
  SELECT n.*,
         row_number() OVER (PARTITION BY n.size, n.open_surface ORDER BY n.mask) AS k,
         count(*) OVER (PARTITION BY n.size, n.open_surface) AS n,
         row_number() OVER (PARTITION BY n.size ORDER BY n.open_surface, n.mask) = 1 AS best
    FROM bundle_sweep_named n JOIN r ON n.run_id = r.id AND n.channel_id = r.channel_id
),
-- (MATERIALIZED: once, not once per bundle of s)
named AS MATERIALIZED (
  SELECT b.bundle AS name, coalesce(sum(1 << x.bit), 0) AS mask
    FROM lesson_bundle b
    LEFT JOIN bundle_member m ON m.bundle = b.bundle
    LEFT JOIN bundle_sweep_mechanism x ON x.run_id = (SELECT id FROM r) AND x.mechanism = m.mechanism
   WHERE b.in_course
   GROUP BY b.bundle
  HAVING count(m.mechanism) = count(x.bit)
)
SELECT s.run_id, s.channel, s.mask, s.members, s.size, s.open_surface, s.returned, s.open_axes,
       s.size + (s.k - (s.n + 1) / 2.0) * min(0.04, 0.8 / s.n) AS x,
       s.best,
       EXISTS (SELECT 1 FROM bundle_frontier f WHERE f.channel = s.channel AND f.mask = s.mask) AS on_frontier,
       s.n AS cell_bundles,
       s.k = 1 AS first_in_cell,
       coalesce((SELECT group_concat(name, ' = ') FROM named WHERE named.mask = s.mask), '') AS named
  FROM s
 ORDER BY s.size, s.open_surface, s.mask;
