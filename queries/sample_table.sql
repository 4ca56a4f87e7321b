-- The sample count sweep of each lesson: the rows of the current 'samples'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep), by
-- sample count. lines per fact is '-' when the channel returns nothing
-- (lines_per_fact IS NULL). Without such a sweep, the title and the line
-- of lesson_not_run instead of the header. n numbers the lines of a
-- lesson's table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 1 AS k,
         'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT x.lesson, x.lesson_position, 0, 2, '  samples   lines   returned fact   lines per fact'
    FROM lesson_scope x
   WHERE NOT EXISTS (SELECT 1 FROM lesson_not_run z WHERE z.lesson = x.lesson AND z.kind = 'samples')
  UNION ALL
  SELECT z.lesson, z.lesson_position, 0, 2, z.line FROM lesson_not_run z WHERE z.kind = 'samples'
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
