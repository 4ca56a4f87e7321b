-- The size-versus-surface frontier of the current bundles sweep of each
-- channel (current_bundle_sweep): for each
-- channel (and for no channel), the bundle sizes at which the least open
-- surface reachable is smaller than with any fewer members, and every
-- bundle of that size reaching it. When no bundles sweep is current, the
-- same from the latest current 'isolab frontier' run of each channel: one
-- bundle per size there (the first in mask order), as that run keeps only
-- the first; the latest run over every mechanism of the model, else the
-- latest over some. Columns: line (for 'isolab report'; the channel 22
-- characters wide, or as wide as the longest, the numbers as their widest;
-- '(over N of M mechanisms)' after it when the run covered only some),
-- then the same as data, and mechanisms: the ones the run covered when
-- not every one (run_coverage; NULL: every mechanism of the model).
-- (the rows of each run read by run_id, its groups kept by channel: a join
-- on r read a run's rows once per channel, IN on each row costs a tenth
-- more; the run last in GROUP BY, as the sort compares it least)
WITH r AS (
  SELECT run_id AS id, channel_id FROM current_bundle_sweep
),
by_size AS (
  SELECT s.run_id, s.channel_id, s.size, min(s.open_surface) AS open_surface
    FROM bundle_sweep s
   WHERE s.run_id IN (SELECT id FROM r)
   GROUP BY s.channel_id, s.size, s.run_id
  HAVING (s.run_id, s.channel_id) IN (SELECT id, channel_id FROM r)
),
frontier AS (
  SELECT b.run_id, b.channel_id, b.size, b.open_surface
    FROM by_size b
   WHERE b.open_surface < (SELECT coalesce(min(o.open_surface), b.open_surface + 1)
                             FROM by_size o
                            WHERE o.run_id = b.run_id AND o.channel_id = b.channel_id AND o.size < b.size)
),
-- (IN, not a join on frontier: SQLite indexes an IN list; the join scanned
-- frontier for every swept row, about 90 M instructions on eight lessons;
-- +run_id, or SQLite reads the run's rows once per frontier row; last, as
-- the lookup compares it least)
swept AS (
  SELECT n.run_id, n.channel, n.channel_id AS ord, n.size, n.open_surface, n.mask, n.members
    FROM bundle_sweep_named n
   WHERE n.run_id IN (SELECT id FROM r)
     AND (n.channel_id, n.size, n.open_surface, +n.run_id) IN (SELECT channel_id, size, open_surface, run_id
                                                                 FROM frontier)
),
-- without a current bundles sweep: each channel's latest current frontier run
fr AS (
  SELECT DISTINCT a.run_id, a.channel, c.every_mechanism
    FROM answer_frontier a
    JOIN run x ON x.id = a.run_id AND x.kind = 'frontier'
                AND x.model_digest = (SELECT digest FROM model_state)
    LEFT JOIN run_coverage c ON c.run_id = a.run_id
   WHERE NOT EXISTS (SELECT 1 FROM r)
),
answered AS (
  SELECT run_id, channel
    FROM (SELECT run_id, channel,
                 row_number() OVER (PARTITION BY channel ORDER BY coalesce(every_mechanism, 0) DESC, run_id DESC) AS k
            FROM fr)
   WHERE k = 1
),
computed AS (
  SELECT a.run_id, a.channel, (a.channel <> '') AS ord, a.size, a.open_surface, a.mask, a.members
    FROM answer_frontier a
    JOIN answered w ON w.run_id = a.run_id
   WHERE a.open_surface < (SELECT coalesce(min(o.open_surface), a.open_surface + 1)
                             FROM answer_frontier o
                            WHERE o.run_id = a.run_id AND o.size < a.size)
),
rows AS (
  SELECT * FROM swept UNION ALL SELECT * FROM computed
)
SELECT printf('%!-*s size %*d  open surface %*d  %s',
              max(22, max(length(CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END)) OVER ()),
              CASE WHEN n.channel = '' THEN '(no channel)' ELSE n.channel END,
              max(2, max(length(n.size)) OVER ()), n.size, max(3, max(length(n.open_surface)) OVER ()), n.open_surface,
              CASE WHEN n.members = '' THEN '(none)' ELSE n.members END)
       || CASE WHEN c.every_mechanism THEN ''
               ELSE printf('  (over %d of %d mechanisms)', c.covered, c.mechanisms_in_model) END AS line,
       n.run_id, n.channel, n.size, n.open_surface, n.mask, n.members,
       CASE WHEN NOT c.every_mechanism THEN c.mechanisms END AS mechanisms
  FROM rows n
  LEFT JOIN run_coverage c ON c.run_id = n.run_id
 ORDER BY n.ord, n.channel, n.size, n.mask;
