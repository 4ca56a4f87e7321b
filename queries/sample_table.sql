-- The sample count sweep of each lesson: the rows of the current 'samples'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep), by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table. Each column is the lesson's width (6, 8, 15, 17), or as
-- wide as its widest number, its heading moved along with it.
WITH sweep AS (
  SELECT x.lesson, s.*,
         max(6, max(length(s.samples)) OVER w) AS ws, max(8, max(length(s.lines)) OVER w) AS wl,
         max(15, max(length(s.returned)) OVER w) AS wr, max(17, coalesce(max(length(s.lines_per_fact)) OVER w, 0)) AS wp
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'samples' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN sample_sweep s ON s.run_id = c.run_id
  WINDOW w AS (PARTITION BY x.lesson)
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 1 AS k,
         'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT x.lesson, x.lesson_position, 0, 2,
         '  ' || printf('%*s%*s%*s%*s', coalesce(w.ws, 6) + 1, 'samples', coalesce(w.wl, 8), 'lines',
                        coalesce(w.wr, 15) + 1, 'returned fact', coalesce(w.wp, 17), 'lines per fact')
    FROM lesson_scope x
    LEFT JOIN (SELECT DISTINCT lesson, ws, wl, wr, wp FROM sweep) w ON w.lesson = x.lesson
   WHERE NOT EXISTS (SELECT 1 FROM lesson_not_run z WHERE z.lesson = x.lesson AND z.kind = 'samples')
  UNION ALL
  SELECT z.lesson, z.lesson_position, 0, 2, z.line FROM lesson_not_run z WHERE z.kind = 'samples'
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, s.samples,
         '  ' || printf('%*d %*d %*d ', s.ws, s.samples, s.wl, s.lines, s.wr, s.returned)
         || printf('%*s', s.wp, coalesce(s.lines_per_fact, '-'))
    FROM lesson_scope x
    JOIN sweep s ON s.lesson = x.lesson
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
