-- The lessons whose tables can be printed: every lesson with a focus
-- (lesson_focus) whose bundle x channel has current results, with the
-- bundle, channel and axis its tables use and the 'run' run they read.
-- param's bundle and channel, when set, stand in for every lesson's focus
-- bundle and channel. axis: the focus axis, else the axis of the channel's
-- first fact (channel_fact position order); closed_by: the member whose
-- closing of that axis stands, the bundle's last (by member position) that
-- closes it (MODEL.md's visible(): a later member closes again what an
-- earlier one left open), so the "closed by" of every closed fact on it
-- (page_lesson_axis; the core's isl_fact_decider), NULL when none does;
-- a what-if list's members are the ones its run resolved it to (run_member).
-- The eight lesson-table views, their page_lesson_* rows and lesson_report
-- read this.
-- run_id is current_surface_run's, looked up per lesson (a join with that
-- view made every block that reads this one slower to compile); lessons
-- without one have no row.
SELECT y.lesson, y.lesson_position, y.bundle, y.channel, y.axis, y.run_id,
       (SELECT bm.mechanism
          FROM (SELECT position, mechanism FROM bundle_member WHERE bundle = y.bundle
                UNION ALL
                SELECT position, mechanism FROM run_member WHERE run_id = y.run_id AND bundle = y.bundle) bm
          JOIN mechanism_axis ma ON ma.mechanism = bm.mechanism
         WHERE ma.axis = y.axis
         ORDER BY bm.position DESC LIMIT 1) AS closed_by
  FROM (SELECT f.lesson, l.position AS lesson_position,
               coalesce(pb.value, f.bundle) AS bundle,
               coalesce(pc.value, f.channel) AS channel,
               coalesce(f.axis, (SELECT fa.axis FROM channel_fact cf JOIN fact fa ON fa.name = cf.fact
                                  WHERE cf.channel = f.channel
                                  ORDER BY cf.position NULLS LAST, fa.position LIMIT 1)) AS axis,
               r.id AS run_id
          FROM lesson_focus f JOIN lesson l ON l.code = f.lesson
          LEFT JOIN param pb ON pb.key = 'bundle'
          LEFT JOIN param pc ON pc.key = 'channel'
          JOIN run r ON r.id = (SELECT max(s.run_id) FROM surface s JOIN run x ON x.id = s.run_id
                 WHERE s.bundle = coalesce(pb.value, f.bundle) AND s.channel = coalesce(pc.value, f.channel)
                   AND x.kind = 'run'
                   AND (x.model_digest = (SELECT digest FROM model_state)
                                OR EXISTS (SELECT 1 FROM current_pair cp WHERE cp.run_id = x.id AND cp.bundle = coalesce(pb.value, f.bundle)
                                             AND cp.channel = coalesce(pc.value, f.channel))))) y
 ORDER BY y.lesson_position NULLS LAST, y.lesson
;
