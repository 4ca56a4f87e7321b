-- isolab schema, part 20 (schema version 17): the kinds of run, and a
-- guard on lesson titles. Each statement may run again on a database that
-- has it already (the migration tests take today's back to a version).

-- The kinds of run (run.kind), one row each, as src/core/kind.c defines
-- them (tests/test_store.c compares the two row by row): its number, its
-- result tables (and the views a claim reads them by), the command words
-- that recompute it, and whether claims read it. missing_result reads it.
DROP TABLE IF EXISTS run_kinds;
CREATE TABLE run_kinds (
  kind_no       INTEGER PRIMARY KEY,
  kind          TEXT NOT NULL UNIQUE,
  result_tables TEXT NOT NULL,
  command       TEXT NOT NULL,
  claims_read   INTEGER NOT NULL CHECK (claims_read IN (0, 1))
);
INSERT INTO run_kinds(kind_no, kind, result_tables, command, claims_read) VALUES
  (0, 'run', 'surface,fact_status,fact_status_row,fact_status_bundle,fact_status_channel,fact_status_fact', 'run', 1),
  (1, 'samples', 'sample_sweep', 'sweep samples', 1),
  (2, 'removal', 'removal_sweep', 'sweep removal', 1),
  (3, 'addition', 'addition_sweep', 'sweep addition', 1),
  (4, 'bundles', 'bundle_sweep,bundle_sweep_mechanism,bundle_sweep_channel', 'sweep bundles', 1),
  (5, 'frontier', 'answer_frontier', 'frontier', 0),
  (6, 'smallest', 'answer_smallest', 'smallest', 0),
  (7, 'marginal', 'answer_marginal', 'marginal', 0),
  (8, 'check', 'claim_result', 'check', 0);

-- A lesson's title is printed ('isolab lesson --all' heads each lesson
-- with it), so it holds no NUL byte and no control character, as names do
-- (part 10); a title already in an older database is escaped where it is
-- printed.
DROP TRIGGER IF EXISTS isolab_title_lesson;
CREATE TRIGGER isolab_title_lesson BEFORE INSERT ON lesson
WHEN instr(CAST(NEW.title AS BLOB), x'00') OR NEW.title GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
BEGIN SELECT RAISE(ABORT, 'lesson.title holds a NUL byte or a control character'); END;
DROP TRIGGER IF EXISTS isolab_title_lesson_update;
CREATE TRIGGER isolab_title_lesson_update BEFORE UPDATE OF title ON lesson
WHEN instr(CAST(NEW.title AS BLOB), x'00') OR NEW.title GLOB ('*[' || char(1) || '-' || char(31) || char(127) || ']*')
BEGIN SELECT RAISE(ABORT, 'lesson.title holds a NUL byte or a control character'); END;
