-- A test course of eight lessons for 'isolab page' and its plots, loaded
-- over the course's seeds (two lessons): six more lessons, each with its
-- channel and focus, chosen to stress the page rather than to be true.
-- event-counters returns nothing under strict (it shows only facts strict
-- leaves open); one channel has a 38-character name; kernel-tracing and
-- packet-capture share a cost (6 %); the memory channel returns a whole
-- axis. Not used by the lesson's claims.
INSERT INTO lesson(code, title, position) VALUES
  ('T/E1', 'Page test: in-kernel tracing', 11),
  ('T/E2', 'Page test: memory contents', 12),
  ('T/E3', 'Page test: counters', 13),
  ('T/E4', 'Page test: packet capture', 14),
  ('T/E5', 'Page test: open files', 15),
  ('T/E6', 'Page test: timing', 16);
INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('kernel-tracing', 'T/E1', 6),
  ('memory-snapshot-with-all-page-contents', 'T/E2', 80),
  ('event-counters', 'T/E3', 1),
  ('packet-capture', 'T/E4', 6),
  ('open-file-table', 'T/E5', 12.5),
  ('timer-jitter', 'T/E6', 0.4);
INSERT INTO channel_fact(channel, fact) VALUES
  ('kernel-tracing', 'other-process-list'),
  ('kernel-tracing', 'other-mounts'),
  ('kernel-tracing', 'host-interfaces'),
  ('memory-snapshot-with-all-page-contents', 'cpu-share'),
  ('memory-snapshot-with-all-page-contents', 'memory-limit'),
  ('memory-snapshot-with-all-page-contents', 'memory-used'),
  ('memory-snapshot-with-all-page-contents', 'kernel-version'),
  ('memory-snapshot-with-all-page-contents', 'user-id-mapping'),
  ('event-counters', 'own-process-number'),
  ('event-counters', 'cpu-count'),
  ('packet-capture', 'host-interfaces'),
  ('packet-capture', 'host-routing-table'),
  ('open-file-table', 'shared-temp-directory'),
  ('open-file-table', 'file-permissions'),
  ('open-file-table', 'security-label'),
  ('timer-jitter', 'system-load'),
  ('timer-jitter', 'cpu-share');
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES
  ('T/E1', 'strict', 'kernel-tracing', 'process'),
  ('T/E2', 'strict', 'memory-snapshot-with-all-page-contents', 'resource'),
  ('T/E3', 'strict', 'event-counters', 'resource'),
  ('T/E4', 'strict', 'packet-capture', 'network'),
  ('T/E5', 'strict', 'open-file-table', 'label'),
  ('T/E6', 'common', 'timer-jitter', 'kernel');
