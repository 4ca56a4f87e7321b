-- For each sweep kind and bundle x channel (swept_pair), the latest sweep
-- of that pair (sweeps of different pairs coexist), and whether the model
-- now in the database computed it: one row per pair.
SELECT p.kind, p.bundle, p.channel, r.id AS run_id, coalesce(r.model_digest = (SELECT digest FROM model_state)
                OR EXISTS (SELECT 1 FROM current_pair cp WHERE cp.run_id = r.id AND cp.bundle = p.bundle
                             AND cp.channel = p.channel), 0) AS current
  FROM swept_pair p
  JOIN run r ON r.id = (SELECT x.id FROM run_param b JOIN run x ON x.id = b.run_id
                          JOIN run_param c ON c.run_id = x.id AND c.key = 'channel' AND c.value = p.channel
                         WHERE b.key = 'bundle' AND b.value = p.bundle AND x.kind = p.kind
                         ORDER BY x.id DESC LIMIT 1)
 ORDER BY 1, 2, 3;
