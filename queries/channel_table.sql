-- The channel table under the lesson's bundle (lesson_scope): the lesson's
-- own channel first, then every other channel of the lessons up to and
-- including the channel's lesson (by lesson.position; ties by name). Each
-- row comes from current_surface; a channel with no current result is left
-- out. n numbers the lines of a lesson's table. The name column is the
-- lesson's 22 characters wide, or as wide as the longest name.
-- cost: integral costs as integers, else one or two decimals; cost per
-- fact: two decimals, '-' when the channel returns nothing. The numbers
-- are the lesson's widths (returned 4, open surface 10, cost 5, run 5,
-- cost per fact 17) or as wide as their widest, headings moved with them.
-- Exact binary ties (x.xx5, i.e. k/8) are rounded half to even, as the
-- lesson's Python formatting does; SQLite's printf would round them up.
-- The widths are windows over the rows, the header one of them: a width
-- table over rows, joined twice, had SQLite expand lesson_scope and
-- current_surface again at each join. The header (part 0) and the channel
-- rows come from one reading of lesson_scope: the header is the row of
-- part 0, which joins no channel.
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, j.part, coalesce(c.name <> x.channel, 0) AS other,
         CASE j.part WHEN 0 THEN 0 ELSE l.position END AS cpos, coalesce(c.name, '') AS name,
         s.returned, s.open_surface, s.run_time,
         CASE WHEN j.part = 0 THEN NULL
              WHEN s.cost_pct = round(s.cost_pct)    THEN printf('%d', s.cost_pct)
              WHEN s.cost_pct = round(s.cost_pct, 1) THEN printf('%.1f', s.cost_pct)
              ELSE printf('%.2f', s.cost_pct) END AS cost,
         CASE WHEN j.part = 0 THEN NULL
              WHEN s.cost_per_fact IS NULL THEN '-'
              WHEN s.cost_per_fact * 100 - CAST(s.cost_per_fact * 100 AS INTEGER) = 0.5
                THEN printf('%.2f', (CAST(s.cost_per_fact * 100 AS INTEGER)
                                     + CAST(s.cost_per_fact * 100 AS INTEGER) % 2) / 100.0)
              ELSE printf('%.2f', s.cost_per_fact) END AS per_fact
    FROM lesson_scope x
   CROSS JOIN (SELECT 0 AS part UNION ALL SELECT 1) j
    LEFT JOIN channel c ON j.part = 1
    LEFT JOIN lesson l ON l.code = c.lesson
    LEFT JOIN current_surface s ON s.bundle = x.bundle AND s.channel = c.name
   WHERE j.part = 0
      OR s.bundle IS NOT NULL
         AND (c.name = x.channel
              OR l.position <= (SELECT ol.position FROM channel oc JOIN lesson ol ON ol.code = oc.lesson
                                 WHERE oc.name = x.channel))
),
width AS (
  SELECT *, max(22, coalesce(max(CASE WHEN part = 1 THEN length(name) END) OVER w, 0)) AS wn,
         max(4, coalesce(max(length(returned)) OVER w, 0)) AS wr,
         max(10, coalesce(max(length(open_surface)) OVER w, 0)) AS wo,
         max(5, coalesce(max(length(cost)) OVER w, 0)) AS wc,
         max(5, coalesce(max(length(run_time)) OVER w, 0)) AS wt,
         max(17, coalesce(max(length(per_fact)) OVER w, 0)) AS wp
    FROM rows
  WINDOW w AS (PARTITION BY lesson)
)
SELECT lesson,
       CASE WHEN part = 0
            THEN printf('%!-*s', wn + 2 + wr - 4, 'channel') || 'returned'
                 || printf('%*s', 2 + wo - 10, '') || 'open surface' || printf('%*s', 2 + wc - 5, '') || 'cost'
                 || printf('%*s', 2 + wt - 5, '') || 'run' || printf('%*s', 3 + wp - 17, '') || 'cost per fact'
            ELSE '  ' || printf('%!-*s %*d %*d %*s %*d %*s', wn, name, wr, returned, wo, open_surface, wc, cost,
                                wt, run_time, wp, per_fact) END AS line,
       row_number() OVER (PARTITION BY lesson ORDER BY part, other, cpos, name) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
