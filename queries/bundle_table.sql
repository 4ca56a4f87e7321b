-- The bundle table: every bundle of the model, in bundle position order,
-- under the lesson's channel (lesson_scope). Each row comes from
-- current_surface; a bundle with no current result is left out. n numbers
-- the lines of a lesson's table. The bundle column is the lesson's 12
-- characters wide, or as wide as the longest name.
-- The width is a window over the rows (a member list's surface row counts
-- for it, as before, but is not printed): a width subquery joined twice had
-- SQLite expand lesson_scope and current_surface three more times. The
-- header row (k = 0) and the bundle rows come from one reading of
-- lesson_scope, the header being the row of j = 0 that joins no surface.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, CASE j.k WHEN 0 THEN 0 ELSE b.position END AS k,
         j.k = 0 OR b.name IS NOT NULL AS shown, s.bundle, s.visible, s.returned, s.open_surface, s.open_axes
    FROM lesson_scope x
   CROSS JOIN (SELECT 0 AS k UNION ALL SELECT 1) j
    LEFT JOIN current_surface s ON j.k = 1 AND s.channel = x.channel
    LEFT JOIN bundle b ON b.name = s.bundle
   WHERE j.k = 0 OR s.bundle IS NOT NULL
),
width AS (
  SELECT *, max(12, coalesce(max(length(bundle)) OVER (PARTITION BY lesson), 0)) AS w
    FROM rows
)
SELECT lesson,
       CASE WHEN k = 0 THEN printf('%!-*s', w + 2, 'bundle') || 'visible  returned  open surface  open axes'
            ELSE '  ' || printf('%!-*s', w, bundle)
                 || printf(' %7d %10d %10d %10d', visible, returned, open_surface, open_axes) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY k) AS n
  FROM width
 WHERE shown
 ORDER BY lp NULLS LAST, lesson, n;
