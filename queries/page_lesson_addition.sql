-- The addition sweep of each lesson's bundle x channel, as data for
-- 'isolab page' and the rows addition_table prints as text: one row per
-- axis a new fact was added on, by axis name, with the facts then and the
-- open surface; grows is 'grows' when that open surface is larger than the
-- baseline's (the row whose axis IS NULL). No row for a lesson whose sweep
-- has not run. The sweep is read once, the baseline a window over it.
SELECT lesson, lesson_position, axis, facts, open_surface, grows
  FROM (SELECT x.lesson, x.lesson_position, a.axis, a.facts, a.open_surface,
               CASE WHEN a.open_surface > max(a.open_surface) FILTER (WHERE a.axis IS NULL)
                                              OVER (PARTITION BY x.lesson)
                    THEN 'grows' ELSE '' END AS grows
          FROM lesson_scope x
          JOIN current_sweep c ON c.kind = 'addition' AND c.bundle = x.bundle AND c.channel = x.channel
          JOIN addition_sweep a ON a.run_id = c.run_id)
 WHERE axis IS NOT NULL
 ORDER BY lesson_position NULLS LAST, lesson, axis COLLATE BINARY;
