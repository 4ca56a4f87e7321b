-- The facts each lesson's channel shows, as data for 'isolab page'
-- (channel_facts prints the same rows as text): its own facts by position,
-- then facts without a position and its parts' facts, each with its axis
-- and what the lesson's bundle makes of it: RETURNS (closed by the bundle,
-- shown by the channel), already visible, or closed; n numbers a lesson's
-- rows in that order (channel_facts prints them from here).
WITH shown AS (
  SELECT channel, fact, min(position) AS cpos
    FROM (SELECT channel, fact, position FROM channel_fact
          UNION ALL
          SELECT p.channel, cf.fact, NULL FROM channel_part p JOIN channel_fact cf ON cf.channel = p.part)
   GROUP BY channel, fact
)
SELECT x.lesson, x.lesson_position, sh.fact, fs.axis,
       CASE WHEN fs.status = 'returns' THEN 'RETURNS'
            WHEN fs.status IN ('visible', 'left-open') THEN 'already visible'
            ELSE 'closed' END AS status,
       row_number() OVER (PARTITION BY x.lesson ORDER BY sh.cpos NULLS LAST, fs.position, sh.fact) AS n
  FROM lesson_scope x
  JOIN shown sh ON sh.channel = x.channel
  JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                     AND fs.fact = sh.fact
 ORDER BY x.lesson_position NULLS LAST, x.lesson, n;
