-- One row per kind of results a claim may read (run_kinds's claims_read:
-- kind_no 0 run, 1 samples, 2 removal, 3 addition, 4 bundles) that has no
-- current rows for current_focus's bundle x channel (by the kind's scope:
-- 'pairs' the surfaces, 'pair' its current sweep of the pair, 'model' any
-- current run of the kind, 'channels' its current rows under the focus's
-- channel, as of bundles: current_bundle_sweep): stale_command,
-- stale_result's command when an older model computed that kind for the
-- focus (its row for the focus's very pair or channel first: a what-if
-- list's run; NULL when nothing
-- did), and command, the one that computes it: the lesson's own command under the lesson's
-- focus; when --bundle/--channel set another pair (the lesson would compute
-- its own pair, not that one), or for a sweep whose table the lesson does
-- not print (lesson_blocks.sweep: it computes that one only when its own
-- tables or claims read it), a sweep of the pair, or for the surfaces
-- 'isolab run --members B --channel C' (B a bundle or a member list). isolab check uses it
-- to say why a claim over missing results is pending or stale. Each name
-- in a command is quoted for a POSIX shell (shell_word).
WITH k AS (SELECT kind_no, kind, command, scope FROM run_kinds WHERE claims_read)
SELECT k.kind_no, k.kind,
       (SELECT x.command FROM stale_result x
         WHERE x.kind = k.kind AND (x.bundle IS NULL AND (x.channel IS NULL OR x.channel = f.channel)
                                    OR (x.bundle = f.bundle AND x.channel = f.channel))
         ORDER BY x.bundle IS NULL, x.channel IS NULL, x.run_id DESC LIMIT 1) AS stale_command,
       CASE WHEN k.scope IN ('model', 'channels') THEN 'isolab ' || k.command
            WHEN k.scope IN ('pair', 'pairs') AND (f.bundle IS NOT lf.bundle OR f.channel IS NOT lf.channel
                                                   OR (k.scope = 'pair' AND NOT EXISTS (SELECT 1 FROM lesson_blocks b
                                                        WHERE b.lesson = f.lesson AND b.sweep = k.kind)))
            THEN 'isolab ' || k.command || CASE k.scope WHEN 'pairs' THEN ' --members' ELSE ' --bundle' END
                 || ' ' || (SELECT quoted FROM shell_word WHERE word = f.bundle LIMIT 1)
                 || ' --channel ' || (SELECT quoted FROM shell_word WHERE word = f.channel LIMIT 1)
            ELSE 'isolab lesson ' || (SELECT quoted FROM shell_word WHERE word = f.lesson LIMIT 1) END AS command
  FROM k, current_focus f
  LEFT JOIN lesson_focus lf ON lf.lesson = f.lesson
 WHERE CASE k.scope
         WHEN 'pairs' THEN NOT EXISTS (SELECT 1 FROM current_surface_run r
                                        WHERE r.bundle = f.bundle AND r.channel = f.channel)
         WHEN 'model' THEN NOT EXISTS (SELECT 1 FROM current_run WHERE kind = k.kind)
         WHEN 'channels' THEN NOT EXISTS (SELECT 1 FROM current_bundle_sweep WHERE channel = f.channel)
         ELSE NOT EXISTS (SELECT 1 FROM current_sweep w WHERE w.kind = k.kind
                            AND w.bundle = f.bundle AND w.channel = f.channel) END;
