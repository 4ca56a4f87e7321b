-- The sample count sweep of each lesson: the rows of the current 'samples'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep), by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table.
-- The title and the header (or the not-run line) come from one reading of
-- lesson_scope and lesson_not_run: a NOT EXISTS over lesson_not_run for the
-- header and a third lesson_scope read compiled both again.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, j.k,
         CASE j.k WHEN 1 THEN 'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)'
                  ELSE coalesce(z.line, '  samples   lines   returned fact   lines per fact') END AS line
    FROM lesson_scope x
   CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2) j
    LEFT JOIN lesson_not_run z ON z.lesson = x.lesson AND z.kind = 'samples'
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, s.samples,
         '  ' || printf('%6d %8d %15d ', s.samples, s.lines, s.returned)
         || CASE WHEN s.lines_per_fact IS NULL THEN printf('%17s', '-')
                 ELSE printf('%17d', s.lines_per_fact) END
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'samples' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN sample_sweep s ON s.run_id = c.run_id
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
