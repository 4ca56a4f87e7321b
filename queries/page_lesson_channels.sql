-- The channels under each lesson's bundle, as data for 'isolab page' and
-- the rows channel_table prints as text: the lesson's own channel first,
-- then the channels of the lessons up to and including its own (by lesson
-- position, then name), from current_surface. cost_per_fact is NULL when
-- the channel returns nothing. n numbers a lesson's rows in that order.
SELECT x.lesson, x.lesson_position, c.name AS channel, s.returned, s.open_surface, s.cost_pct, s.run_time, s.cost_per_fact,
       row_number() OVER (PARTITION BY x.lesson ORDER BY c.name <> x.channel, l.position, c.name) AS n
  FROM lesson_scope x
  JOIN channel c
  LEFT JOIN lesson l ON l.code = c.lesson
  JOIN current_surface s ON s.bundle = x.bundle AND s.channel = c.name
 WHERE c.name = x.channel
    OR l.position <= (SELECT ol.position FROM channel oc JOIN lesson ol ON ol.code = oc.lesson
                       WHERE oc.name = x.channel)
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
