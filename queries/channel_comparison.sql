-- Every channel side by side under one bundle: current_focus's (the param
-- table's bundle, else the focus lesson's: strict). One row per channel of
-- the model (a channel no run has computed yet keeps its row, with NULL
-- results), ordered by
-- lesson position, each whole followed by its parts (lesson_channel.ord).
-- Results come from current_surface; cost_pct is the run's (the model's when
-- there is no run). cost_per_fact is NULL when the channel returns nothing;
-- times_dearer_per_fact = cost_per_fact / the lowest cost_per_fact among the
-- channels that are no part (1.0 for the cheapest).
-- The lowest is a window over the rows, not a second reading of them: every
-- claim that reads this view compiles it, and a subquery over rows compiled
-- lesson_channel, current_focus and current_surface twice.
WITH p AS (SELECT bundle FROM current_focus),
rows AS (
  SELECT lc.ord, lc.lesson_position, lc.lesson, lc.channel, lc.part_of, p.bundle,
         coalesce(s.cost_pct, lc.cost_pct) AS cost_pct,
         s.returned, s.open_surface, s.open_axes, s.cost_per_fact, s.run_time, s.run_id
    FROM lesson_channel lc
   CROSS JOIN p
    LEFT JOIN current_surface s ON s.channel = lc.channel AND s.bundle = p.bundle
)
SELECT lesson_position, lesson, channel, part_of, bundle, cost_pct, returned,
       open_surface, open_axes, cost_per_fact,
       cost_per_fact / min(CASE WHEN part_of IS NULL THEN cost_per_fact END) OVER ()
         AS times_dearer_per_fact,
       run_time, run_id
  FROM rows
 ORDER BY ord;
