-- The axis table of each lesson as data, for 'isolab page' and the rows
-- resource_axis prints as text: every fact on the lesson's axis
-- (lesson_scope), in fact position order, with its status under the
-- lesson's bundle x channel from the current 'run' run (RETURNS, left open,
-- closed, visible) and why, by MODEL.md's visible() (the rule of the core's
-- isl_fact_decider, which the lab shows through isolab_fact_status): the
-- member whose step on the fact stands, the last whose axes hold it or that
-- leaves it open, is closed_by for a closed or returned fact and
-- left_open_by for a left-open one (NULL otherwise). The members: the
-- bundle's, or those a what-if list's run resolved it to (run_member), as
-- lesson_scope reads them. n numbers a lesson's rows.
SELECT lesson, lesson_position, axis, fact, status,
       CASE WHEN status IN ('closed', 'RETURNS') THEN decider END AS closed_by,
       CASE WHEN status = 'left open' THEN decider END AS left_open_by,
       n
  FROM (SELECT x.lesson, x.lesson_position, fs.axis, fs.fact,
               CASE fs.status WHEN 'left-open' THEN 'left open' WHEN 'returns' THEN 'RETURNS' ELSE fs.status END AS status,
               (SELECT bm.mechanism
                  FROM (SELECT position, mechanism FROM bundle_member WHERE bundle = x.bundle
                        UNION ALL
                        SELECT position, mechanism FROM run_member WHERE run_id = x.run_id AND bundle = x.bundle) bm
                 WHERE EXISTS (SELECT 1 FROM mechanism_axis ma WHERE ma.mechanism = bm.mechanism AND ma.axis = fs.axis)
                    OR EXISTS (SELECT 1 FROM left_open lo WHERE lo.mechanism = bm.mechanism AND lo.fact = fs.fact)
                 ORDER BY bm.position DESC LIMIT 1) AS decider,
               row_number() OVER (PARTITION BY x.lesson ORDER BY fs.position, fs.fact) AS n
          FROM lesson_scope x
          JOIN fact_status fs ON fs.run_id = x.run_id AND fs.bundle = x.bundle AND fs.channel = x.channel
                             AND fs.axis = x.axis)
 ORDER BY lesson_position NULLS LAST, lesson, n;
