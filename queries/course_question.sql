-- The saved queries that ask the course's questions, one row per view: a
-- view some lesson's claim reads (so a new lesson's claims bring theirs),
-- and the comparisons and what-if answers the tutorial asks of every
-- lesson. The page's lab lists them first and 'report <TAB>' offers them;
-- the rest (the page's and the plots' rows, the record's bookkeeping) is
-- under every view. why: 'a claim reads it' or 'a comparison'.
WITH v(name, by_claim) AS (
  SELECT s.name, EXISTS (SELECT 1 FROM claim c
                          WHERE c.actual_sql GLOB '*[^A-Za-z0-9_]' || s.name || '[^A-Za-z0-9_]*'
                             OR c.actual_sql GLOB '*[^A-Za-z0-9_]' || s.name)
    FROM sqlite_schema s
   WHERE s.type = 'view')
SELECT name, CASE WHEN by_claim THEN 'a claim reads it' ELSE 'a comparison' END AS why
  FROM v
 WHERE by_claim
    OR name IN ('channel_comparison', 'axis_visibility', 'channel_overlap', 'bundle_frontier', 'bundle_smallest',
                'bundle_marginal', 'lesson_report', 'current_surface', 'current_fact_status', 'observed_vs_model',
                'channel_cost_observed')
 ORDER BY name;
