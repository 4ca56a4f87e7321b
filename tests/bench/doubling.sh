#!/bin/sh
# make bench, the doubling test: every command at F and at 2F facts of the
# synthetic model (tests/synth: 20 mechanisms, 50 axes, 10 channels), one
# after the other on one database per size, as a user would run them. A
# command whose time grows more than 2.5x when the model doubles is flagged:
# linear work doubles, n log n work grows a little more than 2x, and
# anything quadratic grows about 4x. The growth is judged on CPU time (user
# + system: less disturbed by other work on a shared machine than wall
# time, which is printed too); commands under 0.1 s at 2F are not judged
# (their time is the process start and noise). Exit status 1 when a command
# is flagged.
#
# The model: the synthetic seed with 9 channels, plus what 'isolab lesson'
# and the saved queries need (a bundle 'strict' of every mechanism, a
# channel 'sampling-profile' as the tenth channel) and a few claims whose
# expected values are computed from F when the seed is loaded, so 'check'
# reads the current results of the size at hand.
#
# Knobs (environment):
#   DOUBLING_FACTS=100000  F (the issue's figure; 10000 for a quick look)
#   DOUBLING_RUNS=1        runs of the whole sequence per size (medians)
#   DOUBLING_M=8           mechanisms of 'sweep bundles' (2^M x 11 rows)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
ISOLAB=${ISOLAB:-$root/isolab}
MEASURE=${MEASURE:-$root/build/bench/measure}
F=${DOUBLING_FACTS:-100000}
RUNS=${DOUBLING_RUNS:-1}
M=${DOUBLING_M:-8}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

# seeds DIR FACTS: the bench's seed directory for a model of FACTS facts
seeds() {
    mkdir -p "$1"
    cp "$root/tests/synth/100_synthetic_model.sql" "$1/"
    cat >"$1/050_params.sql" <<SQL
CREATE TEMP TABLE IF NOT EXISTS synth_param (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR REPLACE INTO synth_param(key, value) VALUES
  ('facts', $2), ('axes', 50), ('mechanisms', 20), ('channels', 9);
SQL
    cat >"$1/150_lesson_names.sql" <<'SQL'
-- What 'isolab lesson' and the saved queries look for, on the synthetic model.
INSERT INTO lesson(code, title, position) VALUES ('S00/K01', 'Synthetic', 1);
INSERT INTO bundle(name) VALUES ('strict');
INSERT INTO bundle_member(bundle, position, mechanism)
SELECT 'strict', row_number() OVER (ORDER BY position), name FROM mechanism;
INSERT INTO channel(name, lesson, cost_pct) VALUES ('sampling-profile', 'S00/K01', 3);
INSERT INTO lesson_focus(lesson, bundle, channel, axis) VALUES ('S00/K01', 'strict', 'sampling-profile', 'axis-001');
-- the synthetic channels are the lesson's too: a claim reads the course as
-- its lesson knew it, and a channel of no lesson is in no lesson's course
UPDATE channel SET lesson = 'S00/K01' WHERE lesson IS NULL;
UPDATE param SET value = 'S00/K01' WHERE key = 'lesson';
-- like the synthetic channels: facts spread over the list, about 12
INSERT INTO channel_fact(channel, fact, position)
SELECT 'sampling-profile', f.name, NULL FROM fact f
 WHERE (f.position + 3) % max(1, (SELECT value FROM synth_param WHERE key = 'facts') / 12) = 0;
-- expected values from the model's size, not from isolab
INSERT INTO claim(lesson, name, statement, expected, actual_sql) VALUES
  ('S00/K01', 'facts', 'every fact has a status', (SELECT value FROM synth_param WHERE key = 'facts'),
   '(SELECT count(*) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('S00/K01', 'axes', 'the facts lie on 50 axes', 50,
   '(SELECT count(DISTINCT axis) FROM current_fact_status WHERE bundle = ''strict'' AND channel = ''sampling-profile'')'),
  ('S00/K01', 'removal', 'one removal row per fact and the baseline',
   (SELECT value FROM synth_param WHERE key = 'facts') + 1, '(SELECT count(*) FROM current_removal_sweep)'),
  ('S00/K01', 'addition', 'one addition row per axis and the baseline', 51,
   '(SELECT count(*) FROM current_addition_sweep)'),
  ('S00/K01', 'channels', 'ten channels under strict', 10, '(SELECT count(*) FROM channel_comparison)');
SQL
}

# The sequence, one command per line: name, then the arguments after
# 'isolab --db DB'. Run 1 is the first 'run'.
cat >"$tmp/commands" <<EOF
init init --seeds SEEDS
run run
samples sweep samples --bundle strict --channel sampling-profile
removal sweep removal --bundle strict --channel sampling-profile
addition sweep addition --bundle strict --channel sampling-profile
bundles sweep bundles --mechanisms $(i=1; s=""; while [ "$i" -le "$M" ]; do s="$s${s:+,}$(printf 'mech-%02d' "$i")"; i=$((i + 1)); done; echo "$s")
report report
export export fact_status --run 1
check check
runs runs
lesson lesson S00/K01
diff diff 1 7
EOF

for size in 1 2; do
    n=$((F * size))
    seeds "$tmp/seeds.$size" "$n"
    : >"$tmp/t.$size"
    i=1
    while [ "$i" -le "$RUNS" ]; do
        db=$tmp/$size.db
        rm -f "$db" "$db-wal" "$db-shm"
        while read -r name args; do
            args=$(echo "$args" | sed "s|SEEDS|$tmp/seeds.$size|")
            # shellcheck disable=SC2086
            if ! out=$("$MEASURE" "$ISOLAB" --db "$db" $args 2>"$tmp/err" </dev/null); then
                echo "doubling: '$name' failed at $n facts: $(cat "$tmp/err")" >&2
                exit 1
            fi
            echo "$name $out" >>"$tmp/t.$size"
            # the bytes the first run adds (WAL checkpointed at close)
            case $name in init | run) stat -c %s "$db" >"$tmp/bytes.$name.$size" ;; esac
        done <"$tmp/commands"
        i=$((i + 1))
    done
    sqlite3 "$db" "SELECT count(*) FROM fact_status_row WHERE run_id = 1" >"$tmp/rows.$size"
done

echo "doubling test: every command at F = $F and 2F facts (20 mechanisms, 10 channels, 50 axes); median of $RUNS"
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-10s %9s %9s %7s %9s %9s %7s  %s\n" command F_s 2F_s wall_x F_cpu 2F_cpu cpu_x verdict
flagged=0
while read -r name args; do
    grep "^$name " "$tmp/t.1" | cut -d' ' -f2- >"$tmp/a"
    grep "^$name " "$tmp/t.2" | cut -d' ' -f2- >"$tmp/b"
    line=$(awk -v n="$name" -v a="$(median 1 "$tmp/a")" -v b="$(median 1 "$tmp/b")" \
        -v ca="$(median 3 "$tmp/a")" -v cb="$(median 3 "$tmp/b")" 'BEGIN {
        w = a > 0 ? b / a : 0; c = ca > 0 ? cb / ca : 0
        v = cb < 0.1 ? "too short to judge" : c > 2.5 ? "SUPERLINEAR (> 2.5x)" : "ok"
        printf "%-10s %9.3f %9.3f %7.2f %9.3f %9.3f %7.2f  %s\n", n, a, b, w, ca, cb, c, v }')
    echo "$line"
    case $line in *SUPERLINEAR*) flagged=$((flagged + 1)) ;; esac
done <"$tmp/commands"
for size in 1 2; do
    grep "^run " "$tmp/t.$size" | cut -d' ' -f2- >"$tmp/r"
    awk -v n=$((F * size)) -v rows="$(cat "$tmp/rows.$size")" -v s="$(median 1 "$tmp/r")" -v c="$(median 3 "$tmp/r")" \
        -v b0="$(cat "$tmp/bytes.init.$size")" -v b1="$(cat "$tmp/bytes.run.$size")" 'BEGIN {
        printf "run at %d facts: %d fact_status rows, %.0f rows/s (wall), %.0f rows/s (CPU), %.1f database bytes per row\n",
               n, rows, rows / s, rows / c, (b1 - b0) / rows }'
done
# diff against run on the same model (issue target: diff <= 2x run's time)
for size in 1 2; do
    grep "^run " "$tmp/t.$size" | cut -d' ' -f2- >"$tmp/r"
    grep "^diff " "$tmp/t.$size" | cut -d' ' -f2- >"$tmp/d"
    awk -v n=$((F * size)) -v r="$(median 3 "$tmp/r")" -v d="$(median 3 "$tmp/d")" 'BEGIN {
        if (r > 0) printf "diff / run at %d facts: %.2f (CPU; target <= 2)\n", n, d / r }'
done
if [ "$flagged" -gt 0 ]; then
    echo "doubling: $flagged command(s) grow more than 2.5x when the model doubles" >&2
    exit 1
fi
