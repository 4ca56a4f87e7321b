INSERT INTO fact(position, name, axis) VALUES
  (25, 'fact-a', 'process'),
  (26, 'fact-b', 'proces');
