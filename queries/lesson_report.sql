-- Every lesson's whole output: the tables it prints, in its order, an empty
-- line before every table but the first, one lesson after the other (lesson
-- position). A lesson prints the tables its lesson_block rows choose (by
-- position; a title there replaces the table's first line), else the
-- eight of the performance profiling lesson in that lesson's order; and
-- its own tables (lesson_table) at their positions, after a standard one
-- of the same number. An own table's rows come from a query held in the
-- table, which SQL cannot run: here it is its title and a line naming it
-- (own_position: its lesson_table position, NULL on every other line), in
-- whose place 'isolab lesson', 'report' and 'page' print its rows. One
-- lesson's tables, exactly as the lesson prints them when it has no table
-- of its own:
--   SELECT line FROM lesson_report WHERE lesson = 'M03/K05';
WITH chosen AS (
  SELECT x.lesson, 2 * b.position AS block, b.block AS name, b.title, NULL AS own
    FROM lesson_scope x JOIN lesson_block b ON b.lesson = x.lesson
  UNION ALL
  SELECT x.lesson, 2 * d.k, d.name, NULL, NULL
    FROM lesson_scope x
    JOIN (SELECT 1 AS k, 'lesson_header' AS name UNION ALL SELECT 2, 'resource_axis'
          UNION ALL SELECT 3, 'channel_facts' UNION ALL SELECT 4, 'bundle_table'
          UNION ALL SELECT 5, 'channel_table' UNION ALL SELECT 6, 'sample_table'
          UNION ALL SELECT 7, 'removal_summary' UNION ALL SELECT 8, 'addition_table') d
   WHERE NOT EXISTS (SELECT 1 FROM lesson_block b WHERE b.lesson = x.lesson)
  UNION ALL
  SELECT x.lesson, 2 * t.position + 1, NULL, t.title, t.position
    FROM lesson_scope x JOIN lesson_table t ON t.lesson = x.lesson
)
SELECT r.lesson, r.line, r.own_position
  FROM (SELECT c.lesson, c.block, t.n, CASE WHEN t.n = 1 AND c.title IS NOT NULL THEN c.title ELSE t.line END AS line,
               NULL AS own_position
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
        SELECT c.lesson, c.block, j.n, CASE j.n WHEN 1 THEN c.title
                                        ELSE '  (the lesson''s own table: lesson_table, position ' || c.own || ')' END,
               CASE j.n WHEN 2 THEN c.own END
          FROM chosen c CROSS JOIN (SELECT 1 AS n UNION ALL SELECT 2) j
         WHERE c.own IS NOT NULL
        UNION ALL
        SELECT c.lesson, c.block, 0, '', NULL
          FROM chosen c
         WHERE c.block > (SELECT min(d.block) FROM chosen d WHERE d.lesson = c.lesson)) r
  JOIN lesson l ON l.code = r.lesson
 ORDER BY l.position NULLS LAST, r.lesson, r.block, r.n;
