-- What a channel's file carried, beside the model: one row per fact the
-- channel's program was read for (and each fact the model says the
-- channel shows), for each channel x bundle, from the latest channel probe
-- of each workload (at its lowest rate: every rate carried the same
-- facts, channel_sample_sweep); where the workloads' files differ, the
-- one that carried most ('yes' over 'estimate' over 'no'; then the latest).
-- carried: 'yes' (the host's value is in the file), 'estimate' (a
-- quantity the file lets one estimate) or 'no'; how: where in the file
-- ('perf header: hostname', 'sample pids'); model_shows: 1 when the model's
-- channel_fact lists the fact; returns: 1 when the kernel probe of the
-- bundle (observed_vs_model: same machine, bundle and build order) found
-- the fact closed and the file carries it, 0 when not, NULL when no probe
-- of the bundle was made.
WITH latest AS (
  SELECT p.channel, p.bundle, p.workload, max(p.run_id) AS run_id
    FROM channel_probe p GROUP BY p.channel, p.bundle, p.workload),
run AS (
  SELECT l.channel, l.bundle, l.run_id, p.machine, p.build_order,
         (SELECT min(o.rate) FROM channel_probe_output o WHERE o.run_id = l.run_id) AS rate
    FROM latest l JOIN channel_probe p ON p.run_id = l.run_id),
read AS (
  SELECT r.channel, r.bundle, r.machine, r.build_order, r.run_id, o.fact, o.carried, o.how
    FROM run r JOIN channel_probe_output o ON o.run_id = r.run_id AND o.rate IS r.rate),
best AS (
  SELECT x.*, row_number() OVER (PARTITION BY x.channel, x.bundle, x.fact
                                 ORDER BY CASE x.carried WHEN 'yes' THEN 0 WHEN 'estimate' THEN 1 ELSE 2 END,
                                          x.run_id DESC) AS k
    FROM read x),
rows AS (
  SELECT channel, bundle, machine, build_order, fact, carried, how FROM best WHERE k = 1
  UNION ALL
  SELECT r.channel, r.bundle, r.machine, r.build_order, cf.fact, 'no', 'not read from the file'
    FROM (SELECT channel, bundle, machine, build_order FROM best WHERE k = 1 GROUP BY channel, bundle) r
    JOIN channel_fact cf ON cf.channel = r.channel
   WHERE NOT EXISTS (SELECT 1 FROM best b WHERE b.channel = r.channel AND b.bundle = r.bundle AND b.fact = cf.fact))
SELECT x.channel, x.bundle, x.fact, x.carried, x.how,
       EXISTS (SELECT 1 FROM channel_fact cf WHERE cf.channel = x.channel AND cf.fact = x.fact) AS model_shows,
       (SELECT CASE WHEN v.observed_visible IS NULL THEN NULL
                    ELSE v.observed_visible = 0 AND x.carried <> 'no' END
          FROM observed_vs_model v
         WHERE v.machine = x.machine AND v.bundle = x.bundle AND v.build_order = x.build_order AND v.fact = x.fact)
       AS returns
  FROM rows x LEFT JOIN fact f ON f.name = x.fact
 ORDER BY x.channel, x.bundle, f.position, x.fact;
