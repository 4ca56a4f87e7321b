-- The rows of axis_visibility for one channel, laid out for the 'axes' plot
-- (gnuplot/axes.gp): per bundle, each axis's visible share without and with
-- the channel, current_focus's (the param table's channel, else the focus
-- lesson's: sampling-profile). bundle_no numbers the bundles in
-- axis_visibility's order, axis_no the axes in the course's order (by the
-- position of each axis's first fact), and x places the axis on the plot:
-- the bundles side by side, one empty place between them. A bundle under
-- which every axis stays wholly visible, without and with the channel
-- (plain), has nothing to show and is left out; left_out names such
-- bundles (comma-separated by position, '' for none) on every row, for the
-- plot to say. The bundles are those of the course as its lesson knew it
-- (lesson_bundle's in_course) and current_focus's: a member list's
-- what-if rows only when --bundle names it.
WITH p AS (SELECT channel FROM current_focus),
shown AS (SELECT bundle FROM lesson_bundle WHERE in_course UNION SELECT bundle FROM current_focus),
-- (MATERIALIZED: axis_visibility once, for full and v)
seen AS MATERIALIZED (SELECT a.* FROM axis_visibility a JOIN p ON p.channel = a.channel),
full AS (
  SELECT a.bundle FROM seen a
   WHERE a.bundle IN (SELECT bundle FROM shown)
   GROUP BY a.bundle HAVING min(a.pct_without) = 100 AND min(a.pct_with) = 100
),
v AS (
  SELECT a.*,
         dense_rank() OVER (ORDER BY b.position NULLS LAST, a.bundle) AS bundle_no,
         row_number() OVER (PARTITION BY a.bundle ORDER BY o.position NULLS LAST,
                                                          a.axis COLLATE BINARY) AS axis_no
    FROM seen a
    LEFT JOIN bundle b ON b.name = a.bundle
    LEFT JOIN (SELECT axis, min(position) AS position FROM fact GROUP BY axis) o ON o.axis = a.axis
   WHERE a.bundle IN (SELECT bundle FROM shown) AND a.bundle NOT IN (SELECT bundle FROM full)
)
SELECT bundle, channel, axis, facts, visible_without, visible_with, pct_without, pct_with,
       bundle_no, axis_no,
       (bundle_no - 1) * ((SELECT max(axis_no) FROM v) + 1) + axis_no AS x,
       run_id,
       coalesce((SELECT group_concat(name, ', ')
                   FROM (SELECT f.bundle AS name FROM full f LEFT JOIN bundle b ON b.name = f.bundle
                          ORDER BY b.position NULLS LAST, f.bundle)), '') AS left_out
  FROM v
 ORDER BY bundle_no, axis_no;
