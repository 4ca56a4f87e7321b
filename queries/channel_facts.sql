-- The facts the lesson's channel shows (channel_fact.position order; facts
-- without a position follow, in fact position order), each with its axis and
-- what happens to it under the lesson's bundle: 'RETURNS' (closed by the
-- bundle, shown by the channel), 'already visible' (visible or left open),
-- else 'closed'. Statuses come from the latest finished 'run' run that has
-- rows for the bundle x channel; facts missing from that run are skipped.
WITH p(bundle, channel) AS (VALUES ('strict', 'sampling-profile')),
pick AS (
  SELECT l.run_id FROM latest_surface l JOIN p ON l.bundle = p.bundle AND l.channel = p.channel
)
SELECT line FROM (
  SELECT 0 AS part, 0 AS unplaced, 0 AS cpos, 0 AS fpos, '' AS fact,
         'fact shown by channel    axis      status under ' || p.bundle || ' bundle' AS line
    FROM p
  UNION ALL
  SELECT 1, cf.position IS NULL, cf.position, fs.position, cf.fact,
         '  ' || printf('%!-24s', cf.fact) || printf('%!-10s', fs.axis)
         || CASE WHEN fs.status = 'returns' THEN 'RETURNS'
                 WHEN fs.status IN ('visible', 'left-open') THEN 'already visible'
                 ELSE 'closed' END
    FROM p
    JOIN channel_fact cf ON cf.channel = p.channel
    JOIN fact_status fs ON fs.fact = cf.fact AND fs.bundle = p.bundle AND fs.channel = p.channel
    JOIN pick ON fs.run_id = pick.run_id
)
ORDER BY part, unplaced, cpos, fpos, fact;
