-- The removal sweep summary, from the latest finished 'removal' run (whatever
-- bundle x channel it used). The baseline is the row whose removed_fact IS
-- NULL; "changes it" counts removed facts whose open surface differs from the
-- baseline's, "does not" the rest; the last line lists, Python-list style and
-- in fact position order, the facts whose removal lowers the returned count.
-- Only the title is printed when the run has no baseline row.
WITH pick AS (
  SELECT run_id FROM latest_run WHERE kind = 'removal'
),
sweep AS (
  SELECT rs.* FROM removal_sweep rs JOIN pick ON rs.run_id = pick.run_id
),
base AS (
  SELECT open_surface, returned FROM sweep WHERE removed_fact IS NULL
),
removed AS (
  SELECT * FROM sweep WHERE removed_fact IS NOT NULL
),
falls AS (                       -- each name as Python's repr() writes it
  SELECT r.position, r.removed_fact,
         CASE WHEN instr(r.removed_fact, '''') > 0 AND instr(r.removed_fact, '"') = 0
              THEN '"' || replace(r.removed_fact, '\', '\\') || '"'
              ELSE '''' || replace(replace(r.removed_fact, '\', '\\'), '''', '\''') || ''''
         END AS repr
    FROM removed r, base b
   WHERE r.returned < b.returned
),
falls_list AS (
  SELECT group_concat(repr, ', ') OVER (
           ORDER BY position, removed_fact
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS list
    FROM falls
   LIMIT 1
)
SELECT line FROM (
  SELECT 1 AS n, 'FACT SET SWEEP -- removal' AS line
  UNION ALL
  SELECT 2, '  baseline open surface ' || b.open_surface
            || ' | changes it ' || c.changed
            || ' | does not ' || (c.total - c.changed)
    FROM base b,
         (SELECT count(*) AS total,
                 coalesce(sum(r.open_surface <> (SELECT open_surface FROM base)), 0) AS changed
            FROM removed r) c
  UNION ALL
  SELECT 3, '  the only fact zeroing out the return: ['
            || coalesce((SELECT list FROM falls_list), '') || ']'
    FROM base
)
ORDER BY n;
