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
-- page_lesson_facts is read once: the widths are windows over the rows
-- (a width subquery per reference read it four more times, which made this
-- the dearest block of lesson_report to compile).
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS k, x.bundle, NULL AS fact, NULL AS axis, NULL AS status
    FROM lesson_scope x
  UNION ALL
  SELECT f.lesson, f.lesson_position, f.n, NULL, f.fact, f.axis, f.status
    FROM page_lesson_facts f
),
width AS (
  SELECT *, max(24, coalesce(max(length(fact)) OVER (PARTITION BY lesson) + 1, 0)) AS wf,
            max(10, coalesce(max(length(axis)) OVER (PARTITION BY lesson) + 1, 0)) AS wa
    FROM rows
)
SELECT lesson,
       CASE WHEN k = 0
            THEN printf('%!-*s', wf + 1, 'fact shown by channel') || printf('%!-*s', wa, 'axis')
                 || 'status under ' || bundle || ' bundle'
            ELSE '  ' || printf('%!-*s', wf, fact) || printf('%!-*s', wa, axis) || status END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY k) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
