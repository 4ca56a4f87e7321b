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
-- lesson_channel, current_focus and current_surface twice. For the same
-- reason it is one SELECT (a common table expression of the rows was one
-- more level for SQLite to expand).
SELECT lc.lesson_position, lc.lesson, lc.channel, lc.part_of, f.bundle,
       coalesce(s.cost_pct, lc.cost_pct) AS cost_pct, s.returned, s.open_surface, s.open_axes, s.cost_per_fact,
       s.cost_per_fact / min(CASE WHEN lc.part_of IS NULL THEN s.cost_per_fact END) OVER ()
         AS times_dearer_per_fact,
       s.run_time, s.run_id
  FROM lesson_channel lc
 CROSS JOIN current_focus f
  LEFT JOIN current_surface s ON s.channel = lc.channel AND s.bundle = f.bundle
 ORDER BY lc.ord;
