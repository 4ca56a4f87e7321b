-- The axis table of each lesson as data, for 'isolab page' and the rows
-- resource_axis prints as text: every fact on the lesson's axis
-- (lesson_scope), in fact position order, with its status under the
-- lesson's bundle x channel from the current 'run' run (RETURNS, left open,
-- closed, visible) and the bundle's first mechanism that closes the axis
-- (lesson_scope's closed_by; NULL when none does). n numbers a lesson's rows.
SELECT x.lesson, x.lesson_position, fs.axis, fs.fact,
       CASE fs.status WHEN 'left-open' THEN 'left open' WHEN 'returns' THEN 'RETURNS' ELSE fs.status END AS status,
       x.closed_by,
       row_number() OVER (PARTITION BY x.lesson ORDER BY fs.position, fs.fact) AS n
  FROM lesson_scope x
  JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                     AND fs.axis = x.axis
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
