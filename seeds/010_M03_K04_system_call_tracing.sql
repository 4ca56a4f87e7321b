-- Lesson M03/K04: system call tracing as an observation channel.

INSERT INTO lesson(code, title, position) VALUES
  ('M03/K04', 'System Call Tracing', 4);

INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('system-call-tracing', 'M03/K04', 34);

INSERT INTO channel_fact(channel, position, fact) VALUES
  ('system-call-tracing', 1, 'root-filesystem-tree'),
  ('system-call-tracing', 2, 'other-mounts'),
  ('system-call-tracing', 3, 'file-ownership'),
  ('system-call-tracing', 4, 'capability-set'),
  ('system-call-tracing', 5, 'clock');

-- The lesson's focus: its tables are computed under strict x system call
-- tracing; its axis table lists the mount axis, where most of what the
-- channel shows lies.
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES
  ('M03/K04', 'strict', 'system-call-tracing', 'mount');
