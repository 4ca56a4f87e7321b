-- The sample count sweep of each lesson's bundle x channel, as data for
-- 'isolab page' (sample_table prints the same rows as text), by sample
-- count; lines_per_fact is NULL when the channel returns nothing. No row
-- for a lesson whose sweep has not run.
SELECT x.lesson, x.lesson_position, s.samples, s.lines, s.returned, s.lines_per_fact
  FROM lesson_scope x
  JOIN current_sweep c ON c.kind = 'samples' AND c.bundle = x.bundle AND c.channel = x.channel
  JOIN sample_sweep s ON s.run_id = c.run_id
 ORDER BY x.lesson_position NULLS LAST, x.lesson, s.samples;
