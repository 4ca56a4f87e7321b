-- For each sweep kind and bundle x channel (swept_pair), the latest sweep
-- of that pair the model now in the database computed: one row per pair.
SELECT p.kind, p.bundle, p.channel, r.id AS run_id
  FROM swept_pair p
  JOIN run r ON r.id = (SELECT x.id FROM run_param b JOIN run x ON x.id = b.run_id
                          JOIN run_param c ON c.run_id = x.id AND c.key = 'channel' AND c.value = p.channel
                         WHERE b.key = 'bundle' AND b.value = p.bundle AND x.kind = p.kind
                           AND (x.model_digest = (SELECT digest FROM model_state)
                                OR EXISTS (SELECT 1 FROM current_pair cp WHERE cp.run_id = x.id AND cp.bundle = p.bundle
                                             AND cp.channel = p.channel))
                         ORDER BY x.id DESC LIMIT 1)
 ORDER BY 1, 2, 3;
