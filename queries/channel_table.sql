-- The channel table: page_lesson_channels' rows (under the lesson's
-- bundle: the lesson's own channel first, then every other channel of the
-- lessons up to and including the channel's lesson), printed. n numbers
-- the lines of a lesson's table. The name column is the lesson's 22
-- characters wide, or as wide as the longest name.
-- cost: integral costs as integers, else one or two decimals; cost per
-- fact: two decimals, '-' when the channel returns nothing. The numbers
-- are the lesson's widths (returned 4, open surface 10, cost 5, run 5,
-- cost per fact 17) or as wide as their widest, headings moved with them.
-- Exact binary ties (x.xx5, i.e. k/8) are rounded half to even, as the
-- lesson's Python formatting does; SQLite's printf would round them up.
-- The widths are windows over the rows, the header one of them (part 0,
-- from lesson_scope).
WITH rows AS (
  SELECT x.lesson, x.lesson_position AS lp, 0 AS part, 0 AS k, '' AS name, NULL AS returned,
         NULL AS open_surface, NULL AS run_time, NULL AS cost, NULL AS per_fact
    FROM lesson_scope x
  UNION ALL
  SELECT c.lesson, c.lesson_position, 1, c.n, c.channel, c.returned, c.open_surface, c.run_time,
         CASE WHEN c.cost_pct = round(c.cost_pct)    THEN printf('%d', c.cost_pct)
              WHEN c.cost_pct = round(c.cost_pct, 1) THEN printf('%.1f', c.cost_pct)
              ELSE printf('%.2f', c.cost_pct) END,
         CASE WHEN c.cost_per_fact IS NULL THEN '-'
              WHEN c.cost_per_fact * 100 - CAST(c.cost_per_fact * 100 AS INTEGER) = 0.5
                THEN printf('%.2f', (CAST(c.cost_per_fact * 100 AS INTEGER)
                                     + CAST(c.cost_per_fact * 100 AS INTEGER) % 2) / 100.0)
              ELSE printf('%.2f', c.cost_per_fact) END
    FROM page_lesson_channels c
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
       row_number() OVER (PARTITION BY lesson ORDER BY part, k) AS n
  FROM width
 ORDER BY lp NULLS LAST, lesson, n;
