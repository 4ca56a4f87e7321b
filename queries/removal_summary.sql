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
-- The sweep is read once and summed by windows on its baseline row: joins
-- of the sweep with its baseline, referenced from four places, had SQLite
-- expand lesson_scope and current_sweep six times per compile.
-- The title rides on a row of its own (t = 0) beside the sweep's, so
-- lesson_scope is read once.
WITH sweep AS (                  -- a title row (t = 0), then the sweep's rows
  SELECT x.lesson, x.lesson_position AS lp, j.t, rs.removed_fact, rs.position, rs.returned, rs.open_surface
    FROM lesson_scope x
   CROSS JOIN (SELECT 0 AS t UNION ALL SELECT 1) j
    LEFT JOIN current_sweep c ON j.t = 1 AND c.kind = 'removal' AND c.bundle = x.bundle AND c.channel = x.channel
    LEFT JOIN removal_sweep rs ON rs.run_id = c.run_id
   WHERE j.t = 0 OR rs.run_id IS NOT NULL
),
based AS (                       -- each row beside its sweep's baseline
  SELECT *, max(CASE WHEN removed_fact IS NULL THEN open_surface END) OVER (PARTITION BY lesson) AS base_surface,
            max(CASE WHEN removed_fact IS NULL THEN returned END) OVER (PARTITION BY lesson) AS base_returned
    FROM sweep
),
falls AS (                       -- each name as Python's repr() writes it
  SELECT *, removed_fact IS NOT NULL AND returned < base_returned AS falls,
         CASE WHEN instr(removed_fact, '''') > 0 AND instr(removed_fact, '"') = 0
              THEN '"' || replace(removed_fact, '\', '\\') || '"'
              ELSE '''' || replace(replace(removed_fact, '\', '\\'), '''', '\''') || ''''
         END AS repr
    FROM based
),
summary AS (                     -- on each baseline row, its sweep's counts
  SELECT lesson, lp, t, removed_fact, base_surface,
         count(*) FILTER (WHERE removed_fact IS NOT NULL) OVER w AS total,
         count(*) FILTER (WHERE removed_fact IS NOT NULL AND open_surface <> base_surface) OVER w AS changed,
         count(*) FILTER (WHERE falls) OVER w AS n,
         max(returned) FILTER (WHERE falls) OVER w AS most_left,
         group_concat(repr, ', ') FILTER (WHERE falls) OVER (
           PARTITION BY lesson ORDER BY position, removed_fact
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS list
    FROM falls
  WINDOW w AS (PARTITION BY lesson)
),
rows AS (
  SELECT s.lesson, s.lp, j.k,
         CASE j.k WHEN 1 THEN 'FACT SET SWEEP -- removal'
                  WHEN 2 THEN '  baseline open surface ' || s.base_surface
                              || ' | changes it ' || s.changed || ' | does not ' || (s.total - s.changed)
                  ELSE CASE WHEN s.n = 1 AND s.most_left = 0 THEN '  the only fact zeroing out the return: ['
                            ELSE '  facts whose removal lowers the return: [' END
                       || coalesce(s.list, '') || ']' END AS line
    FROM summary s
   CROSS JOIN (SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3) j
   WHERE CASE WHEN s.t = 0 THEN j.k = 1 ELSE s.removed_fact IS NULL AND j.k > 1 END
  UNION ALL
  SELECT z.lesson, z.lesson_position, 2, z.line FROM lesson_not_run z WHERE z.kind = 'removal'
)
SELECT lesson, line, k AS n
  FROM rows
 ORDER BY lp NULLS LAST, lesson, n;
