-- The addition sweep, from the latest finished 'addition' run (whatever
-- bundle x channel it used): one row per axis a new fact was added on, in
-- alphabetical (code point) order, marked "<-- grows" when its open surface
-- is larger than the baseline row's (the row whose axis IS NULL).
WITH pick AS (
  SELECT run_id FROM latest_run WHERE kind = 'addition'
),
sweep AS (
  SELECT a.* FROM addition_sweep a JOIN pick ON a.run_id = pick.run_id
)
SELECT line FROM (
  SELECT 0 AS part, '' AS axis, 'FACT SET SWEEP -- addition (one new fact per axis)' AS line
  UNION ALL
  SELECT 1, a.axis,
         '  +' || printf('%!-10s', a.axis) || ' facts ' || a.facts
         || '  open surface ' || printf('%2d', a.open_surface)
         || CASE WHEN a.open_surface > (SELECT open_surface FROM sweep WHERE axis IS NULL)
                 THEN '  <-- grows' ELSE '' END
    FROM sweep a
   WHERE a.axis IS NOT NULL
)
ORDER BY part, axis COLLATE BINARY;
