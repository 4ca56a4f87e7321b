-- The axis table, "RESOURCE AXIS (the control group's axis)" for the
-- performance profiling lesson: page_lesson_axis' rows (every fact on the
-- lesson's axis, in fact position order, with its status under the
-- lesson's bundle x channel), printed. The title names the first mechanism
-- of the bundle that closes the axis (lesson_scope's closed_by). Facts are
-- padded to 20 characters, or to one more than the longest. n numbers the
-- lines of a lesson's table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS k, NULL AS fact, NULL AS status,
         upper(x.axis) || ' AXIS ('
         || coalesce('the ' || replace(x.closed_by, '-', ' ') || '''s axis)',
                     'no mechanism of ' || x.bundle || ' closes it)') AS title
    FROM lesson_scope x
  UNION ALL
  SELECT a.lesson, a.lesson_position, 1, a.n, a.fact, a.status, NULL
    FROM page_lesson_axis a
)
SELECT lesson,
       CASE WHEN part = 0 THEN title
            ELSE '  ' || printf('%!-*s', max(20, max(length(fact)) OVER (PARTITION BY lesson) + 1), fact) || status
       END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM rows
 ORDER BY lp NULLS LAST, lesson, n;
