-- Lesson M03/K05: the sampling-based CPU profile as an observation channel.

INSERT INTO lesson(code, title, position) VALUES
  ('M03/K05', 'Performance Profiling', 5);

INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('sampling-profile', 'M03/K05', 3);

INSERT INTO channel_fact(channel, position, fact) VALUES
  ('sampling-profile', 1, 'cpu-share'),
  ('sampling-profile', 2, 'cpu-count'),
  ('sampling-profile', 3, 'system-load');

-- The lesson's focus: its tables are computed under strict x the sampling
-- profile; its axis table lists the resource axis (the control group's).
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES
  ('M03/K05', 'strict', 'sampling-profile', 'resource');

-- The lesson's claims, checked by 'isolab check'. Statements are short
-- paraphrases of what the lesson states; each actual_sql reads the latest
-- results (current_* views, channel_comparison under strict).
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M03/K05', 'facts', 'the process is described by 24 facts', 24,
   '(SELECT count(*) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'axes', 'the facts lie on nine axes', 9,
   '(SELECT count(DISTINCT axis) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'strict-closes', 'the strict bundle closes 14 of the facts', 14,
   '(SELECT sum(status IN (''returns'', ''closed'')) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'strict-visible', 'without a channel the open surface under strict is 10', 10,
   '(SELECT visible FROM current_surface WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-shows', 'the profile channel shows three facts', 3,
   '(SELECT count(DISTINCT fact) FROM channel_shows WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-returns', 'under strict the profile returns 1 fact', 1,
   '(SELECT returned FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-returned-fact', 'the fact it returns is cpu-share', 'cpu-share',
   '(SELECT group_concat(fact, '' '') FROM (SELECT fact FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'' AND status = ''returns'' ORDER BY position))'),
  ('M03/K05', 'profile-already-visible', 'its other two facts, cpu-count and system-load, are visible under strict already', 'cpu-count system-load',
   '(SELECT group_concat(fact, '' '') FROM (SELECT fs.fact FROM current_fact_status fs JOIN channel_fact cf ON cf.channel = fs.channel AND cf.fact = fs.fact WHERE fs.bundle = ''strict'' AND fs.channel = ''sampling-profile'' AND fs.status IN (''visible'', ''left-open'') ORDER BY fs.position))'),
  ('M03/K05', 'profile-open-surface', 'with the profile the open surface goes from 10 to 11', 11,
   '(SELECT open_surface FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-open-axes', 'open axes stay at 7 with the profile on', '7 -> 7',
   '(SELECT (SELECT count(DISTINCT axis) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'' AND status IN (''visible'', ''left-open'')) || '' -> '' || open_axes FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'common-returns', 'under the common bundle the profile returns 1 fact as well', 1,
   '(SELECT returned FROM current_surface WHERE bundle = ''common'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'baseline', 'the baseline run takes 1000 time units', 1000,
   '(SELECT value FROM setting WHERE key = ''baseline_time'')'),
  ('M03/K05', 'profile-cost', 'the profile slows the run by 3 percent', 3,
   '(SELECT cost_pct FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-run-time', 'with the profile on the run takes 1030', 1030,
   '(SELECT run_time FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'profile-cost-per-fact', 'the profile costs 3.00 points per returning fact', 3.00,
   '(SELECT cost_per_fact FROM channel_comparison WHERE channel = ''sampling-profile'')'),
  ('M03/K05', 'tracing-returns', 'system call tracing returns 2 of the closed facts', 2,
   '(SELECT returned FROM channel_comparison WHERE channel = ''system-call-tracing'')'),
  ('M03/K05', 'tracing-open-surface', 'system call tracing leaves an open surface of 12', 12,
   '(SELECT open_surface FROM channel_comparison WHERE channel = ''system-call-tracing'')'),
  ('M03/K05', 'tracing-cost', 'system call tracing slows the run by 34 percent', 34,
   '(SELECT cost_pct FROM channel_comparison WHERE channel = ''system-call-tracing'')'),
  ('M03/K05', 'tracing-cost-per-fact', 'system call tracing costs 17.00 points per returning fact', 17.00,
   '(SELECT cost_per_fact FROM channel_comparison WHERE channel = ''system-call-tracing'')'),
  ('M03/K05', 'times-cheaper', 'per returning fact the profile is 5.67 times cheaper than system call tracing', 5.67,
   '(SELECT round(t.cost_per_fact / p.cost_per_fact, 2) FROM channel_comparison t, channel_comparison p WHERE t.channel = ''system-call-tracing'' AND p.channel = ''sampling-profile'')'),
  ('M03/K05', 'cheapest', 'the profile is the cheapest channel of the topic', 'sampling-profile',
   '(SELECT group_concat(channel, '' '') FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%'' AND cost_pct = (SELECT min(cost_pct) FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%''))'),
  ('M03/K05', 'smallest-surface', 'the profile leaves the smallest open surface of the topic''s channels', 'sampling-profile',
   '(SELECT group_concat(channel, '' '') FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%'' AND open_surface = (SELECT min(open_surface) FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%''))'),
  ('M03/K05', 'resource-axis-pct', 'the resource axis goes from 25 to 50 percent visible', '25 % -> 50 %',
   '(SELECT printf(''%g %% -> %g %%'', pct_without, pct_with) FROM axis_visibility WHERE bundle = ''strict'' AND channel = ''sampling-profile'' AND axis = ''resource'')'),
  ('M03/K05', 'resource-axis-facts', 'visible resource facts go from 1 to 2 of its 4', '1 -> 2 of 4',
   '(SELECT visible_without || '' -> '' || visible_with || '' of '' || facts FROM axis_visibility WHERE bundle = ''strict'' AND channel = ''sampling-profile'' AND axis = ''resource'')'),
  ('M03/K05', 'samples-thousandfold', 'the sample count grows a thousandfold', 1000,
   '(SELECT max(samples) / min(samples) FROM current_sample_sweep WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'lines-thousandfold', 'the line count grows a thousandfold with it', 1000,
   '(SELECT max(lines) / min(lines) FROM current_sample_sweep WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'samples-returned', 'the returned count stays 1 at every sample count', '1',
   '(SELECT group_concat(DISTINCT returned) FROM current_sample_sweep WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'lines-per-fact', 'lines per fact climb from 100 to 100000', '100 -> 100000',
   '(SELECT min(lines_per_fact) || '' -> '' || max(lines_per_fact) FROM current_sample_sweep WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'removal-changes', 'removing a fact changes the open surface for 11 facts', 11,
   '(SELECT sum(r.open_surface <> b.open_surface) FROM current_removal_sweep r JOIN current_removal_sweep b ON b.run_id = r.run_id AND b.removed_fact IS NULL WHERE r.removed_fact IS NOT NULL AND r.bundle = ''strict'' AND r.channel = ''sampling-profile'')'),
  ('M03/K05', 'removal-unchanged', 'and leaves it unchanged for 13', 13,
   '(SELECT sum(r.open_surface = b.open_surface) FROM current_removal_sweep r JOIN current_removal_sweep b ON b.run_id = r.run_id AND b.removed_fact IS NULL WHERE r.removed_fact IS NOT NULL AND r.bundle = ''strict'' AND r.channel = ''sampling-profile'')'),
  ('M03/K05', 'removal-lowers-return', 'cpu-share is the only fact whose removal lowers the return', 'cpu-share',
   '(SELECT group_concat(removed_fact, '' '') FROM (SELECT r.removed_fact FROM current_removal_sweep r JOIN current_removal_sweep b ON b.run_id = r.run_id AND b.removed_fact IS NULL WHERE r.removed_fact IS NOT NULL AND r.returned < b.returned AND r.bundle = ''strict'' AND r.channel = ''sampling-profile'' ORDER BY r.position))'),
  ('M03/K05', 'removal-cpu-share', 'without cpu-share nothing returns and the open surface drops to 10', '0 returned, open surface 10',
   '(SELECT returned || '' returned, open surface '' || open_surface FROM current_removal_sweep WHERE removed_fact = ''cpu-share'' AND bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('M03/K05', 'addition-grows', 'a new fact grows the open surface only on the kernel axis', 'kernel',
   '(SELECT group_concat(axis, '' '') FROM (SELECT a.axis FROM current_addition_sweep a JOIN current_addition_sweep b ON b.run_id = a.run_id AND b.axis IS NULL WHERE a.axis IS NOT NULL AND a.open_surface > b.open_surface AND a.bundle = ''strict'' AND a.channel = ''sampling-profile'' ORDER BY a.axis))'),
  ('M03/K05', 'addition-kernel', 'there it grows from 11 to 12', '11 -> 12',
   '(SELECT b.open_surface || '' -> '' || a.open_surface FROM current_addition_sweep a JOIN current_addition_sweep b ON b.run_id = a.run_id AND b.axis IS NULL WHERE a.axis = ''kernel'' AND a.bundle = ''strict'' AND a.channel = ''sampling-profile'')');

-- The topic's next two lessons, which this one announces: its claims read
-- the course as it knew it (lessons up to position 5, and 6 and 7), so
-- lessons added after them change none of its verdicts.
INSERT INTO lesson_announces(lesson, position, about) VALUES
  ('M03/K05', 6, 'event-based in-kernel tracing'),
  ('M03/K05', 7, 'a memory-side channel');

-- What the lesson says of the topic's next two lessons. Their channels are
-- found by lesson position (6: in-kernel tracing, M03/K06; 7: the memory
-- channel, M03/K07), not by a name; until a seed gives that lesson a
-- channel the claim is pending.
INSERT INTO claim(lesson, name, statement, expected, actual_sql, pending_sql) VALUES
  ('M03/K05', 'next-returns', 'in-kernel tracing (lesson 6) returns 3 facts', 3,
   '(SELECT returned FROM channel_comparison WHERE lesson_position = 6 AND part_of IS NULL)',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'next-cost', 'in-kernel tracing costs 6 percent', 6,
   '(SELECT cost_pct FROM channel_comparison WHERE lesson_position = 6 AND part_of IS NULL)',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'next-open-surface', 'in-kernel tracing leaves an open surface of 13', 13,
   '(SELECT open_surface FROM channel_comparison WHERE lesson_position = 6 AND part_of IS NULL)',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'next-open-axes', 'in-kernel tracing raises open axes from 7 to 8', 8,
   '(SELECT open_axes FROM channel_comparison WHERE lesson_position = 6 AND part_of IS NULL)',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'next-network', 'in-kernel tracing reopens the network axis, which strict closes fully', '0 -> more',
   '(SELECT visible_without || '' -> '' || CASE WHEN visible_with > visible_without THEN ''more'' ELSE visible_with END FROM axis_visibility WHERE bundle = ''strict'' AND axis = ''network'' AND channel = (SELECT channel FROM lesson_channel WHERE lesson_position = 6 AND part_of IS NULL))',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'next-most-not-dearest', 'the channel that returns the most is not the dearest', 1,
   '(SELECT count(*) = 0 FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%'' AND returned = (SELECT max(returned) FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%'') AND cost_pct = (SELECT max(cost_pct) FROM channel_comparison WHERE part_of IS NULL AND lesson LIKE ''M03/%''))',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' END'),
  ('M03/K05', 'last-open-surface', 'the memory channel (lesson 7) leaves an open surface of 13', 13,
   '(SELECT open_surface FROM channel_comparison WHERE lesson_position = 7 AND part_of IS NULL)',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 7) THEN ''no seed gives lesson 7 (M03/K07) a channel yet'' END'),
  ('M03/K05', 'last-memory', 'the memory channel opens the memory side of the resource axis', 1,
   '(SELECT count(*) > 0 FROM current_fact_status WHERE bundle = ''strict'' AND status = ''returns'' AND fact IN (''memory-limit'', ''memory-used'') AND channel = (SELECT channel FROM lesson_channel WHERE lesson_position = 7 AND part_of IS NULL))',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 7) THEN ''no seed gives lesson 7 (M03/K07) a channel yet'' END'),
  ('M03/K05', 'four-channels', 'the topic has four channels', 4,
   '(SELECT count(*) FROM lesson_channel WHERE part_of IS NULL AND lesson LIKE ''M03/%'')',
   'CASE WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 6) THEN ''no seed gives lesson 6 (M03/K06) a channel yet'' WHEN NOT EXISTS (SELECT 1 FROM lesson_channel WHERE lesson_position = 7) THEN ''no seed gives lesson 7 (M03/K07) a channel yet'' END');
