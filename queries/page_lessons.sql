-- The lessons 'isolab page' shows, in the course's order: code, title,
-- position, the channels each measures (comma-separated: each whole by
-- name, followed by its parts in part order, as its parts table lists
-- them) and how many claims it states.
SELECT l.code AS lesson, l.title, l.position,
       (SELECT group_concat(name, ', ')
          FROM (SELECT c.name FROM channel c LEFT JOIN channel_part p ON p.part = c.name
                 WHERE c.lesson = l.code
                 ORDER BY coalesce(p.channel, c.name), p.part IS NOT NULL, p.position NULLS LAST, c.name))
         AS channels,
       (SELECT count(*) FROM claim c WHERE c.lesson = l.code) AS claims
  FROM lesson l
 ORDER BY l.position NULLS LAST, l.code;
