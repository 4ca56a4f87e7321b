-- Every lesson's whole output: the eight block views in the lesson's order,
-- an empty line before every block but the first, one lesson after the
-- other (lesson position). One lesson's tables, exactly as the lesson
-- prints them:
--   SELECT line FROM lesson_report WHERE lesson = 'M03/K05';
SELECT r.lesson, r.line
  FROM (SELECT lesson, 1 AS block, n, line FROM lesson_header
        UNION ALL SELECT x.lesson, b.block, 0, ''
                    FROM lesson_scope x
                    JOIN (SELECT 2 AS block UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5
                          UNION ALL SELECT 6 UNION ALL SELECT 7 UNION ALL SELECT 8) b
        UNION ALL SELECT lesson, 2, n, line FROM resource_axis
        UNION ALL SELECT lesson, 3, n, line FROM channel_facts
        UNION ALL SELECT lesson, 4, n, line FROM bundle_table
        UNION ALL SELECT lesson, 5, n, line FROM channel_table
        UNION ALL SELECT lesson, 6, n, line FROM sample_table
        UNION ALL SELECT lesson, 7, n, line FROM removal_summary
        UNION ALL SELECT lesson, 8, n, line FROM addition_table) r
  JOIN lesson l ON l.code = r.lesson
 ORDER BY l.position NULLS LAST, r.lesson, r.block, r.n;
