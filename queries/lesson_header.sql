-- Each lesson's first line: how many facts and axes the model has, and how
-- many of the facts the lesson's bundle leaves visible / closes.
-- Source: fact_status of the current 'run' run for the lesson's bundle x
-- channel (lesson_scope; 'visible' and 'left-open' count as visible,
-- 'returns' and 'closed' as closed: the channel does not change what the
-- bundle closes). One row per lesson of lesson_scope; n numbers the lines
-- of a lesson's table.
SELECT x.lesson,
       'facts: ' || count(*)
       || ' | axes: ' || count(DISTINCT fs.axis)
       || ' | ' || x.bundle || ' bundle: visible '
       || sum(fs.status IN ('visible', 'left-open'))
       || ' closed ' || sum(fs.status IN ('returns', 'closed')) AS line,
       1 AS n
  FROM lesson_scope x
  JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
 GROUP BY x.lesson
 ORDER BY min(x.lesson_position) NULLS LAST, x.lesson;
