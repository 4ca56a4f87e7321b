-- The size-versus-surface frontier of the current bundles sweep
-- (current_run): for each
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
WITH r AS (
  SELECT run_id AS id FROM current_run WHERE kind = 'bundles'
),
by_size AS (
  SELECT s.channel_id, s.size, min(s.open_surface) AS open_surface
    FROM bundle_sweep s JOIN r ON s.run_id = r.id
   GROUP BY s.channel_id, s.size
),
frontier AS (
  SELECT b.channel_id, b.size, b.open_surface
    FROM by_size b
   WHERE b.open_surface < (SELECT coalesce(min(o.open_surface), b.open_surface + 1)
                             FROM by_size o
                            WHERE o.channel_id = b.channel_id AND o.size < b.size)
),
-- (IN, not a join on frontier: SQLite indexes an IN list; the join scanned
-- frontier for every swept row, about 90 M instructions on eight lessons)
swept AS (
  SELECT n.run_id, n.channel, n.channel_id AS ord, n.size, n.open_surface, n.mask, n.members
    FROM bundle_sweep_named n
    JOIN r ON n.run_id = r.id
   WHERE (n.channel_id, n.size, n.open_surface) IN (SELECT channel_id, size, open_surface FROM frontier)
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
