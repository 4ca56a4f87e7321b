-- The mechanisms each bundles sweep, frontier and smallest run covered:
-- one row per run with a 'mechanisms' parameter (run_param: the names,
-- comma-separated in mechanism order), how many it covered, how many the
-- model has now, and every_mechanism 1 when it covered all of them, in
-- the model's order. bundle_frontier and bundle_smallest say so in their
-- lines and columns; bundle_frontier's default answer is the latest over
-- every mechanism.
WITH model AS (
  SELECT count(*) AS n, coalesce(group_concat(name, ','), '') AS names
    FROM (SELECT name FROM mechanism ORDER BY position, name)
)
SELECT p.run_id, p.value AS mechanisms,
       CASE WHEN p.value = '' THEN 0 ELSE length(p.value) - length(replace(p.value, ',', '')) + 1 END AS covered,
       m.n AS mechanisms_in_model,
       p.value = m.names AS every_mechanism
  FROM run_param p
 CROSS JOIN model m
 WHERE p.key = 'mechanisms';
