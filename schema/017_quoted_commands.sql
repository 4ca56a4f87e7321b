-- isolab schema, part 17: the commands stale_result names are ready to
-- paste. A bundle or channel name holding a space, a quote or a $ went
-- into 'isolab sweep KIND --bundle B --channel C' as it was, so the shell
-- split it or expanded it. Each name is now quoted for a POSIX shell
-- unless it is made of characters no shell treats specially
-- (A-Z a-z 0-9 _ . / : = @ % + , -): in single quotes, each single quote
-- written '\''. The rows are otherwise those of part 12.

DROP VIEW stale_result;

CREATE VIEW stale_result AS
SELECT 'run' AS kind, max(s.run_id) AS run_id, NULL AS bundle, NULL AS channel, 'isolab run' AS command
  FROM bundle b
 CROSS JOIN channel c
 CROSS JOIN surface s ON s.bundle = b.name AND s.channel = c.name
 CROSS JOIN run r ON r.id = s.run_id AND r.kind = 'run' AND r.status = 'done'
 WHERE NOT EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = b.name AND x.channel = c.name)
HAVING count(*) > 0
UNION ALL
SELECT 'bundles', l.run_id, NULL, NULL, 'isolab sweep bundles'
  FROM latest_run l
 WHERE l.kind = 'bundles' AND NOT EXISTS (SELECT 1 FROM current_run c WHERE c.kind = 'bundles')
UNION ALL
SELECT s.kind, s.run_id, s.bundle, s.channel,
       'isolab sweep ' || s.kind
       || ' --bundle ' || CASE WHEN s.bundle <> '' AND s.bundle NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                               THEN s.bundle ELSE '''' || replace(s.bundle, '''', '''\''''') || '''' END
       || ' --channel ' || CASE WHEN s.channel <> '' AND s.channel NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                                THEN s.channel ELSE '''' || replace(s.channel, '''', '''\''''') || '''' END
  FROM latest_sweep s
  JOIN bundle b ON b.name = s.bundle
  JOIN channel c ON c.name = s.channel
 WHERE NOT s.current;

INSERT INTO schema_version(version, applied_at) VALUES (14, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
