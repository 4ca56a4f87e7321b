-- The parts of each lesson's channel under the lesson's bundle, as data for
-- 'isolab page' and the rows part_table prints as text: each part of the
-- focus channel (channel_part, by part position, then name) with the facts
-- it shows, the surface of its current 'run' result (current_surface) and
-- the facts it returns (fact_status of the lesson's run, in fact position
-- order, space-separated; NULL when it returns none). A lesson whose channel
-- has no parts has no row. n numbers a lesson's rows.
SELECT x.lesson, x.lesson_position, x.channel, p.part, p.position,
       (SELECT count(*) FROM channel_fact cf WHERE cf.channel = p.part) AS shows,
       s.returned, s.open_surface, s.open_axes, s.cost_pct,
       (SELECT group_concat(fact, ' ')
          FROM (SELECT fs.fact FROM fact_status fs
                 WHERE fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = p.part
                   AND fs.status = 'returns' ORDER BY fs.position, fs.fact)) AS returned_facts,
       row_number() OVER (PARTITION BY x.lesson ORDER BY p.position NULLS LAST, p.part) AS n
  FROM lesson_scope x
  JOIN channel_part p ON p.channel = x.channel
  JOIN current_surface s ON s.bundle = x.bundle AND s.channel = p.part
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
