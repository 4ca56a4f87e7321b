-- Every bundle under each lesson's channel, as data for 'isolab page'
-- (bundle_table prints the same rows as text), in bundle position order,
-- from current_surface; a bundle with no current result is left out.
SELECT x.lesson, s.bundle, s.visible, s.returned, s.open_surface, s.open_axes
  FROM lesson_scope x
  JOIN current_surface s ON s.channel = x.channel
  JOIN bundle b ON b.name = s.bundle
 ORDER BY x.lesson_position NULLS LAST, x.lesson, b.position;
