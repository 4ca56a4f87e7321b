-- The bundle table: page_lesson_bundles' rows (the bundles of the course
-- as the lesson knew it, under its channel), printed. n numbers the lines
-- of a lesson's table. The bundle column is the lesson's 12 characters
-- wide, or as wide as the longest name it prints.
-- The width is a window over the rows; the header row (k = 0) and the
-- bundle rows come from one reading of lesson_scope.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS k, NULL AS bundle, NULL AS visible, NULL AS returned,
         NULL AS open_surface, NULL AS open_axes
    FROM lesson_scope x
  UNION ALL
  SELECT b.lesson, b.lesson_position, b.n, b.bundle, b.visible, b.returned, b.open_surface, b.open_axes
    FROM page_lesson_bundles b
),
width AS (
  SELECT *, max(12, coalesce(max(length(bundle)) OVER (PARTITION BY lesson), 0)) AS w
    FROM rows
)
SELECT lesson,
       CASE WHEN k = 0 THEN printf('%!-*s', w + 2, 'bundle') || 'visible  returned  open surface  open axes'
            ELSE '  ' || printf('%!-*s', w, bundle)
                 || printf(' %7d %10d %10d %10d', visible, returned, open_surface, open_axes) END AS line,
       k + 1 AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
