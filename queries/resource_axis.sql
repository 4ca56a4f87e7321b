-- "RESOURCE AXIS (the control group's axis)": every fact on the chosen axis,
-- in fact position order, with its status under the lesson's bundle x
-- channel, from the latest finished 'run' run that has rows for them.
-- The title names the first mechanism of the bundle that closes the axis.
WITH p(bundle, channel, axis) AS (VALUES ('strict', 'sampling-profile', 'resource')),
pick AS (
  SELECT l.run_id FROM latest_surface l JOIN p ON l.bundle = p.bundle AND l.channel = p.channel
),
closer AS (
  SELECT bm.mechanism
    FROM bundle_member bm
    JOIN mechanism_axis ma ON ma.mechanism = bm.mechanism
    JOIN p ON bm.bundle = p.bundle AND ma.axis = p.axis
   ORDER BY bm.position
   LIMIT 1
)
SELECT line FROM (
  SELECT 0 AS part, 0 AS pos, '' AS fact,
         upper(p.axis) || ' AXIS ('
         || coalesce('the ' || replace((SELECT mechanism FROM closer), '-', ' ') || '''s axis)',
                     'no mechanism of ' || p.bundle || ' closes it)') AS line
    FROM p
  UNION ALL
  SELECT 1, fs.position, fs.fact,
         '  ' || printf('%!-20s', fs.fact)
         || CASE fs.status WHEN 'left-open' THEN 'left open'
                           WHEN 'returns'   THEN 'RETURNS'
                           ELSE fs.status END
    FROM fact_status fs
    JOIN pick ON fs.run_id = pick.run_id
    JOIN p ON fs.bundle = p.bundle AND fs.channel = p.channel AND fs.axis = p.axis
)
ORDER BY part, pos, fact;
