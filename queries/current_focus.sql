-- The parameters as one row, defaults resolved: the lesson param names if
-- it has a focus, else the last lesson with a focus (lesson position, then
-- code); param's bundle and channel when set, else that lesson's focus.
-- (Every claim reading channel_comparison, and every plot of the focus,
-- compiles this view: param is read by a subquery per value, not a common
-- table expression, which SQLite expanded once per reference.)
SELECT f.lesson,
       coalesce((SELECT value FROM param WHERE key = 'bundle'), f.bundle) AS bundle,
       coalesce((SELECT value FROM param WHERE key = 'channel'), f.channel) AS channel
  FROM lesson_focus f JOIN lesson l ON l.code = f.lesson
 ORDER BY f.lesson = (SELECT value FROM param WHERE key = 'lesson') DESC,
          l.position IS NULL, l.position DESC, f.lesson DESC
 LIMIT 1;
