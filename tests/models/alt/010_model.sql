-- A small model whose answers differ from the lesson's, for isolab's tests:
-- two mechanisms share axis a, m3 leaves open a fact of another axis, axis c
-- has no closer, and channel 'blind' shows only a fact nothing closes.
INSERT INTO axis(name) VALUES ('a'), ('b'), ('c');
INSERT INTO fact(position, name, axis) VALUES
  (1, 'f1', 'a'), (2, 'f2', 'a'), (3, 'f3', 'b'), (4, 'f4', 'b'), (5, 'f5', 'c');
INSERT INTO mechanism(name) VALUES ('m1'), ('m2'), ('m3');
INSERT INTO mechanism_axis(mechanism, axis) VALUES ('m1', 'a'), ('m2', 'a'), ('m3', 'b');
INSERT INTO left_open(mechanism, fact) VALUES ('m1', 'f1'), ('m3', 'f1');
INSERT INTO bundle(name) VALUES ('none'), ('one'), ('twothen'), ('reopen');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('one', 1, 'm1'),
  ('twothen', 1, 'm1'), ('twothen', 2, 'm2'),
  ('reopen', 1, 'm1'), ('reopen', 2, 'm2'), ('reopen', 3, 'm3');
INSERT INTO setting(key, value) VALUES ('baseline_time', 200);
INSERT INTO sample_count(n) VALUES (10), (30);
