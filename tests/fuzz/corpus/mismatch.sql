INSERT INTO sample_count(n) VALUES
  (200),
  ('many');
