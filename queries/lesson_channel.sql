-- Every channel of the model with its lesson: the lesson's place in the
-- course, code and title; the whole it is a part of (NULL for a channel
-- that is no part); its cost in percent. ord is the channel's place in
-- every comparison: by lesson position (channels without a lesson last),
-- each whole followed by its parts (by part position, then name). Only the
-- channels of the course as course_scope's lesson knew it (course_lesson;
-- a channel of no lesson only when no lesson is set there).
-- Shaped to compile cheaply (36 claims read it, through channel_comparison
-- or alone): the final ORDER BY repeats the window's keys, so SQLite sorts
-- once (ORDER BY ord sorted the rows again), and the course test is an
-- EXISTS, into which course_lesson is flattened (IN sorted it and built a
-- list of it).
SELECT row_number() OVER (
         ORDER BY l.position NULLS LAST, coalesce(p.channel, c.name), p.channel IS NOT NULL,
                  p.position NULLS LAST, c.name) AS ord,
       l.position AS lesson_position, c.lesson, l.title AS lesson_title,
       c.name AS channel, p.channel AS part_of, c.cost_pct
  FROM channel c
  LEFT JOIN lesson l ON l.code = c.lesson
  LEFT JOIN channel_part p ON p.part = c.name
 WHERE CASE WHEN c.lesson IS NULL THEN NOT EXISTS (SELECT 1 FROM course_scope cs JOIN lesson k ON k.code = cs.lesson)
            ELSE EXISTS (SELECT 1 FROM course_lesson cl WHERE cl.lesson = c.lesson) END
 ORDER BY l.position NULLS LAST, coalesce(p.channel, c.name), p.channel IS NOT NULL,
          p.position NULLS LAST, c.name;
