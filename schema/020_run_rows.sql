-- isolab schema, part 20 (schema version 17): each run keeps the count of
-- the rows it wrote. A file can lose rows without SQLite calling it
-- damaged (another database's -wal copied beside it is replayed into it:
-- its pages for ours, every page well formed), and nothing then told a run
-- of 150 rows from one that has 144 of them. isolab writes row_count when
-- a run commits, as the sum of the run's rows in every result table (the
-- count 'isolab runs' shows); 'runs', 'diff', 'check' and the commands that
-- read results compare it with the rows there and call a difference
-- damage. NULL: a run of an older isolab, whose count nobody kept.

ALTER TABLE run ADD COLUMN row_count INTEGER;
