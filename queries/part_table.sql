-- The parts table: page_lesson_parts' rows (each part of the lesson's
-- channel under its bundle), printed under the title "CHANNEL PARTS (each
-- part of C under B)": the part, the facts it shows, returns, its open
-- surface and axes, its cost, and the facts it returns. The name column is
-- 22 characters wide, or as wide as the longest part; numbers as wide as
-- their headings. A lesson whose channel has no parts prints the title and
-- "(the channel has no parts)". n numbers the lines of a lesson's table.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, j.k AS part_no, 0 AS k, x.channel AS name, x.bundle AS bundle,
         NULL AS shows, NULL AS returned, NULL AS open_surface, NULL AS open_axes, NULL AS cost, NULL AS facts
    FROM lesson_scope x CROSS JOIN (SELECT 0 AS k UNION ALL SELECT 1) j
  UNION ALL
  SELECT p.lesson, p.lesson_position, 2, p.n, p.part, NULL, p.shows, p.returned, p.open_surface, p.open_axes,
         CASE WHEN p.cost_pct = round(p.cost_pct) THEN printf('%d', p.cost_pct) ELSE printf('%.2f', p.cost_pct) END,
         coalesce(p.returned_facts, '-')
    FROM page_lesson_parts p
),
width AS (
  SELECT *, max(22, coalesce(max(CASE WHEN part_no = 2 THEN length(name) END) OVER w, 0)) AS wn,
         count(CASE WHEN part_no = 2 THEN 1 END) OVER w AS parts
    FROM rows
  WINDOW w AS (PARTITION BY lesson)
)
SELECT lesson,
       CASE WHEN part_no = 0 THEN 'CHANNEL PARTS (each part of ' || name || ' under ' || bundle || ')'
            WHEN part_no = 1 AND parts = 0 THEN '  (the channel has no parts)'
            WHEN part_no = 1 THEN printf('%!-*s', wn + 3, 'part') || 'shows  returned  open surface  open axes  cost'
                                  || '  returned facts'
            ELSE '  ' || printf('%!-*s %5d %9d %13d %10d %5s  %s', wn, name, shows, returned, open_surface, open_axes,
                                cost, facts) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part_no, k) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
