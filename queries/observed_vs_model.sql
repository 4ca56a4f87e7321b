-- What a real kernel showed beside what the model says: one row per fact
-- of the latest probe (latest_probe) of each machine, bundle (or member
-- list) and build order ('model': the set's own order; 'kernel': user,
-- pid, net, uts, cgroup, mount, label, caps). model_visible is the model's rule for the
-- set in its own order, as the probe recorded it (probe_fact.model_status:
-- visible or left-open is 1, closed 0); observed_visible is the kernel's
-- (NULL when the fact is unmeasured); agree is 1 when they match (NULL when
-- either is missing); via names the sources that decided the kernel's
-- value. Rows come in latest_probe's order (n), facts by position.
SELECT l.machine, p.kernel_release, l.bundle, l.build_order, f.fact,
       CASE f.model_status WHEN 'closed' THEN 0 WHEN 'visible' THEN 1 WHEN 'left-open' THEN 1 END AS model_visible,
       CASE f.observed WHEN 'visible' THEN 1 WHEN 'closed' THEN 0 END AS observed_visible,
       CASE WHEN f.observed = 'unmeasured' OR f.model_status IS NULL THEN NULL
            ELSE (f.observed = 'visible') = (f.model_status <> 'closed') END AS agree,
       f.via
  FROM latest_probe l
  JOIN probe_provenance p ON p.run_id = l.run_id
  JOIN probe_fact f ON f.run_id = l.run_id AND f.set_no = l.set_no
 ORDER BY l.n, f.position NULLS LAST, f.fact;
