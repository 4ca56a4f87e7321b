-- The channel table under the lesson's bundle: the lesson's own channel
-- first, then every other channel of the lessons up to and including the
-- channel's lesson (by lesson.position; ties by name). Each row comes from the
-- latest finished 'run' run that has a surface row for bundle x channel; a
-- channel with no such row is left out.
-- cost: integral costs as integers, else one or two decimals (width 5);
-- cost per fact: two decimals (width 17), '-' when the channel returns
-- nothing. Exact binary ties (x.xx5, i.e. k/8) are rounded half to even, as
-- the lesson's Python formatting does; SQLite's printf would round them up.
WITH p(bundle, channel) AS (VALUES ('strict', 'sampling-profile')),
own AS (
  SELECT l.position
    FROM p JOIN channel c ON c.name = p.channel
    LEFT JOIN lesson l ON l.code = c.lesson
),
chans AS (
  SELECT c.name, c.name <> p.channel AS other, l.position AS lpos
    FROM p, channel c
    LEFT JOIN lesson l ON l.code = c.lesson
   WHERE c.name = p.channel OR l.position <= (SELECT position FROM own)
),
rows AS (
  SELECT ch.other, ch.lpos, ch.name, s.*,
         CAST(s.cost_per_fact * 100 AS INTEGER) AS cents
    FROM chans ch
    JOIN p
    JOIN latest_surface l ON l.channel = ch.name AND l.bundle = p.bundle
    JOIN surface s ON s.run_id = l.run_id AND s.bundle = l.bundle AND s.channel = l.channel
)
SELECT line FROM (
  SELECT 0 AS part, 0 AS other, 0 AS lpos, '' AS name,
         'channel                 returned  open surface  cost  run   cost per fact' AS line
  UNION ALL
  SELECT 1, other, lpos, name,
         '  ' || printf('%!-22s', name)
         || printf(' %4d %10d ', returned, open_surface)
         || CASE WHEN cost_pct = round(cost_pct)    THEN printf('%5d', cost_pct)
                 WHEN cost_pct = round(cost_pct, 1) THEN printf('%5.1f', cost_pct)
                 ELSE printf('%5.2f', cost_pct) END
         || printf(' %5d ', run_time)
         || CASE WHEN cost_per_fact IS NULL THEN printf('%17s', '-')
                 WHEN cost_per_fact * 100 - cents = 0.5
                   THEN printf('%17.2f', (cents + cents % 2) / 100.0)
                 ELSE printf('%17.2f', cost_per_fact) END
    FROM rows
)
ORDER BY part, other, lpos, name;
