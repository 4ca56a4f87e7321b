-- Every lesson's whole output: the tables it prints, in its order, an empty
-- line before every table but the first, one lesson after the other (lesson
-- position). A lesson prints the tables its lesson_block rows choose (by
-- position; a title there replaces the table's first line), else the
-- eight of the performance profiling lesson in that lesson's order. One
-- lesson's tables, exactly as the lesson prints them:
--   SELECT line FROM lesson_report WHERE lesson = 'M03/K05';
WITH chosen AS (
  SELECT x.lesson, b.position AS block, b.block AS name, b.title
    FROM lesson_scope x JOIN lesson_block b ON b.lesson = x.lesson
  UNION ALL
  SELECT x.lesson, d.k, d.name, NULL
    FROM lesson_scope x
    JOIN (SELECT 1 AS k, 'lesson_header' AS name UNION ALL SELECT 2, 'resource_axis'
          UNION ALL SELECT 3, 'channel_facts' UNION ALL SELECT 4, 'bundle_table'
          UNION ALL SELECT 5, 'channel_table' UNION ALL SELECT 6, 'sample_table'
          UNION ALL SELECT 7, 'removal_summary' UNION ALL SELECT 8, 'addition_table') d
   WHERE NOT EXISTS (SELECT 1 FROM lesson_block b WHERE b.lesson = x.lesson)
)
SELECT r.lesson, r.line
  FROM (SELECT c.lesson, c.block, t.n, CASE WHEN t.n = 1 AND c.title IS NOT NULL THEN c.title ELSE t.line END AS line
          FROM chosen c
          JOIN (SELECT lesson, 'lesson_header' AS name, n, line FROM lesson_header
                UNION ALL SELECT lesson, 'resource_axis', n, line FROM resource_axis
                UNION ALL SELECT lesson, 'channel_facts', n, line FROM channel_facts
                UNION ALL SELECT lesson, 'bundle_table', n, line FROM bundle_table
                UNION ALL SELECT lesson, 'channel_table', n, line FROM channel_table
                UNION ALL SELECT lesson, 'part_table', n, line FROM part_table
                UNION ALL SELECT lesson, 'sample_table', n, line FROM sample_table
                UNION ALL SELECT lesson, 'removal_summary', n, line FROM removal_summary
                UNION ALL SELECT lesson, 'addition_table', n, line FROM addition_table) t
            ON t.lesson = c.lesson AND t.name = c.name
        UNION ALL
        SELECT c.lesson, c.block, 0, ''
          FROM chosen c
         WHERE c.block > (SELECT min(d.block) FROM chosen d WHERE d.lesson = c.lesson)) r
  JOIN lesson l ON l.code = r.lesson
 ORDER BY l.position NULLS LAST, r.lesson, r.block, r.n;
