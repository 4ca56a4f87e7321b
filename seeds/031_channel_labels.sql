-- How the views of channels measured for real (isolab probe --channel,
-- schema/027_channel_probe.sql) head and round their columns
-- (column_label, as seeds/001_column_labels.sql does for the rest): run
-- in every new database and by the migration to schema version 24. A
-- course may change any row in its own seed file.
INSERT OR REPLACE INTO column_label(object, "column", label, unit, digits) VALUES
  ('*', 'workload',        'workload',            NULL, NULL),
  ('*', 'rate',            'rate',                'Hz', 0),
  ('*', 'rounds',          'rounds',              NULL, 0),
  ('*', 'cpu_cost_pct',    'CPU cost',            '% of the unobserved loop', 1),
  ('*', 'wall_cost_pct',   'wall cost',           '% of the unobserved loop', 1),
  ('*', 'cpu_cost_min',    'CPU cost, least',     '%', 1),
  ('*', 'cpu_cost_max',    'CPU cost, most',      '%', 1),
  ('*', 'model_cost_pct',  'the model''s cost',   '%', 1),
  ('*', 'carried',         'carried',             NULL, NULL),
  ('*', 'how',             'how',                 NULL, NULL),
  ('*', 'model_shows',     'the model shows it',  NULL, 0),
  ('*', 'returns',         'returns on this kernel', NULL, 0),
  ('*', 'model_returns',   'the model returns it', NULL, 0),
  ('*', 'syscall_rate',    'syscall rate',        'per CPU-second', 0),
  ('*', 'facts_carried',   'facts carried',       'facts', 0);
