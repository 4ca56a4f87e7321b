-- isolab schema, part 26 (schema version 23): what a real kernel did.
-- 'isolab probe' builds sets of mechanisms for real (the kernel layer,
-- src/kernel), reads every fact on the host and inside, and stores what it
-- saw beside what the model says; 'isolab import' copies another
-- database's probes. Each statement may run again on a database that has
-- it already (the migration tests take today's back to a version).

-- The kind 'probe' (kind_no 9) is a row of src/core/kind.c: run_kinds is
-- written from it after the schema files (isl_install_views).

-- probe_provenance: the machine a probe ran on, one row per probe run:
-- its label (--machine, by default the host name), the kernel release,
-- the caller's uid, whether it was privileged (CAP_SYS_ADMIN in the first
-- user namespace), the active LSMs (comma-separated, '' when unreadable)
-- and the cgroup version (1, 2, or 0: none mounted). 'isolab import' keeps
-- another machine's rows as they were.
CREATE TABLE IF NOT EXISTS probe_provenance (
  run_id         INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  machine        TEXT NOT NULL CHECK (length(machine) > 0),
  kernel_release TEXT NOT NULL,
  uid            INTEGER NOT NULL,
  privileged     INTEGER NOT NULL CHECK (privileged IN (0, 1)),
  lsms           TEXT NOT NULL,
  cgroup_version INTEGER NOT NULL CHECK (cgroup_version IN (0, 1, 2))
);

-- probe_set: the sets a probe built, in the order it built them: the
-- bundle's name or the member list it was asked for (bundle), the order
-- it was built in ('model': the set's own, as the model applies it;
-- 'kernel': user, pid, net, uts, cgroup, mount, label, caps) and its
-- mechanisms in the set's own order (members, comma-separated, '' for none).
CREATE TABLE IF NOT EXISTS probe_set (
  run_id      INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  set_no      INTEGER NOT NULL CHECK (set_no >= 1),
  bundle      TEXT NOT NULL,
  build_order TEXT NOT NULL CHECK (build_order IN ('model', 'kernel')),
  members     TEXT NOT NULL,
  PRIMARY KEY (run_id, set_no),
  UNIQUE (run_id, bundle, build_order)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS probe_set_bundle ON probe_set(bundle, build_order, run_id);

-- probe_step: each mechanism of a set as it was built, in build order: the
-- primitive used, its status ('ok'; 'skipped': the kernel lacks it;
-- 'refused': it needs a privilege; 'substitute': built another way, said
-- in the message; 'failed') and the message saying why.
CREATE TABLE IF NOT EXISTS probe_step (
  run_id    INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  set_no    INTEGER NOT NULL,
  step_no   INTEGER NOT NULL CHECK (step_no >= 1),
  mechanism TEXT NOT NULL,
  primitive TEXT NOT NULL,
  status    TEXT NOT NULL CHECK (status IN ('ok', 'skipped', 'refused', 'substitute', 'failed')),
  message   TEXT NOT NULL,
  PRIMARY KEY (run_id, set_no, step_no),
  FOREIGN KEY (run_id, set_no) REFERENCES probe_set(run_id, set_no) ON DELETE CASCADE
) WITHOUT ROWID;

-- probe_reading: every value read for a fact of a set, by side ('host' just
-- before the inside reading, 'inside' the confined process, 'host-after'
-- just after) and source (a file or a call: '/proc/loadavg', 'uname()');
-- value is the text read, or 'error: ENAME' when the source failed.
CREATE TABLE IF NOT EXISTS probe_reading (
  run_id     INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  set_no     INTEGER NOT NULL,
  reading_no INTEGER NOT NULL CHECK (reading_no >= 1),
  side       TEXT NOT NULL CHECK (side IN ('host', 'inside', 'host-after')),
  fact       TEXT NOT NULL,
  source     TEXT NOT NULL,
  value      TEXT NOT NULL,
  PRIMARY KEY (run_id, set_no, reading_no),
  FOREIGN KEY (run_id, set_no) REFERENCES probe_set(run_id, set_no) ON DELETE CASCADE
) WITHOUT ROWID;

-- probe_fact: each fact of a set as the kernel showed it (observed:
-- 'visible', 'closed' or 'unmeasured'; via: the sources that decided it, or
-- why it is unmeasured) beside the model's status for the set in its own
-- order (model_status, 'visible', 'left-open' or 'closed', computed by the
-- model's rule when the probe ran; NULL for a fact the model lacked) and
-- the fact's position then.
CREATE TABLE IF NOT EXISTS probe_fact (
  run_id       INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  set_no       INTEGER NOT NULL,
  fact         TEXT NOT NULL,
  position     INTEGER,
  observed     TEXT NOT NULL CHECK (observed IN ('visible', 'closed', 'unmeasured')),
  via          TEXT NOT NULL,
  model_status TEXT CHECK (model_status IN ('visible', 'left-open', 'closed')),
  PRIMARY KEY (run_id, set_no, fact),
  FOREIGN KEY (run_id, set_no) REFERENCES probe_set(run_id, set_no) ON DELETE CASCADE
) WITHOUT ROWID;

-- probe_measurable: the facts this isolab has a reader for and the
-- mechanisms it has a builder for (what: 'fact' or 'mechanism'), by the
-- model's names: written from the kernel layer's registries when the
-- database is created or migrated and by every probe, never by hand. A
-- fact or mechanism of the model without a row is unmeasured or not
-- buildable.
CREATE TABLE IF NOT EXISTS probe_measurable (
  what TEXT NOT NULL CHECK (what IN ('fact', 'mechanism')),
  name TEXT NOT NULL,
  PRIMARY KEY (what, name)
) WITHOUT ROWID;

-- probe_explanation: why a real kernel differs from the model for a
-- mechanism and a fact, in the course's words: what 'isolab page' and
-- observed_differences print beside a disagreement of a set that holds
-- the mechanism. A seed file may add or change rows.
CREATE TABLE IF NOT EXISTS probe_explanation (
  mechanism   TEXT NOT NULL,
  fact        TEXT NOT NULL,
  explanation TEXT NOT NULL CHECK (length(explanation) > 0),
  PRIMARY KEY (mechanism, fact)
) WITHOUT ROWID;
