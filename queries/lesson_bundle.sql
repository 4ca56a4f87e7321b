-- Every bundle of the model with the lesson that brought it: the first (by
-- lesson position) loaded lesson whose file added it (lesson_brings), NULL
-- for a bundle of the course itself, which no loaded lesson brought. A
-- lesson's tables list the bundles of the lessons up to its own and of none
-- (page_lesson_bundles, bundle_table), as they list channels; in_course is
-- 1 for the bundles of the course as course_scope's lesson knew it
-- (course_lesson; a reading command's --lesson sets it for that command),
-- which the plots name: every bundle when no lesson is set there.
SELECT b.name AS bundle, b.position, l.code AS lesson, l.position AS lesson_position,
       l.code IS NULL OR EXISTS (SELECT 1 FROM course_lesson cl WHERE cl.lesson = l.code) AS in_course
  FROM bundle b
  LEFT JOIN lesson l ON l.code = (SELECT lb.lesson FROM lesson_brings lb JOIN lesson k ON k.code = lb.lesson
                                   WHERE lb.kind = 'bundle' AND lb.name = b.name
                                   ORDER BY k.position NULLS LAST, k.code LIMIT 1);
