-- Every sweep kind (samples, removal, addition) x bundle x channel that a
-- sweep computed: one row each.
SELECT DISTINCT r.kind, b.value AS bundle, c.value AS channel
  FROM run r
 CROSS JOIN run_param b ON b.run_id = r.id AND b.key = 'bundle'
 CROSS JOIN run_param c ON c.run_id = r.id AND c.key = 'channel'
 WHERE r.kind IN ('samples', 'removal', 'addition');
