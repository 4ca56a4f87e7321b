-- isolab schema, part 9: every lesson a first-class lesson, parameters for
-- the saved queries, the digest of the model now in the database (so no
-- result of an older model passes as current), run parameters and notes.

-- Each lesson's focus: the bundle and channel its tables are computed
-- under, and the axis its axis table lists (NULL: the axis of the channel's
-- first fact, in channel_fact position order). A lesson seed adds its row;
-- the lesson-keyed saved queries (lesson_report and its eight blocks) hold
-- rows for every lesson with a focus whose results exist.
CREATE TABLE lesson_focus (
  lesson  TEXT PRIMARY KEY REFERENCES lesson(code),
  bundle  TEXT NOT NULL REFERENCES bundle(name),
  channel TEXT NOT NULL REFERENCES channel(name),
  axis    TEXT REFERENCES axis(name)
) WITHOUT ROWID;
-- A database made before lessons had a focus: the shipped lessons' focus.
INSERT INTO lesson_focus(lesson, bundle, channel, axis)
SELECT l.code, 'strict', v.channel, v.axis
  FROM (SELECT 'M03/K04' AS code, 'system-call-tracing' AS channel, 'mount' AS axis
        UNION ALL SELECT 'M03/K05', 'sampling-profile', 'resource') v
  JOIN lesson l ON l.code = v.code
  JOIN channel c ON c.name = v.channel AND c.lesson = l.code
  JOIN axis a ON a.name = v.axis
 WHERE EXISTS (SELECT 1 FROM bundle WHERE name = 'strict');

-- The parameters of the saved queries that compare or plot under one
-- bundle or channel (channel_comparison, plot_axes, plot_frontier, ...):
--   lesson   the lesson whose focus they use, and whose tables 'isolab
--            report' prints (a lesson with no focus: the last one that has);
--   bundle   NULL: the lesson's focus bundle; else this bundle, for every
--            lesson-keyed query too;
--   channel  NULL: the lesson's focus channel; else this channel, likewise.
-- Change one with one UPDATE, e.g.
--   UPDATE param SET value = 'common' WHERE key = 'bundle';
-- isolab's --lesson, --bundle and --channel change them for one command
-- only, on its own connection (a TEMP param shadows this one).
CREATE TABLE param (
  key   TEXT PRIMARY KEY CHECK (key IN ('lesson', 'bundle', 'channel')),
  value TEXT CHECK (value IS NULL OR (typeof(value) = 'text' AND length(value) > 0)),
  about TEXT NOT NULL
);
INSERT INTO param(key, value, about) VALUES
  ('lesson', 'M03/K05', 'the lesson whose focus the saved queries use and whose tables isolab report prints'),
  ('bundle', NULL, 'the bundle the saved queries compare under; NULL: the lesson''s focus bundle'),
  ('channel', NULL, 'the channel the saved queries plot; NULL: the lesson''s focus channel');
CREATE TRIGGER param_names BEFORE UPDATE OF value ON param
WHEN NEW.value IS NOT NULL
 AND ((NEW.key = 'lesson' AND NOT EXISTS (SELECT 1 FROM lesson_focus WHERE lesson = NEW.value))
   OR (NEW.key = 'bundle' AND NOT EXISTS (SELECT 1 FROM bundle WHERE name = NEW.value))
   OR (NEW.key = 'channel' AND NOT EXISTS (SELECT 1 FROM channel WHERE name = NEW.value)))
BEGIN
  SELECT RAISE(ABORT, 'param: the value names no lesson with a focus, bundle or channel of the model (see lesson_focus, bundle, channel)');
END;

-- The digest of the model now in the database, as isolab computes it
-- (run.model_digest is the same digest as a run saw it). isolab writes it
-- when it creates the database, loads a seed or reads a changed model; any
-- change to a model table sets it to NULL first, so a model edited in the
-- sqlite3 shell has no current results until isolab has read it again (the
-- triggers model_changed_TABLE_i/u/d, installed after the schema files from
-- isl_model_tables, src/base/read.c).
CREATE TABLE model_state (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  digest TEXT
);
INSERT INTO model_state(id, digest) VALUES (1, NULL);

-- A run's parameters as rows, so filtering runs is plain SQL: one row per
-- value (a run over several bundles has one 'bundle' row for each).
-- Keys: bundle, channel (what a run or sweep computed), mechanisms (a
-- bundles sweep's, comma-separated in bit order), lesson (of a check or a
-- lesson job). Runs made before this table existed got theirs from their
-- result rows.
CREATE TABLE run_param (
  run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  key    TEXT NOT NULL,
  value  TEXT NOT NULL,
  PRIMARY KEY (run_id, key, value)
) WITHOUT ROWID;
CREATE INDEX run_param_value ON run_param(key, value);
INSERT INTO run_param(run_id, key, value)
SELECT run_id, 'bundle', bundle FROM surface UNION SELECT run_id, 'channel', channel FROM surface
UNION SELECT run_id, 'bundle', bundle FROM sample_sweep UNION SELECT run_id, 'channel', channel FROM sample_sweep
UNION SELECT run_id, 'bundle', bundle FROM removal_sweep UNION SELECT run_id, 'channel', channel FROM removal_sweep
UNION SELECT run_id, 'bundle', bundle FROM addition_sweep UNION SELECT run_id, 'channel', channel FROM addition_sweep
UNION SELECT run_id, 'channel', channel FROM bundle_sweep_channel WHERE channel IS NOT NULL
UNION SELECT run_id, 'mechanisms', group_concat(mechanism, ',')
        FROM (SELECT run_id, mechanism FROM bundle_sweep_mechanism ORDER BY run_id, bit) GROUP BY run_id;

-- A note per run: what it was for ('isolab run --note', 'isolab note').
ALTER TABLE run ADD COLUMN note TEXT;

-- claim_result gains the outcome 'stale': the claim read results that an
-- older model computed (its value is not known for the model now). The rows
-- wait in a TEMP table while the table is made again: renaming a table
-- instead (ALTER TABLE ... RENAME) has SQLite reparse and check every view
-- and trigger: a quarter of the time the schema files took.
CREATE TEMP TABLE claim_result_old AS
SELECT run_id, lesson, claim, outcome, expected, actual, reason FROM claim_result;
DROP TABLE claim_result;
CREATE TABLE claim_result (
  run_id   INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  lesson   TEXT NOT NULL,
  claim    TEXT NOT NULL,
  outcome  TEXT NOT NULL CHECK (outcome IN ('pass', 'fail', 'pending', 'stale')),
  expected,
  actual,
  reason   TEXT,
  PRIMARY KEY (run_id, lesson, claim)
) WITHOUT ROWID;
INSERT INTO claim_result SELECT run_id, lesson, claim, outcome, expected, actual, reason FROM temp.claim_result_old;
DROP TABLE temp.claim_result_old;

INSERT INTO schema_version(version, applied_at) VALUES (6, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
