-- The parts table: page_lesson_parts' rows (each part of the lesson's
-- channel under its bundle), printed under the title "CHANNEL PARTS (each
-- part of C under B)": the part, the facts it shows, returns, its open
-- surface and axes, its cost, and the facts it returns. The name column is
-- 22 characters wide, or as wide as the longest part; numbers as wide as
-- their headings. A lesson whose channel has no parts prints the title and
-- "(the channel has no parts)"; parts with no current result under the
-- bundle are named by one line "(not run yet: COMMAND)", as lesson_not_run
-- does: 'isolab lesson CODE' under the lesson's focus, else 'isolab run
-- --members B --channel C --channel PART...', the channel and every part in
-- one run, the one the table reads (each name quoted by shell_word). n
-- numbers the lines of a lesson's table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, j.k AS part_no, 0 AS k, x.channel AS name, x.bundle AS bundle,
         NULL AS shows, NULL AS returned, NULL AS open_surface, NULL AS open_axes, NULL AS cost, NULL AS facts
    FROM lesson_scope x CROSS JOIN (SELECT 0 AS k UNION ALL SELECT 1) j
  UNION ALL
  SELECT p.lesson, p.lesson_position, 2, p.n, p.part, NULL, p.shows, p.returned, p.open_surface, p.open_axes,
         CASE WHEN p.cost_pct = round(p.cost_pct) THEN printf('%d', p.cost_pct) ELSE printf('%.2f', p.cost_pct) END,
         coalesce(p.returned_facts, '-')
    FROM page_lesson_parts p
  UNION ALL
  SELECT x.lesson, x.lesson_position, 3, 0,
         '  (not run yet: isolab '
         || CASE WHEN x.bundle = f.bundle AND x.channel = f.channel
                 THEN 'lesson ' || (SELECT quoted FROM shell_word WHERE word = x.lesson LIMIT 1)
                 ELSE (SELECT command FROM run_kinds WHERE kind = 'run') || ' --members '
                      || (SELECT quoted FROM shell_word WHERE word = x.bundle LIMIT 1)
                      || ' --channel ' || (SELECT quoted FROM shell_word WHERE word = x.channel LIMIT 1)
                      || (SELECT group_concat(' --channel ' || (SELECT quoted FROM shell_word WHERE word = m.part LIMIT 1), '')
                            FROM (SELECT p.part FROM channel_part p WHERE p.channel = x.channel
                                   ORDER BY p.position NULLS LAST, p.part) m) END || ')',
         NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM lesson_scope x
    JOIN lesson_focus f ON f.lesson = x.lesson
   WHERE EXISTS (SELECT 1 FROM channel_part p WHERE p.channel = x.channel
                    AND NOT EXISTS (SELECT 1 FROM current_surface s WHERE s.bundle = x.bundle AND s.channel = p.part))
),
width AS (
  SELECT *, max(22, coalesce(max(CASE WHEN part_no = 2 THEN length(name) END) OVER w, 0)) AS wn,
         count(CASE WHEN part_no = 2 THEN 1 END) OVER w AS parts,
         count(CASE WHEN part_no = 3 THEN 1 END) OVER w AS unrun
    FROM rows
  WINDOW w AS (PARTITION BY lesson)
)
SELECT lesson,
       CASE WHEN part_no = 0 THEN 'CHANNEL PARTS (each part of ' || name || ' under ' || bundle || ')'
            WHEN part_no = 1 AND parts = 0 THEN '  (the channel has no parts)'
            WHEN part_no = 3 THEN name
            WHEN part_no = 1 THEN printf('%!-*s', wn + 3, 'part') || 'shows  returned  open surface  open axes  cost'
                                  || '  returned facts'
            ELSE '  ' || printf('%!-*s %5d %9d %13d %10d %5s  %s', wn, name, shows, returned, open_surface, open_axes,
                                cost, facts) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part_no, k) AS n
  FROM width
 WHERE NOT (part_no = 1 AND parts = 0 AND unrun > 0)
 ORDER BY lp NULLS LAST, lesson, n;
