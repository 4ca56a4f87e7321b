-- The lesson sweep tables with nothing to show: for each lesson of
-- lesson_scope and each of its sweeps (the kinds of run_kinds's scope
-- 'pair': samples, removal, addition) that has no current sweep of the
-- lesson's bundle x channel, the one line its table prints instead of an
-- empty header, naming the command that computes it:
-- 'isolab lesson CODE' under the lesson's focus, 'isolab sweep KIND
-- --bundle B --channel C' (the kind's command, from run_kinds) when param
-- sets another bundle or channel, or the lesson prints no table of that
-- sweep (lesson_blocks.sweep: then the lesson makes it only when its own
-- tables or claims read it), each name quoted for a POSIX shell
-- (shell_word).
SELECT x.lesson,
       '  (not run yet: isolab '
       || CASE WHEN x.bundle = f.bundle AND x.channel = f.channel
                    AND EXISTS (SELECT 1 FROM lesson_blocks b WHERE b.lesson = x.lesson AND b.sweep = k.kind)
               THEN 'lesson ' || (SELECT quoted FROM shell_word WHERE word = x.lesson LIMIT 1)
               ELSE k.command
                    || ' --bundle ' || (SELECT quoted FROM shell_word WHERE word = x.bundle LIMIT 1)
                    || ' --channel ' || (SELECT quoted FROM shell_word WHERE word = x.channel LIMIT 1)
          END || ')' AS line,
       k.kind, x.lesson_position
  FROM lesson_scope x
  JOIN lesson_focus f ON f.lesson = x.lesson
  JOIN (SELECT kind, command FROM run_kinds WHERE scope = 'pair') k
 WHERE NOT EXISTS (SELECT 1 FROM current_sweep c
                    WHERE c.kind = k.kind AND c.bundle = x.bundle AND c.channel = x.channel);
