-- The axis table, "RESOURCE AXIS (the control group's axis)" for the
-- performance profiling lesson: every fact on the lesson's axis
-- (lesson_scope), in fact position order, with its status under the
-- lesson's bundle x channel, from the current 'run' run. The title names
-- the first mechanism of the bundle that closes the axis. Facts are padded
-- to 20 characters, or to one more than the longest. n numbers the lines of
-- a lesson's table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS pos, '' AS fact,
         upper(x.axis) || ' AXIS ('
         || coalesce('the ' || replace((SELECT bm.mechanism
                                          FROM bundle_member bm
                                          JOIN mechanism_axis ma ON ma.mechanism = bm.mechanism
                                         WHERE bm.bundle = x.bundle AND ma.axis = x.axis
                                         ORDER BY bm.position LIMIT 1), '-', ' ') || '''s axis)',
                     'no mechanism of ' || x.bundle || ' closes it)') AS line
    FROM lesson_scope x
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, fs.position, fs.fact,
         '  ' || printf('%!-*s', max(20, max(length(fs.fact)) OVER (PARTITION BY x.lesson) + 1), fs.fact)
         || CASE fs.status WHEN 'left-open' THEN 'left open'
                           WHEN 'returns'   THEN 'RETURNS'
                           ELSE fs.status END
    FROM lesson_scope x
    JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                       AND fs.axis = x.axis
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, pos, fact) AS n
  FROM rows
 ORDER BY lp NULLS LAST, lesson, n;
