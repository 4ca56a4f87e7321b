-- The addition sweep of each lesson, from the current 'addition' sweep of
-- the lesson's bundle x channel (lesson_scope, current_sweep): one row per
-- axis a new fact was added on, in alphabetical (code point) order, marked
-- "<-- grows" when its open surface is larger than the baseline row's (the
-- row whose axis IS NULL). Without such a sweep, the title and the line of
-- lesson_not_run. n numbers the lines of a lesson's table. The axis is
-- the lesson's 10 characters wide, or as wide as the longest; the counts
-- as wide as their widest (the lesson's: 2 for the open surface).
WITH sweep AS (
  SELECT x.lesson, a.*
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'addition' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN addition_sweep a ON a.run_id = c.run_id
),
width AS (
  SELECT lesson, max(10, max(length(axis))) AS wa, max(length(facts)) AS wf,
         max(2, max(length(open_surface))) AS wo
    FROM sweep WHERE axis IS NOT NULL GROUP BY lesson
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, '' AS axis,
         'FACT SET SWEEP -- addition (one new fact per axis)' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT z.lesson, z.lesson_position, 1, '', z.line FROM lesson_not_run z WHERE z.kind = 'addition'
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, a.axis,
         '  +' || printf('%!-*s', w.wa, a.axis) || ' facts ' || printf('%*d', w.wf, a.facts)
         || '  open surface ' || printf('%*d', w.wo, a.open_surface)
         || CASE WHEN a.open_surface > b.open_surface THEN '  <-- grows' ELSE '' END
    FROM lesson_scope x
    JOIN sweep a ON a.lesson = x.lesson AND a.axis IS NOT NULL
    JOIN width w ON w.lesson = x.lesson
    LEFT JOIN sweep b ON b.lesson = x.lesson AND b.axis IS NULL
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, axis COLLATE BINARY) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
