-- The bundle table: every bundle of the model, in bundle position order,
-- under the lesson's channel (lesson_scope). Each row comes from
-- current_surface; a bundle with no current result is left out. n numbers
-- the lines of a lesson's table. The bundle column is the lesson's 12
-- characters wide, or as wide as the longest name.
WITH width AS (
  SELECT x.lesson, max(12, coalesce((SELECT max(length(s.bundle)) FROM current_surface s
                                      WHERE s.channel = x.channel), 0)) AS w
    FROM lesson_scope x
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS k,
         printf('%!-*s', w.w + 2, 'bundle') || 'visible  returned  open surface  open axes' AS line
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
  UNION ALL
  SELECT x.lesson, x.lesson_position, b.position,
         '  ' || printf('%!-*s', w.w, s.bundle)
         || printf(' %7d %10d %10d %10d', s.visible, s.returned, s.open_surface, s.open_axes)
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
    JOIN current_surface s ON s.channel = x.channel
    JOIN bundle b ON b.name = s.bundle
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
