-- The lessons 'isolab page' shows, in the course's order: code, title,
-- position and the channels each measures (comma-separated, by name).
SELECT l.code AS lesson, l.title, l.position,
       (SELECT group_concat(name, ', ') FROM (SELECT name FROM channel WHERE lesson = l.code ORDER BY name))
         AS channels
  FROM lesson l
 ORDER BY l.position IS NULL, l.position, l.code;
