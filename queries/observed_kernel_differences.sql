-- The cells where kernels differ: one row per bundle (or member list),
-- build order and fact that two machines or kernels of observed_vs_model
-- measured, one showing it visible and another closed, with the model's
-- value and each side's machines as 'machine (kernel release)'.
SELECT bundle, build_order, fact, max(model_visible) AS model_visible,
       group_concat(CASE WHEN observed_visible = 1 THEN machine || ' (' || kernel_release || ')' END, ', ') AS visible_on,
       group_concat(CASE WHEN observed_visible = 0 THEN machine || ' (' || kernel_release || ')' END, ', ') AS closed_on
  FROM observed_vs_model o
  JOIN latest_probe l USING (machine, bundle, build_order)
 WHERE observed_visible IS NOT NULL
 GROUP BY bundle, build_order, fact
HAVING min(observed_visible) <> max(observed_visible)
 ORDER BY min(l.n), (SELECT f.position FROM fact f WHERE f.name = o.fact) NULLS LAST, fact;
