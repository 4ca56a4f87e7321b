-- What a channel cost for real, beside the model's cost: one row per
-- channel x workload x rate of the latest channel probe of each channel
-- and workload ('isolab probe --channel'). Each round's cost is the
-- observed loop's time over that round's unobserved loop, in percent
-- above it (CPU: the workload's user + sys; wall beside it); cpu_cost_pct
-- and wall_cost_pct are the medians over the rounds, cpu_cost_min and
-- cpu_cost_max the range; rate is NULL for a channel without one;
-- model_cost_pct is the model's channel.cost_pct (NULL when the model
-- lacks the channel).
WITH latest AS (
  SELECT channel, workload, max(run_id) AS run_id FROM channel_probe GROUP BY channel, workload),
cost AS (
  SELECT l.channel, l.workload, o.rate, o.round,
         100.0 * (o.cpu_s - u.cpu_s) / u.cpu_s AS cpu, 100.0 * (o.wall_s - u.wall_s) / u.wall_s AS wall
    FROM latest l
    JOIN channel_probe_round o ON o.run_id = l.run_id AND o.condition = 'observed'
    JOIN channel_probe_round u ON u.run_id = l.run_id AND u.round = o.round AND u.condition = 'unobserved'
   WHERE u.cpu_s > 0 AND u.wall_s > 0),
ranked AS (
  SELECT c.*, count(*) OVER g AS n,
         row_number() OVER (PARTITION BY channel, workload, rate ORDER BY cpu) AS cpu_k,
         row_number() OVER (PARTITION BY channel, workload, rate ORDER BY wall) AS wall_k
    FROM cost c WINDOW g AS (PARTITION BY channel, workload, rate))
SELECT r.channel, r.workload, r.rate, max(r.n) AS rounds,
       avg(CASE WHEN r.cpu_k IN ((r.n + 1) / 2, (r.n + 2) / 2) THEN r.cpu END) AS cpu_cost_pct,
       avg(CASE WHEN r.wall_k IN ((r.n + 1) / 2, (r.n + 2) / 2) THEN r.wall END) AS wall_cost_pct,
       min(r.cpu) AS cpu_cost_min, max(r.cpu) AS cpu_cost_max,
       (SELECT c.cost_pct FROM channel c WHERE c.name = r.channel) AS model_cost_pct
  FROM ranked r
 GROUP BY r.channel, r.workload, r.rate
 ORDER BY r.channel, r.workload, r.rate;
