-- isolab schema, part 18 (schema version 15): current_focus made cheaper to
-- compile, with the same rows. Every claim reading channel_comparison, and
-- every plot of the focus, compiles this view; the common table expression
-- of the parameters it replaces was expanded once for each of its three
-- references (0.27 ms against 0.05 ms per compile).

-- The parameters as one row, defaults resolved: the lesson param names if
-- it has a focus, else the last lesson with a focus (lesson position, then
-- code); param's bundle and channel when set, else that lesson's focus.
DROP VIEW current_focus;
CREATE VIEW current_focus AS
SELECT f.lesson,
       coalesce((SELECT value FROM param WHERE key = 'bundle'), f.bundle) AS bundle,
       coalesce((SELECT value FROM param WHERE key = 'channel'), f.channel) AS channel
  FROM lesson_focus f JOIN lesson l ON l.code = f.lesson
 ORDER BY f.lesson = (SELECT value FROM param WHERE key = 'lesson') DESC,
          l.position IS NULL, l.position DESC, f.lesson DESC
 LIMIT 1;
