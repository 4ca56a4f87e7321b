-- Each lesson's removal sweep as data: the rows of the current 'removal'
-- sweep of the lesson's bundle x channel (lesson_scope, current_sweep),
-- the baseline (removed_fact NULL) and one row per removed fact, each
-- beside the baseline's open surface and returned count: changes is 1 when
-- its open surface differs from the baseline's, lowers 1 when it returns
-- fewer facts (both NULL on the baseline). page_lesson_removal sums it,
-- removal_summary prints it: the rule is here alone. No row for a lesson
-- whose sweep has not run.
WITH sweep AS (
  SELECT x.lesson, x.lesson_position, rs.removed_fact, rs.position, rs.returned, rs.open_surface,
         max(CASE WHEN rs.removed_fact IS NULL THEN rs.open_surface END) OVER w AS baseline_open_surface,
         max(CASE WHEN rs.removed_fact IS NULL THEN rs.returned END) OVER w AS baseline_returned
    FROM lesson_scope x
    JOIN current_sweep c ON c.kind = 'removal' AND c.bundle = x.bundle AND c.channel = x.channel
    JOIN removal_sweep rs ON rs.run_id = c.run_id
  WINDOW w AS (PARTITION BY x.lesson)
)
SELECT lesson, lesson_position, removed_fact, position, returned, open_surface, baseline_open_surface,
       baseline_returned,
       CASE WHEN removed_fact IS NOT NULL THEN open_surface <> baseline_open_surface END AS changes,
       CASE WHEN removed_fact IS NOT NULL THEN returned < baseline_returned END AS lowers
  FROM sweep
 ORDER BY lesson_position NULLS LAST, lesson, removed_fact IS NOT NULL, position, removed_fact;
