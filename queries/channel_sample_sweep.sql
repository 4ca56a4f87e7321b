-- The real sample sweep, beside the model's (sample_sweep): one row per
-- rate of the latest channel probe of each channel x workload x bundle:
-- the events the observer's file of round 1 held (samples for a sampling
-- channel, traced syscall lines for tracing), their least and most over
-- the rounds, and the facts that file carried ('yes' or 'estimate'),
-- counted and named in fact order. The model's claim is that the count
-- changes a fact's estimate, not which facts come back.
WITH latest AS (
  SELECT channel, workload, bundle, max(run_id) AS run_id FROM channel_probe GROUP BY channel, workload, bundle)
SELECT l.channel, l.workload, l.bundle, e.rate, e.events AS samples,
       (SELECT min(r.events) FROM channel_probe_round r
         WHERE r.run_id = l.run_id AND r.condition = 'observed' AND r.rate IS e.rate) AS samples_min,
       (SELECT max(r.events) FROM channel_probe_round r
         WHERE r.run_id = l.run_id AND r.condition = 'observed' AND r.rate IS e.rate) AS samples_max,
       (SELECT count(*) FROM channel_probe_output o
         WHERE o.run_id = l.run_id AND o.rate IS e.rate AND o.carried <> 'no') AS facts_carried,
       (SELECT group_concat(fact, ',') FROM
          (SELECT o.fact FROM channel_probe_output o LEFT JOIN fact f ON f.name = o.fact
            WHERE o.run_id = l.run_id AND o.rate IS e.rate AND o.carried <> 'no'
            ORDER BY f.position, o.fact)) AS facts
  FROM latest l
  JOIN (SELECT DISTINCT run_id, rate, events FROM channel_probe_output) e ON e.run_id = l.run_id
 ORDER BY l.channel, l.workload, l.bundle, e.rate;
