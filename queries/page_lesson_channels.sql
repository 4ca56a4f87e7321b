-- The channels under each lesson's bundle, as data for 'isolab page' and
-- the rows channel_table prints as text: the lesson's own channel first,
-- then the channels of the lessons up to and including its own, from
-- current_surface, in lesson_channel's order: by lesson position, each
-- whole followed by its parts (by part position, then name), part_of
-- naming the whole (NULL for a channel that is no part). The lesson's own
-- channel comes first with its whole and parts: where it is a whole its
-- parts follow it, where it is a part its whole and the other parts come
-- with it. cost_per_fact is NULL when the channel returns nothing. n
-- numbers a lesson's rows in that order.
SELECT x.lesson, x.lesson_position, c.name AS channel, p.channel AS part_of, s.returned, s.open_surface, s.cost_pct,
       s.run_time, s.cost_per_fact,
       row_number() OVER (PARTITION BY x.lesson
                          ORDER BY coalesce(p.channel, c.name) <> coalesce(op.channel, x.channel),
                                   l.position, coalesce(p.channel, c.name), p.channel IS NOT NULL,
                                   p.position NULLS LAST, c.name) AS n
  FROM lesson_scope x
  JOIN channel c
  LEFT JOIN channel_part p ON p.part = c.name
  LEFT JOIN channel_part op ON op.part = x.channel
  LEFT JOIN lesson l ON l.code = c.lesson
  JOIN current_surface s ON s.bundle = x.bundle AND s.channel = c.name
 WHERE c.name = x.channel
    OR l.position <= (SELECT ol.position FROM channel oc JOIN lesson ol ON ol.code = oc.lesson
                       WHERE oc.name = x.channel)
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
