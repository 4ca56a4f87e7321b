-- Every kind of one bundle x channel per run (run_kinds's scope 'pair':
-- the sweeps samples, removal, addition) x bundle x channel that a run of
-- it computed (its run_param bundle and channel): one row each.
SELECT DISTINCT r.kind, b.value AS bundle, c.value AS channel
  FROM run r
 CROSS JOIN run_param b ON b.run_id = r.id AND b.key = 'bundle'
 CROSS JOIN run_param c ON c.run_id = r.id AND c.key = 'channel'
 WHERE r.kind IN (SELECT kind FROM run_kinds WHERE scope = 'pair');
