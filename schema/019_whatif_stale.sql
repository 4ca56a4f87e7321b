-- isolab schema, part 19 (schema version 16): stale_result names the stale
-- results of what-if runs too. A member list run as a bundle of its own
-- ('isolab run --members LIST', 'sweep KIND --bundle LIST': run_param
-- 'members') is no bundle of the model, and the view listed the model's
-- bundles only: when the model changed, a what-if run's results were hidden
-- and nothing named the command that redoes them.
--
-- Now each what-if bundle x channel that 'run' runs computed, none of them
-- from the model now, is a row of kind 'run' with the list, the channel
-- and the newest of those runs ('isolab run --members LIST
-- --channel C': a run computes one row per channel it is given, and takes
-- no empty channel); each stale sweep of a what-if pair is a row as a
-- model's bundle's is ('isolab sweep KIND --bundle LIST --channel C').
-- Names are quoted for the shell as in part 17. As for a model's bundle,
-- the channel is one of the model's. A list is named even when the model
-- no longer reads it (a mechanism gone): its command then fails, saying
-- which item, which tells the user why the result cannot be redone. The
-- rows of part 17 are those it gave, in the order it gave them.

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
       'isolab ' || CASE WHEN s.kind = 'run' THEN 'run --members ' ELSE 'sweep ' || s.kind || ' --bundle ' END
       || CASE WHEN s.bundle <> '' AND s.bundle NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
               THEN s.bundle ELSE '''' || replace(s.bundle, '''', '''\''''') || '''' END
       || ' --channel ' || CASE WHEN s.channel <> '' AND s.channel NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                                THEN s.channel ELSE '''' || replace(s.channel, '''', '''\''''') || '''' END
  FROM (-- the stale sweeps (of a model's bundle or a list, told apart below)
        SELECT s.kind, s.run_id, s.bundle, s.channel
          FROM latest_sweep s
          JOIN channel c ON c.name = s.channel
         WHERE NOT s.current
        UNION ALL
        -- the what-if pairs with no current 'run' run: the newest run of each
        SELECT 'run', max(s.run_id), s.bundle, s.channel
          FROM run_param l
          JOIN surface s ON s.run_id = l.run_id AND s.bundle = l.value
          JOIN run r ON r.id = l.run_id AND r.kind = 'run' AND r.status = 'done'
          JOIN channel c ON c.name = s.channel
         WHERE l.key = 'members'
           AND NOT EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = s.bundle AND x.channel = s.channel)
         GROUP BY s.bundle, s.channel) s
 WHERE s.bundle IN (SELECT name FROM bundle) OR s.bundle IN (SELECT value FROM run_param WHERE key = 'members');

