-- The kernel beside the model in counts: one row per machine, kernel,
-- bundle (or member list) and build order of observed_vs_model, in its
-- order: the facts compared, those the model leaves visible, those the
-- kernel showed visible, the cells where both agree, and the facts left
-- unmeasured (no reader, or every source failed).
SELECT machine, kernel_release, bundle, build_order, count(*) AS facts,
       sum(model_visible) AS model_visible, coalesce(sum(observed_visible), 0) AS observed_visible,
       coalesce(sum(agree), 0) AS agree, sum(observed_visible IS NULL) AS unmeasured
  FROM (SELECT o.*, row_number() OVER () AS n FROM observed_vs_model o)
 GROUP BY machine, kernel_release, bundle, build_order
 ORDER BY min(n);
