-- The removal sweep summary of each lesson: lesson_removal's rows (the
-- current 'removal' sweep of the lesson's bundle x channel, each beside
-- its baseline), printed: the baseline's open surface; "changes it" counts
-- the removed facts that change it, "does not" the rest; the last line
-- lists, Python-list style and in fact position order, the facts whose
-- removal lowers the returned count: in the lesson's words ("the only fact
-- zeroing out the return") when that is true, one fact whose removal
-- leaves nothing returned, and otherwise as "facts whose removal lowers
-- the return". Without such a sweep, the title and the line of
-- lesson_not_run. n numbers the lines of a lesson's table.
-- The sweep is read once and summed by windows on its baseline row; the
-- title rides on a row of its own, from lesson_scope.
WITH named AS (                  -- each name as Python's repr() writes it
  SELECT *, CASE WHEN instr(removed_fact, '''') > 0 AND instr(removed_fact, '"') = 0
                 THEN '"' || replace(removed_fact, '\', '\\') || '"'
                 ELSE '''' || replace(replace(removed_fact, '\', '\\'), '''', '\''') || ''''
            END AS repr
    FROM lesson_removal
),
summary AS (                     -- on each baseline row, its sweep's counts
  SELECT lesson, lesson_position AS lp, removed_fact, baseline_open_surface AS base,
         count(changes) OVER w AS total,
         count(*) FILTER (WHERE changes) OVER w AS changed,
         count(*) FILTER (WHERE lowers) OVER w AS n,
         max(returned) FILTER (WHERE lowers) OVER w AS most_left,
         group_concat(repr, ', ') FILTER (WHERE lowers) OVER (
           PARTITION BY lesson ORDER BY position, removed_fact
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS list
    FROM named
  WINDOW w AS (PARTITION BY lesson)
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 1 AS k, 'FACT SET SWEEP -- removal' AS line
    FROM lesson_scope x
  UNION ALL
  SELECT s.lesson, s.lp, j.k,
         CASE j.k WHEN 2 THEN '  baseline open surface ' || s.base
                              || ' | changes it ' || s.changed || ' | does not ' || (s.total - s.changed)
                  ELSE CASE WHEN s.n = 1 AND s.most_left = 0 THEN '  the only fact zeroing out the return: ['
                            ELSE '  facts whose removal lowers the return: [' END
                       || coalesce(s.list, '') || ']' END
    FROM summary s
   CROSS JOIN (SELECT 2 AS k UNION ALL SELECT 3) j
   WHERE s.removed_fact IS NULL
  UNION ALL
  SELECT z.lesson, z.lesson_position, 2, z.line FROM lesson_not_run z WHERE z.kind = 'removal'
)
SELECT lesson, line, k AS n
  FROM rows
 ORDER BY lp NULLS LAST, lesson, n;
