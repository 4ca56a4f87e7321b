-- isolab schema, part 4: the history of the database's own schema.
-- PRAGMA user_version holds the current version; this table records when
-- each version from 4 on was reached, whether by 'isolab init' or by the
-- migration 'isolab' runs when it opens an older database.
CREATE TABLE schema_version (
  version    INTEGER PRIMARY KEY,
  applied_at TEXT NOT NULL
);
INSERT INTO schema_version(version, applied_at) VALUES (4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
