-- The removal sweep of each lesson's bundle x channel, as data for 'isolab
-- page' (removal_summary prints the same as text): one row per lesson, the
-- baseline open surface, how many removed facts change it and how many do
-- not, and the facts whose removal lowers the returned count (by fact
-- position, comma-separated). No row for a lesson whose sweep has not run.
WITH sweep AS (
  SELECT x.lesson, x.lesson_position AS lp, rs.*
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'removal' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN removal_sweep rs ON rs.run_id = c.run_id
)
SELECT b.lesson, b.open_surface AS baseline_open_surface,
       (SELECT count(*) FROM sweep r WHERE r.lesson = b.lesson AND r.removed_fact IS NOT NULL
                                       AND r.open_surface <> b.open_surface) AS facts_changing,
       (SELECT count(*) FROM sweep r WHERE r.lesson = b.lesson AND r.removed_fact IS NOT NULL
                                       AND r.open_surface = b.open_surface) AS facts_not_changing,
       (SELECT group_concat(removed_fact, ', ')
          FROM (SELECT r.removed_fact FROM sweep r
                 WHERE r.lesson = b.lesson AND r.removed_fact IS NOT NULL AND r.returned < b.returned
                 ORDER BY r.position, r.removed_fact)) AS facts_lowering_return
  FROM sweep b
 WHERE b.removed_fact IS NULL
 ORDER BY b.lp NULLS LAST, b.lesson;
