-- The addition sweep of each lesson, from the current 'addition' sweep of
-- the lesson's bundle x channel (lesson_scope, current_sweep): one row per
-- axis a new fact was added on, in alphabetical (code point) order, marked
-- "<-- grows" when its open surface is larger than the baseline row's (the
-- row whose axis IS NULL). Without such a sweep, the title and the line of
-- lesson_not_run. n numbers the lines of a lesson's table. The axis is
-- the lesson's 10 characters wide, or as wide as the longest; the counts
-- as wide as their widest (the lesson's: 2 for the open surface).
-- The sweep is read once: the baseline's open surface and the widths are
-- windows over it (a second reading of the sweep for the baseline, and a
-- width table over it, expanded lesson_scope and current_sweep again).
-- The title rides on a row of its own (t = 0) beside the sweep's, so
-- lesson_scope is read once.
WITH sweep AS (
  SELECT x.lesson, x.lesson_position AS lp, j.t, a.axis, a.facts, a.open_surface,
         max(a.open_surface) FILTER (WHERE a.axis IS NULL) OVER w AS base_surface,
         max(10, max(length(a.axis)) OVER w) AS wa,
         max(length(a.facts)) FILTER (WHERE a.axis IS NOT NULL) OVER w AS wf,
         max(2, max(length(a.open_surface)) FILTER (WHERE a.axis IS NOT NULL) OVER w) AS wo
    FROM lesson_scope x
   CROSS JOIN (SELECT 0 AS t UNION ALL SELECT 1) j
    LEFT JOIN current_sweep c ON j.t = 1 AND c.kind = 'addition' AND c.bundle = x.bundle AND c.channel = x.channel
    LEFT JOIN addition_sweep a ON a.run_id = c.run_id
   WHERE j.t = 0 OR a.run_id IS NOT NULL
  WINDOW w AS (PARTITION BY x.lesson)
),
rows AS (
  SELECT lesson, lp, t AS part, coalesce(axis, '') AS axis,
         CASE WHEN t = 0 THEN 'FACT SET SWEEP -- addition (one new fact per axis)'
              ELSE '  +' || printf('%!-*s', wa, axis) || ' facts ' || printf('%*d', wf, facts)
                   || '  open surface ' || printf('%*d', wo, open_surface)
                   || CASE WHEN open_surface > base_surface THEN '  <-- grows' ELSE '' END END AS line
    FROM sweep
   WHERE t = 0 OR axis IS NOT NULL
  UNION ALL
  SELECT z.lesson, z.lesson_position, 1, '', z.line FROM lesson_not_run z WHERE z.kind = 'addition'
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, axis COLLATE BINARY) AS n
  FROM rows
 ORDER BY lp NULLS LAST, lesson, n;
