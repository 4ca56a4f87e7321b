-- The sample count sweep of each lesson: the rows of the current 'samples'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep), by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table. Each column is the lesson's width (6, 8, 15, 17), or as
-- wide as its widest number, its heading moved along with it.
WITH sweep AS (
  SELECT x.lesson, s.*
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'samples' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN sample_sweep s ON s.run_id = c.run_id
),
width AS (
  SELECT x.lesson, max(6, coalesce(max(length(s.samples)), 0)) AS ws, max(8, coalesce(max(length(s.lines)), 0)) AS wl,
         max(15, coalesce(max(length(s.returned)), 0)) AS wr,
         max(17, coalesce(max(length(s.lines_per_fact)), 0)) AS wp
    FROM lesson_scope x LEFT JOIN sweep s ON s.lesson = x.lesson
   GROUP BY x.lesson
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 1 AS k,
         'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT x.lesson, x.lesson_position, 0, 2,
         '  ' || printf('%*s%*s%*s%*s', w.ws + 1, 'samples', w.wl, 'lines', w.wr + 1, 'returned fact',
                        w.wp, 'lines per fact')
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
   WHERE NOT EXISTS (SELECT 1 FROM lesson_not_run z WHERE z.lesson = x.lesson AND z.kind = 'samples')
  UNION ALL
  SELECT z.lesson, z.lesson_position, 0, 2, z.line FROM lesson_not_run z WHERE z.kind = 'samples'
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, s.samples,
         '  ' || printf('%*d %*d %*d ', w.ws, s.samples, w.wl, s.lines, w.wr, s.returned)
         || printf('%*s', w.wp, coalesce(s.lines_per_fact, '-'))
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
    JOIN sweep s ON s.lesson = x.lesson
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
