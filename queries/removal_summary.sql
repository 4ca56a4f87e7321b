-- The removal sweep summary of each lesson, from the current 'removal'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep). The
-- baseline is the row whose removed_fact IS NULL; "changes it" counts
-- removed facts whose open surface differs from the baseline's, "does not"
-- the rest; the last line lists, Python-list style and in fact position
-- order, the facts whose removal lowers the returned count: in the lesson's
-- words ("the only fact zeroing out the return") when that is true, one
-- fact whose removal leaves nothing returned, and otherwise as "facts whose
-- removal lowers the return". Without such a sweep, the title and the
-- line of lesson_not_run. n numbers the lines of a
-- lesson's table.
WITH sweep AS (
  SELECT x.lesson, rs.*
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'removal' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN removal_sweep rs ON rs.run_id = c.run_id
),
base AS (
  SELECT lesson, open_surface, returned FROM sweep WHERE removed_fact IS NULL
),
counts AS (
  SELECT r.lesson, count(*) AS total, sum(r.open_surface <> b.open_surface) AS changed
    FROM sweep r JOIN base b ON b.lesson = r.lesson
   WHERE r.removed_fact IS NOT NULL
   GROUP BY r.lesson
),
falls AS (                       -- each name as Python's repr() writes it
  SELECT r.lesson, r.position, r.removed_fact, r.returned,
         CASE WHEN instr(r.removed_fact, '''') > 0 AND instr(r.removed_fact, '"') = 0
              THEN '"' || replace(r.removed_fact, '\', '\\') || '"'
              ELSE '''' || replace(replace(r.removed_fact, '\', '\\'), '''', '\''') || ''''
         END AS repr
    FROM sweep r JOIN base b ON b.lesson = r.lesson
   WHERE r.removed_fact IS NOT NULL AND r.returned < b.returned
),
falls_list AS (
  SELECT DISTINCT lesson,
         group_concat(repr, ', ') OVER (
           PARTITION BY lesson ORDER BY position, removed_fact
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS list,
         count(*) OVER (PARTITION BY lesson) AS n,
         max(returned) OVER (PARTITION BY lesson) AS most_left
    FROM falls
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 1 AS k, 'FACT SET SWEEP -- removal' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT z.lesson, z.lesson_position, 2, z.line FROM lesson_not_run z WHERE z.kind = 'removal'
  UNION ALL
  SELECT x.lesson, x.lesson_position, 2,
         '  baseline open surface ' || b.open_surface
         || ' | changes it ' || coalesce(c.changed, 0)
         || ' | does not ' || (coalesce(c.total, 0) - coalesce(c.changed, 0))
    FROM lesson_scope x JOIN base b ON b.lesson = x.lesson LEFT JOIN counts c ON c.lesson = x.lesson
  UNION ALL
  SELECT x.lesson, x.lesson_position, 3,
         CASE WHEN f.n = 1 AND f.most_left = 0 THEN '  the only fact zeroing out the return: ['
              ELSE '  facts whose removal lowers the return: [' END
         || coalesce(f.list, '') || ']'
    FROM lesson_scope x JOIN base b ON b.lesson = x.lesson LEFT JOIN falls_list f ON f.lesson = x.lesson
)
SELECT lesson, line, k AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
