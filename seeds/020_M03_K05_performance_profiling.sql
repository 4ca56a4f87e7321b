-- Lesson M03/K05: the sampling-based CPU profile as an observation channel.

INSERT INTO lesson(code, title, position) VALUES
  ('M03/K05', 'Performance Profiling', 5);

INSERT INTO channel(name, lesson, cost_pct) VALUES
  ('sampling-profile', 'M03/K05', 3);

INSERT INTO channel_fact(channel, position, fact) VALUES
  ('sampling-profile', 1, 'cpu-share'),
  ('sampling-profile', 2, 'cpu-count'),
  ('sampling-profile', 3, 'system-load');
