-- The probe each result of observed_vs_model comes from: one row per
-- machine, bundle (or member list) and build order, the latest probe run
-- current for the model now in the database (its model digest is
-- model_state's, or what it read is: current_scope_run; a probe records
-- the model's side of each cell, so a probe of other facts, mechanisms or
-- bundles is stale, and not shown; a channel changed is not) that built it (run_id), the set's number there (set_no), and
-- n, the set's place in the order the observed views list them: by
-- machine, kernel, then the course's bundles, the mechanisms alone, the
-- member lists, model order first. A machine probed without privileges is
-- a machine of its own, 'NAME (unprivileged)': its sets never stand in for
-- a privileged probe's. 'isolab prune' keeps these runs, as it keeps every
-- current result.
SELECT l.machine, l.bundle, l.build_order, l.run_id, l.set_no,
       row_number() OVER (ORDER BY l.machine, p.kernel_release,
                                   (SELECT b.position FROM bundle b WHERE b.name = l.bundle) IS NULL,
                                   (SELECT b.position FROM bundle b WHERE b.name = l.bundle),
                                   (SELECT m.position FROM mechanism m WHERE m.name = l.bundle) IS NULL,
                                   (SELECT m.position FROM mechanism m WHERE m.name = l.bundle),
                                   l.bundle, l.build_order DESC) AS n
  FROM (SELECT p.machine || CASE WHEN p.privileged THEN '' ELSE ' (unprivileged)' END AS machine,
               s.bundle, s.build_order, s.run_id, s.set_no
          FROM probe_set s
          JOIN probe_provenance p ON p.run_id = s.run_id
         WHERE s.run_id = (SELECT max(x.run_id) FROM probe_set x
                             JOIN probe_provenance y ON y.run_id = x.run_id
                             JOIN run r ON r.id = x.run_id
                            WHERE y.machine = p.machine AND y.privileged = p.privileged
                              AND x.bundle = s.bundle AND x.build_order = s.build_order
                              AND (r.model_digest = (SELECT digest FROM model_state)
                                   OR r.id IN (SELECT run_id FROM current_scope_run)))) l
  JOIN probe_provenance p ON p.run_id = l.run_id;
