-- isolab schema, part 1: the course model.
-- Seed files fill these tables; the C engine reads them. Names are the public
-- contract: users' own queries rely on them.

-- An axis along which a process's facts are grouped (process, mount, ...).
CREATE TABLE axis (
  name TEXT PRIMARY KEY CHECK (typeof(name) = 'text' AND length(name) > 0)
);

-- A fact about a process; position is the lesson's list order (every "for
-- each fact" listing follows it).
CREATE TABLE fact (
  name     TEXT PRIMARY KEY CHECK (typeof(name) = 'text' AND length(name) > 0),
  axis     TEXT NOT NULL REFERENCES axis(name),
  position INTEGER NOT NULL UNIQUE CHECK (typeof(position) = 'integer')
);

-- An isolation mechanism. position orders mechanisms (power-set sweeps apply
-- them in this order); when a seed leaves it out, the next free one is taken.
CREATE TABLE mechanism (
  name     TEXT PRIMARY KEY CHECK (typeof(name) = 'text' AND length(name) > 0),
  position INTEGER UNIQUE CHECK (position IS NULL OR typeof(position) = 'integer')
);
CREATE TRIGGER mechanism_position AFTER INSERT ON mechanism
WHEN NEW.position IS NULL
BEGIN
  UPDATE mechanism
     SET position = (SELECT coalesce(max(position), 0) + 1 FROM mechanism)
   WHERE name = NEW.name;
END;

-- The axes a mechanism closes.
CREATE TABLE mechanism_axis (
  mechanism TEXT NOT NULL REFERENCES mechanism(name),
  axis      TEXT NOT NULL REFERENCES axis(name),
  PRIMARY KEY (mechanism, axis)
) WITHOUT ROWID;

-- Facts a mechanism deliberately leaves visible (it reopens them whichever
-- mechanism of the bundle closed them).
CREATE TABLE left_open (
  mechanism TEXT NOT NULL REFERENCES mechanism(name),
  fact      TEXT NOT NULL REFERENCES fact(name),
  PRIMARY KEY (mechanism, fact)
) WITHOUT ROWID;

-- A bundle is an ordered list of mechanisms; positions run 1, 2, 3, ...
-- A bundle with no member (plain) closes nothing.
CREATE TABLE bundle (
  name TEXT PRIMARY KEY CHECK (typeof(name) = 'text' AND length(name) > 0)
);
CREATE TABLE bundle_member (
  bundle    TEXT NOT NULL REFERENCES bundle(name),
  position  INTEGER NOT NULL CHECK (typeof(position) = 'integer' AND position >= 1),
  mechanism TEXT NOT NULL REFERENCES mechanism(name),
  PRIMARY KEY (bundle, position)
) WITHOUT ROWID;

-- A lesson of the course; code like 'M03/K05', position = place in the course.
CREATE TABLE lesson (
  code     TEXT PRIMARY KEY CHECK (typeof(code) = 'text' AND length(code) > 0),
  title    TEXT,
  position INTEGER UNIQUE CHECK (position IS NULL OR typeof(position) = 'integer')
);

-- An observation channel, measured by one lesson; cost in percent of the
-- baseline run time.
CREATE TABLE channel (
  name     TEXT PRIMARY KEY CHECK (typeof(name) = 'text' AND length(name) > 0),
  lesson   TEXT REFERENCES lesson(code),
  cost_pct REAL NOT NULL CHECK (typeof(cost_pct) IN ('integer', 'real') AND cost_pct >= 0)
);

-- The facts a channel shows; position (optional) keeps the lesson's listing
-- order, otherwise fact order is used.
CREATE TABLE channel_fact (
  channel  TEXT NOT NULL REFERENCES channel(name),
  fact     TEXT NOT NULL REFERENCES fact(name),
  position INTEGER CHECK (position IS NULL OR typeof(position) = 'integer'),
  PRIMARY KEY (channel, fact)
) WITHOUT ROWID;

-- Scalar settings: baseline_time (time units of a run with no channel).
CREATE TABLE setting (
  key   TEXT PRIMARY KEY,
  value
);

-- Sample counts of the sample sweep.
CREATE TABLE sample_count (
  n INTEGER PRIMARY KEY CHECK (n > 0)
);
