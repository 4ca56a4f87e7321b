-- The removal sweep of each lesson's bundle x channel, as data for 'isolab
-- page' (removal_summary prints the same as text): one row per lesson, the
-- baseline open surface, how many removed facts change it and how many do
-- not, and the facts whose removal lowers the returned count (by fact
-- position, comma-separated): lesson_removal's rows, summed. No row for a
-- lesson whose sweep has not run.
SELECT lesson, baseline_open_surface, facts_changing, facts_not_changing, facts_lowering_return
  FROM (SELECT lesson, lesson_position, removed_fact, baseline_open_surface,
               count(*) FILTER (WHERE changes) OVER w AS facts_changing,
               count(*) FILTER (WHERE NOT changes) OVER w AS facts_not_changing,
               group_concat(removed_fact, ', ') FILTER (WHERE lowers) OVER (
                 PARTITION BY lesson ORDER BY position, removed_fact
                 ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS facts_lowering_return
          FROM lesson_removal
        WINDOW w AS (PARTITION BY lesson))
 WHERE removed_fact IS NULL
 ORDER BY lesson_position NULLS LAST, lesson;
