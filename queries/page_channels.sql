-- The model's channels for 'isolab page', in comparison order
-- (lesson_channel): lesson, cost in percent of the baseline run, the whole
-- a part belongs to, and the facts it shows (channel_shows, parts
-- included, each once; by fact position).
SELECT lc.channel, lc.lesson, lc.cost_pct, lc.part_of,
       (SELECT group_concat(fact, ', ')
          FROM (SELECT fact FROM channel_shows WHERE channel = lc.channel
                 GROUP BY fact ORDER BY min(position), fact)) AS shows
  FROM lesson_channel lc
 ORDER BY lc.ord;
