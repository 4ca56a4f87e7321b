#!/bin/sh
# make bench-probe: the kernel layer's probes against their ceiling.
#
# Each course set (plain, each mechanism alone, common, strict) in both
# orders is probed by the kernel layer (build/bench/probe_driver: build,
# read the 24 facts inside and on the host, decide them), and its ceiling
# is timed beside it: the static reader of the same sources
# (build/bench/probe_reader) once on the host and once under `unshare`
# with the set's namespaces (setpriv for the capability drop; Landlock has
# no command, so the label adds nothing to the ceiling; the ceiling's
# mount namespace is unshare's, not the probe's tmpfs root). Rounds
# alternate the two.
#
# Printed: per set and order the median milliseconds of the probe and of
# its ceiling and their ratio; the sum over the 22 probes (target: at most
# 3 s); the 256 subsets in position order (target: at most 60 s on two
# CPUs).
#
# Knobs (environment): PROBE_ROUNDS=5; PROBE_SUBSETS=1 (0: skip them).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
DRIVER=${DRIVER:-$root/build/bench/probe_driver}
READER=${READER:-$root/build/bench/probe_reader}
MEASURE=${MEASURE:-$root/build/bench/measure}
ROUNDS=${PROBE_ROUNDS:-5}

. "$root/tests/bench/benchlib.sh"   # $tmp, median

if [ "$(id -u)" != 0 ]; then
    echo "bench-probe: skipped: the probe needs root here (it builds namespaces and cgroups as root)"
    exit 0
fi

# flags MECHANISM: unshare's flags for it
flags() {
    case $1 in
    pid-namespace) echo "--pid --fork" ;;
    mount-namespace) echo "--mount --mount-proc" ;;
    network-namespace) echo "--net" ;;
    user-namespace) echo "--map-root-user" ;;
    uts-namespace) echo "--uts" ;;
    control-group) echo "--cgroup" ;;
    *) ;;
    esac
}

common="pid-namespace mount-namespace network-namespace uts-namespace control-group capability-dropping"
strict="$common user-namespace mandatory-label"
mechs="pid-namespace mount-namespace network-namespace user-namespace uts-namespace control-group capability-dropping mandatory-label"

# ceiling SET ORDER MECHANISM...: appends "SET ORDER MS" to $tmp/ceiling.txt
ceiling() {
    name=$1 order=$2
    shift 2
    f= caps=
    for m in "$@"; do
        f="$f $(flags "$m")"
        [ "$m" = capability-dropping ] && caps="setpriv --bounding-set=-all --inh-caps=-all --no-new-privs"
    done
    h=$("$MEASURE" "$READER" | awk '{ print $1 }')
    # shellcheck disable=SC2086
    i=$("$MEASURE" unshare $f $caps "$READER" | awk '{ print $1 }')
    echo "$name $order $(echo "$h $i" | awk '{ print ($1 + $2) * 1000 }')" >>"$tmp/ceiling.txt"
}

: >"$tmp/probe.txt"
: >"$tmp/ceiling.txt"
r=1
while [ "$r" -le "$ROUNDS" ]; do
    "$DRIVER" sets 1 >>"$tmp/probe.txt"
    for order in model kernel; do
        ceiling plain "$order"
        for m in $mechs; do ceiling "$m" "$order" "$m"; done
        # shellcheck disable=SC2086
        ceiling common "$order" $common
        # shellcheck disable=SC2086
        ceiling strict "$order" $strict
    done
    r=$((r + 1))
done

echo "probe of each course set, 24 facts (median of $ROUNDS rounds, load $(cut -d' ' -f1 /proc/loadavg)):"
printf "  %-20s %-6s %9s %11s %7s\n" set order "probe ms" "ceiling ms" ratio
total=0
for order in model kernel; do
    for s in plain $mechs common strict; do
        grep "^$s $order " "$tmp/probe.txt" >"$tmp/one.txt"
        grep "^$s $order " "$tmp/ceiling.txt" >"$tmp/two.txt"
        p=$(median 3 "$tmp/one.txt") c=$(median 3 "$tmp/two.txt")
        printf "  %-20s %-6s %9.1f %11.1f %7.2f\n" "$s" "$order" "$p" "$c" "$(echo "$p $c" | awk '{ print $1 / $2 }')"
        total=$(echo "$total $p" | awk '{ print $1 + $2 }')
    done
done
printf "  the 22 probes: %.2f s (target: at most 3 s)\n" "$(echo "$total" | awk '{ print $1 / 1000 }')"
if [ "${PROBE_SUBSETS:-1}" != 0 ]; then
    printf "  the 256 subsets in position order: %.1f s (target: at most 60 s on two CPUs)\n" \
        "$("$DRIVER" subsets | awk '{ print $2 }')"
fi
