-- The facts the lesson's channel shows (its own channel_fact rows by
-- position, facts without a position and its parts' facts following in
-- fact position order), each with its axis and what happens to it under
-- the lesson's bundle: 'RETURNS' (closed by the bundle, shown by the
-- channel), 'already visible' (visible or left open), else 'closed'.
-- Statuses come from the current 'run' run of the lesson's bundle x
-- channel (lesson_scope); facts missing from that run are skipped. n
-- numbers the lines of a lesson's table. The fact and axis columns are the
-- lesson's 24 and 10 characters wide, or as wide as their longest value
-- and a space.
WITH shown AS (
  SELECT channel, fact, min(position) AS cpos
    FROM (SELECT channel, fact, position FROM channel_fact
          UNION ALL
          SELECT p.channel, cf.fact, NULL FROM channel_part p JOIN channel_fact cf ON cf.channel = p.part)
   GROUP BY channel, fact
),
width AS (
  SELECT x.lesson,
         max(24, coalesce((SELECT max(length(fact)) + 1 FROM shown WHERE channel = x.channel), 0)) AS wf,
         max(10, coalesce((SELECT max(length(f.axis)) + 1 FROM shown sh JOIN fact f ON f.name = sh.fact
                            WHERE sh.channel = x.channel), 0)) AS wa
    FROM lesson_scope x
),
rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS unplaced, 0 AS cpos, 0 AS fpos, '' AS fact,
         printf('%!-*s', w.wf + 1, 'fact shown by channel') || printf('%!-*s', w.wa, 'axis')
         || 'status under ' || x.bundle || ' bundle' AS line
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
  UNION ALL
  SELECT x.lesson, x.lesson_position, 1, sh.cpos IS NULL, sh.cpos, fs.position, sh.fact,
         '  ' || printf('%!-*s', w.wf, sh.fact) || printf('%!-*s', w.wa, fs.axis)
         || CASE WHEN fs.status = 'returns' THEN 'RETURNS'
                 WHEN fs.status IN ('visible', 'left-open') THEN 'already visible'
                 ELSE 'closed' END
    FROM lesson_scope x
    JOIN width w ON w.lesson = x.lesson
    JOIN shown sh ON sh.channel = x.channel
    JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                       AND fs.fact = sh.fact
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, unplaced, cpos, fpos, fact) AS n
  FROM rows
 ORDER BY lp IS NULL, lp, lesson, n;
