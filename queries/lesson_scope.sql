-- The lessons whose tables can be printed: every lesson with a focus
-- (lesson_focus) whose bundle x channel has current results, with the
-- bundle, channel and axis its tables use and the 'run' run they read.
-- param's bundle and channel, when set, stand in for every lesson's focus
-- bundle and channel. axis: the focus axis, else the axis of the channel's
-- first fact (channel_fact position order). The eight lesson-table views
-- and lesson_report read this.
SELECT x.lesson, x.lesson_position, x.bundle, x.channel, x.axis, s.run_id
  FROM (SELECT f.lesson, l.position AS lesson_position,
               coalesce((SELECT value FROM param WHERE key = 'bundle'), f.bundle) AS bundle,
               coalesce((SELECT value FROM param WHERE key = 'channel'), f.channel) AS channel,
               coalesce(f.axis, (SELECT fa.axis FROM channel_fact cf JOIN fact fa ON fa.name = cf.fact
                                  WHERE cf.channel = f.channel
                                  ORDER BY cf.position IS NULL, cf.position, fa.position LIMIT 1)) AS axis
          FROM lesson_focus f JOIN lesson l ON l.code = f.lesson) x
  JOIN current_surface_run s ON s.bundle = x.bundle AND s.channel = x.channel
 ORDER BY x.lesson_position IS NULL, x.lesson_position, x.lesson;
