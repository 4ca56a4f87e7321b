-- isolab schema, part 29 (schema version 26): a lesson's own tables.
--
-- lesson_table: a table a lesson adds to those it prints, from its own
-- query. position places it among the lesson's blocks (lesson_block's
-- positions; with no lesson_block row, among the eight of the performance
-- profiling lesson, numbered 1 to 8), after a standard one of the same
-- number;
-- title is its first line; query is one SELECT over the data views, its
-- columns named as the table heads them, the parameter :lesson (if it
-- names one) bound to the lesson's code; layout 'table' (a heading line
-- of the column names, then the rows in aligned columns, numbers to the
-- right) or 'list' (a line per row: its first cell, a colon, the others).
-- The query is seed data, so untrusted: compiled at load under the claims'
-- allow-list (one read-only statement that returns rows), run by isolab
-- under the work budget, at most 1000 rows. lesson_report shows its title
-- and where its rows are (the sqlite3 shell cannot run a query held in a
-- table); 'isolab lesson', 'report' and 'page' run it in its place.
CREATE TABLE IF NOT EXISTS lesson_table (
  lesson   TEXT NOT NULL REFERENCES lesson(code),
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer'),
  title    TEXT NOT NULL,
  query    TEXT NOT NULL,
  layout   TEXT NOT NULL DEFAULT 'table' CHECK (layout IN ('table', 'list')),
  PRIMARY KEY (lesson, position)
);
