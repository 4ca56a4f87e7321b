-- isolab schema, part 13: labels for the columns people read.
-- 'isolab page' heads each column of a table it shows with the column's
-- label and unit, and rounds its numbers to the column's digits; the rows
-- come from seeds (seeds/001_column_labels.sql, which the migration to
-- this version runs too) and a course may add or change its own. object is the table or view the column belongs to, or
-- '*' for a column of that name in any of them (a row naming the object
-- wins). A column with no row is headed by its name, '_' read as a space.
CREATE TABLE column_label (
  object   TEXT NOT NULL,
  "column" TEXT NOT NULL,
  label    TEXT NOT NULL CHECK (label <> ''),
  unit     TEXT,
  digits   INTEGER CHECK (digits IS NULL OR digits BETWEEN 0 AND 4),
  PRIMARY KEY (object, "column")
) WITHOUT ROWID;

INSERT INTO schema_version(version, applied_at) VALUES (10, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
