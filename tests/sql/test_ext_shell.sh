#!/bin/sh
# The loadable extension isolab.so in the stock sqlite3 shell: loaded with
# .load, every function's rows equal the rows the command line stored
# (EXCEPT both ways, and non-empty) on the lesson's model and on
# tests/models/alt (shared axes, a left-open fact of another axis); bad
# input gives SQL errors naming the value; the costly functions refuse to
# run from a view; the what-if session of docs/sql.md runs as printed.
#
# POSIX sh; env ISOLAB = the binary, ISOLAB_SO = the extension (default
# ./isolab.so). Last line "N passed, M failed".
set -u

. "$(dirname "$0")/../lib/shlib.sh"

SO=${ISOLAB_SO:-$root/isolab.so}
SO=${SO%.so}

# x DB SQL : the shell's output with the extension loaded (errors on stdout)
x() { sqlite3 -batch -noheader -list -cmd ".load $SO" "$1" "$2" 2>&1; }

# same NAME DB STORED COMPUTED : both SELECTs hold the same rows, at least one
same() {
    got=$(x "$2" "SELECT (SELECT count(*) FROM ($3 EXCEPT $4)), (SELECT count(*) FROM ($4 EXCEPT $3)),
                         (SELECT count(*) FROM ($3)) > 0")
    check "$1" "0|0|1" "$got"
}

# compare DB BUNDLE CHANNEL : every function against the latest stored runs
compare() {
    db=$1 b=$2 c=$3 tag=$4
    same "$tag: isolab_surface = surface" "$db" \
        "SELECT bundle, channel, visible, returned, open_surface, open_axes, cost_pct, run_time, cost_per_fact
           FROM surface WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'run')" \
        "SELECT b.name, c.name, s.visible, s.returned, s.open_surface, s.open_axes, s.cost_pct, s.run_time,
                s.cost_per_fact FROM bundle b, channel c, isolab_surface(b.name, c.name) s"
    same "$tag: isolab_fact_status = fact_status" "$db" \
        "SELECT bundle, channel, fact, axis, position, status FROM fact_status
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'run')" \
        "SELECT b.name, c.name, s.fact, s.axis, s.position, s.status
           FROM bundle b, channel c, isolab_fact_status(b.name, c.name) s"
    same "$tag: isolab_powerset = bundle_sweep_named" "$db" \
        "SELECT channel, mask, members, size, visible, returned, open_surface, open_axes FROM bundle_sweep_named
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')" \
        "SELECT coalesce(c.name, ''), p.mask, p.members, p.size, p.visible, p.returned, p.open_surface, p.open_axes
           FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p"
    same "$tag: isolab_powerset without open_axes = bundle_sweep_named" "$db" \
        "SELECT channel, mask, members, size, visible, returned, open_surface FROM bundle_sweep_named
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')" \
        "SELECT coalesce(c.name, ''), p.mask, p.members, p.size, p.visible, p.returned, p.open_surface
           FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p"
    same "$tag: isolab_powerset open_surface alone = bundle_sweep_named" "$db" \
        "SELECT channel, mask, size, open_surface FROM bundle_sweep_named
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'bundles')" \
        "SELECT coalesce(c.name, ''), p.mask, p.size, p.open_surface
           FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_powerset(c.name) p"
    same "$tag: isolab_removal = removal_sweep" "$db" \
        "SELECT removed_fact, position, visible, returned, open_surface, open_axes FROM removal_sweep
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'removal')" \
        "SELECT removed_fact, position, visible, returned, open_surface, open_axes FROM isolab_removal('$b', '$c')"
    same "$tag: isolab_addition = addition_sweep" "$db" \
        "SELECT axis, facts, visible, returned, open_surface, open_axes FROM addition_sweep
          WHERE run_id = (SELECT max(id) FROM run WHERE kind = 'addition')" \
        "SELECT axis, facts, visible, returned, open_surface, open_axes FROM isolab_addition('$b', '$c')"
    # the answers against the saved queries over the stored power set: the
    # sizes where the frontier narrows (bundle_frontier: every subset that
    # reaches it), the narrowest with the fewest members (bundle_smallest)
    same "$tag: isolab_frontier = bundle_frontier" "$db" \
        "SELECT channel, size, open_surface, count(*), members, min(mask) FROM bundle_frontier GROUP BY channel, size" \
        "SELECT ch, size, open_surface, bundles, members, first FROM (SELECT coalesce(c.name, '') AS ch, f.*,
                (SELECT min(p.mask) FROM isolab_powerset(c.name) p WHERE p.members = f.members) AS first,
                min(f.open_surface) OVER (PARTITION BY c.name ORDER BY f.size
                                          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
           FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c, isolab_frontier(c.name) f)
          WHERE before IS NULL OR open_surface < before"
    same "$tag: isolab_smallest = bundle_smallest" "$db" \
        "SELECT channel, open_surface, size, members FROM bundle_smallest" \
        "SELECT coalesce(c.name, ''), s.open_surface, s.size, s.members
           FROM (SELECT NULL AS name UNION ALL SELECT name FROM channel) c,
                isolab_smallest(c.name, (SELECT min(open_surface) FROM isolab_frontier(c.name))) s"
}

# runs DB BUNDLE CHANNEL : the runs the functions are compared with
runs() {
    "$ISOLAB" --db "$1" run >/dev/null &&
        "$ISOLAB" --db "$1" sweep removal --bundle "$2" --channel "$3" >/dev/null &&
        "$ISOLAB" --db "$1" sweep addition --bundle "$2" --channel "$3" >/dev/null &&
        "$ISOLAB" --db "$1" sweep bundles >/dev/null
}

lesson=$tmp/lesson.db
"$ISOLAB" --db "$lesson" init >/dev/null
runs "$lesson" strict sampling-profile || not_ok "lesson runs"
compare "$lesson" strict sampling-profile lesson

alt=$tmp/alt.db
"$ISOLAB" --db "$alt" init --seeds tests/models/alt >/dev/null
runs "$alt" reopen seer || not_ok "alt runs"
compare "$alt" reopen seer alt

check "isolab_version() is the version runs record" \
    "$(sqlite3 "$lesson" 'SELECT DISTINCT tool_version FROM run')" "$(x "$lesson" 'SELECT isolab_version()')"
check "a model edited in the session is seen by the next statement" "1060" \
    "$(x "$lesson" "BEGIN; UPDATE channel SET cost_pct = 6 WHERE name = 'sampling-profile';
                    SELECT run_time FROM isolab_surface('strict', 'sampling-profile'); ROLLBACK;")"
check "the frontier in one statement" "0|24 1|21 2|19 3|17 4|15 5|14 6|13 7|12 8|11" \
    "$(x "$lesson" "SELECT size, min(open_surface) FROM isolab_powerset('sampling-profile') GROUP BY size" | tr '\n' ' ' | sed 's/ $//')"

# errors: "NAME: what is wrong, naming the value"
err() { check "error: $1" "$2" "$(x "$lesson" "$1" | sed 's/^Error: stepping, //; s/^Error: in prepare, //; s/^Parse error: //; s/^Runtime error[^:]*: //')"; }
err "SELECT * FROM isolab_surface('nope')" "isolab_surface: no bundle or mechanism named 'nope'"
err "SELECT * FROM isolab_surface('pid-namespace,nope')" "isolab_surface: no bundle or mechanism named 'nope'"
err "SELECT * FROM isolab_surface('strict,x')" "isolab_surface: no bundle or mechanism named 'x'"
err "SELECT * FROM isolab_surface('common,-user-namespace')" \
    "isolab_surface: '-user-namespace': that mechanism is not among the members before it"
err "SELECT * FROM isolab_surface('strict,user-namespace')" "isolab_surface: mechanism 'user-namespace' is named twice"
# member lists: a bundle's members in order, -mechanism takes one out; the
# same mechanisms in the same order, written out by hand, give the same rows
check "strict,-user-namespace = strict's members but user-namespace, in order" \
    "$(x "$lesson" "SELECT * FROM isolab_fact_status('pid-namespace,mount-namespace,network-namespace,uts-namespace,control-group,capability-dropping,mandatory-label', 'sampling-profile')")" \
    "$(x "$lesson" "SELECT * FROM isolab_fact_status('strict,-user-namespace', 'sampling-profile')")"
check "common,mandatory-label: open surface 12 under the profile (docs/sql.md)" 12 \
    "$(x "$lesson" "SELECT open_surface FROM isolab_surface('common,mandatory-label', 'sampling-profile')")"
err "SELECT * FROM isolab_fact_status('pid-namespace,pid-namespace')" \
    "isolab_fact_status: mechanism 'pid-namespace' is named twice"
err "SELECT * FROM isolab_removal('')" "isolab_removal: an empty list of members"
err "SELECT * FROM isolab_addition(NULL)" \
    "isolab_addition: members is NULL (name a bundle, or mechanisms separated by commas)"
err "SELECT * FROM isolab_surface('strict', 'radio')" "isolab_surface: no channel named 'radio' (channels: system-call-tracing, sampling-profile)"
err "SELECT * FROM isolab_powerset(NULL, 'a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,A,B,C,D,E')" \
    "isolab_powerset: more than 30 mechanisms (31 named)"
err "SELECT * FROM isolab_powerset(NULL, 'x', 'y')" "isolab_powerset: takes one or two arguments: channel, mechanisms"
err "SELECT * FROM isolab_surface" "isolab_surface: argument 1 (members) is missing"
err "CREATE VIRTUAL TABLE t USING isolab_powerset" "no such module: isolab_powerset"
# a view planted in a database file cannot run the costly ones
x "$alt" "CREATE VIEW planted AS SELECT count(*) FROM isolab_powerset(NULL)" >/dev/null
check "isolab_powerset is direct-only" "unsafe use of virtual table \"isolab_powerset\"" \
    "$(x "$alt" "SELECT * FROM planted" | sed 's/^[^:]*: //; s/^stepping, //; s/^in prepare, //')"
check "without the extension, the views still answer" "sampling-profile|11|8" \
    "$(sqlite3 "$lesson" "SELECT channel, open_surface, size FROM bundle_smallest WHERE channel = 'sampling-profile'")"

# the SQL guide's what-if session, as printed there (between the markers):
# "sqlite> " and "   ...> " lines are typed, the others are the output
sed -n '/^<!-- what-if session -->$/,/^<!-- end what-if session -->$/p' docs/sql.md |
    sed '/^<!--/d; /^```/d; /^\$ /d' >"$tmp/session.md"
sed -n 's/^sqlite> //p; s/^   \.\.\.> //p' "$tmp/session.md" >"$tmp/session.sql"
sed '/^sqlite> /d; /^   \.\.\.> /d' "$tmp/session.md" >"$tmp/session.want"
if [ -s "$tmp/session.sql" ]; then
    (cd "$root" && sqlite3 -batch "$lesson" <"$tmp/session.sql") >"$tmp/session.got" 2>&1
    if cmp -s "$tmp/session.want" "$tmp/session.got"; then ok "the SQL guide's what-if session runs as printed"
    else not_ok "the SQL guide's what-if session runs as printed"; diff "$tmp/session.want" "$tmp/session.got" | head -20; fi
else
    not_ok "the SQL guide has a what-if session"
fi

# The extension is the SQL functions over the core, the store base and the
# model reader: nothing of the store that creates, migrates, verifies or
# writes a database, and none of the embedded files (isolab.so is built
# with debugging symbols, so its file-local functions are named too).
if command -v nm >/dev/null 2>&1; then
    check "isolab.so holds no store code but the base and the model reader, no embedded file" "" \
        "$(nm "$SO.so" | grep -E ' (isl_store_|isl_stmt|isl_db_|isl_install_views|isl_schema_|isl_seed_|isl_query_|isl_plot_|isl_template)' | head -3)"
else
    echo "skip - nm is not installed: isolab.so's symbols not checked"
fi

finish
