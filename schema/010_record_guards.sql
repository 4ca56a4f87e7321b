-- isolab schema, part 10: what isolab installed, and values the arithmetic
-- can hold.

-- Every table, view, index and trigger isolab installed, with a digest of
-- its SQL (64-bit FNV-1a, hex). On open isolab compares the database's
-- objects with this record and with its own: a saved query (view) or
-- trigger dropped or redefined outside isolab is restored and reported; a
-- missing table means the database is damaged. The row of type 'build'
-- holds the digest of the whole installed schema, so an isolab whose
-- schema or saved queries changed reinstalls them.
CREATE TABLE isolab_object (
  type   TEXT NOT NULL,
  name   TEXT NOT NULL PRIMARY KEY,
  digest TEXT NOT NULL
);

-- Value checks. SQLite cannot add a CHECK constraint to an existing table,
-- so these are triggers, the same in a new database and in one migrated
-- from an older version; they protect the sqlite3 shell user too.
--   names: no NUL byte, no control character (C0, DEL): a name is printed
--   (the triggers isolab_name_TABLE(_update), installed after the schema
--   files from isl_model_tables, src/base/read.c);
--   channel.cost_pct: at most 1000000 percent (infinity is refused);
--   setting baseline_time: at most 1000000000000 time units,
-- so run_time = baseline_time * (100 + cost_pct) / 100 fits in 64 bits.
CREATE TRIGGER isolab_cost BEFORE INSERT ON channel
WHEN typeof(NEW.cost_pct) IN ('integer', 'real') AND NEW.cost_pct > 1000000
BEGIN SELECT RAISE(ABORT, 'channel.cost_pct is more than 1000000 percent (or infinite)'); END;
CREATE TRIGGER isolab_cost_update BEFORE UPDATE OF cost_pct ON channel
WHEN typeof(NEW.cost_pct) IN ('integer', 'real') AND NEW.cost_pct > 1000000
BEGIN SELECT RAISE(ABORT, 'channel.cost_pct is more than 1000000 percent (or infinite)'); END;
CREATE TRIGGER isolab_baseline BEFORE INSERT ON setting
WHEN NEW.key = 'baseline_time' AND typeof(NEW.value) IN ('integer', 'real') AND NEW.value > 1000000000000
BEGIN SELECT RAISE(ABORT, 'setting baseline_time is more than 1000000000000 time units'); END;
CREATE TRIGGER isolab_baseline_update BEFORE UPDATE ON setting
WHEN NEW.key = 'baseline_time' AND typeof(NEW.value) IN ('integer', 'real') AND NEW.value > 1000000000000
BEGIN SELECT RAISE(ABORT, 'setting baseline_time is more than 1000000000000 time units'); END;

INSERT INTO schema_version(version, applied_at) VALUES (7, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
