-- Per bundle x channel x axis: how many of the axis's facts are visible
-- without the channel (status visible or left-open) and with it (plus the
-- facts it returns), as counts and as percentages of the axis's facts.
-- From current_fact_status's rows (current_surface_run's run of each pair,
-- joined here without that view's ORDER BY: this view sorts and groups them
-- itself, and through it the claims that read one axis scanned and sorted
-- every pair's facts); bundles in the order they were seeded, channels
-- in lesson_channel order (channels no longer in the model last), axes by
-- name.
SELECT fs.bundle, fs.channel, fs.axis,
       count(*) AS facts,
       sum(fs.status IN ('visible', 'left-open')) AS visible_without,
       sum(fs.status IN ('visible', 'left-open', 'returns')) AS visible_with,
       100.0 * sum(fs.status IN ('visible', 'left-open')) / count(*) AS pct_without,
       100.0 * sum(fs.status IN ('visible', 'left-open', 'returns')) / count(*) AS pct_with,
       fs.run_id
  FROM current_surface_run l
 CROSS JOIN fact_status fs ON fs.run_id = l.run_id AND fs.bundle = l.bundle AND fs.channel = l.channel
  LEFT JOIN bundle b ON b.name = fs.bundle
  LEFT JOIN lesson_channel lc ON lc.channel = fs.channel
 GROUP BY fs.bundle, fs.channel, fs.axis
 ORDER BY b.position NULLS LAST, fs.bundle, lc.ord NULLS LAST, fs.channel,
          fs.axis COLLATE BINARY;
