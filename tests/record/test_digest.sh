#!/bin/sh
# The model digest is portable: computed here by a short python3 script,
# independently of isolab, from the model as the sqlite3 shell reads it
# from a new database, in the encoding include/isolab/digest.h and
# include/isolab/model.h document (64-bit FNV-1a; integers as 8 bytes
# little-endian; strings as an 8-byte length, then their bytes, NULL as
# length 2^64 - 1; doubles as their "%.17g" text). isolab must record the
# same value for its runs on any machine.
. "$(dirname "$0")/../lib/shlib.sh"
command -v python3 >/dev/null 2>&1 || skip_suite "python3 is not installed: the independent digest cannot be computed"

cat >"$tmp/digest.py" <<'PY'
import json, struct, subprocess, sys
db = sys.argv[1]
def rows(sql):
    out = subprocess.run(["sqlite3", "-batch", "-json", db, sql], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out) if out.strip() else []
h = 0xcbf29ce484222325
def put(b):
    global h
    for c in b:
        h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
def num(v): put(struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF))
def text(s):
    if s is None: num(2**64 - 1); return
    b = s.encode("utf-8"); num(len(b)); put(b)
axes = sorted((r["name"] for r in rows("SELECT name FROM axis")), key=lambda s: s.encode("utf-8"))
num(len(axes)); [text(a) for a in axes]
facts = rows("SELECT name, axis, position FROM fact ORDER BY position")
num(len(facts))
for f in facts: text(f["name"]); text(f["axis"])
fpos = {f["name"]: f["position"] for f in facts}
mechs = rows("SELECT name FROM mechanism ORDER BY position, name")
num(len(mechs))
for m in mechs:
    n = m["name"].replace("'", "''")
    text(m["name"])
    ax = sorted((r["axis"] for r in rows(f"SELECT axis FROM mechanism_axis WHERE mechanism = '{n}'")),
                key=lambda s: s.encode("utf-8"))
    num(len(ax)); [text(a) for a in ax]
    lo = sorted((r["fact"] for r in rows(f"SELECT fact FROM left_open WHERE mechanism = '{n}'")), key=fpos.get)
    num(len(lo)); [text(f) for f in lo]
bundles = rows("SELECT name FROM bundle ORDER BY position, name")
num(len(bundles))
for b in bundles:
    n = b["name"].replace("'", "''")
    text(b["name"])
    ms = rows(f"SELECT mechanism FROM bundle_member WHERE bundle = '{n}' ORDER BY position")
    num(len(ms)); [text(r["mechanism"]) for r in ms]
chans = rows("SELECT name, lesson, quote(cost_pct) AS cost FROM channel ORDER BY position, name")
num(len(chans))
for c in chans:
    n = c["name"].replace("'", "''")
    text(c["name"]); text(c["lesson"]); text("%.17g" % float(c["cost"]))
    # its own facts in listing order (no position: after those with one,
    # in fact order), then its parts' facts in fact order, each once
    own = rows(f"SELECT fact, position FROM channel_fact WHERE channel = '{n}'")
    own.sort(key=lambda r: (r["position"] is None, r["position"] or 0, fpos[r["fact"]]))
    shown = [r["fact"] for r in own]
    parts = rows(f"SELECT cf.fact FROM channel_part p JOIN channel_fact cf ON cf.channel = p.part WHERE p.channel = '{n}'")
    shown += sorted({r["fact"] for r in parts} - set(shown), key=fpos.get)
    num(len(shown)); [text(f) for f in shown]
num(rows("SELECT value FROM setting WHERE key = 'baseline_time'")[0]["value"])
samples = [r["n"] for r in rows("SELECT n FROM sample_count ORDER BY n")]
num(len(samples)); [num(s) for s in samples]
print("%016x" % h)
PY

# digest_of DB : the digest isolab recorded for a run on DB's model now
digest_of() {
    "$ISOLAB" --db "$1" run >/dev/null 2>"$tmp/run.err" || { cat "$tmp/run.err"; return; }
    q "$1" "SELECT model_digest FROM run ORDER BY id DESC LIMIT 1"
}

db=$tmp/d.db
"$ISOLAB" --db "$db" init >/dev/null
want=$(python3 "$tmp/digest.py" "$db")
check "the shipped model's digest, as python3 computes it" "$want" "$(digest_of "$db")"
check "model_state holds the same digest" "$want" "$(q "$db" "SELECT digest FROM model_state")"

# A model that uses the rest of the encoding: a channel without a lesson,
# a cost whose shortest exact text has 17 digits, a whole made of parts,
# non-ASCII names, a negative-free but large sample count.
cat >"$tmp/more.sql" <<'SQL'
INSERT INTO axis(name) VALUES ('zeit-ä');
INSERT INTO fact(name, axis, position) VALUES ('uhr-ö', 'zeit-ä', 1000);
INSERT INTO channel(name, lesson, cost_pct) VALUES ('odd-cost', NULL, 0.30000000000000004),
  ('part-a', NULL, 1.5), ('part-b', NULL, 2), ('whole', NULL, 3.5);
INSERT INTO channel_fact(channel, fact, position) VALUES ('odd-cost', 'uhr-ö', NULL),
  ('part-a', 'hostname', 1), ('part-a', 'uhr-ö', 2), ('part-b', 'hostname', 1), ('whole', 'memory-used', 1);
INSERT INTO channel_part(channel, part, position) VALUES ('whole', 'part-a', 1), ('whole', 'part-b', 2);
INSERT INTO sample_count(n) VALUES (4294967297);
SQL
if "$ISOLAB" --db "$db" load "$tmp/more.sql" >/dev/null 2>"$tmp/load.err"; then
    want2=$(python3 "$tmp/digest.py" "$db")
    check "a model with NULL lessons, a 17-digit cost and parts: the same digest" "$want2" "$(digest_of "$db")"
    [ "$want2" != "$want" ] && ok "the model changed: its digest changed" || not_ok "the digest did not change"
else
    not_ok "cannot load the extra model: $(cat "$tmp/load.err")"
fi
finish
