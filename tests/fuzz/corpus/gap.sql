INSERT INTO bundle(name) VALUES ('tight');
INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('tight', 1, 'pid-namespace'),
  ('tight', 3, 'mount-namespace');
