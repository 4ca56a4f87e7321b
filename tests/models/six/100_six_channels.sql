-- A test model for the plots, loaded over the course's seeds: six channels
-- in all (the two lessons' and four made up here), chosen to stress the
-- images rather than to be true. One channel returns nothing under strict
-- (it shows only facts strict leaves open), one has a 40-character name,
-- two share a cost and nearly their return (labels side by side), one
-- returns a whole axis (a 100 % bar), and most axes stay at 0 % under
-- strict. Not used by the lesson's claims.
INSERT INTO lesson(code, title, position) VALUES
  ('T/P1', 'Plot test: in-kernel tracing', 11),
  ('T/P2', 'Plot test: memory contents', 12),
  ('T/P3', 'Plot test: counters', 13),
  ('T/P4', 'Plot test: packet capture', 14);
INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('kernel-tracing', 'T/P1', 6),
  ('whole-memory-snapshot-with-page-contents', 'T/P2', 80),
  ('event-counters', 'T/P3', 1),
  ('packet-capture', 'T/P4', 6);
INSERT INTO channel_fact(channel, fact) VALUES
  ('kernel-tracing', 'other-process-list'),
  ('kernel-tracing', 'other-mounts'),
  ('kernel-tracing', 'host-interfaces'),
  ('whole-memory-snapshot-with-page-contents', 'cpu-share'),
  ('whole-memory-snapshot-with-page-contents', 'memory-limit'),
  ('whole-memory-snapshot-with-page-contents', 'memory-used'),
  ('whole-memory-snapshot-with-page-contents', 'kernel-version'),
  ('whole-memory-snapshot-with-page-contents', 'kernel-settings'),
  ('whole-memory-snapshot-with-page-contents', 'user-id-mapping'),
  ('event-counters', 'own-process-number'),
  ('event-counters', 'cpu-count'),
  ('packet-capture', 'host-interfaces'),
  ('packet-capture', 'host-routing-table');
