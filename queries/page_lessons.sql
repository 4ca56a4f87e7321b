-- The lessons 'isolab page' shows, in the course's order: code, title,
-- position, the channels each measures (comma-separated, by name) and how
-- many claims it states.
SELECT l.code AS lesson, l.title, l.position,
       (SELECT group_concat(name, ', ') FROM (SELECT name FROM channel WHERE lesson = l.code ORDER BY name))
         AS channels,
       (SELECT count(*) FROM claim c WHERE c.lesson = l.code) AS claims
  FROM lesson l
 ORDER BY l.position NULLS LAST, l.code;
