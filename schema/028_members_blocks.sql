-- isolab schema, part 28 (schema version 25): the mechanisms a what-if
-- list stood for in a run, and the tables a lesson chooses.
--
-- A member list ('strict,-user-namespace') is a bundle of its own in the
-- runs that compute it, but the model's bundle_member has no rows for it:
-- the rule that reads a bundle's members by position (lesson_scope's
-- closed_by, "the control group's axis") found none. The run records the
-- members the core resolved the list to, in order, as run_param records
-- the list itself; it goes with its run. (IF NOT EXISTS: the migration
-- tests take a database of today back a version.)
CREATE TABLE IF NOT EXISTS run_member (
  run_id    INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle    TEXT NOT NULL,
  position  INTEGER NOT NULL,
  mechanism TEXT NOT NULL,
  PRIMARY KEY (run_id, bundle, position)
) WITHOUT ROWID;

-- lesson_block: the tables a lesson prints, in order, when it chooses them
-- (no row: the eight of the performance profiling lesson, in its order).
-- block names one of the standard tables (its view's name); title, when
-- not NULL, replaces the table's first line (its title, or its heading
-- where it has no title). lesson_report and 'isolab lesson' read it.
CREATE TABLE IF NOT EXISTS lesson_block (
  lesson   TEXT NOT NULL REFERENCES lesson(code),
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer'),
  block    TEXT NOT NULL CHECK (block IN ('lesson_header', 'resource_axis', 'channel_facts', 'bundle_table',
                                          'channel_table', 'part_table', 'sample_table', 'removal_summary',
                                          'addition_table')),
  title    TEXT,
  PRIMARY KEY (lesson, position),
  UNIQUE (lesson, block)
) WITHOUT ROWID;

-- What a result was computed from, so that only a change to that makes it
-- stale: run_pair holds, for each bundle x channel a run or sweep computed,
-- the digest of the model rows such a result reads (isl_model_pair_digest:
-- the facts and axes, the bundle's members with their axes and left-open
-- facts, the channel, the settings); model_pair the same digest in the
-- model now, for every pair a run computed that the model can still
-- compute, written with model_state.digest. A result is current when its
-- pair's digests agree (or its run's model digest is model_state's): a
-- lesson loaded beside it, with channels and bundles of its own, leaves it
-- current. Both go with what they describe: run_pair with its run.
CREATE TABLE IF NOT EXISTS run_pair (
  run_id  INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  bundle  TEXT NOT NULL,
  channel TEXT NOT NULL,
  digest  TEXT NOT NULL,
  PRIMARY KEY (run_id, bundle, channel)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS model_pair (
  bundle  TEXT NOT NULL,
  channel TEXT NOT NULL,
  digest  TEXT NOT NULL,
  PRIMARY KEY (bundle, channel)
) WITHOUT ROWID;

-- Claims without SQL in SQL: a seed writes the common claims as rows,
--   INSERT INTO claim_measure(lesson, name, statement, expected, measure, bundle, channel, fact)
--   VALUES ('M03/K05', 'open-surface', 'the open surface is 11', 11, 'open_surface', 'strict', 'sampling-profile', NULL);
-- and the trigger below writes the claim with its actual_sql, compiled at
-- load as any claim. claim_measure_sql holds each measure's expression,
-- the bundle, channel and fact put in as SQL literals (quote()) where
-- char(1), char(2), char(3) stand (characters no name may hold);
-- per_fact: the measure needs a fact; position: the order 'isolab claim
-- --suggest' lists them in. claim_measure shows every claim
-- (measure NULL: its SQL is its own).
CREATE TABLE IF NOT EXISTS claim_measure_sql (
  measure  TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  per_fact INTEGER NOT NULL CHECK (per_fact IN (0, 1)),
  expr     TEXT NOT NULL,
  about    TEXT NOT NULL
) WITHOUT ROWID;
DELETE FROM claim_measure_sql;
INSERT INTO claim_measure_sql(measure, position, per_fact, expr, about)
SELECT v.measure, v.k, 0, '(SELECT ' || v.measure || ' FROM current_surface WHERE bundle = ' || char(1)
       || ' AND channel = ' || char(2) || ')', v.about
  FROM (SELECT 1 AS k, 'visible' AS measure, 'facts the bundle leaves visible' AS about
        UNION ALL SELECT 2, 'returned', 'facts the channel returns'
        UNION ALL SELECT 3, 'open_surface', 'the open surface'
        UNION ALL SELECT 4, 'open_axes', 'the open axes'
        UNION ALL SELECT 5, 'cost_pct', 'the channel''s cost in percent'
        UNION ALL SELECT 6, 'run_time', 'the run time with the channel on'
        UNION ALL SELECT 7, 'cost_per_fact', 'the cost per returned fact') v;
INSERT INTO claim_measure_sql(measure, position, per_fact, expr, about) VALUES
  ('status', 12, 1, '(SELECT status FROM current_fact_status WHERE bundle = ' || char(1) || ' AND channel = ' || char(2)
                || ' AND fact = ' || char(3) || ')', 'the fact''s status: visible, left-open, returns, closed'),
  ('removal_changes', 8, 0, '(SELECT sum(r.open_surface <> b.open_surface) FROM current_removal_sweep r JOIN '
                || 'current_removal_sweep b ON b.run_id = r.run_id AND b.removed_fact IS NULL WHERE r.removed_fact IS '
                || 'NOT NULL AND r.bundle = ' || char(1) || ' AND r.channel = ' || char(2) || ')',
   'facts whose removal changes the open surface (removal sweep)'),
  ('removal_unchanged', 9, 0, '(SELECT sum(r.open_surface = b.open_surface) FROM current_removal_sweep r JOIN '
                || 'current_removal_sweep b ON b.run_id = r.run_id AND b.removed_fact IS NULL WHERE r.removed_fact IS '
                || 'NOT NULL AND r.bundle = ' || char(1) || ' AND r.channel = ' || char(2) || ')',
   'facts whose removal leaves it as it is (removal sweep)'),
  ('addition_grows', 10, 0, '(SELECT count(*) FROM current_addition_sweep a JOIN current_addition_sweep b ON b.run_id = '
                || 'a.run_id AND b.axis IS NULL WHERE a.axis IS NOT NULL AND a.open_surface > b.open_surface AND '
                || 'a.bundle = ' || char(1) || ' AND a.channel = ' || char(2) || ')',
   'axes where a new fact grows the open surface (addition sweep)'),
  ('samples_returned', 11, 0, '(SELECT group_concat(DISTINCT returned) FROM current_sample_sweep WHERE bundle = '
                || char(1) || ' AND channel = ' || char(2) || ')',
   'the returned count at every sample count (sample sweep)');
CREATE VIEW IF NOT EXISTS claim_measure AS
SELECT lesson, name, statement, expected, NULL AS measure, NULL AS bundle, NULL AS channel, NULL AS fact FROM claim;
CREATE TRIGGER IF NOT EXISTS claim_measure_insert INSTEAD OF INSERT ON claim_measure
BEGIN
  SELECT RAISE(ABORT, 'claim_measure.measure names no measure (see claim_measure_sql)')
   WHERE NOT EXISTS (SELECT 1 FROM claim_measure_sql WHERE measure = NEW.measure);
  SELECT RAISE(ABORT, 'claim_measure: a bundle and a channel are needed, and a fact for status alone')
   WHERE NEW.bundle IS NULL OR NEW.channel IS NULL
      OR (SELECT per_fact FROM claim_measure_sql WHERE measure = NEW.measure) <> (NEW.fact IS NOT NULL);
  INSERT INTO claim(lesson, name, statement, expected, actual_sql)
  SELECT NEW.lesson, NEW.name, NEW.statement, NEW.expected,
         replace(replace(replace(m.expr, char(1), quote(NEW.bundle)), char(2), quote(NEW.channel)),
                 char(3), quote(NEW.fact))
    FROM claim_measure_sql m WHERE m.measure = NEW.measure;
END;
