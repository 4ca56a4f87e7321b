-- A synthetic course model for tests and benchmarks, generated in SQL:
--   isolab --db big.db init --seeds tests/synth
-- It replaces the lesson's model, so it is not one of the shipped seeds.
--
-- Parameters: the values below, unless a seed file that sorts before this
-- one (e.g. 050_params.sql) has already put its own into synth_param:
--   CREATE TEMP TABLE IF NOT EXISTS synth_param(key TEXT PRIMARY KEY, value INTEGER NOT NULL);
--   INSERT OR REPLACE INTO synth_param VALUES ('facts', 10000), ('mechanisms', 24);
--
-- What it makes (every name zero-padded, so name order = number order):
--   axes        axis-001 .. axis-A
--   facts       fact-00001 .. fact-F, fact i on axis ((i - 1) mod A) + 1, so
--               the axes interleave in fact order; position i
--   mechanisms  mech-01 .. mech-M, position j; mech j closes axis
--               ((j - 1) mod A) + 1, and every third one also the axis of
--               the one before it (shared axes; M > A shares more);
--               odd ones leave open the first fact of their own axis, and
--               every fourth one a fact of the next mechanism's axis (a
--               left-open fact outside its axes, which the next one closes
--               again: the order matters)
--   channels    channel-01 .. channel-C, cost 2k %; each shows about
--               `shows` facts spread over the fact list
--   bundles     plain (none), all (every mechanism in position order),
--               reversed (every mechanism, last first)
--   settings    baseline_time 1000; sample counts 100 .. 100000
CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO synth_param(key, value) VALUES
  ('facts', 1000), ('axes', 40), ('mechanisms', 20), ('channels', 2), ('shows', 12);

INSERT INTO axis(name)
WITH RECURSIVE n(i) AS (
  SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT value FROM synth_param WHERE key = 'axes')
)
SELECT printf('axis-%03d', i) FROM n;

INSERT INTO fact(position, name, axis)
WITH RECURSIVE p(f, a) AS (
  SELECT (SELECT value FROM synth_param WHERE key = 'facts'), (SELECT value FROM synth_param WHERE key = 'axes')
),
n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n, p WHERE i < p.f)
SELECT i, printf('fact-%05d', i), printf('axis-%03d', (i - 1) % p.a + 1) FROM n, p;

INSERT INTO mechanism(position, name)
WITH RECURSIVE n(j) AS (
  SELECT 1 UNION ALL SELECT j + 1 FROM n WHERE j < (SELECT value FROM synth_param WHERE key = 'mechanisms')
)
SELECT j, printf('mech-%02d', j) FROM n;

-- own axis, and for every third mechanism the previous one's axis as well
INSERT OR IGNORE INTO mechanism_axis(mechanism, axis)
SELECT m.name, printf('axis-%03d', (m.position - 1) % p.value + 1)
  FROM mechanism m, synth_param p WHERE p.key = 'axes'
UNION ALL
SELECT m.name, printf('axis-%03d', (m.position - 2) % p.value + 1)
  FROM mechanism m, synth_param p WHERE p.key = 'axes' AND m.position % 3 = 0;

-- odd mechanisms: the first fact of their own axis; every fourth: the second
-- fact of the next mechanism's axis
INSERT OR IGNORE INTO left_open(mechanism, fact)
SELECT m.name, f.name
  FROM mechanism m, synth_param p
  JOIN fact f ON f.position = (m.position - 1) % p.value + 1
 WHERE p.key = 'axes' AND m.position % 2 = 1
UNION ALL
SELECT m.name, f.name
  FROM mechanism m, synth_param p
  JOIN fact f ON f.position = m.position % p.value + 1 + p.value
 WHERE p.key = 'axes' AND m.position % 4 = 0;

INSERT INTO channel(name, lesson, cost_pct)
WITH RECURSIVE n(k) AS (
  SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < (SELECT value FROM synth_param WHERE key = 'channels')
)
SELECT printf('channel-%02d', k), NULL, 2 * k FROM n;

-- channel k shows the facts whose position + 7k is a multiple of F / shows
INSERT INTO channel_fact(channel, fact, position)
SELECT c.name, f.name, NULL
  FROM channel c, fact f
 WHERE (f.position + 7 * CAST(substr(c.name, 9) AS INTEGER))
       % max(1, (SELECT value FROM synth_param WHERE key = 'facts')
                / (SELECT value FROM synth_param WHERE key = 'shows')) = 0;

INSERT INTO bundle(name) VALUES ('plain'), ('all'), ('reversed');
INSERT INTO bundle_member(bundle, position, mechanism)
SELECT 'all', row_number() OVER (ORDER BY position), name FROM mechanism
UNION ALL
SELECT 'reversed', row_number() OVER (ORDER BY position DESC), name FROM mechanism;

INSERT INTO setting(key, value) VALUES ('baseline_time', 1000);
INSERT INTO sample_count(n) VALUES (100), (1000), (10000), (100000);
