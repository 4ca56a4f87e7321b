-- isolab schema, part 27 (schema version 24): channels measured for real.
-- 'isolab probe --channel C' attaches the channel's program (perf record,
-- strace) from the host to a workload running inside a built bundle, and
-- keeps every round of the measurement and what the program's file
-- carried. One run of kind 'channel-probe' is one channel x workload x
-- bundle. Medians and ranges are the views' (channel_cost_observed,
-- channel_sample_sweep, channel_output_fact), never stored. Each statement
-- may run again on a database that has it already.

-- One channel probe (isolab probe --channel): the channel, workload and
-- bundle measured, the observer as run, and the machine.
CREATE TABLE IF NOT EXISTS channel_probe (
  run_id         INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  channel        TEXT NOT NULL,
  workload       TEXT NOT NULL CHECK (workload IN ('cpu', 'sys')),
  bundle         TEXT NOT NULL,
  build_order    TEXT NOT NULL CHECK (build_order IN ('model', 'kernel')),
  command        TEXT NOT NULL,     -- the observer as run: 'perf record -F F -g -p PID'
  iterations     INTEGER NOT NULL CHECK (iterations >= 1),
  rounds         INTEGER NOT NULL CHECK (rounds >= 1),
  machine        TEXT NOT NULL,     -- the host name
  kernel_release TEXT NOT NULL
);

-- Each preflight the probe passed: 'ok', or 'substitute' (it ran another
-- way: cpu-clock for a missing hardware PMU); and each step of the bundle
-- as built (check_name the mechanism, message its primitive and why:
-- 'ok', 'substitute', 'skipped', 'refused'). A skipped probe leaves no run.
CREATE TABLE IF NOT EXISTS channel_probe_check (
  run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  check_name TEXT NOT NULL,
  status     TEXT NOT NULL CHECK (status IN ('ok', 'substitute', 'skipped', 'refused')),
  message    TEXT NOT NULL,
  PRIMARY KEY (run_id, check_name)
) WITHOUT ROWID;

-- Every condition of every round: the workload alone ('unobserved') or
-- under its observer at rate (NULL for an observer without one), its
-- place in the round (forward in odd rounds, reversed in even ones), the
-- workload's own timing of its loop, the observer's CPU, the host's
-- 1-minute load average after it, and the events the observer's file held
-- (samples, traced syscall lines).
CREATE TABLE IF NOT EXISTS channel_probe_round (
  run_id         INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  round          INTEGER NOT NULL CHECK (round >= 1),
  position       INTEGER NOT NULL CHECK (position >= 1),
  condition      TEXT NOT NULL CHECK (condition IN ('unobserved', 'observed')),
  rate           INTEGER CHECK (rate IS NULL OR (rate > 0 AND condition = 'observed')),
  cpu_s          REAL NOT NULL CHECK (cpu_s >= 0),
  wall_s         REAL NOT NULL CHECK (wall_s >= 0),
  observer_cpu_s REAL CHECK ((observer_cpu_s IS NULL) = (condition = 'unobserved')),
  load_avg       REAL,
  iterations     INTEGER NOT NULL,
  syscalls       INTEGER NOT NULL,
  events         INTEGER CHECK ((events IS NULL) = (condition = 'unobserved')),
  PRIMARY KEY (run_id, round, position)
) WITHOUT ROWID;

-- What the observer's file of round 1 carried, per rate: each fact its
-- runner reads the file for, 'yes' (the host's value is in it), 'estimate'
-- (a quantity it lets one estimate: the CPU share from the samples) or
-- 'no'; how it was read ('perf header: hostname', 'sample pids'), the
-- value found, and the events the file held.
CREATE TABLE IF NOT EXISTS channel_probe_output (
  run_id  INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  rate    INTEGER CHECK (rate IS NULL OR rate > 0),
  events  INTEGER NOT NULL CHECK (events >= 0),
  fact    TEXT NOT NULL,
  carried TEXT NOT NULL CHECK (carried IN ('yes', 'estimate', 'no')),
  how     TEXT NOT NULL,
  value   TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS channel_probe_output_key ON channel_probe_output(run_id, coalesce(rate, 0), fact);

-- The kind 'channel-probe' (kind_no 10) is a row of src/core/kind.c: run_kinds
-- is written from it after the schema files (isl_install_views).
