-- The channel table under the lesson's bundle (lesson_scope): the lesson's
-- own channel first, then every other channel of the lessons up to and
-- including the channel's lesson (by lesson.position; ties by name). Each
-- row comes from current_surface; a channel with no current result is left
-- out. n numbers the lines of a lesson's table. The name column is the
-- lesson's 22 characters wide, or as wide as the longest name.
-- cost: integral costs as integers, else one or two decimals (width 5);
-- cost per fact: two decimals (width 17), '-' when the channel returns
-- nothing. Exact binary ties (x.xx5, i.e. k/8) are rounded half to even, as
-- the lesson's Python formatting does; SQLite's printf would round them up.
WITH chans AS (
  SELECT x.lesson, x.lesson_position AS lp, x.bundle, c.name, c.name <> x.channel AS other,
         l.position AS cpos
    FROM lesson_scope x
    JOIN channel c
    LEFT JOIN lesson l ON l.code = c.lesson
   WHERE c.name = x.channel
      OR l.position <= (SELECT ol.position FROM channel oc JOIN lesson ol ON ol.code = oc.lesson
                         WHERE oc.name = x.channel)
),
rows AS (
  SELECT ch.lesson, ch.lp, ch.other, ch.cpos, ch.name, s.*,
         CAST(s.cost_per_fact * 100 AS INTEGER) AS cents
    FROM chans ch
    JOIN current_surface s ON s.bundle = ch.bundle AND s.channel = ch.name
),
width AS (
  SELECT x.lesson, max(22, coalesce((SELECT max(length(r.name)) FROM rows r WHERE r.lesson = x.lesson), 0)) AS w
    FROM lesson_scope x
),
lines AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS other, 0 AS cpos, '' AS name,
         printf('%!-*s', w.w + 2, 'channel') || 'returned  open surface  cost  run   cost per fact' AS line
    FROM lesson_scope x JOIN width w ON w.lesson = x.lesson
  UNION ALL
  SELECT r.lesson, lp, 1, other, cpos, name,
         '  ' || printf('%!-*s', w.w, name)
         || printf(' %4d %10d ', returned, open_surface)
         || CASE WHEN cost_pct = round(cost_pct)    THEN printf('%5d', cost_pct)
                 WHEN cost_pct = round(cost_pct, 1) THEN printf('%5.1f', cost_pct)
                 ELSE printf('%5.2f', cost_pct) END
         || printf(' %5d ', run_time)
         || CASE WHEN cost_per_fact IS NULL THEN printf('%17s', '-')
                 WHEN cost_per_fact * 100 - cents = 0.5
                   THEN printf('%17.2f', (cents + cents % 2) / 100.0)
                 ELSE printf('%17.2f', cost_per_fact) END
    FROM rows r JOIN width w ON w.lesson = r.lesson
)
SELECT lesson, line, row_number() OVER (PARTITION BY lesson ORDER BY part, other, cpos, name) AS n
  FROM lines
 ORDER BY lp IS NULL, lp, lesson, n;
