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
-- The width is a window over the rows, the header one of them: a width
-- subquery over rows, joined twice, had SQLite expand lesson_scope and
-- current_surface four more times.
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
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS other, 0 AS cpos, '' AS name,
         NULL AS returned, NULL AS open_surface, NULL AS cost_pct, NULL AS run_time, NULL AS cost_per_fact,
         NULL AS cents
    FROM lesson_scope x
  UNION ALL
  SELECT ch.lesson, ch.lp, 1, ch.other, ch.cpos, ch.name,
         s.returned, s.open_surface, s.cost_pct, s.run_time, s.cost_per_fact,
         CAST(s.cost_per_fact * 100 AS INTEGER)
    FROM chans ch
    JOIN current_surface s ON s.bundle = ch.bundle AND s.channel = ch.name
),
width AS (
  SELECT *, max(22, coalesce(max(CASE WHEN part = 1 THEN length(name) END) OVER (PARTITION BY lesson), 0)) AS w
    FROM rows
)
SELECT lesson,
       CASE WHEN part = 0
            THEN printf('%!-*s', w + 2, 'channel') || 'returned  open surface  cost  run   cost per fact'
            ELSE '  ' || printf('%!-*s', w, name)
                 || printf(' %4d %10d ', returned, open_surface)
                 || CASE WHEN cost_pct = round(cost_pct)    THEN printf('%5d', cost_pct)
                         WHEN cost_pct = round(cost_pct, 1) THEN printf('%5.1f', cost_pct)
                         ELSE printf('%5.2f', cost_pct) END
                 || printf(' %5d ', run_time)
                 || CASE WHEN cost_per_fact IS NULL THEN printf('%17s', '-')
                         WHEN cost_per_fact * 100 - cents = 0.5
                           THEN printf('%17.2f', (cents + cents % 2) / 100.0)
                         ELSE printf('%17.2f', cost_per_fact) END END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part, other, cpos, name) AS n
  FROM width
 ORDER BY lp IS NULL, lp, lesson, n;
