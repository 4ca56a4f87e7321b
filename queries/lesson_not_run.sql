-- The lesson sweep tables with nothing to show: for each lesson of
-- lesson_scope and each of its sweeps (the kinds of run_kinds's scope
-- 'pair': samples, removal, addition) that has no current sweep of the
-- lesson's bundle x channel, the one line its table prints instead of an
-- empty header, naming the command that computes it:
-- 'isolab lesson CODE' under the lesson's focus, 'isolab sweep KIND
-- --bundle B --channel C' when param sets another bundle or channel. Each
-- name is quoted for a POSIX shell unless it is made of safe characters.
SELECT x.lesson,
       '  (not run yet: isolab '
       || CASE WHEN x.bundle = f.bundle AND x.channel = f.channel
               THEN 'lesson ' || CASE WHEN x.lesson <> '' AND x.lesson NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                                      THEN x.lesson ELSE '''' || replace(x.lesson, '''', '''\''''') || '''' END
               ELSE 'sweep ' || k.kind
                    || ' --bundle ' || CASE WHEN x.bundle <> '' AND x.bundle NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                                            THEN x.bundle ELSE '''' || replace(x.bundle, '''', '''\''''') || '''' END
                    || ' --channel ' || CASE WHEN x.channel <> '' AND x.channel NOT GLOB '*[^A-Za-z0-9_./:=@%+,-]*'
                                             THEN x.channel ELSE '''' || replace(x.channel, '''', '''\''''') || '''' END
          END || ')' AS line,
       k.kind, x.lesson_position
  FROM lesson_scope x
  JOIN lesson_focus f ON f.lesson = x.lesson
  JOIN (SELECT kind FROM run_kinds WHERE scope = 'pair') k
 WHERE NOT EXISTS (SELECT 1 FROM current_sweep c
                    WHERE c.kind = k.kind AND c.bundle = x.bundle AND c.channel = x.channel);
