-- The lesson's first line: how many facts and axes the model has, and how
-- many of the facts the lesson's bundle leaves visible / closes.
-- Source: fact_status of the latest finished 'run' run that has rows for the
-- lesson's bundle x channel ('visible' and 'left-open' count as visible,
-- 'returns' and 'closed' as closed: the channel does not change what the
-- bundle closes). Prints nothing when there is no such run.
WITH p(bundle, channel) AS (VALUES ('strict', 'sampling-profile')),
pick AS (
  SELECT l.run_id FROM latest_surface l JOIN p ON l.bundle = p.bundle AND l.channel = p.channel
),
fs AS (
  SELECT fs.*
    FROM fact_status fs JOIN pick ON fs.run_id = pick.run_id
    JOIN p ON fs.bundle = p.bundle AND fs.channel = p.channel
)
SELECT 'facts: ' || count(*)
       || ' | axes: ' || count(DISTINCT fs.axis)
       || ' | ' || (SELECT bundle FROM p) || ' bundle: visible '
       || sum(fs.status IN ('visible', 'left-open'))
       || ' closed ' || sum(fs.status IN ('returns', 'closed')) AS line
  FROM fs
HAVING count(*) > 0
ORDER BY 1;
