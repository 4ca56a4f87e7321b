-- Results an older model computed that no current result replaces: one row
-- per stale result, with the command that brings it up to date. The
-- model's bundle x channel pairs that only an older model's 'run' runs
-- computed come first (one row of kind 'run' for all of them: 'isolab
-- run'; a database whose results are all current reads no run but the
-- latest ones), then the latest run of each kind of run_kinds's scope
-- 'model' (a bundles sweep) or 'mechanisms' (a probe: current while the
-- facts, mechanisms and bundles it read are the model's, current_run) when
-- no current one exists, then, for a kind of scope 'channels' (a bundles
-- sweep), each channel of the model (channel NULL: no channel) a sweep
-- computed and none does now (current_bundle_sweep; a channel never swept
-- is missing, not stale: missing_result), then each stale
-- run of a kind of scope 'pair' (a sweep) of a pair of the model and each
-- what-if bundle x channel (a member list run as a bundle of its own:
-- run_param 'members') that 'run' runs computed, none of them from the
-- model now ('isolab run --members LIST --channel C', 'isolab sweep KIND
-- --bundle B --channel C': the kind's command, from run_kinds).
-- Names are quoted for a POSIX shell (shell_word). The channel is one of the
-- model's; a list is named even when the model no longer reads it (a
-- mechanism gone): its command then fails, saying which item.
SELECT 'run' AS kind, max(s.run_id) AS run_id, NULL AS bundle, NULL AS channel,
       'isolab ' || (SELECT k.command FROM run_kinds k WHERE k.kind = 'run') AS command
  FROM bundle b
 CROSS JOIN channel c
 CROSS JOIN surface s ON s.bundle = b.name AND s.channel = c.name
 CROSS JOIN run r ON r.id = s.run_id AND r.kind = 'run'
 WHERE NOT EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = b.name AND x.channel = c.name)
HAVING count(*) > 0
UNION ALL
SELECT l.kind, l.run_id, NULL, NULL, 'isolab ' || (SELECT k.command FROM run_kinds k WHERE k.kind = l.kind)
  FROM latest_run l
 WHERE (SELECT k.scope FROM run_kinds k WHERE k.kind = l.kind) IN ('model', 'mechanisms')
   AND NOT EXISTS (SELECT 1 FROM current_run c WHERE c.kind = l.kind)
UNION ALL
SELECT k.kind, max(c.run_id), NULL, c.channel, 'isolab ' || k.command
  FROM run_kinds k
  JOIN run r ON r.kind = k.kind
  JOIN bundle_sweep_channel c ON c.run_id = r.id
 WHERE k.scope = 'channels'
   AND (c.channel IS NULL OR c.channel IN (SELECT name FROM channel))
   AND NOT EXISTS (SELECT 1 FROM current_bundle_sweep x WHERE x.channel IS c.channel)
 GROUP BY k.kind, c.channel
UNION ALL
SELECT s.kind, s.run_id, s.bundle, s.channel,
       'isolab ' || k.command || CASE WHEN k.scope = 'pairs' THEN ' --members ' ELSE ' --bundle ' END
       || (SELECT quoted FROM shell_word WHERE word = s.bundle LIMIT 1)
       || ' --channel ' || (SELECT quoted FROM shell_word WHERE word = s.channel LIMIT 1)
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
          JOIN run r ON r.id = l.run_id AND r.kind = 'run'
          JOIN channel c ON c.name = s.channel
         WHERE l.key = 'members'
           AND NOT EXISTS (SELECT 1 FROM current_surface_run x WHERE x.bundle = s.bundle AND x.channel = s.channel)
         GROUP BY s.bundle, s.channel) s
 CROSS JOIN run_kinds k ON k.kind = s.kind
 WHERE s.bundle IN (SELECT name FROM bundle) OR s.bundle IN (SELECT value FROM run_param WHERE key = 'members');

