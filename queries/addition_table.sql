-- The addition sweep of each lesson: page_lesson_addition's rows (the
-- current 'addition' sweep of the lesson's bundle x channel: one row per
-- axis a new fact was added on, in alphabetical (code point) order),
-- printed, marked "<-- grows" where it grows. Without such a sweep, the
-- title and the line of lesson_not_run. n numbers the lines of a lesson's
-- table. The axis is the lesson's 10 characters wide, or as wide as the
-- longest; the counts as wide as their widest (the lesson's: 2 for the
-- open surface).
-- The widths are windows over the rows; the title rides on a row of its
-- own (part 0) from lesson_scope.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, NULL AS axis, NULL AS facts, NULL AS open_surface,
         NULL AS grows
    FROM lesson_scope x
  UNION ALL
  SELECT a.lesson, a.lesson_position, 1, a.axis, a.facts, a.open_surface, a.grows
    FROM page_lesson_addition a
),
width AS (
  SELECT *, max(10, coalesce(max(length(axis)) OVER w, 0)) AS wa,
         max(length(facts)) OVER w AS wf,
         max(2, coalesce(max(length(open_surface)) OVER w, 0)) AS wo
    FROM rows
  WINDOW w AS (PARTITION BY lesson)
),
lines AS (
  SELECT lesson, lp, part, coalesce(axis, '') AS axis,
         CASE WHEN part = 0 THEN 'FACT SET SWEEP -- addition (one new fact per axis)'
              ELSE '  +' || printf('%!-*s', wa, axis) || ' facts ' || printf('%*d', wf, facts)
                   || '  open surface ' || printf('%*d', wo, open_surface)
                   || CASE WHEN grows <> '' THEN '  <-- grows' ELSE '' END END AS line
    FROM width
  UNION ALL
  SELECT z.lesson, z.lesson_position, 1, '', z.line FROM lesson_not_run z WHERE z.kind = 'addition'
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, axis COLLATE BINARY) AS n
  FROM lines
 ORDER BY lp NULLS LAST, lesson, n;
