-- The sample count sweep: the rows of the latest finished 'samples' run
-- (whatever bundle x channel it used), by sample count. lines per fact is
-- '-' when the channel returns nothing (lines_per_fact IS NULL).
WITH pick AS (
  SELECT run_id FROM latest_run WHERE kind = 'samples'
)
SELECT line FROM (
  SELECT 0 AS part, 1 AS n, 'SAMPLE COUNT SWEEP (returned fact does not depend on sample count)' AS line
  UNION ALL
  SELECT 0, 2, '  samples   lines   returned fact   lines per fact'
  UNION ALL
  SELECT 1, s.samples,
         '  ' || printf('%6d %8d %15d ', s.samples, s.lines, s.returned)
         || CASE WHEN s.lines_per_fact IS NULL THEN printf('%17s', '-')
                 ELSE printf('%17d', s.lines_per_fact) END
    FROM sample_sweep s JOIN pick ON s.run_id = pick.run_id
)
ORDER BY part, n;
