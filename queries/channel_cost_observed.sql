-- What a channel cost for real, beside the model's cost: one row per
-- channel x workload x rate of the latest channel probe of each channel
-- and workload ('isolab probe --channel'), from channel_round_cost (each
-- round's cost against that round's unobserved loop): cpu_cost_pct and
-- wall_cost_pct are the medians over the rounds, cpu_cost_min and
-- cpu_cost_max the range; rate is NULL for a channel without one;
-- model_cost_pct is the model's channel.cost_pct (NULL when the model
-- lacks the channel).
WITH ranked AS (
  SELECT c.*, count(*) OVER g AS n,
         row_number() OVER (PARTITION BY channel, workload, rate ORDER BY cpu_cost_pct) AS cpu_k,
         row_number() OVER (PARTITION BY channel, workload, rate ORDER BY wall_cost_pct) AS wall_k
    FROM channel_round_cost c WINDOW g AS (PARTITION BY channel, workload, rate))
SELECT r.channel, r.workload, r.rate, max(r.n) AS rounds,
       avg(CASE WHEN r.cpu_k IN ((r.n + 1) / 2, (r.n + 2) / 2) THEN r.cpu_cost_pct END) AS cpu_cost_pct,
       avg(CASE WHEN r.wall_k IN ((r.n + 1) / 2, (r.n + 2) / 2) THEN r.wall_cost_pct END) AS wall_cost_pct,
       min(r.cpu_cost_pct) AS cpu_cost_min, max(r.cpu_cost_pct) AS cpu_cost_max,
       (SELECT c.cost_pct FROM channel c WHERE c.name = r.channel) AS model_cost_pct
  FROM ranked r
 GROUP BY r.channel, r.workload, r.rate
 ORDER BY r.channel, r.workload, r.rate;
