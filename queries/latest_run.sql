-- The latest run of each kind, whatever model it saw: one row per kind.
SELECT kind, max(id) AS run_id
  FROM run
 GROUP BY kind;
