-- isolab schema, part 4: channels made of parts, and the lessons' claims.

-- A channel made of named parts. Each part is a channel of its own (its own
-- facts and cost, surfaces of its own in every run); the whole shows the
-- union of its parts' facts and of its own channel_fact rows, if any.
-- Parts do not nest: a part has no parts, and a whole is nobody's part.
CREATE TABLE channel_part (
  channel  TEXT NOT NULL REFERENCES channel(name),   -- the whole
  part     TEXT NOT NULL UNIQUE REFERENCES channel(name),
  position INTEGER CHECK (position IS NULL OR typeof(position) = 'integer'),
  PRIMARY KEY (channel, part),
  CHECK (part <> channel)
) WITHOUT ROWID;
CREATE TRIGGER channel_part_flat BEFORE INSERT ON channel_part
WHEN EXISTS (SELECT 1 FROM channel_part WHERE part = NEW.channel)
  OR EXISTS (SELECT 1 FROM channel_part WHERE channel = NEW.part)
BEGIN
  SELECT RAISE(ABORT, 'channel_part: parts do not nest (a part has no parts, a whole is no part)');
END;

-- A numeric or set-valued statement of a lesson's prose, checked by
-- 'isolab check'. actual_sql is one SQL expression (a scalar subquery is
-- fine) over the result tables and views that computes the actual value;
-- expected is the value the prose states (numbers compare as numbers, to
-- 1e-9 relative; anything else compares as text). pending_sql, when set, is
-- an expression that gives the reason the claim cannot be checked yet (for
-- instance: the channel it speaks of has no seed yet), or NULL once it can.
CREATE TABLE claim (
  id          INTEGER PRIMARY KEY,
  lesson      TEXT NOT NULL REFERENCES lesson(code),  -- the lesson that states it
  name        TEXT NOT NULL CHECK (typeof(name) = 'text' AND length(name) > 0),
  statement   TEXT NOT NULL,                          -- the prose, quoted
  actual_sql  TEXT NOT NULL CHECK (length(actual_sql) > 0),
  expected    NOT NULL,
  pending_sql TEXT,
  UNIQUE (lesson, name)
);

-- One row per claim evaluated by a 'check' run (run.kind = 'check').
-- expected and actual are the values compared (actual NULL when the claim
-- is pending or its expression gave no value); reason says why a claim
-- failed or is pending.
CREATE TABLE claim_result (
  run_id   INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  lesson   TEXT NOT NULL,
  claim    TEXT NOT NULL,
  outcome  TEXT NOT NULL CHECK (outcome IN ('pass', 'fail', 'pending')),
  expected,
  actual,
  reason   TEXT,
  PRIMARY KEY (run_id, lesson, claim)
) WITHOUT ROWID;
