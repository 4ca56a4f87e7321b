-- Every bundle under each lesson's channel, as data for 'isolab page' and
-- the rows bundle_table prints as text: the bundles of the course as the
-- lesson knew it (lesson_bundle: the course's own and those the lessons up
-- to it brought; a later lesson's bundle and a member list's what-if row
-- are not its), in bundle position order, from current_surface; a bundle
-- with no current result is left out. n numbers a lesson's rows.
SELECT x.lesson, x.lesson_position, s.bundle, s.visible, s.returned, s.open_surface, s.open_axes,
       row_number() OVER (PARTITION BY x.lesson ORDER BY b.position NULLS LAST, b.bundle) AS n
  FROM lesson_scope x
  JOIN current_surface s ON s.channel = x.channel
  JOIN lesson_bundle b ON b.bundle = s.bundle
 WHERE b.lesson IS NULL OR b.lesson = x.lesson OR b.lesson_position <= x.lesson_position
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
