-- Each round's cost of a channel measured for real: one row per observed
-- condition of each round of the latest channel probe of each channel x
-- workload ('isolab probe --channel'): the observed loop's CPU and wall
-- time over the same round's unobserved loop, in percent above it, and the
-- events the observer's file held per CPU-second of the unobserved loop
-- (samples for a sampling channel, traced lines for tracing). rate is
-- NULL for a channel without one. channel_cost_observed and
-- plot_channel_cost read it.
WITH latest AS (
  SELECT channel, workload, max(run_id) AS run_id FROM channel_probe GROUP BY channel, workload)
SELECT l.channel, l.workload, l.run_id, o.rate, o.round,
       100.0 * (o.cpu_s - u.cpu_s) / u.cpu_s AS cpu_cost_pct,
       100.0 * (o.wall_s - u.wall_s) / u.wall_s AS wall_cost_pct,
       o.events / u.cpu_s AS events_per_s
  FROM latest l
  JOIN channel_probe_round o ON o.run_id = l.run_id AND o.condition = 'observed'
  JOIN channel_probe_round u ON u.run_id = l.run_id AND u.round = o.round AND u.condition = 'unobserved'
 WHERE u.cpu_s > 0 AND u.wall_s > 0;
