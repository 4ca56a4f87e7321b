-- The axis table of each lesson as data, for 'isolab page' (resource_axis
-- prints the same rows as text): every fact on the lesson's axis
-- (lesson_scope), in fact position order, with its status under the
-- lesson's bundle x channel from the current 'run' run (RETURNS, left open,
-- closed, visible) and the bundle's first mechanism that closes the axis
-- (NULL when none does).
SELECT x.lesson, fs.axis, fs.fact,
       CASE fs.status WHEN 'left-open' THEN 'left open' WHEN 'returns' THEN 'RETURNS' ELSE fs.status END AS status,
       (SELECT bm.mechanism FROM bundle_member bm
          JOIN mechanism_axis ma ON ma.mechanism = bm.mechanism
         WHERE bm.bundle = x.bundle AND ma.axis = x.axis
         ORDER BY bm.position LIMIT 1) AS closed_by
  FROM lesson_scope x
  JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                     AND fs.axis = x.axis
 ORDER BY x.lesson_position NULLS LAST, x.lesson, fs.position, fs.fact;
