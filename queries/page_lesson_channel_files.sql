-- The page's list, in each lesson's section, of what each channel's file
-- carried on this machine (isolab probe --channel): one row per lesson x
-- row of channel_output_fact, in its order (channel, bundle, fact order),
-- with the model's answer beside its returns: model_returns 1 when the
-- current run has the fact returning under that bundle x channel, 0 when
-- not, NULL without a current run of the pair.
SELECT l.code AS lesson, o.channel, o.bundle, o.fact, o.carried, o.how, o.model_shows, o.returns,
       (SELECT s.status = 'returns' FROM current_fact_status s
         WHERE s.bundle = o.bundle AND s.channel = o.channel AND s.fact = o.fact) AS model_returns
  FROM lesson l CROSS JOIN channel_output_fact o
 ORDER BY l.code, o.channel, o.bundle, (SELECT f.position FROM fact f WHERE f.name = o.fact), o.fact;
