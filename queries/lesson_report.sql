-- Every lesson's whole output: the tables it prints, in its order, an empty
-- line before every table but the first, one lesson after the other (lesson
-- position), each table's lines from its text view. Which tables, in which
-- order, with which titles, is lesson_blocks' rule (a title there replaces
-- the table's first line). An own table's rows come from a query held in
-- the table, which SQL cannot run: here it is its title and a line naming
-- it (own_position: its lesson_table position, NULL on every other line),
-- in whose place 'isolab lesson', 'report' and 'page' print its rows. One
-- lesson's tables, exactly as the lesson prints them when it has no table
-- of its own:
--   SELECT line FROM lesson_report WHERE lesson = 'M03/K05';
WITH chosen AS (
  SELECT b.lesson, 2 * b.position + (b.own_position IS NOT NULL) AS block, b.block AS name, b.title,
         b.own_position AS own
    FROM lesson_blocks b
   WHERE b.lesson IN (SELECT lesson FROM lesson_scope)
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
