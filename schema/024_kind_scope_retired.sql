-- isolab schema, part 24 (schema version 21): each kind of run says what
-- its results cover, and what-if runs can be left out of the stale note.
-- Each statement may run again on a database that has it already (the
-- migration tests take today's back to a version).

-- run_kinds, the kinds of run (run.kind), one row each: its number, its
-- result tables, the command words that recompute it, whether claims read
-- it, and (new in this version, so an older table is dropped) its
-- scope, what one run of the kind computes, and
-- so how its results go stale: 'pairs' (any bundles x channels, each
-- result row naming its pair: a pair is stale when no current run computed
-- it), 'pair' (one bundle x channel, named by its run_param bundle and
-- channel: the pair's latest run of the kind), 'model' (the whole model:
-- the kind's latest run), 'none' (an answer or a check, printed when made:
-- never stale). stale_result, swept_pair, lesson_not_run, missing_result
-- and the stale note read it. Its rows are src/core/kind.c's, written by
-- isolab after the schema files of every new and migrated database
-- (isl_install_views), never by a schema file.
DROP TABLE IF EXISTS run_kinds;
CREATE TABLE run_kinds (
  kind_no       INTEGER PRIMARY KEY,
  kind          TEXT NOT NULL UNIQUE,
  result_tables TEXT NOT NULL,
  command       TEXT NOT NULL,
  claims_read   INTEGER NOT NULL CHECK (claims_read IN (0, 1)),
  scope         TEXT NOT NULL CHECK (scope IN ('pairs', 'pair', 'model', 'none'))
);

-- run_retired: the runs of a what-if list (run_param 'members') the user
-- retired with 'isolab note --retire LIST': kept, and no longer named by
-- the stale note (stale_result still lists them). Only a list's runs are
-- retired, and the note leaves out a retired run's result only when it is
-- a list's, never a bundle of the model's. A later run of the list is not
-- retired. (Its key is 'run', not 'run_id': it is no result table.)
CREATE TABLE IF NOT EXISTS run_retired (
  run        INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  retired_at TEXT NOT NULL
);
