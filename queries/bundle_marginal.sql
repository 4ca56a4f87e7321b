-- The marginal value of each mechanism: for each channel of the model and
-- for no channel, under its current bundles sweep (current_bundle_sweep),
-- and each swept mechanism, how much
-- adding it to a bundle narrows the open surface, on average over every
-- bundle (subset of the swept mechanisms) without it. The sweep holds every
-- subset, so S <-> S + mechanism pairs the subsets without it one to one
-- with those with it, and the average of the differences is the difference
-- of the two averages: one pass over the rows, no lookups. Columns: line
-- (for 'isolab report'; the channel and the mechanism 22 characters wide,
-- or as wide as the longest, the number as its widest), then the same as
-- data.
-- (the rows of each run read by run_id, its groups kept by channel: a join
-- on r read a run's rows once per channel; the run last in GROUP BY, as
-- the sort compares it least)
WITH r AS (
  SELECT run_id AS id, channel_id FROM current_bundle_sweep
),
m AS (
  SELECT s.run_id, s.channel_id, x.bit, x.mechanism,
         avg(CASE WHEN (s.mask >> x.bit) & 1 = 0 THEN s.open_surface END)
         - avg(CASE WHEN (s.mask >> x.bit) & 1 = 1 THEN s.open_surface END) AS narrows
    FROM bundle_sweep s
    JOIN bundle_sweep_mechanism x ON x.run_id = s.run_id
   WHERE s.run_id IN (SELECT id FROM r)
   GROUP BY s.channel_id, x.bit, s.run_id
  HAVING (s.run_id, s.channel_id) IN (SELECT id, channel_id FROM r)
)
SELECT printf('%!-*s %!-*s narrows by %*.2f',
              max(22, max(length(coalesce(c.channel, '(no channel)'))) OVER ()),
              coalesce(c.channel, '(no channel)'),
              max(22, max(length(m.mechanism)) OVER ()), m.mechanism,
              max(6, max(length(printf('%.2f', m.narrows))) OVER ()), m.narrows) AS line,
       m.run_id, coalesce(c.channel, '') AS channel, m.mechanism, m.narrows
  FROM m
  JOIN bundle_sweep_channel c ON c.run_id = m.run_id AND c.channel_id = m.channel_id
 ORDER BY m.channel_id, m.run_id, m.bit;
