-- The sample count sweep of each lesson: page_lesson_samples' rows (the
-- current 'samples' sweep of the lesson's bundle x channel), printed, by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table. Each column is the lesson's width (6, 8, 15, 17), or as
-- wide as its widest number, its heading moved along with it.
-- The widths are windows over the rows; the title and header rows (part 1
-- and 2) come from one lesson_scope row left-joined with lesson_not_run.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, j.k AS part, z.line AS not_run,
         NULL AS samples, NULL AS lines, NULL AS returned, NULL AS lines_per_fact
    FROM lesson_scope x
   CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2) j
    LEFT JOIN lesson_not_run z ON z.lesson = x.lesson AND z.kind = 'samples'
  UNION ALL
  SELECT s.lesson, s.lesson_position, 3, NULL, s.samples, s.lines, s.returned, s.lines_per_fact
    FROM page_lesson_samples s
),
width AS (
  SELECT *, max(6, coalesce(max(length(samples)) OVER w, 0)) AS ws,
         max(8, coalesce(max(length(lines)) OVER w, 0)) AS wl,
         max(15, coalesce(max(length(returned)) OVER w, 0)) AS wr,
         max(17, coalesce(max(length(lines_per_fact)) OVER w, 0)) AS wp
    FROM rows
  WINDOW w AS (PARTITION BY lesson)
)
SELECT lesson,
       CASE WHEN part = 3
            THEN '  ' || printf('%*d %*d %*d ', ws, samples, wl, lines, wr, returned)
                 || printf('%*s', wp, coalesce(lines_per_fact, '-'))
            WHEN part = 1 THEN 'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)'
            ELSE coalesce(not_run, '  ' || printf('%*s%*s%*s%*s', ws + 1, 'samples', wl, 'lines',
                                                 wr + 1, 'returned fact', wp, 'lines per fact')) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part, samples) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
