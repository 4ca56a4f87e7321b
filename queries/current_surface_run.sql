-- For each bundle x channel, the latest current 'run' run that computed it
-- (current: the run's model digest is the model's now, or the pair is
-- current_pair's):
-- one row per pair (a bundle may be a member list, not the model's: the
-- pairs are those of the surface rows, read from the index surface_pair).
SELECT p.bundle, p.channel, r.id AS run_id
  FROM (SELECT DISTINCT bundle, channel FROM surface) p
  JOIN run r ON r.id = (SELECT s.run_id FROM surface s JOIN run x ON x.id = s.run_id
                         WHERE s.bundle = p.bundle AND s.channel = p.channel AND x.kind = 'run'
                           AND (x.model_digest = (SELECT digest FROM model_state)
                                OR EXISTS (SELECT 1 FROM current_pair cp WHERE cp.run_id = x.id AND cp.bundle = p.bundle
                                             AND cp.channel = p.channel))
                         ORDER BY s.run_id DESC LIMIT 1)
 ORDER BY 1, 2;
