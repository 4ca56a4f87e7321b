-- The sample count sweep of each lesson: the rows of the current 'samples'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep), by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table. Each column is the lesson's width (6, 8, 15, 17), or as
-- wide as its widest number, its heading moved along with it.
-- The sweep is read once, the widths windows over its rows; the title and
-- the header (or the not-run line) come from one lesson_scope row
-- left-joined with lesson_not_run (a NOT EXISTS over lesson_not_run and a
-- second reading of the sweep for the header compiled them again). The
-- title and header rows (k 1 and 2) and the sweep's rows (k 3) come from
-- one reading of lesson_scope.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, j.k > 2 AS part, CASE WHEN j.k > 2 THEN s.samples ELSE j.k END AS k,
         z.line AS not_run, s.samples, s.lines, s.returned, s.lines_per_fact
    FROM lesson_scope x
   CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) j
    LEFT JOIN lesson_not_run z ON j.k < 3 AND z.lesson = x.lesson AND z.kind = 'samples'
    LEFT JOIN current_sweep c ON j.k = 3 AND c.kind = 'samples' AND c.bundle = x.bundle AND c.channel = x.channel
    LEFT JOIN sample_sweep s ON s.run_id = c.run_id
   WHERE j.k < 3 OR s.run_id IS NOT NULL
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
       CASE WHEN part = 1
            THEN '  ' || printf('%*d %*d %*d ', ws, samples, wl, lines, wr, returned)
                 || printf('%*s', wp, coalesce(lines_per_fact, '-'))
            WHEN k = 1 THEN 'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)'
            ELSE coalesce(not_run, '  ' || printf('%*s%*s%*s%*s', ws + 1, 'samples', wl, 'lines',
                                                 wr + 1, 'returned fact', wp, 'lines per fact')) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
