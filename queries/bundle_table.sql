-- The bundle table: the lesson's bundles, in the lesson's order, under the
-- lesson's channel. Each row comes from the latest finished 'run' run that
-- has a surface row for that bundle x channel; a bundle with no such row is
-- left out.
WITH p(channel) AS (VALUES ('sampling-profile')),
bundles(n, bundle) AS (VALUES (1, 'plain'), (2, 'common'), (3, 'strict'))
SELECT line FROM (
  SELECT 0 AS n, 'bundle        visible  returned  open surface  open axes' AS line
  UNION ALL
  SELECT b.n,
         '  ' || printf('%!-12s', s.bundle)
         || printf(' %7d %10d %10d %10d', s.visible, s.returned, s.open_surface, s.open_axes)
    FROM bundles b
    JOIN p
    JOIN latest_surface l ON l.bundle = b.bundle AND l.channel = p.channel
    JOIN surface s ON s.run_id = l.run_id AND s.bundle = l.bundle AND s.channel = l.channel
)
ORDER BY n;
