-- The rows the 'channels' plot (gnuplot/channels.gp) draws: every row of
-- channel_comparison with a current result (a channel no current run
-- computed has no point to draw; with none, the plot says what to run),
-- with focus 1 on current_focus's channel (the param
-- table's, else the focus lesson's), the one the plot highlights, and x,
-- where the plot puts its point: the returned count, moved aside (by at
-- most half a step) when channels of the same returned count are so close
-- in cost (under 8 % of the dearest channel's cost apart) that their points
-- would cover each other; such channels sit side by side in lesson order.
WITH c AS (
  SELECT row_number() OVER () AS k, cc.* FROM channel_comparison cc WHERE cc.returned IS NOT NULL
),
top AS (
  SELECT max(max(cost_pct), 1e-9) AS cost FROM c
),
near AS (
  SELECT a.k,
         (SELECT count(*) FROM c b WHERE b.returned = a.returned
                                     AND abs(b.cost_pct - a.cost_pct) < 0.08 * (SELECT cost FROM top)) AS n,
         (SELECT count(*) FROM c b WHERE b.returned = a.returned AND b.k < a.k
                                     AND abs(b.cost_pct - a.cost_pct) < 0.08 * (SELECT cost FROM top)) AS i
    FROM c a
)
SELECT c.lesson_position, c.lesson, c.channel, c.part_of, c.bundle, c.cost_pct, c.returned, c.open_surface,
       c.open_axes, c.cost_per_fact, c.times_dearer_per_fact, c.run_time, c.run_id,
       c.channel IS (SELECT channel FROM current_focus) AS focus,
       c.returned + (near.i - (near.n - 1) / 2.0) * min(0.16, 0.8 / near.n) AS x
  FROM c JOIN near ON near.k = c.k
 ORDER BY c.k;
