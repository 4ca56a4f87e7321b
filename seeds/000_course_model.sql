-- The course's common model: axes, the 24 facts in the lesson's order,
-- the isolation mechanisms with their left-open facts, the named bundles,
-- and the settings every lesson shares.

INSERT INTO axis(name) VALUES
  ('process'), ('mount'), ('network'), ('user'), ('host'),
  ('resource'), ('kernel'), ('privilege'), ('label');

INSERT INTO fact(position, name, axis) VALUES
  ( 1, 'other-process-list',     'process'),
  ( 2, 'own-process-number',     'process'),
  ( 3, 'ancestor-process-chain', 'process'),
  ( 4, 'root-filesystem-tree',   'mount'),
  ( 5, 'other-mounts',           'mount'),
  ( 6, 'shared-temp-directory',  'mount'),
  ( 7, 'host-interfaces',        'network'),
  ( 8, 'host-routing-table',     'network'),
  ( 9, 'listening-ports',        'network'),
  (10, 'user-id-mapping',        'user'),
  (11, 'file-ownership',         'user'),
  (12, 'hostname',               'host'),
  (13, 'cpu-share',              'resource'),
  (14, 'memory-limit',           'resource'),
  (15, 'memory-used',            'resource'),
  (16, 'cpu-count',              'resource'),
  (17, 'kernel-version',         'kernel'),
  (18, 'kernel-settings',        'kernel'),
  (19, 'system-load',            'kernel'),
  (20, 'clock',                  'kernel'),
  (21, 'capability-set',         'privilege'),
  (22, 'file-permissions',       'privilege'),
  (23, 'security-label',         'label'),
  (24, 'policy-rules',           'label');

INSERT INTO mechanism(position, name) VALUES
  (1, 'pid-namespace'),
  (2, 'mount-namespace'),
  (3, 'network-namespace'),
  (4, 'user-namespace'),
  (5, 'uts-namespace'),
  (6, 'control-group'),
  (7, 'capability-dropping'),
  (8, 'mandatory-label');

INSERT INTO mechanism_axis(mechanism, axis) VALUES
  ('pid-namespace',       'process'),
  ('mount-namespace',     'mount'),
  ('network-namespace',   'network'),
  ('user-namespace',      'user'),
  ('uts-namespace',       'host'),
  ('control-group',       'resource'),
  ('capability-dropping', 'privilege'),
  ('mandatory-label',     'label');

INSERT INTO left_open(mechanism, fact) VALUES
  ('pid-namespace',       'own-process-number'),
  ('mount-namespace',     'root-filesystem-tree'),
  ('user-namespace',      'file-ownership'),
  ('control-group',       'cpu-count'),
  ('capability-dropping', 'file-permissions'),
  ('mandatory-label',     'security-label');

INSERT INTO bundle(name) VALUES ('plain'), ('common'), ('strict');

INSERT INTO bundle_member(bundle, position, mechanism) VALUES
  ('common', 1, 'pid-namespace'),
  ('common', 2, 'mount-namespace'),
  ('common', 3, 'network-namespace'),
  ('common', 4, 'uts-namespace'),
  ('common', 5, 'control-group'),
  ('common', 6, 'capability-dropping'),
  ('strict', 1, 'pid-namespace'),
  ('strict', 2, 'mount-namespace'),
  ('strict', 3, 'network-namespace'),
  ('strict', 4, 'uts-namespace'),
  ('strict', 5, 'control-group'),
  ('strict', 6, 'capability-dropping'),
  ('strict', 7, 'user-namespace'),
  ('strict', 8, 'mandatory-label');

-- Time units of a run with no channel on.
INSERT INTO setting(key, value) VALUES ('baseline_time', 1000);

INSERT INTO sample_count(n) VALUES (100), (1000), (10000), (100000);
