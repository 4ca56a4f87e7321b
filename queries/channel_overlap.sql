-- For each bundle and each pair of channels computed under it: the facts
-- both return, the facts only the first returns and only the second
-- returns; counts, then the facts (space-separated, in fact position
-- order; '' for none). From current_fact_status. The first channel of a
-- pair comes before the second in lesson_channel order (then by name).
WITH ret AS (
  SELECT bundle, channel, fact, position FROM current_fact_status WHERE status = 'returns'
),
chans AS (
  SELECT s.bundle, s.channel, coalesce(lc.ord, 1e18) AS ord
    FROM current_surface s LEFT JOIN lesson_channel lc ON lc.channel = s.channel
),
pairs AS (
  SELECT a.bundle, a.channel AS channel_a, b.channel AS channel_b, a.ord AS ord_a, b.ord AS ord_b
    FROM chans a JOIN chans b ON b.bundle = a.bundle AND (a.ord, a.channel) < (b.ord, b.channel)
),
side AS (              -- each fact either channel of a pair returns, and who returns it
  SELECT p.bundle, p.channel_a, p.channel_b, f.fact, f.position,
         CASE WHEN a.fact IS NULL THEN 'b' WHEN b.fact IS NULL THEN 'a' ELSE 'both' END AS side
    FROM pairs p
    JOIN (SELECT bundle, fact, min(position) AS position FROM ret GROUP BY bundle, fact) f
      ON f.bundle = p.bundle
    LEFT JOIN ret a ON a.bundle = p.bundle AND a.channel = p.channel_a AND a.fact = f.fact
    LEFT JOIN ret b ON b.bundle = p.bundle AND b.channel = p.channel_b AND b.fact = f.fact
   WHERE a.fact IS NOT NULL OR b.fact IS NOT NULL
),
lists AS (
  SELECT DISTINCT bundle, channel_a, channel_b, side,
         count(*) OVER w AS n,
         group_concat(fact, ' ') OVER w AS facts
    FROM side
  WINDOW w AS (PARTITION BY bundle, channel_a, channel_b, side ORDER BY position, fact
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
)
SELECT p.bundle, p.channel_a, p.channel_b,
       coalesce(lb.n, 0) AS both_return,
       coalesce(la.n, 0) AS only_a,
       coalesce(lo.n, 0) AS only_b,
       coalesce(lb.facts, '') AS both_facts,
       coalesce(la.facts, '') AS only_a_facts,
       coalesce(lo.facts, '') AS only_b_facts
  FROM pairs p
  LEFT JOIN bundle bu ON bu.name = p.bundle
  LEFT JOIN lists lb ON lb.bundle = p.bundle AND lb.channel_a = p.channel_a AND lb.channel_b = p.channel_b AND lb.side = 'both'
  LEFT JOIN lists la ON la.bundle = p.bundle AND la.channel_a = p.channel_a AND la.channel_b = p.channel_b AND la.side = 'a'
  LEFT JOIN lists lo ON lo.bundle = p.bundle AND lo.channel_a = p.channel_a AND lo.channel_b = p.channel_b AND lo.side = 'b'
 ORDER BY bu.position NULLS LAST, p.bundle, p.ord_a, p.channel_a, p.ord_b, p.channel_b;
