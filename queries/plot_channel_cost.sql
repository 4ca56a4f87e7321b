-- The rows the 'channel_cost' plot (gnuplot/channel_cost.gp) draws: one
-- row per channel x workload x rate of channel_cost_observed, placed at
-- the events the observer's file held per CPU-second of the unobserved
-- loop (x: the mean over the rounds of channel_round_cost.events_per_s;
-- the sampling rate for perf, the syscall rate for strace), with the
-- median CPU cost and its range, each channel x workload a series
-- (series, label), dodge its place among the channel's workloads about
-- the middle (-0.5 and 0.5 for two: the plot sets them side by side), and
-- the model's cost of the channel beside (model_first 1 on the channel's
-- first row, where its line is drawn from).
WITH x AS (
  SELECT channel, workload, rate, avg(events_per_s) AS x FROM channel_round_cost GROUP BY channel, workload, rate)
SELECT o.channel, o.workload, o.rate,
       dense_rank() OVER (ORDER BY o.channel, o.workload) AS series,
       o.channel || ' on the ' || o.workload || ' loop' AS label,
       dense_rank() OVER (PARTITION BY o.channel ORDER BY o.workload)
         - (1 + (SELECT count(DISTINCT w.workload) FROM channel_cost_observed w WHERE w.channel = o.channel)) / 2.0
         AS dodge,
       x.x, o.cpu_cost_pct, o.cpu_cost_min, o.cpu_cost_max, o.model_cost_pct,
       row_number() OVER (PARTITION BY o.channel ORDER BY o.workload, o.rate) = 1 AS model_first
  FROM channel_cost_observed o
  JOIN x ON x.channel = o.channel AND x.workload = o.workload AND x.rate IS o.rate
 WHERE x.x > 0
 ORDER BY o.channel, o.workload, x.x;
