-- The whole lesson output: the eight block views in the lesson's order, an
-- empty line before every block but the first. Each block view is already
-- ordered; row_number() OVER () numbers its rows in that order (the outer
-- query reading a single view with no ORDER BY of its own, SQLite keeps the
-- view's ORDER BY), and the report orders by block, then that number.
SELECT line FROM (
  SELECT 1 AS block, n, line FROM (SELECT row_number() OVER () AS n, line FROM lesson_header)
  UNION ALL SELECT 2, 0, ''
  UNION ALL SELECT 2, n, line FROM (SELECT row_number() OVER () AS n, line FROM resource_axis)
  UNION ALL SELECT 3, 0, ''
  UNION ALL SELECT 3, n, line FROM (SELECT row_number() OVER () AS n, line FROM channel_facts)
  UNION ALL SELECT 4, 0, ''
  UNION ALL SELECT 4, n, line FROM (SELECT row_number() OVER () AS n, line FROM bundle_table)
  UNION ALL SELECT 5, 0, ''
  UNION ALL SELECT 5, n, line FROM (SELECT row_number() OVER () AS n, line FROM channel_table)
  UNION ALL SELECT 6, 0, ''
  UNION ALL SELECT 6, n, line FROM (SELECT row_number() OVER () AS n, line FROM sample_table)
  UNION ALL SELECT 7, 0, ''
  UNION ALL SELECT 7, n, line FROM (SELECT row_number() OVER () AS n, line FROM removal_summary)
  UNION ALL SELECT 8, 0, ''
  UNION ALL SELECT 8, n, line FROM (SELECT row_number() OVER () AS n, line FROM addition_table)
)
ORDER BY block, n;
