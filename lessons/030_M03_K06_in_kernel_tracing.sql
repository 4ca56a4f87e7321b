-- Lesson M03/K06: event-based in-kernel tracing as an observation channel,
-- made of three tracepoints. Not built into isolab: load it with
--   isolab load lessons/030_M03_K06_in_kernel_tracing.sql
-- and 'isolab lesson M03/K06' prints its tables.
--
-- What the performance profiling lesson (M03/K05) states of this one: it
-- returns 3 facts at 6 %, leaves an open surface of 13 and 8 open axes,
-- reopening the network axis. Its fact lists were not given; these make
-- those numbers hold under strict, where 10 facts on 7 axes are visible
-- (network and host are closed): each tracepoint returns one closed fact,
-- two on the process axis (open already through own-process-number) and
-- one on the network axis, and shows one fact visible already. So 10 + 3 =
-- 13, and 7 + network = 8 axes; it returns nothing on the host axis.

INSERT INTO lesson(code, title, position) VALUES
  ('M03/K06', 'Event-Based In-Kernel Tracing', 6);

-- The channel is the three tracepoints together: it shows the union of
-- their facts, and each is a channel of its own with its share of the cost.
INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('in-kernel-tracing', 'M03/K06', 6),
  ('sched-tracepoint', 'M03/K06', 2),
  ('task-tracepoint', 'M03/K06', 2),
  ('net-tracepoint', 'M03/K06', 2);

INSERT INTO channel_part(channel, part, position) VALUES
  ('in-kernel-tracing', 'sched-tracepoint', 1),
  ('in-kernel-tracing', 'task-tracepoint', 2),
  ('in-kernel-tracing', 'net-tracepoint', 3);

INSERT INTO channel_fact(channel, position, fact) VALUES
  ('sched-tracepoint', 1, 'other-process-list'),
  ('sched-tracepoint', 2, 'clock'),
  ('task-tracepoint', 1, 'ancestor-process-chain'),
  ('task-tracepoint', 2, 'own-process-number'),
  ('net-tracepoint', 1, 'listening-ports'),
  ('net-tracepoint', 2, 'kernel-settings');

-- Its tables are computed under strict x the whole channel; its axis table
-- lists the network axis, the one it reopens.
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES
  ('M03/K06', 'strict', 'in-kernel-tracing', 'network');

-- The tables it prints: no sample count sweep (an event trace has no sample
-- count), and a table of its tracepoints after the bundles. A title names
-- the bundle and channel as {bundle} and {channel}: its tables' own, so
-- 'isolab report --lesson M03/K06 --bundle common' titles them common.
INSERT INTO lesson_block(lesson, position, block, title) VALUES
  ('M03/K06', 1, 'lesson_header', NULL),
  ('M03/K06', 2, 'resource_axis', NULL),
  ('M03/K06', 3, 'channel_facts', NULL),
  ('M03/K06', 4, 'bundle_table', NULL),
  ('M03/K06', 5, 'part_table', 'TRACEPOINTS (each tracepoint of {channel} under {bundle})'),
  ('M03/K06', 7, 'channel_table', NULL),
  ('M03/K06', 8, 'removal_summary', NULL),
  ('M03/K06', 9, 'addition_table', NULL);

-- And one of its own, after the tracepoints: per axis, what the bundle
-- leaves visible and what the channel returns on it, by which tracepoint
-- (the question of the lesson: which axes does the trace reopen?). A query
-- over the data views, its columns named as the table heads them, :lesson
-- bound to this lesson's code.
INSERT INTO lesson_table(lesson, position, title, layout, query) VALUES
  ('M03/K06', 6, 'AXES (what {channel} returns on each axis under {bundle})', 'table',
   'SELECT s.axis AS axis, count(*) AS facts, sum(s.status IN (''visible'', ''left-open'')) AS visible,
           sum(s.status = ''returns'') AS returned,
           coalesce((SELECT group_concat(p.part, '', '') FROM channel_part p
                      WHERE p.channel = x.channel AND EXISTS (SELECT 1 FROM current_fact_status t
                             WHERE t.bundle = x.bundle AND t.channel = p.part AND t.axis = s.axis
                               AND t.status = ''returns'')), ''-'') AS "returned by"
      FROM lesson_scope x JOIN current_fact_status s ON s.bundle = x.bundle AND s.channel = x.channel
     WHERE x.lesson = :lesson
     GROUP BY s.axis ORDER BY min(s.position)');

-- Its claims, checked by 'isolab check'. The numbers, as rows with columns
-- (claim_measure: 'isolab claim --suggest M03/K06' prints them with their
-- current values); what no measure says, as SQL.
INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact) VALUES
  ('M03/K06', 'tracing-returns', 'under strict in-kernel tracing returns 3 facts', 3,
   'returned', 'strict', 'in-kernel-tracing', NULL),
  ('M03/K06', 'tracing-cost', 'it slows the run by 6 percent', 6, 'cost_pct', 'strict', 'in-kernel-tracing', NULL),
  ('M03/K06', 'tracing-open-surface', 'it leaves an open surface of 13', 13,
   'open_surface', 'strict', 'in-kernel-tracing', NULL),
  ('M03/K06', 'tracing-open-axes', 'it raises the open axes from 7 to 8', 8,
   'open_axes', 'strict', 'in-kernel-tracing', NULL),
  ('M03/K06', 'net-returns-ports', 'the net tracepoint returns listening-ports', 'returns',
   'status', 'strict', 'net-tracepoint', 'listening-ports');
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('M03/K06', 'tracing-returned', 'the facts it returns', 'other-process-list ancestor-process-chain listening-ports',
   '(SELECT group_concat(fact, '' '') FROM (SELECT fact FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''in-kernel-tracing'' AND status = ''returns'' ORDER BY position))'),
  ('M03/K06', 'tracing-network', 'only the net tracepoint reaches the network axis', 'net-tracepoint',
   '(SELECT group_concat(channel, '' '') FROM current_fact_status WHERE bundle = ''strict'' AND axis = ''network'' AND status = ''returns'' AND channel IN (SELECT part FROM channel_part WHERE channel = ''in-kernel-tracing''))'),
  ('M03/K06', 'tracepoints-one-each', 'each tracepoint returns one fact', '1',
   '(SELECT group_concat(DISTINCT returned) FROM current_surface WHERE bundle = ''strict'' AND channel IN (SELECT part FROM channel_part WHERE channel = ''in-kernel-tracing''))');
