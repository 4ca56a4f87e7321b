-- Each lesson's tables for 'isolab page', one row per printed line: the
-- lesson, the line's number and the line. The eight table views behind
-- lesson_report speak of one lesson, the one whose channel they read
-- (sampling-profile, as lesson_header's first line says); when they carry
-- a lesson column of their own, this becomes a plain SELECT of it.
WITH focus(lesson) AS (SELECT lesson FROM channel WHERE name = 'sampling-profile')
SELECT focus.lesson, r.n, r.line
  FROM focus
  JOIN (SELECT row_number() OVER () AS n, line FROM lesson_report) r
 ORDER BY r.n;
