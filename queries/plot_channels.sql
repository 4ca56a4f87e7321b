-- The rows the 'channels' plot (gnuplot/channels.gp) draws: every row of
-- channel_comparison with a current result (a channel no current run
-- computed has no point to draw; with none, the plot says what to run),
-- with focus 1 on current_focus's channel (the param
-- table's, else the focus lesson's), the one the plot highlights.
-- Channels of the same returned count and cost would sit on each other:
-- they share one point mark, drawn once (from the row with first_in_mark
-- 1) and named in the key by mark_names, every channel it stands for
-- (with its lesson, one lesson's channels under it once, in comparison
-- order). mark numbers the marks in comparison order, mark_channels counts
-- the channels of one. x is where the plot puts the mark: the returned
-- count, moved aside when marks of the same returned count are so close
-- in cost (under 8 % of the dearest channel's cost apart) that they would
-- cover each other; such marks sit side by side in comparison order, a
-- step apart: 0.16, or 1/40 of the x axis's span (max returned + 1) when
-- that is more -- the axis spans at least 790 px (the canvas is at least
-- 900 wide) and a mark is 17 px across --, all within 0.8 of the count.
WITH c AS (
  SELECT row_number() OVER () AS k, cc.* FROM channel_comparison cc WHERE cc.returned IS NOT NULL
),
p AS (
  SELECT c.*, min(k) OVER w AS first_k, count(*) OVER w AS mark_channels,
         channel || CASE WHEN lead(lesson) OVER (w ORDER BY k) IS lesson THEN ''
                         WHEN lesson IS NULL THEN ''
                         ELSE ' (' || lesson || ')' END AS piece
    FROM c
  WINDOW w AS (PARTITION BY returned, cost_pct)
),
m AS (
  SELECT dense_rank() OVER (ORDER BY first_k) AS mark, p.*,
         group_concat(piece, ', ') OVER (PARTITION BY first_k ORDER BY k
                                         ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS mark_names
    FROM p
),
top AS (
  SELECT max(max(cost_pct), 1e-9) AS cost, max(returned) + 1 AS span FROM c
),
marks AS (
  SELECT mark, returned, cost_pct FROM m WHERE k = first_k
),
near AS (
  SELECT a.mark,
         (SELECT count(*) FROM marks b WHERE b.returned = a.returned
                                         AND abs(b.cost_pct - a.cost_pct) < 0.08 * top.cost) AS n,
         (SELECT count(*) FROM marks b WHERE b.returned = a.returned AND b.mark < a.mark
                                         AND abs(b.cost_pct - a.cost_pct) < 0.08 * top.cost) AS i,
         top.span
    FROM marks a, top
)
SELECT m.lesson_position, m.lesson, m.channel, m.part_of, m.bundle, m.cost_pct, m.returned, m.open_surface,
       m.open_axes, m.cost_per_fact, m.times_dearer_per_fact, m.run_time, m.run_id,
       m.channel IS (SELECT channel FROM current_focus) AS focus,
       m.returned + (near.i - (near.n - 1) / 2.0) * min(max(0.16, near.span / 40.0), 0.8 / max(near.n - 1, 1)) AS x,
       m.mark, m.k = m.first_k AS first_in_mark, m.mark_channels, m.mark_names
  FROM m JOIN near ON near.mark = m.mark
 ORDER BY m.k;
