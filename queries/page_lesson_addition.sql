-- The addition sweep of each lesson's bundle x channel, as data for
-- 'isolab page' (addition_table prints the same as text): one row per axis
-- a new fact was added on, by axis name, with the facts then and the open
-- surface; grows is 'grows' when that open surface is larger than the
-- baseline's. No row for a lesson whose sweep has not run.
WITH sweep AS (
  SELECT x.lesson, x.lesson_position AS lp, a.*
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'addition' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN addition_sweep a ON a.run_id = c.run_id
)
SELECT a.lesson, a.axis, a.facts, a.open_surface,
       CASE WHEN a.open_surface > b.open_surface THEN 'grows' ELSE '' END AS grows
  FROM sweep a
  LEFT JOIN sweep b ON b.lesson = a.lesson AND b.axis IS NULL
 WHERE a.axis IS NOT NULL
 ORDER BY a.lp NULLS LAST, a.lesson, a.axis COLLATE BINARY;
