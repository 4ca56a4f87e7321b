-- isolab schema, part 21 (schema version 18): each run keeps the count of
-- the rows it wrote. A file can lose rows without SQLite calling it
-- damaged (another database's -wal copied beside it is replayed into it:
-- its pages for ours, every page well formed), and nothing then told a run
-- of 150 rows from one that has 144 of them.
--
-- run_written: per run, the rows it wrote, written as the run commits: the
-- sum of its rows in every result table (the count 'isolab runs' shows).
-- 'runs', 'diff', 'check' and the commands that read results compare it
-- with the rows there and call a difference damage. A run of an older
-- isolab has no row here: nobody kept its count. (Its key is 'run', not
-- 'run_id': it is no result table, and is not counted itself.)
CREATE TABLE IF NOT EXISTS run_written (
  run       INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  row_count INTEGER NOT NULL
);

-- Part 21 also indexes lesson_brings by what was brought: 'unload' and
-- 'load --replace' ask, per row a gone lesson brought, whether a loaded
-- lesson brought it too, and without the index each asking scanned the
-- table (10,000 facts: 7.5 s of CPU; 300,000: unending).
CREATE INDEX IF NOT EXISTS lesson_brings_name ON lesson_brings(kind, name);
