-- The lessons of the course as course_scope's lesson knew it: every lesson
-- up to its position, itself, and the lessons at the positions it announces
-- (lesson_announces); every lesson when course_scope.lesson is NULL or no
-- longer a lesson.
SELECT l.code AS lesson, l.position
  FROM lesson l
  JOIN course_scope cs ON cs.id = 1
  LEFT JOIN lesson k ON k.code = cs.lesson
 WHERE k.code IS NULL OR l.code = k.code OR l.position <= k.position
    OR l.position IN (SELECT a.position FROM lesson_announces a WHERE a.lesson = k.code)
 ORDER BY l.position NULLS LAST, l.code;
