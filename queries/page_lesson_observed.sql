-- The kernel beside the model for each lesson, as data for 'isolab page':
-- one row per lesson, machine, bundle of the course as the lesson knew it
-- (as page_lesson_bundles chooses them) and fact of observed_vs_model:
-- the model's value and the kernel's in each build order ('visible',
-- 'closed', 'unmeasured'; NULL when that order was not probed), and for a
-- disagreement the deciding sources and the explanation
-- (observed_differences; model order's first when both orders disagree).
SELECT l.code AS lesson, o.machine, o.kernel_release, o.bundle, o.fact,
       CASE max(o.model_visible) WHEN 1 THEN 'visible' WHEN 0 THEN 'closed' END AS model,
       max(CASE WHEN o.build_order = 'model'
                THEN CASE o.observed_visible WHEN 1 THEN 'visible' WHEN 0 THEN 'closed' ELSE 'unmeasured' END END)
         AS model_order,
       max(CASE WHEN o.build_order = 'kernel'
                THEN CASE o.observed_visible WHEN 1 THEN 'visible' WHEN 0 THEN 'closed' ELSE 'unmeasured' END END)
         AS kernel_order,
       (SELECT d.via FROM observed_differences d
         WHERE d.machine = o.machine AND d.bundle = o.bundle AND d.fact = o.fact
         ORDER BY d.build_order DESC LIMIT 1) AS via,
       (SELECT d.explanation FROM observed_differences d
         WHERE d.machine = o.machine AND d.bundle = o.bundle AND d.fact = o.fact
         ORDER BY d.build_order DESC LIMIT 1) AS explanation
  FROM lesson l
  JOIN lesson_bundle b ON b.lesson IS NULL OR b.lesson = l.code OR b.lesson_position <= l.position
  JOIN observed_vs_model o ON o.bundle = b.bundle
  JOIN latest_probe n ON n.machine = o.machine AND n.bundle = o.bundle AND n.build_order = o.build_order
 GROUP BY l.code, o.machine, o.kernel_release, o.bundle, o.fact
 ORDER BY l.position NULLS LAST, l.code, min(n.n), (SELECT f.position FROM fact f WHERE f.name = o.fact) NULLS LAST,
          o.fact;
