-- The facts the lesson's channel shows (its own channel_fact rows by
-- position, facts without a position and its parts' facts following in
-- fact position order), each with its axis and what happens to it under
-- the lesson's bundle: 'RETURNS' (closed by the bundle, shown by the
-- channel), 'already visible' (visible or left open), else 'closed'.
-- The rows are page_lesson_facts', printed; statuses come from the
-- current 'run' run of the lesson's bundle x channel (lesson_scope); facts
-- missing from that run are skipped. n numbers the lines of a lesson's
-- table. The fact and axis columns are the lesson's 24 and 10 characters
-- wide, or as wide as their longest value and a space.
WITH width AS (
  SELECT x.lesson,
         max(24, coalesce((SELECT max(length(f.fact)) + 1 FROM page_lesson_facts f WHERE f.lesson = x.lesson), 0)) AS wf,
         max(10, coalesce((SELECT max(length(f.axis)) + 1 FROM page_lesson_facts f WHERE f.lesson = x.lesson), 0)) AS wa
    FROM lesson_scope x
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS k,
         printf('%!-*s', w.wf + 1, 'fact shown by channel') || printf('%!-*s', w.wa, 'axis')
         || 'status under ' || x.bundle || ' bundle' AS line
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
  UNION ALL
  SELECT f.lesson, x.lesson_position, f.n,
         '  ' || printf('%!-*s', w.wf, f.fact) || printf('%!-*s', w.wa, f.axis) || f.status
    FROM page_lesson_facts f
    JOIN lesson_scope x ON x.lesson = f.lesson
    JOIN width w ON w.lesson = f.lesson
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY k) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
