-- The kernel beside the model in counts: one row per machine, kernel,
-- bundle (or member list) and build order of observed_vs_model, in its
-- order (latest_probe's n): the facts compared, those the model leaves visible, those the
-- kernel showed visible, the cells where both agree, and the facts left
-- unmeasured (no reader, or every source failed).
SELECT o.machine, o.kernel_release, o.bundle, o.build_order, count(*) AS facts,
       sum(o.model_visible) AS model_visible, coalesce(sum(o.observed_visible), 0) AS observed_visible,
       coalesce(sum(o.agree), 0) AS agree, sum(o.observed_visible IS NULL) AS unmeasured
  FROM observed_vs_model o
  JOIN latest_probe l ON l.machine = o.machine AND l.bundle = o.bundle AND l.build_order = o.build_order
 GROUP BY o.machine, o.kernel_release, o.bundle, o.build_order
 ORDER BY min(l.n);
