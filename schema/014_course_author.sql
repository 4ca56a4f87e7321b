-- isolab schema, part 14 (schema version 11): what a course author needs.
--
-- lesson_announces: the later lessons a lesson speaks of, by position (the
-- performance profiling lesson announces the topic's lessons 6 and 7 before
-- they exist). A lesson's claims read the course as the lesson knew it: the
-- lessons up to its own position and the ones it announces, whatever
-- lessons are added later (see course_scope).
CREATE TABLE lesson_announces (
  lesson   TEXT NOT NULL REFERENCES lesson(code),
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer'),
  about    TEXT,                                  -- what the lesson says it will be
  PRIMARY KEY (lesson, position)
) WITHOUT ROWID;
INSERT INTO lesson_announces(lesson, position, about)
SELECT 'M03/K05', v.position, v.about
  FROM (SELECT 6 AS position, 'event-based in-kernel tracing' AS about
        UNION ALL SELECT 7, 'a memory-side channel') v
 WHERE EXISTS (SELECT 1 FROM lesson WHERE code = 'M03/K05');

-- course_scope: one row. When lesson is set, lesson_channel (and every
-- saved query that reads it: channel_comparison, ...) lists only the
-- channels of the lessons that lesson knew (course_lesson); NULL: the whole
-- course. 'isolab check' sets it to each lesson in turn while it checks
-- that lesson's claims, in its own transaction, and puts it back.
CREATE TABLE course_scope (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  lesson TEXT   -- a lesson's code; one no longer in the lesson table: NULL
);
INSERT INTO course_scope(id, lesson) VALUES (1, NULL);

-- lesson_brings: the shared model rows (axis, fact, mechanism, bundle) the
-- seed file that defined a lesson added, recorded by 'isolab load'. What a
-- lesson owns is plain from the other tables: its lesson row, its
-- lesson_focus, claim and lesson_announces rows (their lesson column), its
-- channels (channel.lesson) with their channel_fact and channel_part rows.
-- 'isolab unload' (and 'load --replace') removes those, and the rows it
-- brought that no other lesson brought and nothing left uses; every other
-- row stays.
CREATE TABLE lesson_brings (
  lesson TEXT NOT NULL,
  kind   TEXT NOT NULL CHECK (kind IN ('axis', 'fact', 'mechanism', 'bundle')),
  name   TEXT NOT NULL,
  PRIMARY KEY (lesson, kind, name)
) WITHOUT ROWID;

-- seed_origin: one row, the seeds directory the database was made from
-- (its absolute path as 'isolab init --seeds DIR' read it; NULL: the seeds
-- built into isolab). 'isolab lesson --fresh' makes the new database from
-- the same seeds.
CREATE TABLE seed_origin (
  id    INTEGER PRIMARY KEY CHECK (id = 1),
  seeds TEXT
);
INSERT INTO seed_origin(id, seeds) VALUES (1, NULL);

-- lesson_source: the file 'isolab load' read each lesson from (its
-- absolute path), so that 'lesson --fresh' can name the lessons a new
-- database made from the seeds would not have, and how to load them back.
CREATE TABLE lesson_source (
  lesson TEXT PRIMARY KEY,
  file   TEXT NOT NULL
) WITHOUT ROWID;

-- param's bundle may also name a member list a run computed ('isolab run
-- --members LIST': run_param 'members'), so the comparison views show it.
DROP TRIGGER param_names;
CREATE TRIGGER param_names BEFORE UPDATE OF value ON param
WHEN NEW.value IS NOT NULL
 AND ((NEW.key = 'lesson' AND NOT EXISTS (SELECT 1 FROM lesson_focus WHERE lesson = NEW.value))
   OR (NEW.key = 'bundle' AND NOT EXISTS (SELECT 1 FROM bundle WHERE name = NEW.value)
                          AND NOT EXISTS (SELECT 1 FROM run_param WHERE key = 'members' AND value = NEW.value))
   OR (NEW.key = 'channel' AND NOT EXISTS (SELECT 1 FROM channel WHERE name = NEW.value)))
BEGIN
  SELECT RAISE(ABORT, 'param: the value names no lesson with a focus, bundle or channel of the model (see lesson_focus, bundle, channel)');
END;

-- model_record: each distinct model a run used, once (by run.model_digest):
-- its rows as (item, name, attr, value), item one of axis, fact, mechanism,
-- bundle, lesson (of a channel), channel, setting, sample_count. 'isolab
-- diff' names what changed between two runs' models; 'isolab export model
-- --run N' writes the model back as SQL a seed file could hold. Kept by
-- isolab when a run begins whose model's digest has no rows yet.
CREATE TABLE model_record (
  digest TEXT NOT NULL,
  item   TEXT NOT NULL,
  name   TEXT NOT NULL,
  attr   TEXT NOT NULL,
  value,
  PRIMARY KEY (digest, item, name, attr)
) WITHOUT ROWID;

INSERT INTO schema_version(version, applied_at) VALUES (11, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
