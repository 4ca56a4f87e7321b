-- The facts the lesson's channel shows (its own channel_fact rows by
-- position, facts without a position and its parts' facts following in
-- fact position order), each with its axis and what happens to it under
-- the lesson's bundle: 'RETURNS' (closed by the bundle, shown by the
-- channel), 'already visible' (visible or left open), else 'closed'.
-- The rows are page_lesson_facts', printed; statuses come from the
-- current 'run' run of the lesson's bundle x channel (lesson_scope); facts
-- missing from that run are skipped. n numbers the lines of a lesson's
-- table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS k,
         'fact shown by channel    axis      status under ' || x.bundle || ' bundle' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT f.lesson, x.lesson_position, f.n,
         '  ' || printf('%!-24s', f.fact) || printf('%!-10s', f.axis) || f.status
    FROM page_lesson_facts f
    JOIN lesson_scope x ON x.lesson = f.lesson
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
