-- Every channel side by side under one bundle: current_focus's (the param
-- table's bundle, else the focus lesson's: strict). One row per channel of
-- the model (a channel no run has computed yet keeps its row, with NULL
-- results), ordered by
-- lesson position, each whole followed by its parts (lesson_channel.ord).
-- Results are current_surface's; cost_pct is the run's (the model's when
-- there is no run). cost_per_fact is NULL when the channel returns nothing;
-- times_dearer_per_fact = cost_per_fact / the lowest cost_per_fact among the
-- channels that are no part (1.0 for the cheapest).
-- The lowest is a window over the rows, not a second reading of them: every
-- claim that reads this view compiles it, and a subquery over rows compiled
-- lesson_channel, current_focus and current_surface twice. For the same
-- reason it is one SELECT (a common table expression of the rows was one
-- more level for SQLite to expand). The surface row is the one
-- current_surface holds for the pair (the latest current 'run' run that
-- computed it, as current_surface_run finds it), looked up in surface
-- directly: through current_surface, each of the 25 references of the
-- claims compiled current_surface_run as well, 18 % of this view's compile.
SELECT lc.lesson_position, lc.lesson, lc.channel, lc.part_of, f.bundle,
       coalesce(s.cost_pct, lc.cost_pct) AS cost_pct, s.returned, s.open_surface, s.open_axes, s.cost_per_fact,
       s.cost_per_fact / min(CASE WHEN lc.part_of IS NULL THEN s.cost_per_fact END) OVER ()
         AS times_dearer_per_fact,
       s.run_time, s.run_id
  FROM lesson_channel lc
 CROSS JOIN current_focus f
  LEFT JOIN surface s ON s.bundle = f.bundle AND s.channel = lc.channel
        AND s.run_id = (SELECT y.run_id FROM surface y JOIN run x ON x.id = y.run_id
                         WHERE y.bundle = f.bundle AND y.channel = lc.channel AND x.kind = 'run' AND x.status = 'done'
                           AND x.model_digest = (SELECT digest FROM model_state)
                         ORDER BY y.run_id DESC LIMIT 1)
 ORDER BY lc.ord;
